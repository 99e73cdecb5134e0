/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * What net DIM (lib/dim.c) and RDMA DIM (lib/dim_rdma.c) share: the window
 * arithmetic of Linux lib/dim/dim.c dim_calc_stats(), the significance test
 * of include/linux/dim.h IS_SIGNIFICANT_DIFF, and the walk helpers of
 * lib/dim/dim.c (dim_on_top, dim_turn, dim_park_on_top, dim_park_tired).
 * Internal: not installed, symbols hidden.
 */
#ifndef IRQMOD_DIM_INTERNAL_H
#define IRQMOD_DIM_INTERNAL_H

#include "irqmod/convert.h"
#include "irqmod/dim.h"

#include "config_error.h"
#include "decision.h"
#include "deps.h"

/* Microseconds in a millisecond (Linux USEC_PER_MSEC). */
#define IRQMOD_DIM_USECS_PER_MS 1000u
/* Largest rate Linux's int fields of struct dim_stats can hold. */
#define IRQMOD_DIM_RATE_MAX 0x7FFFFFFFu
/* Percent scale of the significance test and of cpe_ratio. */
#define IRQMOD_DIM_PERCENT 100u
/* Largest non-negative signed 64-bit time difference (ktime_t is s64). */
#define IRQMOD_DIM_S64_MAX 0x7FFFFFFFFFFFFFFFull

/* Outcome of comparing a window with the reference (Linux DIM_STATS_*). */
enum irqmod_dim_compare {
	IRQMOD_DIM_WORSE = 0,
	IRQMOD_DIM_SAME = 1,
	IRQMOD_DIM_BETTER = 2,
};

/* Outcome of one step (Linux DIM_STEPPED, DIM_TOO_TIRED, DIM_ON_EDGE). */
enum irqmod_dim_step {
	IRQMOD_DIM_STEPPED = 0,
	IRQMOD_DIM_TOO_TIRED = 1,
	IRQMOD_DIM_ON_EDGE = 2,
};

/*
 * Whole microseconds between two sample times, as Linux's u32 delta_us =
 * ktime_us_delta(end, start): the signed ns difference divided by 1000
 * (truncated towards zero), then reduced mod 2^32. 0 means "no time".
 */
static inline uint32_t irqmod_dim_window_usecs(uint64_t start_ns, uint64_t end_ns)
{
	uint64_t difference_ns = end_ns - start_ns;
	uint32_t usecs;

	if (difference_ns <= IRQMOD_DIM_S64_MAX)
		return (uint32_t)IRQMOD_DIV_U64_U32(difference_ns,
						    IRQMOD_NS_PER_USEC);
	/*
	 * Time went backwards: Linux divides the negative s64 difference
	 * (truncating towards zero) and stores it in a u32, which wraps.
	 */
	usecs = (uint32_t)IRQMOD_DIV_U64_U32(start_ns - end_ns,
					     IRQMOD_NS_PER_USEC);
	return 0u - usecs;
}

/*
 * ceil(count * 1000 / window_usecs) (Linux DIV_ROUND_UP(n * USEC_PER_MSEC,
 * delta_us)), saturated at INT32_MAX where Linux's int field would
 * overflow. window_usecs must not be 0.
 */
static inline uint32_t irqmod_dim_rate_per_ms(uint32_t count, uint32_t window_usecs)
{
	uint64_t scaled = (uint64_t)count * IRQMOD_DIM_USECS_PER_MS;
	uint64_t rate = IRQMOD_DIV_U64_U32(scaled + window_usecs - 1u,
					   window_usecs);

	return rate > IRQMOD_DIM_RATE_MAX ? IRQMOD_DIM_RATE_MAX : (uint32_t)rate;
}

/*
 * Events per ms of a full window: Linux uses the constant DIM_NEVENTS.
 * irqmod_dim_rate_per_ms(IRQMOD_DIM_WINDOW_EVENTS, window_usecs), that is
 * ceil(64000 / w), written as floor(63999 / w) + 1 (equal for every w >= 1,
 * and at most 64000, below IRQMOD_DIM_RATE_MAX), so that it is visibly
 * never 0: callers divide by it (scripts/eva proves it).
 */
static inline uint32_t irqmod_dim_events_per_ms(uint32_t window_usecs)
{
	return (uint32_t)IRQMOD_DIV_U64_U32((uint64_t)IRQMOD_DIM_WINDOW_EVENTS *
						    IRQMOD_DIM_USECS_PER_MS - 1u,
					    window_usecs) + 1u;
}

/*
 * The packets and bytes (mod 2^32) of @direction (0 RX, 1 TX) in @sample:
 * tx_packets follows rx_packets and tx_bytes follows rx_bytes (lib/dim.c
 * asserts both), so the direction indexes each pair with one load, where
 * a choice between the two fields costs a load and a conditional move
 * more on every call irqmod_dim_update() only counts.
 */
static inline uint32_t irqmod_dim_direction_packets(const struct irqmod_sample *sample,
						    uint8_t direction)
{
	const char *fields = (const char *)sample;

	return *(const uint32_t *)(fields + offsetof(struct irqmod_sample, rx_packets) +
				   direction * sizeof(uint32_t));
}

static inline uint32_t irqmod_dim_direction_bytes(const struct irqmod_sample *sample,
						  uint8_t direction)
{
	const char *fields = (const char *)sample;

	return (uint32_t)*(const uint64_t *)(fields + offsetof(struct irqmod_sample, rx_bytes) +
					     direction * sizeof(uint64_t));
}

/* True when value differs from reference by more than 10 % (truncated). */
static inline bool irqmod_dim_significant(uint32_t value, uint32_t reference)
{
	uint64_t difference = value > reference ? value - reference :
						  reference - value;

	/*
	 * Linux: ref != 0 && 100 * |value - ref| / ref > 10, with integer
	 * division. floor(x / ref) > 10 holds exactly when x >= 11 * ref, so
	 * no division is needed.
	 */
	return reference != 0 &&
	       IRQMOD_DIM_PERCENT * difference >=
		       (uint64_t)(IRQMOD_DIM_SIGNIFICANT_PERCENT + 1u) * reference;
}

/* Linux dim_on_top(): parked, or one step back after more than one forward. */
static inline bool irqmod_dim_on_top(const struct irqmod_dim_walk *walk)
{
	switch (walk->tune_state) {
	case IRQMOD_DIM_GOING_RIGHT:
		return walk->steps_left > 1 && walk->steps_right == 1;
	case IRQMOD_DIM_GOING_LEFT:
		return walk->steps_right > 1 && walk->steps_left == 1;
	default:
		return true;
	}
}

/* Linux dim_turn(): reverse a going direction, clearing its new step count. */
static inline void irqmod_dim_turn(struct irqmod_dim_walk *walk)
{
	if (walk->tune_state == IRQMOD_DIM_GOING_RIGHT) {
		walk->tune_state = IRQMOD_DIM_GOING_LEFT;
		walk->steps_left = 0;
	} else if (walk->tune_state == IRQMOD_DIM_GOING_LEFT) {
		walk->tune_state = IRQMOD_DIM_GOING_RIGHT;
		walk->steps_right = 0;
	}
}

/* Linux dim_park_on_top(): park, clearing the steps and the tired count. */
static inline void irqmod_dim_park_on_top(struct irqmod_dim_walk *walk)
{
	walk->tune_state = IRQMOD_DIM_PARKING_ON_TOP;
	walk->steps_right = 0;
	walk->steps_left = 0;
	walk->tired = 0;
}

/* Linux dim_park_tired(): park tired, clearing the steps, keeping tired. */
static inline void irqmod_dim_park_tired(struct irqmod_dim_walk *walk)
{
	walk->tune_state = IRQMOD_DIM_PARKING_TIRED;
	walk->steps_right = 0;
	walk->steps_left = 0;
}

/*
 * Shared table validation; returns 0, -IRQMOD_ETABLE or -IRQMOD_ERANGE and
 * fills @error (may be NULL) under @kind with the offending field.
 */
int irqmod_dim_check_table(const struct irqmod_dim_profile *profiles,
			   uint32_t levels, uint32_t start_level,
			   const char *kind, struct irqmod_config_error *error);

/* Put the walk at @level heading @tune_state, with no steps and not tired. */
void irqmod_dim_walk_reset(struct irqmod_dim_walk *walk, uint8_t level,
			   uint8_t tune_state);

/*
 * The move of Linux net_dim_step() and rdma_dim_step(): one level in the
 * walk's direction among @levels, counting the step; IRQMOD_DIM_ON_EDGE
 * when the walk is already at the edge it heads to. A parked walk does not
 * move. The tired limit is net DIM's own.
 */
static inline enum irqmod_dim_step irqmod_dim_walk_step(struct irqmod_dim_walk *walk,
							uint8_t levels)
{
	if (walk->tune_state == IRQMOD_DIM_GOING_RIGHT) {
		/* ">=", not "==": the level can then never pass the table. */
		if (walk->level + 1u >= levels)
			return IRQMOD_DIM_ON_EDGE;
		walk->level++;
		walk->steps_right++;
	} else if (walk->tune_state == IRQMOD_DIM_GOING_LEFT) {
		if (walk->level == 0)
			return IRQMOD_DIM_ON_EDGE;
		walk->level--;
		walk->steps_left++;
	}
	return IRQMOD_DIM_STEPPED;
}

/*
 * A profile's interval and rate limit in ns: the only unit conversion of
 * both controllers, run when the level changes (and by irqmod_dim_answer()),
 * never on a call that only counts. Entries are at most IRQMOD_DIM_MAX_USECS,
 * so the products fit in u32.
 */
static inline void irqmod_dim_profile_ns(const struct irqmod_dim_profile *profile,
					 uint32_t *interval_ns, uint32_t *rate_limit_ns)
{
	*interval_ns = profile->interval_usecs * IRQMOD_NS_PER_USEC;
	*rate_limit_ns = profile->rate_limit_usecs * IRQMOD_NS_PER_USEC;
}

/*
 * The answer of a window decision and of the generic current(): the profile
 * of @level, changed when its values differ from those of @old_level.
 */
static inline void irqmod_dim_answer(const struct irqmod_dim_profile *profiles,
				     uint8_t old_level, uint8_t level,
				     struct irqmod_decision *decision)
{
	const struct irqmod_dim_profile *profile = &profiles[level];
	const struct irqmod_dim_profile *old = &profiles[old_level];
	bool changed = profile->interval_usecs != old->interval_usecs ||
		       profile->rate_limit_usecs != old->rate_limit_usecs ||
		       profile->frames != old->frames;
	uint32_t interval_ns, rate_limit_ns;

	irqmod_dim_profile_ns(profile, &interval_ns, &rate_limit_ns);
	irqmod_decision_rearm(decision, interval_ns, changed);
	decision->rate_limit_ns = rate_limit_ns;
	decision->frames = profile->frames;
}

#endif /* IRQMOD_DIM_INTERNAL_H */
