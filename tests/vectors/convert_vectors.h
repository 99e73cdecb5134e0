/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Worked examples of the unit and register conversions (include/irqmod/
 * convert.h, lib/convert.c). Each expected value is worked out by hand from
 * the formula and register layout documented in convert.h; the comment on
 * each line shows the arithmetic.
 */
#ifndef IRQMOD_TESTS_CONVERT_VECTORS_H
#define IRQMOD_TESTS_CONVERT_VECTORS_H

#include "vectors.h"

static const struct irqmod_convert_vector irqmod_convert_vectors[] = {
	/* ns -> usecs rounds down: 1999 / 1000 = 1; 4294967295 / 1000 = 4294967. */
	{ "ns_to_usecs_rounds_down", irqmod_ns_to_usecs, 1999, 1 },
	{ "ns_to_usecs_zero", irqmod_ns_to_usecs, 0, 0 },
	{ "ns_to_usecs_u32_max", irqmod_ns_to_usecs, UINT32_MAX, 4294967 },

	/* usecs -> ns: 50 * 1000; 4294967 * 1000 = 4294967000 still fits in u32. */
	{ "usecs_to_ns_50", irqmod_usecs_to_ns, 50, 50000 },
	{ "usecs_to_ns_largest_exact", irqmod_usecs_to_ns, 4294967, 4294967000u },
	/* 4294968 * 1000 = 4294968000 > 2^32 - 1: saturates. */
	{ "usecs_to_ns_saturates", irqmod_usecs_to_ns, 4294968, UINT32_MAX },

	/* rate = 1e9 / interval: 1e9 / 50000 = 20000 (ixgbe's 20K ints/s). */
	{ "interval_to_rate_50_us", irqmod_interval_ns_to_rate_per_s, 50000, 20000 },
	/* 1e9 / 3 = 333333333.3, rounded down. */
	{ "interval_to_rate_rounds_down", irqmod_interval_ns_to_rate_per_s, 3, 333333333 },
	{ "interval_to_rate_one_ns", irqmod_interval_ns_to_rate_per_s, 1, 1000000000 },
	{ "interval_zero_is_no_limit", irqmod_interval_ns_to_rate_per_s, 0, 0 },

	/* interval = 1e9 / rate: 1e9 / 8000 = 125000 ns (ixgbe's bulk 8K). */
	{ "rate_to_interval_8000", irqmod_rate_per_s_to_interval_ns, 8000, 125000 },
	{ "rate_to_interval_20000", irqmod_rate_per_s_to_interval_ns, 20000, 50000 },
	{ "rate_to_interval_rounds_down", irqmod_rate_per_s_to_interval_ns, 3, 333333333 },
	{ "rate_zero_is_throttling_off", irqmod_rate_per_s_to_interval_ns, 0, 0 },

	/* ixgbe EITR = (usecs << 2) & 0xFF8: 50 us -> 200 = 0xC8 (low 3 bits clear). */
	{ "ixgbe_eitr_50_us", irqmod_ixgbe_eitr_from_ns, 50000, 200 },
	/* 3 us -> 12 = 0b1100, & 0xFF8 = 8: the 2 us granularity rounds down. */
	{ "ixgbe_eitr_odd_usecs_round_down", irqmod_ixgbe_eitr_from_ns, 3000, 8 },
	/* 1 us -> 4 & 0xFF8 = 0, clamped up to IXGBE_MIN_EITR 8 (non-zero interval). */
	{ "ixgbe_eitr_one_us_is_minimum", irqmod_ixgbe_eitr_from_ns, 1000, 8 },
	/* 999 ns -> 0 us; still a non-zero interval, so the minimum 8. */
	{ "ixgbe_eitr_below_one_us_is_minimum", irqmod_ixgbe_eitr_from_ns, 999, 8 },
	/* 10 ms = 10000 us > 0xFF8 >> 2 = 1022 us: capped at 1022 << 2 = 0xFF8. */
	{ "ixgbe_eitr_caps_at_field_maximum", irqmod_ixgbe_eitr_from_ns, 10000000, 0xFF8 },
	{ "ixgbe_eitr_zero_is_off", irqmod_ixgbe_eitr_from_ns, 0, 0 },
	/* back: (200 & 0xFF8) >> 2 = 50 us; (0xFFFF & 0xFF8) >> 2 = 1022 us; 7 & 0xFF8 = 0. */
	{ "ixgbe_eitr_200_is_50_us", irqmod_ixgbe_eitr_to_ns, 200, 50000 },
	{ "ixgbe_eitr_reserved_bits_ignored", irqmod_ixgbe_eitr_to_ns, 0xFFFF, 1022000 },
	{ "ixgbe_eitr_low_bits_ignored", irqmod_ixgbe_eitr_to_ns, 7, 0 },

	/* e1000 ITR in 256 ns units: 256000 / 256 = 1000. */
	{ "e1000_itr_256_us", irqmod_e1000_itr_from_ns, 256000, 1000 },
	/* 100 / 256 = 0, clamped up to 1 for a non-zero interval. */
	{ "e1000_itr_below_one_unit_is_one", irqmod_e1000_itr_from_ns, 100, 1 },
	/* 4294967295 / 256 = 16777215 > 0xFFFF: capped at 65535. */
	{ "e1000_itr_caps_at_16_bits", irqmod_e1000_itr_from_ns, UINT32_MAX, 0xFFFF },
	{ "e1000_itr_zero_is_off", irqmod_e1000_itr_from_ns, 0, 0 },
	/* back: 1000 * 256; (0x1FFFF & 0xFFFF) * 256 = 65535 * 256 = 16776960. */
	{ "e1000_itr_1000_is_256_us", irqmod_e1000_itr_to_ns, 1000, 256000 },
	{ "e1000_itr_upper_bits_ignored", irqmod_e1000_itr_to_ns, 0x1FFFF, 16776960 },

	/* igb EITR = (usecs << 2) & 0x7FFC: 50 us -> 200; 1 us -> 4. */
	{ "igb_eitr_50_us", irqmod_igb_eitr_from_ns, 50000, 200 },
	{ "igb_eitr_one_us", irqmod_igb_eitr_from_ns, 1000, 4 },
	/* 500 ns -> 0 us, non-zero interval: minimum 4. */
	{ "igb_eitr_below_one_us_is_minimum", irqmod_igb_eitr_from_ns, 500, 4 },
	/* 10000 us > 0x7FFC >> 2 = 8191 us: capped at 8191 << 2 = 0x7FFC. */
	{ "igb_eitr_caps_at_field_maximum", irqmod_igb_eitr_from_ns, 10000000, 0x7FFC },
	{ "igb_eitr_zero_is_off", irqmod_igb_eitr_from_ns, 0, 0 },
	/* back: (0xFFFF & 0x7FFC) >> 2 = 8191 us; 3 & 0x7FFC = 0. */
	{ "igb_eitr_reserved_bits_ignored", irqmod_igb_eitr_to_ns, 0xFFFF, 8191000 },
	{ "igb_eitr_low_bits_ignored", irqmod_igb_eitr_to_ns, 3, 0 },

	/* i40e ITR in 2 us units: 50000 / 2000 = 25. */
	{ "i40e_itr_50_us", irqmod_i40e_itr_from_ns, 50000, 25 },
	/* 1999 / 2000 = 0, clamped up to 1 for a non-zero interval. */
	{ "i40e_itr_below_one_unit_is_one", irqmod_i40e_itr_from_ns, 1999, 1 },
	/* 4294967295 / 2000 = 2147483 > I40E_MAX_ITR 0xFF0: capped at 4080. */
	{ "i40e_itr_caps_at_max_itr", irqmod_i40e_itr_from_ns, UINT32_MAX, 0xFF0 },
	{ "i40e_itr_zero_is_off", irqmod_i40e_itr_from_ns, 0, 0 },
	/* back: 25 * 2000; 0xFFFF capped at 0xFF0 = 4080 -> 8160000 ns (8160 us). */
	{ "i40e_itr_25_is_50_us", irqmod_i40e_itr_to_ns, 25, 50000 },
	{ "i40e_itr_above_max_is_capped", irqmod_i40e_itr_to_ns, 0xFFFF, 8160000 },
};

#endif /* IRQMOD_TESTS_CONVERT_VECTORS_H */
