/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Worked examples of the i40e adaptive controller, derived by hand from
 * Linux i40e_update_itr() / i40e_update_enable_itr() (i40e_txrx.c). Plain
 * const data shared by tests/test_i40e.c and a future kernel self-test.
 *
 * Values are Linux's u16: usecs | 0x8000 for latency mode ("L"). Start:
 * RX and TX target = current = 50 (bulk), countdown 0. Comparisons include
 * the flag, so a latency target (>= 0x8000) is never "less" than a bulk
 * current. Each write sets the countdown to 3: the next three calls keep
 * the targets and write nothing. 10 Gb/s: usecs = ceil(v / 512) * 2.
 */
#ifndef IRQMOD_TESTS_I40E_VECTORS_H
#define IRQMOD_TESTS_I40E_VECTORS_H

#include "irqmod/i40e.h"

/**
 * struct irqmod_i40e_vector_step - one call and its expected answer.
 * @sample: what the driver reports.
 * @rx_interval_ns: expected RX register interval.
 * @tx_interval_ns: expected TX register interval.
 * @changed: expected decision.changed (a register was written).
 */
struct irqmod_i40e_vector_step {
	struct irqmod_sample sample;
	uint32_t rx_interval_ns;
	uint32_t tx_interval_ns;
	bool changed;
};

/**
 * struct irqmod_i40e_vector - a sequence on a fresh Linux-preset instance.
 * @name: what it shows.
 * @link_speed_mbps: link speed.
 * @steps: the calls in order.
 * @step_count: number of @steps.
 */
struct irqmod_i40e_vector {
	const char *name;
	uint32_t link_speed_mbps;
	const struct irqmod_i40e_vector_step *steps;
	unsigned int step_count;
};

#define I40E_VECTOR(t_us, rx_pkts, rx_b, tx_pkts, tx_b, rx_us, tx_us, is_changed) \
	{ { .now_ns = (uint64_t)(t_us) * 1000u, .rx_bytes = (rx_b),             \
	    .tx_bytes = (tx_b), .rx_packets = (rx_pkts),                          \
	    .tx_packets = (tx_pkts) },                                            \
	  (rx_us) * 1000u, (tx_us) * 1000u, (is_changed) }
/* A call inside the countdown: counts are ignored, nothing is written. */
#define I40E_FROZEN(t_us, rx_us, tx_us) \
	I40E_VECTOR(t_us, 256, 256 * 64, 256, 256 * 64, rx_us, tx_us, false)

static const struct irqmod_i40e_vector_step irqmod_i40e_10g_steps[] = {
	/* first: stale. TX 126|L, RX 2|L; neither is "less" than 50; RX
	 * delta 0x8002 - 50 < TX delta 0x807E - 50: TX is written. */
	I40E_VECTOR(0, 0, 0, 0, 0, 50, 126, true),
	/* countdown: targets kept; RX 2|L != 50: RX increase written. */
	I40E_VECTOR(100, 0, 0, 0, 0, 2, 126, true),
	I40E_FROZEN(200, 2, 126),
	I40E_FROZEN(300, 2, 126),
	I40E_FROZEN(400, 2, 126),
	/* TX 0 packets: 126|L + 2 capped -> 126|L. RX 1 x 64 with TX in
	 * latency: (40 * 64 + 1696) / 2 = 2128 -> 5 -> 10|L; RX increase. */
	I40E_VECTOR(500, 1, 64, 0, 0, 10, 126, true),
	I40E_FROZEN(600, 10, 126),
	I40E_FROZEN(700, 10, 126),
	I40E_FROZEN(800, 10, 126),
	/* RX 257 x 1514: bulk, 5 * 1514 + 22420 = 29990 -> 59 -> 118;
	 * 118 < 10|L: RX decrease. */
	I40E_VECTOR(900, 257, 257 * 1514, 0, 0, 118, 126, true),
	I40E_FROZEN(1000, 118, 126),
	I40E_FROZEN(1100, 118, 126),
	I40E_FROZEN(1200, 118, 126),
	/* TX 40 packets (> 32): drops L, 126 + 2 capped -> 126 bulk.
	 * RX 60 packets: hold min(TX cur 126|L, RX cur 118) = 118.
	 * TX 126 < 126|L: TX written, same interval, flag cleared. */
	I40E_VECTOR(1300, 60, 60 * 1514, 40, 40 * 1514, 118, 126, true),
	I40E_FROZEN(1400, 118, 126),
	I40E_FROZEN(1500, 118, 126),
	I40E_FROZEN(1600, 118, 126),
	/* TX 3 packets: TX 126 but RX target 118, not both at max: + 2 ->
	 * 126. RX 200 packets: halve min(126, 118) = 59 & ~1 = 58. */
	I40E_VECTOR(1700, 200, 200 * 1514, 3, 192, 58, 126, true),
	I40E_FROZEN(1800, 58, 126),
	I40E_FROZEN(1900, 58, 126),
	I40E_FROZEN(2000, 58, 126),
	/* RX 300 x 9000 (more than 256: bulk): plateau 32256 -> 63 -> 126.
	 * TX 2 packets: sees RX target 58 (RX updates after TX): + 2 ->
	 * 126. RX increase. */
	I40E_VECTOR(2100, 300, 300 * 9000, 2, 128, 126, 126, true),
	I40E_FROZEN(2200, 126, 126),
	I40E_FROZEN(2300, 126, 126),
	I40E_FROZEN(2400, 126, 126),
	/* TX 2 packets with TX and RX targets both 126 bulk: TX -> 126|L.
	 * RX 0 packets: 126 + 2 capped -> 126. TX delta 0x8000 > 0: TX
	 * written (same interval, latency flag set). */
	I40E_VECTOR(2500, 0, 0, 2, 128, 126, 126, true),
	/* 3 ms later: stale (before the countdown test). TX 126|L, RX 2|L:
	 * RX 2|L is not less than 126; RX increase by the flag: 2 us. */
	I40E_VECTOR(5500, 300, 300 * 1514, 300, 300 * 1514, 2, 126, true),
	/* Nothing more to write; the countdown runs down with no write. */
	I40E_FROZEN(5600, 2, 126),
};

/* 40 Gb/s: divisor 2 * 1024. 1500 B bulk: 29920 / 2048 -> 15 -> 30 us. */
static const struct irqmod_i40e_vector_step irqmod_i40e_40g_steps[] = {
	I40E_VECTOR(0, 0, 0, 0, 0, 50, 126, true),
	I40E_VECTOR(100, 0, 0, 0, 0, 2, 126, true),
	I40E_FROZEN(200, 2, 126),
	I40E_FROZEN(300, 2, 126),
	I40E_FROZEN(400, 2, 126),
	I40E_VECTOR(500, 300, 300 * 1500, 0, 0, 30, 126, true),
};

/* 1 Gb/s: divisor 2 * 32. RX 1 x 60 in latency: 4096 / 2 / 64 = 32 -> 64|L. */
static const struct irqmod_i40e_vector_step irqmod_i40e_1g_steps[] = {
	I40E_VECTOR(0, 0, 0, 0, 0, 50, 126, true),
	I40E_VECTOR(100, 0, 0, 0, 0, 2, 126, true),
	I40E_FROZEN(200, 2, 126),
	I40E_FROZEN(300, 2, 126),
	I40E_FROZEN(400, 2, 126),
	I40E_VECTOR(500, 1, 60, 0, 0, 64, 126, true),
	I40E_FROZEN(600, 64, 126),
	I40E_FROZEN(700, 64, 126),
	I40E_FROZEN(800, 64, 126),
	/* bulk 300 x 64: (40 * 64 + 1696) / 64 = 66.5 -> 67 -> 134 -> 126. */
	I40E_VECTOR(900, 300, 300 * 64, 0, 0, 126, 126, true),
};

#define I40E_VECTOR_COUNT_OF(array) \
	((unsigned int)(sizeof(array) / sizeof((array)[0])))

static const struct irqmod_i40e_vector irqmod_i40e_vectors[] = {
	{ "bands, countdown, one write per call, 10G", 10000,
	  irqmod_i40e_10g_steps, I40E_VECTOR_COUNT_OF(irqmod_i40e_10g_steps) },
	{ "40G divisor", 40000, irqmod_i40e_40g_steps,
	  I40E_VECTOR_COUNT_OF(irqmod_i40e_40g_steps) },
	{ "1G divisor", 1000, irqmod_i40e_1g_steps,
	  I40E_VECTOR_COUNT_OF(irqmod_i40e_1g_steps) },
};

#endif /* IRQMOD_TESTS_I40E_VECTORS_H */
