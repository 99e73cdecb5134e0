/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Worked examples of the latency-target controller (lib/latency_target.c,
 * docs/latency-target.md), in the generic shape: each case runs through
 * irqmod_controller_init()/irqmod_controller_update() and every decision
 * field is compared.
 *
 * The estimator (docs/latency-target.md, "The estimator"): per call with a
 * gap g > 0 and n RX packets, in 24.8 fixed point (P = n * 256),
 *	dev  <- dev  - dev/8  + |P - avg|/8   (against the old avg)
 *	avg  <- avg  - avg/8  + P/8
 *	gap  <- gap  - gap/8  + g/8
 * (each / is a shift, rounding down); the first measurement is the
 * estimate itself, with dev = P / 2. The controller stays at its minimum until 8 more
 * measurements (call 9 when time starts at call 0). x = avg * T / (gap * 256)
 * is the frames one interval T brings.
 */
#ifndef IRQMOD_TESTS_LATENCY_TARGET_VECTORS_H
#define IRQMOD_TESTS_LATENCY_TARGET_VECTORS_H

#include "vectors.h"

/* A REARM at @ns both ways, changed or not; a POLL after @ns. */
#define LT_REARM(ns, ch) { .rx_interval_ns = (ns), .tx_interval_ns = (ns), \
			   .action = IRQMOD_ACTION_REARM, .changed = (ch) }
#define LT_POLL(ns) { .poll_delay_ns = (ns), .action = IRQMOD_ACTION_POLL }
/* n packets of 100 bytes at time t. */
#define LT_SAMPLE(t, n) { .now_ns = (t), .rx_packets = (n), .rx_bytes = (n) * 100u }

/*
 * 20 us p99 target, service 0, 10 Gb/s, 512-descriptor ring, 84 us socket
 * ceiling (68 frames: 84000 * 10000 / 12304000 = 68.27), interval 0..1 ms,
 * polling from 4 frames per interval with a 2 us poll service.
 * Two frames every 10 us: avg 512 and gap 10000 stay exact (512 - 64 +
 * 64), x = 512 * 20000 / (10000 * 256) = 4; dev starts at 256 and falls by
 * an eighth (rounded down) per call: 224 196 172 151 133 117 103 91 (call 9).
 */
static const struct irqmod_vector_step irqmod_latency_target_vector_poll[] = {
	/* Call 0 only records the time; calls 1-8 measure (warm-up): the
	 * minimum, 0, which is also the start interval: unchanged. */
	{ LT_SAMPLE(0, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(10000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(20000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(30000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(40000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(50000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(60000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(70000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(80000, 2), LT_REARM(0, false) },
	/* Call 9: warm. x = 4 >= poll_packets 4, 2 * dev = 182 <= avg, T =
	 * 20 us > 2 us: POLL after 20 - 2 = 18 us, no register written. */
	{ LT_SAMPLE(90000, 2), LT_POLL(18000) },
	/* dev 80; still x = 4 >= 4 / 2 and dev <= avg: polling goes on. */
	{ LT_SAMPLE(100000, 2), LT_POLL(18000) },
	/* An empty poll re-arms at once. The estimate: dev = 80 - 10 + 512/8 =
	 * 134, avg = 512 - 64 + 0 = 448; T = 20 us (peak (448 + 2 * 134) *
	 * 20000 << 68 * 256 * 10000): the register held 0, so changed. */
	{ LT_SAMPLE(110000, 0), LT_REARM(20000, true) },
	/* dev = 134 - 16 + 64/8 = 126, avg = 448 - 56 + 64 = 456: x = 456 *
	 * 20000 / 2560000 = 3.6 < 4, no poll; 456 >= 320 (1.25 frames per
	 * interrupt): the 20 us interval stays, unchanged. */
	{ LT_SAMPLE(120000, 2), LT_REARM(20000, false) },
};

/*
 * The ring bounds the interval: 100 us target, ring 64 (32 frames per
 * interval), no socket bound, no polling. 16 frames every 10 us: avg 4096,
 * gap 10000; dev from 2048: 1792 1568 1372 1201 1051 920 805 705 (call 9).
 * Allowed = (32 << 8) * 10000 = 81920000 >= peak * T, peak = avg + 2 dev.
 */
static const struct irqmod_vector_step irqmod_latency_target_vector_ring[] = {
	{ LT_SAMPLE(0, 16), LT_REARM(0, false) },
	{ LT_SAMPLE(10000, 16), LT_REARM(0, false) },
	{ LT_SAMPLE(20000, 16), LT_REARM(0, false) },
	{ LT_SAMPLE(30000, 16), LT_REARM(0, false) },
	{ LT_SAMPLE(40000, 16), LT_REARM(0, false) },
	{ LT_SAMPLE(50000, 16), LT_REARM(0, false) },
	{ LT_SAMPLE(60000, 16), LT_REARM(0, false) },
	{ LT_SAMPLE(70000, 16), LT_REARM(0, false) },
	{ LT_SAMPLE(80000, 16), LT_REARM(0, false) },
	/* Warm: peak 4096 + 1410 = 5506, 5506 * 100000 > 81920000, so T =
	 * 81920000 / 5506 = 14878 ns (32 frames at 1.6 frames/us, less the
	 * deviation's share); x >= 1 leaves the minimum. */
	{ LT_SAMPLE(90000, 16), LT_REARM(14878, true) },
	/* dev 617: T = 81920000 / 5330 = 15369, within 14878 + 14878/16 =
	 * 15807: the dead band keeps the register. */
	{ LT_SAMPLE(100000, 16), LT_REARM(14878, false) },
	/* A burst of 48: dev = 617 - 77 + (12288 - 4096)/8 = 1564, avg = 4096 -
	 * 512 + 1536 = 5120; peak = 5120 + 3128 = 8248: T = 81920000 / 8248 =
	 * 9932 ns, below 14878 - 929: changed. */
	{ LT_SAMPLE(110000, 48), LT_REARM(9932, true) },
};

/* Any config: the minimum (default 0) until the estimate is warm. */
static const struct irqmod_vector_step irqmod_latency_target_vector_warm_up[] = {
	{ LT_SAMPLE(0, 64), LT_REARM(0, false) },
	{ LT_SAMPLE(5000, 64), LT_REARM(0, false) },
	{ LT_SAMPLE(10000, 64), LT_REARM(0, false) },
	/* A stall and a step back re-base the clock: no measurement. */
	{ LT_SAMPLE(10000, 64), LT_REARM(0, false) },
	{ LT_SAMPLE(2000, 64), LT_REARM(0, false) },
	{ LT_SAMPLE(7000, 64), LT_REARM(0, false) },
	{ LT_SAMPLE(12000, 64), LT_REARM(0, false) },
	{ LT_SAMPLE(17000, 64), LT_REARM(0, false) },
	{ LT_SAMPLE(22000, 64), LT_REARM(0, false) },
	{ LT_SAMPLE(27000, 64), LT_REARM(0, false) },
};

static const struct irqmod_vector_case irqmod_latency_target_vectors[] = {
	{
		.name = "warm_up_then_poll_then_rearm_at_the_first_empty_poll",
		.config = { .kind = IRQMOD_KIND_LATENCY_TARGET,
			    .config.latency_target = { 20000, 0, 0, 10000, 512, 84000, 0,
						       1000000, 0, 4, 2000 } },
		IRQMOD_VECTOR_STEPS(irqmod_latency_target_vector_poll),
	},
	{
		.name = "ring_bounds_the_interval_at_the_estimated_peak_rate",
		.config = { .kind = IRQMOD_KIND_LATENCY_TARGET,
			    .config.latency_target = { 100000, 0, 0, 10000, 64, 0, 0,
						       1000000, 0, 0, 2000 } },
		IRQMOD_VECTOR_STEPS(irqmod_latency_target_vector_ring),
	},
	{
		/* irqmod_latency_target_default_config(): minimum 0 at start. */
		.name = "default_config_starts_at_the_minimum",
		.config = { .kind = IRQMOD_KIND_LATENCY_TARGET },
		.default_link_speed_mbps = 10000,
		IRQMOD_VECTOR_STEPS(irqmod_latency_target_vector_warm_up),
	},
	{
		.name = "zero_p99_target_is_rejected",
		.config = { .kind = IRQMOD_KIND_LATENCY_TARGET,
			    .config.latency_target = { 0, 0, 0, 10000, 512, 84000, 0,
						       1000000, 0, 4, 2000 } },
		.init_result = -IRQMOD_ERANGE,
	},
	{
		/* A 1 ms cap (1000 /s) with a 100 us maximum interval. */
		.name = "rate_cap_beyond_the_maximum_interval_is_rejected",
		.config = { .kind = IRQMOD_KIND_LATENCY_TARGET,
			    .config.latency_target = { 20000, 0, 0, 10000, 512, 84000, 0,
						       100000, 1000, 4, 2000 } },
		.init_result = -IRQMOD_EMINMAX,
	},
};

#undef LT_REARM
#undef LT_POLL
#undef LT_SAMPLE

#endif /* IRQMOD_TESTS_LATENCY_TARGET_VECTORS_H */
