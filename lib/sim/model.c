/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The receive-path model: sources -> link -> RX ring -> interrupt timer ->
 * IRQ handler -> NAPI polls under the softirq budget -> sockets ->
 * applications, with a controller called after every completed poll.
 *
 * How the run is organised. Frame arrivals are not heap events: the link
 * keeps the next arrival in a cache and the main loop takes whichever comes
 * first, the next arrival or the heap's earliest event (arrivals first on a
 * tie). An arrival costs a few dozen instructions and no heap operation, so
 * runs at line rate stay fast. Cores are non-preemptive servers whose jobs
 * are short (one handler, one poll of at most the NAPI budget, a batch of
 * application reads, one busy period of the competing task); a job's
 * effects are applied when it ends.
 *
 * Simplifications, all documented in docs/simulator.md: a poll takes the
 * frames present when it starts and hands them to the stack when it ends
 * (descriptors are returned to the NIC then, as ixgbe_clean_rx_irq() refills
 * in bulk); hard interrupts wait for the running job instead of preempting
 * it; the application's read times are computed when its batch starts.
 */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "irqmod/convert.h"

/* Picoseconds per nanosecond and per second. */
#define PS_PER_NS 1000ull
#define PS_PER_S 1000000000000ull
/* Wire time in ps = bits * PS_PER_BIT_AT_1MBPS / speed in Mb/s. */
#define PS_PER_BIT_AT_1MBPS 1000000ull
#define NS_PER_S 1000000000ull
#define NS_PER_MS 1000000ull
#define NS_PER_US 1000ull

/* Ethernet header 14 B, IPv4 header 20 B, UDP header 8 B (RFC 791, 768). */
#define ETH_HEADER_BYTES 14u
#define IPV4_HEADER_BYTES 20u
#define UDP_HEADER_BYTES 8u
/* Smallest frame without FCS (IEEE 802.3: 64 B with FCS). */
#define MIN_FRAME_BYTES 60u
/* IP fragment payloads are multiples of 8 bytes (RFC 791). */
#define FRAGMENT_ALIGN 8u

/* Outstanding ping/RR requests tracked per source; ping -f's "pipe" rarely
 * exceeds a few dozen. Older requests beyond this count as lost. */
#define MAX_OUTSTANDING 1024u
/* Completed transmissions waiting for their write-back, per queue. The
 * ixgbe TX ring holds 512 descriptors by default (ixgbe.h). */
#define TX_FIFO_SIZE 1024u
/* Progress hook period, in loop iterations. */
#define PROGRESS_PERIOD (1u << 20)

enum event_type {
	EVENT_IRQ = 0,	/* queue: interrupt timer expiry */
	EVENT_CORE_DONE,	/* core: running job ends */
	EVENT_REPOLL,	/* queue: hybrid poll delay over */
	EVENT_TX_DONE,	/* queue: TX completion write-back */
	EVENT_APP_WAKE,	/* source: its application becomes runnable */
	EVENT_LOAD,	/* core: competing task is due */
	EVENT_SOURCE,	/* source: start or timeout of ping/RR */
	EVENT_WARMUP,	/* warm-up ends: metrics start */
};

enum job_type {
	JOB_NONE = 0,
	JOB_IRQ,
	JOB_POLL,
	JOB_APP,
	JOB_LOAD,
	JOB_TIMER,	/* the hrtimer interrupt of a deferred poll */
	JOB_SPIN,	/* a deferred poll's delay spun on the core (poll_spin_ns) */
};

/* One RX descriptor holding a received frame. */
struct frame {
	uint64_t arrival_ns;
	uint32_t message;
	uint16_t bytes;
	uint16_t flow;
	uint8_t source;
	uint8_t respond;
	uint16_t fragment;
	uint16_t fragment_count;
};

/* Per-source counters, so sources sharing a queue can be told apart. */
struct source_counters {
	uint64_t offered_frames;
	uint64_t received_datagrams;
	uint64_t drops;
};

struct counters {
	uint64_t offered_frames;
	uint64_t offered_bytes;
	uint64_t offered_datagrams;
	uint64_t offered_payload_bytes;
	uint64_t delivered_frames;
	uint64_t delivered_datagrams;
	uint64_t received_datagrams;
	uint64_t received_payload_bytes;
	uint64_t drops_ring;
	uint64_t drops_socket;
	uint64_t drops_socket_datagrams;
	uint64_t drops_reassembly;
	uint64_t interrupts;
	uint64_t timer_interrupts;
	uint64_t polls;
	uint64_t controller_calls;
	uint64_t softirq_squeezes;
	uint64_t responses;
	uint64_t responses_limited;
	uint64_t tx_completions;
	uint64_t requests_sent;
	uint64_t replies_received;
};

/* A datagram in a socket receive queue. */
struct socket_entry {
	uint64_t last_arrival_ns;
	uint64_t consumed_ns; /* UINT64_MAX until the application schedules it */
	uint32_t payload_bytes;
	uint32_t truesize;
	uint32_t message;
};

struct reassembly {
	uint32_t message;
	uint32_t frames;
};

struct request {
	uint64_t send_ns;
	uint32_t sequence;
};

struct reply {
	uint64_t start_ps;
	uint32_t sequence;
};

enum app_state {
	APP_SLEEPING = 0,
	APP_WAKING,
	APP_RUNNABLE,
	APP_RUNNING,
};

struct source {
	struct irqmod_sim_source config;
	struct irqmod_sim_rng rng;
	uint32_t index;
	/* Desired start of the next frame on the wire, ps; UINT64_MAX: none. */
	uint64_t next_ps;
	/* Constant spacing 1e12 / rate as ps + remainder / rate. */
	uint64_t step_ps;
	uint64_t step_remainder;
	uint64_t remainder;
	/* Attributes of the next frame. */
	uint32_t next_bytes;
	uint32_t next_flow;
	uint32_t next_message;
	uint16_t next_fragment;
	uint16_t next_fragment_count;
	uint32_t flow_counter;
	/* On/off. */
	uint64_t period_end_ps;
	/* UDP stream. */
	uint32_t fragments;
	uint32_t full_fragment_bytes;
	uint32_t last_fragment_bytes;
	uint32_t payload_bytes;
	/* Ping/RR. */
	struct request *requests; /* ring of MAX_OUTSTANDING */
	uint32_t request_head;
	uint32_t request_count;
	struct reply *replies; /* ring of MAX_OUTSTANDING */
	uint32_t reply_head;
	uint32_t reply_count;
	uint32_t next_sequence;
	uint64_t last_send_ns;
	uint32_t pending_sends; /* requests the application has yet to send */
	bool event_pending;
	bool started;
	uint32_t queue; /* queue of flow 0 (replies, TX completions) */
	/* Flood responses: FreeBSD ppsratecheck()-style one-second windows. */
	uint64_t limit_window_ns;
	uint32_t limit_count;
	/* Socket. */
	struct socket_entry *socket; /* ring */
	uint32_t socket_capacity;
	uint32_t socket_head;	  /* oldest entry still charged */
	uint32_t socket_count;	  /* charged entries */
	uint32_t socket_scheduled; /* entries (from head) the app has taken */
	uint64_t socket_alloc;
	uint32_t app_state;
	struct reassembly *reassembly; /* one per flow */
	/* Trace replay: next record, lap, lap length and start offset. */
	uint64_t trace_index;
	uint64_t trace_lap;
	uint64_t trace_lap_ns;
	uint64_t trace_offset_ns;
	uint64_t trace_start_ps;
};

struct queue {
	struct frame *ring;
	uint32_t ring_size;
	uint32_t head;
	uint32_t count;
	uint32_t in_poll;
	uint32_t core;
	uint32_t index;
	/* Interrupt vector. */
	bool enabled;
	bool armed;
	uint64_t event_ns;	/* time of the live heap event, UINT64_MAX: none */
	uint64_t deadline_ns;	/* when it should fire (packet timer moves it) */
	uint64_t last_irq_ns;
	/* Latest moderation signal: the vector fired or a deferred poll's
	 * timer expired. A frame's added delay ends there. */
	uint64_t signal_ns;
	/* A deferred poll's delay to spin on the core once this poll ends
	 * (poll_spin_ns); 0: none. */
	uint64_t spin_ns;
	uint32_t pending_causes;
	uint32_t interval_ns;
	uint32_t rate_limit_ns;
	uint32_t frames_threshold;
	/* NAPI. */
	bool irq_pending;	/* fired, handler not yet run */
	bool from_interrupt;
	uint32_t tx_pending;	/* completions written back, not yet cleaned */
	uint64_t *tx_fifo;
	uint32_t tx_head;
	uint32_t tx_count;
	uint32_t poll_tx;
	uint32_t poll_responses;
	uint64_t poll_bytes;
	/* Controller. */
	struct irqmod_controller controller;
	struct irqmod_sample sample;
};

struct core {
	uint32_t index;
	uint32_t job;
	uint32_t job_index;
	uint64_t job_start_ns;
	uint32_t irq_mask;	/* queues whose handler is pending */
	uint32_t timer_mask;	/* queues whose deferred-poll timer fired */
	uint32_t napi[IRQMOD_SIM_MAX_QUEUES + 1];
	uint32_t napi_head;
	uint32_t napi_count;
	bool softirq_active;
	bool softirq_deferred;
	uint64_t softirq_start_ns;
	uint32_t softirq_packets;
	uint32_t apps[IRQMOD_SIM_MAX_SOURCES + 1];
	uint32_t apps_head;
	uint32_t apps_count;
	bool load_due;
	struct irqmod_sim_core_time time;
};

struct sim {
	const struct irqmod_sim_config *config;
	const struct irqmod_sim_controller *controller;
	const struct irqmod_sim_hooks *hooks;
	struct irqmod_sim_heap heap;
	uint64_t now_ns;
	uint64_t end_ns;
	uint64_t window_start_ns;
	/* Link (RX direction) and the cached next arrival. */
	uint64_t link_free_ps;
	uint64_t link_remainder;
	uint32_t wire_cache_bytes;
	uint64_t wire_cache_ps;
	uint64_t wire_cache_remainder;
	int next_source;
	uint64_t next_arrival_ps;
	uint64_t next_arrival_ns;
	uint64_t next_remainder;
	/* Link (TX direction). */
	uint64_t tx_free_ps;
	uint32_t source_count;
	struct source sources[IRQMOD_SIM_MAX_SOURCES];
	struct queue queues[IRQMOD_SIM_MAX_QUEUES];
	struct core cores[IRQMOD_SIM_MAX_CORES];
	struct irqmod_sim_rng load_rng;
	struct counters counters;
	struct counters base;
	/* Most ping/RR requests in flight at once inside the window (ping's pipe). */
	uint32_t in_flight_max;
	struct irqmod_sim_histogram *to_socket;
	struct irqmod_sim_histogram *to_app;
	struct irqmod_sim_histogram *rtt;
	struct irqmod_sim_histogram *added_delay;
	/* Per active source: to_app at 2i, added delay at 2i + 1; only with
	 * several sources (one source's are the totals, copied at the end). */
	struct irqmod_sim_histogram *source_histograms;
	bool per_source;
	struct source_counters source_counters[IRQMOD_SIM_MAX_SOURCES];
	struct source_counters source_base[IRQMOD_SIM_MAX_SOURCES];
	int error;
};

/* ------------------------------------------------------------------ */
/* Names, defaults, checks                                             */
/* ------------------------------------------------------------------ */

static const char *const source_kind_names[IRQMOD_SIM_SOURCE_COUNT] = {
	[IRQMOD_SIM_SOURCE_OFF] = "off",
	[IRQMOD_SIM_SOURCE_CONSTANT] = "constant",
	[IRQMOD_SIM_SOURCE_POISSON] = "poisson",
	[IRQMOD_SIM_SOURCE_ONOFF] = "onoff",
	[IRQMOD_SIM_SOURCE_PING] = "ping",
	[IRQMOD_SIM_SOURCE_RR] = "rr",
	[IRQMOD_SIM_SOURCE_UDP_STREAM] = "udp_stream",
	[IRQMOD_SIM_SOURCE_FLOOD] = "flood",
	[IRQMOD_SIM_SOURCE_TRACE] = "trace",
};

static const char *const timer_names[IRQMOD_SIM_TIMER_COUNT] = {
	[IRQMOD_SIM_TIMER_THROTTLE] = "throttle",
	[IRQMOD_SIM_TIMER_ABSOLUTE] = "absolute",
	[IRQMOD_SIM_TIMER_PACKET] = "packet",
};

static const char *const distribution_names[IRQMOD_SIM_DIST_COUNT] = {
	[IRQMOD_SIM_DIST_CONSTANT] = "constant",
	[IRQMOD_SIM_DIST_EXPONENTIAL] = "exponential",
	[IRQMOD_SIM_DIST_PARETO] = "pareto",
};

const char *irqmod_sim_source_kind_name(uint32_t kind)
{
	return kind < IRQMOD_SIM_SOURCE_COUNT ? source_kind_names[kind] : "unknown";
}

const char *irqmod_sim_timer_name(uint32_t timer)
{
	return timer < IRQMOD_SIM_TIMER_COUNT ? timer_names[timer] : "unknown";
}

static const char *const size_law_names[IRQMOD_SIM_SIZE_COUNT] = {
	[IRQMOD_SIM_SIZE_CONSTANT] = "constant",
	[IRQMOD_SIM_SIZE_GPARETO] = "gpareto",
	[IRQMOD_SIM_SIZE_GEV] = "gev",
};

const char *irqmod_sim_size_law_name(uint32_t law)
{
	return law < IRQMOD_SIM_SIZE_COUNT ? size_law_names[law] : "unknown";
}

const char *irqmod_sim_distribution_name(uint32_t distribution)
{
	return distribution < IRQMOD_SIM_DIST_COUNT ? distribution_names[distribution] : "unknown";
}

/*
 * Defaults and their sources (docs/simulator.md has the full table).
 * Costs are NOT sourced measurements: the research notes found no modern
 * per-IRQ figure, so they are plausible values meant to be swept.
 */
#define DEFAULT_DURATION_NS (1 * NS_PER_S)
#define DEFAULT_WARMUP_NS (100 * NS_PER_MS)
#define DEFAULT_LINK_MBPS 10000u	/* 10 GbE */
#define DEFAULT_PROPAGATION_NS 500u	/* ~100 m of fibre at 5 ns/m */
#define DEFAULT_RING_SIZE 512u		/* ixgbe.h IXGBE_DEFAULT_RXD */
#define DEFAULT_TX_COMPLETION_NS 1000u	/* assumption: descriptor write-back delay */
#define DEFAULT_IRQ_NS 2000u		/* assumption: 1-5 us plausible (anchors 1.2) */
/* The hrtimer expiry that drives a deferred poll is an interrupt of its own
 * (napi_watchdog(), commit 6f8b12d661d0); charged like a device interrupt. */
#define DEFAULT_TIMER_IRQ_NS DEFAULT_IRQ_NS
#define DEFAULT_POLL_NS 500u		/* assumption */
#define DEFAULT_PACKET_NS 250u		/* assumption: about 4 Mpps per core to a socket */
#define DEFAULT_TX_CLEAN_NS 50u		/* assumption */
#define DEFAULT_RESPONSE_NS 1000u	/* assumption: build and send one RST */
#define DEFAULT_NAPI_BUDGET 64u		/* netdevice.h NAPI_POLL_WEIGHT */
#define DEFAULT_SOFTIRQ_PACKETS 300u	/* net/core/hotdata.c netdev_budget */
#define DEFAULT_SOFTIRQ_NS (2 * NS_PER_MS) /* netdev_budget_usecs = 2 jiffies at HZ=1000 */
#define DEFAULT_RCVBUF 212992u		/* sock.h SK_RMEM_MAX = SKB_TRUESIZE(256) * 256 */
#define DEFAULT_TRUESIZE 2304u		/* ixgbe build_skb: 2048 half page + 256 skb */
#define DEFAULT_APP_WAKEUP_NS 5000u	/* assumption: scheduler wake-up on an idle core */
#define DEFAULT_APP_DATAGRAM_NS 1000u	/* assumption: one recvmsg() system call */
#define DEFAULT_APP_BYTE_PS 100u	/* assumption: copy at 10 GB/s */
#define DEFAULT_APP_SEND_NS 2000u	/* assumption: one sendmsg() and TX */
#define DEFAULT_APP_BATCH 64u		/* reads per application run on its own core */
#define DEFAULT_FRAME_BYTES 60u		/* smallest frame without FCS */
#define DEFAULT_RATE_PPS 1000000u
#define DEFAULT_ON_NS (1 * NS_PER_MS)
#define DEFAULT_OFF_NS (1 * NS_PER_MS)
#define DEFAULT_PARETO_SHAPE 1500u	/* alpha 1.5: heavy tail, finite mean */
#define DEFAULT_PING_BYTES 98u		/* ping: 56 data + 8 ICMP + 20 IP + 14 Ethernet */
#define DEFAULT_PING_TIMEOUT_NS (10 * NS_PER_MS) /* ping -f: at least 100 requests/s */
#define DEFAULT_RR_TIMEOUT_NS (200 * NS_PER_MS)	/* Linux TCP_RTO_MIN */
#define DEFAULT_RR_BYTES 60u		/* netperf TCP_RR 1-byte request/response */
#define DEFAULT_TURNAROUND_NS (10 * NS_PER_US) /* assumption: peer's answer time */
#define DEFAULT_MESSAGE_BYTES 65507u	/* netperf UDP_STREAM largest UDP payload */
#define DEFAULT_MTU 1500u		/* Ethernet MTU */
/* Trace replay speed in thousandths: 1000 is the recorded pace. */
#define TRACE_SPEED_AS_RECORDED 1000u
#define DEFAULT_RESPONSE_LIMIT 200u	/* FreeBSD net.inet.icmp.icmplim default */

void irqmod_sim_default_source(struct irqmod_sim_source *source, uint32_t kind)
{
	memset(source, 0, sizeof(*source));
	source->kind = kind;
	source->frame_bytes = DEFAULT_FRAME_BYTES;
	source->rate_pps = DEFAULT_RATE_PPS;
	source->flows = 1;
	source->period_distribution = IRQMOD_SIM_DIST_EXPONENTIAL;
	source->on_mean_ns = DEFAULT_ON_NS;
	source->off_mean_ns = DEFAULT_OFF_NS;
	source->pareto_shape_milli = DEFAULT_PARETO_SHAPE;
	source->outstanding = 1;
	source->timeout_ns = DEFAULT_PING_TIMEOUT_NS;
	source->request_bytes = DEFAULT_PING_BYTES;
	source->remote_turnaround_ns = DEFAULT_TURNAROUND_NS;
	source->message_bytes = DEFAULT_MESSAGE_BYTES;
	source->mtu_bytes = DEFAULT_MTU;
	source->response_limit_per_s = 0;
	source->response_bytes = DEFAULT_FRAME_BYTES;
	switch (kind) {
	case IRQMOD_SIM_SOURCE_CONSTANT:
	case IRQMOD_SIM_SOURCE_UDP_STREAM:
		source->rate_pps = 0; /* line rate */
		break;
	case IRQMOD_SIM_SOURCE_PING:
		source->frame_bytes = DEFAULT_PING_BYTES;
		break;
	case IRQMOD_SIM_SOURCE_RR:
		source->frame_bytes = DEFAULT_RR_BYTES;
		source->request_bytes = DEFAULT_RR_BYTES;
		source->timeout_ns = DEFAULT_RR_TIMEOUT_NS;
		break;
	case IRQMOD_SIM_SOURCE_TRACE:
		source->trace_speed_milli = TRACE_SPEED_AS_RECORDED;
		break;
	case IRQMOD_SIM_SOURCE_FLOOD:
		source->response_limit_per_s = DEFAULT_RESPONSE_LIMIT;
		break;
	default:
		break;
	}
}

void irqmod_sim_default_config(struct irqmod_sim_config *config)
{
	uint32_t i;

	memset(config, 0, sizeof(*config));
	config->duration_ns = DEFAULT_DURATION_NS;
	config->warmup_ns = DEFAULT_WARMUP_NS;
	config->seed = 1;
	config->link_speed_mbps = DEFAULT_LINK_MBPS;
	config->wire_overhead_bytes = IRQMOD_WIRE_OVERHEAD_BYTES;
	config->propagation_ns = DEFAULT_PROPAGATION_NS;
	config->ring_size = DEFAULT_RING_SIZE;
	config->timer = IRQMOD_SIM_TIMER_THROTTLE;
	config->rx_frames = 0;
	config->tx_interrupts = false;
	config->tx_completion_delay_ns = DEFAULT_TX_COMPLETION_NS;
	config->cores = 2;
	config->queues = 1;
	for (i = 0; i < IRQMOD_SIM_MAX_QUEUES; i++)
		config->queue_core[i] = 0;
	config->irq_ns = DEFAULT_IRQ_NS;
	config->timer_irq_ns = DEFAULT_TIMER_IRQ_NS;
	config->poll_ns = DEFAULT_POLL_NS;
	config->packet_ns = DEFAULT_PACKET_NS;
	config->tx_clean_ns = DEFAULT_TX_CLEAN_NS;
	config->response_ns = DEFAULT_RESPONSE_NS;
	config->napi_budget = DEFAULT_NAPI_BUDGET;
	config->softirq_budget_packets = DEFAULT_SOFTIRQ_PACKETS;
	config->softirq_budget_ns = DEFAULT_SOFTIRQ_NS;
	config->controller_on_budget_exhausted = false;
	config->poll_rescan = true;
	config->load_core = IRQMOD_SIM_NO_CORE;
	config->load_busy_ns = NS_PER_MS;
	config->load_idle_ns = 10 * NS_PER_MS;
	config->load_distribution = IRQMOD_SIM_DIST_EXPONENTIAL;
	config->rcvbuf_bytes = DEFAULT_RCVBUF;
	config->truesize_bytes = DEFAULT_TRUESIZE;
	config->app_core = 1;
	config->app_wakeup_ns = DEFAULT_APP_WAKEUP_NS;
	config->app_datagram_ns = DEFAULT_APP_DATAGRAM_NS;
	config->app_byte_ps = DEFAULT_APP_BYTE_PS;
	config->app_send_ns = DEFAULT_APP_SEND_NS;
	config->app_batch = DEFAULT_APP_BATCH;
}

/* Limits of the checks (docs/simulator.md lists them). */
#define MAX_LINK_MBPS 1600000u		/* 1.6 Tb/s */
#define MAX_FRAME_BYTES 65535u
#define MAX_RING_SIZE 65536u		/* ixgbe allows 4096; leave room */
#define MAX_COST_NS (1 * NS_PER_S)
#define MAX_RCVBUF (64u << 20)
#define MIN_TRUESIZE 128u
#define MAX_TRUESIZE (1u << 20)
#define MAX_FLOWS 65535u
#define MAX_RATE_PPS 10000000000ull
#define MAX_BATCH 4096u
#define MIN_PARETO_SHAPE_MILLI 1000u	/* alpha <= 1: infinite mean */
#define MAX_PARETO_SHAPE_MILLI 100000u	/* alpha 100: all but constant */
#define MAX_UDP_PAYLOAD 65507u		/* 65535 - 20 (IPv4) - 8 (UDP) */
#define MAX_WIRE_OVERHEAD 1000u
#define MAX_RX_FRAMES 65535u		/* struct irqmod_decision.frames is 16 bits */
#define MIN_IPV4_MTU 68u		/* RFC 791 */
#define MICRO 1000000u			/* shapes of the generalised laws, in millionths */
#define MAX_SIZE_MILLI (1000ull * MAX_FRAME_BYTES) /* size parameters, in mB */

static int bad(const char **field, const char *name, int error)
{
	if (field)
		*field = name;
	return error;
}

static const char *const source_field_names[IRQMOD_SIM_MAX_SOURCES][19] = {
#define SOURCE_FIELDS(n)                                                                 \
	{ "sources[" #n "].kind", "sources[" #n "].frame_bytes", "sources[" #n "].rate_pps", \
	  "sources[" #n "].flows", "sources[" #n "].period_distribution",                  \
	  "sources[" #n "].on_mean_ns", "sources[" #n "].pareto_shape_milli",                \
	  "sources[" #n "].outstanding", "sources[" #n "].request_bytes",                    \
	  "sources[" #n "].message_bytes", "sources[" #n "].mtu_bytes",                      \
	  "sources[" #n "].response_bytes", "sources[" #n "].gap_shape_micro",               \
	  "sources[" #n "].size_law", "sources[" #n "].size_scale_milli",                    \
	  "sources[" #n "].size_shape_micro", "sources[" #n "].trace",                      \
	  "sources[" #n "].trace_speed_milli", "sources[" #n "].trace_start_offset_ns" }
	SOURCE_FIELDS(0), SOURCE_FIELDS(1), SOURCE_FIELDS(2), SOURCE_FIELDS(3),
	SOURCE_FIELDS(4), SOURCE_FIELDS(5), SOURCE_FIELDS(6), SOURCE_FIELDS(7),
#undef SOURCE_FIELDS
};

static bool frame_ok(uint32_t bytes)
{
	return bytes >= MIN_FRAME_BYTES && bytes <= MAX_FRAME_BYTES;
}

static int check_source(const struct irqmod_sim_source *s, uint32_t n, const char **field)
{
	const char *const *names = source_field_names[n];

	if (s->kind >= IRQMOD_SIM_SOURCE_COUNT)
		return bad(field, names[0], -IRQMOD_EINVAL);
	if (!frame_ok(s->frame_bytes))
		return bad(field, names[1], -IRQMOD_EFRAME);
	if (s->rate_pps > MAX_RATE_PPS ||
	    (s->rate_pps == 0 && (s->kind == IRQMOD_SIM_SOURCE_POISSON ||
				  s->kind == IRQMOD_SIM_SOURCE_ONOFF ||
				  s->kind == IRQMOD_SIM_SOURCE_FLOOD)))
		return bad(field, names[2], -IRQMOD_ERANGE);
	if (s->flows == 0 || s->flows > MAX_FLOWS)
		return bad(field, names[3], -IRQMOD_ERANGE);
	if (s->period_distribution >= IRQMOD_SIM_DIST_COUNT)
		return bad(field, names[4], -IRQMOD_EINVAL);
	if (s->kind == IRQMOD_SIM_SOURCE_ONOFF &&
	    (s->on_mean_ns == 0 || s->on_mean_ns > IRQMOD_SIM_MAX_DURATION_NS ||
	     s->off_mean_ns > IRQMOD_SIM_MAX_DURATION_NS))
		return bad(field, names[5], -IRQMOD_ERANGE);
	if (s->pareto_shape_milli <= MIN_PARETO_SHAPE_MILLI ||
	    s->pareto_shape_milli > MAX_PARETO_SHAPE_MILLI)
		return bad(field, names[6], -IRQMOD_ERANGE);
	if ((s->kind == IRQMOD_SIM_SOURCE_PING || s->kind == IRQMOD_SIM_SOURCE_RR) &&
	    (s->outstanding == 0 || s->outstanding > MAX_OUTSTANDING / 2))
		return bad(field, names[7], -IRQMOD_ERANGE);
	if (!frame_ok(s->request_bytes))
		return bad(field, names[8], -IRQMOD_EFRAME);
	if (s->kind == IRQMOD_SIM_SOURCE_UDP_STREAM &&
	    (s->message_bytes == 0 || s->message_bytes > MAX_UDP_PAYLOAD))
		return bad(field, names[9], -IRQMOD_EFRAME);
	if (s->mtu_bytes < MIN_IPV4_MTU || s->mtu_bytes > MAX_FRAME_BYTES - ETH_HEADER_BYTES)
		return bad(field, names[10], -IRQMOD_EFRAME);
	if (!frame_ok(s->response_bytes))
		return bad(field, names[11], -IRQMOD_EFRAME);
	if (s->gap_shape_micro >= MICRO)
		return bad(field, names[12], -IRQMOD_ERANGE);
	if (s->size_law >= IRQMOD_SIM_SIZE_COUNT)
		return bad(field, names[13], -IRQMOD_EINVAL);
	if (s->size_law != IRQMOD_SIM_SIZE_CONSTANT &&
	    (s->size_scale_milli == 0 || s->size_scale_milli > MAX_SIZE_MILLI ||
	     s->size_location_milli > MAX_SIZE_MILLI || s->size_offset_bytes > MAX_FRAME_BYTES))
		return bad(field, names[14], -IRQMOD_EFRAME);
	if (s->size_shape_micro > MICRO)
		return bad(field, names[15], -IRQMOD_ERANGE);
	if (s->kind != IRQMOD_SIM_SOURCE_TRACE)
		return 0;
	if (!s->trace || !s->trace->records || s->trace->count == 0 ||
	    s->trace->span_ns > IRQMOD_SIM_TRACE_MAX_SPAN_NS ||
	    (s->trace_loop && s->trace->count < 2))
		return bad(field, names[16], -IRQMOD_EINVAL);
	if (s->trace_speed_milli == 0 || s->trace_speed_milli > IRQMOD_SIM_TRACE_MAX_SPEED_MILLI)
		return bad(field, names[17], -IRQMOD_ERANGE);
	if (!s->trace_random_offset && s->trace_start_offset_ns > s->trace->span_ns)
		return bad(field, names[18], -IRQMOD_ERANGE);
	return 0;
}

int irqmod_sim_check(const struct irqmod_sim_config *c, const char **field)
{
	uint32_t i, active = 0;
	int error;

	if (field)
		*field = "";
	if (!c)
		return bad(field, "config", -IRQMOD_EINVAL);
	if (c->duration_ns < NS_PER_US || c->duration_ns > IRQMOD_SIM_MAX_DURATION_NS)
		return bad(field, "duration_ns", -IRQMOD_ERANGE);
	if (c->warmup_ns >= c->duration_ns)
		return bad(field, "warmup_ns", -IRQMOD_ERANGE);
	if (c->link_speed_mbps == 0 || c->link_speed_mbps > MAX_LINK_MBPS)
		return bad(field, "link_speed_mbps", -IRQMOD_ELINK);
	if (c->wire_overhead_bytes > MAX_WIRE_OVERHEAD)
		return bad(field, "wire_overhead_bytes", -IRQMOD_EFRAME);
	if (c->propagation_ns > NS_PER_S)
		return bad(field, "propagation_ns", -IRQMOD_ERANGE);
	if (c->ring_size == 0 || c->ring_size > MAX_RING_SIZE)
		return bad(field, "ring_size", -IRQMOD_EFRAME);
	if (c->timer >= IRQMOD_SIM_TIMER_COUNT)
		return bad(field, "timer", -IRQMOD_EINVAL);
	if (c->rx_frames > MAX_RX_FRAMES)
		return bad(field, "rx_frames", -IRQMOD_ERANGE);
	if (c->tx_completion_delay_ns > MAX_COST_NS)
		return bad(field, "tx_completion_delay_ns", -IRQMOD_ERANGE);
	if (c->cores == 0 || c->cores > IRQMOD_SIM_MAX_CORES)
		return bad(field, "cores", -IRQMOD_ERANGE);
	if (c->queues == 0 || c->queues > IRQMOD_SIM_MAX_QUEUES)
		return bad(field, "queues", -IRQMOD_ERANGE);
	for (i = 0; i < c->queues; i++)
		if (c->queue_core[i] >= c->cores)
			return bad(field, "queue_core", -IRQMOD_ERANGE);
	if (c->irq_ns > MAX_COST_NS)
		return bad(field, "irq_ns", -IRQMOD_ERANGE);
	if (c->timer_irq_ns > MAX_COST_NS)
		return bad(field, "timer_irq_ns", -IRQMOD_ERANGE);
	if (c->poll_spin_ns > MAX_COST_NS)
		return bad(field, "poll_spin_ns", -IRQMOD_ERANGE);
	if (c->poll_ns > MAX_COST_NS)
		return bad(field, "poll_ns", -IRQMOD_ERANGE);
	if (c->packet_ns > MAX_COST_NS)
		return bad(field, "packet_ns", -IRQMOD_ERANGE);
	if (c->tx_clean_ns > MAX_COST_NS)
		return bad(field, "tx_clean_ns", -IRQMOD_ERANGE);
	if (c->response_ns > MAX_COST_NS)
		return bad(field, "response_ns", -IRQMOD_ERANGE);
	if (c->napi_budget == 0 || c->napi_budget > MAX_RING_SIZE)
		return bad(field, "napi_budget", -IRQMOD_EBUDGET);
	if (c->softirq_budget_packets == 0)
		return bad(field, "softirq_budget_packets", -IRQMOD_EBUDGET);
	if (c->softirq_budget_ns == 0 || c->softirq_budget_ns > NS_PER_S)
		return bad(field, "softirq_budget_ns", -IRQMOD_EBUDGET);
	if (c->load_core != IRQMOD_SIM_NO_CORE && c->load_core >= c->cores)
		return bad(field, "load_core", -IRQMOD_ERANGE);
	if (c->load_core != IRQMOD_SIM_NO_CORE &&
	    (c->load_busy_ns == 0 || c->load_busy_ns > IRQMOD_SIM_MAX_DURATION_NS ||
	     c->load_idle_ns > IRQMOD_SIM_MAX_DURATION_NS))
		return bad(field, "load_busy_ns", -IRQMOD_ERANGE);
	if (c->load_distribution >= IRQMOD_SIM_DIST_COUNT)
		return bad(field, "load_distribution", -IRQMOD_EINVAL);
	if (c->rcvbuf_bytes == 0 || c->rcvbuf_bytes > MAX_RCVBUF)
		return bad(field, "rcvbuf_bytes", -IRQMOD_EFRAME);
	if (c->truesize_bytes < MIN_TRUESIZE || c->truesize_bytes > MAX_TRUESIZE)
		return bad(field, "truesize_bytes", -IRQMOD_EFRAME);
	if (c->app_core >= c->cores)
		return bad(field, "app_core", -IRQMOD_ERANGE);
	if (c->app_wakeup_ns > MAX_COST_NS)
		return bad(field, "app_wakeup_ns", -IRQMOD_ERANGE);
	if (c->app_datagram_ns > MAX_COST_NS)
		return bad(field, "app_datagram_ns", -IRQMOD_ERANGE);
	if (c->app_byte_ps > MAX_COST_NS)
		return bad(field, "app_byte_ps", -IRQMOD_ERANGE);
	if (c->app_send_ns > MAX_COST_NS)
		return bad(field, "app_send_ns", -IRQMOD_ERANGE);
	if (c->app_batch == 0 || c->app_batch > MAX_BATCH)
		return bad(field, "app_batch", -IRQMOD_ERANGE);
	for (i = 0; i < IRQMOD_SIM_MAX_SOURCES; i++) {
		if (c->sources[i].kind == IRQMOD_SIM_SOURCE_OFF)
			continue;
		error = check_source(&c->sources[i], i, field);
		if (error)
			return error;
		active++;
	}
	if (active == 0)
		return bad(field, "sources", -IRQMOD_EINVAL);
	return 0;
}

uint64_t irqmod_sim_line_rate_pps_milli(uint32_t link_speed_mbps, uint32_t frame_bytes,
					uint32_t wire_overhead_bytes)
{
	uint64_t bits = ((uint64_t)frame_bytes + wire_overhead_bytes) * 8;

	if (bits == 0)
		return 0;
	/* speed * 1e6 b/s * 1000 / bits */
	return (uint64_t)link_speed_mbps * NS_PER_S / bits;
}

int irqmod_sim_controller_by_name(struct irqmod_sim_controller *controller, const char *name,
				  uint32_t link_speed_mbps)
{
	static const char static_prefix[] = "static:";
	uint32_t kind;

	if (!controller || !name)
		return -IRQMOD_EINVAL;
	memset(controller, 0, sizeof(*controller));
	controller->name = name;
	if (strcmp(name, "none") == 0 ||
	    strncmp(name, static_prefix, sizeof(static_prefix) - 1) == 0) {
		const char *digits = name + sizeof(static_prefix) - 1;
		uint64_t interval = 0;
		int error = irqmod_controller_default_config(&controller->generic,
							     IRQMOD_KIND_STATIC, link_speed_mbps);

		if (error)
			return error;
		if (name[0] == 's') {
			if (*digits == '\0')
				return -IRQMOD_EKIND;
			for (; *digits; digits++) {
				if (*digits < '0' || *digits > '9')
					return -IRQMOD_EKIND;
				interval = interval * 10 + (uint64_t)(*digits - '0');
				if (interval > IRQMOD_STATIC_MAX_INTERVAL_NS)
					return -IRQMOD_ERANGE;
			}
		}
		controller->generic.config.static_config.rx_interval_ns = (uint32_t)interval;
		controller->generic.config.static_config.tx_interval_ns = (uint32_t)interval;
		return 0;
	}
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++) {
		if (strcmp(irqmod_kind_name(kind), name) == 0)
			return irqmod_controller_default_config(&controller->generic, kind,
								link_speed_mbps);
	}
	return -IRQMOD_EKIND;
}

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */
/* ------------------------------------------------------------------ */

static inline uint64_t max_u64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

static inline uint64_t min_u64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

static inline uint64_t add_sat(uint64_t a, uint64_t b)
{
	return a + b < a ? UINT64_MAX : a + b;
}

static void schedule(struct sim *sim, uint64_t time_ns, uint32_t type, uint32_t index)
{
	if (irqmod_sim_heap_push(&sim->heap, time_ns, type, index) != 0)
		sim->error = -IRQMOD_ERANGE; /* capacity is sized so this cannot happen */
}

static uint64_t draw_period(struct irqmod_sim_rng *rng, uint32_t distribution, uint64_t mean,
			    uint32_t shape_milli)
{
	switch (distribution) {
	case IRQMOD_SIM_DIST_EXPONENTIAL:
		return irqmod_sim_exponential(rng, mean);
	case IRQMOD_SIM_DIST_PARETO:
		return irqmod_sim_pareto(rng, mean, shape_milli);
	default:
		return mean;
	}
}

/* Time CPU work spends inside the measured window. */
static uint64_t window_overlap(const struct sim *sim, uint64_t start, uint64_t end)
{
	uint64_t low = max_u64(start, sim->window_start_ns);
	uint64_t high = min_u64(end, sim->end_ns);

	return high > low ? high - low : 0;
}

/* ------------------------------------------------------------------ */
/* Link and sources                                                    */
/* ------------------------------------------------------------------ */

/* Wire time of a frame: (bytes + overhead) * 8 bits at speed Mb/s, kept as
 * whole ps plus a remainder in units of 1/speed ps so line rate is exact. */
static inline void wire_time(struct sim *sim, uint32_t bytes, uint64_t *ps, uint64_t *remainder)
{
	if (bytes != sim->wire_cache_bytes) {
		uint64_t bits = ((uint64_t)bytes + sim->config->wire_overhead_bytes) * 8;
		uint64_t numerator = bits * PS_PER_BIT_AT_1MBPS; /* ps * Mb/s */

		sim->wire_cache_bytes = bytes;
		sim->wire_cache_ps = numerator / sim->config->link_speed_mbps;
		sim->wire_cache_remainder = numerator % sim->config->link_speed_mbps;
	}
	*ps = sim->wire_cache_ps;
	*remainder = sim->wire_cache_remainder;
}

/* The RSS stand-in: xxHash32's primes PRIME32_1 and PRIME32_2 combine
 * (source, flow), then Wellons' "lowbias32" finaliser (hash-prospector)
 * spreads the bits. Not Toeplitz: the simulator only needs flows spread
 * evenly and deterministically. */
#define RSS_FLOW_MULTIPLIER 0x9E3779B1u
#define RSS_SOURCE_MULTIPLIER 0x85EBCA77u
#define RSS_MIX_MULTIPLIER1 0x7FEB352Du
#define RSS_MIX_MULTIPLIER2 0x846CA68Bu

static uint32_t flow_queue(const struct sim *sim, uint32_t source, uint32_t flow)
{
	/* RSS: a multiplicative hash of (source, flow), scaled to the queue
	 * count without division (Lemire's multiply-shift reduction). */
	uint32_t hash = (flow * RSS_FLOW_MULTIPLIER) ^ (source * RSS_SOURCE_MULTIPLIER);

	hash ^= hash >> 16;
	hash *= RSS_MIX_MULTIPLIER1;
	hash ^= hash >> 15;
	hash *= RSS_MIX_MULTIPLIER2;
	hash ^= hash >> 16;
	return (uint32_t)(((uint64_t)hash * sim->config->queues) >> 32);
}

static void source_next_flow(struct source *src)
{
	src->next_flow = src->flow_counter;
	if (++src->flow_counter >= src->config.flows)
		src->flow_counter = 0;
}

/* Advance by one constant step (1e12 / rate ps, with exact remainder). */
static inline void source_step(struct source *src)
{
	src->next_ps += src->step_ps;
	src->remainder += src->step_remainder;
	if (src->remainder >= src->config.rate_pps) {
		src->remainder -= src->config.rate_pps;
		src->next_ps++;
	}
}

/* Payload of a frame of @bytes (UDP over IPv4), or the stream's message. */
static uint32_t frame_payload(const struct source *src, uint32_t bytes)
{
	const uint32_t headers = ETH_HEADER_BYTES + IPV4_HEADER_BYTES + UDP_HEADER_BYTES;

	if (src->config.kind == IRQMOD_SIM_SOURCE_UDP_STREAM)
		return src->payload_bytes;
	return bytes > headers ? bytes - headers : 0;
}

/* A Poisson source's next gap in ps: exponential, or GPareto of mean 1/rate. */
static uint64_t draw_gap(struct source *src)
{
	uint32_t shape = src->config.gap_shape_micro;
	uint64_t scale;
	int64_t gap;

	if (shape == 0)
		return irqmod_sim_exponential(&src->rng, src->step_ps);
	/* GPareto(0, sigma, xi) has mean sigma / (1 - xi). */
	scale = src->step_ps / MICRO * (MICRO - shape) + src->step_ps % MICRO * (MICRO - shape) / MICRO;
	gap = irqmod_sim_gpareto(&src->rng, 0, scale, shape);
	return gap > 0 ? (uint64_t)gap : 0;
}

/* The next frame's size under the source's size law. */
static uint32_t draw_size(struct source *src)
{
	const struct irqmod_sim_source *c = &src->config;
	uint64_t largest = (uint64_t)c->mtu_bytes + ETH_HEADER_BYTES;
	int64_t milli, bytes;

	switch (c->size_law) {
	case IRQMOD_SIM_SIZE_GPARETO:
		milli = irqmod_sim_gpareto(&src->rng, (int64_t)c->size_location_milli,
					   c->size_scale_milli, c->size_shape_micro);
		break;
	case IRQMOD_SIM_SIZE_GEV:
		milli = irqmod_sim_gev(&src->rng, (int64_t)c->size_location_milli,
				       c->size_scale_milli, c->size_shape_micro);
		break;
	default:
		return c->frame_bytes;
	}
	/* Whole bytes, rounded to nearest; a negative variate is an empty key. */
	bytes = milli <= 0 ? 0 : (milli + 500) / 1000;
	bytes += c->size_offset_bytes;
	if (bytes < MIN_FRAME_BYTES)
		return MIN_FRAME_BYTES;
	return bytes > (int64_t)largest ? (uint32_t)largest : (uint32_t)bytes;
}

/*
 * A trace record's desired start on the wire: the source's start plus
 * (lap * lap length + record time - offset) / speed. Times past the
 * longest run map to UINT64_MAX (never reached).
 */
#define TRACE_PS_PER_NS_MILLI (PS_PER_NS * TRACE_SPEED_AS_RECORDED)
static uint64_t trace_time_ps(const struct source *src, uint64_t record_ns)
{
	uint64_t speed = src->config.trace_speed_milli, lap_ns, relative, whole;

	if (src->trace_lap != 0 && src->trace_lap > UINT64_MAX / src->trace_lap_ns)
		return UINT64_MAX;
	lap_ns = src->trace_lap * src->trace_lap_ns;
	relative = add_sat(lap_ns, record_ns) - src->trace_offset_ns;
	whole = relative / speed;
	if (whole > IRQMOD_SIM_MAX_DURATION_NS)
		return UINT64_MAX;
	return add_sat(src->trace_start_ps, whole * TRACE_PS_PER_NS_MILLI +
						    relative % speed * TRACE_PS_PER_NS_MILLI / speed);
}

/* Load the trace record at trace_index (or stop the source). */
static void trace_load_record(struct source *src)
{
	const struct irqmod_sim_trace_file *t = src->config.trace;
	const struct irqmod_sim_trace_record *r;

	if (src->trace_index >= t->count) {
		if (!src->config.trace_loop) {
			src->next_ps = UINT64_MAX;
			return;
		}
		src->trace_index = 0;
		src->trace_lap++;
	}
	r = &t->records[src->trace_index];
	src->next_ps = trace_time_ps(src, r->time_ns);
	src->next_bytes = r->bytes < MIN_FRAME_BYTES ? MIN_FRAME_BYTES : r->bytes;
	src->next_flow = r->flow_hash;
}

/* Prepare the frame after the one just sent. */
static void source_advance(struct sim *sim, struct source *src)
{
	const struct irqmod_sim_source *c = &src->config;

	if (c->kind == IRQMOD_SIM_SOURCE_CONSTANT || c->kind == IRQMOD_SIM_SOURCE_POISSON ||
	    c->kind == IRQMOD_SIM_SOURCE_ONOFF)
		src->next_bytes = draw_size(src);
	switch (c->kind) {
	case IRQMOD_SIM_SOURCE_FLOOD:
		if (c->poisson_arrivals) {
			src->next_ps = add_sat(src->next_ps,
					       irqmod_sim_exponential(&src->rng, src->step_ps));
		} else {
			source_step(src);
		}
		source_next_flow(src);
		src->next_message++;
		break;
	case IRQMOD_SIM_SOURCE_CONSTANT:
		if (c->rate_pps != 0)
			source_step(src);
		source_next_flow(src);
		src->next_message++;
		if (c->size_law != IRQMOD_SIM_SIZE_CONSTANT)
			src->next_bytes = draw_size(src);
		break;
	case IRQMOD_SIM_SOURCE_POISSON:
		src->next_ps = add_sat(src->next_ps, draw_gap(src));
		source_next_flow(src);
		src->next_message++;
		if (c->size_law != IRQMOD_SIM_SIZE_CONSTANT)
			src->next_bytes = draw_size(src);
		break;
	case IRQMOD_SIM_SOURCE_ONOFF:
		source_step(src);
		if (src->next_ps >= src->period_end_ps) {
			uint64_t off = draw_period(&src->rng, c->period_distribution,
						   c->off_mean_ns, c->pareto_shape_milli);
			uint64_t on = draw_period(&src->rng, c->period_distribution,
						  c->on_mean_ns, c->pareto_shape_milli);
			uint64_t start = add_sat(src->period_end_ps, off * PS_PER_NS);

			src->next_ps = start;
			src->remainder = 0;
			src->period_end_ps = add_sat(start, max_u64(on, 1) * PS_PER_NS);
		}
		source_next_flow(src);
		src->next_message++;
		if (c->size_law != IRQMOD_SIM_SIZE_CONSTANT)
			src->next_bytes = draw_size(src);
		break;
	case IRQMOD_SIM_SOURCE_UDP_STREAM:
		if (c->rate_pps != 0)
			source_step(src);
		if (++src->next_fragment >= src->fragments) {
			src->next_fragment = 0;
			src->next_message++;
			source_next_flow(src);
		}
		src->next_bytes = src->next_fragment + 1u == src->fragments
					  ? src->last_fragment_bytes
					  : src->full_fragment_bytes;
		break;
	case IRQMOD_SIM_SOURCE_TRACE:
		src->trace_index++;
		src->next_message++;
		trace_load_record(src);
		break;
	case IRQMOD_SIM_SOURCE_PING:
	case IRQMOD_SIM_SOURCE_RR:
		src->reply_head = (src->reply_head + 1) % MAX_OUTSTANDING;
		src->reply_count--;
		if (src->reply_count == 0) {
			src->next_ps = UINT64_MAX;
		} else {
			src->next_ps = src->replies[src->reply_head].start_ps;
			src->next_message = src->replies[src->reply_head].sequence;
		}
		break;
	default:
		src->next_ps = UINT64_MAX;
		break;
	}
	(void)sim;
}

/* Recompute the cached next arrival (the earliest desired start wins; the
 * link serialises frames, so the arrival is the end of its wire time). */
static void pick_next_arrival(struct sim *sim)
{
	uint64_t best = UINT64_MAX, ps, remainder, start, end;
	int chosen = -1;
	uint32_t i;

	for (i = 0; i < sim->source_count; i++) {
		if (sim->sources[i].next_ps < best) {
			best = sim->sources[i].next_ps;
			chosen = (int)i;
		}
	}
	sim->next_source = chosen;
	if (chosen < 0) {
		sim->next_arrival_ns = UINT64_MAX;
		return;
	}
	wire_time(sim, sim->sources[chosen].next_bytes, &ps, &remainder);
	start = max_u64(best, sim->link_free_ps);
	remainder += sim->link_remainder;
	end = start + ps;
	if (remainder >= sim->config->link_speed_mbps) {
		remainder -= sim->config->link_speed_mbps;
		end++;
	}
	sim->next_arrival_ps = end;
	sim->next_remainder = remainder;
	sim->next_arrival_ns = end / PS_PER_NS;
}

/* ------------------------------------------------------------------ */
/* NIC interrupt timer                                                 */
/* ------------------------------------------------------------------ */

/*
 * Each queue keeps at most one live IRQ event in the heap (@event_ns). A
 * later deadline is handled lazily (the event re-schedules itself when it
 * finds the deadline moved), so the packet timer costs no heap operation per
 * frame; only an earlier deadline pushes a new event, leaving the old one
 * stale.
 */
static void arm(struct sim *sim, struct queue *q, uint64_t when)
{
	q->armed = true;
	q->deadline_ns = when;
	if (q->event_ns == UINT64_MAX || q->event_ns > when) {
		q->event_ns = when;
		schedule(sim, when, EVENT_IRQ, q->index);
	}
}

static void core_kick(struct sim *sim, struct core *core, uint64_t now);

static void fire(struct sim *sim, struct queue *q, uint64_t now)
{
	struct core *core = &sim->cores[q->core];

	q->armed = false;
	if (!q->enabled)
		return;
	/* The vector auto-masks until the driver's NAPI poll completes. */
	q->enabled = false;
	q->pending_causes = 0;
	q->last_irq_ns = now;
	q->signal_ns = now;
	q->irq_pending = true;
	q->sample.events++;
	sim->counters.interrupts++;
	core->irq_mask |= 1u << q->index;
	core_kick(sim, core, now);
}

/*
 * Causes (written-back frames or TX completions) at the current time. A
 * decision's rate_limit_ns (ice INTRL) is a second, independent minimum gap
 * since the previous interrupt that every timer semantic respects.
 */
static void nic_cause(struct sim *sim, struct queue *q, uint64_t now, uint32_t causes)
{
	uint64_t interval = q->interval_ns;
	uint64_t earliest = q->rate_limit_ns ? q->last_irq_ns + q->rate_limit_ns : 0;

	if (!q->enabled)
		return; /* latched; looked at again when the driver unmasks */
	q->pending_causes += causes;
	switch (sim->config->timer) {
	case IRQMOD_SIM_TIMER_THROTTLE:
		if (!q->armed)
			arm(sim, q, max_u64(max_u64(now, q->last_irq_ns + interval), earliest));
		return; /* a throttle is a rate limit: no count threshold */
	case IRQMOD_SIM_TIMER_ABSOLUTE:
		if (!q->armed)
			arm(sim, q, max_u64(now + interval, earliest));
		break;
	default: /* packet timer, re-armed by every cause */
		if (!q->armed)
			arm(sim, q, max_u64(now + interval, earliest));
		else
			q->deadline_ns = max_u64(now + interval, earliest);
		break;
	}
	if ((q->frames_threshold != 0 && q->pending_causes >= q->frames_threshold) ||
	    q->deadline_ns <= now) {
		/* rx-frames reached, or no moderation: fire as soon as allowed. */
		if (now >= earliest)
			fire(sim, q, now);
		else
			arm(sim, q, earliest);
	}
}

static void on_irq_event(struct sim *sim, struct queue *q, uint64_t now)
{
	if (q->event_ns != now)
		return; /* stale */
	q->event_ns = UINT64_MAX;
	if (!q->armed)
		return;
	if (q->deadline_ns > now) {
		/* The packet timer was pushed back by later frames. */
		q->event_ns = q->deadline_ns;
		schedule(sim, q->deadline_ns, EVENT_IRQ, q->index);
		return;
	}
	fire(sim, q, now);
}

static void nic_enable(struct sim *sim, struct queue *q, uint64_t now)
{
	uint32_t waiting = q->count - q->in_poll +
			   (sim->config->tx_interrupts ? q->tx_pending : 0);

	q->enabled = true;
	q->pending_causes = 0;
	if (waiting != 0)
		nic_cause(sim, q, now, waiting);
}

/* ------------------------------------------------------------------ */
/* Arrivals                                                            */
/* ------------------------------------------------------------------ */

/*
 * Frames of a single line-rate constant source that meet a full ring are
 * all dropped until the next event (nothing can free a descriptor before
 * it), so they are counted in one step instead of one by one. Frame j
 * (from 1) after the link's current state ends at
 *	L + j * W + floor((R + j * Wr) / S)
 * ps (L: link free time, W and Wr: wire time and its remainder over the
 * speed S in Mb/s, R: the link's remainder), exactly what the per-frame
 * path computes, so the results are identical (a test compares them).
 * Return: true when the batch was taken.
 */
static bool drop_batch(struct sim *sim, struct source *src, struct queue *q, uint64_t bound_ns)
{
	uint64_t speed = sim->config->link_speed_mbps, wire_ps, wire_remainder;
	uint64_t limit_ps, low = 1, high, count;
	struct counters *k = &sim->counters;

	if (sim->source_count != 1 || sim->config->queues != 1 ||
	    src->config.kind != IRQMOD_SIM_SOURCE_CONSTANT || src->config.rate_pps != 0 ||
	    src->config.size_law != IRQMOD_SIM_SIZE_CONSTANT ||
	    src->next_ps > sim->link_free_ps || q->count != q->ring_size)
		return false;
	wire_time(sim, src->next_bytes, &wire_ps, &wire_remainder);
	limit_ps = bound_ns * PS_PER_NS + (PS_PER_NS - 1);
	/* The cached frame (j = 1) qualifies; find the last j that does. */
	high = (limit_ps - sim->link_free_ps) / wire_ps + 1;
	while (low < high) {
		uint64_t middle = low + (high - low + 1) / 2;
		uint64_t end = sim->link_free_ps + middle * wire_ps +
			       (sim->link_remainder + middle * wire_remainder) / speed;

		if (end <= limit_ps)
			low = middle;
		else
			high = middle - 1;
	}
	count = low;
	sim->link_free_ps += count * wire_ps + (sim->link_remainder + count * wire_remainder) / speed;
	sim->link_remainder = (sim->link_remainder + count * wire_remainder) % speed;
	sim->now_ns = sim->link_free_ps / PS_PER_NS;
	k->offered_frames += count;
	k->offered_bytes += count * src->next_bytes;
	k->offered_datagrams += count;
	k->offered_payload_bytes += count * src->payload_bytes;
	k->drops_ring += count;
	sim->source_counters[src->index].offered_frames += count;
	sim->source_counters[src->index].drops += count;
	src->next_message += (uint32_t)count;
	src->flow_counter = (uint32_t)((src->flow_counter + count) % src->config.flows);
	src->next_flow = src->flow_counter == 0 ? src->config.flows - 1 : src->flow_counter - 1;
	pick_next_arrival(sim);
	return true;
}

static void process_arrival(struct sim *sim, uint64_t bound_ns)
{
	struct source *src = &sim->sources[sim->next_source];
	uint64_t now = sim->next_arrival_ns;
	uint32_t queue_index = sim->config->queues == 1 ? 0 : flow_queue(sim, src->index, src->next_flow);
	struct queue *q = &sim->queues[queue_index];
	struct counters *k = &sim->counters;

	if (q->count == q->ring_size && drop_batch(sim, src, q, bound_ns))
		return;
	sim->link_free_ps = sim->next_arrival_ps;
	sim->link_remainder = sim->next_remainder;
	sim->now_ns = now;
	k->offered_frames++;
	k->offered_bytes += src->next_bytes;
	sim->source_counters[src->index].offered_frames++;
	if (src->next_fragment + 1u >= src->next_fragment_count) {
		k->offered_datagrams++;
		k->offered_payload_bytes += frame_payload(src, src->next_bytes);
	}
	if (q->count == q->ring_size) {
		k->drops_ring++;
		sim->source_counters[src->index].drops++;
	} else {
		uint32_t slot = q->head + q->count;
		struct frame *f;

		if (slot >= q->ring_size)
			slot -= q->ring_size;
		f = &q->ring[slot];
		f->arrival_ns = now;
		f->message = src->next_message;
		f->bytes = (uint16_t)src->next_bytes;
		f->flow = (uint16_t)src->next_flow;
		f->source = (uint8_t)src->index;
		f->respond = 0;
		f->fragment = src->next_fragment;
		f->fragment_count = src->next_fragment_count;
		q->count++;
		if (q->enabled)
			nic_cause(sim, q, now, 1);
	}
	source_advance(sim, src);
	pick_next_arrival(sim);
}

/* ------------------------------------------------------------------ */
/* Transmit side (requests, responses)                                 */
/* ------------------------------------------------------------------ */

/* Put a frame on the TX wire at @now; returns the end of transmission (ps)
 * and queues its completion on @q's vector. */
static uint64_t transmit(struct sim *sim, struct queue *q, uint64_t now, uint32_t bytes)
{
	uint64_t bits = ((uint64_t)bytes + sim->config->wire_overhead_bytes) * 8;
	uint64_t wire_ps = bits * PS_PER_BIT_AT_1MBPS / sim->config->link_speed_mbps;
	uint64_t end_ps = max_u64(now * PS_PER_NS, sim->tx_free_ps) + wire_ps;
	uint64_t done_ns = end_ps / PS_PER_NS + sim->config->tx_completion_delay_ns;

	sim->tx_free_ps = end_ps;
	if (q->tx_count == TX_FIFO_SIZE) {
		q->tx_pending++; /* ring full: treat as written back at once */
	} else {
		q->tx_fifo[(q->tx_head + q->tx_count) % TX_FIFO_SIZE] = done_ns;
		if (q->tx_count++ == 0)
			schedule(sim, done_ns, EVENT_TX_DONE, q->index);
	}
	return end_ps;
}

static void on_tx_done(struct sim *sim, struct queue *q, uint64_t now)
{
	uint32_t done = 0;

	while (q->tx_count > 0 && q->tx_fifo[q->tx_head] <= now) {
		q->tx_head = (q->tx_head + 1) % TX_FIFO_SIZE;
		q->tx_count--;
		done++;
	}
	if (q->tx_count > 0)
		schedule(sim, q->tx_fifo[q->tx_head], EVENT_TX_DONE, q->index);
	q->tx_pending += done;
	if (done != 0 && sim->config->tx_interrupts)
		nic_cause(sim, q, now, done);
}

static void send_request(struct sim *sim, struct source *src, uint64_t now)
{
	const struct irqmod_sim_source *c = &src->config;
	struct queue *q = &sim->queues[src->queue];
	uint64_t end_ps, start_ps;
	uint32_t sequence = src->next_sequence++;
	struct request *r;
	struct reply *reply;

	if (src->request_count == MAX_OUTSTANDING) {
		/* The oldest request is given up as lost. */
		src->request_head = (src->request_head + 1) % MAX_OUTSTANDING;
		src->request_count--;
	}
	r = &src->requests[(src->request_head + src->request_count) % MAX_OUTSTANDING];
	r->send_ns = now;
	r->sequence = sequence;
	src->request_count++;
	src->last_send_ns = now;
	sim->counters.requests_sent++;
	if (now >= sim->window_start_ns && src->request_count > sim->in_flight_max)
		sim->in_flight_max = src->request_count;
	end_ps = transmit(sim, q, now, c->request_bytes);
	/* The peer receives it after propagation, answers after its turnaround,
	 * and the reply starts on our RX wire after propagation again. */
	start_ps = end_ps + (2 * sim->config->propagation_ns + c->remote_turnaround_ns) * PS_PER_NS;
	if (src->reply_count < MAX_OUTSTANDING) {
		reply = &src->replies[(src->reply_head + src->reply_count) % MAX_OUTSTANDING];
		reply->start_ps = start_ps;
		reply->sequence = sequence;
		if (src->reply_count++ == 0) {
			src->next_ps = start_ps;
			src->next_message = sequence;
		}
		pick_next_arrival(sim); /* the cache holds nothing committed */
	}
	if (c->timeout_ns != 0 && !src->event_pending) {
		src->event_pending = true;
		schedule(sim, now + c->timeout_ns, EVENT_SOURCE, src->index);
	}
}

static void app_wake(struct sim *sim, struct source *src, uint64_t now);

/* The application has a request to send (its timer expired or it starts). */
static void request_send(struct sim *sim, struct source *src, uint64_t now, uint32_t count)
{
	src->pending_sends += count;
	src->last_send_ns = now; /* the timer restarts from here */
	app_wake(sim, src, now);
}

/* Timeout bookkeeping: ping -f sends when @timeout_ns passed since the last
 * request; RR resends a request unanswered for @timeout_ns. The sends
 * themselves are the application's work (app_send_ns each). */
static void on_source_event(struct sim *sim, struct source *src, uint64_t now)
{
	const struct irqmod_sim_source *c = &src->config;
	uint64_t deadline;
	uint32_t i;

	src->event_pending = false;
	if (!src->started) {
		src->started = true;
		request_send(sim, src, now, c->outstanding);
	} else if (c->timeout_ns == 0) {
		return;
	} else if (c->kind == IRQMOD_SIM_SOURCE_PING) {
		deadline = src->last_send_ns + c->timeout_ns;
		if (now >= deadline)
			request_send(sim, src, now, 1);
	} else {
		i = 0;
		while (src->request_count > 0 &&
		       src->requests[src->request_head].send_ns + c->timeout_ns <= now) {
			src->request_head = (src->request_head + 1) % MAX_OUTSTANDING;
			src->request_count--;
			i++;
		}
		if (i != 0)
			request_send(sim, src, now, i);
	}
	if (c->timeout_ns == 0)
		return;
	if (src->event_pending)
		return;
	deadline = c->kind == IRQMOD_SIM_SOURCE_PING
			   ? src->last_send_ns + c->timeout_ns
			   : (src->request_count > 0
				      ? src->requests[src->request_head].send_ns + c->timeout_ns
				      : UINT64_MAX);
	if (deadline != UINT64_MAX) {
		src->event_pending = true;
		schedule(sim, max_u64(deadline, now), EVENT_SOURCE, src->index);
	}
}

/*
 * The application read a reply at @now. Return: true when it sends the next
 * request. ping -f sends on a reply only while fewer than its preload
 * (@outstanding) requests are in flight (iputils ping_common.c pinger()), so
 * the extra requests its 10 ms timer adds during a stall drain away; an RR
 * slot whose request timed out was already resent, so its late reply
 * releases nothing.
 */
static bool on_reply(struct sim *sim, struct source *src, uint32_t sequence, uint64_t now)
{
	bool found = false;
	uint32_t i;

	sim->counters.replies_received++;
	for (i = 0; i < src->request_count; i++) {
		struct request *r = &src->requests[(src->request_head + i) % MAX_OUTSTANDING];

		if (r->sequence != sequence)
			continue;
		if (now >= sim->window_start_ns)
			irqmod_sim_histogram_add(sim->rtt, now - r->send_ns);
		/* Remove it by moving the older entries up one place. */
		for (; i > 0; i--) {
			src->requests[(src->request_head + i) % MAX_OUTSTANDING] =
				src->requests[(src->request_head + i - 1) % MAX_OUTSTANDING];
		}
		src->request_head = (src->request_head + 1) % MAX_OUTSTANDING;
		src->request_count--;
		found = true;
		break;
	}
	if (src->config.kind == IRQMOD_SIM_SOURCE_PING)
		return src->request_count < src->config.outstanding;
	return found;
}

/* ------------------------------------------------------------------ */
/* Sockets and applications                                            */
/* ------------------------------------------------------------------ */

/* Uncharge datagrams the application finished reading by @now. */
static void socket_release(struct source *src, uint64_t now)
{
	while (src->socket_scheduled > 0) {
		struct socket_entry *e = &src->socket[src->socket_head];

		if (e->consumed_ns > now)
			break;
		src->socket_alloc -= e->truesize;
		src->socket_head = (src->socket_head + 1) & (src->socket_capacity - 1);
		src->socket_count--;
		src->socket_scheduled--;
	}
}

static void app_make_runnable(struct sim *sim, struct source *src, uint64_t now)
{
	struct core *core = &sim->cores[sim->config->app_core];

	src->app_state = APP_RUNNABLE;
	core->apps[(core->apps_head + core->apps_count) % (IRQMOD_SIM_MAX_SOURCES + 1)] =
		src->index;
	core->apps_count++;
	core_kick(sim, core, now);
}

/* Wake a sleeping application: it runs app_wakeup_ns later. */
static void app_wake(struct sim *sim, struct source *src, uint64_t now)
{
	if (src->app_state == APP_SLEEPING) {
		src->app_state = APP_WAKING;
		schedule(sim, now + sim->config->app_wakeup_ns, EVENT_APP_WAKE, src->index);
	}
}

/* Linux UDP admission (__udp_enqueue_schedule_skb): drop when the memory
 * already allocated exceeds rcvbuf, before charging; otherwise charge the
 * whole truesize, so occupancy may exceed rcvbuf by one datagram. */
static void socket_admit(struct sim *sim, struct source *src, uint64_t now, uint32_t frames,
			 uint64_t last_arrival_ns, uint32_t message, uint32_t payload_bytes)
{
	uint32_t truesize = frames * sim->config->truesize_bytes;
	struct socket_entry *e;

	socket_release(src, now);
	if (src->socket_alloc > sim->config->rcvbuf_bytes || src->socket_count == src->socket_capacity) {
		sim->counters.drops_socket += frames;
		sim->counters.drops_socket_datagrams++;
		sim->source_counters[src->index].drops += frames;
		return;
	}
	src->socket_alloc += truesize;
	e = &src->socket[(src->socket_head + src->socket_count) & (src->socket_capacity - 1)];
	e->last_arrival_ns = last_arrival_ns;
	e->consumed_ns = UINT64_MAX;
	e->payload_bytes = payload_bytes;
	e->truesize = truesize;
	e->message = message;
	src->socket_count++;
	sim->counters.delivered_frames += frames;
	sim->counters.delivered_datagrams++;
	if (now >= sim->window_start_ns)
		irqmod_sim_histogram_add(sim->to_socket, now - last_arrival_ns);
	app_wake(sim, src, now);
}

/* Hand one polled frame to the stack at @now (the end of its poll). */
static void deliver_frame(struct sim *sim, struct queue *q, const struct frame *f, uint64_t now)
{
	struct source *src = &sim->sources[f->source];
	struct reassembly *r;

	switch (src->config.kind) {
	case IRQMOD_SIM_SOURCE_FLOOD:
		/* Consumed by the stack (e.g. a SYN to a closed port). */
		sim->counters.delivered_frames++;
		if (now >= sim->window_start_ns)
			irqmod_sim_histogram_add(sim->to_socket, now - f->arrival_ns);
		if (f->respond)
			transmit(sim, q, now, src->config.response_bytes);
		return;
	case IRQMOD_SIM_SOURCE_UDP_STREAM:
		r = &src->reassembly[f->flow];
		if (r->frames != 0 && r->message != f->message) {
			/* A fragment of the previous datagram never came. */
			sim->counters.drops_reassembly += r->frames;
			sim->source_counters[src->index].drops += r->frames;
			r->frames = 0;
		}
		r->message = f->message;
		r->frames++;
		if (f->fragment + 1u < f->fragment_count)
			return;
		if (r->frames == f->fragment_count) {
			socket_admit(sim, src, now, r->frames, f->arrival_ns, f->message,
				     src->payload_bytes);
		} else {
			sim->counters.drops_reassembly += r->frames;
			sim->source_counters[src->index].drops += r->frames;
		}
		r->frames = 0;
		return;
	default:
		socket_admit(sim, src, now, 1, f->arrival_ns, f->message,
			     frame_payload(src, f->bytes));
		return;
	}
}

/* ------------------------------------------------------------------ */
/* Cores                                                               */
/* ------------------------------------------------------------------ */

static void start_job(struct sim *sim, struct core *core, uint32_t job, uint32_t index,
		      uint64_t now, uint64_t duration, uint64_t *account)
{
	core->job = job;
	core->job_index = index;
	core->job_start_ns = now;
	*account += window_overlap(sim, now, now + duration);
	schedule(sim, now + duration, EVENT_CORE_DONE, core->index);
}

static bool response_allowed(struct source *src, uint64_t now)
{
	if (src->config.response_limit_per_s == 0)
		return false;
	/* FreeBSD ppsratecheck(): at most N per one-second window. */
	if (now - src->limit_window_ns >= NS_PER_S) {
		src->limit_window_ns = now;
		src->limit_count = 0;
	}
	if (src->limit_count >= src->config.response_limit_per_s)
		return false;
	src->limit_count++;
	return true;
}

/*
 * Take up to @count more frames into the running poll of @q and return the
 * CPU time they cost. Flood responses are decided (rate limit) here.
 */
static uint64_t poll_take(struct sim *sim, struct queue *q, uint32_t count, uint64_t now)
{
	const struct irqmod_sim_config *c = sim->config;
	uint32_t i, slot = q->head + q->in_poll, responses = 0;
	uint64_t bytes = 0;

	if (slot >= q->ring_size)
		slot -= q->ring_size;
	for (i = 0; i < count; i++) {
		struct frame *f = &q->ring[slot];
		struct source *src = &sim->sources[f->source];

		bytes += f->bytes;
		if (now >= sim->window_start_ns) {
			/* Moderation held the frame from its arrival to the signal
			 * (interrupt or deferred-poll timer) that led to this poll;
			 * a frame that came after it waited for no moderation. */
			uint64_t added = q->signal_ns > f->arrival_ns ? q->signal_ns - f->arrival_ns : 0;

			irqmod_sim_histogram_add(sim->added_delay, added);
			if (sim->per_source)
				irqmod_sim_histogram_add(&sim->source_histograms[2 * f->source + 1],
							 added);
		}
		if (src->config.kind == IRQMOD_SIM_SOURCE_FLOOD) {
			f->respond = response_allowed(src, now);
			if (f->respond)
				responses++;
			else if (src->config.response_limit_per_s != 0)
				sim->counters.responses_limited++;
		}
		if (++slot == q->ring_size)
			slot = 0;
	}
	q->in_poll += count;
	q->poll_bytes += bytes;
	q->poll_responses += responses;
	return count * c->packet_ns + responses * c->response_ns;
}

/* Jobs last at least 1 ns so a zero-cost configuration still advances time. */
#define MIN_JOB_NS 1u

static void start_poll(struct sim *sim, struct core *core, struct queue *q, uint64_t now)
{
	const struct irqmod_sim_config *c = sim->config;
	uint32_t n = q->count < c->napi_budget ? q->count : c->napi_budget;
	uint64_t duration;

	q->in_poll = 0;
	q->poll_bytes = 0;
	q->poll_responses = 0;
	q->poll_tx = q->tx_pending;
	q->tx_pending = 0;
	sim->counters.polls++;
	duration = c->poll_ns + q->poll_tx * c->tx_clean_ns + poll_take(sim, q, n, now);
	start_job(sim, core, JOB_POLL, q->index, now, max_u64(duration, MIN_JOB_NS),
		  &core->time.softirq_ns);
}

/*
 * A poll keeps cleaning while descriptors are done and budget remains
 * (ixgbe_clean_rx_irq() loops until a descriptor lacks its DD bit), so
 * frames that arrived while it worked are taken before it ends.
 * Return: true when the poll was extended.
 */
static bool poll_extend(struct sim *sim, struct core *core, struct queue *q, uint64_t now)
{
	uint32_t budget = sim->config->napi_budget;
	uint32_t waiting = q->count - q->in_poll;
	uint32_t room = budget - q->in_poll;
	uint64_t duration;

	if (!sim->config->poll_rescan || q->in_poll >= budget || waiting == 0)
		return false;
	duration = poll_take(sim, q, waiting < room ? waiting : room, now);
	start_job(sim, core, JOB_POLL, q->index, now, max_u64(duration, MIN_JOB_NS),
		  &core->time.softirq_ns);
	return true;
}

static void start_app(struct sim *sim, struct core *core, struct source *src, uint64_t now)
{
	const struct irqmod_sim_config *c = sim->config;
	bool shared = false;
	uint32_t i, batch = c->app_batch, taken = 0;
	uint64_t t = now;

	for (i = 0; i < c->queues; i++)
		if (c->queue_core[i] == c->app_core)
			shared = true;
	if (shared)
		batch = 1; /* keep the interrupt work's wait short */
	src->app_state = APP_RUNNING;
	while (taken < batch &&
	       (src->pending_sends > 0 || src->socket_scheduled < src->socket_count)) {
		struct socket_entry *e;

		taken++;
		if (src->pending_sends > 0) {
			src->pending_sends--;
			t += c->app_send_ns;
			send_request(sim, src, t);
			continue;
		}
		e = &src->socket[(src->socket_head + src->socket_scheduled) &
				 (src->socket_capacity - 1)];
		t += c->app_datagram_ns + (uint64_t)e->payload_bytes * c->app_byte_ps / PS_PER_NS;
		e->consumed_ns = t;
		src->socket_scheduled++;
		sim->counters.received_datagrams++;
		sim->counters.received_payload_bytes += e->payload_bytes;
		sim->source_counters[src->index].received_datagrams++;
		if (t >= sim->window_start_ns) {
			irqmod_sim_histogram_add(sim->to_app, t - e->last_arrival_ns);
			if (sim->per_source)
				irqmod_sim_histogram_add(&sim->source_histograms[2 * src->index],
							 t - e->last_arrival_ns);
		}
		if ((src->config.kind == IRQMOD_SIM_SOURCE_PING ||
		     src->config.kind == IRQMOD_SIM_SOURCE_RR) &&
		    on_reply(sim, src, e->message, t)) {
			/* ping -f and netperf send the next request at once. */
			t += c->app_send_ns;
			send_request(sim, src, t);
		}
	}
	start_job(sim, core, JOB_APP, src->index, now, max_u64(t - now, MIN_JOB_NS),
		  &core->time.app_ns);
}

static void core_dispatch(struct sim *sim, struct core *core, uint64_t now)
{
	const struct irqmod_sim_config *c = sim->config;

	core->job = JOB_NONE;
	if (core->load_due) {
		uint64_t busy = draw_period(&sim->load_rng, c->load_distribution, c->load_busy_ns,
					    DEFAULT_PARETO_SHAPE);

		core->load_due = false;
		start_job(sim, core, JOB_LOAD, 0, now, max_u64(busy, 1), &core->time.load_ns);
		return;
	}
	if (core->irq_mask != 0) {
		uint32_t index = (uint32_t)__builtin_ctz(core->irq_mask);

		core->irq_mask &= ~(1u << index);
		start_job(sim, core, JOB_IRQ, index, now, max_u64(c->irq_ns, MIN_JOB_NS),
			  &core->time.irq_ns);
		return;
	}
	if (core->timer_mask != 0) {
		uint32_t index = (uint32_t)__builtin_ctz(core->timer_mask);

		core->timer_mask &= ~(1u << index);
		sim->counters.timer_interrupts++;
		start_job(sim, core, JOB_TIMER, index, now, max_u64(c->timer_irq_ns, MIN_JOB_NS),
			  &core->time.irq_ns);
		return;
	}
	if (core->napi_count > 0 && !(core->softirq_deferred && core->apps_count > 0)) {
		uint32_t index = core->napi[core->napi_head];

		if (!core->softirq_active) {
			core->softirq_active = true;
			core->softirq_start_ns = now;
			core->softirq_packets = 0;
		}
		core->napi_head = (core->napi_head + 1) % (IRQMOD_SIM_MAX_QUEUES + 1);
		core->napi_count--;
		start_poll(sim, core, &sim->queues[index], now);
		return;
	}
	if (core->apps_count > 0) {
		uint32_t index = core->apps[core->apps_head];

		core->apps_head = (core->apps_head + 1) % (IRQMOD_SIM_MAX_SOURCES + 1);
		core->apps_count--;
		start_app(sim, core, &sim->sources[index], now);
	}
}

static void core_kick(struct sim *sim, struct core *core, uint64_t now)
{
	if (core->job == JOB_NONE)
		core_dispatch(sim, core, now);
}

static void napi_schedule(struct core *core, uint32_t queue)
{
	core->napi[(core->napi_head + core->napi_count) % (IRQMOD_SIM_MAX_QUEUES + 1)] = queue;
	core->napi_count++;
}

/*
 * IRQMOD_SAMPLE_APP_FOUND_EVENTS: some application is reading or has data
 * waiting, the closest the model has to "its last wait found events".
 */
static bool apps_busy(const struct sim *sim)
{
	uint32_t i;

	for (i = 0; i < sim->source_count; i++) {
		const struct source *src = &sim->sources[i];

		if (src->app_state == APP_RUNNING || src->socket_scheduled < src->socket_count)
			return true;
	}
	return false;
}

static void call_controller(struct sim *sim, struct queue *q, uint64_t now, uint32_t flags,
			    struct irqmod_decision *decision)
{
	const struct irqmod_sim_controller *ctl = sim->controller;

	if (apps_busy(sim))
		flags |= IRQMOD_SAMPLE_APP_FOUND_EVENTS;
	q->sample.now_ns = now;
	q->sample.flags = flags | (q->from_interrupt ? IRQMOD_SAMPLE_FROM_INTERRUPT : 0);
	memset(decision, 0, sizeof(*decision));
	if (ctl->update)
		ctl->update(ctl->context, q->index, &q->sample, decision);
	else
		irqmod_controller_update(&q->controller, &q->sample, decision);
	sim->counters.controller_calls++;
	if (sim->hooks && sim->hooks->trace) {
		struct irqmod_sim_trace record;

		record.now_ns = now;
		record.queue = q->index;
		record.sample = q->sample;
		record.decision = *decision;
		sim->hooks->trace(sim->hooks->context, &record);
	}
	memset(&q->sample, 0, sizeof(q->sample));
}

static void finish_poll(struct sim *sim, struct core *core, struct queue *q, uint64_t now)
{
	const struct irqmod_sim_config *c = sim->config;
	uint32_t n = q->in_poll, i;
	struct irqmod_decision decision;

	for (i = 0; i < n; i++) {
		deliver_frame(sim, q, &q->ring[q->head], now);
		if (++q->head == q->ring_size)
			q->head = 0;
	}
	q->count -= n;
	q->in_poll = 0;
	sim->counters.responses += q->poll_responses;
	sim->counters.tx_completions += q->poll_tx;
	q->sample.rx_packets += n;
	q->sample.rx_bytes += q->poll_bytes;
	q->sample.tx_packets += q->poll_tx;
	/* A NIC writes back one completion per RX frame and TX descriptor. */
	q->sample.completions += n + q->poll_tx;
	core->softirq_packets += n;

	if (n == c->napi_budget) {
		/* Budget used up: NAPI stays scheduled, the IRQ stays masked. */
		if (c->controller_on_budget_exhausted) {
			call_controller(sim, q, now, IRQMOD_SAMPLE_BUDGET_EXHAUSTED, &decision);
			q->interval_ns = decision.rx_interval_ns;
			q->rate_limit_ns = decision.rate_limit_ns;
		}
		napi_schedule(core, q->index);
	} else {
		/* napi_complete_done(): the driver runs its moderation update. */
		call_controller(sim, q, now, 0, &decision);
		q->from_interrupt = false;
		q->interval_ns = decision.rx_interval_ns;
		q->rate_limit_ns = decision.rate_limit_ns;
		q->frames_threshold = decision.frames != 0 ? decision.frames : c->rx_frames;
		if (decision.action == IRQMOD_ACTION_POLL) {
			if (decision.poll_delay_ns == 0)
				napi_schedule(core, q->index);
			else if (decision.poll_delay_ns <= c->poll_spin_ns)
				q->spin_ns = decision.poll_delay_ns; /* on_core_done() spins */
			else
				schedule(sim, now + decision.poll_delay_ns, EVENT_REPOLL, q->index);
		} else {
			nic_enable(sim, q, now);
		}
	}
	if (core->napi_count == 0) {
		/* No NAPI left: softirq work is done (ksoftirqd, if it ran,
		 * sleeps again). */
		core->softirq_active = false;
		core->softirq_deferred = false;
	} else if (core->softirq_packets >= c->softirq_budget_packets ||
		   now - core->softirq_start_ns >= c->softirq_budget_ns) {
		/* net_rx_action() ran out of budget: the rest is left to
		 * ksoftirqd, a normal thread; until the NAPI work is done,
		 * runnable applications (woken sleepers, which CFS favours)
		 * run before each further softirq run. */
		core->softirq_active = false;
		core->softirq_deferred = true;
		sim->counters.softirq_squeezes++;
	}
}

static void on_core_done(struct sim *sim, struct core *core, uint64_t now)
{
	struct queue *q;
	struct source *src;

	switch (core->job) {
	case JOB_IRQ:
		q = &sim->queues[core->job_index];
		q->irq_pending = false;
		q->from_interrupt = true;
		napi_schedule(core, q->index);
		break;
	case JOB_TIMER:
		/* napi_watchdog(): the timer schedules the deferred poll. */
		napi_schedule(core, core->job_index);
		break;
	case JOB_POLL:
		q = &sim->queues[core->job_index];
		if (poll_extend(sim, core, q, now))
			return;
		finish_poll(sim, core, q, now);
		if (q->spin_ns != 0) {
			/* The core waits for the deferred poll by spinning:
			 * busy, nothing else runs on it meanwhile. */
			start_job(sim, core, JOB_SPIN, q->index, now, q->spin_ns,
				  &core->time.softirq_ns);
			q->spin_ns = 0;
			return;
		}
		break;
	case JOB_SPIN:
		q = &sim->queues[core->job_index];
		q->signal_ns = now;
		napi_schedule(core, q->index);
		break;
	case JOB_APP:
		src = &sim->sources[core->job_index];
		socket_release(src, now);
		if (src->socket_scheduled < src->socket_count || src->pending_sends > 0) {
			core->job = JOB_NONE;
			app_make_runnable(sim, src, now);
			return; /* app_make_runnable() dispatched */
		}
		src->app_state = APP_SLEEPING;
		break;
	case JOB_LOAD:
		schedule(sim, now + draw_period(&sim->load_rng, sim->config->load_distribution,
						sim->config->load_idle_ns, DEFAULT_PARETO_SHAPE),
			 EVENT_LOAD, core->index);
		break;
	default:
		break;
	}
	core->job = JOB_NONE;
	core_dispatch(sim, core, now);
}

/* ------------------------------------------------------------------ */
/* Setup and the main loop                                             */
/* ------------------------------------------------------------------ */

static void free_sim(struct sim *sim)
{
	uint32_t i;

	for (i = 0; i < IRQMOD_SIM_MAX_QUEUES; i++) {
		free(sim->queues[i].ring);
		free(sim->queues[i].tx_fifo);
	}
	for (i = 0; i < IRQMOD_SIM_MAX_SOURCES; i++) {
		free(sim->sources[i].requests);
		free(sim->sources[i].replies);
		free(sim->sources[i].socket);
		free(sim->sources[i].reassembly);
	}
	free(sim->heap.events);
	free(sim->to_socket);
	free(sim->to_app);
	free(sim->rtt);
	free(sim->added_delay);
	free(sim->source_histograms);
}

static int setup_source(struct sim *sim, struct source *src, const struct irqmod_sim_source *c,
			uint32_t index)
{
	const struct irqmod_sim_config *config = sim->config;
	uint64_t start_ps = c->start_ns * PS_PER_NS;

	src->config = *c;
	src->index = index;
	irqmod_sim_rng_seed(&src->rng, config->seed, index);
	src->next_fragment_count = 1;
	src->next_bytes = c->frame_bytes;
	src->payload_bytes = c->frame_bytes > ETH_HEADER_BYTES + IPV4_HEADER_BYTES + UDP_HEADER_BYTES
				     ? c->frame_bytes - (ETH_HEADER_BYTES + IPV4_HEADER_BYTES +
							 UDP_HEADER_BYTES)
				     : 0;
	if (c->rate_pps != 0) {
		src->step_ps = PS_PER_S / c->rate_pps;
		src->step_remainder = PS_PER_S % c->rate_pps;
	}
	src->queue = config->queues == 1 ? 0 : flow_queue(sim, index, 0);
	src->next_ps = start_ps;
	source_next_flow(src);
	/* The admission rule lets in at most rcvbuf / truesize + 1 datagrams;
	 * a power of two lets the ring wrap with a mask. */
	src->socket_capacity = 1;
	while (src->socket_capacity < config->rcvbuf_bytes / config->truesize_bytes + 2)
		src->socket_capacity <<= 1;
	src->socket = calloc(src->socket_capacity, sizeof(*src->socket));
	if (!src->socket)
		return -IRQMOD_ERANGE;
	switch (c->kind) {
	case IRQMOD_SIM_SOURCE_FLOOD:
		if (c->poisson_arrivals)
			src->next_ps = add_sat(start_ps,
					       irqmod_sim_exponential(&src->rng, src->step_ps));
		break;
	case IRQMOD_SIM_SOURCE_POISSON:
		src->next_ps = add_sat(start_ps, draw_gap(src));
		break;
	case IRQMOD_SIM_SOURCE_ONOFF:
		src->period_end_ps =
			add_sat(start_ps, max_u64(draw_period(&src->rng, c->period_distribution,
							      c->on_mean_ns, c->pareto_shape_milli),
						  1) *
						  PS_PER_NS);
		break;
	case IRQMOD_SIM_SOURCE_UDP_STREAM: {
		uint32_t ip_payload = c->message_bytes + UDP_HEADER_BYTES;
		uint32_t per_fragment = (c->mtu_bytes - IPV4_HEADER_BYTES) & ~(FRAGMENT_ALIGN - 1);

		src->fragments = (ip_payload + per_fragment - 1) / per_fragment;
		src->full_fragment_bytes = ETH_HEADER_BYTES + IPV4_HEADER_BYTES + per_fragment;
		src->last_fragment_bytes = ETH_HEADER_BYTES + IPV4_HEADER_BYTES + ip_payload -
					   (src->fragments - 1) * per_fragment;
		if (src->last_fragment_bytes < MIN_FRAME_BYTES)
			src->last_fragment_bytes = MIN_FRAME_BYTES;
		if (src->fragments == 1)
			src->full_fragment_bytes = src->last_fragment_bytes;
		src->next_fragment_count = (uint16_t)src->fragments;
		src->next_bytes = src->fragments == 1 ? src->last_fragment_bytes
						      : src->full_fragment_bytes;
		src->payload_bytes = c->message_bytes;
		src->reassembly = calloc(c->flows, sizeof(*src->reassembly));
		if (!src->reassembly)
			return -IRQMOD_ERANGE;
		break;
	}
	case IRQMOD_SIM_SOURCE_TRACE: {
		const struct irqmod_sim_trace_file *t = c->trace;
		uint64_t low = 0, high = t->count;

		/* A lap is the span plus the mean gap, so the last record
		 * and the first of the next lap are one mean gap apart. */
		src->trace_lap_ns = t->count > 1 ? t->span_ns + t->span_ns / (t->count - 1) : 1;
		if (src->trace_lap_ns == 0)
			src->trace_lap_ns = 1; /* every record at one instant */
		src->trace_offset_ns = c->trace_random_offset && c->trace_loop
					       ? irqmod_sim_rng_next(&src->rng) % src->trace_lap_ns
					       : c->trace_start_offset_ns;
		/* The first record at or after the offset. */
		while (low < high) {
			uint64_t middle = low + (high - low) / 2;

			if (t->records[middle].time_ns < src->trace_offset_ns)
				low = middle + 1;
			else
				high = middle;
		}
		src->trace_start_ps = start_ps;
		src->trace_index = low;
		trace_load_record(src);
		break;
	}
	case IRQMOD_SIM_SOURCE_PING:
	case IRQMOD_SIM_SOURCE_RR:
		src->next_ps = UINT64_MAX;
		src->next_flow = 0;
		src->requests = calloc(MAX_OUTSTANDING, sizeof(*src->requests));
		src->replies = calloc(MAX_OUTSTANDING, sizeof(*src->replies));
		if (!src->requests || !src->replies)
			return -IRQMOD_ERANGE;
		src->event_pending = true;
		schedule(sim, c->start_ns, EVENT_SOURCE, index);
		break;
	default:
		break;
	}
	return 0;
}

/* Heap sizing: live events per core or source (done, load, wake, timeout),
 * per queue (IRQ, re-poll, TX done, plus IRQ events left stale when an
 * interval shrinks), and a margin. */
#define HEAP_MARGIN 256u
#define HEAP_PER_QUEUE 64u
#define HEAP_PER_OWNER 4u

static int setup(struct sim *sim)
{
	const struct irqmod_sim_config *c = sim->config;
	uint32_t i;
	int error;

	sim->end_ns = c->duration_ns;
	sim->window_start_ns = c->warmup_ns;
	/* At most one live event per queue and kind, per core, per source,
	 * plus the warm-up; the margin holds IRQ events left stale when a
	 * controller shortens the interval. */
	sim->heap.capacity = HEAP_MARGIN + HEAP_PER_QUEUE * IRQMOD_SIM_MAX_QUEUES +
			     HEAP_PER_OWNER * (IRQMOD_SIM_MAX_CORES + IRQMOD_SIM_MAX_SOURCES);
	sim->heap.events = calloc(sim->heap.capacity, sizeof(*sim->heap.events));
	sim->to_socket = malloc(sizeof(*sim->to_socket));
	sim->to_app = malloc(sizeof(*sim->to_app));
	sim->rtt = malloc(sizeof(*sim->rtt));
	sim->added_delay = malloc(sizeof(*sim->added_delay));
	if (!sim->heap.events || !sim->to_socket || !sim->to_app || !sim->rtt || !sim->added_delay)
		return -IRQMOD_ERANGE;
	irqmod_sim_histogram_clear(sim->added_delay);
	irqmod_sim_histogram_clear(sim->to_socket);
	irqmod_sim_histogram_clear(sim->to_app);
	irqmod_sim_histogram_clear(sim->rtt);

	for (i = 0; i < c->queues; i++) {
		struct queue *q = &sim->queues[i];

		q->index = i;
		q->core = c->queue_core[i];
		q->ring_size = c->ring_size;
		q->ring = calloc(c->ring_size, sizeof(*q->ring));
		q->tx_fifo = calloc(TX_FIFO_SIZE, sizeof(*q->tx_fifo));
		if (!q->ring || !q->tx_fifo)
			return -IRQMOD_ERANGE;
		q->enabled = true;
		q->event_ns = UINT64_MAX;
		q->interval_ns = sim->controller->initial_interval_ns;
		q->frames_threshold = c->rx_frames;
		if (!sim->controller->update) {
			struct irqmod_decision start;

			error = irqmod_controller_init(&q->controller, &sim->controller->generic);
			if (error)
				return error;
			/* The driver programs the start interval at queue setup. */
			irqmod_controller_current(&q->controller, &start);
			q->interval_ns = start.rx_interval_ns;
		}
	}
	for (i = 0; i < c->cores; i++)
		sim->cores[i].index = i;
	sim->wire_cache_bytes = 0;
	for (i = 0; i < IRQMOD_SIM_MAX_SOURCES; i++)
		if (c->sources[i].kind != IRQMOD_SIM_SOURCE_OFF)
			sim->source_count++;
	sim->per_source = sim->source_count > 1;
	if (sim->per_source) {
		sim->source_histograms =
			malloc(2 * sim->source_count * sizeof(*sim->source_histograms));
		if (!sim->source_histograms)
			return -IRQMOD_ERANGE;
		for (i = 0; i < 2 * sim->source_count; i++)
			irqmod_sim_histogram_clear(&sim->source_histograms[i]);
	}
	sim->source_count = 0;
	for (i = 0; i < IRQMOD_SIM_MAX_SOURCES; i++) {
		if (c->sources[i].kind == IRQMOD_SIM_SOURCE_OFF)
			continue;
		error = setup_source(sim, &sim->sources[sim->source_count], &c->sources[i],
				     sim->source_count);
		if (error)
			return error;
		sim->source_count++;
	}
	if (c->load_core != IRQMOD_SIM_NO_CORE) {
		irqmod_sim_rng_seed(&sim->load_rng, c->seed, IRQMOD_SIM_MAX_SOURCES);
		schedule(sim, draw_period(&sim->load_rng, c->load_distribution, c->load_idle_ns,
					  DEFAULT_PARETO_SHAPE),
			 EVENT_LOAD, c->load_core);
	}
	if (c->warmup_ns > 0)
		schedule(sim, c->warmup_ns, EVENT_WARMUP, 0);
	pick_next_arrival(sim);
	return sim->error;
}

static void dispatch_event(struct sim *sim, const struct irqmod_sim_event *e)
{
	uint64_t now = e->time_ns;

	sim->now_ns = now;
	switch (e->type) {
	case EVENT_IRQ:
		on_irq_event(sim, &sim->queues[e->index], now);
		break;
	case EVENT_CORE_DONE:
		on_core_done(sim, &sim->cores[e->index], now);
		break;
	case EVENT_REPOLL: {
		struct queue *q = &sim->queues[e->index];
		struct core *core = &sim->cores[q->core];

		/* The deferred poll's hrtimer fires: an interrupt (timer_irq_ns)
		 * whose handler schedules the NAPI; 0 schedules it directly. */
		q->signal_ns = now;
		if (sim->config->timer_irq_ns != 0)
			core->timer_mask |= 1u << q->index;
		else
			napi_schedule(core, q->index);
		core_kick(sim, core, now);
		break;
	}
	case EVENT_TX_DONE:
		on_tx_done(sim, &sim->queues[e->index], now);
		break;
	case EVENT_APP_WAKE:
		app_make_runnable(sim, &sim->sources[e->index], now);
		break;
	case EVENT_LOAD:
		sim->cores[e->index].load_due = true;
		core_kick(sim, &sim->cores[e->index], now);
		break;
	case EVENT_SOURCE:
		on_source_event(sim, &sim->sources[e->index], now);
		break;
	case EVENT_WARMUP:
		sim->base = sim->counters;
		memcpy(sim->source_base, sim->source_counters, sizeof(sim->source_base));
		irqmod_sim_histogram_clear(sim->added_delay);
		for (uint32_t i = 0; sim->per_source && i < 2 * sim->source_count; i++)
			irqmod_sim_histogram_clear(&sim->source_histograms[i]);
		irqmod_sim_histogram_clear(sim->to_socket);
		irqmod_sim_histogram_clear(sim->to_app);
		irqmod_sim_histogram_clear(sim->rtt);
		break;
	default:
		break;
	}
}

static void run_loop(struct sim *sim)
{
	uint32_t iterations = 0;

	while (sim->error == 0) {
		uint64_t event_ns = sim->heap.count ? sim->heap.events[0].time_ns : UINT64_MAX;
		struct irqmod_sim_event e;

		if (sim->next_arrival_ns <= event_ns) {
			if (sim->next_arrival_ns > sim->end_ns)
				break;
			process_arrival(sim, min_u64(event_ns, sim->end_ns));
			continue;
		}
		if (event_ns > sim->end_ns)
			break;
		irqmod_sim_heap_pop(&sim->heap, &e);
		dispatch_event(sim, &e);
		if (++iterations == PROGRESS_PERIOD) {
			iterations = 0;
			if (sim->hooks && sim->hooks->progress)
				sim->hooks->progress(sim->hooks->context, sim->now_ns, sim->end_ns);
		}
	}
}

#define SUB(field) (sim->counters.field - sim->base.field)

static void report(struct sim *sim, struct irqmod_sim_results *r)
{
	const struct irqmod_sim_config *c = sim->config;
	double window_s;
	uint64_t in_flight = 0;
	uint32_t i, j;

	memset(r, 0, sizeof(*r));
	if (sim->controller->name)
		strncpy(r->controller, sim->controller->name, sizeof(r->controller) - 1);
	r->window_ns = sim->end_ns - sim->window_start_ns;
	window_s = (double)r->window_ns / 1e9;
	r->offered_frames = SUB(offered_frames);
	r->offered_bytes = SUB(offered_bytes);
	r->offered_datagrams = SUB(offered_datagrams);
	r->offered_payload_bytes = SUB(offered_payload_bytes);
	r->delivered_frames = SUB(delivered_frames);
	r->delivered_datagrams = SUB(delivered_datagrams);
	r->received_datagrams = SUB(received_datagrams);
	r->received_payload_bytes = SUB(received_payload_bytes);
	r->offered_mbps = (double)r->offered_payload_bytes * 8.0 / window_s / 1e6;
	r->throughput_mbps = (double)r->received_payload_bytes * 8.0 / window_s / 1e6;
	r->drops_ring = SUB(drops_ring);
	r->drops_socket = SUB(drops_socket);
	r->drops_socket_datagrams = SUB(drops_socket_datagrams);
	r->drops_reassembly = SUB(drops_reassembly);
	r->interrupts = SUB(interrupts);
	r->timer_interrupts = SUB(timer_interrupts);
	r->interrupts_per_s = (double)r->interrupts / window_s;
	r->polls = SUB(polls);
	r->controller_calls = SUB(controller_calls);
	r->softirq_squeezes = SUB(softirq_squeezes);
	r->responses = SUB(responses);
	r->responses_limited = SUB(responses_limited);
	r->tx_completions = SUB(tx_completions);
	r->requests_sent = SUB(requests_sent);
	r->replies_received = SUB(replies_received);
	r->requests_in_flight_max = sim->in_flight_max;
	irqmod_sim_histogram_report(sim->to_socket, &r->to_socket);
	irqmod_sim_histogram_report(sim->to_app, &r->to_app);
	irqmod_sim_histogram_report(sim->rtt, &r->rtt);
	irqmod_sim_histogram_report(sim->added_delay, &r->added_delay);
	r->sources = sim->source_count;
	for (i = 0; i < sim->source_count; i++) {
		struct irqmod_sim_source_results *s = &r->source[i];

		s->kind = sim->sources[i].config.kind;
		s->offered_frames = sim->source_counters[i].offered_frames -
				    sim->source_base[i].offered_frames;
		s->received_datagrams = sim->source_counters[i].received_datagrams -
					sim->source_base[i].received_datagrams;
		s->drops = sim->source_counters[i].drops - sim->source_base[i].drops;
		if (sim->per_source) {
			irqmod_sim_histogram_report(&sim->source_histograms[2 * i], &s->to_app);
			irqmod_sim_histogram_report(&sim->source_histograms[2 * i + 1],
						    &s->added_delay);
		} else {
			s->to_app = r->to_app;
			s->added_delay = r->added_delay;
		}
	}
	r->cores = c->cores;
	for (i = 0; i < c->cores; i++) {
		struct irqmod_sim_core_time *t = &r->core[i];

		*t = sim->cores[i].time;
		t->utilisation = (double)(t->irq_ns + t->softirq_ns + t->app_ns + t->load_ns) /
				 (double)r->window_ns;
		t->interrupt_utilisation = (double)(t->irq_ns + t->softirq_ns) / (double)r->window_ns;
	}
	for (i = 0; i < c->queues; i++)
		in_flight += sim->queues[i].count;
	for (i = 0; i < sim->source_count; i++) {
		struct source *src = &sim->sources[i];

		if (!src->reassembly)
			continue;
		for (j = 0; j < src->config.flows; j++)
			in_flight += src->reassembly[j].frames;
	}
	r->totals.offered_frames = sim->counters.offered_frames;
	r->totals.delivered_frames = sim->counters.delivered_frames;
	r->totals.dropped_frames = sim->counters.drops_ring + sim->counters.drops_socket +
				   sim->counters.drops_reassembly;
	r->totals.in_flight_frames = in_flight;
}

int irqmod_sim_run(const struct irqmod_sim_config *config,
		   const struct irqmod_sim_controller *controller,
		   const struct irqmod_sim_hooks *hooks, struct irqmod_sim_results *results)
{
	struct sim *sim;
	int error;

	if (!config || !controller || !results)
		return -IRQMOD_EINVAL;
	error = irqmod_sim_check(config, NULL);
	if (error)
		return error;
	sim = calloc(1, sizeof(*sim));
	if (!sim)
		return -IRQMOD_ERANGE;
	sim->config = config;
	sim->controller = controller;
	sim->hooks = hooks;
	error = setup(sim);
	if (error == 0) {
		run_loop(sim);
		error = sim->error;
	}
	if (error == 0)
		report(sim, results);
	free_sim(sim);
	free(sim);
	return error;
}
