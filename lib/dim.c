/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Net DIM, after Linux lib/dim/net_dim.c and lib/dim/dim.c, plus the
 * helpers RDMA DIM (dim_rdma.c) shares. Written from the published
 * algorithm; the kernel source is not copied.
 */
#include "irqmod/dim.h"

#include "irqmod/convert.h"

#include "decision.h"
#include "deps.h"
#include "dim_internal.h"
#include "kind_defaults.h"

/* irqmod_dim_direction_packets() and _bytes() index the RX/TX pairs of struct irqmod_sample. */
_Static_assert(offsetof(struct irqmod_sample, tx_packets) ==
		       offsetof(struct irqmod_sample, rx_packets) + sizeof(uint32_t),
	       "tx_packets must follow rx_packets");
_Static_assert(offsetof(struct irqmod_sample, tx_bytes) ==
		       offsetof(struct irqmod_sample, rx_bytes) + sizeof(uint64_t),
	       "tx_bytes must follow rx_bytes");
_Static_assert(IRQMOD_DIM_DIRECTION_RX == 0 && IRQMOD_DIM_DIRECTION_TX == 1,
	       "a direction is an index");

/* Tired limit per level: Linux net_dim_step() parks at 2 * levels. */
#define IRQMOD_DIM_TIRED_PER_LEVEL 2u

/* Frame thresholds of the EQE tables (net_dim.c NET_DIM_DEFAULT_*_CQ_PKTS_FROM_EQE). */
#define IRQMOD_DIM_RX_EQE_FRAMES 256u
#define IRQMOD_DIM_TX_EQE_FRAMES 128u
/* ice programs INTRL = 4 us (250K ints/s) whenever DIM runs
 * (ice_lib.c ice_set_q_vector_intrl, since d8eb7ad5e46c). */
#define IRQMOD_DIM_ICE_INTRL_USECS 4u

/* Linux lib/dim/net_dim.c NET_DIM_RX_EQE_PROFILES: (usec, pkts). */
static const struct irqmod_dim_profile irqmod_dim_rx_eqe[] = {
	{ .interval_usecs = 1, .frames = IRQMOD_DIM_RX_EQE_FRAMES },
	{ .interval_usecs = 8, .frames = IRQMOD_DIM_RX_EQE_FRAMES },
	{ .interval_usecs = 64, .frames = IRQMOD_DIM_RX_EQE_FRAMES },
	{ .interval_usecs = 128, .frames = IRQMOD_DIM_RX_EQE_FRAMES },
	{ .interval_usecs = 256, .frames = IRQMOD_DIM_RX_EQE_FRAMES },
};

/* Linux lib/dim/net_dim.c NET_DIM_RX_CQE_PROFILES. */
static const struct irqmod_dim_profile irqmod_dim_rx_cqe[] = {
	{ .interval_usecs = 2, .frames = 256 },
	{ .interval_usecs = 8, .frames = 128 },
	{ .interval_usecs = 16, .frames = 64 },
	{ .interval_usecs = 32, .frames = 64 },
	{ .interval_usecs = 64, .frames = 64 },
};

/* Linux lib/dim/net_dim.c NET_DIM_TX_EQE_PROFILES. */
static const struct irqmod_dim_profile irqmod_dim_tx_eqe[] = {
	{ .interval_usecs = 1, .frames = IRQMOD_DIM_TX_EQE_FRAMES },
	{ .interval_usecs = 8, .frames = IRQMOD_DIM_TX_EQE_FRAMES },
	{ .interval_usecs = 32, .frames = IRQMOD_DIM_TX_EQE_FRAMES },
	{ .interval_usecs = 64, .frames = IRQMOD_DIM_TX_EQE_FRAMES },
	{ .interval_usecs = 128, .frames = IRQMOD_DIM_TX_EQE_FRAMES },
};

/* Linux lib/dim/net_dim.c NET_DIM_TX_CQE_PROFILES. */
static const struct irqmod_dim_profile irqmod_dim_tx_cqe[] = {
	{ .interval_usecs = 5, .frames = 128 },
	{ .interval_usecs = 8, .frames = 64 },
	{ .interval_usecs = 16, .frames = 32 },
	{ .interval_usecs = 32, .frames = 32 },
	{ .interval_usecs = 64, .frames = 32 },
};

/* ice_main.c rx_profile (ITR us) since d8eb7ad5e46c; ice has no frame limit. */
static const struct irqmod_dim_profile irqmod_dim_ice_rx[] = {
	{ .interval_usecs = 2, .rate_limit_usecs = IRQMOD_DIM_ICE_INTRL_USECS },
	{ .interval_usecs = 8, .rate_limit_usecs = IRQMOD_DIM_ICE_INTRL_USECS },
	{ .interval_usecs = 16, .rate_limit_usecs = IRQMOD_DIM_ICE_INTRL_USECS },
	{ .interval_usecs = 62, .rate_limit_usecs = IRQMOD_DIM_ICE_INTRL_USECS },
	{ .interval_usecs = 126, .rate_limit_usecs = IRQMOD_DIM_ICE_INTRL_USECS },
};

/* ice_main.c tx_profile (ITR us) since d8eb7ad5e46c. */
static const struct irqmod_dim_profile irqmod_dim_ice_tx[] = {
	{ .interval_usecs = 2, .rate_limit_usecs = IRQMOD_DIM_ICE_INTRL_USECS },
	{ .interval_usecs = 8, .rate_limit_usecs = IRQMOD_DIM_ICE_INTRL_USECS },
	{ .interval_usecs = 40, .rate_limit_usecs = IRQMOD_DIM_ICE_INTRL_USECS },
	{ .interval_usecs = 128, .rate_limit_usecs = IRQMOD_DIM_ICE_INTRL_USECS },
	{ .interval_usecs = 256, .rate_limit_usecs = IRQMOD_DIM_ICE_INTRL_USECS },
};

/* ice's first DIM tables, {ITR us, INTRL us} ("ice: replace custom AIM
 * algorithm with kernel's DIM library", netdev 2021-04-14, ice_txrx.c). */
static const struct irqmod_dim_profile irqmod_dim_ice_2021_rx[] = {
	{ .interval_usecs = 2, .rate_limit_usecs = 10 },
	{ .interval_usecs = 8, .rate_limit_usecs = 16 },
	{ .interval_usecs = 32, .rate_limit_usecs = 0 },
	{ .interval_usecs = 96, .rate_limit_usecs = 0 },
	{ .interval_usecs = 128, .rate_limit_usecs = 0 },
};

static const struct irqmod_dim_profile irqmod_dim_ice_2021_tx[] = {
	{ .interval_usecs = 2, .rate_limit_usecs = 10 },
	{ .interval_usecs = 8, .rate_limit_usecs = 16 },
	{ .interval_usecs = 64, .rate_limit_usecs = 0 },
	{ .interval_usecs = 128, .rate_limit_usecs = 0 },
	{ .interval_usecs = 256, .rate_limit_usecs = 0 },
};

/* Linux drivers/infiniband/core/cq.c rdma_dim_prof: (usec, comps). */
static const struct irqmod_dim_profile irqmod_dim_rdma_table[] = {
	{ .interval_usecs = 1, .frames = 1 },
	{ .interval_usecs = 1, .frames = 4 },
	{ .interval_usecs = 2, .frames = 4 },
	{ .interval_usecs = 2, .frames = 8 },
	{ .interval_usecs = 4, .frames = 8 },
	{ .interval_usecs = 16, .frames = 8 },
	{ .interval_usecs = 16, .frames = 16 },
	{ .interval_usecs = 32, .frames = 16 },
	{ .interval_usecs = 32, .frames = 32 },
};

#define IRQMOD_DIM_ENTRIES(table) ((uint32_t)(sizeof(table) / sizeof((table)[0])))

const struct irqmod_dim_profile *irqmod_dim_table(uint32_t table, uint32_t *levels)
{
	const struct irqmod_dim_profile *profiles = NULL;
	uint32_t count = 0;

	switch (table) {
	case IRQMOD_DIM_TABLE_RX_EQE:
		profiles = irqmod_dim_rx_eqe;
		count = IRQMOD_DIM_ENTRIES(irqmod_dim_rx_eqe);
		break;
	case IRQMOD_DIM_TABLE_RX_CQE:
		profiles = irqmod_dim_rx_cqe;
		count = IRQMOD_DIM_ENTRIES(irqmod_dim_rx_cqe);
		break;
	case IRQMOD_DIM_TABLE_TX_EQE:
		profiles = irqmod_dim_tx_eqe;
		count = IRQMOD_DIM_ENTRIES(irqmod_dim_tx_eqe);
		break;
	case IRQMOD_DIM_TABLE_TX_CQE:
		profiles = irqmod_dim_tx_cqe;
		count = IRQMOD_DIM_ENTRIES(irqmod_dim_tx_cqe);
		break;
	case IRQMOD_DIM_TABLE_ICE_RX:
		profiles = irqmod_dim_ice_rx;
		count = IRQMOD_DIM_ENTRIES(irqmod_dim_ice_rx);
		break;
	case IRQMOD_DIM_TABLE_ICE_TX:
		profiles = irqmod_dim_ice_tx;
		count = IRQMOD_DIM_ENTRIES(irqmod_dim_ice_tx);
		break;
	case IRQMOD_DIM_TABLE_ICE_2021_RX:
		profiles = irqmod_dim_ice_2021_rx;
		count = IRQMOD_DIM_ENTRIES(irqmod_dim_ice_2021_rx);
		break;
	case IRQMOD_DIM_TABLE_ICE_2021_TX:
		profiles = irqmod_dim_ice_2021_tx;
		count = IRQMOD_DIM_ENTRIES(irqmod_dim_ice_2021_tx);
		break;
	case IRQMOD_DIM_TABLE_RDMA:
		profiles = irqmod_dim_rdma_table;
		count = IRQMOD_DIM_ENTRIES(irqmod_dim_rdma_table);
		break;
	default:
		break;
	}
	if (levels)
		*levels = count;
	return profiles;
}

int irqmod_dim_default_config(struct irqmod_dim_config *config, uint32_t table)
{
	const struct irqmod_dim_profile *profiles;
	uint32_t levels;

	if (!config)
		return -IRQMOD_EINVAL;
	profiles = irqmod_dim_table(table, &levels);
	if (!profiles)
		return -IRQMOD_ETABLE;
	config->profiles = profiles;
	config->levels = levels;
	config->start_level = table == IRQMOD_DIM_TABLE_RDMA ?
		IRQMOD_DIM_RDMA_START_LEVEL : IRQMOD_DIM_DEFAULT_START_LEVEL;
	switch (table) {
	case IRQMOD_DIM_TABLE_TX_EQE:
	case IRQMOD_DIM_TABLE_TX_CQE:
	case IRQMOD_DIM_TABLE_ICE_TX:
	case IRQMOD_DIM_TABLE_ICE_2021_TX:
		config->direction = IRQMOD_DIM_DIRECTION_TX;
		break;
	default:
		config->direction = IRQMOD_DIM_DIRECTION_RX;
		break;
	}
	return 0;
}

/* ---- helpers shared with dim_rdma.c (declared in dim_internal.h) ---- */








int irqmod_dim_check_table(const struct irqmod_dim_profile *profiles,
			   uint32_t levels, uint32_t start_level,
			   const char *kind, struct irqmod_config_error *error)
{
	uint32_t i;

	if (!profiles)
		return irqmod_reject_rule(error, kind, "profiles", 0, "is a NULL pointer",
					  IRQMOD_CONFIG_ERROR_OMIT_VALUE, -IRQMOD_ETABLE);
	if (levels == 0)
		return irqmod_reject(error, kind, "levels", 0, "must be at least",
				     NULL, 1, -IRQMOD_ETABLE);
	if (levels > IRQMOD_DIM_MAX_LEVELS)
		return irqmod_reject(error, kind, "levels", levels, "is above",
				     "the supported maximum",
				     IRQMOD_DIM_MAX_LEVELS, -IRQMOD_ETABLE);
	for (i = 0; i < levels; i++) {
		if (profiles[i].interval_usecs > IRQMOD_DIM_MAX_USECS)
			return irqmod_reject(error, kind,
					     "profiles[].interval_usecs",
					     profiles[i].interval_usecs,
					     "is above", "the supported maximum",
					     IRQMOD_DIM_MAX_USECS, -IRQMOD_ETABLE);
		if (profiles[i].rate_limit_usecs > IRQMOD_DIM_MAX_USECS)
			return irqmod_reject(error, kind,
					     "profiles[].rate_limit_usecs",
					     profiles[i].rate_limit_usecs,
					     "is above", "the supported maximum",
					     IRQMOD_DIM_MAX_USECS, -IRQMOD_ETABLE);
	}
	if (start_level >= levels)
		return irqmod_reject(error, kind, "start_level", start_level,
				     "is not below", "levels", levels,
				     -IRQMOD_ERANGE);
	return 0;
}

void irqmod_dim_walk_reset(struct irqmod_dim_walk *walk, uint8_t level,
			   uint8_t tune_state)
{
	walk->level = level;
	walk->tune_state = tune_state;
	walk->steps_right = 0;
	walk->steps_left = 0;
	walk->tired = 0;
}


/* ---- net DIM ---- */

/* The rates of one window (Linux struct dim_stats, the fields net DIM uses). */
struct irqmod_dim_rates {
	uint32_t packets_per_ms;
	uint32_t bytes_per_ms;
	uint32_t events_per_ms;
};

/*
 * Linux net_dim_stats_compare(): throughput first (bytes, then packets;
 * higher is better), then the interrupt rate (lower is better). A zero
 * reference rate ends the comparison at that rate.
 */
static enum irqmod_dim_compare irqmod_dim_compare(const struct irqmod_dim_rates *current,
						  const struct irqmod_dim *state)
{
	if (state->prev_bytes_per_ms == 0)
		return current->bytes_per_ms ? IRQMOD_DIM_BETTER : IRQMOD_DIM_SAME;
	if (irqmod_dim_significant(current->bytes_per_ms, state->prev_bytes_per_ms))
		return current->bytes_per_ms > state->prev_bytes_per_ms ?
			IRQMOD_DIM_BETTER : IRQMOD_DIM_WORSE;
	if (state->prev_packets_per_ms == 0)
		return current->packets_per_ms ? IRQMOD_DIM_BETTER : IRQMOD_DIM_SAME;
	if (irqmod_dim_significant(current->packets_per_ms, state->prev_packets_per_ms))
		return current->packets_per_ms > state->prev_packets_per_ms ?
			IRQMOD_DIM_BETTER : IRQMOD_DIM_WORSE;
	/*
	 * Linux returns SAME here for a zero events reference first; the
	 * significance test is false for a zero reference, so going on to the
	 * events gives SAME too (and a window always has epms >= 1).
	 */
	if (irqmod_dim_significant(current->events_per_ms, state->prev_events_per_ms))
		return current->events_per_ms < state->prev_events_per_ms ?
			IRQMOD_DIM_BETTER : IRQMOD_DIM_WORSE;
	return IRQMOD_DIM_SAME;
}

/* Linux net_dim_step(): one level in the walk's direction, unless tired or at an edge. */
static enum irqmod_dim_step irqmod_dim_step(struct irqmod_dim *state)
{
	struct irqmod_dim_walk *walk = &state->walk;

	if (walk->tired == IRQMOD_DIM_TIRED_PER_LEVEL * state->levels)
		return IRQMOD_DIM_TOO_TIRED;
	if (irqmod_dim_walk_step(walk, state->levels) == IRQMOD_DIM_ON_EDGE)
		return IRQMOD_DIM_ON_EDGE;
	walk->tired++;
	return IRQMOD_DIM_STEPPED;
}

/* Linux net_dim_exit_parking(): head away from the nearer edge and step. */
static void irqmod_dim_exit_parking(struct irqmod_dim *state)
{
	state->walk.tune_state = state->walk.level ? IRQMOD_DIM_GOING_LEFT :
						     IRQMOD_DIM_GOING_RIGHT;
	(void)irqmod_dim_step(state);
}

/* Linux net_dim_decision(): one window's move; true when the level changed. */
static bool irqmod_dim_decide(struct irqmod_dim *state,
			      const struct irqmod_dim_rates *current)
{
	struct irqmod_dim_walk *walk = &state->walk;
	uint8_t previous_tune_state = walk->tune_state;
	uint8_t previous_level = walk->level;

	switch (walk->tune_state) {
	case IRQMOD_DIM_PARKING_ON_TOP:
		if (irqmod_dim_compare(current, state) != IRQMOD_DIM_SAME)
			irqmod_dim_exit_parking(state);
		break;
	case IRQMOD_DIM_PARKING_TIRED:
		walk->tired--;
		if (walk->tired == 0)
			irqmod_dim_exit_parking(state);
		break;
	default: /* going right or left */
		if (irqmod_dim_compare(current, state) != IRQMOD_DIM_BETTER)
			irqmod_dim_turn(walk);
		if (irqmod_dim_on_top(walk)) {
			irqmod_dim_park_on_top(walk);
			break;
		}
		switch (irqmod_dim_step(state)) {
		case IRQMOD_DIM_ON_EDGE:
			irqmod_dim_park_on_top(walk);
			break;
		case IRQMOD_DIM_TOO_TIRED:
			irqmod_dim_park_tired(walk);
			break;
		default:
			break;
		}
		break;
	}

	/*
	 * While it stays parked on top the reference is the window it parked
	 * with, so a slow drift still adds up to a significant change.
	 */
	if (previous_tune_state != IRQMOD_DIM_PARKING_ON_TOP ||
	    walk->tune_state != IRQMOD_DIM_PARKING_ON_TOP) {
		state->prev_packets_per_ms = current->packets_per_ms;
		state->prev_bytes_per_ms = current->bytes_per_ms;
		state->prev_events_per_ms = current->events_per_ms;
	}
	return walk->level != previous_level;
}

int irqmod_dim_init(struct irqmod_dim *state, const struct irqmod_dim_config *config)
{
	int error;

	if (!state)
		return -IRQMOD_EINVAL;
	error = irqmod_dim_config_check(config, NULL);
	if (error)
		return error;
	state->profiles = config->profiles;
	state->levels = (uint8_t)config->levels;
	state->start_level = (uint8_t)config->start_level;
	state->direction = (uint8_t)config->direction;
	irqmod_dim_reset(state);
	return 0;
}

/*
 * Take the current level's profile into the state in ns, once per level
 * change, so irqmod_dim_update()'s fast path answers without converting.
 */
static void irqmod_dim_load_level(struct irqmod_dim *state)
{
	const struct irqmod_dim_profile *profile = &state->profiles[state->walk.level];

	irqmod_dim_profile_ns(profile, &state->interval_ns, &state->rate_limit_ns);
	state->frames = profile->frames;
}

void irqmod_dim_reset(struct irqmod_dim *state)
{
	state->start_ns = 0;
	state->packets = 0;
	state->bytes = 0;
	state->prev_packets_per_ms = 0;
	state->prev_bytes_per_ms = 0;
	state->prev_events_per_ms = 0;
	state->events = 0;
	state->start_events = 0;
	state->measure_state = IRQMOD_DIM_START_MEASURE;
	/* A zeroed Linux struct dim: parked on top, no steps, not tired. */
	irqmod_dim_walk_reset(&state->walk, state->start_level,
			      IRQMOD_DIM_PARKING_ON_TOP);
	irqmod_dim_load_level(state);
}

/*
 * The out-of-line part of irqmod_dim_update(), with the call's counts
 * added: opens a window (IRQMOD_DIM_START_MEASURE) or, once the window has
 * counted IRQMOD_DIM_WINDOW_EVENTS events, turns it into rates and takes
 * one step (only @sample->now_ns is read).
 */
static IRQMOD_COLD_PATH void dim_update_window(struct irqmod_dim *state,
					       const struct irqmod_sample *sample,
					       struct irqmod_decision *decision)
{
	struct irqmod_dim_rates rates;
	uint32_t window_usecs;
	bool changed = false;

	/* irqmod_dim_update() has added the counts; a window that is open has
	 * counted IRQMOD_DIM_WINDOW_EVENTS events. */
	if (state->measure_state == IRQMOD_DIM_MEASURING) {
		window_usecs = irqmod_dim_window_usecs(state->start_ns, sample->now_ns);
		/* No time has passed: keep the window open (Linux 162bd18eb55a). */
		if (window_usecs == 0)
			goto answer;
		rates.packets_per_ms = irqmod_dim_rate_per_ms(state->packets, window_usecs);
		rates.bytes_per_ms = irqmod_dim_rate_per_ms(state->bytes, window_usecs);
		rates.events_per_ms = irqmod_dim_events_per_ms(window_usecs);
		if (irqmod_dim_decide(state, &rates)) {
			/* Linux's work item would now program the profile and
			 * set DIM_START_MEASURE: the next call opens the window. */
			uint32_t interval_ns = state->interval_ns;
			uint32_t rate_limit_ns = state->rate_limit_ns;
			uint16_t frames = state->frames;

			state->measure_state = IRQMOD_DIM_START_MEASURE;
			irqmod_dim_load_level(state);
			/* Changed when the values differ, not merely the level. */
			changed = state->interval_ns != interval_ns ||
				  state->rate_limit_ns != rate_limit_ns ||
				  state->frames != frames;
			goto answer;
		}
	}
	/* Open a window at this sample (Linux DIM_START_MEASURE, or going
	 * on after a decision that kept the level): its counts are
	 * not part of the window. */
	state->start_ns = sample->now_ns;
	state->packets = 0;
	state->bytes = 0;
	state->start_events = state->events;
	state->measure_state = IRQMOD_DIM_MEASURING;

answer:
	irqmod_decision_rearm(decision, state->interval_ns, changed);
	decision->rate_limit_ns = state->rate_limit_ns;
	decision->frames = state->frames;
}

void irqmod_dim_update(struct irqmod_dim *state, const struct irqmod_sample *sample,
		       struct irqmod_decision *decision)
{
	uint32_t events = sample->events;
	uint16_t counted;

	events += events == 0;
	state->events = (uint16_t)(state->events + events);
	state->packets += irqmod_dim_direction_packets(sample, state->direction);
	state->bytes += irqmod_dim_direction_bytes(sample, state->direction);
	/*
	 * One comparison sends a call out of line: IRQMOD_DIM_MEASURING is
	 * the window's event count and IRQMOD_DIM_START_MEASURE is 0.
	 */
	counted = (uint16_t)(state->events - state->start_events);
	if (counted >= state->measure_state) {
		dim_update_window(state, sample, decision);
		return;
	}
	decision->rx_interval_ns = state->interval_ns;
	decision->tx_interval_ns = state->interval_ns;
	decision->poll_delay_ns = 0;
	decision->rate_limit_ns = state->rate_limit_ns;
	irqmod_decision_frames_rearm(decision, state->frames);
}

int irqmod_dim_config_check(const struct irqmod_dim_config *config,
			    struct irqmod_config_error *error)
{
	int code;

	if (!config)
		return irqmod_reject_null(error, "dim");
	code = irqmod_dim_check_table(config->profiles, config->levels,
				      config->start_level, "dim", error);
	if (code)
		return code;
	if (config->direction != IRQMOD_DIM_DIRECTION_RX &&
	    config->direction != IRQMOD_DIM_DIRECTION_TX)
		return irqmod_reject(error, "dim", "direction", config->direction,
				     "is above", "IRQMOD_DIM_DIRECTION_TX",
				     IRQMOD_DIM_DIRECTION_TX, -IRQMOD_EINVAL);
	return 0;
}

void irqmod_dim_current(const struct irqmod_dim *state,
			struct irqmod_decision *decision)
{
	irqmod_dim_answer(state->profiles, state->walk.level, state->walk.level,
			  decision);
}

/* Registration in the kind table: Linux net_dim defaults, RX EQE table, level 1. */
int irqmod_dim_kind_defaults(void *config, uint32_t link_speed_mbps)
{
	(void)link_speed_mbps;
	return irqmod_dim_default_config(config, IRQMOD_DIM_TABLE_RX_EQE);
}

/* The "ice" kind: the DIM controller with ice's RX table, level 1. */
int irqmod_ice_kind_defaults(void *config, uint32_t link_speed_mbps)
{
	(void)link_speed_mbps;
	return irqmod_dim_default_config(config, IRQMOD_DIM_TABLE_ICE_RX);
}
