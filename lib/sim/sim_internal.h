/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The receive-path model, one module per stage: sources -> link -> RX ring
 * -> interrupt timer -> IRQ handler -> NAPI polls under the softirq budget
 * -> sockets -> applications, with a controller called after every
 * completed poll. Not installed.
 *
 *	config.c  names, defaults and the check of struct irqmod_sim_config
 *	source.c  traffic sources and the peer (struct irqmod_sim_src)
 *	nic.c     link, RX ring, interrupt timer, TX completions
 *		  (struct irqmod_sim_link, struct irqmod_sim_queue)
 *	host.c    cores, NAPI, polls, the controller call, the competing task
 *		  (struct irqmod_sim_core, struct irqmod_sim_napi)
 *	socket.c  socket receive buffers and the applications (struct irqmod_sim_socket)
 *	napi.c    the kernel's NAPI rules beside the driver's: deferral, the
 *		  NAPI timer, threaded NAPI
 *	busy_poll.c  an application's busy polling and IRQ suspension
 *	report.c  counters, histograms and the results (struct irqmod_sim_metrics)
 *	run.c     setup, the event loop and irqmod_sim_run() (struct irqmod_sim_model)
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
#ifndef IRQMOD_SIM_INTERNAL_H
#define IRQMOD_SIM_INTERNAL_H

#include "engine.h"
#include "timeseries.h"

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
/* The UDP payload of a datagram in one frame of @bytes. */
static inline uint32_t irqmod_sim_datagram_payload(uint32_t bytes)
{
	const uint32_t headers = ETH_HEADER_BYTES + IPV4_HEADER_BYTES + UDP_HEADER_BYTES;

	return bytes > headers ? bytes - headers : 0;
}
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
/* Pareto shape of the competing task's periods: alpha 1.5, heavy tail,
 * finite mean (also the sources' default). */
#define DEFAULT_PARETO_SHAPE 1500u
/* Trace replay speed in thousandths: 1000 is the recorded pace. */
#define TRACE_SPEED_AS_RECORDED 1000u
/* Shapes of the generalised laws, in millionths. */
#define MICRO 1000000u
/* Jobs last at least 1 ns so a zero-cost configuration still advances time. */
#define MIN_JOB_NS 1u
/* Random streams after the sources' own (0 .. IRQMOD_SIM_MAX_SOURCES - 1,
 * irqmod_sim_rng_seed()): the load task's (run.c), and the one the
 * constant on/off sources share for their cycle's phase (source.c). */
#define IRQMOD_SIM_LOAD_STREAM IRQMOD_SIM_MAX_SOURCES
#define IRQMOD_SIM_ONOFF_PHASE_STREAM (IRQMOD_SIM_MAX_SOURCES + 1)

enum event_type {
	EVENT_IRQ = 0,	/* queue: interrupt timer expiry */
	EVENT_CORE_DONE,	/* core: running job ends */
	EVENT_REPOLL,	/* queue: hybrid poll delay over */
	EVENT_TX_DONE,	/* queue: TX completion write-back */
	EVENT_APP_WAKE,	/* source: its application becomes runnable */
	EVENT_LOAD,	/* core: competing task is due */
	EVENT_SOURCE,	/* source: start or timeout of ping/RR */
	EVENT_WARMUP,	/* warm-up ends: metrics start */
	EVENT_SAMPLE,	/* a time-series bucket ends (timeseries.c) */
	EVENT_NAPI_TIMER,	/* queue: the NAPI's hrtimer (busy_poll.c) */
	EVENT_WAIT_TIMEOUT,	/* source: its application's wait times out */
	EVENT_NAPI_WAKE,	/* queue: its NAPI thread runs (threaded NAPI) */
};

enum job_type {
	JOB_NONE = 0,
	JOB_IRQ,
	JOB_POLL,
	JOB_APP,
	JOB_LOAD,
	JOB_TIMER,	/* the hrtimer interrupt of a deferred poll */
	JOB_SPIN,	/* a deferred poll's delay spun on the core (poll_spin_ns) */
	JOB_BUSY,	/* one pass of an application's busy-poll loop */
	JOB_BUSY_STOP,	/* the busy poller's last poll (busy_poll_stop()) */
};

enum app_state {
	APP_SLEEPING = 0,
	APP_WAKING,
	APP_RUNNABLE,
	APP_RUNNING,
};

/* ------------------------------------------------------------------ */
/* source.c: traffic sources and the peer                              */
/* ------------------------------------------------------------------ */

struct irqmod_sim_request {
	uint64_t send_ns;
	uint32_t sequence;
};

struct irqmod_sim_reply {
	uint64_t start_ps;
	uint32_t sequence;
};

struct irqmod_sim_src {
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
	struct irqmod_sim_request *requests; /* ring of MAX_OUTSTANDING */
	uint32_t request_head;
	uint32_t request_count;
	struct irqmod_sim_reply *replies; /* ring of MAX_OUTSTANDING */
	uint32_t reply_head;
	uint32_t reply_count;
	uint32_t next_sequence;
	uint64_t last_send_ns;
	bool event_pending;
	bool started;
	uint32_t queue; /* queue of flow 0 (replies, TX completions) */
	/* With several queues, the queue RSS gives each of the configured
	 * flows (irqmod_sim_flow_queue() once per flow, not per frame). */
	uint8_t *flow_queues;
	/* Flood responses: FreeBSD ppsratecheck()-style one-second windows. */
	uint64_t limit_window_ns;
	uint32_t limit_count;
	/* Trace replay: next record, lap, lap length and start offset. */
	uint64_t trace_index;
	uint64_t trace_lap;
	uint64_t trace_lap_ns;
	uint64_t trace_offset_ns;
	uint64_t trace_start_ps;
};

/* ------------------------------------------------------------------ */
/* nic.c: link, RX ring, interrupt timer, TX completions               */
/* ------------------------------------------------------------------ */

/* The link: RX direction with the cached next arrival, and TX direction. */
struct irqmod_sim_link {
	uint64_t free_ps;
	uint64_t remainder;
	uint32_t wire_cache_bytes;
	uint64_t wire_cache_ps;
	uint64_t wire_cache_remainder;
	int next_source;
	uint64_t next_arrival_ps;
	uint64_t next_arrival_ns;
	uint64_t next_remainder;
	uint64_t tx_free_ps;
};

/* One RX descriptor holding a received frame. */
struct irqmod_sim_frame {
	uint64_t arrival_ns;
	uint32_t message;
	uint16_t bytes;
	uint16_t flow;
	uint8_t source;
	uint8_t respond;
	uint16_t fragment;
	uint16_t fragment_count;
};

/* One RX queue of the NIC: its ring, interrupt vector and TX completions. */
struct irqmod_sim_queue {
	struct irqmod_sim_frame *ring;
	uint32_t ring_size;
	uint32_t head;
	uint32_t count;
	uint32_t in_poll;	/* descriptors (from head) the running poll owns */
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
	uint32_t pending_causes;
	/* The throttle's release comes this much late since the last re-arm
	 * (throttle_late_ns when that re-arm's wait slept, else 0). */
	uint64_t release_late_ns;
	uint32_t interval_ns;
	uint32_t rate_limit_ns;
	uint32_t frames_threshold;
	/* TX completions. */
	uint32_t tx_pending;	/* completions written back, not yet cleaned */
	uint64_t *tx_fifo;
	uint32_t tx_head;
	uint32_t tx_count;
};

/* ------------------------------------------------------------------ */
/* host.c: cores, NAPI, polls, the controller                          */
/* ------------------------------------------------------------------ */

/* The NAPI instance of one queue and the controller the driver runs on it:
 * @ctl's user update, its hybrid (with the hybrid's counters), or its
 * generic controller. */
struct irqmod_sim_napi {
	bool irq_pending;	/* fired, handler not yet run */
	bool from_interrupt;
	bool run_hybrid;
	uint32_t poll_tx;
	uint32_t poll_responses;
	uint64_t poll_bytes;
	const struct irqmod_sim_controller *ctl;
	struct irqmod_controller controller;
	struct irqmod_hybrid hybrid;
	struct irqmod_hybrid_counters hybrid_counters;
	struct irqmod_hybrid_counters hybrid_base; /* at the end of the warm-up */
	struct irqmod_sample sample;
	/* A deferred poll's delay to spin on the core once this poll ends
	 * (poll_spin_ns); 0: none. */
	uint64_t spin_ns;
	/* The kernel's NAPI state (busy_poll.c): scheduled for a softirq poll
	 * (NAPI_STATE_SCHED), held by a busy poller (NAPI_STATE_IN_BUSY_POLL),
	 * an interrupt or timer that found it held (NAPI_STATE_MISSED), a
	 * busy poller's preference, the
	 * deferrals left (defer_hard_irqs_count), and the hrtimer: its
	 * deadline, its live heap event and an earlier superseded event still
	 * in the heap (UINT64_MAX: none). */
	bool sched;
	bool busy;
	bool missed;
	bool prefer_busy;	/* NAPI_STATE_PREFER_BUSY_POLL */
	uint32_t defer_count;
	/* The core that started the hrtimer last: it expires and schedules
	 * the NAPI there (HRTIMER_MODE_REL_PINNED, net/core/dev.c). */
	uint32_t timer_core;
	uint64_t timer_ns;
	uint64_t timer_event_ns;
	uint64_t timer_spare_ns;
};

struct irqmod_sim_core {
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
	bool napi_turn;	/* threaded NAPI: its thread runs before the next application */
	uint64_t softirq_start_ns;
	uint32_t softirq_packets;
	uint32_t apps[IRQMOD_SIM_MAX_SOURCES + 1];
	uint32_t apps_head;
	uint32_t apps_count;
	bool load_due;
	struct irqmod_sim_core_time time;
};

/* ------------------------------------------------------------------ */
/* socket.c: sockets and applications                                  */
/* ------------------------------------------------------------------ */

/* A datagram in a socket receive queue. */
struct irqmod_sim_socket_entry {
	uint64_t last_arrival_ns;
	uint64_t consumed_ns; /* UINT64_MAX until the application schedules it */
	uint32_t payload_bytes;
	uint32_t truesize;
	uint32_t message;
	uint32_t queue; /* the queue its last frame came through */
};

struct irqmod_sim_reassembly {
	uint32_t message;
	uint32_t frames;
};

/* The socket of one source, the application reading it, and IP reassembly. */
struct irqmod_sim_socket {
	struct irqmod_sim_socket_entry *entries; /* ring */
	uint32_t capacity;
	uint32_t head;	     /* oldest entry still charged */
	uint32_t count;	     /* charged entries */
	uint32_t scheduled;  /* entries (from head) the app has taken */
	uint64_t alloc_bytes;
	uint32_t app_state;
	uint32_t pending_sends; /* requests the application has yet to send */
	/* Busy polling (busy_poll.c): when the loop began, whether this
	 * application holds the NAPI, whether its stop skips the softirq
	 * (a timer polls next), and whether it yielded the core mid-loop;
	 * the wait's timeout while it sleeps. */
	uint64_t busy_start_ns;
	uint64_t wait_deadline_ns; /* a sleeping wait's timeout, UINT64_MAX: none */
	uint64_t wait_event_ns;	   /* its live heap event, UINT64_MAX: none */
	bool busy_owner;
	bool busy_skip_schedule;
	bool busy_resume;
	struct irqmod_sim_reassembly *reassembly; /* one per flow */
};

/* ------------------------------------------------------------------ */
/* report.c: counters, histograms, results                             */
/* ------------------------------------------------------------------ */

/* Per-source counters, so sources sharing a queue can be told apart. */
struct irqmod_sim_source_counters {
	uint64_t offered_frames;
	uint64_t received_datagrams;
	uint64_t drops;
};


/*
 * The model counts into public struct irqmod_sim_counters: one per queue
 * (every count a queue has: its frames, its vector, its NAPI) and @counters
 * for the per-core and per-source ones (softirq_squeezes, requests_sent,
 * replies_received), each since time 0, with a copy at the end of the
 * warm-up; the results' counters are their sum.
 */
struct irqmod_sim_metrics {
	struct irqmod_sim_counters counters; /* the counts no queue has */
	struct irqmod_sim_counters base; /* at the end of the warm-up */
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
	struct irqmod_sim_source_counters source_counters[IRQMOD_SIM_MAX_SOURCES];
	struct irqmod_sim_source_counters source_base[IRQMOD_SIM_MAX_SOURCES];
	/* Per queue: counters, and to_app at 2q, added delay at 2q + 1 (the
	 * histograms only with several queues, and then the totals' to_app
	 * and added_delay are filled from them at the end of the run; one
	 * queue's are the totals). */
	struct irqmod_sim_counters queue_counters[IRQMOD_SIM_MAX_QUEUES];
	struct irqmod_sim_counters queue_base[IRQMOD_SIM_MAX_QUEUES];
	struct irqmod_sim_histogram *queue_histograms;
	bool per_queue;
};

/* ------------------------------------------------------------------ */
/* run.c: the model that owns the modules                              */
/* ------------------------------------------------------------------ */

struct irqmod_sim_model {
	const struct irqmod_sim_config *config;
	const struct irqmod_sim_controller *controllers;
	uint32_t controller_count; /* 1: the same controller on every queue */
	const struct irqmod_sim_hooks *hooks;
	struct irqmod_sim_heap heap;
	uint64_t now_ns;
	uint64_t end_ns;
	uint64_t window_start_ns;
	struct irqmod_sim_link link;
	uint32_t source_count;
	struct irqmod_sim_src sources[IRQMOD_SIM_MAX_SOURCES];
	struct irqmod_sim_socket sockets[IRQMOD_SIM_MAX_SOURCES];
	struct irqmod_sim_queue queues[IRQMOD_SIM_MAX_QUEUES];
	struct irqmod_sim_napi napi[IRQMOD_SIM_MAX_QUEUES];
	struct irqmod_sim_core cores[IRQMOD_SIM_MAX_CORES];
	struct irqmod_sim_rng load_rng;
	bool app_shares_core; /* the applications' core runs a queue too */
	bool has_flood; /* a source is IRQMOD_SIM_SOURCE_FLOOD (responses to decide) */
	bool busy_poll; /* the applications busy-poll before they sleep */
	/* The last busy-polling wait returned events: the sample's
	 * IRQMOD_SAMPLE_APP_FOUND_EVENTS (never set without busy polling). */
	bool wait_found_events;
	struct irqmod_sim_metrics metrics;
	struct irqmod_sim_timeseries *timeseries; /* NULL: no time series */
	int error;
};

/*
 * Linkage of what one stage calls in another. model.c includes every stage
 * into one translation unit and defines IRQMOD_SIM_ONE_UNIT first: there
 * these functions are static (the hot ones static inline), so the compiler
 * inlines across the stages as it did when the model was one file (built
 * as separate units, bench-sim runs about 12 % more instructions). Each
 * stage file also compiles by itself (the sim-stages check; the library
 * is built so with -Dsim_one_unit=false), and then they are ordinary
 * functions hidden from the library's users, as SQLite's SQLITE_PRIVATE is
 * outside its amalgamation.
 */
#if defined(__GNUC__)
#define IRQMOD_SIM_HIDDEN __attribute__((visibility("hidden")))
#else
#define IRQMOD_SIM_HIDDEN
#endif
#ifdef IRQMOD_SIM_ONE_UNIT
#define IRQMOD_SIM_PRIVATE static
#define IRQMOD_SIM_PRIVATE_INLINE static inline
#else
#define IRQMOD_SIM_PRIVATE extern IRQMOD_SIM_HIDDEN
#define IRQMOD_SIM_PRIVATE_INLINE extern IRQMOD_SIM_HIDDEN
#endif

/*
 * Keeps a function out of line where inlining made the compiled loop worse
 * (accept_batch() in nic.c, poll_take_lone() in host.c say why).
 */
#if defined(__GNUC__)
#define IRQMOD_SIM_NOINLINE __attribute__((noinline))
#else
#define IRQMOD_SIM_NOINLINE
#endif

static inline uint64_t irqmod_sim_max_u64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

static inline uint64_t irqmod_sim_min_u64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

static inline uint64_t irqmod_sim_add_sat(uint64_t a, uint64_t b)
{
	return a + b < a ? UINT64_MAX : a + b;
}

static inline void irqmod_sim_schedule(struct irqmod_sim_model *sim, uint64_t time_ns,
				       uint32_t type, uint32_t index)
{
	if (irqmod_sim_heap_push(&sim->heap, time_ns, type, index) != 0)
		sim->error = -IRQMOD_ERANGE; /* capacity is sized so this cannot happen */
}

/* source.c */
IRQMOD_SIM_PRIVATE uint64_t irqmod_sim_draw_period(struct irqmod_sim_rng *rng,
						   uint32_t distribution, uint64_t mean,
						   uint32_t shape_milli);
IRQMOD_SIM_PRIVATE_INLINE uint32_t irqmod_sim_frame_payload(const struct irqmod_sim_src *src,
							    uint32_t bytes);
IRQMOD_SIM_PRIVATE_INLINE void irqmod_sim_source_advance(struct irqmod_sim_model *sim,
							 struct irqmod_sim_src *src);
IRQMOD_SIM_PRIVATE int irqmod_sim_source_setup(struct irqmod_sim_model *sim,
					       struct irqmod_sim_src *src,
					       const struct irqmod_sim_source *c, uint32_t index);
IRQMOD_SIM_PRIVATE void irqmod_sim_send_request(struct irqmod_sim_model *sim,
						struct irqmod_sim_src *src, uint64_t now);
IRQMOD_SIM_PRIVATE void irqmod_sim_source_event(struct irqmod_sim_model *sim,
						struct irqmod_sim_src *src, uint64_t now);
IRQMOD_SIM_PRIVATE bool irqmod_sim_peer_reply(struct irqmod_sim_model *sim,
					      struct irqmod_sim_src *src, uint32_t sequence,
					      uint64_t now);

/* nic.c */
IRQMOD_SIM_PRIVATE uint32_t irqmod_sim_flow_queue(const struct irqmod_sim_model *sim,
						  uint32_t source, uint32_t flow);
IRQMOD_SIM_PRIVATE int irqmod_sim_rss_setup(struct irqmod_sim_model *sim,
					     struct irqmod_sim_src *src);
IRQMOD_SIM_PRIVATE_INLINE void irqmod_sim_link_pick(struct irqmod_sim_model *sim);
IRQMOD_SIM_PRIVATE_INLINE void irqmod_sim_arrival(struct irqmod_sim_model *sim, uint64_t bound_ns);
IRQMOD_SIM_PRIVATE void irqmod_sim_irq_event(struct irqmod_sim_model *sim,
					     struct irqmod_sim_queue *q, uint64_t now);
IRQMOD_SIM_PRIVATE void irqmod_sim_nic_enable(struct irqmod_sim_model *sim,
					      struct irqmod_sim_queue *q, uint64_t now);
IRQMOD_SIM_PRIVATE uint64_t irqmod_sim_transmit(struct irqmod_sim_model *sim,
						struct irqmod_sim_queue *q, uint64_t now,
						uint32_t bytes);
IRQMOD_SIM_PRIVATE void irqmod_sim_tx_done(struct irqmod_sim_model *sim, struct irqmod_sim_queue *q,
					   uint64_t now);

/* host.c */
IRQMOD_SIM_PRIVATE void irqmod_sim_start_job(struct irqmod_sim_model *sim,
					     struct irqmod_sim_core *core, uint32_t job,
					     uint32_t index, uint64_t now, uint64_t duration,
					     uint64_t *account);
IRQMOD_SIM_PRIVATE void irqmod_sim_core_kick(struct irqmod_sim_model *sim,
					     struct irqmod_sim_core *core, uint64_t now);
IRQMOD_SIM_PRIVATE void irqmod_sim_repoll(struct irqmod_sim_model *sim, struct irqmod_sim_queue *q,
					  struct irqmod_sim_core *core, uint64_t now);
IRQMOD_SIM_PRIVATE void irqmod_sim_core_done(struct irqmod_sim_model *sim,
					     struct irqmod_sim_core *core, uint64_t now);

IRQMOD_SIM_PRIVATE void irqmod_sim_napi_schedule(struct irqmod_sim_model *sim,
						 struct irqmod_sim_core *core, uint32_t queue);
IRQMOD_SIM_PRIVATE uint64_t irqmod_sim_poll_begin(struct irqmod_sim_model *sim,
						  struct irqmod_sim_queue *q, uint32_t budget,
						  uint64_t now);
IRQMOD_SIM_PRIVATE_INLINE uint32_t irqmod_sim_poll_deliver(struct irqmod_sim_model *sim,
							   struct irqmod_sim_queue *q, uint64_t now);
IRQMOD_SIM_PRIVATE void irqmod_sim_napi_done(struct irqmod_sim_model *sim,
					     struct irqmod_sim_core *core, struct irqmod_sim_queue *q,
					     uint32_t work, uint64_t now);

/* napi.c */
IRQMOD_SIM_PRIVATE void irqmod_sim_napi_setup(struct irqmod_sim_model *sim);
IRQMOD_SIM_PRIVATE void irqmod_sim_napi_timer_start(struct irqmod_sim_model *sim,
						    struct irqmod_sim_napi *napi, uint32_t queue,
						    const struct irqmod_sim_core *core, uint64_t when);
IRQMOD_SIM_PRIVATE bool irqmod_sim_napi_complete(struct irqmod_sim_model *sim,
						 const struct irqmod_sim_core *core,
						 struct irqmod_sim_queue *q, uint32_t work,
						 uint64_t now);
IRQMOD_SIM_PRIVATE void irqmod_sim_napi_signal(struct irqmod_sim_model *sim,
					       struct irqmod_sim_core *core, uint32_t queue,
					       uint64_t now);
IRQMOD_SIM_PRIVATE void irqmod_sim_napi_wake(struct irqmod_sim_model *sim,
					     struct irqmod_sim_core *core, uint32_t queue,
					     uint64_t now);
IRQMOD_SIM_PRIVATE void irqmod_sim_napi_thread_runs(struct irqmod_sim_model *sim,
						    struct irqmod_sim_queue *q, uint64_t now);
IRQMOD_SIM_PRIVATE void irqmod_sim_napi_timer(struct irqmod_sim_model *sim,
					      struct irqmod_sim_queue *q, uint64_t now);

/* busy_poll.c */
IRQMOD_SIM_PRIVATE void irqmod_sim_busy_setup(struct irqmod_sim_model *sim);
IRQMOD_SIM_PRIVATE void irqmod_sim_wait_returns(struct irqmod_sim_model *sim,
					       const struct irqmod_sim_core *core, uint64_t now);
IRQMOD_SIM_PRIVATE void irqmod_sim_busy_wait(struct irqmod_sim_model *sim,
					     struct irqmod_sim_core *core,
					     struct irqmod_sim_src *src, uint64_t now);
IRQMOD_SIM_PRIVATE void irqmod_sim_busy_resume(struct irqmod_sim_model *sim,
					       struct irqmod_sim_core *core,
					       struct irqmod_sim_src *src, uint64_t now);
IRQMOD_SIM_PRIVATE void irqmod_sim_busy_done(struct irqmod_sim_model *sim,
					     struct irqmod_sim_core *core, uint64_t now);
IRQMOD_SIM_PRIVATE void irqmod_sim_busy_stop_done(struct irqmod_sim_model *sim,
						  struct irqmod_sim_core *core, uint64_t now);
IRQMOD_SIM_PRIVATE void irqmod_sim_wait_timeout(struct irqmod_sim_model *sim,
						struct irqmod_sim_src *src, uint64_t now);

/* socket.c */
IRQMOD_SIM_PRIVATE int irqmod_sim_socket_setup(struct irqmod_sim_model *sim,
					       struct irqmod_sim_socket *sock,
					       const struct irqmod_sim_source *c);
IRQMOD_SIM_PRIVATE void irqmod_sim_socket_free(struct irqmod_sim_socket *sock);
IRQMOD_SIM_PRIVATE void irqmod_sim_app_runnable(struct irqmod_sim_model *sim,
						struct irqmod_sim_src *src, uint64_t now);
IRQMOD_SIM_PRIVATE_INLINE void irqmod_sim_app_wake(struct irqmod_sim_model *sim,
						   struct irqmod_sim_socket *sock, uint32_t index,
						   uint64_t now);
IRQMOD_SIM_PRIVATE_INLINE void irqmod_sim_socket_admit(struct irqmod_sim_model *sim,
						       const struct irqmod_sim_queue *q,
						       struct irqmod_sim_socket *sock,
						       const struct irqmod_sim_frame *f,
						       uint64_t now, uint32_t frames);
IRQMOD_SIM_PRIVATE void irqmod_sim_socket_admit_lone(struct irqmod_sim_model *sim,
						     const struct irqmod_sim_queue *q,
						     struct irqmod_sim_socket *sock, uint32_t head,
						     uint32_t n, uint64_t now);
IRQMOD_SIM_PRIVATE_INLINE void irqmod_sim_deliver(struct irqmod_sim_model *sim,
						  struct irqmod_sim_queue *q,
						  const struct irqmod_sim_frame *f, uint64_t now);
IRQMOD_SIM_PRIVATE void irqmod_sim_app_start(struct irqmod_sim_model *sim,
					     struct irqmod_sim_core *core,
					     struct irqmod_sim_src *src, uint64_t now);

/* report.c */
IRQMOD_SIM_PRIVATE int irqmod_sim_metrics_setup(struct irqmod_sim_model *sim, uint32_t sources,
						uint32_t queues);
IRQMOD_SIM_PRIVATE void irqmod_sim_metrics_free(struct irqmod_sim_model *sim);
IRQMOD_SIM_PRIVATE void irqmod_sim_metrics_warmup(struct irqmod_sim_model *sim);
IRQMOD_SIM_PRIVATE void irqmod_sim_metrics_close(struct irqmod_sim_model *sim);
/* @total += @part (or -= with @subtract), count by count. */
IRQMOD_SIM_PRIVATE void irqmod_sim_counters_combine(struct irqmod_sim_counters *total,
						    const struct irqmod_sim_counters *part,
						    bool subtract);
IRQMOD_SIM_PRIVATE void irqmod_sim_report(const struct irqmod_sim_model *sim,
					  struct irqmod_sim_results *r);

#endif /* IRQMOD_SIM_INTERNAL_H */
