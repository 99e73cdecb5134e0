/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The runner for defer_irq_vectors.h (docs/defer-irq.md), shared by tests/test_defer_irq.c,
 * tests/test_vectors.c and the kernel self-test (through sets.h). Each case
 * runs on a fresh instance with the case's config, in front of the inner
 * controller the vectors are written for: the generic controller, kind
 * static, at IRQMOD_DEFER_IRQ_VECTOR_INNER_NS for RX and TX. Then one
 * irqmod_defer_irq_update() per step.
 *
 * A step gives the action, the poll delay and the RX interval; the rest of
 * the decision follows from the hybrid contract and the static inner
 * controller (irqmod_vector_hybrid_answer()).
 */
#ifndef IRQMOD_TESTS_DEFER_IRQ_RUN_H
#define IRQMOD_TESTS_DEFER_IRQ_RUN_H

#include "vectors.h"
#include "defer_irq_vectors.h"

/**
 * irqmod_defer_irq_vector_run() - run one deferred hard IRQ hybrid case.
 * @vector: the case.
 * @result: what failed, if anything (struct irqmod_vector_result).
 * Return: true when every step's decision is the expected one.
 */
static inline bool irqmod_defer_irq_vector_run(const struct irqmod_defer_irq_vector *vector,
					       struct irqmod_vector_result *result)
{
	struct irqmod_defer_irq state;
	struct irqmod_controller inner;
	uint32_t i;

	irqmod_vector_result_begin(result, vector->step_count);
	if (!irqmod_vector_init_check(result,
				      irqmod_vector_static_inner(&inner,
								 IRQMOD_DEFER_IRQ_VECTOR_INNER_NS),
				      0) ||
	    !irqmod_vector_init_check(result, irqmod_defer_irq_init(&state, &vector->config), 0))
		return false;
	for (i = 0; i < vector->step_count; i++) {
		struct irqmod_decision decision, expected;

		irqmod_vector_hybrid_answer(&expected, vector->steps[i].action,
					    vector->steps[i].poll_delay_ns,
					    vector->steps[i].rx_interval_ns);
		irqmod_vector_poison(&decision);
		irqmod_defer_irq_update(&state, &inner, &vector->steps[i].sample, &decision);
		if (!irqmod_vector_step_check(result, i, &decision, &expected))
			return false;
	}
	return true;
}

IRQMOD_VECTOR_CUSTOM_RUNNERS(defer_irq)

#endif /* IRQMOD_TESTS_DEFER_IRQ_RUN_H */
