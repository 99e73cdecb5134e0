/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/**
 * DOC: DIM controller (Linux lib/dim, net_dim and rdma_dim)
 *
 * Dynamic Interrupt Moderation as Linux implements it in lib/dim/net_dim.c,
 * lib/dim/dim.c and lib/dim/rdma_dim.c: the driver reports each completed
 * poll; every 64 events (interrupts) the controller turns the window into
 * per-millisecond rates, compares them with the previous window and walks
 * one step along a short table of moderation profiles (a hill climb that
 * parks when it finds a peak or has walked too long). See docs/dim.md.
 *
 * The same controller runs ice's tables (the "ice" preset) and, in
 * irqmod/dim.h's second half, the RDMA variant (completions, 9 levels).
 *
 * Linux applies a new profile from a work item that programs the NIC and
 * then restarts measurement; irqmod returns the new profile in the same
 * call. The profile choices are those of Linux with that work item run
 * before the next sample: the call after a change only opens the next
 * window (its counts are not measured), exactly as the first sample after
 * the work item set DIM_START_MEASURE would.
 */
#ifndef IRQMOD_DIM_H
#define IRQMOD_DIM_H

#include "irqmod/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * IRQMOD_DIM_WINDOW_EVENTS - events (interrupts) per measurement window.
 * Linux include/linux/dim.h DIM_NEVENTS.
 */
#define IRQMOD_DIM_WINDOW_EVENTS 64u

/**
 * IRQMOD_DIM_SIGNIFICANT_PERCENT - a rate changed only if it moved by more
 * than this percentage of the previous rate, after integer truncation (so
 * 11 % in effect). Linux include/linux/dim.h IS_SIGNIFICANT_DIFF.
 */
#define IRQMOD_DIM_SIGNIFICANT_PERCENT 10u

/**
 * IRQMOD_DIM_DEFAULT_LEVELS - levels of the net DIM default tables.
 * Linux NET_DIM_PARAMS_NUM_PROFILES (lib/dim/net_dim.c, include/linux/dim.h).
 */
#define IRQMOD_DIM_DEFAULT_LEVELS 5u

/**
 * IRQMOD_DIM_DEFAULT_START_LEVEL - start level of the net DIM tables.
 * Linux NET_DIM_DEF_PROFILE_EQE = NET_DIM_DEF_PROFILE_CQE = 1 (net_dim.c),
 * ice ICE_DIM_DEFAULT_PROFILE_IX = 1 (ice_main.c, ice_init_moderation).
 */
#define IRQMOD_DIM_DEFAULT_START_LEVEL 1u

/**
 * IRQMOD_DIM_RDMA_LEVELS - levels of the RDMA DIM table.
 * Linux RDMA_DIM_PARAMS_NUM_PROFILES (include/linux/dim.h).
 */
#define IRQMOD_DIM_RDMA_LEVELS 9u

/**
 * IRQMOD_DIM_RDMA_START_LEVEL - start level of RDMA DIM.
 * Linux RDMA_DIM_START_PROFILE (include/linux/dim.h; set in
 * drivers/infiniband/core/cq.c rdma_dim_init).
 */
#define IRQMOD_DIM_RDMA_START_LEVEL 0u

/**
 * IRQMOD_DIM_MAX_LEVELS - most levels a table may have. irqmod's own bound:
 * Linux fixes 5 (net) and 9 (RDMA); 16 keeps the tired limit (2 x levels)
 * and every counter in a u8.
 */
#define IRQMOD_DIM_MAX_LEVELS 16u

/**
 * IRQMOD_DIM_MAX_USECS - largest interval or rate limit in a table entry:
 * the u16 width of Linux's struct dim_cq_moder usec field.
 */
#define IRQMOD_DIM_MAX_USECS 65535u

/**
 * struct irqmod_dim_profile - one level of a profile table.
 * @interval_usecs: moderation interval in microseconds (dim_cq_moder.usec;
 *                  ice's ITR). At most IRQMOD_DIM_MAX_USECS.
 * @frames: count threshold: packets for net DIM (dim_cq_moder.pkts),
 *          completions for RDMA DIM (dim_cq_moder.comps); 0 for none (ice).
 * @rate_limit_usecs: minimum gap the rate limiter enforces (ice INTRL) in
 *                    microseconds; 0 for none. At most IRQMOD_DIM_MAX_USECS.
 */
struct irqmod_dim_profile {
	uint32_t interval_usecs;
	uint32_t rate_limit_usecs;
	uint16_t frames;
};

/**
 * enum irqmod_dim_table - built-in profile tables.
 * @IRQMOD_DIM_TABLE_RX_EQE: Linux net_dim RX, EQE-based timer (default).
 * @IRQMOD_DIM_TABLE_RX_CQE: Linux net_dim RX, CQE-based timer.
 * @IRQMOD_DIM_TABLE_TX_EQE: Linux net_dim TX, EQE-based timer.
 * @IRQMOD_DIM_TABLE_TX_CQE: Linux net_dim TX, CQE-based timer.
 * @IRQMOD_DIM_TABLE_ICE_RX: ice RX ITR table since commit d8eb7ad5e46c
 *                           ("ice: update dim usage and moderation", 2021),
 *                           with the fixed 4 us INTRL ice programs whenever
 *                           DIM is on (ice_lib.c ice_set_q_vector_intrl).
 * @IRQMOD_DIM_TABLE_ICE_TX: ice TX ITR table, same commit, same INTRL.
 * @IRQMOD_DIM_TABLE_ICE_2021_RX: ice's first DIM table with per-level
 *                           {ITR, INTRL} pairs ("ice: replace custom AIM
 *                           algorithm with kernel's DIM library", 2021).
 * @IRQMOD_DIM_TABLE_ICE_2021_TX: TX counterpart of the above.
 * @IRQMOD_DIM_TABLE_RDMA: Linux RDMA DIM (usec, completions), 9 levels.
 * @IRQMOD_DIM_TABLE_COUNT: one past the last table.
 */
enum irqmod_dim_table {
	IRQMOD_DIM_TABLE_RX_EQE = 0,
	IRQMOD_DIM_TABLE_RX_CQE = 1,
	IRQMOD_DIM_TABLE_TX_EQE = 2,
	IRQMOD_DIM_TABLE_TX_CQE = 3,
	IRQMOD_DIM_TABLE_ICE_RX = 4,
	IRQMOD_DIM_TABLE_ICE_TX = 5,
	IRQMOD_DIM_TABLE_ICE_2021_RX = 6,
	IRQMOD_DIM_TABLE_ICE_2021_TX = 7,
	IRQMOD_DIM_TABLE_RDMA = 8,
	IRQMOD_DIM_TABLE_COUNT
};

/**
 * enum irqmod_dim_direction - which counters of struct irqmod_sample count.
 * @IRQMOD_DIM_DIRECTION_RX: rx_packets and rx_bytes (Linux rx_dim).
 * @IRQMOD_DIM_DIRECTION_TX: tx_packets and tx_bytes (Linux tx_dim).
 */
enum irqmod_dim_direction {
	IRQMOD_DIM_DIRECTION_RX = 0,
	IRQMOD_DIM_DIRECTION_TX = 1,
};

/**
 * enum irqmod_dim_tune_state - where the walk is (Linux DIM_PARKING_ON_TOP...).
 * @IRQMOD_DIM_PARKING_ON_TOP: parked on a peak or an edge; leaves when the
 *                             rates move significantly from the parked ones.
 * @IRQMOD_DIM_PARKING_TIRED: parked after too many steps; leaves after
 *                            the tired counter runs down to 0.
 * @IRQMOD_DIM_GOING_RIGHT: stepping towards more moderation (higher level).
 * @IRQMOD_DIM_GOING_LEFT: stepping towards less moderation.
 */
enum irqmod_dim_tune_state {
	IRQMOD_DIM_PARKING_ON_TOP = 0,
	IRQMOD_DIM_PARKING_TIRED = 1,
	IRQMOD_DIM_GOING_RIGHT = 2,
	IRQMOD_DIM_GOING_LEFT = 3,
};

/**
 * enum irqmod_dim_measure_state - window state (Linux DIM_START_MEASURE...).
 * @IRQMOD_DIM_START_MEASURE: the next call opens a window.
 * @IRQMOD_DIM_MEASURING: a window is open. Its value is the window's event
 *                        count, IRQMOD_DIM_WINDOW_EVENTS, so the update's
 *                        fast path compares the events counted since the
 *                        window opened with @measure_state alone: with 0
 *                        (START) every call takes the window's path, with
 *                        64 only a call that may close the window.
 *
 * Linux's third state, DIM_APPLY_NEW_PROFILE, lasts until the driver's work
 * item has run; irqmod's caller applies the profile on return, so the state
 * goes straight to IRQMOD_DIM_START_MEASURE.
 */
enum irqmod_dim_measure_state {
	IRQMOD_DIM_START_MEASURE = 0,
	IRQMOD_DIM_MEASURING = IRQMOD_DIM_WINDOW_EVENTS,
};

/**
 * struct irqmod_dim_walk - the hill-climb state shared by net and RDMA DIM.
 * @level: current profile index (Linux dim.profile_ix).
 * @tune_state: an enum irqmod_dim_tune_state value.
 * @steps_right: steps taken right since the last turn or park.
 * @steps_left: steps taken left since the last turn or park.
 * @tired: steps since the last park on top; net DIM parks tired at
 *         2 x levels (Linux NET_DIM_PARAMS_NUM_PROFILES * 2). Unused by RDMA.
 */
struct irqmod_dim_walk {
	uint8_t level;
	uint8_t tune_state;
	uint8_t steps_right;
	uint8_t steps_left;
	uint8_t tired;
};

/**
 * struct irqmod_dim_config - net DIM settings.
 * @profiles: the profile table, caller-owned and constant while the state
 *            lives (like ethtool -C rx-profile); irqmod_dim_table() gives
 *            the built-in ones. Must not be NULL.
 * @levels: entries in @profiles, 1..IRQMOD_DIM_MAX_LEVELS.
 * @start_level: level after init and reset, < @levels.
 * @direction: an enum irqmod_dim_direction value.
 */
struct irqmod_dim_config {
	const struct irqmod_dim_profile *profiles;
	uint32_t levels;
	uint32_t start_level;
	uint32_t direction;
};

/**
 * struct irqmod_dim - net DIM state (caller-owned, 64 bytes on LP64).
 * @profiles: the configured table.
 * @start_ns: time of the sample that opened the window.
 * @packets: packets counted since the window opened, mod 2^32 (Linux's
 *           pkt_ctr difference end - start).
 * @interval_ns: the current level's interval in ns (set from @profiles
 *               whenever the level changes, so no call converts units).
 * @bytes: bytes counted since the window opened, mod 2^32 (byte_ctr). Not
 *         next to @packets, so compilers add the two with plain scalar
 *         instructions instead of packing them into a vector register.
 * @rate_limit_ns: the current level's rate limit in ns.
 * @prev_packets_per_ms: packets/ms of the reference window (dim_stats.ppms).
 * @prev_bytes_per_ms: bytes/ms of the reference window (dim_stats.bpms).
 * @prev_events_per_ms: events/ms of the reference window (dim_stats.epms).
 * @events: cumulative events mod 2^16 (Linux dim_sample.event_ctr).
 * @start_events: @events when the window opened.
 * @levels: entries in @profiles.
 * @start_level: level after reset.
 * @measure_state: an enum irqmod_dim_measure_state value; 16 bits wide so
 *                 the fast path compares the u16 event count with it
 *                 directly.
 * @walk: the hill climb.
 * @direction: an enum irqmod_dim_direction value.
 * @frames: the current level's frame count.
 */
struct irqmod_dim {
	const struct irqmod_dim_profile *profiles;
	uint64_t start_ns;
	uint32_t packets;
	uint32_t interval_ns;
	uint32_t bytes;
	uint32_t rate_limit_ns;
	uint32_t prev_packets_per_ms;
	uint32_t prev_bytes_per_ms;
	uint32_t prev_events_per_ms;
	uint16_t events;
	uint16_t start_events;
	uint8_t levels;
	uint8_t start_level;
	uint16_t measure_state;
	struct irqmod_dim_walk walk;
	uint8_t direction;
	uint16_t frames;
};

/**
 * irqmod_dim_table() - a built-in profile table.
 * @table: an enum irqmod_dim_table value.
 * @levels: if not NULL, receives the table's number of entries (0 if unknown).
 * Return: the static table, or NULL for an unknown @table.
 */
IRQMOD_API const struct irqmod_dim_profile *irqmod_dim_table(uint32_t table,
							     uint32_t *levels);

/**
 * irqmod_dim_default_config() - settings that run a built-in table as Linux does.
 * @config: filled in: @table's profiles and levels, start level 1
 *          (0 for the RDMA table), direction TX for TX tables, else RX.
 * @table: an enum irqmod_dim_table value.
 * Return: 0, -IRQMOD_EINVAL for NULL, -IRQMOD_ETABLE for an unknown table.
 */
IRQMOD_API int irqmod_dim_default_config(struct irqmod_dim_config *config,
					 uint32_t table);

/**
 * irqmod_dim_init() - validate @config and set up @state.
 * @state: caller-owned state.
 * @config: settings.
 *
 * The driver programs the start level's profile when it sets up the queue.
 *
 * Return: 0; -IRQMOD_EINVAL for a NULL @state or @config or an unknown
 * direction; -IRQMOD_ETABLE for a NULL table, 0 or more than
 * IRQMOD_DIM_MAX_LEVELS levels, or an entry above IRQMOD_DIM_MAX_USECS;
 * -IRQMOD_ERANGE for a start level not below @levels. @state is untouched
 * on error.
 */
IRQMOD_API int irqmod_dim_init(struct irqmod_dim *state,
			       const struct irqmod_dim_config *config);

/**
 * irqmod_dim_reset() - back to the start level, parked, with no history.
 * @state: state set up by irqmod_dim_init(); the config is kept.
 */
IRQMOD_API void irqmod_dim_reset(struct irqmod_dim *state);

/**
 * irqmod_dim_update() - account one completed poll; maybe take a decision.
 * @state: state set up by irqmod_dim_init().
 * @sample: deltas since the previous call; @sample->events 0 counts as 1.
 * @decision: the current level's profile: both intervals (usecs x 1000),
 *            @frames, @rate_limit_ns; @changed when the profile's values
 *            differ from the previous answer's.
 *
 * Most calls only add the sample to the window and answer the current
 * profile; one that opens a window or completes IRQMOD_DIM_WINDOW_EVENTS
 * events turns the window into rates and takes one step. The counters are
 * added as Linux keeps them: u16 events, and packets and bytes of
 * @direction mod 2^32.
 */
IRQMOD_API void irqmod_dim_update(struct irqmod_dim *state,
				  const struct irqmod_sample *sample,
				  struct irqmod_decision *decision);

/**
 * struct irqmod_dim_rdma_config - RDMA DIM settings.
 * @profiles: table of (interval, completions) levels; must not be NULL.
 * @levels: entries in @profiles, 1..IRQMOD_DIM_MAX_LEVELS.
 * @start_level: level after init and reset, < @levels.
 */
struct irqmod_dim_rdma_config {
	const struct irqmod_dim_profile *profiles;
	uint32_t levels;
	uint32_t start_level;
};

/**
 * struct irqmod_dim_rdma - RDMA DIM state (caller-owned, 48 bytes on LP64).
 * @profiles: the configured table.
 * @start_ns: time of the sample that opened the window.
 * @completions: completions counted since the window opened, mod 2^32
 *               (Linux's comp_ctr difference end - start).
 * @interval_ns: the current level's interval in ns (set from @profiles
 *               whenever the level changes).
 * @prev_completions_per_ms: completions/ms of the previous window (cpms).
 * @prev_completions_per_event: 100 x completions per event of the previous
 *                              window (Linux dim_stats.cpe_ratio).
 * @events: cumulative events mod 2^16 (dim_sample.event_ctr).
 * @start_events: @events when the window opened.
 * @levels: entries in @profiles.
 * @start_level: level after reset.
 * @measure_state: an enum irqmod_dim_measure_state value.
 * @walk: the walk; RDMA DIM never parks and does not use @walk.tired.
 * @rate_limit_ns: the current level's rate limit in ns.
 *
 * The level's completion count is read from @profiles on each call (a
 * count, not a unit to convert): a cached copy would not fit in 48 bytes.
 */
struct irqmod_dim_rdma {
	const struct irqmod_dim_profile *profiles;
	uint64_t start_ns;
	uint32_t completions;
	uint32_t interval_ns;
	uint32_t prev_completions_per_ms;
	uint32_t prev_completions_per_event;
	uint16_t events;
	uint16_t start_events;
	uint8_t levels;
	uint8_t start_level;
	uint8_t measure_state;
	struct irqmod_dim_walk walk;
	uint32_t rate_limit_ns;
};

/**
 * irqmod_dim_rdma_default_config() - Linux's RDMA DIM: 9-level table, level 0.
 * @config: filled in.
 * Return: 0, or -IRQMOD_EINVAL for NULL.
 */
IRQMOD_API int irqmod_dim_rdma_default_config(struct irqmod_dim_rdma_config *config);

/**
 * irqmod_dim_rdma_init() - validate @config and set up @state.
 * @state: caller-owned state.
 * @config: settings.
 * Return: as irqmod_dim_init() (no direction to check). @state is untouched
 * on error.
 */
IRQMOD_API int irqmod_dim_rdma_init(struct irqmod_dim_rdma *state,
				    const struct irqmod_dim_rdma_config *config);

/**
 * irqmod_dim_rdma_reset() - back to the start level, going right, no history.
 * @state: state set up by irqmod_dim_rdma_init(); the config is kept.
 */
IRQMOD_API void irqmod_dim_rdma_reset(struct irqmod_dim_rdma *state);

/**
 * irqmod_dim_rdma_update_window() - the out-of-line part of
 * irqmod_dim_rdma_update().
 * @state: state set up by irqmod_dim_rdma_init(), with the call's counts added.
 * @sample: the call's sample (only @sample->now_ns is read).
 * @decision: filled in as by irqmod_dim_rdma_update().
 *
 * Opens a window or closes one and takes a step. Called by
 * irqmod_dim_rdma_update() only; a driver calls that.
 */
IRQMOD_API void irqmod_dim_rdma_update_window(struct irqmod_dim_rdma *state,
					      const struct irqmod_sample *sample,
					      struct irqmod_decision *decision);

/**
 * irqmod_dim_rdma_update() - account one CQ poll pass; maybe take a decision.
 * @state: state set up by irqmod_dim_rdma_init().
 * @sample: @completions and @events (0 counts as 1, as each rdma_dim() call
 *          does); packets and bytes are ignored.
 * @decision: the level's interval in both fields and its completion count
 *            in @frames.
 *
 * Inline: most calls only add the sample to the window and answer the
 * current level; a call that opens a window or may close one continues in
 * irqmod_dim_rdma_update_window(). rdma_dim() subtracts its u16 event
 * counters as ints into a u32: once the counter wraps inside a window the
 * difference is negative, reads as huge, and the window closes early. The
 * 32-bit difference below reproduces that on purpose (see docs/dim.md).
 */
static inline void irqmod_dim_rdma_update(struct irqmod_dim_rdma *state,
					  const struct irqmod_sample *sample,
					  struct irqmod_decision *decision)
{
	uint32_t events = sample->events;

	events += events == 0;
	state->events = (uint16_t)(state->events + events);
	state->completions += sample->completions;
	if ((uint32_t)state->events - state->start_events >= state->measure_state) {
		irqmod_dim_rdma_update_window(state, sample, decision);
		return;
	}
	decision->rx_interval_ns = state->interval_ns;
	decision->tx_interval_ns = state->interval_ns;
	decision->poll_delay_ns = 0;
	decision->rate_limit_ns = state->rate_limit_ns;
	decision->frames = state->profiles[state->walk.level].frames;
	decision->action = IRQMOD_ACTION_REARM;
	decision->changed = false;
}

/**
 * irqmod_dim_config_check() - validate @config as irqmod_dim_init() does.
 * @config: settings to check.
 * @error: filled with the offending field and its bound on rejection
 *         ("dim: start_level 9 is not below levels 5"); may be NULL.
 *
 * Order: a config with several faults gets the error of the first check it
 * fails. NULL; the table: profiles (NULL), levels (0, then above
 * IRQMOD_DIM_MAX_LEVELS), each entry from the first (its interval, then
 * its rate limit; all -IRQMOD_ETABLE), start_level below levels
 * (-IRQMOD_ERANGE); last direction (-IRQMOD_EINVAL).
 *
 * Return: 0 or the code irqmod_dim_init() would return.
 */
IRQMOD_API int irqmod_dim_config_check(const struct irqmod_dim_config *config,
				       struct irqmod_config_error *error);

/**
 * irqmod_dim_current() - the decision in force: the current level's profile.
 * @state: state set up by irqmod_dim_init().
 * @decision: filled in, action re-arm, @changed false.
 */
IRQMOD_API void irqmod_dim_current(const struct irqmod_dim *state,
				   struct irqmod_decision *decision);

/**
 * irqmod_dim_rdma_config_check() - validate @config as irqmod_dim_rdma_init() does.
 * @config: settings to check.
 * @error: filled with the offending field and its bound on rejection; may be NULL.
 *
 * Order: NULL, then the table in irqmod_dim_config_check()'s order.
 *
 * Return: 0 or the code irqmod_dim_rdma_init() would return.
 */
IRQMOD_API int irqmod_dim_rdma_config_check(const struct irqmod_dim_rdma_config *config,
					    struct irqmod_config_error *error);

/**
 * irqmod_dim_rdma_current() - the decision in force: the current level's profile.
 * @state: state set up by irqmod_dim_rdma_init().
 * @decision: filled in, action re-arm, @changed false.
 */
IRQMOD_API void irqmod_dim_rdma_current(const struct irqmod_dim_rdma *state,
					struct irqmod_decision *decision);

#ifdef __cplusplus
}
#endif

#endif /* IRQMOD_DIM_H */
