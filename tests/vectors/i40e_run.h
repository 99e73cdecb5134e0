/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The runner for i40e_vectors.h, shared by tests/test_i40e.c,
 * tests/test_vectors.c and the kernel self-test (through sets.h). Each case
 * runs on a fresh instance with the Linux settings at the case's link speed
 * (irqmod_i40e_config_linux()), then one irqmod_i40e_update() per step.
 *
 * A step gives the RX and TX intervals and changed; i40e has a register per
 * direction, and the rest of the decision is an interval-only answer
 * (irqmod_vector_rearm()).
 */
#ifndef IRQMOD_TESTS_I40E_RUN_H
#define IRQMOD_TESTS_I40E_RUN_H

#include "vectors.h"
#include "i40e_vectors.h"

/**
 * irqmod_i40e_vector_run() - run one i40e case.
 * @vector: the case.
 * @result: what failed, if anything (struct irqmod_vector_result).
 * Return: true when every step's decision is the expected one.
 */
static inline bool irqmod_i40e_vector_run(const struct irqmod_i40e_vector *vector,
					  struct irqmod_vector_result *result)
{
	/* The settings go in the generic config's i40e member, so this runner
	 * does not name i40e's settings type (shared with ixgbe or not). */
	struct irqmod_controller_config settings = { .kind = IRQMOD_KIND_I40E };
	struct irqmod_i40e state;
	uint32_t i;

	irqmod_vector_result_begin(result, vector->step_count);
	if (!irqmod_vector_init_check(result,
				      irqmod_i40e_config_linux(&settings.config.i40e_config,
							       vector->link_speed_mbps),
				      0) ||
	    !irqmod_vector_init_check(result,
				      irqmod_i40e_init(&state, &settings.config.i40e_config), 0))
		return false;
	for (i = 0; i < vector->step_count; i++) {
		struct irqmod_decision decision, expected;

		irqmod_vector_rearm(&expected, vector->steps[i].rx_interval_ns,
				    vector->steps[i].tx_interval_ns, vector->steps[i].changed);
		irqmod_vector_poison(&decision);
		irqmod_i40e_update(&state, &vector->steps[i].sample, &decision);
		if (!irqmod_vector_step_check(result, i, &decision, &expected))
			return false;
	}
	return true;
}

IRQMOD_VECTOR_CUSTOM_RUNNERS(i40e)

#endif /* IRQMOD_TESTS_I40E_RUN_H */
