/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "irqmod/convert.h"

static void test_convert_ns_usecs_round_down_and_saturate(void **unused)
{
	(void)unused;
	assert_int_equal(irqmod_ns_to_usecs(0), 0);
	assert_int_equal(irqmod_ns_to_usecs(1), 0);
	assert_int_equal(irqmod_ns_to_usecs(999), 0);
	assert_int_equal(irqmod_ns_to_usecs(1000), 1);
	assert_int_equal(irqmod_ns_to_usecs(UINT32_MAX), 4294967); /* 4294967295 / 1000 */

	assert_int_equal(irqmod_usecs_to_ns(0), 0);
	assert_int_equal(irqmod_usecs_to_ns(1), 1000);
	/* 4294967 * 1000 = 4,294,967,000 still fits; one more saturates. */
	assert_int_equal(irqmod_usecs_to_ns(4294967), 4294967000u);
	assert_int_equal(irqmod_usecs_to_ns(4294968), UINT32_MAX);
	assert_int_equal(irqmod_usecs_to_ns(UINT32_MAX), UINT32_MAX);
}

static void test_convert_rates_round_down_and_zero_means_unthrottled(void **unused)
{
	(void)unused;
	assert_int_equal(irqmod_interval_ns_to_rate_per_s(0), 0);
	assert_int_equal(irqmod_interval_ns_to_rate_per_s(1), 1000000000u);
	/* 1e9 / 84000 = 11904.76 -> 11904 (ixgbe's "12K"). */
	assert_int_equal(irqmod_interval_ns_to_rate_per_s(84000), 11904);
	/* 1e9 / 126000 = 7936.5 -> 7936 (Linux ixgbe's bulk floor). */
	assert_int_equal(irqmod_interval_ns_to_rate_per_s(126000), 7936);
	/* Intervals above 1 s allow less than one interrupt per second. */
	assert_int_equal(irqmod_interval_ns_to_rate_per_s(UINT32_MAX), 0);

	assert_int_equal(irqmod_rate_per_s_to_interval_ns(0), 0);
	assert_int_equal(irqmod_rate_per_s_to_interval_ns(1), 1000000000u);
	assert_int_equal(irqmod_rate_per_s_to_interval_ns(20000), 50000);
	/* 1e9 / 12000 = 83333.3 -> 83333. */
	assert_int_equal(irqmod_rate_per_s_to_interval_ns(12000), 83333);
	assert_int_equal(irqmod_rate_per_s_to_interval_ns(1000000000u), 1);
	/* Above 1e9/s the interval rounds to 0: no throttling. */
	assert_int_equal(irqmod_rate_per_s_to_interval_ns(UINT32_MAX), 0);
}

static void test_convert_ixgbe_eitr_masks_odd_usecs_and_clamps(void **unused)
{
	(void)unused;
	assert_int_equal(irqmod_ixgbe_eitr_from_ns(0), 0);
	/* Non-zero intervals never turn throttling off: at least 8 (2 us). */
	assert_int_equal(irqmod_ixgbe_eitr_from_ns(1), 0x8);
	assert_int_equal(irqmod_ixgbe_eitr_from_ns(1999), 0x8);
	assert_int_equal(irqmod_ixgbe_eitr_from_ns(2000), 0x8);
	/* Odd usecs lose 1 us: 3 << 2 = 12, & 0xFF8 = 8; 51 << 2 = 204 -> 200. */
	assert_int_equal(irqmod_ixgbe_eitr_from_ns(3000), 0x8);
	assert_int_equal(irqmod_ixgbe_eitr_from_ns(51000), 200);
	assert_int_equal(irqmod_ixgbe_eitr_from_ns(50000), 200); /* IXGBE_20K_ITR */
	assert_int_equal(irqmod_ixgbe_eitr_from_ns(84000), 336); /* IXGBE_12K_ITR */
	assert_int_equal(irqmod_ixgbe_eitr_from_ns(126000), 504);
	/* Ceiling: 0xFF8 = 1022 us << 2. */
	assert_int_equal(irqmod_ixgbe_eitr_from_ns(1022000), 0xFF8);
	assert_int_equal(irqmod_ixgbe_eitr_from_ns(1023000), 0xFF8);
	assert_int_equal(irqmod_ixgbe_eitr_from_ns(UINT32_MAX), 0xFF8);

	assert_int_equal(irqmod_ixgbe_eitr_to_ns(0), 0);
	assert_int_equal(irqmod_ixgbe_eitr_to_ns(0x8), 2000);
	assert_int_equal(irqmod_ixgbe_eitr_to_ns(200), 50000);
	/* Bits outside 11:3 (e.g. CNT_WDIS, bit 31; bit 2) are ignored. */
	assert_int_equal(irqmod_ixgbe_eitr_to_ns(0x80000000u | 200), 50000);
	assert_int_equal(irqmod_ixgbe_eitr_to_ns(0x4), 0);
	assert_int_equal(irqmod_ixgbe_eitr_to_ns(0xFF8), 1022000);
	assert_int_equal(irqmod_ixgbe_eitr_to_ns(UINT32_MAX), 1022000);
}

static void test_convert_e1000_itr_counts_256_ns_units(void **unused)
{
	(void)unused;
	assert_int_equal(irqmod_e1000_itr_from_ns(0), 0);
	assert_int_equal(irqmod_e1000_itr_from_ns(1), 1);
	assert_int_equal(irqmod_e1000_itr_from_ns(255), 1);
	assert_int_equal(irqmod_e1000_itr_from_ns(511), 1);
	assert_int_equal(irqmod_e1000_itr_from_ns(512), 2);
	/* SDM example: 500 units = 128 us. */
	assert_int_equal(irqmod_e1000_itr_from_ns(128000), 500);
	/* Ceiling 0xFFFF * 256 = 16,776,960 ns. */
	assert_int_equal(irqmod_e1000_itr_from_ns(16776960), 0xFFFF);
	assert_int_equal(irqmod_e1000_itr_from_ns(16777216), 0xFFFF);
	assert_int_equal(irqmod_e1000_itr_from_ns(UINT32_MAX), 0xFFFF);

	assert_int_equal(irqmod_e1000_itr_to_ns(0), 0);
	assert_int_equal(irqmod_e1000_itr_to_ns(1), 256);
	assert_int_equal(irqmod_e1000_itr_to_ns(500), 128000);
	assert_int_equal(irqmod_e1000_itr_to_ns(0xFFFF), 16776960);
	/* Only the 16-bit field counts. */
	assert_int_equal(irqmod_e1000_itr_to_ns(0x10000 | 500), 128000);
}

static void test_convert_igb_eitr_keeps_whole_usecs(void **unused)
{
	(void)unused;
	assert_int_equal(irqmod_igb_eitr_from_ns(0), 0);
	assert_int_equal(irqmod_igb_eitr_from_ns(1), 0x4);
	assert_int_equal(irqmod_igb_eitr_from_ns(1999), 0x4);
	/* Odd usecs survive (1 us resolution): 3 << 2 = 12. */
	assert_int_equal(irqmod_igb_eitr_from_ns(3000), 12);
	assert_int_equal(irqmod_igb_eitr_from_ns(49000), 196); /* IGB_20K_ITR */
	/* Ceiling 0x7FFC = 8191 us << 2. */
	assert_int_equal(irqmod_igb_eitr_from_ns(8191000), 0x7FFC);
	assert_int_equal(irqmod_igb_eitr_from_ns(8192000), 0x7FFC);
	assert_int_equal(irqmod_igb_eitr_from_ns(UINT32_MAX), 0x7FFC);

	assert_int_equal(irqmod_igb_eitr_to_ns(0), 0);
	assert_int_equal(irqmod_igb_eitr_to_ns(0x3), 0);
	assert_int_equal(irqmod_igb_eitr_to_ns(0x4), 1000);
	assert_int_equal(irqmod_igb_eitr_to_ns(196), 49000);
	assert_int_equal(irqmod_igb_eitr_to_ns(0x7FFC), 8191000);
	assert_int_equal(irqmod_igb_eitr_to_ns(UINT32_MAX), 8191000);
}

static void test_convert_i40e_itr_counts_2_usec_units(void **unused)
{
	(void)unused;
	assert_int_equal(irqmod_i40e_itr_from_ns(0), 0);
	assert_int_equal(irqmod_i40e_itr_from_ns(1), 1);
	assert_int_equal(irqmod_i40e_itr_from_ns(3999), 1);
	assert_int_equal(irqmod_i40e_itr_from_ns(4000), 2);
	assert_int_equal(irqmod_i40e_itr_from_ns(50000), 25); /* I40E_ITR_20K */
	/* Ceiling 0xFF0 units = 8160 us (I40E_MAX_ITR). */
	assert_int_equal(irqmod_i40e_itr_from_ns(8160000), 0xFF0);
	assert_int_equal(irqmod_i40e_itr_from_ns(8162000), 0xFF0);
	assert_int_equal(irqmod_i40e_itr_from_ns(UINT32_MAX), 0xFF0);

	assert_int_equal(irqmod_i40e_itr_to_ns(0), 0);
	assert_int_equal(irqmod_i40e_itr_to_ns(1), 2000);
	assert_int_equal(irqmod_i40e_itr_to_ns(0xFF0), 8160000);
	assert_int_equal(irqmod_i40e_itr_to_ns(0xFFF), 8160000);
	assert_int_equal(irqmod_i40e_itr_to_ns(UINT32_MAX), 8160000);
}

static void test_convert_round_trips_are_stable_on_register_values(void **unused)
{
	uint32_t value;

	(void)unused;
	/* Every representable register value maps back to itself. */
	for (value = 0x8; value <= 0xFF8; value += 8)
		assert_int_equal(irqmod_ixgbe_eitr_from_ns(irqmod_ixgbe_eitr_to_ns(value)),
				 value);
	for (value = 0x4; value <= 0x7FFC; value += 4)
		assert_int_equal(irqmod_igb_eitr_from_ns(irqmod_igb_eitr_to_ns(value)),
				 value);
	for (value = 1; value <= 0xFFFF; value++)
		assert_int_equal(irqmod_e1000_itr_from_ns(irqmod_e1000_itr_to_ns(value)),
				 value);
	for (value = 1; value <= 0xFF0; value++)
		assert_int_equal(irqmod_i40e_itr_from_ns(irqmod_i40e_itr_to_ns(value)),
				 value);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_convert_ns_usecs_round_down_and_saturate),
		cmocka_unit_test(test_convert_rates_round_down_and_zero_means_unthrottled),
		cmocka_unit_test(test_convert_ixgbe_eitr_masks_odd_usecs_and_clamps),
		cmocka_unit_test(test_convert_e1000_itr_counts_256_ns_units),
		cmocka_unit_test(test_convert_igb_eitr_keeps_whole_usecs),
		cmocka_unit_test(test_convert_i40e_itr_counts_2_usec_units),
		cmocka_unit_test(test_convert_round_trips_are_stable_on_register_values),
	};

	return cmocka_run_group_tests_name("convert", tests, NULL, NULL);
}
