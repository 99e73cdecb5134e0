/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Helpers shared by the CMocka tests (header-only, test code, not installed):
 * a pseudo-random stream, the static inner controller and poisoned decision
 * of the hybrid tests, and the checks of the shared vector step shapes
 * (vectors/steps.h). Include after <cmocka.h>.
 */
#ifndef IRQMOD_TESTS_SUPPORT_H
#define IRQMOD_TESTS_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

#include "irqmod/controller.h"
#include "irqmod/dim.h"
#include "irqmod/hybrid.h"
#include "irqmod/intel_itr.h"
#include "irqmod/static.h"
#include "vectors/steps.h"

/* Number of entries of an array (not of a pointer). */
#define TEST_ARRAY_SIZE(array) (sizeof(array) / sizeof((array)[0]))

/*
 * A 24-bit pseudo-random value from a linear congruential stream (the
 * constants of Numerical Recipes' ranqd1); any seed gives a reproducible
 * sequence of odd inputs.
 */
static inline uint32_t test_next_random(uint32_t *seed)
{
	*seed = *seed * 1664525u + 1013904223u;
	return *seed >> 8;
}

/* Marsaglia's xorshift64 (13, 7, 17): a 64-bit stream for property tests. */
static inline uint64_t test_xorshift64(uint64_t *seed)
{
	uint64_t x = *seed;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	*seed = x;
	return x;
}

/* The generic settings of a static controller at @interval_ns, RX and TX. */
static inline struct irqmod_controller_config test_static_config(uint32_t interval_ns)
{
	struct irqmod_controller_config config = {
		.kind = IRQMOD_KIND_STATIC,
		.config.static_config = { interval_ns, interval_ns },
	};

	return config;
}

/* A generic static inner controller at @interval_ns for RX and TX. */
static inline void test_static_inner(struct irqmod_controller *inner,
				     uint32_t interval_ns)
{
	struct irqmod_controller_config config = test_static_config(interval_ns);

	assert_int_equal(irqmod_controller_init(inner, &config), 0);
}

/* A decision full of a poison pattern, so stale fields show up. */
static inline void test_poison_decision(struct irqmod_decision *decision)
{
	decision->rx_interval_ns = 0xDEADBEEF;
	decision->tx_interval_ns = 0xDEADBEEF;
	decision->poll_delay_ns = 0xDEADBEEF;
	decision->rate_limit_ns = 0xDEADBEEF;
	decision->frames = 0xBEEF;
	decision->action = 0xEE;
	decision->changed = true;
}

/*
 * Check one worked-example step that expects @rx_interval_ns,
 * @tx_interval_ns and @changed in a re-arm decision; names the vector and
 * the step on a mismatch.
 */
static inline void test_expect_rearm_step(const char *name, size_t index,
					  const struct irqmod_decision *decision,
					  uint32_t rx_interval_ns,
					  uint32_t tx_interval_ns, bool changed)
{
	if (decision->rx_interval_ns != rx_interval_ns ||
	    decision->tx_interval_ns != tx_interval_ns ||
	    decision->changed != changed)
		print_error("vector '%s' step %zu: got rx %u tx %u changed %d, want rx %u tx %u changed %d\n",
			    name, index, decision->rx_interval_ns,
			    decision->tx_interval_ns, decision->changed,
			    rx_interval_ns, tx_interval_ns, changed);
	assert_int_equal(decision->rx_interval_ns, rx_interval_ns);
	assert_int_equal(decision->tx_interval_ns, tx_interval_ns);
	assert_int_equal(decision->changed, changed);
	assert_int_equal(decision->action, IRQMOD_ACTION_REARM);
}

/*
 * Check one step of a DIM vector: the walk stands at @expected_level, the
 * decision programs that level of @profiles and is changed when the level
 * moved from @previous_level. Names the vector and the call on a mismatch.
 */
static inline void test_expect_dim_level(const char *name, size_t index,
					 uint8_t level,
					 const struct irqmod_decision *decision,
					 const struct irqmod_dim_profile *profiles,
					 uint8_t expected_level, uint8_t previous_level)
{
	if (level != expected_level)
		print_error("vector '%s' call %zu: level %u, expected %u\n",
			    name, index, level, expected_level);
	assert_int_equal(level, expected_level);
	assert_int_equal(decision->rx_interval_ns,
			 profiles[expected_level].interval_usecs * 1000u);
	assert_int_equal(decision->frames, profiles[expected_level].frames);
	assert_int_equal(decision->changed, expected_level != previous_level);
}

/*
 * Check one step of a register-keeping controller: the register value it
 * left (@register_value), both intervals and the changed flag. Names the
 * vector and the step (counted from 1) on a mismatch.
 */
static inline void test_expect_register_step(const char *name, size_t index,
					     uint32_t register_value,
					     const struct irqmod_decision *decision,
					     const struct irqmod_register_vector_step *step)
{
	if (register_value != step->register_value ||
	    decision->rx_interval_ns != step->interval_ns ||
	    decision->changed != step->changed)
		fail_msg("%s, step %zu: register %u interval %u changed %d",
			 name, index + 1, register_value,
			 decision->rx_interval_ns, decision->changed);
	assert_int_equal(decision->tx_interval_ns, decision->rx_interval_ns);
}

/*
 * Run one hybrid vector: a fresh hybrid of @config (whose inner controller
 * is set here to a static one at @inner_interval_ns) takes each step; the
 * action, delay and interval must match, and with @unchanged the changed
 * flag must stay false. The decision is poisoned before each call.
 */
static inline void test_run_hybrid_vector(struct irqmod_hybrid_config *config,
					  uint32_t inner_interval_ns,
					  const char *name,
					  const struct irqmod_hybrid_vector_step *steps,
					  size_t step_count, bool unchanged)
{
	struct irqmod_hybrid hybrid;
	size_t i;

	config->inner = test_static_config(inner_interval_ns);
	assert_int_equal(irqmod_hybrid_init(&hybrid, config), 0);
	for (i = 0; i < step_count; i++) {
		struct irqmod_decision decision;

		test_poison_decision(&decision);
		irqmod_hybrid_update(&hybrid, &steps[i].sample, &decision);
		print_message("%s: step %zu\n", name, i);
		assert_int_equal(decision.action, steps[i].action);
		assert_int_equal(decision.poll_delay_ns, steps[i].poll_delay_ns);
		assert_int_equal(decision.rx_interval_ns, steps[i].rx_interval_ns);
		if (unchanged)
			assert_false(decision.changed);
	}
}

/*
 * Inits a poisoned state of one Intel adaptive controller with @config and
 * checks that the result is @error and that the state was left untouched.
 */
typedef void (*test_intel_itr_expect_init)(const struct irqmod_intel_itr_config *config,
					   int error);

/* The largest step every Intel adaptive controller accepts (MIN_INC < 128 us). */
#define TEST_INTEL_ITR_MAX_STEP_NS 126000u

/*
 * Every kind of invalid struct irqmod_intel_itr_config, each made from the
 * valid @good by one change, against the limits of irqmod_ixgbe_init() or
 * irqmod_i40e_init(): intervals in whole @granule_ns, a ceiling of at most
 * @max_interval_ns, links up to @max_link_speed_mbps. @good must have
 * min + granule <= initial <= max - granule.
 */
static inline void test_intel_itr_bad_configs(const struct irqmod_intel_itr_config *good,
					      uint32_t granule_ns,
					      uint32_t max_interval_ns,
					      uint32_t max_link_speed_mbps,
					      test_intel_itr_expect_init expect)
{
	uint32_t half_granule_ns = granule_ns / 2;
	struct irqmod_intel_itr_config bad;

	bad = *good;
	bad.rx_ring = false;
	bad.tx_ring = false;
	expect(&bad, -IRQMOD_EINVAL);

	bad = *good;
	bad.step_ns = 0;
	expect(&bad, -IRQMOD_ESTEP);
	bad.step_ns = granule_ns + half_granule_ns; /* not whole granules */
	expect(&bad, -IRQMOD_ESTEP);
	bad.step_ns = TEST_INTEL_ITR_MAX_STEP_NS + granule_ns;
	expect(&bad, -IRQMOD_ESTEP);
	bad = *good;
	bad.tick_ns = 0;
	expect(&bad, -IRQMOD_ESTEP);

	bad = *good;
	bad.min_interval_ns = 0;
	expect(&bad, -IRQMOD_ERANGE);
	bad.min_interval_ns = good->min_interval_ns + half_granule_ns;
	expect(&bad, -IRQMOD_ERANGE);
	bad = *good;
	bad.max_interval_ns = max_interval_ns + granule_ns;
	expect(&bad, -IRQMOD_ERANGE);
	bad.max_interval_ns = good->max_interval_ns - half_granule_ns;
	expect(&bad, -IRQMOD_ERANGE);
	bad = *good;
	bad.initial_interval_ns = good->initial_interval_ns + half_granule_ns;
	expect(&bad, -IRQMOD_ERANGE);
	bad.initial_interval_ns = good->min_interval_ns - granule_ns; /* below min */
	expect(&bad, -IRQMOD_ERANGE);
	bad.initial_interval_ns = good->max_interval_ns + granule_ns; /* above max */
	expect(&bad, -IRQMOD_ERANGE);

	bad = *good;
	bad.min_interval_ns = 10 * granule_ns;
	bad.max_interval_ns = 5 * granule_ns;
	expect(&bad, -IRQMOD_EMINMAX);

	bad = *good;
	bad.link_speed_mbps = 0;
	expect(&bad, -IRQMOD_ELINK);
	bad.link_speed_mbps = max_link_speed_mbps + 1;
	expect(&bad, -IRQMOD_ELINK);
}

#endif /* IRQMOD_TESTS_SUPPORT_H */
