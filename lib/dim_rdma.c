/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * RDMA DIM, after Linux lib/dim/rdma_dim.c (rdma_dim, rdma_dim_decision,
 * rdma_dim_stats_compare, rdma_dim_step) and the window arithmetic of
 * lib/dim/dim.c that net DIM shares (dim_internal.h). It measures
 * completions per ms and completions per event, never parks, and jumps
 * back to level 0 when moderation is not batching.
 */
#include "irqmod/dim.h"

#include "deps.h"
#include "dim_internal.h"
#include "kind_defaults.h"

/* Scale of cpe_ratio: completions per event x 100 (lib/dim/dim.c dim_calc_stats). */
#define IRQMOD_DIM_RDMA_RATIO_SCALE 100u
/* Largest value of Linux's int cpe_ratio. */
#define IRQMOD_DIM_RDMA_RATIO_MAX 0x7FFFFFFFu
/*
 * rdma_dim_decision(): with no significant change, fall back to level 0
 * when cpe_ratio <= 50 x level, i.e. fewer than level/2 completions per
 * event at that level.
 */
#define IRQMOD_DIM_RDMA_RATIO_PER_LEVEL 50u

/* The rates of one window (Linux struct dim_stats, the fields RDMA DIM uses). */
struct irqmod_dim_rdma_rates {
	uint32_t completions_per_ms;
	uint32_t completions_per_event;
};

/* Linux rdma_dim_stats_compare(). */
static enum irqmod_dim_compare irqmod_dim_rdma_compare(const struct irqmod_dim_rdma_rates *current,
						       const struct irqmod_dim_rdma *state)
{
	/* The first window (no reference yet) compares as the same. */
	if (state->prev_completions_per_ms == 0)
		return IRQMOD_DIM_SAME;
	if (irqmod_dim_significant(current->completions_per_ms,
				   state->prev_completions_per_ms))
		return current->completions_per_ms > state->prev_completions_per_ms ?
			IRQMOD_DIM_BETTER : IRQMOD_DIM_WORSE;
	if (irqmod_dim_significant(current->completions_per_event,
				   state->prev_completions_per_event))
		return current->completions_per_event > state->prev_completions_per_event ?
			IRQMOD_DIM_BETTER : IRQMOD_DIM_WORSE;
	return IRQMOD_DIM_SAME;
}

/* Linux rdma_dim_decision(): true when the level changed. */
static bool irqmod_dim_rdma_decide(struct irqmod_dim_rdma *state,
				   const struct irqmod_dim_rdma_rates *current)
{
	struct irqmod_dim_walk *walk = &state->walk;
	uint8_t previous_level = walk->level;
	enum irqmod_dim_compare compare;

	/*
	 * Linux skips the step in the parking states, which RDMA DIM never
	 * enters: reset heads right and a turn only swaps right and left.
	 */
	compare = irqmod_dim_rdma_compare(current, state);
	if (compare == IRQMOD_DIM_SAME) {
		if (current->completions_per_event <=
		    IRQMOD_DIM_RDMA_RATIO_PER_LEVEL * (uint32_t)previous_level)
			walk->level = 0;
	} else {
		/* Worse turns first; then both step (no tired limit). */
		if (compare == IRQMOD_DIM_WORSE)
			irqmod_dim_turn(walk);
		if (irqmod_dim_walk_step(walk, state->levels) == IRQMOD_DIM_ON_EDGE)
			irqmod_dim_turn(walk);
	}
	state->prev_completions_per_ms = current->completions_per_ms;
	state->prev_completions_per_event = current->completions_per_event;
	return walk->level != previous_level;
}

int irqmod_dim_rdma_default_config(struct irqmod_dim_rdma_config *config)
{
	if (!config)
		return -IRQMOD_EINVAL;
	config->profiles = irqmod_dim_table(IRQMOD_DIM_TABLE_RDMA, &config->levels);
	config->start_level = IRQMOD_DIM_RDMA_START_LEVEL;
	return 0;
}

int irqmod_dim_rdma_init(struct irqmod_dim_rdma *state,
			 const struct irqmod_dim_rdma_config *config)
{
	int error;

	if (!state)
		return -IRQMOD_EINVAL;
	error = irqmod_dim_rdma_config_check(config, NULL);
	if (error)
		return error;
	state->profiles = config->profiles;
	state->levels = (uint8_t)config->levels;
	state->start_level = (uint8_t)config->start_level;
	irqmod_dim_rdma_reset(state);
	return 0;
}

/* The current level's interval and rate limit in ns, once per level change. */
static void irqmod_dim_rdma_load_level(struct irqmod_dim_rdma *state)
{
	irqmod_dim_profile_ns(&state->profiles[state->walk.level], &state->interval_ns,
			      &state->rate_limit_ns);
}

void irqmod_dim_rdma_reset(struct irqmod_dim_rdma *state)
{
	state->start_ns = 0;
	state->completions = 0;
	state->prev_completions_per_ms = 0;
	state->prev_completions_per_event = 0;
	state->events = 0;
	state->start_events = 0;
	state->measure_state = IRQMOD_DIM_START_MEASURE;
	/* drivers/infiniband/core/cq.c rdma_dim_init(): going right. */
	irqmod_dim_walk_reset(&state->walk, state->start_level,
			      IRQMOD_DIM_GOING_RIGHT);
	irqmod_dim_rdma_load_level(state);
}

void irqmod_dim_rdma_update_window(struct irqmod_dim_rdma *state,
				   const struct irqmod_sample *sample,
				   struct irqmod_decision *decision)
{
	uint8_t old_level = state->walk.level;
	struct irqmod_dim_rdma_rates rates;
	uint32_t window_usecs;
	uint64_t ratio;

	/* irqmod_dim_rdma_update() has added the counts and found the window
	 * not open or due to close. */
	if (state->measure_state == IRQMOD_DIM_MEASURING) {
		window_usecs = irqmod_dim_window_usecs(state->start_ns, sample->now_ns);
		if (window_usecs == 0)
			goto answer;
		rates.completions_per_ms = irqmod_dim_rate_per_ms(state->completions,
								  window_usecs);
		ratio = IRQMOD_DIV_U64_U32((uint64_t)rates.completions_per_ms *
						   IRQMOD_DIM_RDMA_RATIO_SCALE,
					   irqmod_dim_events_per_ms(window_usecs));
		rates.completions_per_event = ratio > IRQMOD_DIM_RDMA_RATIO_MAX ?
			IRQMOD_DIM_RDMA_RATIO_MAX : (uint32_t)ratio;
		if (irqmod_dim_rdma_decide(state, &rates)) {
			state->measure_state = IRQMOD_DIM_START_MEASURE;
			irqmod_dim_rdma_load_level(state);
			goto answer;
		}
	}
	state->start_ns = sample->now_ns;
	state->completions = 0;
	state->start_events = state->events;
	state->measure_state = IRQMOD_DIM_MEASURING;

answer:
	irqmod_dim_answer(state->profiles, old_level, state->walk.level, decision);
}

int irqmod_dim_rdma_config_check(const struct irqmod_dim_rdma_config *config,
				 struct irqmod_config_error *error)
{
	if (!config)
		return irqmod_reject_null(error, "dim-rdma");
	return irqmod_dim_check_table(config->profiles, config->levels,
				      config->start_level, "dim-rdma", error);
}

void irqmod_dim_rdma_current(const struct irqmod_dim_rdma *state,
			     struct irqmod_decision *decision)
{
	irqmod_dim_answer(state->profiles, state->walk.level, state->walk.level,
			  decision);
}

/* Registration in the kind table: Linux rdma_dim's defaults. */
int irqmod_dim_rdma_kind_defaults(void *config, uint32_t link_speed_mbps)
{
	(void)link_speed_mbps;
	return irqmod_dim_rdma_default_config(config);
}
