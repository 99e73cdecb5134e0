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
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "vectors/dim_run.h"
#include "vectors/convert_vectors.h"
#include "vectors/sets.h"
#include "vector_test_util.h"

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
				test_vector_print_failure(set->name, set->cases[case_index].name,
							  &result);
				failures++;
			}
		}
	}
	assert_true(cases > 0);
	assert_int_equal(failures, 0);
}

static void test_vectors_every_custom_set_case_passes(void **unused)
{
	const struct irqmod_vector_custom_set *set;
	uint32_t i, failures = 0, cases = 0;

	(void)unused;
	for (set = irqmod_vector_custom_sets; set->name; set++) {
		for (i = 0; i < set->case_count; i++) {
			struct irqmod_vector_result result;

			cases++;
			if (!set->run_case(i, &result)) {
				test_vector_print_failure(set->name, set->case_name(i), &result);
				failures++;
			}
		}
	}
	assert_true(cases > 0);
	assert_int_equal(failures, 0);
}

/*
 * A custom-shaped set as another controller's header would define it: steps
 * that expect only the RX interval, and a runner of its own. Used to check
 * the IRQMOD_VECTOR_CUSTOM_RUNNERS() thunks; not listed in sets.h.
 */
struct irqmod_selfcheck_vector_step {
	struct irqmod_sample sample;
	uint32_t rx_interval_ns;
};

struct irqmod_selfcheck_vector {
	const char *name;
	uint32_t interval_ns;
	const struct irqmod_selfcheck_vector_step *steps;
	uint32_t count;
};

static const struct irqmod_selfcheck_vector_step irqmod_selfcheck_right[] = {
	{ { .now_ns = 1 }, 84000 },
	{ { .now_ns = 2, .rx_packets = 1, .rx_bytes = 60 }, 84000 },
};

/* The static controller keeps 84000: the second step's 84001 is wrong. */
static const struct irqmod_selfcheck_vector_step irqmod_selfcheck_wrong[] = {
	{ { .now_ns = 1 }, 84000 },
	{ { .now_ns = 2 }, 84001 },
};

static const struct irqmod_selfcheck_vector irqmod_selfcheck_vectors[] = {
	{ "right", 84000, irqmod_selfcheck_right, IRQMOD_VECTOR_COUNT(irqmod_selfcheck_right) },
	{ "wrong", 84000, irqmod_selfcheck_wrong, IRQMOD_VECTOR_COUNT(irqmod_selfcheck_wrong) },
};

/* The runner: a static controller answers its interval both ways, never "changed". */
static bool irqmod_selfcheck_vector_run(const struct irqmod_selfcheck_vector *vector,
					struct irqmod_vector_result *result)
{
	const struct irqmod_static_config config = { vector->interval_ns, vector->interval_ns };
	struct irqmod_static state;
	uint32_t i;

	irqmod_vector_result_begin(result, vector->count);
	if (!irqmod_vector_init_check(result, irqmod_static_init(&state, &config), 0))
		return false;
	for (i = 0; i < vector->count; i++) {
		struct irqmod_decision decision, expected;

		irqmod_vector_rearm(&expected, vector->steps[i].rx_interval_ns,
				    vector->steps[i].rx_interval_ns, false);
		irqmod_vector_poison(&decision);
		irqmod_static_update(&state, &vector->steps[i].sample, &decision);
		if (!irqmod_vector_step_check(result, i, &decision, &expected))
			return false;
	}
	return true;
}

IRQMOD_VECTOR_CUSTOM_RUNNERS(selfcheck)

static void test_vectors_custom_set_thunks_run_and_report_the_right_case(void **unused)
{
	const struct irqmod_vector_custom_set set = IRQMOD_VECTOR_CUSTOM_SET(selfcheck);
	struct irqmod_vector_result result;

	(void)unused;
	assert_string_equal(set.name, "selfcheck");
	assert_int_equal(set.case_count, 2);
	assert_string_equal(set.case_name(1), "wrong");
	assert_true(set.run_case(0, &result));
	assert_int_equal(result.failure, IRQMOD_VECTOR_PASSED);
	assert_int_equal(result.step, 2);
	assert_false(set.run_case(1, &result));
	assert_int_equal(result.failure, IRQMOD_VECTOR_FAILED_DECISION);
	assert_int_equal(result.step, 1);
	assert_int_equal(result.got.rx_interval_ns, 84000);
	assert_int_equal(result.expected.rx_interval_ns, 84001);
}

/*
 * A heap copy of the @count steps (@step_size bytes each) at @steps, with the
 * field at byte @offset of step @index made wrong: a 4-byte field gets 1000
 * more, a 1-byte field (a flag or a level) its low bit flipped. The copy is
 * made without naming the step struct, so these checks do not depend on how
 * a vector header calls it; on the heap, the copy has the type of the steps
 * (memcpy gives allocated memory the effective type of its source).
 */
static void *copy_steps_with_one_wrong_field(const void *steps, size_t step_size, size_t count,
					     size_t index, size_t offset, size_t width)
{
	unsigned char *copy = malloc(step_size * count);
	unsigned char *field;

	assert_non_null(copy);
	assert_true(index < count && offset + width <= step_size);
	memcpy(copy, steps, step_size * count);
	field = copy + index * step_size + offset;
	if (width == sizeof(uint32_t)) {
		uint32_t value;

		memcpy(&value, field, sizeof(value));
		value += 1000;
		memcpy(field, &value, sizeof(value));
	} else {
		assert_int_equal(width, 1);
		*field ^= 1;
	}
	return copy;
}

/*
 * A copy of the first case of a pointer-step shape (ixgbe, i40e, ...) with
 * @field of step @index wrong must fail at that step with @failure_kind.
 */
#define EXPECT_WRONG_STEP_CAUGHT(shape, count, index, field, failure_kind)                  \
	do {                                                                              \
		struct irqmod_##shape##_vector vector = irqmod_##shape##_vectors[0];       \
		struct irqmod_vector_result result;                                       \
		uint32_t wrong = (index);                                                 \
		void *steps;                                                              \
                                                                                          \
		assert_true(wrong < vector.count);                                        \
		steps = copy_steps_with_one_wrong_field(                                  \
			vector.steps, sizeof(vector.steps[0]), vector.count, wrong,       \
			(size_t)((const char *)&vector.steps[0].field -                   \
				 (const char *)&vector.steps[0]),                         \
			sizeof(vector.steps[0].field));                                   \
		vector.steps = steps;                                                     \
		assert_false(irqmod_##shape##_vector_run(&vector, &result));              \
		assert_int_equal(result.failure, failure_kind);                           \
		assert_int_equal(result.step, wrong);                                     \
		free(steps);                                                              \
	} while (0)

/* The same at the last step of that first case. */
#define EXPECT_WRONG_LAST_STEP_CAUGHT(shape, count, field, failure_kind)                 \
	EXPECT_WRONG_STEP_CAUGHT(shape, count, (uint32_t)irqmod_##shape##_vectors[0].count - 1, \
				 field, failure_kind)

/* The same for the hybrids, whose cases hold their steps. */
#define EXPECT_WRONG_LAST_HYBRID_STEP_CAUGHT(shape)                                      \
	do {                                                                              \
		struct irqmod_##shape##_vector vector = irqmod_##shape##_vectors[0];       \
		struct irqmod_vector_result result;                                       \
		uint32_t last = vector.step_count - 1;                                    \
                                                                                          \
		vector.steps[last].poll_delay_ns += 1000;                                 \
		assert_false(irqmod_##shape##_vector_run(&vector, &result));              \
		assert_int_equal(result.failure, IRQMOD_VECTOR_FAILED_DECISION);          \
		assert_int_equal(result.step, last);                                      \
		assert_int_equal(result.expected.poll_delay_ns,                           \
				 irqmod_##shape##_vectors[0].steps[last].poll_delay_ns + 1000);  \
	} while (0)

/* A wrong start interval must fail before the first step. */
#define EXPECT_WRONG_START_CAUGHT(shape)                                                  \
	do {                                                                              \
		struct irqmod_##shape##_vector vector = irqmod_##shape##_vectors[0];       \
		struct irqmod_vector_result result;                                       \
                                                                                          \
		vector.start_interval_ns += 1000;                                         \
		assert_false(irqmod_##shape##_vector_run(&vector, &result));              \
		assert_int_equal(result.failure, IRQMOD_VECTOR_FAILED_START);             \
		assert_string_equal(result.field, "interval_ns");                         \
		assert_int_equal(result.expected_value, vector.start_interval_ns);        \
	} while (0)

/*
 * Each shared runner can fail: a copy of a real case with one wrong
 * expectation is caught at the right place, whichever part of the shape
 * (interval, changed flag, register, start interval, init) is wrong.
 */
static void test_vectors_custom_runners_catch_a_wrong_expectation(void **unused)
{
	struct irqmod_vector_result result;

	(void)unused;
	EXPECT_WRONG_LAST_STEP_CAUGHT(ixgbe, step_count, interval_ns,
				      IRQMOD_VECTOR_FAILED_DECISION);
	EXPECT_WRONG_LAST_STEP_CAUGHT(i40e, step_count, tx_interval_ns,
				      IRQMOD_VECTOR_FAILED_DECISION);
	EXPECT_WRONG_LAST_STEP_CAUGHT(latency_class, count, interval_ns,
				      IRQMOD_VECTOR_FAILED_DECISION);
	EXPECT_WRONG_LAST_STEP_CAUGHT(latency_class, count, register_value,
				      IRQMOD_VECTOR_FAILED_VALUE);
	EXPECT_WRONG_LAST_STEP_CAUGHT(average_size, count, interval_ns,
				      IRQMOD_VECTOR_FAILED_DECISION);
	EXPECT_WRONG_LAST_STEP_CAUGHT(average_size, count, register_value,
				      IRQMOD_VECTOR_FAILED_VALUE);
	EXPECT_WRONG_LAST_STEP_CAUGHT(ixgbe_legacy, count, interval_ns,
				      IRQMOD_VECTOR_FAILED_DECISION);
	EXPECT_WRONG_LAST_STEP_CAUGHT(ixgbe_legacy, count, register_value, IRQMOD_VECTOR_FAILED_VALUE);
	EXPECT_WRONG_LAST_HYBRID_STEP_CAUGHT(idle_poll);
	EXPECT_WRONG_LAST_HYBRID_STEP_CAUGHT(defer_irq);
	EXPECT_WRONG_LAST_HYBRID_STEP_CAUGHT(recheck);
	/* DIM (tests/vectors/dim_run.h, not a set in sets.h): a wrong level. */
	assert_false(irqmod_dim_vectors[0].rdma);
	EXPECT_WRONG_LAST_STEP_CAUGHT(dim, count, level, IRQMOD_VECTOR_FAILED_VALUE);
	assert_true(irqmod_dim_vector_run(&irqmod_dim_vectors[0], &result));
	assert_int_equal(result.failure, IRQMOD_VECTOR_PASSED);
	EXPECT_WRONG_START_CAUGHT(latency_class);
	EXPECT_WRONG_START_CAUGHT(average_size);
	EXPECT_WRONG_START_CAUGHT(ixgbe_legacy);

	/* A flipped changed flag on step 0 of ixgbe's first case. */
	EXPECT_WRONG_STEP_CAUGHT(ixgbe, step_count, 0, changed, IRQMOD_VECTOR_FAILED_DECISION);
	/* Init errors: a link speed of 0, an idle budget that never ends. */
	{
		struct irqmod_ixgbe_vector vector = irqmod_ixgbe_vectors[0];

		vector.link_speed_mbps = 0;
		assert_false(irqmod_ixgbe_vector_run(&vector, &result));
		assert_int_equal(result.failure, IRQMOD_VECTOR_FAILED_INIT);
		assert_int_equal(result.init_result, -IRQMOD_ELINK);
	}
	{
		struct irqmod_idle_poll_vector vector = irqmod_idle_poll_vectors[0];

		vector.config.idle_time_ns = 0;
		vector.config.idle_polls = 0;
		assert_false(irqmod_idle_poll_vector_run(&vector, &result));
		assert_int_equal(result.failure, IRQMOD_VECTOR_FAILED_INIT);
		assert_int_equal(result.init_result, -IRQMOD_EBUDGET);
	}
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
	assert_int_equal(result.failure, IRQMOD_VECTOR_FAILED_DECISION);
	assert_true(result.expected.changed);
	assert_int_equal(result.init_result, 0);
	assert_int_equal(result.step, 1);
	assert_false(result.got.changed);
	assert_int_equal(result.got.rx_interval_ns, 50000);

	assert_false(irqmod_vector_case_run(&wrong_init, &controller, &result));
	assert_int_equal(result.failure, IRQMOD_VECTOR_FAILED_INIT);
	assert_int_equal(result.init_result, 0);
	assert_int_equal(result.step, wrong_init.step_count);
}

/*
 * Names become KTAP test names in the kernel: printable, no '#' (it starts a
 * KTAP directive), unique within their set.
 */
static void test_vectors_names_are_unique_and_ktap_safe(void **unused)
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
				assert_true(*c >= ' ' && *c <= '~' && *c != '#');
			for (j = 0; j < i; j++)
				assert_string_not_equal(name, set->cases[j].name);
		}
	}
}

static void test_vectors_custom_set_names_are_unique_and_ktap_safe(void **unused)
{
	const struct irqmod_vector_custom_set *set;
	uint32_t i, j;

	(void)unused;
	for (set = irqmod_vector_custom_sets; set->name; set++) {
		for (i = 0; i < set->case_count; i++) {
			const char *c;

			assert_true(set->case_name(i)[0] != '\0');
			for (c = set->case_name(i); *c; c++)
				assert_true(*c >= ' ' && *c <= '~' && *c != '#');
			for (j = 0; j < i; j++)
				assert_string_not_equal(set->case_name(i), set->case_name(j));
		}
	}
}

/*
 * Kinds whose worked examples are not a set of sets.h: dim and dim-rdma run
 * through dim_run.h (irqmod_dim_vectors, net and RDMA cases), and ice is
 * the dim controller on ice's table (its walk is dim's).
 */
static const char *const vectors_outside_sets[] = { "dim", "ice", "dim-rdma" };

/* @name ("latency-target") names set @set ("latency_target"). */
static bool vector_set_is(const char *set, const char *name)
{
	for (; *set && *name; set++, name++)
		if (*set != (*name == '-' ? '_' : *name))
			return false;
	return *set == *name;
}

/* Every kind of the kind table has worked-example vectors (a new kind adds its set). */
static void test_vectors_every_kind_has_a_set(void **unused)
{
	const struct irqmod_vector_custom_set *custom;
	uint32_t kind;
	size_t i;

	(void)unused;
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++) {
		const char *name = irqmod_kind_name(kind);
		bool found = false;

		for (i = 0; i < IRQMOD_VECTOR_COUNT(irqmod_vector_sets); i++)
			found = found || vector_set_is(irqmod_vector_sets[i].name, name);
		for (custom = irqmod_vector_custom_sets; custom->name; custom++)
			found = found || vector_set_is(custom->name, name);
		for (i = 0; i < IRQMOD_VECTOR_COUNT(vectors_outside_sets); i++)
			found = found || strcmp(vectors_outside_sets[i], name) == 0;
		if (!found)
			fail_msg("kind %s has no vector set: no file of tests/vectors/ that "
				 "scripts/vector-sets lists (<module>_vectors.h, <module>_run.h)",
				 name);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vectors_every_controller_case_matches_expected_decisions),
		cmocka_unit_test(test_vectors_every_custom_set_case_passes),
		cmocka_unit_test(test_vectors_custom_set_thunks_run_and_report_the_right_case),
		cmocka_unit_test(test_vectors_custom_runners_catch_a_wrong_expectation),
		cmocka_unit_test(test_vectors_every_conversion_matches_expected_value),
		cmocka_unit_test(test_vectors_runner_wrong_expectations_are_reported),
		cmocka_unit_test(test_vectors_names_are_unique_and_ktap_safe),
		cmocka_unit_test(test_vectors_custom_set_names_are_unique_and_ktap_safe),
		cmocka_unit_test(test_vectors_every_kind_has_a_set),
	};

	return cmocka_run_group_tests_name("vectors", tests, NULL, NULL);
}
