/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Runs every shared worked-example vector (tests/vectors/) through the same
 * runner the Linux kernel self-test uses (kernel/irqmod_selftest.c), so a
 * vector that fails here fails there and the other way round.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "vectors/sets.h"

static void print_mismatch(const char *set, const struct irqmod_vector_case *vector,
			   const struct irqmod_vector_result *result)
{
	const struct irqmod_decision *want;

	if (result->init_result != vector->init_result || result->step >= vector->step_count) {
		print_error("%s/%s: init returned %d, expected %d\n", set, vector->name,
			    result->init_result, vector->init_result);
		return;
	}
	want = &vector->steps[result->step].expected;
	print_error("%s/%s step %u: got rx %u tx %u poll %u limit %u frames %u action %u changed %d;"
		    " expected rx %u tx %u poll %u limit %u frames %u action %u changed %d\n",
		    set, vector->name, (unsigned int)result->step,
		    result->got.rx_interval_ns, result->got.tx_interval_ns,
		    result->got.poll_delay_ns, result->got.rate_limit_ns,
		    result->got.frames, result->got.action, result->got.changed,
		    want->rx_interval_ns, want->tx_interval_ns, want->poll_delay_ns,
		    want->rate_limit_ns, want->frames, want->action, want->changed);
}

static void test_vectors_every_controller_case_matches_expected_decisions(void **unused)
{
	uint32_t set_index, case_index, failures = 0, cases = 0;

	(void)unused;
	for (set_index = 0; set_index < IRQMOD_VECTOR_COUNT(irqmod_vector_sets); set_index++) {
		const struct irqmod_vector_set *set = &irqmod_vector_sets[set_index];

		for (case_index = 0; case_index < set->case_count; case_index++) {
			struct irqmod_controller controller;
			struct irqmod_vector_result result;

			cases++;
			if (!irqmod_vector_case_run(&set->cases[case_index], &controller, &result)) {
				print_mismatch(set->name, &set->cases[case_index], &result);
				failures++;
			}
		}
	}
	assert_true(cases > 0);
	assert_int_equal(failures, 0);
}

static void test_vectors_every_conversion_matches_expected_value(void **unused)
{
	uint32_t i, failures = 0;

	(void)unused;
	for (i = 0; i < IRQMOD_VECTOR_COUNT(irqmod_convert_vectors); i++) {
		const struct irqmod_convert_vector *vector = &irqmod_convert_vectors[i];
		uint32_t got = vector->convert(vector->input);

		if (got != vector->expected) {
			print_error("convert/%s: %u -> %u, expected %u\n", vector->name,
				    vector->input, got, vector->expected);
			failures++;
		}
	}
	assert_int_equal(failures, 0);
}

/* The runner must notice a wrong expectation, a wrong init result, and where. */
static void test_vectors_runner_wrong_expectations_are_reported(void **unused)
{
	static const struct irqmod_vector_step steps[] = {
		{ { .now_ns = 1 }, { .rx_interval_ns = 50000, .tx_interval_ns = 50000 } },
		/* The static controller never reports a change: this step is wrong. */
		{ { .now_ns = 2 }, { .rx_interval_ns = 50000, .tx_interval_ns = 50000,
				     .changed = true } },
	};
	const struct irqmod_vector_case wrong_step = {
		.name = "wrong_step",
		.config = { .kind = IRQMOD_KIND_STATIC, .config.static_config = { 50000, 50000 } },
		IRQMOD_VECTOR_STEPS(steps),
	};
	const struct irqmod_vector_case wrong_init = {
		.name = "wrong_init",
		.config = { .kind = IRQMOD_KIND_STATIC, .config.static_config = { 50000, 50000 } },
		.init_result = -IRQMOD_ERANGE,
	};
	struct irqmod_controller controller;
	struct irqmod_vector_result result;

	(void)unused;
	assert_false(irqmod_vector_case_run(&wrong_step, &controller, &result));
	assert_int_equal(result.init_result, 0);
	assert_int_equal(result.step, 1);
	assert_false(result.got.changed);
	assert_int_equal(result.got.rx_interval_ns, 50000);

	assert_false(irqmod_vector_case_run(&wrong_init, &controller, &result));
	assert_int_equal(result.init_result, 0);
	assert_int_equal(result.step, wrong_init.step_count);
}

/* Names become KTAP test names in the kernel: identifiers, unique per set. */
static void test_vectors_names_are_unique_identifiers(void **unused)
{
	uint32_t set_index, i, j;

	(void)unused;
	for (set_index = 0; set_index < IRQMOD_VECTOR_COUNT(irqmod_vector_sets); set_index++) {
		const struct irqmod_vector_set *set = &irqmod_vector_sets[set_index];

		for (i = 0; i < set->case_count; i++) {
			const char *name = set->cases[i].name;
			const char *c;

			assert_non_null(name);
			assert_true(name[0] != '\0');
			for (c = name; *c; c++)
				assert_true((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
					    (*c >= '0' && *c <= '9') || *c == '_');
			for (j = 0; j < i; j++)
				assert_string_not_equal(name, set->cases[j].name);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vectors_every_controller_case_matches_expected_decisions),
		cmocka_unit_test(test_vectors_every_conversion_matches_expected_value),
		cmocka_unit_test(test_vectors_runner_wrong_expectations_are_reported),
		cmocka_unit_test(test_vectors_names_are_unique_identifiers),
	};

	return cmocka_run_group_tests_name("vectors", tests, NULL, NULL);
}
