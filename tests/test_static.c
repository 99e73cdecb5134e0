/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "irqmod/static.h"

static void test_static_init_null_pointers_are_rejected(void **unused)
{
	struct irqmod_static state;
	struct irqmod_static_config config = { 50000, 50000 };

	(void)unused;
	assert_int_equal(irqmod_static_init(NULL, &config), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_static_init(&state, NULL), -IRQMOD_EINVAL);
}

static void test_static_init_interval_above_one_second_is_out_of_range(void **unused)
{
	struct irqmod_static state = { 7, 7 };
	struct irqmod_static_config config = { IRQMOD_STATIC_MAX_INTERVAL_NS + 1, 0 };

	(void)unused;
	assert_int_equal(irqmod_static_init(&state, &config), -IRQMOD_ERANGE);
	assert_int_equal(state.rx_interval_ns, 7); /* untouched on error */
	config.rx_interval_ns = 0;
	config.tx_interval_ns = IRQMOD_STATIC_MAX_INTERVAL_NS + 1;
	assert_int_equal(irqmod_static_init(&state, &config), -IRQMOD_ERANGE);
}

static void test_static_update_returns_configured_intervals_whatever_the_traffic(void **unused)
{
	struct irqmod_static state;
	struct irqmod_static_config config = { 84000, 126000 };
	struct irqmod_sample samples[] = {
		{ .now_ns = 0 },
		{ .now_ns = 1000, .rx_packets = 64, .rx_bytes = 64 * 1514 },
		{ .now_ns = 500, .rx_packets = UINT32_MAX, .rx_bytes = UINT64_MAX },
		{ .now_ns = UINT64_MAX, .rx_bytes = 1000 },
	};
	size_t i;

	(void)unused;
	assert_int_equal(irqmod_static_init(&state, &config), 0);
	for (i = 0; i < sizeof(samples) / sizeof(samples[0]); i++) {
		struct irqmod_decision decision;

		irqmod_static_update(&state, &samples[i], &decision);
		assert_int_equal(decision.rx_interval_ns, 84000);
		assert_int_equal(decision.tx_interval_ns, 126000);
		assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
		assert_false(decision.changed);
		assert_int_equal(decision.frames, 0);
	}
}

static void test_static_zero_interval_means_throttling_off(void **unused)
{
	struct irqmod_static state;
	struct irqmod_static_config config = { 0, 0 };
	struct irqmod_sample sample = { .now_ns = 1 };
	struct irqmod_decision decision;

	(void)unused;
	assert_int_equal(irqmod_static_init(&state, &config), 0);
	irqmod_static_update(&state, &sample, &decision);
	assert_int_equal(decision.rx_interval_ns, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_static_init_null_pointers_are_rejected),
		cmocka_unit_test(test_static_init_interval_above_one_second_is_out_of_range),
		cmocka_unit_test(test_static_update_returns_configured_intervals_whatever_the_traffic),
		cmocka_unit_test(test_static_zero_interval_means_throttling_off),
	};

	return cmocka_run_group_tests_name("static", tests, NULL, NULL);
}
