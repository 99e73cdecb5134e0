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
uint32_t irqmod_dim_window_usecs(uint64_t start_ns, uint64_t end_ns);

/*
 * ceil(count * 1000 / window_usecs) (Linux DIV_ROUND_UP(n * USEC_PER_MSEC,
 * delta_us)), saturated at INT32_MAX where Linux's int field would
 * overflow. window_usecs must not be 0.
 */
uint32_t irqmod_dim_rate_per_ms(uint32_t count, uint32_t window_usecs);

/* Events per ms of a full window: Linux uses the constant DIM_NEVENTS. */
uint32_t irqmod_dim_events_per_ms(uint32_t window_usecs);

/* True when value differs from reference by more than 10 % (truncated). */
bool irqmod_dim_significant(uint32_t value, uint32_t reference);

/* Linux dim_on_top(): parked, or one step back after more than one forward. */
bool irqmod_dim_on_top(const struct irqmod_dim_walk *walk);

/* Linux dim_turn(): reverse a going direction, clearing its new step count. */
void irqmod_dim_turn(struct irqmod_dim_walk *walk);

/* Linux dim_park_on_top(): park, clearing the steps and the tired count. */
void irqmod_dim_park_on_top(struct irqmod_dim_walk *walk);

/* Linux dim_park_tired(): park tired, clearing the steps, keeping tired. */
void irqmod_dim_park_tired(struct irqmod_dim_walk *walk);

/*
 * Shared table validation; returns 0, -IRQMOD_ETABLE or -IRQMOD_ERANGE and
 * fills @error (may be NULL) under @kind with the offending field.
 */
int irqmod_dim_check_table(const struct irqmod_dim_profile *profiles,
			   uint32_t levels, uint32_t start_level,
			   const char *kind, struct irqmod_config_error *error);

/*
 * Add one call's events to Linux's u16 event counter (dim_sample.event_ctr,
 * which wraps); a sample with events 0 counts as one event. Inline, like
 * irqmod_dim_answer(): both run on every update.
 */
static inline uint16_t irqmod_dim_add_events(uint16_t events,
					     const struct irqmod_sample *sample)
{
	return (uint16_t)(events + (sample->events ? sample->events : 1u));
}

/* Put the walk at @level heading @tune_state, with no steps and not tired. */
void irqmod_dim_walk_reset(struct irqmod_dim_walk *walk, uint8_t level,
			   uint8_t tune_state);

/*
 * The move of Linux net_dim_step() and rdma_dim_step(): one level in the
 * walk's direction among @levels, counting the step; IRQMOD_DIM_ON_EDGE
 * when the walk is already at the edge it heads to. A parked walk does not
 * move. The tired limit is net DIM's own.
 */
enum irqmod_dim_step irqmod_dim_walk_step(struct irqmod_dim_walk *walk,
					  uint8_t levels);

/*
 * The answer of every update: the profile of @level, changed when its values
 * differ from those of @old_level.
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

	irqmod_decision_rearm(decision,
			      profile->interval_usecs * IRQMOD_NS_PER_USEC,
			      changed);
	decision->rate_limit_ns = profile->rate_limit_usecs * IRQMOD_NS_PER_USEC;
	decision->frames = profile->frames;
}

#endif /* IRQMOD_DIM_INTERNAL_H */
