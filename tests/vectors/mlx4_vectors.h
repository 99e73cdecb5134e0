/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Worked examples of the mlx4 controller (lib/mlx4.c), each decision
 * derived by hand from Linux's mlx4_en_auto_moderation() with the window in
 * ns. Defaults (irqmod_mlx4_default_config()): window 250 ms, rates
 * 400000 and 450000 packets/s, intervals 16 us at start, 0 us low,
 * 128 us high, 44 frames, one ring (threshold 7812 packets/s), average
 * packet above 256 bytes to be moderated.
 *
 * Every decision: RX = TX interval, frames 44, action re-arm.
 */
#ifndef IRQMOD_TESTS_MLX4_VECTORS_H
#define IRQMOD_TESTS_MLX4_VECTORS_H

#include "vectors.h"

/* The decision with @usecs in force, written now (@changed) or not. */
#define IRQMOD_MLX4_VECTOR(usecs, write)                                              \
	{ .rx_interval_ns = (usecs) * 1000u, .tx_interval_ns = (usecs) * 1000u,         \
	  .frames = 44, .action = IRQMOD_ACTION_REARM, .changed = (write) }

#define IRQMOD_MLX4_VECTOR_MS 1000000ull

static const struct irqmod_vector_step irqmod_mlx4_vector_rate_steps[] = {
	/* 100 ms: the window (from time 0) has not elapsed; the start interval. */
	{ { .now_ns = 100 * IRQMOD_MLX4_VECTOR_MS, .rx_packets = 1000, .rx_bytes = 1000 * 1500 },
	  IRQMOD_MLX4_VECTOR(16, false) },
	/*
	 * 250 ms: 101000 packets in 250 ms, 404000/s, between the rates:
	 * (404000 - 400000) * 128 / 50000 = 10.24, 10 us.
	 */
	{ { .now_ns = 250 * IRQMOD_MLX4_VECTOR_MS, .rx_packets = 100000,
	    .rx_bytes = 100000 * 1500 },
	  IRQMOD_MLX4_VECTOR(10, true) },
	/* 125000 packets in 250 ms: 500000/s, at least the high rate: 128 us. */
	{ { .now_ns = 500 * IRQMOD_MLX4_VECTOR_MS, .rx_packets = 125000,
	    .rx_bytes = 125000 * 1500 },
	  IRQMOD_MLX4_VECTOR(128, true) },
	/* The same rate of 64-byte packets: small, so the low interval. */
	{ { .now_ns = 750 * IRQMOD_MLX4_VECTOR_MS, .rx_packets = 125000,
	    .rx_bytes = 125000 * 64 },
	  IRQMOD_MLX4_VECTOR(0, true) },
	/* 4000/s, below the 7812/s threshold: low again, nothing to write. */
	{ { .now_ns = 1000 * IRQMOD_MLX4_VECTOR_MS, .rx_packets = 1000,
	    .rx_bytes = 1000 * 1500 },
	  IRQMOD_MLX4_VECTOR(0, false) },
	/* An idle window. */
	{ { .now_ns = 1250 * IRQMOD_MLX4_VECTOR_MS }, IRQMOD_MLX4_VECTOR(0, false) },
};

/*
 * Time stepping back ends the window at once with a rate of 0 (the
 * elapsed time wraps to nearly 2^64 ns), as jiffies stepping back does.
 */
static const struct irqmod_vector_step irqmod_mlx4_vector_clock_back[] = {
	/* 100000 packets in 1 s: above the threshold, below the low rate. */
	{ { .now_ns = 1000 * IRQMOD_MLX4_VECTOR_MS, .rx_packets = 100000,
	    .rx_bytes = 100000 * 1500 },
	  IRQMOD_MLX4_VECTOR(0, true) },
	{ { .now_ns = 500 * IRQMOD_MLX4_VECTOR_MS, .rx_packets = 300000,
	    .rx_bytes = 300000 * 1500 },
	  IRQMOD_MLX4_VECTOR(0, false) },
	/* 250 ms after the step back, 500000/s: high. */
	{ { .now_ns = 750 * IRQMOD_MLX4_VECTOR_MS, .rx_packets = 125000,
	    .rx_bytes = 125000 * 1500 },
	  IRQMOD_MLX4_VECTOR(128, true) },
};

/* Linux's first write happens even when its interval is the one in force. */
static const struct irqmod_vector_step irqmod_mlx4_vector_first_write[] = {
	{ { .now_ns = 300 * IRQMOD_MLX4_VECTOR_MS }, IRQMOD_MLX4_VECTOR(16, true) },
	{ { .now_ns = 600 * IRQMOD_MLX4_VECTOR_MS }, IRQMOD_MLX4_VECTOR(16, false) },
};

/* adaptive-rx off: the start interval, whatever the rate. */
static const struct irqmod_vector_step irqmod_mlx4_vector_adaptive_off[] = {
	{ { .now_ns = 500 * IRQMOD_MLX4_VECTOR_MS, .rx_packets = 250000,
	    .rx_bytes = 250000 * 1500 },
	  IRQMOD_MLX4_VECTOR(16, false) },
};

/* irqmod_mlx4_default_config() with its low interval, ring count and adaptive flag. */
#define IRQMOD_MLX4_VECTOR_CONFIG(usecs_low, rings, on)                               \
	{ .kind = IRQMOD_KIND_MLX4,                                                    \
	  .config.mlx4 = { .window_ns = 250 * IRQMOD_MLX4_VECTOR_MS,                   \
			   .pkt_rate_low_per_s = 400000, .pkt_rate_high_per_s = 450000, \
			   .rx_usecs = 16, .rx_usecs_low = (usecs_low),                 \
			   .rx_usecs_high = 128, .rx_frames = 44, .rx_rings = (rings),  \
			   .adaptive = (on) } }

static const struct irqmod_vector_case irqmod_mlx4_vectors[] = {
	{
		.name = "default_config_follows_the_packet_rate",
		.config = { .kind = IRQMOD_KIND_MLX4 },
		.default_link_speed_mbps = 10000,
		IRQMOD_VECTOR_STEPS(irqmod_mlx4_vector_rate_steps),
	},
	{
		.name = "clock_stepping_back_reads_as_rate_zero",
		.config = { .kind = IRQMOD_KIND_MLX4 },
		.default_link_speed_mbps = 40000,
		IRQMOD_VECTOR_STEPS(irqmod_mlx4_vector_clock_back),
	},
	{
		.name = "first_decided_window_always_writes",
		.config = IRQMOD_MLX4_VECTOR_CONFIG(16, 1, true),
		IRQMOD_VECTOR_STEPS(irqmod_mlx4_vector_first_write),
	},
	{
		.name = "adaptive_off_keeps_rx_usecs",
		.config = IRQMOD_MLX4_VECTOR_CONFIG(0, 1, false),
		IRQMOD_VECTOR_STEPS(irqmod_mlx4_vector_adaptive_off),
	},
	{
		.name = "no_rings_is_refused",
		.config = IRQMOD_MLX4_VECTOR_CONFIG(0, 0, true),
		.init_result = -IRQMOD_ERANGE,
	},
};

#endif /* IRQMOD_TESTS_MLX4_VECTORS_H */
