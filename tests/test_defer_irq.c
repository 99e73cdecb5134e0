/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "irqmod/defer_irq.h"
#include "../lib/hybrid_steps.h"
#include "vector_test_util.h"
#include "vectors/defer_irq_run.h"
#include "support.h"

_Static_assert(sizeof(struct irqmod_defer_irq) <= 32,
	       "defer-irq adds at most 32 bytes to its inner controller");

static void test_defer_irq_init_null_pointers_are_rejected(void **unused)
{
	struct irqmod_defer_irq state;
	struct irqmod_defer_irq_config config = { 2, 20000, 0, 0 };

	(void)unused;
	assert_int_equal(irqmod_defer_irq_init(NULL, &config), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_defer_irq_init(&state, NULL), -IRQMOD_EINVAL);
}

static void expect_init_error(struct irqmod_defer_irq_config config, int error)
{
	struct irqmod_defer_irq state, before;

	memset(&state, 0x5A, sizeof(state));
	memcpy(&before, &state, sizeof(state));
	assert_int_equal(irqmod_defer_irq_init(&state, &config), error);
	assert_memory_equal(&state, &before, sizeof(state));
}

static void test_defer_irq_init_bad_configs_are_rejected(void **unused)
{
	(void)unused;
	/* N above the u16 counter. */
	expect_init_error((struct irqmod_defer_irq_config){ 65536, 20000, 0, 0 },
			  -IRQMOD_EBUDGET);
	/* Suspension bound above the u16 counter. */
	expect_init_error((struct irqmod_defer_irq_config){ 1, 20000, 20000000, 65536 },
			  -IRQMOD_EBUDGET);
	/* Suspension without its own bound could only end on the app's say-so. */
	expect_init_error((struct irqmod_defer_irq_config){ 1, 20000, 20000000, 0 },
			  -IRQMOD_EBUDGET);
	/* Timeouts above 1 s. */
	expect_init_error((struct irqmod_defer_irq_config){ 1, 1000000001, 0, 0 },
			  -IRQMOD_ERANGE);
	expect_init_error((struct irqmod_defer_irq_config){ 1, 20000, 1000000001, 8 },
			  -IRQMOD_ERANGE);
}

static void test_defer_irq_init_limits_and_off_settings_are_accepted(void **unused)
{
	struct irqmod_defer_irq state;

	(void)unused;
	assert_int_equal(irqmod_defer_irq_init(&state,
		&(struct irqmod_defer_irq_config){ 65535, 1000000000, 1000000000, 65535 }), 0);
	assert_int_equal(state.defer_hard_irqs, 65535);
	assert_int_equal(state.suspend_polls, 65535);
	/* All off: plain NAPI, accepted as Linux accepts 0/0. */
	assert_int_equal(irqmod_defer_irq_init(&state,
		&(struct irqmod_defer_irq_config){ 0, 0, 0, 0 }), 0);
}

static void test_defer_irq_vectors_give_expected_actions_and_delays(void **unused)
{
	/* tests/vectors/defer_irq_run.h: the runner the kernel self-test uses too. */
	static const struct irqmod_vector_custom_set set = IRQMOD_VECTOR_CUSTOM_SET(defer_irq);

	(void)unused;
	test_vector_custom_set_passes(&set);
}

static void test_defer_irq_deferral_off_rearms_after_every_poll(void **unused)
{
	struct irqmod_defer_irq state;
	struct irqmod_decision decision;
	struct irqmod_sample samples[] = {
		{ .now_ns = 0, .rx_packets = 64, .flags = IRQMOD_SAMPLE_BUDGET_EXHAUSTED },
		{ .now_ns = 1 },
		/* Suspension off: the application flag changes nothing. */
		{ .now_ns = 2, .flags = IRQMOD_SAMPLE_APP_FOUND_EVENTS },
	};
	size_t i;

	(void)unused;
	assert_int_equal(irqmod_defer_irq_init(&state,
		&(struct irqmod_defer_irq_config){ 0, 20000, 0, 0 }), 0);
	for (i = 0; i < 3; i++) {
		irqmod_defer_irq_update(&state, NULL, &samples[i], &decision);
		assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
	}
}

static void test_defer_irq_reset_forgets_counts_and_keeps_the_config(void **unused)
{
	struct irqmod_defer_irq state;
	struct irqmod_sample work = { .now_ns = 0, .rx_packets = 1 };
	struct irqmod_sample empty = { .now_ns = 1 };
	struct irqmod_decision decision;

	(void)unused;
	assert_int_equal(irqmod_defer_irq_init(&state,
		&(struct irqmod_defer_irq_config){ 3, 20000, 0, 0 }), 0);
	irqmod_defer_irq_update(&state, NULL, &work, &decision);
	assert_int_equal(state.defer_count, 2);
	irqmod_defer_irq_reset(&state);
	assert_int_equal(state.defer_count, 0);
	assert_int_equal(state.sum.rx_packets, 0);
	assert_int_equal(state.defer_hard_irqs, 3);
	/* Count 0 after reset: an empty poll re-arms, as in Linux. */
	irqmod_defer_irq_update(&state, NULL, &empty, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
}

/* Both entries: the public one and the generic hybrid's (no inner update). */
static void defer_irq_call(bool step, struct irqmod_defer_irq *state,
			   const struct irqmod_sample *sample,
			   struct irqmod_decision *decision)
{
	struct irqmod_hybrid hybrid = { .inner_update = NULL };

	if (step) {
		hybrid.own.defer_irq = *state;
		irqmod_defer_irq_step(&hybrid, sample, decision);
		*state = hybrid.own.defer_irq;
	} else {
		irqmod_defer_irq_update(state, NULL, sample, decision);
	}
}

/*
 * Suspension does not apply without the application's flag, and once spent
 * while the application still finds events, the next empty poll falls
 * back to the deferral count and its timeout. Through both entries.
 */
static void test_defer_irq_spent_suspension_falls_back_to_deferral(void **unused)
{
	struct irqmod_defer_irq_config config = { 2, 1000, 5000, 1 };
	struct irqmod_sample plain = { .now_ns = 0, .rx_packets = 1, .rx_bytes = 60 };
	struct irqmod_sample work = { .now_ns = 0, .rx_packets = 1, .rx_bytes = 60,
				      .flags = IRQMOD_SAMPLE_APP_FOUND_EVENTS };
	struct irqmod_sample empty = { .now_ns = 1,
				       .flags = IRQMOD_SAMPLE_APP_FOUND_EVENTS };
	struct irqmod_sample bare = { .now_ns = 2 };
	struct irqmod_decision decision;
	int step;

	(void)unused;
	for (step = 0; step < 2; step++) {
		struct irqmod_defer_irq state;

		assert_int_equal(irqmod_defer_irq_init(&state, &config), 0);
		defer_irq_call(step, &state, &plain, &decision);
		assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
		assert_int_equal(decision.poll_delay_ns, 1000);
		assert_int_equal(state.defer_count, 1);
		defer_irq_call(step, &state, &work, &decision);
		assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
		assert_int_equal(decision.poll_delay_ns, 5000);
		assert_int_equal(state.defer_count, 2);
		/* The one suspended empty poll. */
		defer_irq_call(step, &state, &empty, &decision);
		assert_int_equal(decision.poll_delay_ns, 5000);
		assert_int_equal(state.suspend_left, 0);
		/* Suspension spent: two deferrals of 1000 ns, then a re-arm. */
		defer_irq_call(step, &state, &empty, &decision);
		assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
		assert_int_equal(decision.poll_delay_ns, 1000);
		defer_irq_call(step, &state, &bare, &decision);
		assert_int_equal(decision.poll_delay_ns, 1000);
		defer_irq_call(step, &state, &empty, &decision);
		assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
		assert_int_equal(decision.rx_interval_ns, 0);
		assert_int_equal(state.sum.rx_packets, 0);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defer_irq_init_null_pointers_are_rejected),
		cmocka_unit_test(test_defer_irq_init_bad_configs_are_rejected),
		cmocka_unit_test(test_defer_irq_init_limits_and_off_settings_are_accepted),
		cmocka_unit_test(test_defer_irq_vectors_give_expected_actions_and_delays),
		cmocka_unit_test(test_defer_irq_deferral_off_rearms_after_every_poll),
		cmocka_unit_test(test_defer_irq_reset_forgets_counts_and_keeps_the_config),
		cmocka_unit_test(test_defer_irq_spent_suspension_falls_back_to_deferral),
	};

	return cmocka_run_group_tests_name("defer_irq", tests, NULL, NULL);
}
