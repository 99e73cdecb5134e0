/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Worked examples of the ixgbe-legacy controller, derived by hand from Linux
 * ixgbe_main.c ixgbe_update_itr/ixgbe_set_itr/ixgbe_write_eitr (3.x-4.14)
 * and ixgbe_lib.c ixgbe_alloc_q_vector. Plain static const data for the
 * CMocka test and a future kernel self-test.
 *
 * itr is usecs << 2; bytes/us = bytes / (itr >> 2); smoothing
 * new = 10 * target * itr / (9 * target + itr), truncated;
 * register = itr & 0xFF8; interval = register / 4 us.
 */
#ifndef IRQMOD_IXGBE_LEGACY_VECTORS_H
#define IRQMOD_IXGBE_LEGACY_VECTORS_H

#include "irqmod/ixgbe_legacy.h"
#include "steps.h"

/* Steps are struct irqmod_register_vector_step: register_value is
 * q_vector->itr (usecs << 2); changed when itr & 0xFF8 differs. */

/**
 * struct irqmod_ixgbe_legacy_vector - a named sequence.
 * @name: what it shows.
 * @floor_12k: config switch.
 * @tx_only: config switch.
 * @start_interval_ns: interval after init.
 * @steps: the sequence.
 * @count: number of steps.
 */
struct irqmod_ixgbe_legacy_vector {
	const char *name;
	bool floor_12k;
	bool tx_only;
	uint32_t start_interval_ns;
	const struct irqmod_register_vector_step *steps;
	uint32_t count;
};

/*
 * Light RX (one 64 B frame per update), start 200 (50 us):
 * 1: 64 / 50 = 1 <= 10: lowest stays; target 40:
 *    10*40*200 / (360+200) = 80000 / 560 = 142; 142 & 0xFF8 = 136 -> 34 us.
 * 2: 64 / 35 = 1; 10*40*142 / 502 = 56800 / 502 = 113 -> 112 -> 28 us.
 * 3: 10*40*113 / 473 = 45200 / 473 = 95 -> 88 -> 22 us.
 * 4: 10*40*95 / 455 = 38000 / 455 = 83 -> 80 -> 20 us.
 * 5: 10*40*83 / 443 = 33200 / 443 = 74 -> 72 -> 18 us.
 */
static const struct irqmod_register_vector_step il_light_steps[] = {
	{ { .now_ns = 1, .rx_bytes = 64, .rx_packets = 1 }, 142, 34000, true },
	{ { .now_ns = 2, .rx_bytes = 64, .rx_packets = 1 }, 113, 28000, true },
	{ { .now_ns = 3, .rx_bytes = 64, .rx_packets = 1 }, 95, 22000, true },
	{ { .now_ns = 4, .rx_bytes = 64, .rx_packets = 1 }, 83, 20000, true },
	{ { .now_ns = 5, .rx_bytes = 64, .rx_packets = 1 }, 74, 18000, true },
};

/*
 * Bulk RX (64 x 1514 = 96896 B per update), 12K floor, start 200 (50 us):
 * 1: 96896 / 50 = 1937 > 10: lowest -> low (one step only). Target 200 =
 *    itr: nothing written.
 * 2: low -> bulk. Target 336: 10*336*200 / (3024+200) = 672000 / 3224 = 208
 *    -> 52 us.
 * 3: 10*336*208 / 3232 = 698880 / 3232 = 216 -> 54 us.
 * 4: 10*336*216 / 3240 = 725760 / 3240 = 224 -> 56 us.
 * 5: 10*336*224 / 3248 = 752640 / 3248 = 231; 231 & 0xFF8 = 224: the
 *    register does not change.
 * 6: an idle hour: the class stays bulk, smoothing goes on:
 *    10*336*231 / 3255 = 776160 / 3255 = 238 -> 232 -> 58 us.
 */
static const struct irqmod_register_vector_step il_bulk_12k_steps[] = {
	{ { .now_ns = 1, .rx_bytes = 96896, .rx_packets = 64 }, 200, 50000, false },
	{ { .now_ns = 2, .rx_bytes = 96896, .rx_packets = 64 }, 208, 52000, true },
	{ { .now_ns = 3, .rx_bytes = 96896, .rx_packets = 64 }, 216, 54000, true },
	{ { .now_ns = 4, .rx_bytes = 96896, .rx_packets = 64 }, 224, 56000, true },
	{ { .now_ns = 5, .rx_bytes = 96896, .rx_packets = 64 }, 231, 56000, false },
	{ { .now_ns = 3600000000005ull }, 238, 58000, true },
};

/*
 * TX-only vector without the floor: start IXGBE_10K_ITR 400 (100 us).
 * 1: one 64 B TX frame: 64 / 100 = 0: lowest; target 40:
 *    10*40*400 / (360+400) = 160000 / 760 = 210 -> 208 -> 52 us.
 * 2: TSO: one 65160 B packet: 65160 / 52 = 1253 > 10: lowest -> low only
 *    (no skip to bulk). Target 200: 10*200*210 / (1800+210) = 420000 / 2010
 *    = 208 -> 52 us: register unchanged.
 * 3: 100000 RX bytes but no packets: RX stays lowest; TX had none: low
 *    stays; 10*200*208 / 2008 = 416000 / 2008 = 207 -> 200 -> 50 us.
 */
static const struct irqmod_register_vector_step il_tx_only_steps[] = {
	{ { .now_ns = 1, .tx_bytes = 64, .tx_packets = 1 }, 210, 52000, true },
	{ { .now_ns = 2, .tx_bytes = 65160, .tx_packets = 1 }, 208, 52000, false },
	{ { .now_ns = 3, .rx_bytes = 100000 }, 207, 50000, true },
};

#define IL_VECTOR(name_, floor_, tx_only_, start_, steps_) \
	{ name_, floor_, tx_only_, start_, steps_, \
	  (uint32_t)(sizeof(steps_) / sizeof((steps_)[0])) }

static const struct irqmod_ixgbe_legacy_vector irqmod_ixgbe_legacy_vectors[] = {
	IL_VECTOR("light RX: smoothing toward 100K", true, false, 50000,
		  il_light_steps),
	IL_VECTOR("light RX, floor off: the same (bulk never reached)", false,
		  false, 50000, il_light_steps),
	IL_VECTOR("bulk RX with the 12K floor, then idle", true, false, 50000,
		  il_bulk_12k_steps),
	IL_VECTOR("TX-only vector, floor off: one class step per update", false,
		  true, 100000, il_tx_only_steps),
};

#undef IL_VECTOR

#endif /* IRQMOD_IXGBE_LEGACY_VECTORS_H */
