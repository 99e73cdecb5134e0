/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Helpers the three hybrids share: summing the polls of a cycle, handing the
 * cycle to the inner controller on re-arm, and the two answers. Internal:
 * not installed, symbols hidden.
 */
#ifndef IRQMOD_HYBRID_INTERNAL_H
#define IRQMOD_HYBRID_INTERNAL_H

#include "irqmod/defer_irq.h"
#include "irqmod/hybrid_base.h"
#include "irqmod/idle_poll.h"
#include "irqmod/recheck.h"

/* Clear the cycle sum (after a re-arm, on init and reset). */
void irqmod_poll_sum_clear(struct irqmod_poll_sum *sum);

/* Answer "keep masked, poll again after @delay_ns"; the sample joins the sum. */
void irqmod_hybrid_answer_poll(struct irqmod_poll_sum *sum,
			       const struct irqmod_sample *sample,
			       uint32_t delay_ns,
			       struct irqmod_decision *decision);

/*
 * The sample the inner controller gets for a cycle that ends with
 * @sample: fills @cycle with the sum plus @sample and returns true, or
 * returns false when @sample alone is the cycle (the sum is empty).
 */
bool irqmod_hybrid_cycle_sample(struct irqmod_poll_sum *sum,
				const struct irqmod_sample *sample,
				struct irqmod_sample *cycle);

/*
 * Answer "re-arm": the inner controller decides on the whole cycle (the
 * sum plus this sample), then the sum is cleared.
 */
void irqmod_hybrid_answer_rearm(struct irqmod_poll_sum *sum,
				struct irqmod_controller *inner,
				const struct irqmod_sample *sample,
				struct irqmod_decision *decision);

/* Config checks, shared by each init and by irqmod_hybrid_init(). */
int irqmod_idle_poll_check(const struct irqmod_idle_poll_config *config);
int irqmod_defer_irq_check(const struct irqmod_defer_irq_config *config);
int irqmod_recheck_check(const struct irqmod_recheck_config *config);

#endif /* IRQMOD_HYBRID_INTERNAL_H */
