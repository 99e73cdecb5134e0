/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The latency-target controller: the longest interval whose predicted
 * added delay meets the target. The model and its derivation are in
 * docs/latency-target.md; the comments here say which formula each step is.
 */
#include "irqmod/latency_target.h"
#include "irqmod/floor.h"
#include "config_error.h"
#include "decision.h"
#include "deps.h"
#include "latency_target_internal.h"
#include "kind_defaults.h"

static const char kind_name[] = "latency-target";

/* Issue 13 section 1: the state a driver embeds per queue is at most 48 bytes. */
_Static_assert(sizeof(struct irqmod_latency_target) <= 48, "latency-target state above 48 bytes");
/* irqmod_latency_target_answer() copies the two as one 8-byte word. */
_Static_assert(offsetof(struct irqmod_latency_target, poll_delay_ns) ==
		       offsetof(struct irqmod_latency_target, interval_ns) + sizeof(uint32_t) &&
	       offsetof(struct irqmod_decision, poll_delay_ns) ==
		       offsetof(struct irqmod_decision, tx_interval_ns) + sizeof(uint32_t),
	       "the cached REARM answer copies interval_ns and poll_delay_ns as one word");

/* irqmod's defaults (docs/latency-target.md, "How to tune"). */
/* A 50 us p99 target: the example of the issue that asked for the controller. */
#define DEFAULT_TARGET_P99_NS 50000u
/* Linux ixgbe.h IXGBE_DEFAULT_RXD: 512 RX descriptors. */
#define DEFAULT_RING_SIZE 512u
/* An upper clamp far above any sensible target: 1 ms. irqmod's choice. */
#define DEFAULT_MAX_INTERVAL_NS 1000000u
/* Poll from 4 frames per interval: a Poisson poll is then empty with
 * probability e^-4 = 1.8 % (docs/latency-target.md, "Polling"). */
#define DEFAULT_POLL_PACKETS 4u
/*
 * The interrupt entry, from the signal to the poll's first look at the
 * ring: a device interrupt's handler, or the timer interrupt that starts a
 * deferred poll (Linux napi_watchdog() on gro_flush_timeout's hrtimer):
 * 2 us, the device interrupt's entry the simulator assumes (docs/simulator.md
 * host.irq_cost, "1-5 us plausible", shared anchors section 1.2); its timer
 * interrupt costs 1 us (host.timer_irq_cost, docs/kernel-knobs.md D8), so a
 * deferred poll's bound keeps a microsecond of margin.
 */
#define DEFAULT_POLL_SERVICE_NS 2000u
/* Intel EITR (82599 and later) throttles: the default timer. */
#define DEFAULT_TIMER IRQMOD_LATENCY_TARGET_TIMER_THROTTLE

/* floor.h's range of link speeds. */
#define MAX_LINK_SPEED_MBPS IRQMOD_FLOOR_MAX_LINK_SPEED_MBPS
/* One ns of interval at most per interrupt: 1e9 interrupts/s. */
#define NS_PER_S 1000000000u
/*
 * The socket ceiling is the time a line-rate stream of 1514-byte frames
 * (floor.h IRQMOD_FLOOR_DEFAULT_FRAME_BYTES, + 24 B of wire overhead) fills
 * the buffer: frames = ceiling_ns * link_mbps / ((1514 + 24) * 8 * 1000).
 */
#define SOCKET_FRAME_BITS_X1000 \
	((IRQMOD_FLOOR_DEFAULT_FRAME_BYTES + IRQMOD_WIRE_OVERHEAD_BYTES) * 8u * 1000u)

/* Per-call caps that keep every product below 2^64 (see the bounds below). */
#define MAX_PACKETS_PER_CALL IRQMOD_LATENCY_TARGET_MAX_PACKETS_PER_CALL	/* 2^16 */
#define MAX_GAP_NS (1u << 30)		/* ~1.07 s: longer is "idle" all the same */
/* Fixed point of the packet averages: 8 fraction bits. */
#define Q8_SHIFT IRQMOD_LATENCY_TARGET_Q8_SHIFT
/* Mean-target solve: 16 fraction bits for the ratio in [1, 2]. */
#define RATIO_SHIFT 16u
/* Above this the mean solve scales its operands down by 2^16. */
#define RATIO_OPERAND_MAX (1ull << 31)
/* Dead band: keep the interval while the new one is within 1/16 of it. */
#define DEAD_BAND_SHIFT 4u
/*
 * The estimate is the mean of a window of IRQMOD_LATENCY_TARGET_WINDOW_CALLS
 * = 2^4 calls (docs/latency-target.md, "The estimator"): per-call means
 * are shifts.
 */
#define WINDOW_SHIFT 4u
_Static_assert((1u << WINDOW_SHIFT) == IRQMOD_LATENCY_TARGET_WINDOW_CALLS,
	       "the window's means are shifts by WINDOW_SHIFT");
/* A window's time span is capped at 16 * 2^30 ns: 2^30 per call on average. */
#define MAX_WINDOW_NS ((uint64_t)MAX_GAP_NS << WINDOW_SHIFT)
/*
 * primed: 0 before the first call, 1 while the first window runs, 3 warm:
 * warm is clock with one more bit, so each close sets it with one OR
 * instead of a read-modify-write of the bit field.
 */
#define PRIMED_CLOCK 1u
#define PRIMED_WARM 3u
_Static_assert((PRIMED_WARM & PRIMED_CLOCK) == PRIMED_CLOCK, "warm is clock or'ed with a bit");
/*
 * Batching (docs, "Very low rates and closed loops"): an interval that
 * brings fewer than 1.25 frames per interrupt (320 / 256) batches nothing
 * and only delays; it is left for the minimum. Open-loop Poisson arrivals
 * bring x + e^-x frames per interrupt at x = lambda * T, 1.25 at x ~ 0.7,
 * so the minimum is left again at x >= 1 (1.37 frames), and after a closed
 * loop was seen (UNBATCHED) only at x >= 8.
 */
#define BATCH_MIN_Q8 320u
/*
 * A closed loop brings exactly one frame per interrupt: below 1.0625
 * frames (272 / 256). Open-loop Poisson arrivals at x >= 1/2 bring >= 1.1,
 * and a window of 16 polls of one frame each at x = 2 has probability
 * e^-32: never seen.
 */
#define CLOSED_LOOP_MAX_Q8 272u
#define LOW_EXIT_FRAMES 1u
#define UNBATCHED_EXIT_FRAMES 8u
/* The 4-bit mode field. */
#define MODE_MASK 0xfu
/*
 * The decision inline in the window's close even though the tests' entry
 * calls it too: out of line, its call and the close's frame would cost
 * every close (16 more instructions per window in the bench).
 */
#if defined(__GNUC__)
#define LT_INLINE_ALWAYS __attribute__((__always_inline__))
#else
#define LT_INLINE_ALWAYS
#endif
/* The state keeps the frame limit and the poll service in 16 bits. */
#define U16_LIMIT 65535u

/* Return the smaller of two values. */
static inline uint32_t min_u32(uint32_t a, uint32_t b)
{
	return a < b ? a : b;
}

int irqmod_latency_target_default_config(struct irqmod_latency_target_config *config,
					 uint32_t link_speed_mbps)
{
	struct irqmod_floor_params params;
	struct irqmod_floor_result floor;

	if (!config)
		return -IRQMOD_EINVAL;
	if (link_speed_mbps == 0 || link_speed_mbps > MAX_LINK_SPEED_MBPS)
		return -IRQMOD_ELINK;
	irqmod_floor_default_params(&params, link_speed_mbps);
	/* The default params are in range, so the helper cannot fail here. */
	(void)irqmod_floor_interval(&params, &floor);
	config->target_p99_ns = DEFAULT_TARGET_P99_NS;
	config->target_mean_ns = 0;
	config->service_ns = 0;
	config->link_speed_mbps = link_speed_mbps;
	config->ring_size = DEFAULT_RING_SIZE;
	config->socket_ceiling_ns = floor.interval_ns;
	config->min_interval_ns = 0;
	config->max_interval_ns = DEFAULT_MAX_INTERVAL_NS;
	config->max_rate_per_s = 0;
	config->poll_packets = DEFAULT_POLL_PACKETS;
	config->poll_service_ns = DEFAULT_POLL_SERVICE_NS;
	config->timer = DEFAULT_TIMER;
	return 0;
}

/* The interval the rate cap imposes, rounded up: ceil(1e9 / rate). */
static uint32_t rate_cap_interval_ns(uint32_t max_rate_per_s)
{
	return (NS_PER_S + max_rate_per_s - 1u) / max_rate_per_s;
}

int irqmod_latency_target_config_check(const struct irqmod_latency_target_config *c,
				       struct irqmod_config_error *e)
{
	if (!c)
		return irqmod_reject_null(e, kind_name);
	if (c->target_p99_ns == 0)
		return irqmod_reject(e, kind_name, "target_p99_ns", 0, "must be at least",
				     NULL, 1, -IRQMOD_ERANGE);
	if (c->target_p99_ns > IRQMOD_LATENCY_TARGET_MAX_NS)
		return irqmod_reject(e, kind_name, "target_p99_ns", c->target_p99_ns,
				     "is above", "the supported maximum",
				     IRQMOD_LATENCY_TARGET_MAX_NS, -IRQMOD_ERANGE);
	if (c->target_mean_ns > c->target_p99_ns)
		return irqmod_reject(e, kind_name, "target_mean_ns", c->target_mean_ns,
				     "is above", "target_p99_ns", c->target_p99_ns,
				     -IRQMOD_ERANGE);
	if (c->service_ns >= c->target_p99_ns)
		return irqmod_reject(e, kind_name, "service_ns", c->service_ns,
				     "must be below", "target_p99_ns", c->target_p99_ns,
				     -IRQMOD_ERANGE);
	if (c->target_mean_ns != 0 && c->service_ns >= c->target_mean_ns)
		return irqmod_reject(e, kind_name, "service_ns", c->service_ns,
				     "must be below", "target_mean_ns", c->target_mean_ns,
				     -IRQMOD_ERANGE);
	if (c->link_speed_mbps == 0 || c->link_speed_mbps > MAX_LINK_SPEED_MBPS)
		return irqmod_reject(e, kind_name, "link_speed_mbps", c->link_speed_mbps,
				     c->link_speed_mbps ? "is above" : "must be at least",
				     c->link_speed_mbps ? "the supported maximum" : NULL,
				     c->link_speed_mbps ? MAX_LINK_SPEED_MBPS : 1u,
				     -IRQMOD_ELINK);
	if (c->ring_size < IRQMOD_LATENCY_TARGET_MIN_RING)
		return irqmod_reject(e, kind_name, "ring_size", c->ring_size,
				     "is below", "the supported minimum",
				     IRQMOD_LATENCY_TARGET_MIN_RING, -IRQMOD_EFRAME);
	if (c->ring_size > IRQMOD_LATENCY_TARGET_MAX_RING)
		return irqmod_reject(e, kind_name, "ring_size", c->ring_size,
				     "is above", "the supported maximum",
				     IRQMOD_LATENCY_TARGET_MAX_RING, -IRQMOD_EFRAME);
	if (c->socket_ceiling_ns > IRQMOD_LATENCY_TARGET_MAX_NS)
		return irqmod_reject(e, kind_name, "socket_ceiling_ns", c->socket_ceiling_ns,
				     "is above", "the supported maximum",
				     IRQMOD_LATENCY_TARGET_MAX_NS, -IRQMOD_ERANGE);
	if (c->max_interval_ns == 0)
		return irqmod_reject(e, kind_name, "max_interval_ns", 0, "must be at least",
				     NULL, 1, -IRQMOD_ERANGE);
	if (c->max_interval_ns > IRQMOD_LATENCY_TARGET_MAX_NS)
		return irqmod_reject(e, kind_name, "max_interval_ns", c->max_interval_ns,
				     "is above", "the supported maximum",
				     IRQMOD_LATENCY_TARGET_MAX_NS, -IRQMOD_ERANGE);
	if (c->min_interval_ns > c->max_interval_ns)
		return irqmod_reject(e, kind_name, "min_interval_ns", c->min_interval_ns,
				     "is above", "max_interval_ns", c->max_interval_ns,
				     -IRQMOD_EMINMAX);
	if (c->max_rate_per_s > NS_PER_S)
		return irqmod_reject(e, kind_name, "max_rate_per_s", c->max_rate_per_s,
				     "is above", "one interrupt per ns", NS_PER_S,
				     -IRQMOD_ERANGE);
	if (c->max_rate_per_s != 0 &&
	    rate_cap_interval_ns(c->max_rate_per_s) > c->max_interval_ns)
		return irqmod_reject(e, kind_name, "max_rate_per_s", c->max_rate_per_s,
				     "is below", "the rate max_interval_ns allows",
				     rate_cap_interval_ns(c->max_interval_ns),
				     -IRQMOD_EMINMAX);
	if (c->poll_packets == 1 || c->poll_packets > IRQMOD_LATENCY_TARGET_MAX_POLL_PACKETS)
		return irqmod_reject(e, kind_name, "poll_packets", c->poll_packets,
				     c->poll_packets == 1 ? "must be at least" : "is above",
				     c->poll_packets == 1 ? NULL : "the supported maximum",
				     c->poll_packets == 1 ? 2u :
							    IRQMOD_LATENCY_TARGET_MAX_POLL_PACKETS,
				     -IRQMOD_ERANGE);
	if (c->poll_service_ns > IRQMOD_LATENCY_TARGET_MAX_POLL_SERVICE_NS)
		return irqmod_reject(e, kind_name, "poll_service_ns", c->poll_service_ns,
				     "is above", "the supported maximum",
				     IRQMOD_LATENCY_TARGET_MAX_POLL_SERVICE_NS, -IRQMOD_ERANGE);
	if (c->timer > IRQMOD_LATENCY_TARGET_TIMER_HOLDOFF)
		return irqmod_reject(e, kind_name, "timer", c->timer, "is above",
				     "IRQMOD_LATENCY_TARGET_TIMER_HOLDOFF",
				     IRQMOD_LATENCY_TARGET_TIMER_HOLDOFF, -IRQMOD_ERANGE);
	return 0;
}

int irqmod_latency_target_init(struct irqmod_latency_target *state,
			       const struct irqmod_latency_target_config *config)
{
	uint32_t min_ns, limit, socket_frames, p99_ns;
	int error;

	if (!state || !config)
		return -IRQMOD_EINVAL;
	error = irqmod_latency_target_config_check(config, NULL);
	if (error)
		return error;
	min_ns = config->min_interval_ns;
	if (config->max_rate_per_s != 0 &&
	    rate_cap_interval_ns(config->max_rate_per_s) > min_ns)
		min_ns = rate_cap_interval_ns(config->max_rate_per_s);
	/* Half the ring: room for the next interval's frames while one is polled. */
	limit = config->ring_size / 2u;
	if (config->socket_ceiling_ns != 0) {
		/* Once, at init: 2^30 * 800000 < 2^50, divisor 12304000. */
		uint64_t ceiling = (uint64_t)config->socket_ceiling_ns * config->link_speed_mbps;

		socket_frames = (uint32_t)IRQMOD_DIV_U64_U32(ceiling, SOCKET_FRAME_BITS_X1000);
		limit = min_u32(limit, socket_frames);
	}
	limit = min_u32(limit, U16_LIMIT);
	state->limit_packets = (uint16_t)(limit ? limit : 1u);
	state->poll_service_ns = (uint16_t)config->poll_service_ns;
	/*
	 * No frame waits longer than the target (docs, "The holdoff and
	 * Poisson arrivals", "The throttle"): under
	 * a holdoff the first frame of a cycle waits the whole interval; under
	 * a throttle a frame waits the interval less its time since the last
	 * interrupt, which is at least the interrupt's entry (frames arriving
	 * in it are taken by the poll it starts). Both < 2^31: no overflow.
	 */
	p99_ns = config->target_p99_ns - config->service_ns;
	if (config->timer == IRQMOD_LATENCY_TARGET_TIMER_THROTTLE)
		p99_ns += config->poll_service_ns;
	state->p99_interval_ns = min_u32(p99_ns, config->max_interval_ns);
	state->holdoff = config->timer == IRQMOD_LATENCY_TARGET_TIMER_HOLDOFF;
	state->mean_budget_ns = config->target_mean_ns ?
				config->target_mean_ns - config->service_ns : 0u;
	state->min_interval_ns = min_ns;
	state->poll_packets = (uint16_t)config->poll_packets;
	irqmod_latency_target_reset(state);
	return 0;
}

void irqmod_latency_target_reset(struct irqmod_latency_target *state)
{
	state->window_start_ns = 0;
	state->window_packets = 0;
	state->window_above_q8 = 0;
	state->packets_avg_q8 = 0;
	state->interval_ns = state->min_interval_ns;
	state->poll_delay_ns = 0;
	state->countdown = 1; /* the first call opens the first window */
	state->mode = IRQMOD_LATENCY_TARGET_MODE_LOW;
	state->primed = 0;
}

/* The estimate of one window: per-call means. */
struct estimate {
	uint32_t packets_q8;	/* RX packets per call, 24.8 */
	uint32_t deviation_q8;	/* mean |packets - previous window's mean|, 24.8 */
	uint32_t gap_ns;	/* time per call */
};

/*
 * The interval the mean target allows: T = m (2 + 2y) / (2 + y), y = lambda
 * m, one fixed-point step of T = m / r(T), r(T) = mean(T) / T, started at
 * T = m, which never overshoots the target (docs, "The mean target").
 * A division per call: the ratio depends on the estimate, which changes
 * every call, and has no precomputable reciprocal.
 */
static inline uint32_t mean_interval_ns(const struct irqmod_latency_target *state,
					const struct estimate *e)
{
	uint64_t a = e->gap_ns;	/* <= 2^30 */
	/* b = lambda * m * gap = packets * m: <= 2^24 * 2^30 >> 8 = 2^46. */
	uint64_t b = ((uint64_t)e->packets_q8 * state->mean_budget_ns) >> Q8_SHIFT;
	uint64_t ratio_q16;

	if (b >= RATIO_OPERAND_MAX) {
		/* y >= 2: the ratio is in [1.5, 2]; 16 bits of b are plenty. */
		a >>= RATIO_SHIFT;
		b >>= RATIO_SHIFT;
	}
	/* 2a + b < 2^32 and > 0 (a window's gap is at least 1 ns, as
	 * its time moved on: 16 ns over 16 calls at the least). */
	ratio_q16 = IRQMOD_DIV_U64_U32((2u * a + 2u * b) << RATIO_SHIFT,
				       (uint32_t)(2u * a + b));
	/* m <= 2^30, ratio <= 2^17: the product fits 2^47. */
	return (uint32_t)(((uint64_t)state->mean_budget_ns * ratio_q16) >> RATIO_SHIFT);
}

/*
 * The longest interval meeting the targets and the ring and socket bound
 * at the estimated rate plus two deviations, clamped to [min, max].
 */
static inline uint32_t target_interval_ns(const struct irqmod_latency_target *state,
					  const struct estimate *e, bool *ring_bound)
{
	uint32_t interval = state->p99_interval_ns;
	uint64_t peak_q8, allowed;

	if (state->mean_budget_ns != 0)
		interval = min_u32(interval, mean_interval_ns(state, e));
	/* <= 3 * 2^24 < 2^32 */
	peak_q8 = (uint64_t)e->packets_q8 + 2u * (uint64_t)e->deviation_q8;
	/* (limit << 8) * gap <= 2^24 * 2^30; peak * interval <= 2^26 * 2^30. */
	allowed = ((uint64_t)state->limit_packets << Q8_SHIFT) * e->gap_ns;
	/* Eva (scripts/eva): apart, a zero peak_q8 visibly fails the test below. */
	/*@ split peak_q8 == 0; */
	if (peak_q8 * interval > allowed) {
		/*
		 * The ring or socket bounds the interval: T = limit / lambda_peak.
		 * A division, but only on this path (overload), never at a
		 * steady load below it; peak_q8 > 0 here and < 2^32.
		 */
		interval = (uint32_t)IRQMOD_DIV_U64_U32(allowed, (uint32_t)peak_q8);
		*ring_bound = true;
	}
	if (interval < state->min_interval_ns) {
		interval = state->min_interval_ns;
		*ring_bound = false;
	}
	return interval;
}

/*
 * Whether lambda * interval is at least @numerator / @denominator frames:
 * packets_avg * interval * denominator >= gap * numerator (all in Q8).
 */
static inline bool frames_per_interval_at_least(const struct estimate *e, uint32_t interval,
						uint32_t numerator, uint32_t denominator)
{
	/* 2^24 * 2^30 * 8 and 2^38 * 2^16: both below 2^64. */
	return (uint64_t)e->packets_q8 * interval * denominator >=
	       ((uint64_t)e->gap_ns << Q8_SHIFT) * numerator;
}

/*
 * The mode for this call, from the estimate and (for POLL) the sample;
 * @cut: what comes off @interval for the poll delay (a poll is never
 * deferred by nothing).
 */
static inline uint8_t next_mode(const struct irqmod_latency_target *state,
				const struct estimate *e, uint32_t interval, uint32_t cut,
				bool empty)
{
	uint8_t mode = state->mode;

	if (mode == IRQMOD_LATENCY_TARGET_MODE_POLL) {
		/* Re-arm at the first empty poll, or when the load falls or turns bursty. */
		if (!empty && interval > cut &&
		    e->deviation_q8 <= e->packets_q8 &&
		    frames_per_interval_at_least(e, interval, state->poll_packets, 2u))
			return IRQMOD_LATENCY_TARGET_MODE_POLL;
		return IRQMOD_LATENCY_TARGET_MODE_TARGET;
	}
	if (state->poll_packets != 0 && !empty && interval > cut &&
	    2u * (uint64_t)e->deviation_q8 <= e->packets_q8 &&
	    frames_per_interval_at_least(e, interval, state->poll_packets, 1u))
		return IRQMOD_LATENCY_TARGET_MODE_POLL;
	/*
	 * Under a throttle a longer interval does not delay an isolated frame
	 * (it fires at once), nor a closed loop's reply beyond the target: the
	 * target's interval at every rate (docs, "Very low rates and closed
	 * loops").
	 */
	if (!state->holdoff)
		return IRQMOD_LATENCY_TARGET_MODE_TARGET;
	if (mode == IRQMOD_LATENCY_TARGET_MODE_TARGET) {
		/* Judged on a window measured at the target interval only:
		 * every window starts at a decision. */
		if (e->packets_q8 >= BATCH_MIN_Q8)
			return IRQMOD_LATENCY_TARGET_MODE_TARGET;
		/* At x < 1/2 a low rate: a closed loop would stay at the
		 * minimum too (x there is below 1). Above, one frame per
		 * interrupt is a closed loop; more is open-loop batching. */
		if (!frames_per_interval_at_least(e, interval, 1u, 2u))
			return IRQMOD_LATENCY_TARGET_MODE_LOW;
		return e->packets_q8 < CLOSED_LOOP_MAX_Q8 ?
			       IRQMOD_LATENCY_TARGET_MODE_UNBATCHED :
			       IRQMOD_LATENCY_TARGET_MODE_TARGET;
	}
	if (frames_per_interval_at_least(e, interval,
					 mode == IRQMOD_LATENCY_TARGET_MODE_LOW ?
						 LOW_EXIT_FRAMES : UNBATCHED_EXIT_FRAMES, 1u) ||
	    (mode == IRQMOD_LATENCY_TARGET_MODE_UNBATCHED &&
	     e->packets_q8 >= BATCH_MIN_Q8))
		return IRQMOD_LATENCY_TARGET_MODE_TARGET;
	return mode;
}

/*
 * Cache POLL with @delay_ns (above 0) and answer it: zero intervals
 * (docs/hybrid-contract.md) and the delay.
 */
static inline void answer_poll(struct irqmod_latency_target *state, uint32_t delay_ns,
			       struct irqmod_decision *decision)
{
	state->mode = IRQMOD_LATENCY_TARGET_MODE_POLL;
	state->poll_delay_ns = delay_ns;
	irqmod_latency_target_answer_poll(decision, delay_ns);
}

/* The dead band (docs, "Why it does not oscillate"), then REARM at @interval. */
static IRQMOD_COLD_PATH void rearm(struct irqmod_latency_target *state, uint8_t mode,
				   uint32_t interval, struct irqmod_decision *decision)
{
	uint32_t previous = state->interval_ns;

	state->mode = mode & MODE_MASK;
	state->poll_delay_ns = 0;
	if (mode != IRQMOD_LATENCY_TARGET_MODE_TARGET) {
		interval = state->min_interval_ns;
	} else if (interval != state->p99_interval_ns &&
		   interval > previous - (previous >> DEAD_BAND_SHIFT) &&
		   interval < previous + (previous >> DEAD_BAND_SHIFT)) {
		/*
		 * A ring-, socket- or mean-bound interval within 1/16 of the
		 * register: keep the register, do not restart its timer. The
		 * target's own interval is always taken exactly.
		 */
		interval = previous;
	}
	state->interval_ns = interval;
	irqmod_decision_rearm(decision, interval, interval != previous);
}

/*
 * The window's mean of |P - ref| over its IRQMOD_LATENCY_TARGET_WINDOW_CALLS
 * = 16 calls (P a call's packets in 24.8, ref @packets_avg_q8, the same for
 * the whole window), rounded down as a shift of the sum would be, from the
 * sums the counting path keeps: |d| = 2 max(d, 0) - d, so the sum is
 * 2 @window_above_q8 - (sum P - 16 ref), and with @mean_q8 = sum P / 16
 * (the window's mean, exact) its floor over 16 is
 * floor(@window_above_q8 / 8) + ref - @mean_q8 (adding a whole number
 * commutes with the floor). Every term is below 2^29, so the arithmetic
 * mod 2^32 gives it exactly, and as P and ref are at most 2^24 so is the
 * result: the clamp to 2^24 changes nothing, but it states the bound where
 * the wrap-around hides it (scripts/eva then proves the ring bound's
 * divisor nonzero). Only a full window's is used (the first call's window
 * of one call is never an estimate).
 */
static inline uint32_t window_mean_deviation_q8(const struct irqmod_latency_target *state,
						uint32_t mean_q8)
{
	return min_u32((state->window_above_q8 >> (WINDOW_SHIFT - 1u)) + state->packets_avg_q8 -
			       mean_q8,
		       MAX_PACKETS_PER_CALL << Q8_SHIFT);
}

/*
 * The decision from a window's estimate @e, cached for the next window:
 * the mode and interval, POLL with its delay or REARM. @empty: this call's
 * poll found nothing.
 */
static inline LT_INLINE_ALWAYS void decide(struct irqmod_latency_target *state,
					   const struct estimate *e, bool empty,
					   struct irqmod_decision *decision)
{
	uint32_t interval, cut;
	uint8_t mode;
	bool ring_bound = false;

	interval = target_interval_ns(state, e, &ring_bound);
	/*
	 * A deferred poll's timer starts when the previous poll ends, and the
	 * frames that arrive in its entry and run are taken by it: no frame
	 * waits longer than the delay. So the target's delay is the p99
	 * budget itself, the throttle's interval less the entry it allowed
	 * for, or the holdoff's interval. A ring- or socket-bound delay is
	 * the interval less the entry, so the cycle (delay, entry, run) is at
	 * least the bound's interval (docs, "Polling").
	 */
	cut = ring_bound || !state->holdoff ? state->poll_service_ns : 0u;
	mode = next_mode(state, e, interval, cut, empty);
	if (mode == IRQMOD_LATENCY_TARGET_MODE_POLL) {
		answer_poll(state, interval - cut, decision);
		return;
	}
	rearm(state, mode, interval, decision);
}

/*
 * An empty poll while polling: re-arm at once, at the interval the delay
 * came from: the delay plus the entry, which is the throttle's and the
 * ring bound's, and never above the target's (the holdoff's is the delay
 * itself).
 */
static IRQMOD_COLD_PATH void rearm_empty_poll(struct irqmod_latency_target *state,
					      struct irqmod_decision *decision)
{
	rearm(state, IRQMOD_LATENCY_TARGET_MODE_TARGET,
	      min_u32(state->poll_delay_ns + state->poll_service_ns, state->p99_interval_ns),
	      decision);
}

/*
 * The window closes (out of line, every IRQMOD_LATENCY_TARGET_WINDOW_CALLS
 * calls): its means are the estimate, from which the mode and interval are
 * decided and cached for the calls of the next window. The first call only
 * opens the first window; a window whose clock stalled or stepped back is
 * dropped and the clock re-based, the answer kept. @empty: this call's
 * poll found nothing.
 */
static inline void close_window(struct irqmod_latency_target *state,
				const struct irqmod_sample *sample,
				uint32_t packets_q8, struct irqmod_decision *decision)
{
	struct estimate e;
	/* 0 when the clock stalled or stepped back. */
	uint64_t span_ns = sample->now_ns > state->window_start_ns ?
				   sample->now_ns - state->window_start_ns : 0u;

	/* The per-call means: shifts (<= 2^24, <= 2^24 and <= 2^30). */
	e.packets_q8 = state->window_packets << (Q8_SHIFT - WINDOW_SHIFT);
	e.deviation_q8 = window_mean_deviation_q8(state, e.packets_q8);
	e.gap_ns = (uint32_t)((span_ns > MAX_WINDOW_NS ? MAX_WINDOW_NS : span_ns) >> WINDOW_SHIFT);
	state->window_start_ns = sample->now_ns;
	state->window_packets = 0;
	state->window_above_q8 = 0;
	state->countdown = IRQMOD_LATENCY_TARGET_WINDOW_CALLS;
	if (state->primed == 0 || e.gap_ns == 0) {
		/*
		 * The first call: its frames are the first deviations'
		 * reference. A clock that stalled or stepped back (or a
		 * window under 16 ns): no estimate, the answer kept.
		 */
		if (state->primed == 0) {
			state->packets_avg_q8 = packets_q8;
			state->primed = PRIMED_CLOCK;
		}
		/* The kept answer is never a POLL to an empty poll. */
		if (sample->rx_packets == 0 && state->poll_delay_ns != 0)
			rearm_empty_poll(state, decision);
		else
			irqmod_latency_target_answer(state, decision);
		return;
	}
	state->packets_avg_q8 = e.packets_q8;
	state->primed |= PRIMED_WARM; /* clock or warm before: warm */
	decide(state, &e, sample->rx_packets == 0, decision);
}

/*
 * The counting path is irqmod_latency_target_update(); it has counted the
 * call and counted the window down to 0. Out of line (once per window), so
 * that the close's registers and frame are not paid on a counting call.
 */
IRQMOD_COLD_PATH void irqmod_latency_target_update_window(struct irqmod_latency_target *state,
							  const struct irqmod_sample *sample,
							  struct irqmod_decision *decision)
{
	close_window(state, sample,
		     min_u32(sample->rx_packets, MAX_PACKETS_PER_CALL) << Q8_SHIFT, decision);
}

/* Count the window down; its last call closes it, the others answer the cache. */
static inline void count_down(struct irqmod_latency_target *state,
			      const struct irqmod_sample *sample,
			      struct irqmod_decision *decision)
{
	if (--state->countdown == 0) {
		irqmod_latency_target_update_window(state, sample, decision);
		return;
	}
	irqmod_latency_target_answer(state, decision);
}

/*
 * A call the counting path does not count: more RX packets than the cap
 * (counted as the cap), or none, which adds nothing to the sums (0 - ref
 * is not above 0). Out of line for the same reason as the close.
 */
IRQMOD_COLD_PATH void irqmod_latency_target_update_edge(struct irqmod_latency_target *state,
							const struct irqmod_sample *sample,
							struct irqmod_decision *decision)
{
	if (sample->rx_packets != 0) {
		irqmod_latency_target_count(state,
					    min_u32(sample->rx_packets, MAX_PACKETS_PER_CALL));
		count_down(state, sample, decision);
		return;
	}
	if (--state->countdown == 0) {
		irqmod_latency_target_update_window(state, sample, decision);
		return;
	}
	if (state->poll_delay_ns != 0) {
		rearm_empty_poll(state, decision);
		return;
	}
	irqmod_latency_target_answer(state, decision);
}

/*
 * Most calls only count: their packets go to the window's sums, the
 * window counts down and the cached answer is copied; the window's last
 * call and the calls outside the counted range go out of line.
 */
void irqmod_latency_target_update(struct irqmod_latency_target *state,
				  const struct irqmod_sample *sample,
				  struct irqmod_decision *decision)
{
	uint32_t packets = sample->rx_packets;

	/* 0 or above the cap, in one unsigned comparison. */
	if (packets - 1u >= MAX_PACKETS_PER_CALL) {
		/*
		 * An empty poll while not polling adds nothing to the sums
		 * (0 - ref is not above 0): count down, answer REARM. The
		 * others (re-arm now, the cap) go out of line.
		 */
		if (packets != 0 || state->poll_delay_ns != 0) {
			irqmod_latency_target_update_edge(state, sample, decision);
			return;
		}
	} else {
		irqmod_latency_target_count(state, packets);
	}
	if (--state->countdown == 0) {
		irqmod_latency_target_update_window(state, sample, decision);
		return;
	}
	irqmod_latency_target_answer(state, decision);
}

void irqmod_latency_target_decide(struct irqmod_latency_target *state, uint32_t packets_q8,
				  uint32_t deviation_q8, uint32_t gap_ns, bool empty,
				  struct irqmod_decision *decision)
{
	struct estimate e;

	e.packets_q8 = packets_q8;
	e.deviation_q8 = deviation_q8;
	e.gap_ns = gap_ns;
	decide(state, &e, empty, decision);
}

void irqmod_latency_target_current(const struct irqmod_latency_target *state,
				   struct irqmod_decision *decision)
{
	irqmod_latency_target_answer(state, decision);
}

/* Registration in the kind table: the defaults of irqmod_latency_target_default_config(). */
int irqmod_latency_target_kind_defaults(void *config, uint32_t link_speed_mbps)
{
	return irqmod_latency_target_default_config(config, link_speed_mbps);
}
