/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The runner for ixgbe_vectors.h, shared by tests/test_ixgbe.c,
 * tests/test_vectors.c and the kernel self-test (through sets.h). Each case
 * runs on a fresh instance: the preset at the case's link speed, with the
 * case's RX/TX ring flags, then one irqmod_ixgbe_update() per step.
 *
 * A step gives the interval and changed. The rest of the decision follows
 * from the controller: one EITR register per vector, so TX equals RX, and an
 * interval-only answer (irqmod_vector_rearm()).
 */
#ifndef IRQMOD_TESTS_IXGBE_RUN_H
#define IRQMOD_TESTS_IXGBE_RUN_H

#include "vectors.h"
#include "ixgbe_vectors.h"

/**
 * irqmod_ixgbe_vector_run() - run one ixgbe case.
 * @vector: the case.
 * @result: what failed, if anything (struct irqmod_vector_result).
 * Return: true when every step's decision is the expected one.
 */
static inline bool irqmod_ixgbe_vector_run(const struct irqmod_ixgbe_vector *vector,
					   struct irqmod_vector_result *result)
{
	/* The settings go in the generic config's ixgbe member, so this runner
	 * does not name ixgbe's settings type (shared with i40e or not). */
	struct irqmod_controller_config settings = { .kind = IRQMOD_KIND_IXGBE };
	enum irqmod_ixgbe_preset preset = (enum irqmod_ixgbe_preset)vector->preset;
	struct irqmod_ixgbe state;
	uint32_t i;

	irqmod_vector_result_begin(result, vector->step_count);
	if (!irqmod_vector_init_check(result,
				      irqmod_ixgbe_config_preset(&settings.config.ixgbe_config,
								 preset, vector->link_speed_mbps),
				      0))
		return false;
	settings.config.ixgbe_config.rx_ring = vector->rx_ring;
	settings.config.ixgbe_config.tx_ring = vector->tx_ring;
	if (!irqmod_vector_init_check(result,
				      irqmod_ixgbe_init(&state, &settings.config.ixgbe_config), 0))
		return false;
	for (i = 0; i < vector->step_count; i++) {
		struct irqmod_decision decision, expected;

		irqmod_vector_rearm(&expected, vector->steps[i].interval_ns,
				    vector->steps[i].interval_ns, vector->steps[i].changed);
		irqmod_vector_poison(&decision);
		irqmod_ixgbe_update(&state, &vector->steps[i].sample, &decision);
		if (!irqmod_vector_step_check(result, i, &decision, &expected))
			return false;
	}
	return true;
}

IRQMOD_VECTOR_CUSTOM_RUNNERS(ixgbe)

#endif /* IRQMOD_TESTS_IXGBE_RUN_H */
