/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Helpers shared by the CMocka tests (header-only, test code, not installed):
 * pseudo-random streams and the invalid-config walk of the Intel controllers.
 * Worked-example vectors are replayed by tests/vectors/<controller>_run.h
 * (vector_test_util.h). Include after <cmocka.h>.
 */
#ifndef IRQMOD_TESTS_SUPPORT_H
#define IRQMOD_TESTS_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

#include "irqmod/intel_itr.h"

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
