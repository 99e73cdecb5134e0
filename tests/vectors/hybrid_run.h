/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The one runner of the three hybrid vector sets (idle_poll, defer_irq,
 * recheck), shared by their CMocka tests, tests/test_vectors.c and the
 * kernel self-test (through sets.h). IRQMOD_HYBRID_VECTOR_RUNNER(name, NAME)
 * defines irqmod_<name>_vector_run() for struct irqmod_<name>_vector. Each
 * case runs on a fresh instance with the case's config, in front of the
 * inner controller the vectors are written for: the generic controller, kind
 * static, at IRQMOD_<NAME>_VECTOR_INNER_NS for RX and TX. Then one
 * irqmod_<name>_update() per step.
 *
 * A step gives the action, the poll delay and the RX interval; the rest of
 * the decision follows from the hybrid contract and the static inner
 * controller (irqmod_vector_hybrid_answer()).
 */
#ifndef IRQMOD_TESTS_HYBRID_RUN_H
#define IRQMOD_TESTS_HYBRID_RUN_H

#include "vectors.h"

#define IRQMOD_HYBRID_VECTOR_RUNNER(name, NAME)                                               \
	static inline bool irqmod_##name##_vector_run(const struct irqmod_##name##_vector *vector, \
						      struct irqmod_vector_result *result)       \
	{                                                                                     \
		struct irqmod_##name state;                                                    \
		struct irqmod_controller inner;                                               \
		struct irqmod_inner inner_fn;                                                 \
		uint32_t i;                                                                   \
                                                                                              \
		irqmod_vector_result_begin(result, vector->step_count);                       \
		if (!irqmod_vector_init_check(result,                                         \
					      irqmod_vector_static_inner(                       \
						      &inner, IRQMOD_##NAME##_VECTOR_INNER_NS), \
					      0) ||                                             \
		    !irqmod_vector_init_check(result,                                         \
					      irqmod_##name##_init(&state, &vector->config), 0) || \
		    !irqmod_vector_init_check(result,                                         \
					      irqmod_inner_of_controller(&inner_fn, &inner), 0)) \
			return false;                                                         \
		for (i = 0; i < vector->step_count; i++) {                                    \
			struct irqmod_decision decision, expected;                            \
                                                                                              \
			irqmod_vector_hybrid_answer(&expected, vector->steps[i].action,       \
						    vector->steps[i].poll_delay_ns,           \
						    vector->steps[i].rx_interval_ns);         \
			irqmod_vector_poison(&decision);                                      \
			irqmod_##name##_update(&state, &inner_fn, &vector->steps[i].sample,      \
					       &decision);                                    \
			if (!irqmod_vector_step_check(result, i, &decision, &expected))       \
				return false;                                                 \
		}                                                                             \
		return true;                                                                  \
	}                                                                                     \
	IRQMOD_VECTOR_CUSTOM_RUNNERS(name)

#endif /* IRQMOD_TESTS_HYBRID_RUN_H */
