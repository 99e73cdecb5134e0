/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/**
 * DOC: deferred hard IRQs and IRQ suspension
 *
 * Linux's software IRQ coalescing (net/core/dev.c napi_complete_done(),
 * napi_watchdog()): after a poll the queue interrupt stays masked and the
 * queue is polled again @gro_flush_timeout_ns later, up to
 * @defer_hard_irqs times in a row; a poll that found work reloads the
 * count. With IRQ suspension (Linux 6.13 irq_suspend_timeout), while the
 * application's waits keep finding events the interrupt stays masked and
 * the safety-net poll comes @irq_suspend_timeout_ns later. See
 * docs/defer-irq.md.
 */
#ifndef IRQMOD_DEFER_IRQ_H
#define IRQMOD_DEFER_IRQ_H

#include "irqmod/common.h"
#include "irqmod/hybrid_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * IRQMOD_DEFER_IRQ_MAX_COUNT - largest @defer_hard_irqs and @suspend_polls
 * the state holds (u16). Linux caps napi_defer_hard_irqs at S32_MAX
 * (commit 08062af0a521 "net: napi: Prevent overflow of
 * napi_defer_hard_irqs", Sep 2024); 65535 polls at the 20 us spacing of
 * the original example (commit 6f8b12d661d0) is already 1.3 s.
 */
#define IRQMOD_DEFER_IRQ_MAX_COUNT 65535u
/** IRQMOD_DEFER_IRQ_MAX_TIMEOUT_NS - longest timeout accepted: 1 s (static.h bound). */
#define IRQMOD_DEFER_IRQ_MAX_TIMEOUT_NS 1000000000u

/**
 * struct irqmod_defer_irq_config - settings, named after the Linux knobs.
 * @defer_hard_irqs: N, empty polls before the interrupt is re-armed
 *                   (napi_defer_hard_irqs); 0 disables deferral.
 * @gro_flush_timeout_ns: T, delay of each deferred poll (gro_flush_timeout);
 *                        0 disables deferral, as in Linux.
 * @irq_suspend_timeout_ns: delay of the safety-net poll while the
 *                          application keeps finding events
 *                          (irq_suspend_timeout); 0 disables suspension.
 * @suspend_polls: irqmod's own bound: consecutive empty polls that may be
 *                 answered with suspension before it ends (Linux relies on
 *                 the application; a library must not). 1 to
 *                 IRQMOD_DEFER_IRQ_MAX_COUNT when suspension is on.
 */
struct irqmod_defer_irq_config {
	uint32_t defer_hard_irqs;
	uint32_t gro_flush_timeout_ns;
	uint32_t irq_suspend_timeout_ns;
	uint32_t suspend_polls;
};

/**
 * struct irqmod_defer_irq - state (caller-owned, 28 bytes).
 * @gro_flush_timeout_ns: configured T.
 * @irq_suspend_timeout_ns: configured suspension timeout; 0 when off.
 * @defer_hard_irqs: configured N.
 * @defer_count: deferrals left (Linux napi_struct.defer_hard_irqs_count).
 * @suspend_polls: configured bound on empty suspended polls.
 * @suspend_left: empty polls that may still be suspended.
 * @sum: counts of the polls since the last re-arm, for the inner controller.
 */
struct irqmod_defer_irq {
	uint32_t gro_flush_timeout_ns;
	uint32_t irq_suspend_timeout_ns;
	uint16_t defer_hard_irqs;
	uint16_t defer_count;
	uint16_t suspend_polls;
	uint16_t suspend_left;
	struct irqmod_poll_sum sum;
};

/**
 * irqmod_defer_irq_init() - validate @config and set up @state.
 * @state: caller-owned state.
 * @config: settings.
 *
 * Return: 0; -IRQMOD_EINVAL for a NULL pointer; -IRQMOD_ERANGE for a
 * timeout above IRQMOD_DEFER_IRQ_MAX_TIMEOUT_NS; -IRQMOD_EBUDGET for
 * @defer_hard_irqs or @suspend_polls above IRQMOD_DEFER_IRQ_MAX_COUNT, or a
 * suspension timeout with @suspend_polls 0 (suspension that could only end
 * by the application's say-so). @state is untouched on error.
 */
IRQMOD_API int irqmod_defer_irq_init(struct irqmod_defer_irq *state,
				     const struct irqmod_defer_irq_config *config);

/** irqmod_defer_irq_reset() - forget counts and cycle, keep the config. @state: state. */
IRQMOD_API void irqmod_defer_irq_reset(struct irqmod_defer_irq *state);

/**
 * irqmod_defer_irq_update() - the decision after a poll, as napi_complete_done() takes it.
 * @state: state set up by irqmod_defer_irq_init().
 * @inner: interval controller consulted when re-arming (struct irqmod_inner);
 *         NULL re-arms with 0.
 * @sample: what the poll found; IRQMOD_SAMPLE_APP_FOUND_EVENTS carries
 *          whether the application's wait since the previous call found events.
 * @decision: filled in; never fails.
 */
IRQMOD_API void irqmod_defer_irq_update(struct irqmod_defer_irq *state,
					const struct irqmod_inner *inner,
					const struct irqmod_sample *sample,
					struct irqmod_decision *decision);

/**
 * irqmod_defer_irq_config_check() - validate @config as irqmod_defer_irq_init() does.
 * @config: settings to check.
 * @error: filled with the offending field and the bound it breaks on
 *         rejection; may be NULL. Untouched on success.
 *
 * Order: a config with several faults gets the error of the first check it
 * fails: NULL; each field against its maximum, in this order:
 * gro_flush_timeout_ns, irq_suspend_timeout_ns (-IRQMOD_ERANGE),
 * defer_hard_irqs, suspend_polls (-IRQMOD_EBUDGET); last
 * irq_suspend_timeout_ns set with suspend_polls 0 (-IRQMOD_EBUDGET).
 *
 * Return: 0 or the -IRQMOD_E... code irqmod_defer_irq_init() would return.
 */
IRQMOD_API int irqmod_defer_irq_config_check(const struct irqmod_defer_irq_config *config,
					     struct irqmod_config_error *error);

/**
 * irqmod_defer_irq_default_config() - the knobs of the worked example in its docs page.
 * @config: filled in.
 * Return: 0, -IRQMOD_EINVAL for NULL.
 */
IRQMOD_API int irqmod_defer_irq_default_config(struct irqmod_defer_irq_config *config);

#ifdef __cplusplus
}
#endif

#endif /* IRQMOD_DEFER_IRQ_H */
