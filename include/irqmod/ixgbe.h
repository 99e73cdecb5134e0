/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/**
 * DOC: Intel adaptive controller (ixgbe)
 *
 * The Linux ixgbe adaptive ITR as reworked in 2017 ("ixgbe: Update adaptive
 * ITR algorithm", b4ded8327fea) with the 2019 fix against u8 wrap ("ixgbe:
 * Prevent u8 wrapping of ITR value to something less than 10us"): Linux
 * drivers/net/ethernet/intel/ixgbe/ixgbe_main.c, ixgbe_update_itr() and
 * ixgbe_set_itr(); constants in ixgbe.h.
 *
 * Per call, each ring container (RX, TX) of the vector is classified by the
 * packets it completed since the previous call:
 *
 * - no update for two or more ticks (jiffies): stale, start again at the
 *   minimum in latency mode;
 * - no packets: the programmed interval plus one step, mode kept;
 * - fewer than 4 packets and 9000 bytes: latency mode, interval from the
 *   average-size curve, halved;
 * - fewer than 48: the programmed interval plus one step (bulk mode);
 * - fewer than 96: the programmed interval ("goldilocks");
 * - fewer than 256: half the programmed interval, at least the minimum;
 * - otherwise: bulk mode, interval from the average-size curve.
 *
 * The curve approximates 170 * (s + 24) / (s + 640) us at 10 Gb/s for an
 * average frame of s bytes (one socket buffer of data per interrupt); links
 * of 1, 2.5 Gb/s and 10 Mb/s use a four times steeper scale capped at the
 * same maximum. The vector takes min() of its containers' values with the
 * mode flag in bit 7, as Linux does: a bulk-mode container always wins over
 * a latency-mode one, whatever their intervals.
 *
 * With IRQMOD_IXGBE_PRESET_LINUX the controller returns the interval Linux
 * programs for the same sequence of samples (see irqmod_ixgbe_update() for
 * the first call). IRQMOD_IXGBE_PRESET_IRQMOD differs in one number: the
 * ceiling is the socket-buffer floor of irqmod/floor.h (84 us at 10 Gb/s).
 *
 * Concurrency: one instance per vector, called from one context (the NAPI
 * poll). irqmod_ixgbe_set_max_interval() and irqmod_ixgbe_set_link_speed()
 * must be called from that same context (or with it stopped); they keep the
 * history and take effect at the next update.
 */
#ifndef IRQMOD_IXGBE_H
#define IRQMOD_IXGBE_H

#include "irqmod/common.h"
#include "irqmod/intel_itr.h"

#ifdef __cplusplus
extern "C" {
#endif

/** IRQMOD_IXGBE_MIN_INTERVAL_NS - IXGBE_ITR_ADAPTIVE_MIN_USECS = 10 us (ixgbe.h). */
#define IRQMOD_IXGBE_MIN_INTERVAL_NS 10000u
/**
 * IRQMOD_IXGBE_MAX_INTERVAL_NS - IXGBE_ITR_ADAPTIVE_MAX_USECS = 126 us
 * (ixgbe.h). Also the largest ceiling accepted: the interval and the mode
 * flag share one byte (flag in bit 7), so usecs must stay below 128.
 */
#define IRQMOD_IXGBE_MAX_INTERVAL_NS 126000u
/** IRQMOD_IXGBE_STEP_NS - IXGBE_ITR_ADAPTIVE_MIN_INC = 2 us (ixgbe.h). */
#define IRQMOD_IXGBE_STEP_NS 2000u
/**
 * IRQMOD_IXGBE_INITIAL_INTERVAL_NS - IXGBE_20K_ITR = 200 = 50 us << 2
 * (ixgbe.h), programmed for RX and RX/TX vectors by ixgbe_alloc_q_vector()
 * (ixgbe_lib.c). TX-only vectors start at IXGBE_12K_ITR (84 us).
 */
#define IRQMOD_IXGBE_INITIAL_INTERVAL_NS 50000u
/**
 * IRQMOD_IXGBE_TICK_NS - one jiffy at HZ=1000, the most common kernel
 * setting; staleness is counted in these ticks.
 */
#define IRQMOD_IXGBE_TICK_NS 1000000u
/** IRQMOD_IXGBE_MAX_LINK_SPEED_MBPS - fastest accepted link: 800 Gb/s. */
#define IRQMOD_IXGBE_MAX_LINK_SPEED_MBPS 800000u

/**
 * enum irqmod_ixgbe_preset - named configurations.
 * @IRQMOD_IXGBE_PRESET_LINUX: Linux ixgbe: 10..126 us, 2 us steps, start at
 *                             50 us, 1 ms ticks, RX and TX rings.
 * @IRQMOD_IXGBE_PRESET_IRQMOD: as Linux, but the ceiling is the socket-buffer
 *                              floor (irqmod_floor_default_params() at the
 *                              link speed) clamped into [10 us, 126 us]; the
 *                              start interval is clamped to that ceiling.
 */
enum irqmod_ixgbe_preset {
	IRQMOD_IXGBE_PRESET_LINUX = 0,
	IRQMOD_IXGBE_PRESET_IRQMOD = 1,
};

/**
 * IRQMOD_IXGBE_LATENCY - the latency-mode flag in a container's value
 * (IXGBE_ITR_ADAPTIVE_LATENCY, 0x80, in ixgbe.h).
 */
#define IRQMOD_IXGBE_LATENCY 0x80u

/**
 * struct irqmod_ixgbe_container - one ring container's last value, kept as
 * Linux keeps struct ixgbe_ring_container.itr.
 * @itr: interval in us (within [min, max]) | IRQMOD_IXGBE_LATENCY in
 *       latency mode. As a number it orders the containers the way the
 *       vector's min() does: any bulk value below any latency one. The
 *       container of a direction without a ring is not read; a stale
 *       call restarts it with the others.
 */
struct irqmod_ixgbe_container {
	uint8_t itr;
};

/**
 * struct irqmod_ixgbe - controller state (caller-owned; 48 bytes on x86-64).
 * @config: the validated settings (the setters change two of them).
 * @min_usecs: @config's minimum in us, derived at init.
 * @max_usecs: @config's maximum in us, derived at init and by
 *             irqmod_ixgbe_set_max_interval().
 * @step_usecs: @config's step in us, derived at init.
 * @rings: which of @config's rings exist (bit 0 RX, bit 1 TX), and bit 2
 *         when the step is not a power of two, derived at init so that the
 *         update tests one byte for the usual vector (both rings, a
 *         power-of-two step) instead of two flags and the step.
 * @tick_start_ns: start of the tick (jiffy) of the previous update, a
 *                 multiple of the tick (Linux: next_update - 1, in ns).
 * @rx: RX container.
 * @tx: TX container.
 * @interval_usecs: the interval last returned (Linux q_vector->itr >> 2).
 * @updated: false until the first update after init or reset.
 * @scale: the size curve's link-speed scale (256, or 64 on the slow links)
 *         and step, derived at init and by irqmod_ixgbe_set_link_speed().
 *
 * The derived fields fill what was padding, so the update does no unit
 * conversion or division that init could do once.
 */
struct irqmod_ixgbe {
	struct irqmod_intel_itr_config config;
	uint8_t min_usecs;
	uint8_t max_usecs;
	uint8_t step_usecs;
	uint8_t rings;
	uint64_t tick_start_ns;
	struct irqmod_ixgbe_container rx;
	struct irqmod_ixgbe_container tx;
	uint8_t interval_usecs;
	bool updated;
	struct irqmod_intel_itr_scale scale;
};

/**
 * irqmod_ixgbe_config_preset() - fill @config with a named preset.
 * @config: filled in on success; untouched on error.
 * @preset: an enum irqmod_ixgbe_preset value.
 * @link_speed_mbps: link speed in Mb/s (10000 for 10 GbE).
 *
 * Return: 0, -IRQMOD_EINVAL for NULL, -IRQMOD_EPRESET for an unknown preset,
 * -IRQMOD_ELINK for a link speed of 0 or above 800 Gb/s.
 */
IRQMOD_API int irqmod_ixgbe_config_preset(struct irqmod_intel_itr_config *config,
					  enum irqmod_ixgbe_preset preset,
					  uint32_t link_speed_mbps);

/**
 * irqmod_ixgbe_init() - validate @config and set up @state.
 * @state: caller-owned state.
 * @config: settings.
 *
 * Return: 0; -IRQMOD_EINVAL for NULL or a vector without rings;
 * -IRQMOD_ESTEP for a step that is not a whole number of microseconds in
 * 1..126 us, or a zero tick; -IRQMOD_ERANGE for a minimum, maximum or
 * initial interval that is not a whole number of microseconds, a minimum
 * below 1 us, a maximum above 126 us, or an initial interval outside
 * [min, max]; -IRQMOD_EMINMAX for min > max; -IRQMOD_ELINK for a link speed
 * of 0 or above 800 Gb/s. @state is untouched on error.
 * A config with several faults gets the first in
 * irqmod_ixgbe_config_check()'s order.
 */
IRQMOD_API int irqmod_ixgbe_init(struct irqmod_ixgbe *state,
				 const struct irqmod_intel_itr_config *config);

/**
 * irqmod_ixgbe_reset() - forget the history, keep the config.
 * @state: state set up by irqmod_ixgbe_init().
 *
 * Afterwards the state is as after init: containers at max in latency mode
 * (Linux: IXGBE_ITR_ADAPTIVE_MAX_USECS | IXGBE_ITR_ADAPTIVE_LATENCY), the
 * interval at the initial interval clamped into [min, max] (the driver
 * should program that value again), the next update stale.
 */
IRQMOD_API void irqmod_ixgbe_reset(struct irqmod_ixgbe *state);

/**
 * irqmod_ixgbe_update() - the decision after a poll completed under budget.
 * @state: state set up by irqmod_ixgbe_init().
 * @sample: RX counts feed the RX container, TX counts the TX container; a
 *          container whose ring the config does not have ignores its counts
 *          and never wins the min(). @events, @completions and @flags are
 *          not used.
 * @decision: rx_interval_ns == tx_interval_ns (one EITR per vector),
 *            @changed when it differs from the previous one (or, at the first
 *            call, from the initial interval). frames, poll_delay_ns and
 *            rate_limit_ns are 0; action is IRQMOD_ACTION_REARM.
 *
 * Defined behaviour for every input:
 *
 * - First call after init or reset: stale (min, latency mode), whatever the
 *   counts. Linux sets next_update = jiffies + 1 when it adds the rings, so
 *   its first update is stale when it comes two or more jiffies after
 *   setup, as it does unless traffic starts within a jiffy.
 * - Staleness: tick = now_ns / tick_ns; stale when the tick advanced by two
 *   or more since the previous call (Linux time_after(jiffies, next_update),
 *   next_update = last + 1). A gap of hours is therefore simply stale.
 * - Time standing still or going backwards: not stale (the tick did not
 *   advance, as time_after() reads it); the counts are used normally and
 *   the current tick becomes the reference.
 * - packets == 0 with bytes > 0: the no-packets path (bytes ignored), as in
 *   Linux, which tests the packet count first.
 * - bytes < 60 * packets: the average falls in the curve's flat start
 *   (<= 60 bytes).
 * - Counts near UINT32_MAX / UINT64_MAX: the average size is exact (a
 *   64-bit division once the bytes pass 32 bits) and everything above the
 *   curve's last breakpoint plateaus, so
 *   nothing overflows; the band is chosen by the packet count.
 * - Every returned interval lies within [min, max] of the current config.
 */
IRQMOD_API void irqmod_ixgbe_update(struct irqmod_ixgbe *state,
				    const struct irqmod_sample *sample,
				    struct irqmod_decision *decision);

/**
 * irqmod_ixgbe_set_max_interval() - change the ceiling while running.
 * @state: state set up by irqmod_ixgbe_init().
 * @max_interval_ns: new ceiling: a whole number of microseconds in
 *                   [min, 126 us]; e.g. a new irqmod_floor_interval() result
 *                   after the buffer size, MTU or link speed changed.
 *
 * History is kept; values above the new ceiling are clamped at the next
 * update (which then reports @changed if the interval moves).
 *
 * Return: 0, -IRQMOD_EINVAL for NULL, -IRQMOD_ERANGE for a value that is not
 * whole microseconds or above 126 us, -IRQMOD_EMINMAX below the minimum.
 * The state is untouched on error.
 */
IRQMOD_API int irqmod_ixgbe_set_max_interval(struct irqmod_ixgbe *state,
					     uint32_t max_interval_ns);

/**
 * irqmod_ixgbe_set_link_speed() - change the link speed while running.
 * @state: state set up by irqmod_ixgbe_init().
 * @link_speed_mbps: new speed, 1..800000 Mb/s.
 *
 * History is kept (Linux reads adapter->link_speed at each update too).
 *
 * Return: 0, -IRQMOD_EINVAL for NULL, -IRQMOD_ELINK for 0 or above 800 Gb/s.
 */
IRQMOD_API int irqmod_ixgbe_set_link_speed(struct irqmod_ixgbe *state,
					   uint32_t link_speed_mbps);

/**
 * irqmod_ixgbe_config_check() - validate @config as irqmod_ixgbe_init() does.
 * @config: settings to check.
 * @error: filled with the offending field and the bound it breaks on
 *         rejection (for example "ixgbe: max_interval_ns 10000 is below
 *         initial_interval_ns 50000"); may be NULL. Untouched on success.
 *
 * Order: a config with several faults gets the error of the first check it
 * fails. Each field alone first: NULL; rx_ring and tx_ring (one must be
 * set); step_ns (at least the granule, at most the supported maximum, a
 * multiple of the granule; -IRQMOD_ESTEP); tick_ns (-IRQMOD_ESTEP);
 * min_interval_ns (the granule); max_interval_ns (the supported maximum,
 * then the granule); initial_interval_ns (the granule), all -IRQMOD_ERANGE.
 * Then the relations: max_interval_ns below min_interval_ns
 * (-IRQMOD_EMINMAX), initial_interval_ns below min_interval_ns, then above
 * max_interval_ns (-IRQMOD_ERANGE). Last link_speed_mbps (-IRQMOD_ELINK).
 * So min > max with max 0 is -IRQMOD_ERANGE for max_interval_ns below the
 * granule (since commit 2e87457; -IRQMOD_EMINMAX before).
 *
 * Return: 0 or the -IRQMOD_E... code irqmod_ixgbe_init() would return.
 */
IRQMOD_API int irqmod_ixgbe_config_check(const struct irqmod_intel_itr_config *config,
					 struct irqmod_config_error *error);

/**
 * irqmod_ixgbe_current() - the decision in force, without a sample.
 * @state: state set up by irqmod_ixgbe_init().
 * @decision: the intervals last returned (the start interval after init or
 *            reset), action re-arm, @changed false.
 */
IRQMOD_API void irqmod_ixgbe_current(const struct irqmod_ixgbe *state,
				     struct irqmod_decision *decision);

/*
 * IRQMOD_IXGBE_KNOBS(KNOB, ctx) - the knobs of ixgbe in the scenario grammar
 * (ixgbe(max=100us)): the floor and ceiling of its Intel ITR config. KNOB(ctx,
 * config field, name, is a duration, help) each; include/irqmod/kinds.h names
 * this macro in the row of ixgbe, lib/scenario/kinds.c expands it.
 */
#define IRQMOD_IXGBE_KNOBS(KNOB, ctx) \
	KNOB(ctx, min_interval_ns, "min", true, \
	     "floor, whole us, >= 1us (default 10us)") \
	KNOB(ctx, max_interval_ns, "max", true, \
	     "ceiling, whole us up to 126us (default: the socket-buffer floor, 84us at" \
	     " 10G)")

#ifdef __cplusplus
}
#endif

#endif /* IRQMOD_IXGBE_H */
