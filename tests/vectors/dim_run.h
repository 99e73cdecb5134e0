/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The runner for dim_vectors.h: irqmod's side of the DIM worked examples,
 * shared by tests/test_dim.c (net DIM), tests/test_dim_rdma.c (RDMA DIM)
 * and the kernel self-test's irqmod_vectors_dim suite
 * (kernel/irqmod_dim_diff.c), which also replays the net vectors through the
 * kernel's own net_dim().
 *
 * Each case runs on a fresh instance of the default table (net: Linux's RX
 * EQE table; RDMA: Linux's 9-level table) cut to the case's number of levels
 * (a user table of fewer levels: the walk depends on the number of levels,
 * not their values), starting at the case's level. A step gives the level
 * after the call. The whole decision follows from that level's profile, as
 * a driver programs it (Linux net_dim_get_rx_moderation(): usec and pkts;
 * irqmod adds the rate limit column): the interval both ways, its rate
 * limit and frame count, REARM with no poll delay, and changed exactly when
 * the level moved (the rows of the default tables all differ). The level
 * itself is checked too, and RDMA DIM must never park (Linux rdma_dim.c
 * has no parking states).
 */
#ifndef IRQMOD_TESTS_DIM_RUN_H
#define IRQMOD_TESTS_DIM_RUN_H

#include "vectors.h"
#include "dim_vectors.h"

/* The whole decision for @level of @profiles, moved from @previous_level. */
static inline void irqmod_dim_vector_expected(struct irqmod_decision *expected,
					      const struct irqmod_dim_profile *profiles,
					      uint8_t level, uint8_t previous_level)
{
	/* The usecs of the default tables (at most 256) fit in u32 ns. */
	irqmod_vector_rearm(expected, profiles[level].interval_usecs * 1000u,
			    profiles[level].interval_usecs * 1000u, level != previous_level);
	expected->rate_limit_ns = profiles[level].rate_limit_usecs * 1000u;
	expected->frames = profiles[level].frames;
}

/**
 * irqmod_dim_vector_run() - run one DIM case (net or RDMA) through irqmod.
 * @vector: the case.
 * @result: what failed, if anything (struct irqmod_vector_result).
 * Return: true when every step leaves the expected level with that level's
 * whole decision.
 */
static inline bool irqmod_dim_vector_run(const struct irqmod_dim_vector *vector,
					 struct irqmod_vector_result *result)
{
	struct irqmod_dim_config net_config;
	struct irqmod_dim_rdma_config rdma_config;
	struct irqmod_dim net;
	struct irqmod_dim_rdma rdma;
	const struct irqmod_dim_profile *profiles;
	uint8_t previous_level = (uint8_t)vector->start_level;
	uint32_t i;
	int error;

	irqmod_vector_result_begin(result, vector->count);
	if (vector->rdma) {
		error = irqmod_dim_rdma_default_config(&rdma_config);
		if (error == 0 && vector->levels > rdma_config.levels)
			error = -IRQMOD_ETABLE;
		rdma_config.levels = vector->levels;
		rdma_config.start_level = vector->start_level;
		if (error == 0)
			error = irqmod_dim_rdma_init(&rdma, &rdma_config);
		profiles = rdma_config.profiles;
	} else {
		error = irqmod_dim_default_config(&net_config, IRQMOD_DIM_TABLE_RX_EQE);
		if (error == 0 && vector->levels > net_config.levels)
			error = -IRQMOD_ETABLE;
		net_config.levels = vector->levels;
		net_config.start_level = vector->start_level;
		if (error == 0)
			error = irqmod_dim_init(&net, &net_config);
		profiles = net_config.profiles;
	}
	if (!irqmod_vector_init_check(result, error, 0))
		return false;
	for (i = 0; i < vector->count; i++) {
		const struct irqmod_dim_vector_step *step = &vector->steps[i];
		struct irqmod_sample sample = { .now_ns = step->now_ns };
		struct irqmod_decision decision, expected;
		uint8_t level;
		bool parked = false;

		sample.events = step->events;
		irqmod_vector_poison(&decision);
		if (vector->rdma) {
			sample.completions = step->completions;
			irqmod_dim_rdma_update(&rdma, &sample, &decision);
			level = rdma.walk.level;
			parked = rdma.walk.tune_state != IRQMOD_DIM_GOING_RIGHT &&
				 rdma.walk.tune_state != IRQMOD_DIM_GOING_LEFT;
		} else {
			sample.rx_packets = step->packets;
			sample.rx_bytes = step->bytes;
			irqmod_dim_update(&net, &sample, &decision);
			level = net.walk.level;
		}
		/* A level outside the table would be a typo in the vector. */
		if (!irqmod_vector_value_check(result, i, &decision, "level", level, step->level) ||
		    !irqmod_vector_value_check(result, i, &decision, "expected level >= levels",
					       step->level >= vector->levels, false))
			return false;
		irqmod_dim_vector_expected(&expected, profiles, step->level, previous_level);
		if (!irqmod_vector_step_check(result, i, &decision, &expected) ||
		    !irqmod_vector_value_check(result, i, &decision, "rdma parked", parked, false))
			return false;
		previous_level = step->level;
	}
	return true;
}

#endif /* IRQMOD_TESTS_DIM_RUN_H */
