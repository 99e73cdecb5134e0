/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The step loop of the controllers whose vectors give, per step, the
 * interval, changed and the register value the state holds afterwards
 * (latency_class, average_size, ixgbe_legacy). The rest of the decision
 * follows from the controller: one register for RX and TX, and an
 * interval-only answer (irqmod_vector_rearm()).
 *
 * IRQMOD_REGISTER_VECTOR_STEPS(name, field) defines
 * irqmod_<name>_vector_steps(state, vector, result), which replays
 * @vector's steps on an initialised @state and compares @state->field with
 * each step's register_value.
 */
#ifndef IRQMOD_TESTS_REGISTER_RUN_H
#define IRQMOD_TESTS_REGISTER_RUN_H

#include "vectors.h"

#define IRQMOD_REGISTER_VECTOR_STEPS(name, field)                                             \
	static inline bool irqmod_##name##_vector_steps(struct irqmod_##name *state,          \
							const struct irqmod_##name##_vector *vector, \
							struct irqmod_vector_result *result)  \
	{                                                                                     \
		uint32_t i;                                                                   \
                                                                                              \
		for (i = 0; i < vector->count; i++) {                                         \
			struct irqmod_decision decision, expected;                            \
                                                                                              \
			irqmod_vector_rearm(&expected, vector->steps[i].interval_ns,          \
					    vector->steps[i].interval_ns,                     \
					    vector->steps[i].changed);                        \
			irqmod_vector_poison(&decision);                                      \
			irqmod_##name##_update(state, &vector->steps[i].sample, &decision);   \
			if (!irqmod_vector_step_check(result, i, &decision, &expected) ||     \
			    !irqmod_vector_value_check(result, i, &decision, #field,          \
						       state->field,                          \
						       vector->steps[i].register_value))      \
				return false;                                                 \
		}                                                                             \
		return true;                                                                  \
	}

#endif /* IRQMOD_TESTS_REGISTER_RUN_H */
