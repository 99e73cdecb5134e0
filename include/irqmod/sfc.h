/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/**
 * DOC: sfc controller (Solarflare/AMD sfc adaptive IRQ moderation)
 *
 * Every RX packet adds 2 to a score; after every @polls_per_decision polls
 * that ended under budget the score is judged: below @score_low the
 * interval goes down one timer step (while it is above the step), above
 * @score_high it goes up one step (while it is below @rx_usecs), and the
 * score and poll count start again. This is Linux's efx_update_irq_mod()
 * with the score of efx_ef10_handle_rx_event() and the poll count of
 * efx_poll() (drivers/net/ethernet/sfc/efx_channels.c, ef10.c), decision for
 * decision; see docs/sfc.md.
 */
#ifndef IRQMOD_SFC_H
#define IRQMOD_SFC_H

#include "irqmod/common.h"
#include "irqmod/convert.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * IRQMOD_SFC_USECS_MAX - largest @rx_usecs: the interval in ns must fit the
 * decision's 32 bits (UINT32_MAX / 1000).
 */
#define IRQMOD_SFC_USECS_MAX 4294967u
/**
 * IRQMOD_SFC_TIMER_QUANTUM_MAX_NS - largest timer quantum: Linux's step,
 * DIV_ROUND_UP(timer_quantum_ns, 1000) in an unsigned int (efx.c,
 * efx_probe_nic()), wraps above UINT32_MAX - 999.
 */
#define IRQMOD_SFC_TIMER_QUANTUM_MAX_NS 4294966296u
/**
 * IRQMOD_SFC_SCORE_PER_RX_PACKET - what each RX packet adds to the score:
 * efx_ef10_handle_rx_event() (ef10.c) and efx_ef100_ev_rx() (ef100_rx.c)
 * add 2 * n_packets per RX event.
 */
#define IRQMOD_SFC_SCORE_PER_RX_PACKET 2u

/**
 * struct irqmod_sfc_config - settings (fill with irqmod_sfc_default_config()).
 * @rx_usecs: the interval at start and the highest the adaptation climbs to
 *	(Linux's irq_rx_moderation_us, ethtool rx-usecs; default
 *	rx_irq_mod_usec, 60 us, efx.c); at most IRQMOD_SFC_USECS_MAX.
 * @timer_quantum_ns: the NIC's interrupt timer tick; the step is this in
 *	whole us rounded up (Linux's irq_mod_step_us, efx_probe_nic()).
 *	Default 6144 ns, the quantum siena.c sets (768 cycles,
 *	siena_probe_nvconfig()); EF10 and EF100 NICs report theirs through
 *	MCDI (ef10.c, efx_ef10_process_timer_config()). 1 to
 *	IRQMOD_SFC_TIMER_QUANTUM_MAX_NS.
 * @score_low: below this score, one step down (irq_adapt_low_thresh,
 *	8000, efx_channels.c).
 * @score_high: above this score, one step up (irq_adapt_high_thresh,
 *	16000, efx_channels.c). Not checked against @score_low: Linux tests
 *	the low threshold first.
 * @polls_per_decision: completed polls per decision (1000, the constant
 *	of efx_poll()); at least 1.
 * @adaptive: adaptive-rx on (Linux's default, efx_probe_nic() passes true
 *	to efx_init_irq_moderation()); off, every update answers @rx_usecs.
 */
struct irqmod_sfc_config {
	uint32_t rx_usecs;
	uint32_t timer_quantum_ns;
	uint32_t score_low;
	uint32_t score_high;
	uint32_t polls_per_decision;
	bool adaptive;
};

/**
 * struct irqmod_sfc - controller state (caller-owned).
 * @score: 2 per RX packet since the last decision, modulo 2^32 as Linux's
 *	unsigned int irq_mod_score (counted with @adaptive off too, unread).
 * @polls_left: completed polls until the next decision
 *	(@polls_per_decision less Linux's irq_count); at least 1 between calls.
 * @usecs: the interval in force, in us (Linux's irq_moderation_us).
 * @interval_both_ns: the interval in force, @usecs in ns, in both 32-bit
 *	halves: the word the decision's two intervals are stored from.
 * @rx_usecs: copied from the config.
 * @step_us: the timer quantum in whole us, rounded up.
 * @score_low: copied from the config.
 * @score_high: copied from the config.
 * @polls_per_decision: copied from the config.
 * @adaptive: copied from the config.
 */
struct irqmod_sfc {
	uint64_t interval_both_ns;
	uint32_t score;
	uint32_t polls_left;
	uint32_t usecs;
	uint32_t rx_usecs;
	uint32_t step_us;
	uint32_t score_low;
	uint32_t score_high;
	uint32_t polls_per_decision;
	bool adaptive;
};

/**
 * irqmod_sfc_default_config() - fill @config with Linux sfc's defaults.
 * @config: filled with the values listed at struct irqmod_sfc_config.
 * Return: 0 or -IRQMOD_EINVAL for NULL.
 */
IRQMOD_API int irqmod_sfc_default_config(struct irqmod_sfc_config *config);

/**
 * irqmod_sfc_config_check() - validate @config as irqmod_sfc_init() does.
 * @config: settings to check.
 * @error: filled with the offending field and the bound it breaks on
 *         rejection; may be NULL. Untouched on success.
 * Return: 0; -IRQMOD_EINVAL for NULL; -IRQMOD_ERANGE for @rx_usecs above
 * IRQMOD_SFC_USECS_MAX, @timer_quantum_ns 0 or above
 * IRQMOD_SFC_TIMER_QUANTUM_MAX_NS, or @polls_per_decision 0, checked in the
 * order of the fields in the struct.
 */
IRQMOD_API int irqmod_sfc_config_check(const struct irqmod_sfc_config *config,
				       struct irqmod_config_error *error);

/**
 * irqmod_sfc_init() - validate @config and set up @state.
 * @state: caller-owned state.
 * @config: settings.
 * Return: 0 or the error of irqmod_sfc_config_check() (-IRQMOD_EINVAL for
 * a NULL @state). @state is untouched on error.
 */
IRQMOD_API int irqmod_sfc_init(struct irqmod_sfc *state, const struct irqmod_sfc_config *config);

/**
 * irqmod_sfc_reset() - back to @rx_usecs with a score and poll count of 0.
 * @state: state.
 */
IRQMOD_API void irqmod_sfc_reset(struct irqmod_sfc *state);

/**
 * irqmod_sfc_update() - one update, at the end of every NAPI poll.
 * @state: state set up by irqmod_sfc_init().
 * @sample: @rx_packets since the previous update and @flags; nothing else
 *	is read. A poll flagged IRQMOD_SAMPLE_BUDGET_EXHAUSTED adds its
 *	packets to the score but does not count as a poll, as efx_poll()
 *	counts only polls that end under budget.
 * @decision: the interval in force in both fields; @changed when this
 *	update moved it one step (when Linux calls push_irq_moderation()).
 */
IRQMOD_API void irqmod_sfc_update(struct irqmod_sfc *state, const struct irqmod_sample *sample,
				  struct irqmod_decision *decision);

/**
 * irqmod_sfc_current() - the decision in force, without a sample.
 * @state: state set up by irqmod_sfc_init().
 * @decision: the interval in force, action re-arm, @changed false.
 */
IRQMOD_API void irqmod_sfc_current(const struct irqmod_sfc *state,
				   struct irqmod_decision *decision);

/*
 * IRQMOD_SFC_KNOBS(KNOB, ctx) - the knobs of sfc in the scenario grammar
 * (sfc(usecs=100)): its ceiling, timer quantum, thresholds and decision
 * period. KNOB(ctx, config field, name, is a duration, help) each;
 * include/irqmod/kinds.h names this macro in the row of sfc,
 * lib/scenario/kinds.c expands it.
 */
#define IRQMOD_SFC_KNOBS(KNOB, ctx) \
	KNOB(ctx, rx_usecs, "usecs", false, \
	     "start and highest interval in us, <= 4294967 (default 60)") \
	KNOB(ctx, timer_quantum_ns, "quantum", true, \
	     "the NIC's timer tick, the step rounded up to us (default 6144ns)") \
	KNOB(ctx, score_low, "score_low", false, \
	     "below this score (2 per RX packet), a step down (default 8000)") \
	KNOB(ctx, score_high, "score_high", false, \
	     "above this score, a step up (default 16000)") \
	KNOB(ctx, polls_per_decision, "polls", false, \
	     "completed polls per decision, >= 1 (default 1000)")

#ifdef __cplusplus
}
#endif

#endif /* IRQMOD_SFC_H */
