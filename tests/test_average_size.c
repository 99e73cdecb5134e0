/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "irqmod/average_size.h"
#include "irqmod/controller.h"
#include "vector_test_util.h"
#include "vectors/average_size_run.h"
#include "support.h"

_Static_assert(sizeof(struct irqmod_average_size) <= 64,
	       "average-size state must fit 64 bytes");

static void preset_or_fail(struct irqmod_average_size_config *config,
			   uint32_t preset, uint32_t speed)
{
	assert_int_equal(irqmod_average_size_preset(config, preset, speed), 0);
}

/*
 * The formula at its edges (s = min(avg + 24, 3000)):
 * avg 0 -> 24 -> 12;  avg 1 -> 25 -> 12;  avg 276 -> 300 -> 150;
 * avg 277 -> 301 -> 100;  avg 1175 -> 1199 -> 399;  avg 1176 -> 1200 -> 600;
 * avg 2975 -> 2999 -> 1499;  avg 2976 -> 3000 -> 1500; UINT64_MAX -> 1500.
 */
static void test_average_size_value_matches_the_formula_at_its_edges(void **unused)
{
	(void)unused;
	assert_int_equal(irqmod_average_size_value(0), 12);
	assert_int_equal(irqmod_average_size_value(1), 12);
	assert_int_equal(irqmod_average_size_value(276), 150);
	assert_int_equal(irqmod_average_size_value(277), 100);
	assert_int_equal(irqmod_average_size_value(1175), 399);
	assert_int_equal(irqmod_average_size_value(1176), 600);
	assert_int_equal(irqmod_average_size_value(2975), 1499);
	assert_int_equal(irqmod_average_size_value(2976), 1500);
	assert_int_equal(irqmod_average_size_value(UINT64_MAX), 1500);
}

static void test_average_size_vectors_match_hand_derivations(void **unused)
{
	/* tests/vectors/average_size_run.h: the runner the kernel self-test uses too. */
	static const struct irqmod_vector_custom_set set = IRQMOD_VECTOR_CUSTOM_SET(average_size);

	(void)unused;
	test_vector_custom_set_passes(&set);
}

static void test_average_size_init_null_pointers_are_rejected(void **unused)
{
	struct irqmod_average_size_config config;
	struct irqmod_average_size state;

	(void)unused;
	preset_or_fail(&config, IRQMOD_AVERAGE_SIZE_PRESET_IGB, 1000);
	assert_int_equal(irqmod_average_size_init(NULL, &config), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_average_size_init(&state, NULL), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_average_size_preset(NULL, 0, 1000), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_average_size_preset(&config,
			 IRQMOD_AVERAGE_SIZE_PRESET_COUNT, 1000), -IRQMOD_EPRESET);
	assert_int_equal(irqmod_average_size_preset(&config, 0, 0), -IRQMOD_ELINK);
}

static void expect_init_error(const struct irqmod_average_size_config *config,
			      int error)
{
	struct irqmod_average_size state;

	memset(&state, 0xa5, sizeof(state));
	assert_int_equal(irqmod_average_size_init(&state, config), error);
	assert_int_equal(state.level, 0xa5a5a5a5); /* untouched */
}

static void test_average_size_init_bad_configs_return_their_codes(void **unused)
{
	struct irqmod_average_size_config good, config;

	(void)unused;
	preset_or_fail(&good, IRQMOD_AVERAGE_SIZE_PRESET_IGB, 1000);
	config = good;
	config.encoding = IRQMOD_ITR_ENCODING_COUNT;
	expect_init_error(&config, -IRQMOD_EINVAL);
	config = good;
	config.output = IRQMOD_AVERAGE_SIZE_OUTPUT_COUNT;
	expect_init_error(&config, -IRQMOD_EINVAL);
	/* A register output on a rate encoding means nothing. */
	config = good;
	config.encoding = IRQMOD_ITR_ENCODING_E1000_ITR_RATE;
	expect_init_error(&config, -IRQMOD_EINVAL);
	config = good;
	config.link_speed_mbps = 0;
	expect_init_error(&config, -IRQMOD_ELINK);
	config = good;
	config.start_level = 2; /* below the igb minimum of 4 */
	expect_init_error(&config, -IRQMOD_ERANGE);
	config = good;
	config.slow_link_level = 0x8000;
	expect_init_error(&config, -IRQMOD_ERANGE);
	config = good;
	config.min_value = 1501;
	expect_init_error(&config, -IRQMOD_ERANGE);

	preset_or_fail(&good, IRQMOD_AVERAGE_SIZE_PRESET_FREEBSD_EM, 1000);
	config = good;
	config.rate_dividend = 149999; /* 149999 / 1500 < 100 ints/s */
	expect_init_error(&config, -IRQMOD_ERANGE);
	config = good;
	config.max_rate_per_s = 100001;
	expect_init_error(&config, -IRQMOD_ERANGE);
	config = good;
	config.output = IRQMOD_AVERAGE_SIZE_OUTPUT_REGISTER;
	expect_init_error(&config, -IRQMOD_EINVAL);
}

/*
 * Bounds: register outputs lie between the interval of the smallest value
 * (12, or the floor) and of 1500, or the start level; rate outputs between
 * the cap and 4000000 / 1500 = 2666 ints/s.
 */
static void test_average_size_odd_inputs_stay_within_bounds(void **unused)
{
	static const struct { uint32_t preset, low_ns, high_ns; } cases[] = {
		{ IRQMOD_AVERAGE_SIZE_PRESET_IGB, 49000, 375000 },
		{ IRQMOD_AVERAGE_SIZE_PRESET_FREEBSD_IX, 2000, 374000 },
		{ IRQMOD_AVERAGE_SIZE_PRESET_FREEBSD_EM, 50000, 375000 },
	};
	size_t c;

	(void)unused;
	for (c = 0; c < TEST_ARRAY_SIZE(cases); c++) {
		struct irqmod_average_size_config config;
		struct irqmod_average_size state;
		uint32_t i, seed = (uint32_t)c + 7;

		preset_or_fail(&config, cases[c].preset, 10000);
		assert_int_equal(irqmod_average_size_init(&state, &config), 0);
		for (i = 0; i < 20000; i++) {
			struct irqmod_sample sample = { .now_ns = UINT64_MAX - i };
			struct irqmod_decision decision;

			switch (test_next_random(&seed) % 4) {
			case 0:
				sample.rx_bytes = UINT64_MAX;
				sample.rx_packets = 1;
				sample.tx_bytes = UINT64_MAX;
				sample.tx_packets = UINT32_MAX;
				break;
			case 1:
				sample.rx_bytes = test_next_random(&seed);
				break;
			default:
				sample.rx_packets = 1 + test_next_random(&seed) % 64;
				sample.rx_bytes = (uint64_t)sample.rx_packets *
						  (1 + test_next_random(&seed) % 9500);
				break;
			}
			irqmod_average_size_update(&state, &sample, &decision);
			assert_in_range(decision.rx_interval_ns, cases[c].low_ns,
					cases[c].high_ns);
		}
	}
}

static void test_average_size_reset_restores_start_level(void **unused)
{
	struct irqmod_average_size_config config;
	struct irqmod_average_size state;
	struct irqmod_sample jumbo = { .rx_bytes = 9000, .rx_packets = 1 };
	struct irqmod_decision decision;

	(void)unused;
	preset_or_fail(&config, IRQMOD_AVERAGE_SIZE_PRESET_IGB, 1000);
	assert_int_equal(irqmod_average_size_init(&state, &config), 0);
	irqmod_average_size_update(&state, &jumbo, &decision);
	assert_int_equal(state.level, 1500);
	irqmod_average_size_reset(&state);
	assert_int_equal(state.level, 648);
	assert_int_equal(state.interval_ns, 162000);
}

/*
 * igb's preset with ixgbe's EITR encoding takes the general path (the igb
 * path is for the igb encoding only) and still counts TX: RX 64-byte
 * frames (88 -> value 44), TX 1500-byte frames (1524 -> 762, floor 196
 * not reached): level 762, register 762 & 0xFF8 = 760, 760 >> 2 = 190 us.
 * A second sample whose level moves (1000 B TX: 1024 / 3 = 341, register
 * 336, 84 us) reports the register change; one that keeps it does not.
 */
static void test_average_size_register_path_with_another_encoding_counts_tx(void **unused)
{
	struct irqmod_average_size_config config;
	struct irqmod_average_size state;
	struct irqmod_sample sample = { .rx_bytes = 640, .rx_packets = 10,
					.tx_bytes = 15000, .tx_packets = 10 };
	struct irqmod_decision decision;

	(void)unused;
	preset_or_fail(&config, IRQMOD_AVERAGE_SIZE_PRESET_IGB, 1000);
	config.encoding = IRQMOD_ITR_ENCODING_IXGBE_EITR;
	config.start_level = 128;
	assert_int_equal(irqmod_average_size_init(&state, &config), 0);
	assert_false(state.formula_both);
	irqmod_average_size_update(&state, &sample, &decision);
	assert_int_equal(state.level, 762);
	assert_int_equal(state.register_value, 760);
	assert_int_equal(decision.rx_interval_ns, 190000);
	assert_int_equal(decision.tx_interval_ns, 190000);
	assert_true(decision.changed);
	sample.tx_bytes = 10000;
	irqmod_average_size_update(&state, &sample, &decision);
	assert_int_equal(state.level, 341);
	assert_int_equal(state.register_value, 336);
	assert_int_equal(decision.rx_interval_ns, 84000);
	assert_true(decision.changed);
	irqmod_average_size_update(&state, &sample, &decision);
	assert_int_equal(decision.rx_interval_ns, 84000);
	assert_false(decision.changed);
}

static void test_average_size_generic_dispatch_runs_igb_by_default(void **unused)
{
	struct irqmod_controller_config config;
	struct irqmod_controller controller;
	struct irqmod_sample frames = { .rx_bytes = 15000, .rx_packets = 10 };
	struct irqmod_decision decision;

	(void)unused;
	assert_string_equal(irqmod_kind_name(IRQMOD_KIND_AVERAGE_SIZE), "average-size");
	assert_int_equal(irqmod_controller_default_config(&config,
			 IRQMOD_KIND_AVERAGE_SIZE, 1000), 0);
	assert_int_equal(irqmod_controller_init(&controller, &config), 0);
	irqmod_controller_update(&controller, &frames, &decision);
	assert_int_equal(decision.rx_interval_ns, 190000); /* 1500 B -> 760 */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_average_size_value_matches_the_formula_at_its_edges),
		cmocka_unit_test(test_average_size_vectors_match_hand_derivations),
		cmocka_unit_test(test_average_size_init_null_pointers_are_rejected),
		cmocka_unit_test(test_average_size_init_bad_configs_return_their_codes),
		cmocka_unit_test(test_average_size_odd_inputs_stay_within_bounds),
		cmocka_unit_test(test_average_size_reset_restores_start_level),
		cmocka_unit_test(test_average_size_register_path_with_another_encoding_counts_tx),
		cmocka_unit_test(test_average_size_generic_dispatch_runs_igb_by_default),
	};

	return cmocka_run_group_tests_name("average_size", tests, NULL, NULL);
}
