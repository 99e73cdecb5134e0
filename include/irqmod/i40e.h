/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/**
 * DOC: Intel adaptive controller (i40e)
 *
 * The Linux i40e adaptive ITR (drivers/net/ethernet/intel/i40e/i40e_txrx.c,
 * i40e_update_itr() and i40e_update_enable_itr(); constants in
 * i40e_txrx.h): the ixgbe-family algorithm (irqmod/ixgbe.h) with i40e's
 * constants and two differences in how the result is applied.
 *
 * - Each container (RX, TX) has its own register. A container keeps a
 *   target and a current (programmed) value, each a u16 holding the
 *   microseconds and the latency flag in bit 15, exactly as Linux does.
 * - At most one register is written per call, by priority: an RX decrease,
 *   then a TX decrease or a TX increase larger than RX's, then an RX
 *   increase. A write restarts a 3-call countdown during which targets are
 *   frozen (a write fires an early interrupt, so those counts are thrown
 *   away).
 *
 * Bands per container: RX with 1..3 packets and < 9000 bytes while TX is in
 * latency mode: latency mode from the size curve. TX with < 4 packets
 * while both targets sit at the maximum (bulk): TX becomes max | latency.
 * TX with more than 32 packets drops its latency flag. Then: < 56 packets:
 * target + 2 us (flag kept, at most the maximum); 56..112: min(TX current,
 * RX current); 113..256: half of that, at least the minimum; > 256: bulk
 * mode from the size curve. The curve is ixgbe's with other breakpoints
 * (4096 up to 60 B, 40s + 1696 up to 380 B, 15s + 11452 up to 1084 B,
 * 5s + 22420 up to 1980 B, 32256 above), divided by 2 us * 1024 at 40 Gb/s,
 * * 512 at 25/20 Gb/s, * 32 at 1 Gb/s and 100 Mb/s, * 256 otherwise.
 *
 * Concurrency: one instance per vector, called from one context.
 */
#ifndef IRQMOD_I40E_H
#define IRQMOD_I40E_H

#include "irqmod/common.h"
#include "irqmod/intel_itr.h"

#ifdef __cplusplus
extern "C" {
#endif

/** IRQMOD_I40E_MIN_INTERVAL_NS - I40E_ITR_ADAPTIVE_MIN_USECS = 2 us (i40e_txrx.h). */
#define IRQMOD_I40E_MIN_INTERVAL_NS 2000u
/** IRQMOD_I40E_MAX_INTERVAL_NS - I40E_ITR_ADAPTIVE_MAX_USECS = 0x7e = 126 us. */
#define IRQMOD_I40E_MAX_INTERVAL_NS 126000u
/** IRQMOD_I40E_STEP_NS - I40E_ITR_ADAPTIVE_MIN_INC = 2 us. */
#define IRQMOD_I40E_STEP_NS 2000u
/** IRQMOD_I40E_INITIAL_INTERVAL_NS - I40E_ITR_20K = 50 us, RX and TX (i40e_txrx.h). */
#define IRQMOD_I40E_INITIAL_INTERVAL_NS 50000u
/** IRQMOD_I40E_TICK_NS - one jiffy at HZ=1000. */
#define IRQMOD_I40E_TICK_NS 1000000u
/** IRQMOD_I40E_COUNTDOWN_CALLS - ITR_COUNTDOWN_START = 3 (i40e_txrx.c). */
#define IRQMOD_I40E_COUNTDOWN_CALLS 3u
/** IRQMOD_I40E_INTERVAL_LIMIT_NS - largest accepted ceiling: I40E_MAX_ITR = 8160 us. */
#define IRQMOD_I40E_INTERVAL_LIMIT_NS 8160000u
/** IRQMOD_I40E_MAX_LINK_SPEED_MBPS - fastest accepted link: 800 Gb/s. */
#define IRQMOD_I40E_MAX_LINK_SPEED_MBPS 800000u
/** IRQMOD_I40E_LATENCY - the mode flag in the u16 values: I40E_ITR_ADAPTIVE_LATENCY. */
#define IRQMOD_I40E_LATENCY 0x8000u

/**
 * struct irqmod_i40e_container - Linux struct i40e_ring_container's values.
 * @target_itr: usecs | IRQMOD_I40E_LATENCY, what the algorithm wants.
 * @current_itr: usecs | flag last written to the register.
 */
struct irqmod_i40e_container {
	uint16_t target_itr;
	uint16_t current_itr;
};

/**
 * struct irqmod_i40e - controller state (caller-owned; 56 bytes on x86-64).
 * @config: the validated settings.
 * @min_usecs: @config's minimum in us, derived at init.
 * @max_usecs: @config's maximum in us, derived at init.
 * @tick_start_ns: start of the tick (jiffy) of the previous update, a
 *                 multiple of the tick.
 * @rx: RX container.
 * @tx: TX container.
 * @countdown: calls left before targets may move again (itr_countdown).
 * @updated: false until the first update after init or reset.
 * @step_usecs: @config's step in us, derived at init.
 * @rings: which of @config's rings exist (bit 0 RX, bit 1 TX), derived at
 *         init so that the update tests one byte instead of two flags.
 * @scale: the size curve's link-speed scale (i40e_itr_divisor(): 1024 at
 *         40G, 512 at 25G and 20G, 32 at 1G and 100M, else 256) and step.
 *
 * The derived fields fill what was padding, so the update does no unit
 * conversion or division that init could do once.
 */
struct irqmod_i40e {
	struct irqmod_intel_itr_config config;
	uint16_t min_usecs;
	uint16_t max_usecs;
	uint64_t tick_start_ns;
	struct irqmod_i40e_container rx;
	struct irqmod_i40e_container tx;
	uint8_t countdown;
	bool updated;
	uint8_t step_usecs;
	uint8_t rings;
	struct irqmod_intel_itr_scale scale;
};

/**
 * irqmod_i40e_config_linux() - the Linux i40e settings for a link speed.
 * @config: filled in on success; untouched on error.
 * @link_speed_mbps: link speed in Mb/s.
 * Return: 0, -IRQMOD_EINVAL for NULL, -IRQMOD_ELINK for 0 or above 800 Gb/s.
 */
IRQMOD_API int irqmod_i40e_config_linux(struct irqmod_intel_itr_config *config,
					uint32_t link_speed_mbps);

/**
 * irqmod_i40e_init() - validate @config and set up @state.
 * @state: caller-owned state.
 * @config: settings.
 * Return: 0; -IRQMOD_EINVAL for NULL or no rings; -IRQMOD_ESTEP for a step
 * that is not even microseconds in 2..126 us or a zero tick; -IRQMOD_ERANGE
 * for a minimum, maximum or initial interval that is not even microseconds,
 * a minimum below 2 us, a maximum above 8160 us or an initial interval
 * outside [min, max]; -IRQMOD_EMINMAX for min > max; -IRQMOD_ELINK. @state
 * is untouched on error.
 * A config with several faults gets the first in
 * irqmod_i40e_config_check()'s order.
 */
IRQMOD_API int irqmod_i40e_init(struct irqmod_i40e *state,
				const struct irqmod_intel_itr_config *config);

/**
 * irqmod_i40e_reset() - forget the history, keep the config: targets and
 * current values at the initial interval in bulk mode (Linux ITR_TO_REG of
 * the setting), countdown 0, next update stale.
 * @state: state set up by irqmod_i40e_init().
 */
IRQMOD_API void irqmod_i40e_reset(struct irqmod_i40e *state);

/**
 * irqmod_i40e_update() - the decision after a poll completed under budget.
 * @state: state set up by irqmod_i40e_init().
 * @sample: RX counts feed the RX container, TX counts the TX container.
 * @decision: rx_interval_ns and tx_interval_ns are the two registers'
 *            intervals; @changed is true when one of them was written in
 *            this call (never both: compare with the previous decision to
 *            see which).
 *
 * Defined behaviour for every input, as for irqmod_ixgbe_update(): the first
 * call is stale; stale when the tick advanced by two or more; time standing
 * still or going back is not stale; packets 0 with bytes > 0 take the
 * packet-count paths with 0 packets; the average size is exact for any
 * 64-bit byte count and plateaus; every interval lies within [min, max].
 */
IRQMOD_API void irqmod_i40e_update(struct irqmod_i40e *state,
				   const struct irqmod_sample *sample,
				   struct irqmod_decision *decision);

/**
 * irqmod_i40e_config_check() - validate @config as irqmod_i40e_init() does.
 * @config: settings to check.
 * @error: filled with the offending field and the bound it breaks on
 *         rejection (for example "i40e: max_interval_ns 10000 is below
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
 * Return: 0 or the -IRQMOD_E... code irqmod_i40e_init() would return.
 */
IRQMOD_API int irqmod_i40e_config_check(const struct irqmod_intel_itr_config *config,
					struct irqmod_config_error *error);

/**
 * irqmod_i40e_current() - the decision in force, without a sample.
 * @state: state set up by irqmod_i40e_init().
 * @decision: the intervals last returned (the start interval after init or
 *            reset), action re-arm, @changed false.
 */
IRQMOD_API void irqmod_i40e_current(const struct irqmod_i40e *state,
				    struct irqmod_decision *decision);

/*
 * IRQMOD_I40E_KNOBS(KNOB, ctx) - the knobs of i40e in the scenario grammar
 * (i40e(max=100us)): the same fields as ixgbe's, i40e's limits. KNOB(ctx,
 * config field, name, is a duration, help) each; include/irqmod/kinds.h names
 * this macro in the row of i40e, lib/scenario/kinds.c expands it.
 */
#define IRQMOD_I40E_KNOBS(KNOB, ctx) \
	KNOB(ctx, min_interval_ns, "min", true, \
	     "floor, even us, >= 2us (default 2us)") \
	KNOB(ctx, max_interval_ns, "max", true, \
	     "ceiling, even us up to 8160us (default 126us, " \
	     "I40E_ITR_ADAPTIVE_MAX_USECS)")

#ifdef __cplusplus
}
#endif

#endif /* IRQMOD_I40E_H */
