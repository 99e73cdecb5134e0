/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The runner for average_size_vectors.h, shared by tests/test_average_size.c,
 * tests/test_vectors.c and the kernel self-test (through sets.h). Each case
 * runs on a fresh instance: the preset at the case's link speed, with the
 * case's formula floor and, when it gives one, rate cap; then one
 * irqmod_average_size_update() per step.
 *
 * The case gives the interval right after init; a step gives the register
 * field after it, the interval and changed. The rest of the decision follows
 * from the controller: one register for RX and TX, and an interval-only
 * answer (irqmod_vector_rearm()).
 */
#ifndef IRQMOD_TESTS_AVERAGE_SIZE_RUN_H
#define IRQMOD_TESTS_AVERAGE_SIZE_RUN_H

#include "register_run.h"
#include "average_size_vectors.h"

IRQMOD_REGISTER_VECTOR_STEPS(average_size, register_value)

/**
 * irqmod_average_size_vector_run() - run one average-size case.
 * @vector: the case.
 * @result: what failed, if anything (struct irqmod_vector_result).
 * Return: true when the start interval, and every step's decision and
 * register value, are the expected ones.
 */
static inline bool
irqmod_average_size_vector_run(const struct irqmod_average_size_vector *vector,
			       struct irqmod_vector_result *result)
{
	struct irqmod_average_size_config config;
	struct irqmod_average_size state;

	irqmod_vector_result_begin(result, vector->count);
	if (!irqmod_vector_init_check(result,
				      irqmod_average_size_preset(&config, vector->preset,
								 vector->link_speed_mbps),
				      0))
		return false;
	config.min_value = vector->min_value;
	/* 0 keeps the preset's value (the cap applies only to rate output, FreeBSD em). */
	if (vector->max_rate_per_s != 0)
		config.max_rate_per_s = vector->max_rate_per_s;
	if (!irqmod_vector_init_check(result, irqmod_average_size_init(&state, &config), 0) ||
	    !irqmod_vector_start_check(result, "interval_ns", state.interval_ns,
				       vector->start_interval_ns))
		return false;
	return irqmod_average_size_vector_steps(&state, vector, result);
}

IRQMOD_VECTOR_CUSTOM_RUNNERS(average_size)

#endif /* IRQMOD_TESTS_AVERAGE_SIZE_RUN_H */
