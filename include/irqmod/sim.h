/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/**
 * DOC: irqmod-sim, a deterministic model of the NIC receive path
 *
 * libirqmod-sim simulates traffic sources, a link, a NIC RX ring with an
 * interrupt timer, a host running NAPI polls on one or more cores, socket
 * receive buffers and the applications that drain them. After every poll
 * that completes under budget it calls an irqmod controller exactly as a
 * driver would, so controllers can be compared before touching a driver.
 *
 * Time is integer nanoseconds (the link keeps picoseconds so line rate is
 * exact); random numbers come from the library's own generator and variates
 * are computed in fixed point, so a run is bit-for-bit reproducible on any
 * machine and compiler. Memory is allocated once per run, at setup.
 * Floating point appears only in struct irqmod_sim_results, for reporting.
 *
 * Unlike the controller core, this library uses libc (malloc, memset).
 */
#ifndef IRQMOD_SIM_H
#define IRQMOD_SIM_H

#include "irqmod/common.h"
#include "irqmod/controller.h"
#include "irqmod/hybrid.h"
#include "irqmod/sim_trace.h"

#ifdef __cplusplus
extern "C" {
#endif

/** IRQMOD_SIM_MAX_SOURCES - traffic sources in one run. */
#define IRQMOD_SIM_MAX_SOURCES 8
/** IRQMOD_SIM_MAX_QUEUES - RX queues (each with a vector and a controller). */
#define IRQMOD_SIM_MAX_QUEUES 16
/** IRQMOD_SIM_MAX_CORES - host cores. */
#define IRQMOD_SIM_MAX_CORES 16
/** IRQMOD_SIM_MAX_DURATION_NS - longest accepted run: one simulated hour. */
#define IRQMOD_SIM_MAX_DURATION_NS 3600000000000ull
/** IRQMOD_SIM_NO_CORE - "no core": the load task is off. */
#define IRQMOD_SIM_NO_CORE 0xFFFFFFFFu

/* ------------------------------------------------------------------ */
/* Engine: random numbers and variates (integer only)                  */
/* ------------------------------------------------------------------ */

/**
 * struct irqmod_sim_rng - xoshiro256** generator state (Blackman & Vigna,
 * https://prng.di.unimi.it/xoshiro256starstar.c), seeded through splitmix64.
 * @s: the four state words; never all zero after irqmod_sim_rng_seed().
 */
struct irqmod_sim_rng {
	uint64_t s[4];
};

/**
 * irqmod_sim_rng_seed() - seed a generator.
 * @rng: generator.
 * @seed: any value; equal seeds give equal streams.
 * @stream: distinguishes independent streams under one seed (one per source).
 */
IRQMOD_API void irqmod_sim_rng_seed(struct irqmod_sim_rng *rng, uint64_t seed, uint64_t stream);

/** irqmod_sim_rng_next() - next 64 random bits. @rng: generator. Return: the bits. */
IRQMOD_API uint64_t irqmod_sim_rng_next(struct irqmod_sim_rng *rng);

/**
 * irqmod_sim_log2_q32() - base-2 logarithm in 32.32 fixed point.
 * @value: argument, at least 1 (0 is read as 1).
 * Return: log2(@value) * 2^32, accurate to about 2^-30.
 */
IRQMOD_API uint64_t irqmod_sim_log2_q32(uint64_t value);

/**
 * irqmod_sim_exp2_q32() - 2 raised to a 32.32 fixed-point exponent.
 * @exponent_q32: exponent * 2^32.
 * Return: 2^exponent * 2^32, saturating at UINT64_MAX.
 */
IRQMOD_API uint64_t irqmod_sim_exp2_q32(uint64_t exponent_q32);

/**
 * irqmod_sim_exponential() - exponentially distributed variate, inverse-CDF
 * method (-mean * ln U) in fixed point.
 * @rng: generator.
 * @mean: mean of the distribution (any unit).
 * Return: the variate, in @mean's unit, saturating.
 */
IRQMOD_API uint64_t irqmod_sim_exponential(struct irqmod_sim_rng *rng, uint64_t mean);

/**
 * irqmod_sim_pareto() - Pareto (type I) variate with the given mean and shape.
 * @rng: generator.
 * @mean: mean of the distribution; the scale is mean * (shape - 1) / shape.
 * @shape_milli: shape (alpha) * 1000; must be above 1000 for a finite mean.
 * Return: the variate, saturating at 2^62.
 */
IRQMOD_API uint64_t irqmod_sim_pareto(struct irqmod_sim_rng *rng, uint64_t mean,
				      uint32_t shape_milli);

/**
 * irqmod_sim_gpareto() - generalised Pareto variate, inverse-CDF method:
 * location + scale * (U^-shape - 1) / shape, in fixed point.
 * @rng: generator.
 * @location: mu, in any unit (mutilate's ETC value size: 15 B, as 15000 mB).
 * @scale: sigma, same unit.
 * @shape_micro: xi * 10^6 (0: the exponential limit, location - scale * ln U).
 *	The mean, location + scale / (1 - xi), is finite below 10^6.
 * Return: the variate, in @location's unit, saturating at +-2^62.
 */
IRQMOD_API int64_t irqmod_sim_gpareto(struct irqmod_sim_rng *rng, int64_t location,
				      uint64_t scale, uint32_t shape_micro);

/**
 * irqmod_sim_gev() - generalised extreme value variate (shape > 0, the
 * Frechet type), inverse-CDF method: location + scale * ((-ln U)^-shape - 1)
 * / shape, in fixed point.
 * @rng: generator.
 * @location: mu, any unit (mutilate's ETC key size: 30.7984 B).
 * @scale: sigma, same unit.
 * @shape_micro: xi * 10^6 (0 is read as 1, the Gumbel limit to a millionth).
 * Return: the variate, in @location's unit, saturating at +-2^62; it may
 * be below @location (down to location - scale / shape).
 */
IRQMOD_API int64_t irqmod_sim_gev(struct irqmod_sim_rng *rng, int64_t location, uint64_t scale,
				  uint32_t shape_micro);

/* ------------------------------------------------------------------ */
/* Configuration                                                       */
/* ------------------------------------------------------------------ */

/**
 * enum irqmod_sim_timer - how the NIC turns RX/TX causes into an interrupt.
 * @IRQMOD_SIM_TIMER_THROTTLE: minimum gap since the previous interrupt
 *	(ixgbe EITR, 8254x ITR; gem5 i8254xGBe postInterrupt()).
 * @IRQMOD_SIM_TIMER_ABSOLUTE: a holdoff started by the first pending cause
 *	fires the interval later (ethtool rx-usecs; 8254x RADV).
 * @IRQMOD_SIM_TIMER_PACKET: a timer re-armed by every cause fires when the
 *	queue has been quiet for the interval (8254x RDTR).
 * @IRQMOD_SIM_TIMER_COUNT: one past the last value.
 */
enum irqmod_sim_timer {
	IRQMOD_SIM_TIMER_THROTTLE = 0,
	IRQMOD_SIM_TIMER_ABSOLUTE = 1,
	IRQMOD_SIM_TIMER_PACKET = 2,
	IRQMOD_SIM_TIMER_COUNT
};

/**
 * enum irqmod_sim_source_kind - traffic a source offers.
 * @IRQMOD_SIM_SOURCE_OFF: unused slot.
 * @IRQMOD_SIM_SOURCE_CONSTANT: frames at a fixed rate (0: line rate).
 * @IRQMOD_SIM_SOURCE_POISSON: frames with exponential gaps of mean 1/rate.
 * @IRQMOD_SIM_SOURCE_ONOFF: constant-rate bursts; on and off periods drawn
 *	from @period_distribution.
 * @IRQMOD_SIM_SOURCE_PING: ping -f: a request leaves when a reply reaches
 *	the application and fewer than @outstanding requests remain in
 *	flight (iputils pinger()), or @timeout_ns after the previous request.
 * @IRQMOD_SIM_SOURCE_RR: netperf TCP_RR: @outstanding transactions, each
 *	reply releases the next request; a lost one is resent after @timeout_ns.
 * @IRQMOD_SIM_SOURCE_UDP_STREAM: netperf UDP_STREAM: @message_bytes
 *	datagrams split into IP fragments of at most @mtu_bytes.
 * @IRQMOD_SIM_SOURCE_FLOOD: small frames at a fixed rate, consumed by the
 *	stack (no socket); with @response_limit_per_s each may be answered by
 *	a transmitted frame (a SYN flood answered by RSTs).
 * @IRQMOD_SIM_SOURCE_TRACE: frames replayed from @trace (sim_trace.h), each
 *	a datagram to the source's socket, padded to 60 B; RSS spreads them
 *	by each record's flow hash.
 * @IRQMOD_SIM_SOURCE_COUNT: one past the last value.
 */
enum irqmod_sim_source_kind {
	IRQMOD_SIM_SOURCE_OFF = 0,
	IRQMOD_SIM_SOURCE_CONSTANT,
	IRQMOD_SIM_SOURCE_POISSON,
	IRQMOD_SIM_SOURCE_ONOFF,
	IRQMOD_SIM_SOURCE_PING,
	IRQMOD_SIM_SOURCE_RR,
	IRQMOD_SIM_SOURCE_UDP_STREAM,
	IRQMOD_SIM_SOURCE_FLOOD,
	IRQMOD_SIM_SOURCE_TRACE,
	IRQMOD_SIM_SOURCE_COUNT
};

/**
 * enum irqmod_sim_distribution - law of on/off periods and load periods.
 * @IRQMOD_SIM_DIST_CONSTANT: every period equals its mean.
 * @IRQMOD_SIM_DIST_EXPONENTIAL: exponential with the given mean.
 * @IRQMOD_SIM_DIST_PARETO: Pareto with the given mean and shape.
 * @IRQMOD_SIM_DIST_COUNT: one past the last value.
 */
enum irqmod_sim_distribution {
	IRQMOD_SIM_DIST_CONSTANT = 0,
	IRQMOD_SIM_DIST_EXPONENTIAL,
	IRQMOD_SIM_DIST_PARETO,
	IRQMOD_SIM_DIST_COUNT
};

/**
 * enum irqmod_sim_size_law - law of the frame sizes of a constant, Poisson
 * or on/off source: the frame is @size_offset_bytes plus the variate, in
 * whole bytes, clamped to 60 .. mtu + 14.
 * @IRQMOD_SIM_SIZE_CONSTANT: every frame is @frame_bytes (the default).
 * @IRQMOD_SIM_SIZE_GPARETO: generalised Pareto (irqmod_sim_gpareto()), e.g.
 *	mutilate's ETC value size GPareto(15, 214.476, 0.348238) B.
 * @IRQMOD_SIM_SIZE_GEV: generalised extreme value (irqmod_sim_gev()), e.g.
 *	mutilate's ETC key size GEV(30.7984, 8.20449, 0.078688) B.
 * @IRQMOD_SIM_SIZE_COUNT: one past the last value.
 */
enum irqmod_sim_size_law {
	IRQMOD_SIM_SIZE_CONSTANT = 0,
	IRQMOD_SIM_SIZE_GPARETO,
	IRQMOD_SIM_SIZE_GEV,
	IRQMOD_SIM_SIZE_COUNT
};

/**
 * struct irqmod_sim_source - one traffic source (defaults: irqmod_sim_default_source()).
 * @kind: an enum irqmod_sim_source_kind value.
 * @frame_bytes: frame size without FCS (60..65535) for constant, Poisson,
 *	on/off and flood frames, and the size of replies for ping/RR.
 * @rate_pps: frames per second (constant, Poisson, on/off while on, flood,
 *	UDP stream fragments); 0 means line rate for constant and UDP stream.
 * @flows: flows the source spreads its frames over (RSS input), >= 1.
 * @period_distribution: on/off period law (enum irqmod_sim_distribution).
 * @on_mean_ns: mean on period.
 * @off_mean_ns: mean off period.
 * @pareto_shape_milli: Pareto shape * 1000 (> 1000).
 * @outstanding: ping/RR requests in flight at the start (>= 1).
 * @timeout_ns: ping/RR: resend after this long without a reply (0: never).
 * @request_bytes: ping/RR request frame size.
 * @remote_turnaround_ns: ping/RR: time the peer takes to answer.
 * @message_bytes: UDP stream message (datagram payload) size.
 * @mtu_bytes: UDP stream IP MTU; fragments carry mtu - 20 payload bytes.
 * @response_limit_per_s: flood: responses allowed per second (0: none).
 * @response_bytes: flood: response frame size.
 * @poisson_arrivals: flood: exponential gaps of mean 1/@rate_pps instead
 *	of a constant spacing (a flooder's jitter breaks phase locking).
 * @start_ns: time the source starts.
 * @gap_shape_micro: Poisson sources: 0 for exponential gaps; otherwise the
 *	shape xi * 10^6 (below 10^6) of generalised Pareto gaps GPareto(0,
 *	(1 - xi) / @rate_pps, xi), whose mean is 1 / @rate_pps (mutilate's ETC
 *	inter-arrival law, GPareto(0, 16.0292 us, 0.154971), rescaled to the
 *	rate as mutilate does for a target QPS).
 * @size_law: an enum irqmod_sim_size_law value (constant, Poisson, on/off).
 * @size_location_milli: the law's location mu, in thousandths of a byte.
 * @size_scale_milli: its scale sigma, in thousandths of a byte (> 0).
 * @size_shape_micro: its shape xi * 10^6 (at most 10^6).
 * @size_offset_bytes: header bytes added to each variate (a memcached GET
 *	over UDP: Ethernet 14 + IPv4 20 + UDP 8 + frame header 8 + "get " and
 *	"\r\n" 6 = 56).
 * @trace: trace sources: the records to replay (irqmod_sim_trace_load());
 *	the caller keeps it alive for the run.
 * @trace_speed_milli: trace sources: replay speed * 1000 (1000: as
 *	recorded, 2000: gaps halved), 1 .. IRQMOD_SIM_TRACE_MAX_SPEED_MILLI.
 * @trace_loop: trace sources: start again after the last record; a lap
 *	lasts the trace's span plus its mean gap (span / (records - 1)).
 * @trace_start_offset_ns: trace sources: replay from this far into the
 *	trace (records before it are skipped; with @trace_loop they come at
 *	the end of the first lap); at most the span (below a lap when looping).
 * @trace_random_offset: trace sources with @trace_loop: draw the start
 *	offset from the seed, uniform over one lap (so --seeds varies a
 *	replay); @trace_start_offset_ns is then ignored.
 */
struct irqmod_sim_source {
	uint32_t kind;
	uint32_t frame_bytes;
	uint64_t rate_pps;
	uint32_t flows;
	uint32_t period_distribution;
	uint64_t on_mean_ns;
	uint64_t off_mean_ns;
	uint32_t pareto_shape_milli;
	uint32_t outstanding;
	uint64_t timeout_ns;
	uint32_t request_bytes;
	uint64_t remote_turnaround_ns;
	uint32_t message_bytes;
	uint32_t mtu_bytes;
	uint32_t response_limit_per_s;
	uint32_t response_bytes;
	bool poisson_arrivals;
	uint64_t start_ns;
	uint32_t gap_shape_micro;
	uint32_t size_law;
	uint64_t size_location_milli;
	uint64_t size_scale_milli;
	uint32_t size_shape_micro;
	uint32_t size_offset_bytes;
	const struct irqmod_sim_trace_file *trace;
	uint32_t trace_speed_milli;
	bool trace_loop;
	uint64_t trace_start_offset_ns;
	bool trace_random_offset;
};

/**
 * IRQMOD_SIM_TRACE_MAX_SPEED_MILLI - fastest trace replay: 1000 times the
 * recorded rate (the slowest is a thousandth of it, 1).
 */
#define IRQMOD_SIM_TRACE_MAX_SPEED_MILLI 1000000u

/**
 * struct irqmod_sim_config - a whole scenario. irqmod_sim_default_config()
 * fills in the defaults listed in docs/simulator.md (with their sources).
 *
 * @duration_ns: simulated time (1 us .. IRQMOD_SIM_MAX_DURATION_NS).
 * @warmup_ns: leading time excluded from every metric (< @duration_ns).
 * @seed: random seed; equal seeds give identical traffic.
 * @link_speed_mbps: link speed in Mb/s (1 .. 1,600,000).
 * @wire_overhead_bytes: bytes the wire adds to each frame: FCS 4,
 *	preamble+SFD 8, inter-frame gap 12 = 24 (IEEE 802.3).
 * @propagation_ns: one-way propagation delay to the peer (ping/RR).
 * @ring_size: RX descriptors per queue (ixgbe default 512).
 * @timer: an enum irqmod_sim_timer value.
 * @rx_frames: frame-count threshold (rx-frames); 0: none. A decision's
 *	non-zero @frames overrides it.
 * @tx_interrupts: TX completions raise causes on the queue's vector.
 * @tx_completion_delay_ns: time from the end of transmission to the
 *	completion write-back.
 * @throttle_late_ns: how much later than asked a throttle release comes
 *	when the wait at re-arm is a sleep (at least @throttle_spin_ns): the
 *	DPDK loop's software throttle is a clock_nanosleep() that wakes
 *	late (examples/dpdk, sleep_late_ns), the vector blind meanwhile.
 *	0 (default): the throttle is punctual.
 * @throttle_spin_ns: throttle waits at re-arm shorter than this are spun
 *	and end on time (the loop's --spin-below-us); longer ones sleep and
 *	end @throttle_late_ns late. 0 (default): every wait sleeps.
 * @cores: host cores.
 * @queues: RX queues; queue q runs on core @queue_core[q].
 * @queue_core: core of each queue (default q % @cores).
 * @irq_ns: CPU cost of one hard interrupt (entry, handler, exit).
 * @timer_irq_ns: CPU cost of the timer interrupt that drives a deferred
 *	poll (a decision IRQMOD_ACTION_POLL with a non-zero poll_delay_ns):
 *	in Linux the re-poll is scheduled by gro_flush_timeout's hrtimer
 *	(napi_watchdog()), whose expiry is an interrupt of its own.
 * @poll_spin_ns: deferred polls whose delay is at most this are spun, not
 *	timed: the core stays busy for the delay (charged as poll time, no
 *	timer interrupt) and polls when it ends, as a DPDK lcore or a
 *	busy-polling thread waits (examples/dpdk spins waits below 20 us).
 *	0 (default): every deferred poll waits on a timer, the core free.
 * @poll_ns: CPU cost of one NAPI poll call besides its packets.
 * @packet_ns: CPU cost of one received frame in the stack (to the socket).
 * @tx_clean_ns: CPU cost of cleaning one TX completion in the poll.
 * @response_ns: CPU cost of building and sending one flood response.
 * @napi_budget: frames per poll (NAPI_POLL_WEIGHT 64).
 * @softirq_budget_packets: frames per softirq run (netdev_budget 300).
 * @softirq_budget_ns: time per softirq run (netdev_budget_usecs, 2 ms).
 * @controller_on_budget_exhausted: also call the controller after polls
 *	that used the whole budget (flag IRQMOD_SAMPLE_BUDGET_EXHAUSTED); a
 *	driver like ixgbe does not, so the default is false.
 * @poll_rescan: a poll keeps taking frames that arrive while it runs, up
 *	to the budget, as Linux drivers loop until a descriptor is not done
 *	(ixgbe_clean_rx_irq()); false: it takes only the frames present when
 *	it starts, like a handler that reads the ring once (default true).
 * @load_core: core of the competing CPU task, IRQMOD_SIM_NO_CORE for none.
 * @load_busy_ns: mean time the task holds the core each period.
 * @load_idle_ns: mean time between the task's busy periods.
 * @load_distribution: law of both periods (enum irqmod_sim_distribution).
 * @rcvbuf_bytes: socket receive buffer (SK_RMEM_MAX 212992).
 * @truesize_bytes: memory charged per received frame (skb truesize).
 * @app_core: core of the applications draining the sockets.
 * @app_wakeup_ns: time from the enqueue that wakes a sleeping
 *	application to its first instruction.
 * @app_datagram_ns: CPU cost per datagram received (system call).
 * @app_byte_ps: CPU cost per payload byte received, in picoseconds (copy).
 * @app_send_ns: CPU cost of sending one ping/RR request.
 * @app_batch: datagrams the application takes per run on its core; 1
 *	bounds how long it can hold a core shared with interrupts.
 * @napi_defer_hard_irqs: the kernel's deferral count (sysfs
 *	napi_defer_hard_irqs, netlink napi-set defer-hard-irqs): polls that
 *	keep the interrupt masked after the last one that found work, run
 *	by the NAPI after every poll (net/core/dev.c napi_complete_done());
 *	0 (default): none. Beside any controller, as in Linux.
 * @gro_flush_timeout_ns: the kernel's NAPI timer (gro_flush_timeout):
 *	delay of each deferred poll; 0 (default): no deferral.
 * @irq_suspend_timeout_ns: IRQ suspension (Linux 6.13, netlink napi-set
 *	irq-suspend-timeout): a preferring busy poller's stop arms the NAPI
 *	timer with it instead of @gro_flush_timeout_ns (busy_poll_stop(),
 *	napi_complete_done()), and each of its epoll_wait() calls that
 *	returns events restarts it (napi_suspend_irqs()); 0 (default): none.
 * @napi_threaded: threaded NAPI (sysfs threaded, Linux 5.12): each NAPI
 *	polls in a kernel thread of its queue's core instead of the softirq:
 *	an interrupt or the timer wakes it (one @app_wakeup_ns), and runnable
 *	applications of that core run before each of its polls.
 * @busy_poll_usecs: the application's busy-poll time per wait, in
 *	microseconds (EPIOCSPARAMS busy_poll_usecs, Linux 6.9; SO_BUSY_POLL
 *	for a read); 0 with @prefer_busy_poll false: no busy polling.
 * @busy_poll_budget: frames per busy poll (EPIOCSPARAMS busy_poll_budget,
 *	SO_BUSY_POLL_BUDGET; include/net/busy_poll.h BUSY_POLL_BUDGET 8).
 * @prefer_busy_poll: the busy poller asks the NAPI to keep its interrupt
 *	masked (EPIOCSPARAMS prefer_busy_poll, SO_PREFER_BUSY_POLL, Linux
 *	5.11); with it an epoll wait busy-polls once even at 0 usecs.
 * @busy_poll_read: the application busy-polls from a blocking read
 *	(SO_BUSY_POLL, sk_busy_loop()) instead of epoll_wait(): no IRQ
 *	suspension, which only epoll runs.
 * @busy_poll_wait_timeout_ns: the timeout of the application's wait: a
 *	busy-polling application that found nothing sleeps at most this long
 *	from the wait's start, then waits (and busy-polls) again, as an event
 *	loop calling epoll_wait() with a timeout does; 0 (default): it
 *	sleeps until data wakes it (epoll_wait()'s -1).
 * @sources: traffic; slots with kind IRQMOD_SIM_SOURCE_OFF are unused.
 */
struct irqmod_sim_config {
	uint64_t duration_ns;
	uint64_t warmup_ns;
	uint64_t seed;
	uint32_t link_speed_mbps;
	uint32_t wire_overhead_bytes;
	uint64_t propagation_ns;
	uint32_t ring_size;
	uint32_t timer;
	uint32_t rx_frames;
	bool tx_interrupts;
	uint64_t tx_completion_delay_ns;
	uint64_t throttle_late_ns;
	uint64_t throttle_spin_ns;
	uint32_t cores;
	uint32_t queues;
	uint32_t queue_core[IRQMOD_SIM_MAX_QUEUES];
	uint64_t irq_ns;
	uint64_t timer_irq_ns;
	uint64_t poll_spin_ns;
	uint64_t poll_ns;
	uint64_t packet_ns;
	uint64_t tx_clean_ns;
	uint64_t response_ns;
	uint32_t napi_budget;
	uint32_t softirq_budget_packets;
	uint64_t softirq_budget_ns;
	bool controller_on_budget_exhausted;
	bool poll_rescan;
	uint32_t load_core;
	uint64_t load_busy_ns;
	uint64_t load_idle_ns;
	uint32_t load_distribution;
	uint32_t rcvbuf_bytes;
	uint32_t truesize_bytes;
	uint32_t app_core;
	uint64_t app_wakeup_ns;
	uint64_t app_datagram_ns;
	uint64_t app_byte_ps;
	uint64_t app_send_ns;
	uint32_t app_batch;
	uint32_t napi_defer_hard_irqs;
	uint64_t gro_flush_timeout_ns;
	uint64_t irq_suspend_timeout_ns;
	bool napi_threaded;
	uint32_t busy_poll_usecs;
	uint32_t busy_poll_budget;
	bool prefer_busy_poll;
	bool busy_poll_read;
	uint64_t busy_poll_wait_timeout_ns;
	struct irqmod_sim_source sources[IRQMOD_SIM_MAX_SOURCES];
};

/**
 * irqmod_sim_default_config() - fill @config with the documented defaults:
 * 1 s run, 10 GbE, one queue on core 0, the application on core 1, no
 * sources (add at least one).
 * @config: filled in.
 */
IRQMOD_API void irqmod_sim_default_config(struct irqmod_sim_config *config);

/**
 * irqmod_sim_default_source() - the defaults of one kind of source.
 * @source: filled in.
 * @kind: an enum irqmod_sim_source_kind value.
 */
IRQMOD_API void irqmod_sim_default_source(struct irqmod_sim_source *source, uint32_t kind);

/**
 * IRQMOD_SIM_TRACE_LOOP_RECORDS - the limit_name irqmod_sim_check() gives a
 * looping trace source whose trace has fewer than 2 records (field
 * "sources[N].trace", value the record count, limit 2), so a caller can
 * tell it from the trace's other faults.
 */
#define IRQMOD_SIM_TRACE_LOOP_RECORDS "the records a loop needs"

/**
 * irqmod_sim_check() - validate a configuration without running it.
 * @config: configuration.
 * @error: if not NULL, filled on rejection as the core's
 *	irqmod_*_config_check() fill it: kind "sim", the field
 *	("ring_size", "queue_core", "sources[1].frame_bytes", ...), the rule
 *	("is below", "is above", "is not below"), the limit's name for a
 *	bound that is another field ("duration_ns", "cores", "the trace's
 *	span") or NULL for a plain number, the value, the limit and the code.
 *	Left untouched when the config is valid.
 *
 * The checks run in this order, and a config with several faults gets the
 * first one's error: duration_ns; warmup_ns (below duration_ns);
 * link_speed_mbps; wire_overhead_bytes; propagation_ns; ring_size; timer;
 * rx_frames; tx_completion_delay_ns; throttle_late_ns; throttle_spin_ns;
 * cores; queues; queue_core (each queue's, first queue first); app_core;
 * load_core; the costs (irq_ns, timer_irq_ns, poll_spin_ns, poll_ns,
 * packet_ns, tx_clean_ns, response_ns); the budgets (napi_budget,
 * softirq_budget_packets, softirq_budget_ns); the load (load_busy_ns,
 * load_distribution); rcvbuf_bytes; truesize_bytes; the application
 * (app_wakeup_ns, app_datagram_ns, app_byte_ps, app_send_ns, app_batch);
 * the NAPI's knobs (napi_defer_hard_irqs, gro_flush_timeout_ns,
 * irq_suspend_timeout_ns); busy polling (busy_poll_usecs, busy_poll_budget,
 * then queues above 1 while busy polling, since an epoll context polls one
 * NAPI, busy_poll_wait_timeout_ns); then each active
 * source in index order, its fields in struct order (a trace source's trace
 * last: present, its speed, its start offset, then a loop's 2 records);
 * last, at least one active source.
 *
 * Return: 0, -IRQMOD_EINVAL (NULL, no source, bad enum or zero count),
 * -IRQMOD_ERANGE (durations, core/queue numbers, costs), -IRQMOD_ELINK
 * (link speed), -IRQMOD_EFRAME (frame, ring, buffer sizes), -IRQMOD_EBUDGET
 * (NAPI or softirq budget).
 */
IRQMOD_API int irqmod_sim_check(const struct irqmod_sim_config *config,
				struct irqmod_config_error *error);

/* ------------------------------------------------------------------ */
/* Controllers                                                         */
/* ------------------------------------------------------------------ */

/**
 * typedef irqmod_sim_update_fn - a user-defined controller's update.
 * @context: the pointer given in struct irqmod_sim_controller.
 * @queue: RX queue the sample comes from (each queue is a separate
 *	instance, as a driver keeps one per queue vector).
 * @sample: what the poll completed, as a driver would report it.
 * @decision: to fill in, as irqmod_controller_update() does.
 */
typedef void (*irqmod_sim_update_fn)(void *context, uint32_t queue,
				     const struct irqmod_sample *sample,
				     struct irqmod_decision *decision);

/**
 * struct irqmod_sim_controller - the controller (or hybrid) of a queue.
 * @name: label for reports (at most 31 characters are kept in results).
 * @generic: when @update is NULL and @hybrid.kind is IRQMOD_HYBRID_NONE,
 *	each queue runs an irqmod_controller initialised from this config
 *	(any kind in controller.h).
 * @update: a user-defined controller; overrides @generic and @hybrid when
 *	not NULL.
 * @context: passed to @update.
 * @initial_interval_ns: for @update controllers: the interval programmed
 *	before the first decision (the others start at their own).
 * @hybrid: when @update is NULL and @hybrid.kind is not IRQMOD_HYBRID_NONE,
 *	each queue runs a struct irqmod_hybrid initialised from this config
 *	(the hybrid and its inner controller, include/irqmod/hybrid.h; @generic
 *	is then not used), kept by the simulator, which also counts its
 *	answers (irqmod_hybrid_count(), in struct irqmod_sim_queue_results).
 *	All zero (irqmod_scenario_controller_by_name() leaves it so) is no hybrid.
 */
struct irqmod_sim_controller {
	const char *name;
	struct irqmod_controller_config generic;
	irqmod_sim_update_fn update;
	void *context;
	uint32_t initial_interval_ns;
	struct irqmod_hybrid_config hybrid;
};

/* ------------------------------------------------------------------ */
/* Results                                                             */
/* ------------------------------------------------------------------ */

/**
 * struct irqmod_sim_latency - a latency distribution, in ns.
 * @count: samples.
 * @min_ns: smallest sample (0 when @count is 0).
 * @max_ns: largest sample.
 * @mean_ns: mean.
 * @stddev_ns: population standard deviation (ping's mdev).
 * @p50_ns: median, from the log-linear histogram (relative error <= 1/64).
 * @p99_ns: 99th percentile, same resolution.
 * @p999_ns: 99.9th percentile, same resolution.
 */
struct irqmod_sim_latency {
	uint64_t count;
	uint64_t min_ns;
	uint64_t max_ns;
	double mean_ns;
	double stddev_ns;
	uint64_t p50_ns;
	uint64_t p99_ns;
	uint64_t p999_ns;
};

/**
 * struct irqmod_sim_core_time - CPU time of one core inside the measured window.
 * @irq_ns: hard-interrupt handlers.
 * @softirq_ns: NAPI polls (including empty re-polls).
 * @app_ns: applications.
 * @load_ns: the competing task.
 * @utilisation: (@irq_ns + @softirq_ns + @app_ns + @load_ns) / window.
 * @interrupt_utilisation: (@irq_ns + @softirq_ns) / window.
 */
struct irqmod_sim_core_time {
	uint64_t irq_ns;
	uint64_t softirq_ns;
	uint64_t app_ns;
	uint64_t load_ns;
	double utilisation;
	double interrupt_utilisation;
};

/**
 * struct irqmod_sim_totals - counters since time 0, for conservation checks.
 * @offered_frames: frames that reached the NIC.
 * @delivered_frames: frames handed to a socket or consumed by the stack.
 * @dropped_frames: frames lost in the ring, the socket or reassembly.
 * @in_flight_frames: frames in rings, in polls or waiting for reassembly
 *	at the end. @offered_frames == @delivered_frames + @dropped_frames +
 *	@in_flight_frames always holds.
 */
struct irqmod_sim_totals {
	uint64_t offered_frames;
	uint64_t delivered_frames;
	uint64_t dropped_frames;
	uint64_t in_flight_frames;
};

/**
 * struct irqmod_sim_source_results - what one source's traffic measured
 * (after the warm-up), so sources sharing a queue can be told apart.
 * @kind: the source's enum irqmod_sim_source_kind value.
 * @offered_frames: frames of this source that reached the NIC.
 * @received_datagrams: its datagrams the application read.
 * @drops: its frames lost in the ring, the socket or reassembly.
 * @to_app: NIC arrival of a datagram's last frame to the application.
 * @added_delay: the time moderation held each frame (as in
 *	struct irqmod_sim_results).
 */
struct irqmod_sim_source_results {
	uint32_t kind;
	uint64_t offered_frames;
	uint64_t received_datagrams;
	uint64_t drops;
	struct irqmod_sim_latency to_app;
	struct irqmod_sim_latency added_delay;
};

/**
 * struct irqmod_sim_counters - what a run counted. The model counts into
 * one of these per queue (struct irqmod_sim_queue_results.counters) and one
 * for the counts no queue has (softirq_squeezes, requests_sent,
 * replies_received); struct irqmod_sim_results.counters is their sum. Both
 * hold the counts after the warm-up.
 * @offered_frames: frames that reached the NIC.
 * @offered_bytes: their bytes (without FCS).
 * @offered_datagrams: datagrams (messages) whose last frame reached the NIC.
 * @offered_payload_bytes: payload of datagrams the sources sent.
 * @delivered_frames: frames handed to a socket or consumed by the stack.
 * @delivered_datagrams: whole datagrams admitted to a socket.
 * @received_datagrams: datagrams the applications read.
 * @received_payload_bytes: payload bytes the applications read.
 * @drops_ring: frames dropped because the RX ring was full.
 * @drops_socket: frames dropped by the socket admission rule.
 * @drops_socket_datagrams: datagrams dropped by the admission rule.
 * @drops_reassembly: frames discarded because their datagram lost a fragment.
 * @interrupts: hardware interrupts.
 * @timer_interrupts: timer interrupts that drove deferred polls (each cost
 *	timer_irq_ns); not included in @interrupts.
 * @polls: NAPI poll calls (including re-polls and empty polls).
 * @controller_calls: controller updates.
 * @softirq_squeezes: softirq runs stopped by the 300-frame or 2 ms budget.
 * @responses: flood responses sent.
 * @responses_limited: flood frames the response rate limit left unanswered.
 * @tx_completions: TX completions cleaned.
 * @requests_sent: ping/RR requests sent.
 * @replies_received: ping/RR replies read.
 */
struct irqmod_sim_counters {
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

/**
 * struct irqmod_sim_queue_results - what one RX queue measured (after the
 * warm-up), with the controller it ran.
 * @controller: name of the queue's controller (its @name).
 * @hybrid: the queue ran a hybrid (struct irqmod_sim_controller.hybrid):
 *	@hybrid_counters is meaningful.
 * @hybrid_counters: what the queue's hybrid answered inside the window
 *	(interrupts_armed, polls_deferred, empty_polls, idle_polling_ns; the
 *	bookkeeping fields last_now_ns and last_action are 0).
 * @counters: the counts of this queue's frames and vector: offered_* and
 *	drops_ring at the NIC, delivered_*, drops_socket* and drops_reassembly
 *	for the frames its polls handed to the stack, received_* for the
 *	datagrams the applications read whose last frame came through it,
 *	interrupts, timer_interrupts, polls, controller_calls, responses,
 *	responses_limited and tx_completions of its vector and NAPI. The
 *	per-core softirq_squeezes and the per-source requests_sent and
 *	replies_received are 0. Summed over the queues, every other count
 *	equals struct irqmod_sim_results.counters.
 * @throughput_mbps: payload of @counters.received_payload_bytes, in Mb/s.
 * @interrupts_per_s: @counters.interrupts per second.
 * @to_app: NIC arrival of a datagram's last frame (through this queue) to
 *	the application.
 * @added_delay: the time moderation held each of this queue's frames (as
 *	in struct irqmod_sim_results).
 */
struct irqmod_sim_queue_results {
	char controller[32];
	bool hybrid;
	struct irqmod_hybrid_counters hybrid_counters;
	struct irqmod_sim_counters counters;
	double throughput_mbps;
	double interrupts_per_s;
	struct irqmod_sim_latency to_app;
	struct irqmod_sim_latency added_delay;
};

/**
 * struct irqmod_sim_results - what a run measured (after the warm-up).
 * @controller: name of the controller: the only one given, or "per-queue"
 *	when irqmod_sim_run_queues() was given one per queue (each queue's is
 *	in @queue).
 * @window_ns: measured time (duration - warm-up).
 * @counters: the counts inside the window.
 * @offered_mbps: payload the sources sent, in Mb/s (netperf's send line).
 * @throughput_mbps: payload the applications read, in Mb/s (netperf's
 *	receive line).
 * @interrupts_per_s: hardware interrupts per second.
 * @to_socket: latency from NIC arrival of a datagram's last frame to socket.
 * @to_app: latency from NIC arrival of a datagram's last frame to the
 *	application.
 * @rtt: ping/RR round trip, request send to reply read.
 * @added_delay: the time moderation holds each frame: from its NIC arrival
 *	to the signal that leads to the poll taking it from the ring (the
 *	interrupt firing, or a deferred poll's timer expiring); 0 for a frame
 *	that arrived after that signal (taken by a poll already under way).
 *	With no moderation (interval 0, no deferral) it is 0; the handler and
 *	queueing behind other work on the core are not in it (they are in
 *	@to_socket and @to_app).
 * @requests_in_flight_max: most ping/RR requests of one source in flight
 *	at once, counted when a request is sent (ping's "pipe").
 * @sources: number of entries used in @source.
 * @source: per source, in the order of the configuration's active sources.
 * @cores: number of entries used in @core.
 * @core: CPU time per core.
 * @queues: number of entries used in @queue (the configuration's queues).
 * @queue: per RX queue.
 * @totals: since time 0, for conservation.
 */
struct irqmod_sim_results {
	char controller[32];
	uint64_t window_ns;
	struct irqmod_sim_counters counters;
	double offered_mbps;
	double throughput_mbps;
	double interrupts_per_s;
	struct irqmod_sim_latency to_socket;
	struct irqmod_sim_latency to_app;
	struct irqmod_sim_latency rtt;
	struct irqmod_sim_latency added_delay;
	uint32_t requests_in_flight_max;
	uint32_t sources;
	struct irqmod_sim_source_results source[IRQMOD_SIM_MAX_SOURCES];
	uint32_t cores;
	struct irqmod_sim_core_time core[IRQMOD_SIM_MAX_CORES];
	uint32_t queues;
	struct irqmod_sim_queue_results queue[IRQMOD_SIM_MAX_QUEUES];
	struct irqmod_sim_totals totals;
};

/**
 * struct irqmod_sim_trace - one controller call, for the optional trace.
 * @now_ns: time of the call.
 * @queue: RX queue.
 * @sample: what the controller was given.
 * @decision: what it answered.
 */
struct irqmod_sim_trace {
	uint64_t now_ns;
	uint32_t queue;
	struct irqmod_sample sample;
	struct irqmod_decision decision;
};

/**
 * IRQMOD_SIM_TIMESERIES_MIN_INTERVAL_NS - shortest time-series bucket, 1 us:
 * each bucket costs an event and a hook call, and a shorter one holds less
 * than one 60 B frame at 400 Gb/s' line rate (1.7 ns a frame, so 600).
 */
#define IRQMOD_SIM_TIMESERIES_MIN_INTERVAL_NS 1000u

/**
 * struct irqmod_sim_bucket - one interval of the optional time series
 * (struct irqmod_sim_hooks @timeseries). Buckets cover the whole run from
 * time 0, warm-up included: bucket k is [k * interval, (k + 1) * interval),
 * the last one ends at the duration (shorter when the interval does not
 * divide it). An event at a bucket's exact end time may be counted on
 * either side of it; the counts of all buckets add up to the run's.
 * @index: k, from 0.
 * @start_ns: start of the bucket.
 * @end_ns: end of the bucket.
 * @queues: entries used in the per-queue arrays.
 * @interval_ns: per queue, the interrupt interval in force at the end (the
 *	last decision's rx_interval_ns, or the configured start).
 * @ring_frames: per queue, frames in the RX ring at the end (those a poll
 *	is taking included).
 * @ring_max_frames: per queue, most frames in the RX ring at once in the
 *	bucket (at least the occupancy at its start).
 * @interrupts: hardware interrupts that fired in the bucket.
 * @timer_interrupts: deferred-poll timer interrupts in the bucket.
 * @polls: NAPI polls started in the bucket.
 * @offered_frames: frames that reached the NIC in the bucket.
 * @delivered_frames: frames handed to a socket or consumed by the stack.
 * @drops_ring: frames dropped because an RX ring was full.
 * @drops_socket: frames dropped by the socket admission rule.
 * @drops_reassembly: frames discarded with a datagram that lost a fragment.
 * @added_delay: the added delay (struct irqmod_sim_results) of the frames
 *	polls took in the bucket; @count 0 when there were none.
 * @to_app: NIC-to-application latency of the datagrams the applications
 *	read in the bucket (a read is counted when the application starts on
 *	the datagram); @count 0 when there were none.
 */
struct irqmod_sim_bucket {
	uint64_t index;
	uint64_t start_ns;
	uint64_t end_ns;
	uint32_t queues;
	uint32_t interval_ns[IRQMOD_SIM_MAX_QUEUES];
	uint32_t ring_frames[IRQMOD_SIM_MAX_QUEUES];
	uint32_t ring_max_frames[IRQMOD_SIM_MAX_QUEUES];
	uint64_t interrupts;
	uint64_t timer_interrupts;
	uint64_t polls;
	uint64_t offered_frames;
	uint64_t delivered_frames;
	uint64_t drops_ring;
	uint64_t drops_socket;
	uint64_t drops_reassembly;
	struct irqmod_sim_latency added_delay;
	struct irqmod_sim_latency to_app;
};

/**
 * struct irqmod_sim_hooks - optional observers of a run (all may be NULL).
 * @trace: called after every controller call.
 * @progress: called about every million events with the simulated time.
 * @context: passed to every hook.
 * @timeseries: called once per bucket of @timeseries_interval_ns, in time
 *	order, the last one at the end of the run (struct irqmod_sim_bucket).
 * @timeseries_interval_ns: bucket length, at least
 *	IRQMOD_SIM_TIMESERIES_MIN_INTERVAL_NS when @timeseries is set.
 */
struct irqmod_sim_hooks {
	void (*trace)(void *context, const struct irqmod_sim_trace *record);
	void (*progress)(void *context, uint64_t now_ns, uint64_t duration_ns);
	void *context;
	void (*timeseries)(void *context, const struct irqmod_sim_bucket *bucket);
	uint64_t timeseries_interval_ns;
};

/**
 * irqmod_sim_run() - simulate @config with @controller on every queue
 * (irqmod_sim_run_queues() with one controller).
 * @config: scenario; checked with irqmod_sim_check() first.
 * @controller: controller for every queue (one instance per queue).
 * @hooks: optional observers, or NULL.
 * @results: filled in on success.
 *
 * Allocates its working memory once (rings, sockets, heap) and frees it
 * before returning; equal inputs give bit-for-bit equal results.
 *
 * In builds with assertions (NDEBUG not defined, as in Meson's debug and
 * debugoptimized build types) the run asserts @results->totals'
 * conservation, offered == delivered + dropped + in flight, before it
 * returns.
 *
 * Return: 0, a negative irqmod error from the check or the controller's
 * init, -IRQMOD_EINVAL for a @hooks->timeseries with an interval below
 * IRQMOD_SIM_TIMESERIES_MIN_INTERVAL_NS, or -IRQMOD_ERANGE when memory
 * for the setup could not be allocated.
 */
IRQMOD_API int irqmod_sim_run(const struct irqmod_sim_config *config,
			      const struct irqmod_sim_controller *controller,
			      const struct irqmod_sim_hooks *hooks,
			      struct irqmod_sim_results *results);

/**
 * irqmod_sim_run_queues() - simulate @config with a controller per queue.
 * @config: scenario; checked with irqmod_sim_check() first.
 * @controllers: one controller for every queue (@count 1), or one per queue
 *	(@count equal to @config->queues), queue q running @controllers[q].
 *	Each queue has its own instance either way.
 * @count: entries in @controllers: 1 or @config->queues.
 * @hooks: optional observers, or NULL.
 * @results: filled in on success; @results->queue[q] names the controller
 *	queue q ran.
 *
 * Example: queue 0 under a latency target, queue 1 under ixgbe, queue 2
 * under defer-irq around a static 20 us interval:
 *
 *	struct irqmod_sim_controller c[3];
 *
 *	irqmod_scenario_controller_by_name(&c[0], "latency-target", speed);
 *	irqmod_scenario_controller_by_name(&c[1], "ixgbe", speed);
 *	irqmod_scenario_controller_by_name(&c[2], "static:20us", speed);
 *	irqmod_hybrid_default_config(&c[2].hybrid, IRQMOD_HYBRID_DEFER_IRQ,
 *				     IRQMOD_KIND_STATIC, speed);
 *	c[2].hybrid.inner = c[2].generic;
 *	config.queues = 3;
 *	irqmod_sim_run_queues(&config, c, 3, NULL, &results);
 *
 * Return: as irqmod_sim_run(), and -IRQMOD_EINVAL for a NULL @controllers
 * or a @count that is neither 1 nor @config->queues.
 */
IRQMOD_API int irqmod_sim_run_queues(const struct irqmod_sim_config *config,
				     const struct irqmod_sim_controller *controllers, uint32_t count,
				     const struct irqmod_sim_hooks *hooks,
				     struct irqmod_sim_results *results);

/**
 * irqmod_sim_line_rate_pps_milli() - frames per second a link carries at
 * @frame_bytes, times 1000 (812,743,823 for 1514 B on 10 GbE).
 * @link_speed_mbps: link speed.
 * @frame_bytes: frame size without FCS.
 * @wire_overhead_bytes: per-frame wire overhead (24).
 * Return: the rate in milli-frames per second.
 */
IRQMOD_API uint64_t irqmod_sim_line_rate_pps_milli(uint32_t link_speed_mbps, uint32_t frame_bytes,
						   uint32_t wire_overhead_bytes);

/**
 * irqmod_sim_source_kind_name() - short name of a source kind.
 * @kind: an enum irqmod_sim_source_kind value.
 * Return: "constant", "poisson", ...; "unknown" out of range.
 */
IRQMOD_API const char *irqmod_sim_source_kind_name(uint32_t kind);

/**
 * irqmod_sim_timer_name() - short name of a timer semantic.
 * @timer: an enum irqmod_sim_timer value.
 * Return: "throttle", "absolute" or "packet"; "unknown" out of range.
 */
IRQMOD_API const char *irqmod_sim_timer_name(uint32_t timer);

/**
 * irqmod_sim_distribution_name() - short name of a period law.
 * @distribution: an enum irqmod_sim_distribution value.
 * Return: "constant", "exponential" or "pareto"; "unknown" out of range.
 */
IRQMOD_API const char *irqmod_sim_distribution_name(uint32_t distribution);

/**
 * irqmod_sim_size_law_name() - short name of a frame-size law.
 * @law: an enum irqmod_sim_size_law value.
 * Return: "constant", "gpareto" or "gev"; "unknown" out of range.
 */
IRQMOD_API const char *irqmod_sim_size_law_name(uint32_t law);

#ifdef __cplusplus
}
#endif

#endif /* IRQMOD_SIM_H */
