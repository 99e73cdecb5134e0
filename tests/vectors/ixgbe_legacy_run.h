/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The runner for ixgbe_legacy_vectors.h, shared by
 * tests/test_ixgbe_legacy.c, tests/test_vectors.c and the kernel self-test
 * (through sets.h). Each case runs on a fresh instance: the default config
 * with the case's 12K-floor and TX-only switches, then one
 * irqmod_ixgbe_legacy_update() per step.
 *
 * The case gives the interval right after init; a step gives the itr value
 * (usecs << 2) the state holds after it, the interval and changed. The rest
 * of the decision follows from the controller: one EITR register for RX and
 * TX, and an interval-only answer (irqmod_vector_rearm()).
 */
#ifndef IRQMOD_TESTS_IXGBE_LEGACY_RUN_H
#define IRQMOD_TESTS_IXGBE_LEGACY_RUN_H

#include "register_run.h"
#include "ixgbe_legacy_vectors.h"

IRQMOD_REGISTER_VECTOR_STEPS(ixgbe_legacy, itr)

/**
 * irqmod_ixgbe_legacy_vector_run() - run one ixgbe-legacy case.
 * @vector: the case.
 * @result: what failed, if anything (struct irqmod_vector_result).
 * Return: true when the start interval, and every step's decision and itr
 * value, are the expected ones.
 */
static inline bool
irqmod_ixgbe_legacy_vector_run(const struct irqmod_ixgbe_legacy_vector *vector,
			       struct irqmod_vector_result *result)
{
	struct irqmod_ixgbe_legacy_config config;
	struct irqmod_ixgbe_legacy state;

	irqmod_vector_result_begin(result, vector->count);
	if (!irqmod_vector_init_check(result, irqmod_ixgbe_legacy_default_config(&config), 0))
		return false;
	config.floor_12k = vector->floor_12k;
	config.tx_only = vector->tx_only;
	if (!irqmod_vector_init_check(result, irqmod_ixgbe_legacy_init(&state, &config), 0) ||
	    !irqmod_vector_start_check(result, "interval_ns", state.interval_ns,
				       vector->start_interval_ns))
		return false;
	return irqmod_ixgbe_legacy_vector_steps(&state, vector, result);
}

IRQMOD_VECTOR_CUSTOM_RUNNERS(ixgbe_legacy)

#endif /* IRQMOD_TESTS_IXGBE_LEGACY_RUN_H */
