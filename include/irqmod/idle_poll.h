/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/**
 * DOC: idle poll hybrid
 *
 * After the ring empties, stay in polled mode for an idle budget (a time,
 * a number of empty polls, or both: whichever runs out first), polling
 * again every @poll_spacing_ns; a poll that finds work restarts the budget;
 * when the budget runs out, re-arm the interrupt with the interval the
 * wrapped interval controller picks. This is the "idle poll" change James
 * Chapman proposed for NAPI in 2007 (netdev thread "RFC: possible NAPI
 * improvements to reduce interrupt rates for low traffic rates"): fewer
 * interrupts and lower, steadier latency at low and medium rates, paid for
 * in CPU. See docs/idle-poll.md.
 */
#ifndef IRQMOD_IDLE_POLL_H
#define IRQMOD_IDLE_POLL_H

#include "irqmod/common.h"
#include "irqmod/hybrid_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * IRQMOD_IDLE_POLL_MAX_POLLS - largest empty-poll budget the state holds (u16).
 * Also the bound on a budget derived from @idle_time_ns / @poll_spacing_ns.
 */
#define IRQMOD_IDLE_POLL_MAX_POLLS 65535u
/**
 * IRQMOD_IDLE_POLL_MAX_TIME_NS - longest idle time and spacing accepted: 1 s,
 * the same bound the static controller puts on an interval (static.h).
 */
#define IRQMOD_IDLE_POLL_MAX_TIME_NS 1000000000u

/**
 * struct irqmod_idle_poll_config - idle poll settings.
 * @poll_spacing_ns: delay between two polls while idle; 0 polls again at once
 *                   (Chapman's patch kept the device on the poll list).
 * @idle_time_ns: idle budget in time since the last poll that found work;
 *                0 for none (a budget in polls only).
 * @idle_polls: idle budget in empty polls; 0 derives it from the time budget
 *              as ceil(@idle_time_ns / @poll_spacing_ns), so a clock that
 *              stands still cannot keep the queue polling.
 */
struct irqmod_idle_poll_config {
	uint32_t poll_spacing_ns;
	uint32_t idle_time_ns;
	uint32_t idle_polls;
};

/**
 * struct irqmod_idle_poll - idle poll state (caller-owned, 32 bytes).
 * @idle_until_ns: last time inside the idle budget: the time idling started
 *                 (the last poll that found work) plus @idle_time_ns minus 1;
 *                 UINT64_MAX when @idle_time_ns is 0 or the end lies past
 *                 2^64 - 1. Idling ends on a poll after it.
 * @poll_spacing_ns: configured spacing.
 * @idle_time_ns: configured time budget; 0 for none.
 * @idle_polls: empty-poll budget (configured or derived), at least 1.
 * @polls_left: empty polls left before re-arming; 0 while the interrupt is armed.
 * @sum: counts of the polls since the last re-arm, for the inner controller.
 */
struct irqmod_idle_poll {
	uint64_t idle_until_ns;
	uint32_t poll_spacing_ns;
	uint32_t idle_time_ns;
	uint16_t idle_polls;
	uint16_t polls_left;
	struct irqmod_poll_sum sum;
};

/**
 * irqmod_idle_poll_init() - validate @config and set up @state.
 * @state: caller-owned state.
 * @config: settings.
 *
 * Return: 0; -IRQMOD_EINVAL for a NULL pointer; -IRQMOD_ERANGE for a spacing
 * or idle time above IRQMOD_IDLE_POLL_MAX_TIME_NS; -IRQMOD_EBUDGET for a
 * budget that could never end (no time and no poll budget, or a time budget
 * alone with zero spacing) or that needs more polls than
 * IRQMOD_IDLE_POLL_MAX_POLLS. @state is untouched on error.
 */
IRQMOD_API int irqmod_idle_poll_init(struct irqmod_idle_poll *state,
				     const struct irqmod_idle_poll_config *config);

/**
 * irqmod_idle_poll_reset() - forget the cycle, keep the config (interrupt armed).
 * @state: state.
 */
IRQMOD_API void irqmod_idle_poll_reset(struct irqmod_idle_poll *state);

/**
 * irqmod_idle_poll_update() - the decision after a poll.
 * @state: state set up by irqmod_idle_poll_init().
 * @inner: interval controller consulted when re-arming (any kind, or the
 *         driver's own; see struct irqmod_inner); NULL re-arms with
 *         interval 0 (no throttling).
 * @sample: what the poll found (see docs/hybrid-contract.md).
 * @decision: IRQMOD_ACTION_POLL with @poll_spacing_ns, or the inner
 *            controller's decision with IRQMOD_ACTION_REARM. Never fails.
 */
IRQMOD_API void irqmod_idle_poll_update(struct irqmod_idle_poll *state,
					const struct irqmod_inner *inner,
					const struct irqmod_sample *sample,
					struct irqmod_decision *decision);

/**
 * irqmod_idle_poll_config_check() - validate @config as irqmod_idle_poll_init() does.
 * @config: settings to check.
 * @error: filled with the offending field and the bound it breaks on
 *         rejection; may be NULL. Untouched on success.
 *
 * Order: a config with several faults gets the error of the first check it
 * fails: NULL; poll_spacing_ns, then idle_time_ns, above the maximum
 * (-IRQMOD_ERANGE); no budget at all (idle_polls and idle_time_ns both 0),
 * then a time budget without poll_spacing_ns; last the number of polls the
 * budget allows (-IRQMOD_EBUDGET).
 *
 * Return: 0 or the -IRQMOD_E... code irqmod_idle_poll_init() would return.
 */
IRQMOD_API int irqmod_idle_poll_config_check(const struct irqmod_idle_poll_config *config,
					     struct irqmod_config_error *error);

/**
 * irqmod_idle_poll_default_config() - the knobs of the worked example in its docs page.
 * @config: filled in.
 * Return: 0, -IRQMOD_EINVAL for NULL.
 */
IRQMOD_API int irqmod_idle_poll_default_config(struct irqmod_idle_poll_config *config);

#ifdef __cplusplus
}
#endif

#endif /* IRQMOD_IDLE_POLL_H */
