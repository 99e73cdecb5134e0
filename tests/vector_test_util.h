/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * CMocka side of the shared vectors (tests/vectors/): the failure message and
 * a whole custom-shaped set run through its shared runner. Used by
 * test_vectors.c and by each test_<controller>.c whose worked examples are a
 * custom set, so the replay logic exists once, in tests/vectors/<controller>_run.h, for
 * CMocka and the kernel self-test alike. Include after <cmocka.h>.
 */
#ifndef IRQMOD_VECTOR_TEST_UTIL_H
#define IRQMOD_VECTOR_TEST_UTIL_H

#include <stdio.h>

#include "vectors/vectors.h"

/* "rx 50000 tx 50000 poll 0 limit 0 frames 0 action 0 changed 1" */
#define TEST_VECTOR_DECISION_FORMAT "rx %u tx %u poll %u limit %u frames %u action %u changed %d"
#define TEST_VECTOR_DECISION_ARGS(d)                                                  \
	(d).rx_interval_ns, (d).tx_interval_ns, (d).poll_delay_ns, (d).rate_limit_ns, \
	(unsigned int)(d).frames, (unsigned int)(d).action, (int)(d).changed

/* One line saying what failed in @set/@case_name (print_error: shown in TAP). */
static inline void test_vector_print_failure(const char *set, const char *case_name,
					     const struct irqmod_vector_result *result)
{
	const char *field = result->field ? result->field : "(unnamed value)";

	switch (result->failure) {
	case IRQMOD_VECTOR_FAILED_INIT:
		print_error("%s/%s: init returned %d\n", set, case_name, result->init_result);
		break;
	case IRQMOD_VECTOR_FAILED_START:
		print_error("%s/%s: after init, %s is %llu, expected %llu\n", set, case_name,
			    field, (unsigned long long)result->got_value,
			    (unsigned long long)result->expected_value);
		break;
	case IRQMOD_VECTOR_FAILED_DECISION:
		print_error("%s/%s step %u: got " TEST_VECTOR_DECISION_FORMAT
			    "; expected " TEST_VECTOR_DECISION_FORMAT "\n",
			    set, case_name, (unsigned int)result->step,
			    TEST_VECTOR_DECISION_ARGS(result->got),
			    TEST_VECTOR_DECISION_ARGS(result->expected));
		break;
	case IRQMOD_VECTOR_FAILED_VALUE:
		print_error("%s/%s step %u: %s is %llu, expected %llu (decision "
			    TEST_VECTOR_DECISION_FORMAT ")\n",
			    set, case_name, (unsigned int)result->step, field,
			    (unsigned long long)result->got_value,
			    (unsigned long long)result->expected_value,
			    TEST_VECTOR_DECISION_ARGS(result->got));
		break;
	default:
		print_error("%s/%s: failed (outcome %u)\n", set, case_name,
			    (unsigned int)result->failure);
		break;
	}
}

/*
 * Runs every case of @set through its shared runner, prints each failing
 * case, and fails the test if any failed (or the set is empty).
 */
static inline void test_vector_custom_set_passes(const struct irqmod_vector_custom_set *set)
{
	uint32_t i, failures = 0;

	for (i = 0; i < set->case_count; i++) {
		struct irqmod_vector_result result;

		if (!set->run_case(i, &result)) {
			test_vector_print_failure(set->name, set->case_name(i), &result);
			failures++;
		}
	}
	assert_true(set->case_count > 0);
	assert_int_equal(failures, 0);
}

#endif /* IRQMOD_VECTOR_TEST_UTIL_H */
