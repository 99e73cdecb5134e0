/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "irqmod/controller.h"
#include "irqmod/mlx4.h"
#include "vector_test_util.h"
#include "vectors/mlx4_vectors.h"

#define MS 1000000ull
#define TEST_ARRAY_COUNT(a) (sizeof(a) / sizeof((a)[0]))

static int setup_defaults(void **state)
{
	static struct irqmod_mlx4_config config;

	assert_int_equal(irqmod_mlx4_default_config(&config), 0);
	*state = &config;
	return 0;
}

static int teardown_nothing(void **state)
{
	(void)state;
	return 0;
}

/* One update of @packets packets of @size bytes at @now_ns; the decision. */
static struct irqmod_decision feed(struct irqmod_mlx4 *mlx4, uint64_t now_ns,
				   uint32_t packets, uint64_t size)
{
	struct irqmod_sample sample = { .now_ns = now_ns, .rx_packets = packets,
					.rx_bytes = packets * size };
	struct irqmod_decision decision;

	memset(&decision, 0xa5, sizeof(decision));
	irqmod_mlx4_update(mlx4, &sample, &decision);
	assert_int_equal(decision.rx_interval_ns, decision.tx_interval_ns);
	assert_int_equal(decision.poll_delay_ns, 0);
	assert_int_equal(decision.rate_limit_ns, 0);
	assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
	return decision;
}

/* A fresh instance of @config whose first window (from 0) carries @rate_per_s. */
static struct irqmod_decision one_window(const struct irqmod_mlx4_config *config,
					 uint32_t rate_per_s, uint64_t size)
{
	struct irqmod_mlx4 mlx4;

	assert_int_equal(irqmod_mlx4_init(&mlx4, config), 0);
	/* One second: packets = rate. */
	return feed(&mlx4, 1000 * MS, rate_per_s, size);
}

static void test_mlx4_defaults_are_linux_mlx4_en(void **state)
{
	const struct irqmod_mlx4_config *config = *state;

	assert_int_equal(config->window_ns, 250 * MS);
	assert_int_equal(config->pkt_rate_low_per_s, 400000);
	assert_int_equal(config->pkt_rate_high_per_s, 450000);
	assert_int_equal(config->rx_usecs, 16);
	assert_int_equal(config->rx_usecs_low, 0);
	assert_int_equal(config->rx_usecs_high, 128);
	assert_int_equal(config->rx_frames, 44);
	assert_int_equal(config->rx_rings, 1);
	assert_true(config->adaptive);
	assert_int_equal(irqmod_mlx4_default_config(NULL), -IRQMOD_EINVAL);
}

static void test_mlx4_low_rate_gives_rx_usecs_low(void **state)
{
	struct irqmod_mlx4_config config = *(const struct irqmod_mlx4_config *)*state;
	struct irqmod_decision decision;

	config.rx_usecs_low = 8;
	decision = one_window(&config, 400000, 1500);
	assert_int_equal(decision.rx_interval_ns, 8000);
	assert_true(decision.changed);
	assert_int_equal(decision.frames, 44);
}

static void test_mlx4_high_rate_gives_rx_usecs_high(void **state)
{
	const struct irqmod_mlx4_config *config = *state;

	assert_int_equal(one_window(config, 450000, 1500).rx_interval_ns, 128000);
	assert_int_equal(one_window(config, 4000000, 1500).rx_interval_ns, 128000);
}

static void test_mlx4_rate_in_between_is_linear(void **state)
{
	struct irqmod_mlx4_config config = *(const struct irqmod_mlx4_config *)*state;

	/* (rate - 400000) * 128 / 50000, rounded down. */
	assert_int_equal(one_window(&config, 400001, 1500).rx_interval_ns, 0);
	assert_int_equal(one_window(&config, 425000, 1500).rx_interval_ns, 64000);
	assert_int_equal(one_window(&config, 449999, 1500).rx_interval_ns, 127000);
	config.rx_usecs_low = 20;
	config.rx_usecs_high = 120;
	/* 20 + 12500 * 100 / 50000 = 45. */
	assert_int_equal(one_window(&config, 412500, 1500).rx_interval_ns, 45000);
}

static void test_mlx4_small_packets_or_low_rate_keep_the_minimum(void **state)
{
	struct irqmod_mlx4_config config = *(const struct irqmod_mlx4_config *)*state;

	config.rx_usecs_low = 5;
	/* 256 bytes is "small" (not above MLX4_EN_AVG_PKT_SMALL). */
	assert_int_equal(one_window(&config, 1000000, 256).rx_interval_ns, 5000);
	assert_int_equal(one_window(&config, 1000000, 257).rx_interval_ns, 128000);
	/* The threshold: 7812/s with one ring, 7812 / 4 = 1953/s with four. */
	config.pkt_rate_low_per_s = 0;
	config.pkt_rate_high_per_s = 1;
	assert_int_equal(one_window(&config, 7812, 1500).rx_interval_ns, 5000);
	assert_int_equal(one_window(&config, 7813, 1500).rx_interval_ns, 128000);
	config.rx_rings = 4;
	assert_int_equal(one_window(&config, 1953, 1500).rx_interval_ns, 5000);
	assert_int_equal(one_window(&config, 1954, 1500).rx_interval_ns, 128000);
	/* No packets at all. */
	assert_int_equal(one_window(&config, 0, 0).rx_interval_ns, 5000);
}

static void test_mlx4_adaptive_off_answers_rx_usecs(void **state)
{
	struct irqmod_mlx4_config config = *(const struct irqmod_mlx4_config *)*state;
	struct irqmod_decision decision;
	struct irqmod_mlx4 mlx4;
	int i;

	config.adaptive = false;
	config.rx_usecs = 33;
	assert_int_equal(irqmod_mlx4_init(&mlx4, &config), 0);
	for (i = 1; i <= 8; i++) {
		decision = feed(&mlx4, (uint64_t)i * 300 * MS, 500000, 1500);
		assert_int_equal(decision.rx_interval_ns, 33000);
		assert_false(decision.changed);
	}
}

static void test_mlx4_window_not_elapsed_keeps_the_interval_and_counts(void **state)
{
	const struct irqmod_mlx4_config *config = *state;
	struct irqmod_decision decision;
	struct irqmod_mlx4 mlx4;
	int i;

	assert_int_equal(irqmod_mlx4_init(&mlx4, config), 0);
	/* 25 polls 10 ms apart up to 240 ms: 20000 packets each, not decided. */
	for (i = 1; i <= 24; i++) {
		decision = feed(&mlx4, (uint64_t)i * 10 * MS, 20000, 1500);
		assert_int_equal(decision.rx_interval_ns, 16000);
		assert_false(decision.changed);
	}
	/* 250 ms: 500000 packets over the window, 2000000/s: high. */
	decision = feed(&mlx4, 250 * MS, 20000, 1500);
	assert_int_equal(decision.rx_interval_ns, 128000);
	assert_true(decision.changed);
	/* The next window starts there: 260 ms is 10 ms into it. */
	decision = feed(&mlx4, 260 * MS, 0, 0);
	assert_int_equal(decision.rx_interval_ns, 128000);
	assert_false(decision.changed);
}

static void test_mlx4_window_zero_decides_whenever_time_advanced(void **state)
{
	struct irqmod_mlx4_config config = *(const struct irqmod_mlx4_config *)*state;
	struct irqmod_decision decision;
	struct irqmod_mlx4 mlx4;

	config.window_ns = 0;
	assert_int_equal(irqmod_mlx4_init(&mlx4, &config), 0);
	/* 500 packets in 1 ms: 500000/s. */
	decision = feed(&mlx4, 1 * MS, 500, 1500);
	assert_int_equal(decision.rx_interval_ns, 128000);
	/* No time passed: counted, not decided. */
	decision = feed(&mlx4, 1 * MS, 1, 64);
	assert_int_equal(decision.rx_interval_ns, 128000);
	assert_false(decision.changed);
	/* 1 + 1 packets over 1 ms, 2000/s: low. */
	decision = feed(&mlx4, 2 * MS, 1, 64);
	assert_int_equal(decision.rx_interval_ns, 0);
	assert_true(decision.changed);
}

static void test_mlx4_extreme_inputs_stay_in_bounds(void **state)
{
	const struct irqmod_mlx4_config *config = *state;
	struct irqmod_sample sample = { .now_ns = UINT64_MAX, .rx_packets = UINT32_MAX,
					.rx_bytes = UINT64_MAX };
	struct irqmod_decision decision;
	struct irqmod_mlx4 mlx4;
	int i;

	assert_int_equal(irqmod_mlx4_init(&mlx4, config), 0);
	/*
	 * Counts that make packets * 10^9 overflow read as the highest rate:
	 * 2^40 packets of 1500 bytes (the sample's UINT64_MAX bytes add -1).
	 */
	mlx4.packets = (1ull << 40) - UINT32_MAX;
	mlx4.bytes = (1ull << 40) * 1500u + 1u;
	irqmod_mlx4_update(&mlx4, &sample, &decision);
	assert_int_equal(decision.rx_interval_ns, 128000);
	/* The byte sum wraps (a wrapped counter's difference): any result is low or high. */
	for (i = 0; i < 4; i++) {
		sample.now_ns += 300 * MS;
		irqmod_mlx4_update(&mlx4, &sample, &decision);
		assert_true(decision.rx_interval_ns == 0 || decision.rx_interval_ns == 128000);
	}
	/* The largest intervals fit the decision. */
	{
		struct irqmod_mlx4_config wide = *config;

		wide.rx_usecs_low = IRQMOD_MLX4_COAL_TIME_MAX - 1;
		wide.rx_usecs_high = IRQMOD_MLX4_COAL_TIME_MAX;
		decision = one_window(&wide, 0, 0);
		assert_int_equal(decision.rx_interval_ns, (IRQMOD_MLX4_COAL_TIME_MAX - 1) * 1000u);
		/* 65535 us is Linux's "nothing written yet": the first window does not write it. */
		decision = one_window(&wide, 1000000, 1500);
		assert_int_equal(decision.rx_interval_ns, 16000);
		assert_false(decision.changed);
	}
}

static void test_mlx4_reset_restarts_window_and_first_write(void **state)
{
	const struct irqmod_mlx4_config *config = *state;
	struct irqmod_decision decision;
	struct irqmod_mlx4 mlx4;

	assert_int_equal(irqmod_mlx4_init(&mlx4, config), 0);
	decision = feed(&mlx4, 1000 * MS, 500000, 1500);
	assert_int_equal(decision.rx_interval_ns, 128000);
	feed(&mlx4, 1100 * MS, 500000, 1500);
	irqmod_mlx4_reset(&mlx4);
	irqmod_mlx4_current(&mlx4, &decision);
	assert_int_equal(decision.rx_interval_ns, 16000);
	assert_int_equal(decision.frames, 44);
	assert_false(decision.changed);
	/* The window runs from 0 again, and the counts before reset are gone. */
	decision = feed(&mlx4, 1000 * MS, 0, 0);
	assert_int_equal(decision.rx_interval_ns, 0);
	assert_true(decision.changed);
}

static void expect_rejected(const struct irqmod_mlx4_config *config, const char *field,
			    int code)
{
	struct irqmod_config_error error;
	struct irqmod_mlx4 mlx4;

	memset(&error, 0, sizeof(error));
	memset(&mlx4, 0xa5, sizeof(mlx4));
	assert_int_equal(irqmod_mlx4_config_check(config, &error), code);
	assert_string_equal(error.kind, "mlx4");
	assert_string_equal(error.field, field);
	assert_int_equal(irqmod_mlx4_init(&mlx4, config), code);
	assert_int_equal(mlx4.interval_ns, 0xa5a5a5a5); /* untouched */
}

static void test_mlx4_bad_configs_name_their_field(void **state)
{
	const struct irqmod_mlx4_config *good = *state;
	struct irqmod_mlx4_config config;
	struct irqmod_mlx4 mlx4;

	assert_int_equal(irqmod_mlx4_config_check(good, NULL), 0);
	config = *good;
	config.rx_usecs = 65536;
	expect_rejected(&config, "rx_usecs", -IRQMOD_ERANGE);
	config = *good;
	config.rx_usecs_low = 65536;
	expect_rejected(&config, "rx_usecs_low", -IRQMOD_ERANGE);
	config = *good;
	config.rx_usecs_high = 65536;
	expect_rejected(&config, "rx_usecs_high", -IRQMOD_ERANGE);
	config = *good;
	config.rx_usecs_low = 129;
	expect_rejected(&config, "rx_usecs_high", -IRQMOD_ERANGE);
	config = *good;
	config.rx_frames = 65536;
	expect_rejected(&config, "rx_frames", -IRQMOD_ERANGE);
	config = *good;
	config.rx_rings = 0;
	expect_rejected(&config, "rx_rings", -IRQMOD_ERANGE);
	expect_rejected(NULL, "config", -IRQMOD_EINVAL);
	assert_int_equal(irqmod_mlx4_init(NULL, good), -IRQMOD_EINVAL);
	/* Equal rates make a step, which Linux takes too. */
	config = *good;
	config.pkt_rate_high_per_s = config.pkt_rate_low_per_s;
	assert_int_equal(irqmod_mlx4_init(&mlx4, &config), 0);
}

static void test_mlx4_high_rate_at_or_below_low_rate_is_a_step(void **state)
{
	struct irqmod_mlx4_config config = *(const struct irqmod_mlx4_config *)*state;

	/* Linux: at most the low rate is low, anything above it is at least the high rate. */
	config.pkt_rate_high_per_s = 300000;
	assert_int_equal(one_window(&config, 400000, 1500).rx_interval_ns, 0);
	assert_int_equal(one_window(&config, 400001, 1500).rx_interval_ns, 128000);
	config.pkt_rate_high_per_s = config.pkt_rate_low_per_s;
	assert_int_equal(one_window(&config, 400001, 1500).rx_interval_ns, 128000);
}

static void test_mlx4_vectors_match_hand_derivations(void **state)
{
	uint32_t i;

	(void)state;
	for (i = 0; i < TEST_ARRAY_COUNT(irqmod_mlx4_vectors); i++) {
		struct irqmod_vector_result result;
		struct irqmod_controller controller;

		if (!irqmod_vector_case_run(&irqmod_mlx4_vectors[i], &controller, &result)) {
			test_vector_print_failure("mlx4", irqmod_mlx4_vectors[i].name, &result);
			fail();
		}
	}
}

static void test_mlx4_generic_dispatch_runs_the_defaults(void **state)
{
	struct irqmod_controller_config config;
	struct irqmod_controller controller;
	struct irqmod_sample sample = { .now_ns = 300 * MS, .rx_packets = 150000,
					.rx_bytes = 150000 * 1500ull };
	struct irqmod_decision decision;

	(void)state;
	assert_string_equal(irqmod_kind_name(IRQMOD_KIND_MLX4), "mlx4");
	assert_int_equal(irqmod_controller_default_config(&config, IRQMOD_KIND_MLX4, 10000), 0);
	assert_int_equal(irqmod_controller_init(&controller, &config), 0);
	irqmod_controller_update(&controller, &sample, &decision);
	assert_int_equal(decision.rx_interval_ns, 128000); /* 500000/s */
	assert_int_equal(decision.frames, 44);
}

#define MLX4_TEST(name) cmocka_unit_test_setup_teardown(name, setup_defaults, teardown_nothing)

int main(void)
{
	const struct CMUnitTest tests[] = {
		MLX4_TEST(test_mlx4_defaults_are_linux_mlx4_en),
		MLX4_TEST(test_mlx4_low_rate_gives_rx_usecs_low),
		MLX4_TEST(test_mlx4_high_rate_gives_rx_usecs_high),
		MLX4_TEST(test_mlx4_rate_in_between_is_linear),
		MLX4_TEST(test_mlx4_small_packets_or_low_rate_keep_the_minimum),
		MLX4_TEST(test_mlx4_adaptive_off_answers_rx_usecs),
		MLX4_TEST(test_mlx4_window_not_elapsed_keeps_the_interval_and_counts),
		MLX4_TEST(test_mlx4_window_zero_decides_whenever_time_advanced),
		MLX4_TEST(test_mlx4_extreme_inputs_stay_in_bounds),
		MLX4_TEST(test_mlx4_reset_restarts_window_and_first_write),
		MLX4_TEST(test_mlx4_bad_configs_name_their_field),
		MLX4_TEST(test_mlx4_high_rate_at_or_below_low_rate_is_a_step),
		MLX4_TEST(test_mlx4_vectors_match_hand_derivations),
		MLX4_TEST(test_mlx4_generic_dispatch_runs_the_defaults),
	};

	return cmocka_run_group_tests_name("mlx4", tests, NULL, NULL);
}
