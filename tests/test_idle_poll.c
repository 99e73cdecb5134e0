/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "irqmod/idle_poll.h"
#include "vector_test_util.h"
#include "vectors/idle_poll_run.h"
#include "support.h"

_Static_assert(sizeof(struct irqmod_idle_poll) <= 32,
	       "idle poll adds at most 32 bytes to its inner controller");

static void test_idle_poll_init_null_pointers_are_rejected(void **unused)
{
	struct irqmod_idle_poll state;
	struct irqmod_idle_poll_config config = { 10000, 50000, 0 };

	(void)unused;
	assert_int_equal(irqmod_idle_poll_init(NULL, &config), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_idle_poll_init(&state, NULL), -IRQMOD_EINVAL);
}

static void expect_init_error(struct irqmod_idle_poll_config config, int error)
{
	struct irqmod_idle_poll state, before;

	memset(&state, 0xA5, sizeof(state));
	memcpy(&before, &state, sizeof(state));
	assert_int_equal(irqmod_idle_poll_init(&state, &config), error);
	assert_memory_equal(&state, &before, sizeof(state)); /* untouched */
}

static void test_idle_poll_init_bad_budgets_are_rejected(void **unused)
{
	(void)unused;
	/* No time and no count: idling could never end. */
	expect_init_error((struct irqmod_idle_poll_config){ 10000, 0, 0 },
			  -IRQMOD_EBUDGET);
	/* Time only with zero spacing: a stuck clock would poll forever. */
	expect_init_error((struct irqmod_idle_poll_config){ 0, 50000, 0 },
			  -IRQMOD_EBUDGET);
	/* More empty polls than the u16 counter holds. */
	expect_init_error((struct irqmod_idle_poll_config){ 1000, 0, 65536 },
			  -IRQMOD_EBUDGET);
	/* Derived count ceil(1 s / 10 ns) = 10^8 > 65535. */
	expect_init_error((struct irqmod_idle_poll_config){ 10, 1000000000, 0 },
			  -IRQMOD_EBUDGET);
	/* Just over: 15259 * 65535 = 999998565 < 1 s, so 65536 polls. */
	expect_init_error((struct irqmod_idle_poll_config){ 15259, 1000000000, 0 },
			  -IRQMOD_EBUDGET);
}

static void test_idle_poll_init_times_above_one_second_are_out_of_range(void **unused)
{
	(void)unused;
	expect_init_error((struct irqmod_idle_poll_config){ 1000000001, 0, 5 },
			  -IRQMOD_ERANGE);
	expect_init_error((struct irqmod_idle_poll_config){ 1000, 1000000001, 5 },
			  -IRQMOD_ERANGE);
}

static void test_idle_poll_init_limits_are_accepted(void **unused)
{
	struct irqmod_idle_poll state;

	(void)unused;
	/* 65535 empty polls fit exactly. */
	assert_int_equal(irqmod_idle_poll_init(&state,
		&(struct irqmod_idle_poll_config){ 0, 0, 65535 }), 0);
	assert_int_equal(state.idle_polls, 65535);
	/* ceil(1 s / 15260 ns) = 65531: 15260 * 65530 = 999987800 < 1e9
	 * <= 15260 * 65531 = 1000003060. */
	assert_int_equal(irqmod_idle_poll_init(&state,
		&(struct irqmod_idle_poll_config){ 15260, 1000000000, 0 }), 0);
	assert_int_equal(state.idle_polls, 65531);
	/* ceil(50000 / 15000) = 4 (3 * 15000 = 45000 < 50000). */
	assert_int_equal(irqmod_idle_poll_init(&state,
		&(struct irqmod_idle_poll_config){ 15000, 50000, 0 }), 0);
	assert_int_equal(state.idle_polls, 4);
}

static void test_idle_poll_vectors_give_expected_actions_and_delays(void **unused)
{
	/* tests/vectors/idle_poll_run.h: the runner the kernel self-test uses too. */
	static const struct irqmod_vector_custom_set set = IRQMOD_VECTOR_CUSTOM_SET(idle_poll);

	(void)unused;
	test_vector_custom_set_passes(&set);
}

static void test_idle_poll_polled_counts_are_summed_and_cleared_on_rearm(void **unused)
{
	struct irqmod_idle_poll state;
	struct irqmod_idle_poll_config config = { 1000, 0, 2 };
	struct irqmod_sample work = { .now_ns = 0, .rx_packets = 3,
				      .rx_bytes = 3000, .tx_packets = 1,
				      .tx_bytes = 66 };
	struct irqmod_sample empty = { .now_ns = 1000 };
	struct irqmod_decision decision;

	(void)unused;
	assert_int_equal(irqmod_idle_poll_init(&state, &config), 0);
	irqmod_idle_poll_update(&state, NULL, &work, &decision);
	work.now_ns = 500;
	irqmod_idle_poll_update(&state, NULL, &work, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
	assert_int_equal(state.sum.rx_packets, 6);
	assert_int_equal(state.sum.rx_bytes, 6000);
	assert_int_equal(state.sum.tx_packets, 2);
	assert_int_equal(state.sum.tx_bytes, 132);
	irqmod_idle_poll_update(&state, NULL, &empty, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
	irqmod_idle_poll_update(&state, NULL, &empty, &decision);
	/* NULL inner: re-arm with throttling off. */
	assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
	assert_int_equal(decision.rx_interval_ns, 0);
	assert_int_equal(state.sum.rx_packets, 0);
	assert_int_equal(state.sum.rx_bytes, 0);
	assert_int_equal(state.polls_left, 0);
}

static void test_idle_poll_reset_forgets_the_cycle_and_keeps_the_config(void **unused)
{
	struct irqmod_idle_poll state;
	struct irqmod_idle_poll_config config = { 0, 0, 2 };
	struct irqmod_sample work = { .now_ns = 5, .rx_packets = 1 };
	struct irqmod_sample empty = { .now_ns = 6 };
	struct irqmod_decision decision;

	(void)unused;
	assert_int_equal(irqmod_idle_poll_init(&state, &config), 0);
	irqmod_idle_poll_update(&state, NULL, &work, &decision);
	irqmod_idle_poll_reset(&state);
	assert_int_equal(state.polls_left, 0);
	assert_int_equal(state.sum.rx_packets, 0);
	assert_int_equal(state.idle_polls, 2);
	/* After reset an empty poll is the first of a new budget of 2. */
	irqmod_idle_poll_update(&state, NULL, &empty, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
	irqmod_idle_poll_update(&state, NULL, &empty, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
}

static void test_idle_poll_extreme_inputs_stay_defined(void **unused)
{
	struct irqmod_idle_poll state;
	struct irqmod_idle_poll_config config = { 10000, 50000, 0 };
	struct irqmod_sample huge = { .now_ns = UINT64_MAX,
				      .rx_packets = UINT32_MAX,
				      .rx_bytes = UINT64_MAX,
				      .tx_bytes = UINT64_MAX };
	struct irqmod_sample bytes_only = { .now_ns = 0, .rx_bytes = 100 };
	struct irqmod_sample empty = { .now_ns = 0 };
	struct irqmod_decision decision;

	(void)unused;
	assert_int_equal(irqmod_idle_poll_init(&state, &config), 0);
	irqmod_idle_poll_update(&state, NULL, &huge, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
	/* Too large for the sum: left out rather than wrapped. */
	assert_int_equal(state.sum.rx_packets, 0);
	/* Clock wraps from UINT64_MAX to 0: no idle time counted. */
	irqmod_idle_poll_update(&state, NULL, &empty, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
	assert_int_equal(state.polls_left, 4);
	/* Bytes without packets are work: the budget restarts. */
	irqmod_idle_poll_update(&state, NULL, &bytes_only, &decision);
	assert_int_equal(state.polls_left, 5);
	assert_int_equal(state.sum.rx_bytes, 100);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_idle_poll_init_null_pointers_are_rejected),
		cmocka_unit_test(test_idle_poll_init_bad_budgets_are_rejected),
		cmocka_unit_test(test_idle_poll_init_times_above_one_second_are_out_of_range),
		cmocka_unit_test(test_idle_poll_init_limits_are_accepted),
		cmocka_unit_test(test_idle_poll_vectors_give_expected_actions_and_delays),
		cmocka_unit_test(test_idle_poll_polled_counts_are_summed_and_cleared_on_rearm),
		cmocka_unit_test(test_idle_poll_reset_forgets_the_cycle_and_keeps_the_config),
		cmocka_unit_test(test_idle_poll_extreme_inputs_stay_defined),
	};

	return cmocka_run_group_tests_name("idle_poll", tests, NULL, NULL);
}
