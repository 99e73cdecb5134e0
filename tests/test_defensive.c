/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The core's defensive paths, through the public API (and the hybrids'
 * internal cycle sum): positive and unknown error codes, NULL arguments,
 * a state whose kind no init set, unknown ITR encodings and the saturating
 * edges of the cycle sum. Each test pins the documented answer; together
 * they cover the branches the behaviour tests of each module do not reach
 * (scripts/coverage).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "irqmod/irqmod.h"
#include "../lib/hybrid_internal.h"

static void test_defensive_strerror_takes_positive_and_unknown_codes(void **unused)
{
	(void)unused;
	assert_string_equal(irqmod_strerror(IRQMOD_ERANGE), irqmod_strerror(-IRQMOD_ERANGE));
	assert_string_equal(irqmod_strerror(-1000), "unknown irqmod error");
	assert_string_equal(irqmod_strerror(IRQMOD_ERROR_COUNT), "unknown irqmod error");
	assert_string_equal(irqmod_strerror(INT32_MIN), "unknown irqmod error");
}

static void test_defensive_config_error_format_without_error_or_strings(void **unused)
{
	struct irqmod_config_error error = { .kind = NULL, .field = "max_interval_ns",
					     .problem = "is above", .value = 7, .limit = 5 };
	char buf[64];

	(void)unused;
	assert_int_equal(irqmod_config_error_format(NULL, buf, sizeof(buf)), 8);
	assert_string_equal(buf, "no error");
	/* A missing string prints as "?", never a NULL dereference. */
	irqmod_config_error_format(&error, buf, sizeof(buf));
	assert_string_equal(buf, "?: max_interval_ns 7 is above 5");
	/* No buffer: only the length. */
	assert_int_equal(irqmod_config_error_format(NULL, NULL, 10), 8);
}

static void test_defensive_each_count_alone_is_work(void **unused)
{
	struct irqmod_sample sample;

	(void)unused;
	memset(&sample, 0, sizeof(sample));
	assert_false(irqmod_sample_has_work(&sample));
	sample.rx_bytes = 1;
	assert_true(irqmod_sample_has_work(&sample));
	sample.rx_bytes = 0;
	sample.tx_bytes = 1;
	assert_true(irqmod_sample_has_work(&sample));
	sample.tx_bytes = 0;
	sample.completions = 1;
	assert_true(irqmod_sample_has_work(&sample));
	sample.completions = 0;
	sample.flags = IRQMOD_SAMPLE_BUDGET_EXHAUSTED;
	assert_true(irqmod_sample_has_work(&sample));
	/* The other flags are not work. */
	sample.flags = IRQMOD_SAMPLE_APP_FOUND_EVENTS | IRQMOD_SAMPLE_FROM_INTERRUPT;
	assert_false(irqmod_sample_has_work(&sample));
}

static void test_defensive_recheck_rejects_null_config(void **unused)
{
	struct irqmod_recheck state;

	(void)unused;
	assert_int_equal(irqmod_recheck_init(&state, NULL), -IRQMOD_EINVAL);
	/* The check the generic hybrid calls before touching any state. */
	assert_int_equal(irqmod_recheck_check(NULL), -IRQMOD_EINVAL);
}

/* A state no init set up (memset, or a kind from a newer library). */
static void test_defensive_unset_kind_answers_rearm_without_throttling(void **unused)
{
	struct irqmod_controller controller;
	struct irqmod_hybrid hybrid;
	struct irqmod_sample sample = { .now_ns = 1000, .rx_packets = 4, .rx_bytes = 256 };
	struct irqmod_decision decision;

	(void)unused;
	memset(&controller, 0, sizeof(controller));
	controller.kind = IRQMOD_KIND_COUNT;
	irqmod_controller_reset(&controller);
	memset(&decision, 0xff, sizeof(decision));
	irqmod_controller_current(&controller, &decision);
	assert_int_equal(decision.rx_interval_ns, 0);
	assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
	assert_false(decision.changed);
	memset(&decision, 0xff, sizeof(decision));
	irqmod_controller_update(&controller, &sample, &decision);
	assert_int_equal(decision.rx_interval_ns, 0);
	assert_int_equal(decision.tx_interval_ns, 0);
	assert_false(decision.changed);

	/* A hybrid of no kind resets and runs its inner controller only. */
	memset(&hybrid, 0, sizeof(hybrid));
	hybrid.kind = IRQMOD_HYBRID_COUNT;
	hybrid.inner.kind = IRQMOD_KIND_COUNT;
	irqmod_hybrid_reset(&hybrid);
	irqmod_hybrid_update(&hybrid, &sample, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
	assert_int_equal(decision.rx_interval_ns, 0);
}

static void test_defensive_unknown_encoding_and_zero_levels(void **unused)
{
	(void)unused;
	assert_false(irqmod_itr_encoding_level_valid(IRQMOD_ITR_ENCODING_COUNT, 8));
	assert_int_equal(irqmod_itr_encoding_register(IRQMOD_ITR_ENCODING_COUNT, 8), 0);
	assert_int_equal(irqmod_itr_encoding_interval_ns(IRQMOD_ITR_ENCODING_COUNT, 8), 0);
	/* A rate of 0 turns throttling off (0 in the register). */
	assert_int_equal(irqmod_itr_encoding_register(IRQMOD_ITR_ENCODING_E1000_ITR_RATE, 0), 0);
	assert_int_equal(irqmod_itr_encoding_register(IRQMOD_ITR_ENCODING_EITR_RATE, 0), 0);
	/* igb raises an all-zero interval field to its 1 us minimum. */
	assert_int_equal(irqmod_itr_encoding_register(IRQMOD_ITR_ENCODING_IGB_EITR, 0),
			 IRQMOD_IGB_EITR_MIN);
	/* Bit 15 lies outside the field: the field is zero, raised as well. */
	assert_int_equal(irqmod_itr_encoding_register(IRQMOD_ITR_ENCODING_IGB_EITR, 0x8000u),
			 IRQMOD_IGB_EITR_MIN);
}

/* The cycle sum leaves out a poll whose counts would overflow its fields. */
static void test_defensive_cycle_sum_leaves_out_overflowing_polls(void **unused)
{
	struct irqmod_poll_sum sum;
	struct irqmod_sample poll = { .now_ns = 10, .tx_packets = 60000, .tx_bytes = 600000 };
	struct irqmod_sample last = { .now_ns = 20, .rx_packets = 1, .rx_bytes = 64 };
	struct irqmod_sample cycle;
	struct irqmod_decision decision;

	(void)unused;
	irqmod_poll_sum_clear(&sum);
	irqmod_hybrid_answer_poll(&sum, &poll, 0, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
	/* 60000 more TX packets do not fit in 16 bits: this poll is left out. */
	irqmod_hybrid_answer_poll(&sum, &poll, 0, &decision);
	/* Nor do 2^32 - 1 more TX bytes. */
	poll.tx_packets = 1;
	poll.tx_bytes = UINT32_MAX;
	irqmod_hybrid_answer_poll(&sum, &poll, 0, &decision);
	assert_true(irqmod_hybrid_cycle_sample(&sum, &last, &cycle));
	assert_int_equal(cycle.tx_packets, 60000);
	assert_int_equal(cycle.tx_bytes, 600000);
	assert_int_equal(cycle.rx_packets, 1);
	assert_int_equal(cycle.rx_bytes, 64);
	assert_int_equal(cycle.events, 1);
	/* Only RX bytes in the sum: still a cycle to report. */
	irqmod_poll_sum_clear(&sum);
	poll.tx_packets = 0;
	poll.tx_bytes = 0;
	poll.rx_bytes = 100;
	irqmod_hybrid_answer_poll(&sum, &poll, 0, &decision);
	assert_true(irqmod_hybrid_cycle_sample(&sum, &last, &cycle));
	assert_int_equal(cycle.rx_bytes, 164);
}

static void test_defensive_counters_ignore_null_and_a_clock_going_back(void **unused)
{
	struct irqmod_hybrid_counters counters;
	struct irqmod_sample sample = { .now_ns = 5000 };
	struct irqmod_decision poll = { .action = IRQMOD_ACTION_POLL };

	(void)unused;
	irqmod_hybrid_counters_init(&counters);
	irqmod_hybrid_count(&counters, &sample, NULL);
	irqmod_hybrid_count(&counters, NULL, &poll);
	irqmod_hybrid_count(NULL, &sample, &poll);
	assert_int_equal(counters.polls_deferred, 0);
	irqmod_hybrid_count(&counters, &sample, &poll);
	/* An empty poll after a POLL answer, the clock stepped back: no idle time. */
	sample.now_ns = 4000;
	irqmod_hybrid_count(&counters, &sample, &poll);
	assert_int_equal(counters.empty_polls, 2);
	assert_int_equal(counters.idle_polling_ns, 0);
	sample.now_ns = 4500;
	irqmod_hybrid_count(&counters, &sample, &poll);
	assert_int_equal(counters.idle_polling_ns, 500);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defensive_strerror_takes_positive_and_unknown_codes),
		cmocka_unit_test(test_defensive_config_error_format_without_error_or_strings),
		cmocka_unit_test(test_defensive_each_count_alone_is_work),
		cmocka_unit_test(test_defensive_recheck_rejects_null_config),
		cmocka_unit_test(test_defensive_unset_kind_answers_rearm_without_throttling),
		cmocka_unit_test(test_defensive_unknown_encoding_and_zero_levels),
		cmocka_unit_test(test_defensive_cycle_sum_leaves_out_overflowing_polls),
		cmocka_unit_test(test_defensive_counters_ignore_null_and_a_clock_going_back),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
