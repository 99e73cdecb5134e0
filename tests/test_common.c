/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "irqmod/common.h"

static const struct irqmod_config_error ixgbe_max_below_start = {
	.kind = "ixgbe",
	.field = "max_interval_ns",
	.problem = "is below",
	.limit_name = "start_interval_ns",
	.value = 10000,
	.limit = 50000,
	.code = -IRQMOD_EMINMAX,
};

static void test_config_error_format_names_kind_field_value_and_limit(void **unused)
{
	char line[128];
	size_t length;

	(void)unused;
	length = irqmod_config_error_format(&ixgbe_max_below_start, line, sizeof(line));
	assert_string_equal(line, "ixgbe: max_interval_ns 10000 is below start_interval_ns 50000");
	assert_int_equal(length, strlen(line));
}

static void test_config_error_format_without_limit_name_prints_the_bound_alone(void **unused)
{
	struct irqmod_config_error error = ixgbe_max_below_start;
	char line[128];

	(void)unused;
	error.limit_name = NULL;
	error.problem = "is above";
	error.value = UINT64_MAX;
	irqmod_config_error_format(&error, line, sizeof(line));
	assert_string_equal(line, "ixgbe: max_interval_ns 18446744073709551615 is above 50000");
}

static void test_config_error_format_leaves_out_what_the_rule_omits(void **unused)
{
	struct irqmod_config_error error = ixgbe_max_below_start;
	char line[128];

	(void)unused;
	error.omit = IRQMOD_CONFIG_ERROR_OMIT_LIMIT;
	error.problem = "is not supported";
	irqmod_config_error_format(&error, line, sizeof(line));
	assert_string_equal(line, "ixgbe: max_interval_ns 10000 is not supported");
	error.omit = IRQMOD_CONFIG_ERROR_OMIT_VALUE | IRQMOD_CONFIG_ERROR_OMIT_LIMIT;
	error.field = "config";
	error.problem = "is a NULL pointer";
	assert_int_equal(irqmod_config_error_format(&error, line, sizeof(line)),
			 strlen("ixgbe: config is a NULL pointer"));
	assert_string_equal(line, "ixgbe: config is a NULL pointer");
	error.omit = IRQMOD_CONFIG_ERROR_OMIT_VALUE;
	error.problem = "must equal";
	assert_string_equal((irqmod_config_error_format(&error, line, sizeof(line)), line),
			    "ixgbe: config must equal start_interval_ns 50000");
}

static void test_config_error_format_truncates_and_returns_the_whole_length(void **unused)
{
	char line[11];
	size_t length;

	(void)unused;
	memset(line, 'x', sizeof(line));
	length = irqmod_config_error_format(&ixgbe_max_below_start, line, sizeof(line));
	assert_string_equal(line, "ixgbe: max");
	assert_int_equal(length, strlen("ixgbe: max_interval_ns 10000 is below start_interval_ns 50000"));
	assert_int_equal(irqmod_config_error_format(&ixgbe_max_below_start, NULL, 0), length);
}

static void test_config_error_format_of_no_error_and_missing_strings(void **unused)
{
	struct irqmod_config_error error = ixgbe_max_below_start;
	char line[128];

	(void)unused;
	assert_int_equal(irqmod_config_error_format(NULL, line, sizeof(line)), strlen("no error"));
	assert_string_equal(line, "no error");
	error.kind = NULL;
	error.problem = NULL;
	irqmod_config_error_format(&error, line, sizeof(line));
	assert_string_equal(line, "?: max_interval_ns 10000 ? start_interval_ns 50000");
}

static void test_strerror_takes_both_signs_and_names_unknown_codes(void **unused)
{
	(void)unused;
	assert_string_equal(irqmod_strerror(-IRQMOD_ELINK), irqmod_strerror(IRQMOD_ELINK));
	assert_string_equal(irqmod_strerror(IRQMOD_ERROR_COUNT), "unknown irqmod error");
	assert_string_equal(irqmod_strerror(INT32_MIN), "unknown irqmod error");
	assert_int_equal(irqmod_version(), (IRQMOD_VERSION_MAJOR << 16) |
					   (IRQMOD_VERSION_MINOR << 8) | IRQMOD_VERSION_PATCH);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_config_error_format_names_kind_field_value_and_limit),
		cmocka_unit_test(test_config_error_format_without_limit_name_prints_the_bound_alone),
		cmocka_unit_test(test_config_error_format_leaves_out_what_the_rule_omits),
		cmocka_unit_test(test_config_error_format_truncates_and_returns_the_whole_length),
		cmocka_unit_test(test_config_error_format_of_no_error_and_missing_strings),
		cmocka_unit_test(test_strerror_takes_both_signs_and_names_unknown_codes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
