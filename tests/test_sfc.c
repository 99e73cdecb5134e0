/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "irqmod/controller.h"
#include "irqmod/sfc.h"
#include "vector_test_util.h"
#include "vectors/sfc_vectors.h"

#define TEST_ARRAY_COUNT(a) (sizeof(a) / sizeof((a)[0]))

static int setup_defaults(void **state)
{
	static struct irqmod_sfc_config config;

	assert_int_equal(irqmod_sfc_default_config(&config), 0);
	*state = &config;
	return 0;
}

static int teardown_nothing(void **state)
{
	(void)state;
	return 0;
}

/* One poll ending with @flags and @packets received; the decision. */
static struct irqmod_decision poll_once(struct irqmod_sfc *sfc, uint32_t packets,
					uint32_t flags)
{
	struct irqmod_sample sample = { .rx_packets = packets, .flags = flags };
	struct irqmod_decision decision;

	memset(&decision, 0xa5, sizeof(decision));
	irqmod_sfc_update(sfc, &sample, &decision);
	assert_int_equal(decision.rx_interval_ns, decision.tx_interval_ns);
	assert_int_equal(decision.poll_delay_ns, 0);
	assert_int_equal(decision.rate_limit_ns, 0);
	assert_int_equal(decision.frames, 0);
	assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
	return decision;
}

/*
 * @polls polls under budget with @packets each; asserts that only the last
 * may move the interval and returns its decision.
 */
static struct irqmod_decision polls(struct irqmod_sfc *sfc, uint32_t count, uint32_t packets)
{
	struct irqmod_decision decision;
	uint32_t before = sfc->usecs * 1000u, i;

	for (i = 1; i < count; i++) {
		decision = poll_once(sfc, packets, 0);
		assert_int_equal(decision.rx_interval_ns, before);
		assert_false(decision.changed);
	}
	return poll_once(sfc, packets, 0);
}

static void test_sfc_defaults_are_linux_sfc(void **state)
{
	const struct irqmod_sfc_config *config = *state;
	struct irqmod_sfc sfc;

	assert_int_equal(config->rx_usecs, 60);
	assert_int_equal(config->timer_quantum_ns, 6144);
	assert_int_equal(config->score_low, 8000);
	assert_int_equal(config->score_high, 16000);
	assert_int_equal(config->polls_per_decision, 1000);
	assert_true(config->adaptive);
	assert_int_equal(irqmod_sfc_default_config(NULL), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_sfc_init(&sfc, config), 0);
	assert_int_equal(sfc.step_us, 7); /* DIV_ROUND_UP(6144, 1000) */
	assert_int_equal(sfc.usecs, 60);
}

static void test_sfc_decides_on_the_thousandth_completed_poll(void **state)
{
	const struct irqmod_sfc_config *config = *state;
	struct irqmod_decision decision;
	struct irqmod_sfc sfc;

	assert_int_equal(irqmod_sfc_init(&sfc, config), 0);
	/* 3 packets a poll: a score of 6000 over 1000 polls, below 8000. */
	decision = polls(&sfc, 1000, 3);
	assert_int_equal(decision.rx_interval_ns, 53000);
	assert_true(decision.changed);
	/* 9 a poll: 18000, above 16000: back up. */
	decision = polls(&sfc, 1000, 9);
	assert_int_equal(decision.rx_interval_ns, 60000);
	assert_true(decision.changed);
	/* 6 a poll: 12000, in between: held, and the score starts again. */
	decision = polls(&sfc, 1000, 6);
	assert_int_equal(decision.rx_interval_ns, 60000);
	assert_false(decision.changed);
	decision = polls(&sfc, 1000, 0);
	assert_int_equal(decision.rx_interval_ns, 53000);
}

static void test_sfc_idle_channel_walks_down_to_the_last_step_above_zero(void **state)
{
	struct irqmod_sfc_config config = *(const struct irqmod_sfc_config *)*state;
	struct irqmod_decision decision;
	struct irqmod_sfc sfc;
	uint32_t expected_usecs;

	config.polls_per_decision = 1;
	assert_int_equal(irqmod_sfc_init(&sfc, &config), 0);
	/* 60, 53, ..., 11, 4: 4 is not above the step of 7. */
	for (expected_usecs = 53; expected_usecs >= 4; expected_usecs -= 7) {
		decision = poll_once(&sfc, 0, 0);
		assert_int_equal(decision.rx_interval_ns, expected_usecs * 1000u);
		assert_true(decision.changed);
		if (expected_usecs < 7)
			break;
	}
	decision = poll_once(&sfc, 0, 0);
	assert_int_equal(decision.rx_interval_ns, 4000);
	assert_false(decision.changed);
	/* Full load climbs back by the same steps, to rx_usecs and no further. */
	for (expected_usecs = 11; expected_usecs <= 60; expected_usecs += 7)
		assert_int_equal(poll_once(&sfc, 10000, 0).rx_interval_ns, expected_usecs * 1000u);
	decision = poll_once(&sfc, 10000, 0);
	assert_int_equal(decision.rx_interval_ns, 60000);
	assert_false(decision.changed);
}

static void test_sfc_step_is_the_quantum_rounded_up_to_us(void **state)
{
	struct irqmod_sfc_config config = *(const struct irqmod_sfc_config *)*state;
	struct irqmod_sfc sfc;

	config.polls_per_decision = 1;
	config.timer_quantum_ns = 1000;
	assert_int_equal(irqmod_sfc_init(&sfc, &config), 0);
	assert_int_equal(poll_once(&sfc, 0, 0).rx_interval_ns, 59000);
	config.timer_quantum_ns = 1001;
	assert_int_equal(irqmod_sfc_init(&sfc, &config), 0);
	assert_int_equal(poll_once(&sfc, 0, 0).rx_interval_ns, 58000);
	config.timer_quantum_ns = 3072; /* Siena in turbo mode: 4 us */
	assert_int_equal(irqmod_sfc_init(&sfc, &config), 0);
	assert_int_equal(poll_once(&sfc, 0, 0).rx_interval_ns, 56000);
	/* A step as long as rx_usecs: never down (60 is not above 60), never up. */
	config.timer_quantum_ns = 60000;
	assert_int_equal(irqmod_sfc_init(&sfc, &config), 0);
	assert_false(poll_once(&sfc, 0, 0).changed);
	assert_false(poll_once(&sfc, 100000, 0).changed);
	assert_int_equal(sfc.usecs, 60);
}

static void test_sfc_exhausted_polls_score_but_do_not_count(void **state)
{
	struct irqmod_sfc_config config = *(const struct irqmod_sfc_config *)*state;
	struct irqmod_decision decision;
	struct irqmod_sfc sfc;
	int i;

	config.polls_per_decision = 3;
	assert_int_equal(irqmod_sfc_init(&sfc, &config), 0);
	for (i = 0; i < 10; i++) {
		decision = poll_once(&sfc, 1000, IRQMOD_SAMPLE_BUDGET_EXHAUSTED);
		assert_int_equal(decision.rx_interval_ns, 60000);
		assert_false(decision.changed);
	}
	assert_int_equal(sfc.polls_left, 3);
	/* Their 20000 points decide the third completed poll: at the ceiling, held. */
	decision = polls(&sfc, 3, 0);
	assert_false(decision.changed);
	assert_int_equal(sfc.score, 0);
	decision = polls(&sfc, 3, 0);
	assert_int_equal(decision.rx_interval_ns, 53000);
}

static void test_sfc_adaptive_off_answers_rx_usecs(void **state)
{
	struct irqmod_sfc_config config = *(const struct irqmod_sfc_config *)*state;
	struct irqmod_decision decision;
	struct irqmod_sfc sfc;
	int i;

	config.adaptive = false;
	config.rx_usecs = 33;
	config.polls_per_decision = 1;
	assert_int_equal(irqmod_sfc_init(&sfc, &config), 0);
	for (i = 0; i < 8; i++) {
		decision = poll_once(&sfc, i % 2 ? 0 : 100000, 0);
		assert_int_equal(decision.rx_interval_ns, 33000);
		assert_false(decision.changed);
	}
}

static void test_sfc_rx_usecs_zero_stays_off(void **state)
{
	struct irqmod_sfc_config config = *(const struct irqmod_sfc_config *)*state;
	struct irqmod_sfc sfc;

	config.rx_usecs = 0;
	config.polls_per_decision = 1;
	assert_int_equal(irqmod_sfc_init(&sfc, &config), 0);
	assert_int_equal(poll_once(&sfc, 0, 0).rx_interval_ns, 0);
	assert_int_equal(poll_once(&sfc, 100000, 0).rx_interval_ns, 0);
	assert_false(poll_once(&sfc, 100000, 0).changed);
}

static void test_sfc_score_wraps_as_linux_unsigned_int(void **state)
{
	struct irqmod_sfc_config config = *(const struct irqmod_sfc_config *)*state;
	struct irqmod_decision decision;
	struct irqmod_sfc sfc;

	config.polls_per_decision = 2;
	config.rx_usecs = IRQMOD_SFC_USECS_MAX;
	assert_int_equal(irqmod_sfc_init(&sfc, &config), 0);
	/* 2 * 2^31 wraps to 0 in 32 bits: a score of 0 + 2, below 8000, steps down. */
	poll_once(&sfc, 1u << 31, 0);
	decision = poll_once(&sfc, 1, 0);
	assert_true(decision.changed);
	assert_int_equal(decision.rx_interval_ns, (IRQMOD_SFC_USECS_MAX - 7) * 1000u);
	/* UINT32_MAX packets, twice: 2 * (2^32 - 1) * 2 = -4 mod 2^32, far above 16000. */
	poll_once(&sfc, UINT32_MAX, 0);
	decision = poll_once(&sfc, UINT32_MAX, 0);
	assert_true(decision.changed);
	assert_int_equal(decision.rx_interval_ns, IRQMOD_SFC_USECS_MAX * 1000u);
}

static void test_sfc_reset_restarts_at_rx_usecs_with_no_score(void **state)
{
	struct irqmod_sfc_config config = *(const struct irqmod_sfc_config *)*state;
	struct irqmod_decision decision;
	struct irqmod_sfc sfc;

	config.polls_per_decision = 2;
	assert_int_equal(irqmod_sfc_init(&sfc, &config), 0);
	polls(&sfc, 2, 0);
	polls(&sfc, 2, 0);
	assert_int_equal(sfc.usecs, 46);
	/* One poll of 20000 points, then reset: the score and the poll are gone. */
	poll_once(&sfc, 10000, 0);
	irqmod_sfc_reset(&sfc);
	irqmod_sfc_current(&sfc, &decision);
	assert_int_equal(decision.rx_interval_ns, 60000);
	assert_false(decision.changed);
	decision = poll_once(&sfc, 0, 0);
	assert_false(decision.changed);
	decision = poll_once(&sfc, 0, 0);
	assert_int_equal(decision.rx_interval_ns, 53000);
	assert_true(decision.changed);
}

static void expect_rejected(const struct irqmod_sfc_config *config, const char *field, int code)
{
	struct irqmod_config_error error;
	struct irqmod_sfc sfc;

	memset(&error, 0, sizeof(error));
	memset(&sfc, 0xa5, sizeof(sfc));
	assert_int_equal(irqmod_sfc_config_check(config, &error), code);
	assert_string_equal(error.kind, "sfc");
	assert_string_equal(error.field, field);
	assert_int_equal(irqmod_sfc_init(&sfc, config), code);
	assert_int_equal(sfc.usecs, 0xa5a5a5a5); /* untouched */
}

static void test_sfc_bad_configs_name_their_field(void **state)
{
	const struct irqmod_sfc_config *good = *state;
	struct irqmod_sfc_config config;
	struct irqmod_sfc sfc;

	assert_int_equal(irqmod_sfc_config_check(good, NULL), 0);
	config = *good;
	config.rx_usecs = IRQMOD_SFC_USECS_MAX + 1;
	expect_rejected(&config, "rx_usecs", -IRQMOD_ERANGE);
	config = *good;
	config.timer_quantum_ns = 0;
	expect_rejected(&config, "timer_quantum_ns", -IRQMOD_ERANGE);
	config.timer_quantum_ns = IRQMOD_SFC_TIMER_QUANTUM_MAX_NS + 1;
	expect_rejected(&config, "timer_quantum_ns", -IRQMOD_ERANGE);
	config = *good;
	config.polls_per_decision = 0;
	expect_rejected(&config, "polls_per_decision", -IRQMOD_ERANGE);
	expect_rejected(NULL, "config", -IRQMOD_EINVAL);
	assert_int_equal(irqmod_sfc_init(NULL, good), -IRQMOD_EINVAL);
	/* The bounds themselves are taken, and thresholds in either order. */
	config = *good;
	config.rx_usecs = IRQMOD_SFC_USECS_MAX;
	config.timer_quantum_ns = IRQMOD_SFC_TIMER_QUANTUM_MAX_NS;
	config.score_low = 20000;
	assert_int_equal(irqmod_sfc_init(&sfc, &config), 0);
	assert_int_equal(sfc.step_us, 4294967);
}

static void test_sfc_vectors_match_hand_derivations(void **state)
{
	uint32_t i;

	(void)state;
	for (i = 0; i < TEST_ARRAY_COUNT(irqmod_sfc_vectors); i++) {
		struct irqmod_vector_result result;
		struct irqmod_controller controller;

		if (!irqmod_vector_case_run(&irqmod_sfc_vectors[i], &controller, &result)) {
			test_vector_print_failure("sfc", irqmod_sfc_vectors[i].name, &result);
			fail();
		}
	}
}

static void test_sfc_generic_dispatch_runs_the_defaults(void **state)
{
	struct irqmod_controller_config config;
	struct irqmod_controller controller;
	struct irqmod_sample sample = { .rx_packets = 1 };
	struct irqmod_decision decision;
	int i;

	(void)state;
	assert_string_equal(irqmod_kind_name(IRQMOD_KIND_SFC), "sfc");
	assert_int_equal(irqmod_controller_default_config(&config, IRQMOD_KIND_SFC, 10000), 0);
	assert_int_equal(irqmod_controller_init(&controller, &config), 0);
	for (i = 0; i < 1000; i++)
		irqmod_controller_update(&controller, &sample, &decision);
	assert_int_equal(decision.rx_interval_ns, 53000); /* a score of 2000 */
	assert_true(decision.changed);
}

#define SFC_TEST(name) cmocka_unit_test_setup_teardown(name, setup_defaults, teardown_nothing)

int main(void)
{
	const struct CMUnitTest tests[] = {
		SFC_TEST(test_sfc_defaults_are_linux_sfc),
		SFC_TEST(test_sfc_decides_on_the_thousandth_completed_poll),
		SFC_TEST(test_sfc_idle_channel_walks_down_to_the_last_step_above_zero),
		SFC_TEST(test_sfc_step_is_the_quantum_rounded_up_to_us),
		SFC_TEST(test_sfc_exhausted_polls_score_but_do_not_count),
		SFC_TEST(test_sfc_adaptive_off_answers_rx_usecs),
		SFC_TEST(test_sfc_rx_usecs_zero_stays_off),
		SFC_TEST(test_sfc_score_wraps_as_linux_unsigned_int),
		SFC_TEST(test_sfc_reset_restarts_at_rx_usecs_with_no_score),
		SFC_TEST(test_sfc_bad_configs_name_their_field),
		SFC_TEST(test_sfc_vectors_match_hand_derivations),
		SFC_TEST(test_sfc_generic_dispatch_runs_the_defaults),
	};

	return cmocka_run_group_tests_name("sfc", tests, NULL, NULL);
}
