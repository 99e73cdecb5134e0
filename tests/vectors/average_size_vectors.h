/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Worked examples of the average-size controller, derived by hand from Linux
 * igb_main.c igb_update_ring_itr/igb_write_itr, FreeBSD if_ix.c
 * ixgbe_perform_aim and FreeBSD if_em.c em_ring_itr. Plain static const data
 * for the CMocka test and a future kernel self-test.
 *
 * Formula: s = min(avg + 24, 3000); value = s / 3 if 300 < s < 1200, else s / 2.
 *   igb:  register = value & 0x7FFC, interval = register / 4 us
 *   ix:   register = value & 0xFF8, interval = register / 4 us (2 us steps)
 *   em:   rate = min(4000000 / value, cap); EITR = ((1000000 / rate) << 2) & 0x7FFC
 */
#ifndef IRQMOD_AVERAGE_SIZE_VECTORS_H
#define IRQMOD_AVERAGE_SIZE_VECTORS_H

#include "irqmod/average_size.h"
#include "steps.h"

/**
 * struct irqmod_average_size_vector - a named sequence.
 * @name: what it shows.
 * @preset: enum irqmod_average_size_preset value.
 * @min_value: formula floor set over the preset.
 * @max_rate_per_s: rate cap set over the preset (rate presets only).
 * @link_speed_mbps: link speed.
 * @start_interval_ns: interval after init.
 * @steps: the sequence.
 * @count: number of steps.
 */
struct irqmod_average_size_vector {
	const char *name;
	uint32_t preset;
	uint32_t min_value;
	uint32_t max_rate_per_s;
	uint32_t link_speed_mbps;
	uint32_t start_interval_ns;
	const struct irqmod_register_vector_step *steps;
	uint32_t count;
};

/*
 * igb, rx-usecs 3 (value >= IGB_20K_ITR 196). Start IGB_START_ITR 648 -> 162 us.
 * 1: 64 B: 88 -> 44 < 196 -> 196 -> 49 us.
 * 2: 1500 B: 1524 -> 762; register 762 & 0x7FFC = 760 -> 190 us.
 * 3: 9000 B jumbo (> 8000): capped 3000 -> 1500 -> 375 us.
 * 4: no packets: keep 375 us, unchanged.
 * 5: 500 B: 524, mid range -> 174 -> raised to 196 -> 49 us.
 * 6: TX only, 1000 B: 1024, mid -> 341; register 340 -> 85 us.
 * 7: TSO, 1 TX packet of 65160 B: capped -> 1500 -> 375 us.
 */
static const struct irqmod_register_vector_step as_igb_mode3_steps[] = {
	{ { .now_ns = 1, .rx_bytes = 64, .rx_packets = 1 }, 196, 49000, true },
	{ { .now_ns = 2, .rx_bytes = 15000, .rx_packets = 10 }, 760, 190000, true },
	{ { .now_ns = 3, .rx_bytes = 18000, .rx_packets = 2 }, 1500, 375000, true },
	{ { .now_ns = 4 }, 1500, 375000, false },
	{ { .now_ns = 5, .rx_bytes = 2500, .rx_packets = 5 }, 196, 49000, true },
	{ { .now_ns = 6, .tx_bytes = 4000, .tx_packets = 4 }, 340, 85000, true },
	{ { .now_ns = 7, .tx_bytes = 65160, .tx_packets = 1 }, 1500, 375000, true },
};

/*
 * igb, rx-usecs 1 (no floor): the curve is not monotonic.
 * 1: 64 B -> 44 -> 11 us.
 * 2: 276 B: s = 300, not mid -> 150; register 148 -> 37 us.
 * 3: 277 B: s = 301, mid -> 100 -> 25 us (larger frames, shorter interval).
 * 4: 1175 B: s = 1199, mid -> 399; register 396 -> 99 us.
 * 5: 1176 B: s = 1200, not mid -> 600 -> 150 us.
 */
static const struct irqmod_register_vector_step as_igb_mode1_steps[] = {
	{ { .now_ns = 1, .rx_bytes = 64, .rx_packets = 1 }, 44, 11000, true },
	{ { .now_ns = 2, .rx_bytes = 276, .rx_packets = 1 }, 148, 37000, true },
	{ { .now_ns = 3, .rx_bytes = 277, .rx_packets = 1 }, 100, 25000, true },
	{ { .now_ns = 4, .rx_bytes = 1175, .rx_packets = 1 }, 396, 99000, true },
	{ { .now_ns = 5, .rx_bytes = 1176, .rx_packets = 1 }, 600, 150000, true },
};

/* igb at 100 Mb/s: IGB_4K_ITR 980 -> 245 us for any traffic. */
static const struct irqmod_register_vector_step as_igb_slow_steps[] = {
	{ { .now_ns = 1, .rx_bytes = 64, .rx_packets = 1 }, 980, 245000, true },
	{ { .now_ns = 2 }, 980, 245000, false },
};

/*
 * FreeBSD ix (iflib: RX only). Start (4000000 / 31250) & 0xFF8 = 128 -> 32 us.
 * 1: 64 B: 44; bits 11:3 -> 40 -> 10 us.
 * 2: 1500 B: 762 -> 760 -> 190 us.
 * 3: TX-only traffic: RX saw nothing: keep 190 us.
 * 4: 9000 B: 1500 -> 1496 -> 374 us.
 * 5: 1 B per packet: 25 -> 12 -> 8 -> 2 us, the smallest interval.
 */
static const struct irqmod_register_vector_step as_ix_steps[] = {
	{ { .now_ns = 1, .rx_bytes = 64, .rx_packets = 1 }, 40, 10000, true },
	{ { .now_ns = 2, .rx_bytes = 15000, .rx_packets = 10 }, 760, 190000, true },
	{ { .now_ns = 3, .tx_bytes = 640, .tx_packets = 10 }, 760, 190000, false },
	{ { .now_ns = 4, .rx_bytes = 18000, .rx_packets = 2 }, 1496, 374000, true },
	{ { .now_ns = 5, .rx_bytes = 3, .rx_packets = 3 }, 8, 2000, true },
};

/*
 * FreeBSD em_ring_itr, enable_aim=1 (cap 20000), igb-class EITR.
 * Start 8000 ints/s: EITR 500 -> 125 us.
 * 1: 60 B: 84 -> 42 -> 4000000 / 42 = 95238, capped 20000: EITR 200 -> 50 us.
 * 2: 1500 B: 762 -> 5249 ints/s: 1000000 / 5249 = 190 -> EITR 760 -> 190 us.
 * 3: 9000 B: 1500 -> 2666 ints/s: 375 -> EITR 1500 -> 375 us (no floor).
 * 4: idle: keep.
 */
static const struct irqmod_register_vector_step as_em_aim1_steps[] = {
	{ { .now_ns = 1, .rx_bytes = 60, .rx_packets = 1 }, 200, 50000, true },
	{ { .now_ns = 2, .rx_bytes = 15000, .rx_packets = 10 }, 760, 190000, true },
	{ { .now_ns = 3, .rx_bytes = 18000, .rx_packets = 2 }, 1500, 375000, true },
	{ { .now_ns = 4 }, 1500, 375000, false },
};

/* enable_aim=2: cap 70000: 60 B -> 95238 -> 70000: EITR 14 << 2 = 56 -> 14 us. */
static const struct irqmod_register_vector_step as_em_aim2_steps[] = {
	{ { .now_ns = 1, .rx_bytes = 60, .rx_packets = 1 }, 56, 14000, true },
};

#define AS_VECTOR(name_, preset_, min_, cap_, speed_, start_, steps_) \
	{ name_, preset_, min_, cap_, speed_, start_, steps_, \
	  (uint32_t)(sizeof(steps_) / sizeof((steps_)[0])) }

static const struct irqmod_average_size_vector irqmod_average_size_vectors[] = {
	AS_VECTOR("igb rx-usecs 3: floor 196, jumbo cap, TSO, idle",
		  IRQMOD_AVERAGE_SIZE_PRESET_IGB, 196, 0, 1000, 162000,
		  as_igb_mode3_steps),
	AS_VECTOR("igb rx-usecs 1: the curve steps down at 300 and up at 1200",
		  IRQMOD_AVERAGE_SIZE_PRESET_IGB, 0, 0, 1000, 162000,
		  as_igb_mode1_steps),
	AS_VECTOR("igb below 1G: fixed 4K",
		  IRQMOD_AVERAGE_SIZE_PRESET_IGB, 196, 0, 100, 162000,
		  as_igb_slow_steps),
	AS_VECTOR("FreeBSD ix: RX only, raw EITR, 2 us steps",
		  IRQMOD_AVERAGE_SIZE_PRESET_FREEBSD_IX, 0, 0, 10000, 32000,
		  as_ix_steps),
	AS_VECTOR("FreeBSD em enable_aim=1: rate capped at 20K",
		  IRQMOD_AVERAGE_SIZE_PRESET_FREEBSD_EM, 0, 20000, 1000, 125000,
		  as_em_aim1_steps),
	AS_VECTOR("FreeBSD em enable_aim=2: rate capped at 70K",
		  IRQMOD_AVERAGE_SIZE_PRESET_FREEBSD_EM, 0, 70000, 1000, 125000,
		  as_em_aim2_steps),
};

#undef AS_VECTOR

#endif /* IRQMOD_AVERAGE_SIZE_VECTORS_H */
