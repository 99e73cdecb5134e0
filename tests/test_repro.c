/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The three published moderation experiments (issue 6) as regression
 * tests: each asserts the qualitative result the simulator reproduces, with
 * the tolerance stated beside it, on every one of several seeds (never on
 * numbers copied from a run). Runs are shorter than the docs runs so the
 * whole file takes a few seconds. The scenario folder is the first argument
 * (tests/meson.build passes the source tree's scenarios/).
 *
 * Where the published effect is larger than the model's (the VM half
 * throughput of 2015, the 2007 latency gains) the test asserts the model's
 * direction, not the published size; docs/reproductions.md explains why.
 */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "repro.h"

/* Seeds every assertion is checked on. */
#define TEST_SEEDS 3u

static const char *scenario_dir = "scenarios";
static struct irqmod_repro repro;

static void load(const char *name, uint64_t duration_ns, uint64_t warmup_ns)
{
	char path[1024], message[512];

	snprintf(path, sizeof(path), "%s/%s", scenario_dir, name);
	if (irqmod_repro_parse_file(&repro, path, message, sizeof(message)) != 0)
		fail_msg("%s", message);
	repro.scenario.config.duration_ns = duration_ns;
	repro.scenario.config.warmup_ns = warmup_ns;
	repro.scenario.repro.seeds = 1;
}

static void run(uint64_t seed, const struct irqmod_hybrid_config *hybrid,
		struct irqmod_repro_metrics *metrics)
{
	repro.scenario.config.seed = seed;
	assert_int_equal(irqmod_repro_run(&repro, hybrid, "test", metrics), 0);
}

/*
 * 12K floor. 65507-byte datagrams are 45 frames (44 x 1514 B + 429 B),
 * 54.5 us of 10 GbE wire each, and 45 x 2994 = 134730 B of truesize. The
 * admission rule (drop when more than rcvbuf is already charged) lets in
 * floor(212992 / 134730) + 1 = 2 datagrams before the reader frees any.
 * At 8K (125 us) an interrupt collects 125 / 54.5 = 2.29 datagrams, so
 * without draining 1 - 2 / 2.29 = 13% would be dropped; the reader (on its
 * own core) frees a little during the burst, so we ask for at least 5%
 * drops and at most 95% of the 12K throughput. At 12K (84 us) an interrupt
 * collects 1.54 datagrams: none may be dropped (below 1%), and the reader
 * receives at least 97% of what was sent.
 */
static void test_repro_floor_8k_drops_12k_receives_all(void **unused)
{
	struct irqmod_repro_metrics low, high;
	struct irqmod_hybrid_config hybrid;
	uint64_t seed;

	(void)unused;
	load("repro-12k-floor.ini", 300000000ull, 50000000ull);
	for (seed = 1; seed <= TEST_SEEDS; seed++) {
		assert_int_equal(irqmod_repro_ixgbe_legacy(&hybrid, false), 0);
		run(seed, &hybrid, &low);
		assert_int_equal(irqmod_repro_ixgbe_legacy(&hybrid, true), 0);
		run(seed, &hybrid, &high);
		assert_true(low.socket_drop_pct >= 5.0);
		assert_true(low.throughput_mbps <= 0.95 * high.throughput_mbps);
		assert_true(high.socket_drop_pct < 1.0);
		assert_true(high.throughput_mbps >= 0.97 * high.offered_mbps);
	}
}

/*
 * The floor math's interval (87.5 us, irqmod_floor_interval() without
 * margin) is on the safe side of the model's knee: 2 datagrams fit, i.e.
 * 2 x 54.5 = 109 us of traffic (irqmod_repro_model_knee_ns()). So a
 * static 87.5 us interval drops nothing (< 1%), 100 us (below the model's
 * knee) drops nothing either, and 125 us (above it) drops at least 5%.
 */
static void test_repro_floor_knee_lies_between_math_and_admission_rule(void **unused)
{
	struct irqmod_repro_metrics at_math, below_model, above_model;
	struct irqmod_hybrid_config hybrid;
	uint32_t margin_ns;
	uint64_t fill_ns, seed;

	(void)unused;
	load("repro-12k-floor.ini", 300000000ull, 50000000ull);
	assert_int_equal(irqmod_repro_floor_knee(&repro, &fill_ns, &margin_ns), 0);
	assert_true(fill_ns >= 87000 && fill_ns <= 88000);
	assert_int_equal(margin_ns, 84000);
	/* 2 datagrams of 44 x 1230.4 ns + 362.4 ns = 54,500 ns each. */
	assert_true(irqmod_repro_model_knee_ns(&repro) >= 108000 &&
		    irqmod_repro_model_knee_ns(&repro) <= 110000);
	for (seed = 1; seed <= TEST_SEEDS; seed++) {
		irqmod_repro_static(&hybrid, (uint32_t)fill_ns);
		run(seed, &hybrid, &at_math);
		irqmod_repro_static(&hybrid, 100000);
		run(seed, &hybrid, &below_model);
		irqmod_repro_static(&hybrid, 125000);
		run(seed, &hybrid, &above_model);
		assert_true(at_math.socket_drop_pct < 1.0);
		assert_true(below_model.socket_drop_pct < 1.0);
		assert_true(above_model.socket_drop_pct >= 5.0);
	}
}

/*
 * Idle poll. Plain NAPI takes a TX-done and an RX interrupt per ping
 * (2 per packet; at least 1.5 allowing for the coalescing a stall causes);
 * idle poll stays polled while pings keep coming within its 10 ms idle
 * budget, so it takes almost none (at most 0.2 per packet) and keeps the
 * CPU busy (at least 90%). Taking the reply without its interrupt (8 us)
 * can only shorten the round trip, so the mean RTT is lower and at least
 * as many packets complete in the same time. The published latency gains
 * (-39% mean) are not asserted: the model does not reproduce them.
 */
static void test_repro_idle_poll_removes_interrupts_and_uses_the_cpu(void **unused)
{
	struct irqmod_repro_metrics plain, idle;
	struct irqmod_hybrid_config hybrid;
	uint64_t seed;

	(void)unused;
	load("repro-idle-poll.ini", 3000000000ull, 0);
	for (seed = 1; seed <= TEST_SEEDS; seed++) {
		irqmod_repro_static(&hybrid, 0);
		run(seed, &hybrid, &plain);
		irqmod_repro_with_hybrid(&repro, &hybrid);
		run(seed, &hybrid, &idle);
		assert_true(plain.interrupts_per_packet >= 1.5);
		assert_true(idle.interrupts_per_packet <= 0.2);
		assert_true(idle.cpu_pct >= 90.0);
		assert_true(idle.cpu_pct > plain.cpu_pct);
		assert_true(idle.rtt_avg_ms < plain.rtt_avg_ms);
		assert_true(idle.packets >= plain.packets);
	}
}

/*
 * The e100's CPUSaver microcode (checked and ruled out in
 * docs/reproductions.md): a packet timer of 1.024 ms (e100.c INTDELAY 1536
 * ticks, 1.5 ticks per us as FreeBSD's fxp converts it) holds a lone ping
 * reply's interrupt until the timer expires, while idle poll takes the
 * reply from the ring without waiting. repro.interval gives both runs that
 * interval; in 1 s runs plain NAPI's minimum and mean RTT stay above idle
 * poll's by most of the timer.
 */
static void test_repro_packet_timer_delays_plain_replies_not_idle_polled_ones(void **unused)
{
	struct irqmod_repro_metrics plain, idle;
	struct irqmod_hybrid_config hybrid;
	char message[256];
	uint64_t seed;

	(void)unused;
	load("repro-idle-poll.ini", 1000000000ull, 0);
	assert_int_equal(irqmod_repro_set(&repro, "nic.timer=packet", message, sizeof(message)), 0);
	assert_int_equal(irqmod_repro_set(&repro, "repro.interval=1024us", message, sizeof(message)), 0);
	for (seed = 1; seed <= TEST_SEEDS; seed++) {
		irqmod_repro_static(&hybrid, repro.scenario.repro.interval_ns);
		run(seed, &hybrid, &plain);
		irqmod_repro_with_hybrid(&repro, &hybrid);
		assert_int_equal(hybrid.inner.config.static_config.rx_interval_ns, 1024000);
		run(seed, &hybrid, &idle);
		print_message("seed %" PRIu64 ": min %.3f / %.3f ms, avg %.3f / %.3f ms\n", seed,
			      plain.rtt_min_ms, idle.rtt_min_ms, plain.rtt_avg_ms, idle.rtt_avg_ms);
		assert_true(plain.rtt_min_ms > idle.rtt_min_ms + 0.5);
		assert_true(plain.rtt_avg_ms > idle.rtt_avg_ms + 0.9);
	}
}

/*
 * Re-check. With Poisson arrivals at 70,000/s and about 12 us of handler
 * and stack work per one-frame interrupt, a frame arrives during the
 * previous one's processing with probability 1 - exp(-0.07 * 12) = 57%:
 * without the re-check each such frame raises its own interrupt right
 * after the re-enable; with it, a 1 us poll takes it. Published: 17% fewer
 * interrupts; we accept 8-30% fewer and ask for lower interrupt CPU.
 */
static void test_repro_recheck_fewer_interrupts_less_interrupt_cpu(void **unused)
{
	struct irqmod_repro_metrics plain, recheck;
	struct irqmod_hybrid_config hybrid;
	uint64_t seed;
	double fewer;

	(void)unused;
	load("repro-recheck.ini", 300000000ull, 50000000ull);
	for (seed = 1; seed <= TEST_SEEDS; seed++) {
		irqmod_repro_static(&hybrid, 0);
		run(seed, &hybrid, &plain);
		irqmod_repro_with_hybrid(&repro, &hybrid);
		run(seed, &hybrid, &recheck);
		fewer = 1.0 - recheck.interrupts_per_s / plain.interrupts_per_s;
		assert_true(fewer >= 0.08 && fewer <= 0.30);
		assert_true(recheck.interrupt_cpu_pct < plain.interrupt_cpu_pct);
	}
}

/*
 * Saturation: raise the offered rate (on the scenario's 1 Gb/s sweep
 * link) until core 0 is 99% busy. Every interrupt the re-check saves is
 * CPU the host keeps, so it saturates at the same or a higher rate; a run
 * that never saturates counts as saturating above the last rate.
 */
static void test_repro_recheck_saturates_no_earlier(void **unused)
{
	struct irqmod_repro_metrics plain, recheck;
	struct irqmod_hybrid_config plain_config, recheck_config;
	uint64_t seed, rate, never = UINT64_MAX, point[2];
	uint32_t i;

	(void)unused;
	load("repro-recheck.ini", 100000000ull, 20000000ull);
	repro.scenario.config.link_speed_mbps = repro.scenario.repro.sweep_link_speed_mbps;
	irqmod_repro_static(&plain_config, 0);
	irqmod_repro_with_hybrid(&repro, &recheck_config);
	for (seed = 1; seed <= TEST_SEEDS; seed++) {
		point[0] = point[1] = never;
		for (rate = 150000; rate <= 330000; rate += 30000) {
			for (i = 0; i < IRQMOD_SIM_MAX_SOURCES; i++)
				if (repro.scenario.config.sources[i].kind != IRQMOD_SIM_SOURCE_OFF)
					repro.scenario.config.sources[i].rate_pps = rate;
			run(seed, &plain_config, &plain);
			run(seed, &recheck_config, &recheck);
			if (point[0] == never && plain.cpu_pct >= repro.scenario.repro.saturation_cpu_pct)
				point[0] = rate;
			if (point[1] == never && recheck.cpu_pct >= repro.scenario.repro.saturation_cpu_pct)
				point[1] = rate;
		}
		assert_true(point[0] != never); /* the plain handler does saturate */
		assert_true(point[1] >= point[0]);
	}
}

/*
 * A native hybrid of kind none is transparent: the static 50 us controller
 * given as struct irqmod_sim_controller.hybrid (kind IRQMOD_HYBRID_NONE,
 * its inner static) gives exactly the run of the simulator's own generic
 * controller, and the queue reports no hybrid.
 */
static void test_repro_hybrid_none_equals_generic(void **unused)
{
	struct irqmod_sim_controller generic, wrapped;
	struct irqmod_hybrid_config hybrid;
	struct irqmod_sim_results a, b;

	(void)unused;
	load("repro-recheck.ini", 50000000ull, 10000000ull);
	assert_int_equal(irqmod_scenario_controller_by_name(&generic, "static:50us",
						       repro.scenario.config.link_speed_mbps), 0);
	irqmod_repro_static(&hybrid, 50000);
	memset(&wrapped, 0, sizeof(wrapped));
	wrapped.name = "wrapped";
	wrapped.hybrid = hybrid;
	wrapped.generic = hybrid.inner;
	assert_int_equal(irqmod_sim_run(&repro.scenario.config, &generic, NULL, &a), 0);
	assert_int_equal(irqmod_sim_run(&repro.scenario.config, &wrapped, NULL, &b), 0);
	assert_int_equal(a.counters.interrupts, b.counters.interrupts);
	assert_int_equal(a.counters.polls, b.counters.polls);
	assert_int_equal(a.counters.delivered_frames, b.counters.delivered_frames);
	assert_int_equal(a.core[0].irq_ns, b.core[0].irq_ns);
	assert_false(b.queue[0].hybrid);
}

/*
 * host.poll_rescan. 60-byte frames every 5 us on one core, interrupt
 * 2 us, 4 us per frame, no poll cost, interval 0. With rescan a
 * poll keeps taking frames that arrived while it ran: frame 0 at t = 0,
 * handler 0-2, poll 2-6; frame 1 (t = 5) extends it to 10, frame 2 (t = 10,
 * arrivals come first on a tie) to 14; frame 3 arrives at 15 with the
 * vector re-enabled: one interrupt per 3 frames, 66,667/s of 200,000
 * frames/s. Without rescan, frame 1 raises its own interrupt at 6 and a
 * poll sees at most the frames present when it starts, so there are
 * strictly more interrupts (the exact pattern alternates 1 and 2 frames).
 */
static void test_repro_poll_without_rescan_takes_more_interrupts(void **unused)
{
	struct irqmod_sim_config config;
	struct irqmod_sim_controller controller;
	struct irqmod_sim_results looping, snapshot;

	(void)unused;
	irqmod_sim_default_config(&config);
	config.duration_ns = 100000000ull;
	config.warmup_ns = 10000000ull;
	config.cores = 1;
	config.app_core = 0;
	config.app_datagram_ns = 0;
	config.app_byte_ps = 0;
	config.app_wakeup_ns = 0;
	config.irq_ns = 2000;
	config.packet_ns = 4000;
	config.poll_ns = 0;
	config.rcvbuf_bytes = 64u << 20;
	irqmod_sim_default_source(&config.sources[0], IRQMOD_SIM_SOURCE_FLOOD);
	config.sources[0].rate_pps = 200000;
	config.sources[0].response_limit_per_s = 0;
	assert_int_equal(irqmod_scenario_controller_by_name(&controller, "none", 10000), 0);
	assert_int_equal(irqmod_sim_run(&config, &controller, NULL, &looping), 0);
	config.poll_rescan = false;
	assert_int_equal(irqmod_sim_run(&config, &controller, NULL, &snapshot), 0);
	/* 90 ms of 1 interrupt per 15 us: 6000, +-1 for the window edges. */
	assert_true(looping.counters.interrupts >= 5999 && looping.counters.interrupts <= 6001);
	assert_true(snapshot.counters.interrupts > looping.counters.interrupts);
	assert_true(snapshot.counters.delivered_frames + 2 >= looping.counters.delivered_frames);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_repro_floor_8k_drops_12k_receives_all),
		cmocka_unit_test(test_repro_floor_knee_lies_between_math_and_admission_rule),
		cmocka_unit_test(test_repro_idle_poll_removes_interrupts_and_uses_the_cpu),
		cmocka_unit_test(test_repro_packet_timer_delays_plain_replies_not_idle_polled_ones),
		cmocka_unit_test(test_repro_recheck_fewer_interrupts_less_interrupt_cpu),
		cmocka_unit_test(test_repro_recheck_saturates_no_earlier),
		cmocka_unit_test(test_repro_hybrid_none_equals_generic),
		cmocka_unit_test(test_repro_poll_without_rescan_takes_more_interrupts),
	};

	if (argc > 1)
		scenario_dir = argv[1];
	return cmocka_run_group_tests(tests, NULL, NULL);
}
