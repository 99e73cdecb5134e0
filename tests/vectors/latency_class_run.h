/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The runner for latency_class_vectors.h, shared by
 * tests/test_latency_class.c, tests/test_vectors.c and the kernel self-test
 * (through sets.h). Each case runs on a fresh instance: the preset at the
 * case's link speed with the case's conservative mode, then one
 * irqmod_latency_class_update() per step.
 *
 * The case gives the interval right after init; a step gives the register
 * value the state holds after it, the interval and changed. The rest of the
 * decision follows from the controller: one register for RX and TX, and an
 * interval-only answer (irqmod_vector_rearm()).
 */
#ifndef IRQMOD_TESTS_LATENCY_CLASS_RUN_H
#define IRQMOD_TESTS_LATENCY_CLASS_RUN_H

#include "register_run.h"
#include "latency_class_vectors.h"

IRQMOD_REGISTER_VECTOR_STEPS(latency_class, register_value)

/**
 * irqmod_latency_class_vector_run() - run one latency-class case.
 * @vector: the case.
 * @result: what failed, if anything (struct irqmod_vector_result).
 * Return: true when the start interval, and every step's decision and
 * register value, are the expected ones.
 */
static inline bool
irqmod_latency_class_vector_run(const struct irqmod_latency_class_vector *vector,
				struct irqmod_vector_result *result)
{
	struct irqmod_latency_class_config config;
	struct irqmod_latency_class state;

	irqmod_vector_result_begin(result, vector->count);
	if (!irqmod_vector_init_check(result,
				      irqmod_latency_class_preset(&config, vector->preset,
								  vector->link_speed_mbps),
				      0))
		return false;
	config.conservative = vector->conservative;
	if (!irqmod_vector_init_check(result, irqmod_latency_class_init(&state, &config), 0) ||
	    !irqmod_vector_start_check(result, "interval_ns", state.interval_ns,
				       vector->start_interval_ns))
		return false;
	return irqmod_latency_class_vector_steps(&state, vector, result);
}

IRQMOD_VECTOR_CUSTOM_RUNNERS(latency_class)

#endif /* IRQMOD_TESTS_LATENCY_CLASS_RUN_H */
