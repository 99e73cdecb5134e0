/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "irqmod/controller.h"
#include "irqmod/ixgbe_legacy.h"
#include "vector_test_util.h"
#include "vectors/ixgbe_legacy_run.h"
#include "support.h"

_Static_assert(sizeof(struct irqmod_ixgbe_legacy) <= 64,
	       "ixgbe-legacy state must fit 64 bytes");

static void init_or_fail(struct irqmod_ixgbe_legacy *state, bool floor_12k,
			 bool tx_only)
{
	struct irqmod_ixgbe_legacy_config config;

	assert_int_equal(irqmod_ixgbe_legacy_default_config(&config), 0);
	config.floor_12k = floor_12k;
	config.tx_only = tx_only;
	assert_int_equal(irqmod_ixgbe_legacy_init(state, &config), 0);
}

static void test_ixgbe_legacy_vectors_match_hand_derivations(void **unused)
{
	/* tests/vectors/ixgbe_legacy_run.h: the runner the kernel self-test uses too. */
	static const struct irqmod_vector_custom_set set = IRQMOD_VECTOR_CUSTOM_SET(ixgbe_legacy);

	(void)unused;
	test_vector_custom_set_passes(&set);
}

/*
 * Rising toward a bulk value n, the truncated smoothing stops where
 * x * (n - x) / (9n + x) < 1, short of n:
 *   n = 336: x = 325 -> 1092000 / 3349 = 326; x = 326 -> 1095360 / 3350 = 326.
 *            326 & 0xFF8 = 320 -> 80 us (12.5K/s, not 84 us).
 *   n = 500: x = 489 -> 2445000 / 4989 = 490; x = 490 -> 2450000 / 4990 = 490.
 *            490 & 0xFF8 = 488 -> 122 us (8.2K/s, not 125 us).
 * Falling, x = n + 1 gives 10n(n+1) / (10n+1) = n exactly, so 40 is reached.
 */
static void run_bulk_until_settled(struct irqmod_ixgbe_legacy *state)
{
	struct irqmod_sample bulk = { .rx_bytes = 96896, .rx_packets = 64 };
	struct irqmod_decision decision;
	int i;

	for (i = 0; i < 400; i++)
		irqmod_ixgbe_legacy_update(state, &bulk, &decision);
}

static void test_ixgbe_legacy_bulk_settles_below_the_class_value(void **unused)
{
	struct irqmod_ixgbe_legacy state;
	struct irqmod_sample ping = { .rx_bytes = 64, .rx_packets = 1 };
	struct irqmod_decision decision;
	int i;

	(void)unused;
	init_or_fail(&state, true, false);
	run_bulk_until_settled(&state);
	assert_int_equal(state.itr, 326);
	assert_int_equal(state.interval_ns, 80000);
	init_or_fail(&state, false, false);
	run_bulk_until_settled(&state);
	assert_int_equal(state.itr, 490);
	assert_int_equal(state.interval_ns, 122000);
	/* Back down: bulk -> low -> lowest, one class per update; 40 is reached. */
	for (i = 0; i < 400; i++)
		irqmod_ixgbe_legacy_update(&state, &ping, &decision);
	assert_int_equal(state.itr, 40);
	assert_int_equal(decision.rx_interval_ns, 10000);
}

/*
 * Per container, one class per update in both directions; the vector takes
 * the slower container. At itr 200 (50 us), 2000 B is 40 B/us (> 20) and
 * 64 B is 1 B/us (<= 10).
 */
static void test_ixgbe_legacy_classes_move_one_step_and_vector_takes_max(void **unused)
{
	struct irqmod_ixgbe_legacy state;
	struct irqmod_sample heavy_tx = { .tx_bytes = 2000, .tx_packets = 2,
					  .rx_bytes = 64, .rx_packets = 1 };
	struct irqmod_sample light = { .tx_bytes = 64, .tx_packets = 1 };
	struct irqmod_decision decision;

	(void)unused;
	init_or_fail(&state, true, false);
	state.itr = 200;
	irqmod_ixgbe_legacy_update(&state, &heavy_tx, &decision);
	assert_int_equal(state.tx_class, IRQMOD_LATENCY_LOW); /* not bulk yet */
	assert_int_equal(state.rx_class, IRQMOD_LATENCY_LOWEST);
	assert_int_equal(state.itr, 200); /* max is low: target 200 = itr */
	irqmod_ixgbe_legacy_update(&state, &heavy_tx, &decision);
	assert_int_equal(state.tx_class, IRQMOD_LATENCY_BULK);
	/* 10*336*200 / 3224 = 208: the vector follows TX's bulk class. */
	assert_int_equal(state.itr, 208);
	irqmod_ixgbe_legacy_update(&state, &light, &decision);
	assert_int_equal(state.tx_class, IRQMOD_LATENCY_LOW);
	irqmod_ixgbe_legacy_update(&state, &light, &decision);
	assert_int_equal(state.tx_class, IRQMOD_LATENCY_LOWEST);
}

/*
 * Bytes per nominal microsecond is bytes per interrupt: one 1514 B frame
 * per update at 50 us is 1514 / 50 = 30 B/us: lowest -> low (> 10), then
 * low -> bulk (> 20), however far apart the frames are (the sample times
 * here are an hour apart).
 */
static void test_ixgbe_legacy_sparse_full_frames_are_classed_bulk(void **unused)
{
	struct irqmod_ixgbe_legacy state;
	struct irqmod_sample frame = { .rx_bytes = 1514, .rx_packets = 1 };
	struct irqmod_decision decision;

	(void)unused;
	init_or_fail(&state, true, false);
	frame.now_ns = 3600000000000ull;
	irqmod_ixgbe_legacy_update(&state, &frame, &decision);
	assert_int_equal(state.rx_class, IRQMOD_LATENCY_LOW);
	frame.now_ns *= 2;
	irqmod_ixgbe_legacy_update(&state, &frame, &decision);
	assert_int_equal(state.rx_class, IRQMOD_LATENCY_BULK);
	/* 10*336*200 / 3224 = 208 -> 52 us. */
	assert_int_equal(decision.rx_interval_ns, 52000);
}

static void test_ixgbe_legacy_init_errors_leave_state_untouched(void **unused)
{
	struct irqmod_ixgbe_legacy_config config;
	struct irqmod_ixgbe_legacy state;

	(void)unused;
	assert_int_equal(irqmod_ixgbe_legacy_default_config(NULL), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_ixgbe_legacy_default_config(&config), 0);
	assert_int_equal(config.low_bytes_per_usec, 10);
	assert_int_equal(config.bulk_bytes_per_usec, 20);
	assert_true(config.floor_12k);
	assert_int_equal(irqmod_ixgbe_legacy_init(NULL, &config), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_ixgbe_legacy_init(&state, NULL), -IRQMOD_EINVAL);
	memset(&state, 0xa5, sizeof(state));
	config.bulk_bytes_per_usec = 9;
	assert_int_equal(irqmod_ixgbe_legacy_init(&state, &config), -IRQMOD_ETABLE);
	assert_int_equal(state.itr, 0xa5a5a5a5);
	/* Equal thresholds are allowed: low then never stays low. */
	config.bulk_bytes_per_usec = 10;
	assert_int_equal(irqmod_ixgbe_legacy_init(&state, &config), 0);
}

/* Intervals stay in [10 us, 84 us] with the floor and [10, 125] without. */
static void test_ixgbe_legacy_odd_inputs_stay_within_bounds(void **unused)
{
	int floor_12k, tx_only;

	(void)unused;
	for (floor_12k = 0; floor_12k < 2; floor_12k++)
		for (tx_only = 0; tx_only < 2; tx_only++) {
			struct irqmod_ixgbe_legacy state;
			uint32_t i, seed = (uint32_t)(floor_12k * 2 + tx_only + 1);
			uint32_t high_ns = floor_12k ? 84000 : 125000;

			init_or_fail(&state, floor_12k, tx_only);
			for (i = 0; i < 20000; i++) {
				struct irqmod_sample sample = { .now_ns = i % 3 ? 0 : UINT64_MAX };
				struct irqmod_decision decision;

				switch (test_next_random(&seed) % 4) {
				case 0:
					sample.rx_bytes = UINT64_MAX;
					sample.rx_packets = UINT32_MAX;
					sample.tx_bytes = UINT64_MAX;
					sample.tx_packets = 1;
					break;
				case 1:
					sample.tx_bytes = test_next_random(&seed);
					break;
				case 2:
					break;
				default:
					sample.rx_packets = 1 + test_next_random(&seed) % 8;
					sample.rx_bytes = test_next_random(&seed) % 4096;
					break;
				}
				irqmod_ixgbe_legacy_update(&state, &sample, &decision);
				assert_in_range(decision.rx_interval_ns, 10000, high_ns);
				assert_in_range(state.itr, 40, floor_12k ? 336 : 500);
			}
		}
}

static void test_ixgbe_legacy_generic_dispatch_defaults_to_the_12k_floor(void **unused)
{
	struct irqmod_controller_config config;
	struct irqmod_controller controller;

	(void)unused;
	assert_string_equal(irqmod_kind_name(IRQMOD_KIND_IXGBE_LEGACY), "ixgbe-legacy");
	assert_int_equal(irqmod_controller_default_config(&config,
			 IRQMOD_KIND_IXGBE_LEGACY, 10000), 0);
	assert_true(config.config.ixgbe_legacy.floor_12k);
	assert_int_equal(irqmod_controller_init(&controller, &config), 0);
	run_bulk_until_settled(&controller.state.ixgbe_legacy);
	assert_int_equal(controller.state.ixgbe_legacy.itr, 326);
	irqmod_controller_reset(&controller);
	assert_int_equal(controller.state.ixgbe_legacy.itr, 200);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ixgbe_legacy_vectors_match_hand_derivations),
		cmocka_unit_test(test_ixgbe_legacy_bulk_settles_below_the_class_value),
		cmocka_unit_test(test_ixgbe_legacy_classes_move_one_step_and_vector_takes_max),
		cmocka_unit_test(test_ixgbe_legacy_sparse_full_frames_are_classed_bulk),
		cmocka_unit_test(test_ixgbe_legacy_init_errors_leave_state_untouched),
		cmocka_unit_test(test_ixgbe_legacy_odd_inputs_stay_within_bounds),
		cmocka_unit_test(test_ixgbe_legacy_generic_dispatch_defaults_to_the_12k_floor),
	};

	return cmocka_run_group_tests_name("ixgbe_legacy", tests, NULL, NULL);
}
