/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Worked examples of the latency-target controller (lib/latency_target.c,
 * docs/latency-target.md), in the generic shape: each case runs through
 * irqmod_controller_init()/irqmod_controller_update() and every decision
 * field is compared.
 *
 * The estimator (docs/latency-target.md, "The estimator"): a window of
 * 16 calls; per call n RX packets (P = n * 256 in 24.8 fixed point) are
 * summed, and |P - ref| where ref is the previous window's avg (the first
 * call's P for the first window). When call 16k closes a window,
 *	avg = (sum of n) << 4,  dev = (sum of |P - ref|) >> 4,
 *	gap = (time since the window opened) >> 4
 * and the decision is taken and cached; the calls between copy it. The
 * first call (0) only opens the first window: the first decision is at call
 * 16. x = avg * T / (gap * 256) is the frames one interval T brings.
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
 * polling from 4 frames per interval, a 2 us interrupt entry, Intel's
 * throttle: the interval is the target plus the entry, 22 us (a frame
 * waits the interval less its time since the last interrupt, at least the
 * entry). Two frames every 10 us.
 */
static const struct irqmod_vector_step irqmod_latency_target_vector_poll[] = {
	/* Call 0 opens the first window (its 2 frames, 512 in 24.8, are the
	 * reference of the window's deviations); calls 1-15 copy the start
	 * answer, the minimum 0: unchanged. */
	{ LT_SAMPLE(0, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(10000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(20000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(30000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(40000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(50000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(60000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(70000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(80000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(90000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(100000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(110000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(120000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(130000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(140000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(150000, 2), LT_REARM(0, false) },
	/* Call 16 closes the window of calls 1-16: 32 frames, avg = 32 << 4 =
	 * 512 (2 per call), dev = 0 (every call at the reference), gap =
	 * 160000 / 16 = 10000. x = 512 * 22000 / (256 * 10000) = 4.4 >=
	 * poll_packets 4, 2 * dev <= avg, T = 22 us > 2 us: POLL after the
	 * 22 us interval less the entry it allowed for, 20 us (the timer
	 * starts when the poll ends: no frame waits longer than the delay). */
	{ LT_SAMPLE(160000, 2), LT_POLL(20000) },
	/* Call 17 copies it. */
	{ LT_SAMPLE(170000, 2), LT_POLL(20000) },
	/* An empty poll re-arms at once, at the interval the poll delay came
	 * from, min(20 + 2, 22) = 22 us: the register held 0, so changed. */
	{ LT_SAMPLE(180000, 0), LT_REARM(22000, true) },
	/* The next call copies that answer, unchanged. */
	{ LT_SAMPLE(190000, 2), LT_REARM(22000, false) },
};
/*
 * The first case's traffic on a holdoff timer (the config's last field
 * 1): the first frame of a cycle waits the whole interval, so the
 * interval is the 20 us target itself.
 */
static const struct irqmod_vector_step irqmod_latency_target_vector_holdoff[] = {
	{ LT_SAMPLE(0, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(10000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(20000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(30000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(40000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(50000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(60000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(70000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(80000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(90000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(100000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(110000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(120000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(130000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(140000, 2), LT_REARM(0, false) },
	{ LT_SAMPLE(150000, 2), LT_REARM(0, false) },
	/* Call 16: x = 512 * 20000 / (256 * 10000) = 4 >= 4: POLL after the
	 * target, 20 us (a deferred poll's timer is the same on any NIC). */
	{ LT_SAMPLE(160000, 2), LT_POLL(20000) },
	/* An empty poll re-arms at min(20 + 2, 20) = 20 us: the holdoff's. */
	{ LT_SAMPLE(170000, 0), LT_REARM(20000, true) },
	{ LT_SAMPLE(180000, 2), LT_REARM(20000, false) },
};

/*
 * The poll delay is the target whatever a deferred poll adds (docs/
 * latency-target.md, "Polling"): the config of the first case, four frames
 * per call. Calls 1-16 come 10 us apart; from call 17 on, as a deferred
 * poll runs, each comes its poll delay plus 3 us (timer interrupt and the
 * poll's own run time) after the last: those frames are taken by the poll
 * under way and wait no longer than the delay.
 */
static const struct irqmod_vector_step irqmod_latency_target_vector_measured[] = {
	/* Call 0 opens the first window; calls 1-15 copy the minimum. */
	{ LT_SAMPLE(0, 4), LT_REARM(0, false) },
	{ LT_SAMPLE(10000, 4), LT_REARM(0, false) },
	{ LT_SAMPLE(20000, 4), LT_REARM(0, false) },
	{ LT_SAMPLE(30000, 4), LT_REARM(0, false) },
	{ LT_SAMPLE(40000, 4), LT_REARM(0, false) },
	{ LT_SAMPLE(50000, 4), LT_REARM(0, false) },
	{ LT_SAMPLE(60000, 4), LT_REARM(0, false) },
	{ LT_SAMPLE(70000, 4), LT_REARM(0, false) },
	{ LT_SAMPLE(80000, 4), LT_REARM(0, false) },
	{ LT_SAMPLE(90000, 4), LT_REARM(0, false) },
	{ LT_SAMPLE(100000, 4), LT_REARM(0, false) },
	{ LT_SAMPLE(110000, 4), LT_REARM(0, false) },
	{ LT_SAMPLE(120000, 4), LT_REARM(0, false) },
	{ LT_SAMPLE(130000, 4), LT_REARM(0, false) },
	{ LT_SAMPLE(140000, 4), LT_REARM(0, false) },
	{ LT_SAMPLE(150000, 4), LT_REARM(0, false) },
	/* Call 16: avg = 64 << 4 = 1024, dev 0, gap 10000: x = 1024 * 22000 /
	 * (256 * 10000) = 8.8 >= 4: POLL after 22 - 2 = 20 us. */
	{ LT_SAMPLE(160000, 4), LT_POLL(20000) },
	/* Calls 17-31 copy it, each 20 + 3 = 23 us after the last. */
	{ LT_SAMPLE(183000, 4), LT_POLL(20000) },
	{ LT_SAMPLE(206000, 4), LT_POLL(20000) },
	{ LT_SAMPLE(229000, 4), LT_POLL(20000) },
	{ LT_SAMPLE(252000, 4), LT_POLL(20000) },
	{ LT_SAMPLE(275000, 4), LT_POLL(20000) },
	{ LT_SAMPLE(298000, 4), LT_POLL(20000) },
	{ LT_SAMPLE(321000, 4), LT_POLL(20000) },
	{ LT_SAMPLE(344000, 4), LT_POLL(20000) },
	{ LT_SAMPLE(367000, 4), LT_POLL(20000) },
	{ LT_SAMPLE(390000, 4), LT_POLL(20000) },
	{ LT_SAMPLE(413000, 4), LT_POLL(20000) },
	{ LT_SAMPLE(436000, 4), LT_POLL(20000) },
	{ LT_SAMPLE(459000, 4), LT_POLL(20000) },
	{ LT_SAMPLE(482000, 4), LT_POLL(20000) },
	{ LT_SAMPLE(505000, 4), LT_POLL(20000) },
	/* Call 32 closes a window polled throughout: gap = 368000 / 16 =
	 * 23000, x = 1024 * 22000 / (256 * 23000) = 3.8 >= 4 / 2, still
	 * steady: POLL after 20 us again (the 3 us the poll added is not
	 * taken off: the cycle is longer than the delay, no wait is). */
	{ LT_SAMPLE(528000, 4), LT_POLL(20000) },
	/* An empty poll 20 + 3 us later re-arms at once at the delay plus
	 * the 2 us entry, 22 us: the register held 0, so changed. */
	{ LT_SAMPLE(551000, 0), LT_REARM(22000, true) },
};
/*
 * The ring bounds the interval: 100 us target, ring 64 (32 frames per
 * interval), no socket bound, no polling. 16 frames every 10 us.
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
	{ LT_SAMPLE(90000, 16), LT_REARM(0, false) },
	{ LT_SAMPLE(100000, 16), LT_REARM(0, false) },
	{ LT_SAMPLE(110000, 16), LT_REARM(0, false) },
	{ LT_SAMPLE(120000, 16), LT_REARM(0, false) },
	{ LT_SAMPLE(130000, 16), LT_REARM(0, false) },
	{ LT_SAMPLE(140000, 16), LT_REARM(0, false) },
	{ LT_SAMPLE(150000, 16), LT_REARM(0, false) },
	/* Call 16: avg = 256 << 4 = 4096, dev 0, gap 10000; peak 4096 * 100000
	 * > 32 * 256 * 10000 = 81920000, so T = 81920000 / 4096 = 20000 ns
	 * (32 frames at 1.6 frames/us), under the 102 us the throttle allows
	 * the 100 us target. */
	{ LT_SAMPLE(160000, 16), LT_REARM(20000, true) },
	{ LT_SAMPLE(170000, 16), LT_REARM(20000, false) },
	{ LT_SAMPLE(180000, 16), LT_REARM(20000, false) },
	{ LT_SAMPLE(190000, 16), LT_REARM(20000, false) },
	/* A burst of 48 at call 20: in the sums at once, decided at call 32. */
	{ LT_SAMPLE(200000, 48), LT_REARM(20000, false) },
	{ LT_SAMPLE(210000, 16), LT_REARM(20000, false) },
	{ LT_SAMPLE(220000, 16), LT_REARM(20000, false) },
	{ LT_SAMPLE(230000, 16), LT_REARM(20000, false) },
	{ LT_SAMPLE(240000, 16), LT_REARM(20000, false) },
	{ LT_SAMPLE(250000, 16), LT_REARM(20000, false) },
	{ LT_SAMPLE(260000, 16), LT_REARM(20000, false) },
	{ LT_SAMPLE(270000, 16), LT_REARM(20000, false) },
	{ LT_SAMPLE(280000, 16), LT_REARM(20000, false) },
	{ LT_SAMPLE(290000, 16), LT_REARM(20000, false) },
	{ LT_SAMPLE(300000, 16), LT_REARM(20000, false) },
	{ LT_SAMPLE(310000, 16), LT_REARM(20000, false) },
	/* Call 32 closes calls 17-32: 15 * 16 + 48 = 288 frames, avg = 288 << 4
	 * = 4608; dev = (12288 - 4096) / 16 = 512; peak = 4608 + 2 * 512 =
	 * 5632: T = 81920000 / 5632 = 14545 ns, below 20000 - 20000/16: changed. */
	{ LT_SAMPLE(320000, 16), LT_REARM(14545, true) },
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
						       1000000, 0, 4, 2000,
						       IRQMOD_LATENCY_TARGET_TIMER_THROTTLE } },
		IRQMOD_VECTOR_STEPS(irqmod_latency_target_vector_poll),
	},
	{
		.name = "holdoff_timer_takes_the_target_itself",
		.config = { .kind = IRQMOD_KIND_LATENCY_TARGET,
			    .config.latency_target = { 20000, 0, 0, 10000, 512, 84000, 0,
						       1000000, 0, 4, 2000,
						       IRQMOD_LATENCY_TARGET_TIMER_HOLDOFF } },
		IRQMOD_VECTOR_STEPS(irqmod_latency_target_vector_holdoff),
	},
	{
		.name = "poll_delay_is_the_target_whatever_the_poll_adds",
		.config = { .kind = IRQMOD_KIND_LATENCY_TARGET,
			    .config.latency_target = { 20000, 0, 0, 10000, 512, 84000, 0,
						       1000000, 0, 4, 2000,
						       IRQMOD_LATENCY_TARGET_TIMER_THROTTLE } },
		IRQMOD_VECTOR_STEPS(irqmod_latency_target_vector_measured),
	},
	{
		.name = "ring_bounds_the_interval_at_the_estimated_peak_rate",
		.config = { .kind = IRQMOD_KIND_LATENCY_TARGET,
			    .config.latency_target = { 100000, 0, 0, 10000, 64, 0, 0,
						       1000000, 0, 0, 2000,
						       IRQMOD_LATENCY_TARGET_TIMER_THROTTLE } },
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
						       1000000, 0, 4, 2000,
						       IRQMOD_LATENCY_TARGET_TIMER_THROTTLE } },
		.init_result = -IRQMOD_ERANGE,
	},
	{
		/* A 1 ms cap (1000 /s) with a 100 us maximum interval. */
		.name = "rate_cap_beyond_the_maximum_interval_is_rejected",
		.config = { .kind = IRQMOD_KIND_LATENCY_TARGET,
			    .config.latency_target = { 20000, 0, 0, 10000, 512, 84000, 0,
						       100000, 1000, 4, 2000,
						       IRQMOD_LATENCY_TARGET_TIMER_THROTTLE } },
		.init_result = -IRQMOD_EMINMAX,
	},
};

#undef LT_REARM
#undef LT_POLL
#undef LT_SAMPLE

#endif /* IRQMOD_TESTS_LATENCY_TARGET_VECTORS_H */
