/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "irqmod/controller.h"
#include "irqmod/floor.h"
#include "irqmod/latency_target.h"
#include "vectors/latency_target_vectors.h"
#include "vector_test_util.h"

_Static_assert(sizeof(struct irqmod_latency_target) <= 48,
	       "latency-target state must fit 48 bytes");

#define LINK_MBPS 10000u

/* The default config with polling off and a given p99 target. */
static void config_for(struct irqmod_latency_target_config *config, uint32_t target_ns,
		       uint32_t poll_packets)
{
	assert_int_equal(irqmod_latency_target_default_config(config, LINK_MBPS), 0);
	config->target_p99_ns = target_ns;
	config->poll_packets = poll_packets;
	/* The holdoff: the interval is the target itself (the throttle adds the
	 * entry; test_latency_target_throttle_* below). */
	config->timer = IRQMOD_LATENCY_TARGET_TIMER_HOLDOFF;
}

static void init_or_fail(struct irqmod_latency_target *state,
			 const struct irqmod_latency_target_config *config)
{
	assert_int_equal(irqmod_latency_target_init(state, config), 0);
}

/*
 * @calls calls, @packets RX packets each, @gap_ns apart, starting after
 * *@now_ns; returns the last decision in @decision and the number of
 * register changes.
 */
static uint32_t drive(struct irqmod_latency_target *state, uint64_t *now_ns, uint32_t calls,
		      uint32_t packets, uint32_t gap_ns, struct irqmod_decision *decision)
{
	uint32_t i, changes = 0;

	for (i = 0; i < calls; i++) {
		struct irqmod_sample sample = { 0 };

		*now_ns += gap_ns;
		sample.now_ns = *now_ns;
		sample.rx_packets = packets;
		sample.rx_bytes = (uint64_t)packets * 1514u;
		irqmod_latency_target_update(state, &sample, decision);
		changes += decision->changed;
	}
	return changes;
}

/*
 * @calls calls of @packets RX packets each, timed as a deferred poll runs
 * (lib/sim: the hrtimer starts when the poll ends, then a timer
 * interrupt): after a POLL answer the next call comes its poll delay plus
 * @added_ns later, after a REARM @gap_ns later.
 */
static void drive_deferred(struct irqmod_latency_target *state, uint64_t *now_ns, uint32_t calls,
			   uint32_t packets, uint32_t added_ns, uint32_t gap_ns,
			   struct irqmod_decision *decision)
{
	uint32_t i;

	for (i = 0; i < calls; i++) {
		struct irqmod_sample sample = { 0 };

		*now_ns += decision->action == IRQMOD_ACTION_POLL ?
				   (uint64_t)decision->poll_delay_ns + added_ns : gap_ns;
		sample.now_ns = *now_ns;
		sample.rx_packets = packets;
		sample.rx_bytes = (uint64_t)packets * 1514u;
		irqmod_latency_target_update(state, &sample, decision);
	}
}

static void test_latency_target_vectors_match_hand_derivations(void **unused)
{
	size_t i;

	(void)unused;
	for (i = 0; i < IRQMOD_VECTOR_COUNT(irqmod_latency_target_vectors); i++) {
		struct irqmod_controller controller;
		struct irqmod_vector_result result;
		bool passed = irqmod_vector_case_run(&irqmod_latency_target_vectors[i],
						     &controller, &result);

		if (!passed)
			test_vector_print_failure("latency_target",
						  irqmod_latency_target_vectors[i].name, &result);
		assert_true(passed);
	}
}

static void test_latency_target_default_config_follows_the_floor_helper(void **unused)
{
	struct irqmod_latency_target_config config;
	struct irqmod_floor_params params;
	struct irqmod_floor_result floor;

	(void)unused;
	assert_int_equal(irqmod_latency_target_default_config(NULL, LINK_MBPS), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_latency_target_default_config(&config, 0), -IRQMOD_ELINK);
	assert_int_equal(irqmod_latency_target_default_config(&config, 800001), -IRQMOD_ELINK);
	assert_int_equal(irqmod_latency_target_default_config(&config, LINK_MBPS), 0);
	irqmod_floor_default_params(&params, LINK_MBPS);
	assert_true(irqmod_floor_interval(&params, &floor) >= 0);
	assert_int_equal(config.socket_ceiling_ns, floor.interval_ns);
	assert_int_equal(config.socket_ceiling_ns, 84000); /* the 12K post */
	assert_int_equal(config.target_p99_ns, 50000);
	assert_int_equal(config.ring_size, 512);
	assert_int_equal(irqmod_latency_target_config_check(&config, NULL), 0);
}

struct bad_config {
	const char *field;
	int code;
	uint64_t value;
	void (*spoil)(struct irqmod_latency_target_config *config);
};

static void no_target(struct irqmod_latency_target_config *c) { c->target_p99_ns = 0; }
static void huge_target(struct irqmod_latency_target_config *c) { c->target_p99_ns = 1000000001u; }
static void mean_above(struct irqmod_latency_target_config *c) { c->target_mean_ns = 50001; }
static void service_p99(struct irqmod_latency_target_config *c) { c->service_ns = 50000; }
static void service_mean(struct irqmod_latency_target_config *c)
{
	c->target_mean_ns = 3000;
	c->service_ns = 3000;
}
static void no_link(struct irqmod_latency_target_config *c) { c->link_speed_mbps = 0; }
static void fast_link(struct irqmod_latency_target_config *c) { c->link_speed_mbps = 800001; }
static void tiny_ring(struct irqmod_latency_target_config *c) { c->ring_size = 1; }
static void huge_ring(struct irqmod_latency_target_config *c) { c->ring_size = 65537; }
static void huge_ceiling(struct irqmod_latency_target_config *c) { c->socket_ceiling_ns = 1000000001u; }
static void no_max(struct irqmod_latency_target_config *c) { c->max_interval_ns = 0; }
static void huge_max(struct irqmod_latency_target_config *c) { c->max_interval_ns = 1000000001u; }
static void min_above_max(struct irqmod_latency_target_config *c) { c->min_interval_ns = 1000001; }
static void huge_rate(struct irqmod_latency_target_config *c) { c->max_rate_per_s = 1000000001u; }
static void slow_rate(struct irqmod_latency_target_config *c) { c->max_rate_per_s = 999; }
static void one_poll(struct irqmod_latency_target_config *c) { c->poll_packets = 1; }
static void huge_poll(struct irqmod_latency_target_config *c) { c->poll_packets = 65536; }
static void huge_service(struct irqmod_latency_target_config *c) { c->poll_service_ns = 65536; }
static void bad_timer(struct irqmod_latency_target_config *c) { c->timer = 2; }

static void test_latency_target_bad_configs_name_the_field(void **unused)
{
	static const struct bad_config cases[] = {
		{ "target_p99_ns", -IRQMOD_ERANGE, 0, no_target },
		{ "target_p99_ns", -IRQMOD_ERANGE, 1000000001u, huge_target },
		{ "target_mean_ns", -IRQMOD_ERANGE, 50001, mean_above },
		{ "service_ns", -IRQMOD_ERANGE, 50000, service_p99 },
		{ "service_ns", -IRQMOD_ERANGE, 3000, service_mean },
		{ "link_speed_mbps", -IRQMOD_ELINK, 0, no_link },
		{ "link_speed_mbps", -IRQMOD_ELINK, 800001, fast_link },
		{ "ring_size", -IRQMOD_EFRAME, 1, tiny_ring },
		{ "ring_size", -IRQMOD_EFRAME, 65537, huge_ring },
		{ "socket_ceiling_ns", -IRQMOD_ERANGE, 1000000001u, huge_ceiling },
		{ "max_interval_ns", -IRQMOD_ERANGE, 0, no_max },
		{ "max_interval_ns", -IRQMOD_ERANGE, 1000000001u, huge_max },
		{ "min_interval_ns", -IRQMOD_EMINMAX, 1000001, min_above_max },
		{ "max_rate_per_s", -IRQMOD_ERANGE, 1000000001u, huge_rate },
		{ "max_rate_per_s", -IRQMOD_EMINMAX, 999, slow_rate },
		{ "poll_packets", -IRQMOD_ERANGE, 1, one_poll },
		{ "poll_packets", -IRQMOD_ERANGE, 65536, huge_poll },
		{ "poll_service_ns", -IRQMOD_ERANGE, 65536, huge_service },
		{ "timer", -IRQMOD_ERANGE, 2, bad_timer },
	};
	size_t i;

	(void)unused;
	assert_int_equal(irqmod_latency_target_config_check(NULL, NULL), -IRQMOD_EINVAL);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct irqmod_latency_target_config config;
		struct irqmod_config_error error;
		struct irqmod_latency_target state;

		config_for(&config, 50000, 4);
		cases[i].spoil(&config);
		memset(&error, 0, sizeof(error));
		assert_int_equal(irqmod_latency_target_config_check(&config, &error), cases[i].code);
		assert_string_equal(error.kind, "latency-target");
		assert_string_equal(error.field, cases[i].field);
		assert_int_equal(error.value, cases[i].value);
		assert_int_equal(error.code, cases[i].code);
		assert_non_null(error.problem);
		/* NULL error is allowed; init fails the same way and leaves
		 * the state untouched. */
		assert_int_equal(irqmod_latency_target_config_check(&config, NULL), cases[i].code);
		memset(&state, 0x5a, sizeof(state));
		assert_int_equal(irqmod_latency_target_init(&state, &config), cases[i].code);
		assert_int_equal(state.interval_ns, 0x5a5a5a5au);
	}
}

static void test_latency_target_error_reads_as_a_sentence(void **unused)
{
	struct irqmod_latency_target_config config;
	struct irqmod_config_error error;
	char line[128];

	(void)unused;
	config_for(&config, 50000, 4);
	config.min_interval_ns = 2000000;
	config.max_interval_ns = 1000000;
	assert_int_equal(irqmod_latency_target_config_check(&config, &error), -IRQMOD_EMINMAX);
	irqmod_config_error_format(&error, line, sizeof(line));
	assert_string_equal(line, "latency-target: min_interval_ns 2000000 is above "
				  "max_interval_ns 1000000");
}

static void test_latency_target_init_null_pointers_are_rejected(void **unused)
{
	struct irqmod_latency_target_config config;
	struct irqmod_latency_target state;

	(void)unused;
	config_for(&config, 50000, 4);
	assert_int_equal(irqmod_latency_target_init(NULL, &config), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_latency_target_init(&state, NULL), -IRQMOD_EINVAL);
}

/* Open-loop load of 3 frames per 15 us (x = 4 at 20 us) with polling off:
 * the target interval, one register write, then none for 10000 calls. */
static void test_latency_target_constant_load_settles_and_never_moves(void **unused)
{
	struct irqmod_latency_target_config config;
	struct irqmod_latency_target state;
	struct irqmod_decision decision;
	uint64_t now_ns = 0;

	(void)unused;
	config_for(&config, 20000, 0);
	init_or_fail(&state, &config);
	assert_int_equal(drive(&state, &now_ns, 100, 3, 15000, &decision), 1);
	assert_int_equal(decision.rx_interval_ns, 20000);
	assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
	assert_int_equal(drive(&state, &now_ns, 10000, 3, 15000, &decision), 0);
	assert_int_equal(decision.rx_interval_ns, 20000);
	assert_int_equal(state.mode, IRQMOD_LATENCY_TARGET_MODE_TARGET);
}

/* The service time is taken off the p99 target; max_interval_ns caps it. */
static void test_latency_target_service_and_maximum_shorten_the_interval(void **unused)
{
	struct irqmod_latency_target_config config;
	struct irqmod_latency_target state;
	struct irqmod_decision decision;
	uint64_t now_ns = 0;

	(void)unused;
	config_for(&config, 20000, 0);
	config.service_ns = 3000;
	init_or_fail(&state, &config);
	drive(&state, &now_ns, 100, 3, 15000, &decision);
	assert_int_equal(decision.rx_interval_ns, 17000);
	config.max_interval_ns = 12000;
	init_or_fail(&state, &config);
	drive(&state, &now_ns, 100, 3, 15000, &decision);
	assert_int_equal(decision.rx_interval_ns, 12000);
}

/*
 * Mean target m = 10 us with 1 frame per 10 us (y = lambda m = 1):
 * T = m (2 + 2y) / (2 + y) = 13333 ns, and its predicted mean
 * (T + lambda T^2 / 2) / (1 + lambda T) = 9524 ns <= m.
 */
/*
 * A clock that never moves: the first decision (call 9) comes with no
 * measurement in the estimate, so the mean target has no rate to solve
 * with (its ratio would divide by zero): the minimum, re-armed.
 */
static void test_latency_target_stalled_clock_decides_without_a_rate(void **unused)
{
	struct irqmod_latency_target_config config;
	struct irqmod_latency_target state;
	struct irqmod_decision decision;
	struct irqmod_sample sample = { .now_ns = 5000, .rx_packets = 8 };
	uint32_t i;

	(void)unused;
	config_for(&config, 50000, 4);
	config.target_mean_ns = 10000;
	config.min_interval_ns = 1000;
	init_or_fail(&state, &config);
	for (i = 0; i < 3u * IRQMOD_LATENCY_TARGET_WINDOW_CALLS; i++) {
		irqmod_latency_target_update(&state, &sample, &decision);
		assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
		assert_int_equal(decision.rx_interval_ns, 1000);
	}
	assert_int_equal(state.primed, 1);
	assert_int_equal(state.mode, IRQMOD_LATENCY_TARGET_MODE_LOW);
}

static void test_latency_target_mean_target_solved_conservatively(void **unused)
{
	struct irqmod_latency_target_config config;
	struct irqmod_latency_target state;
	struct irqmod_decision decision;
	uint64_t now_ns = 0;

	(void)unused;
	config_for(&config, 50000, 0);
	config.target_mean_ns = 10000;
	config.min_interval_ns = 1000;
	init_or_fail(&state, &config);
	/* Two frames per 10 us first, so that batching is seen at the target. */
	drive(&state, &now_ns, 200, 2, 20000, &decision);
	/* y = 2 * 10000 / 20000 = 1 -> T = 10000 * 4 / 3 */
	assert_int_equal(decision.rx_interval_ns, 13333);
	/* A very high rate with a long mean target: y >> 1, T -> 2 m. */
	config.target_p99_ns = 1000000;
	config.target_mean_ns = 500000;
	config.ring_size = 65536;
	config.socket_ceiling_ns = 0;
	init_or_fail(&state, &config);
	drive(&state, &now_ns, 200, 20000, 1000000, &decision);
	/* y = 20000 * 500000 / 1e6 = 10000: ratio (2 + 2y)/(2 + y) ~ 1.9998;
	 * the ring allows 32768 / 20 per us = 1.6 ms. */
	assert_in_range(decision.rx_interval_ns, 999000, 1000000);
}

/* The socket buffer: 68 frames (84 us at 10 Gb/s) bound T = 68 / lambda. */
static void test_latency_target_socket_buffer_bounds_the_interval(void **unused)
{
	struct irqmod_latency_target_config config;
	struct irqmod_latency_target state;
	struct irqmod_decision decision;
	uint64_t now_ns = 0;

	(void)unused;
	config_for(&config, 500000, 0);
	config.ring_size = 4096;
	init_or_fail(&state, &config);
	/* 1 frame per us: T = 68 * 256 * 1000 / 256 = 68 us, approached from
	 * below (the first deviation is half the rate), where the 1/16 dead
	 * band may hold it. */
	drive(&state, &now_ns, 100, 10, 10000, &decision);
	assert_in_range(decision.rx_interval_ns, 68000 - 68000 / 16, 68000);
	/* A ceiling that holds no whole frame still allows one per interval. */
	config.socket_ceiling_ns = 1;
	init_or_fail(&state, &config);
	assert_int_equal(state.limit_packets, 1);
	/* No socket bound: half the 4096 ring, 2048 frames. */
	config.socket_ceiling_ns = 0;
	init_or_fail(&state, &config);
	assert_int_equal(state.limit_packets, 2048);
}

/* A rate cap raises the minimum: 10000 /s is at least 100 us. */
static void test_latency_target_rate_cap_raises_the_minimum(void **unused)
{
	struct irqmod_latency_target_config config;
	struct irqmod_latency_target state;
	struct irqmod_decision decision;
	uint64_t now_ns = 0;

	(void)unused;
	config_for(&config, 20000, 0);
	config.max_rate_per_s = 10000;
	init_or_fail(&state, &config);
	irqmod_latency_target_current(&state, &decision);
	assert_int_equal(decision.rx_interval_ns, 100000);
	drive(&state, &now_ns, 100, 3, 15000, &decision);
	assert_int_equal(decision.rx_interval_ns, 100000);
	/* A cap below the configured minimum leaves the minimum. */
	config.max_rate_per_s = 1000000;
	config.min_interval_ns = 5000;
	init_or_fail(&state, &config);
	assert_int_equal(state.min_interval_ns, 5000);
}

/* Heavy steady load polls; the first empty poll re-arms, with the
 * register write judged against the register in force. */
static void test_latency_target_polls_under_load_and_rearms_when_it_falls(void **unused)
{
	struct irqmod_latency_target_config config;
	struct irqmod_latency_target state;
	struct irqmod_decision decision, again;
	uint64_t now_ns = 0;

	(void)unused;
	config_for(&config, 20000, 4);
	init_or_fail(&state, &config);
	drive(&state, &now_ns, 50, 8, 20000, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
	assert_int_equal(decision.poll_delay_ns, 20000);
	assert_int_equal(decision.rx_interval_ns, 0);
	assert_false(decision.changed);
	irqmod_latency_target_current(&state, &again);
	assert_int_equal(again.action, IRQMOD_ACTION_POLL);
	assert_int_equal(again.poll_delay_ns, 20000);
	drive(&state, &now_ns, 1, 0, 20000, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
	assert_int_equal(decision.rx_interval_ns, 20000);
	assert_true(decision.changed);
	irqmod_latency_target_current(&state, &again);
	assert_int_equal(again.action, IRQMOD_ACTION_REARM);
	assert_int_equal(again.rx_interval_ns, 20000);
	assert_false(again.changed);
	/* Back to polling, then the load falls to 1 frame per 20 us call
	 * (x = 1 < 4 / 2): re-armed at the target interval within a few
	 * calls; once the average reaches one frame per interrupt (below
	 * 1.0625: a closed loop), at the minimum. */
	drive(&state, &now_ns, 50, 8, 20000, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
	drive(&state, &now_ns, 20, 1, 20000, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
	assert_int_equal(decision.rx_interval_ns, 20000);
	drive(&state, &now_ns, 60, 1, 20000, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
	assert_int_equal(decision.rx_interval_ns, 0);
	assert_int_equal(state.mode, IRQMOD_LATENCY_TARGET_MODE_UNBATCHED);
}

/*
 * The poll delay is the target whatever a deferred poll adds: the timer
 * starts when a poll ends and the frames that arrive in its entry and run
 * are taken by it, so none waits longer than the delay (the suite's added
 * delay). Windows driven as deferred polls run (the delay plus 3 us per
 * call) keep it; an empty poll re-arms at the holdoff's target.
 */
static void test_latency_target_poll_delay_is_the_target_whatever_the_poll_adds(void **unused)
{
	struct irqmod_latency_target_config config;
	struct irqmod_latency_target state;
	struct irqmod_decision decision;
	uint64_t now_ns = 0;

	(void)unused;
	config_for(&config, 20000, 4);
	init_or_fail(&state, &config);
	drive(&state, &now_ns, 49, 8, 20000, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
	assert_int_equal(decision.poll_delay_ns, 20000);
	drive_deferred(&state, &now_ns, 64, 8, 3000, 20000, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
	assert_int_equal(decision.poll_delay_ns, 20000);
	drive_deferred(&state, &now_ns, 1, 0, 3000, 20000, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
	assert_int_equal(decision.rx_interval_ns, 20000);
	assert_true(decision.changed);
}

/*
 * Nothing of the clock enters the target's poll delay: a clock that
 * stalls in a polled window (calls 1 us apart: 160 frames per interval,
 * within the 256 of the ring) or steps forward (45 us apart: x = 3.6 >=
 * 4 / 2) keeps POLL after the target.
 */
static void test_latency_target_poll_delay_survives_clock_faults(void **unused)
{
	struct irqmod_latency_target_config config;
	struct irqmod_latency_target state;
	struct irqmod_decision decision;
	uint64_t now_ns = 0;

	(void)unused;
	config_for(&config, 20000, 4);
	config.socket_ceiling_ns = 0; /* the ring alone: 256 frames per interval */
	init_or_fail(&state, &config);
	drive(&state, &now_ns, 49, 8, 20000, &decision);
	assert_int_equal(decision.poll_delay_ns, 20000);
	drive(&state, &now_ns, 16, 8, 1000, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
	assert_int_equal(decision.poll_delay_ns, 20000);
	drive(&state, &now_ns, 16, 8, 45000, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
	assert_int_equal(decision.poll_delay_ns, 20000);
}

/*
 * An empty poll while polling re-arms also when it is the window's last
 * call and the clock stood still over the window (no estimate, the
 * answer kept): the kept answer is never a POLL. The fuzz harness found
 * the POLL kept there (tests/fuzz/corpus/hybrid, a hybrid of kind none
 * around latency-target).
 */
static void test_latency_target_empty_poll_rearms_when_the_stalled_window_closes(void **unused)
{
	struct irqmod_latency_target_config config;
	struct irqmod_latency_target state;
	struct irqmod_decision decision;
	struct irqmod_sample sample = { 0 };
	uint64_t now_ns = 0;

	(void)unused;
	config_for(&config, 20000, 4);
	init_or_fail(&state, &config);
	drive(&state, &now_ns, 48, 8, 20000, &decision);
	while (state.countdown != IRQMOD_LATENCY_TARGET_WINDOW_CALLS)
		drive(&state, &now_ns, 1, 8, 20000, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
	/* A window just opened; its calls but the last at the same instant. */
	while (state.countdown > 1) {
		drive(&state, &now_ns, 1, 8, 0, &decision);
		assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
	}
	sample.now_ns = now_ns;
	irqmod_latency_target_update(&state, &sample, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
	assert_int_equal(decision.rx_interval_ns, 20000);
	assert_int_equal(state.poll_delay_ns, 0);
}

/*
 * Intel's throttle (the default timer): a frame waits the interval less
 * its time since the last interrupt, at least the 2 us entry, so the
 * interval is the target plus the entry, less the service, at most the
 * maximum; at every rate, a closed loop's too (no LOW or UNBATCHED mode:
 * a lone frame fires at once); a poll is deferred by the target and an
 * empty one re-arms at the throttle's interval.
 */
static void test_latency_target_throttle_interval_is_the_target_plus_the_entry(void **unused)
{
	struct irqmod_latency_target_config config;
	struct irqmod_latency_target state;
	struct irqmod_decision decision;
	uint64_t now_ns = 0;

	(void)unused;
	assert_int_equal(irqmod_latency_target_default_config(&config, LINK_MBPS), 0);
	assert_int_equal(config.timer, IRQMOD_LATENCY_TARGET_TIMER_THROTTLE);
	config.target_p99_ns = 20000;
	init_or_fail(&state, &config);
	assert_int_equal(state.p99_interval_ns, 22000);
	/* 3 frames per 20 us (x = 3.3 < 4): interrupts at 22 us. */
	drive(&state, &now_ns, 48, 3, 20000, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
	assert_int_equal(decision.rx_interval_ns, 22000);
	/* A closed loop (one frame per call) and a very low rate keep it. */
	drive(&state, &now_ns, 64, 1, 20000, &decision);
	assert_int_equal(decision.rx_interval_ns, 22000);
	assert_int_equal(state.mode, IRQMOD_LATENCY_TARGET_MODE_TARGET);
	drive(&state, &now_ns, 64, 1, 1000000, &decision);
	assert_int_equal(decision.rx_interval_ns, 22000);
	assert_int_equal(state.mode, IRQMOD_LATENCY_TARGET_MODE_TARGET);
	/* 8 frames per 20 us: POLL after the target; empty: 22 us again. */
	drive(&state, &now_ns, 48, 8, 20000, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
	assert_int_equal(decision.poll_delay_ns, 20000);
	drive(&state, &now_ns, 1, 0, 20000, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
	assert_int_equal(decision.rx_interval_ns, 22000);
	/* The service comes off, the maximum clamps. */
	config.service_ns = 1000;
	init_or_fail(&state, &config);
	assert_int_equal(state.p99_interval_ns, 21000);
	config.max_interval_ns = 20500;
	init_or_fail(&state, &config);
	assert_int_equal(state.p99_interval_ns, 20500);
}

/*
 * A steady load that falls below poll_packets / 2 frames per interval
 * (8, 6, 4, 3, 2 then 1 per 20 us call: each window's deviation within
 * its mean, no empty poll) re-arms at the target interval.
 */
static void test_latency_target_steadily_falling_load_stops_polling(void **unused)
{
	static const uint32_t frames[] = { 6, 4, 3, 2 };
	struct irqmod_latency_target_config config;
	struct irqmod_latency_target state;
	struct irqmod_decision decision;
	uint64_t now_ns = 0;
	uint32_t i;

	(void)unused;
	config_for(&config, 20000, 4);
	init_or_fail(&state, &config);
	drive(&state, &now_ns, 49, 8, 20000, &decision);
	for (i = 0; i < sizeof(frames) / sizeof(frames[0]); i++) {
		drive(&state, &now_ns, 16, frames[i], 20000, &decision);
		assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
	}
	drive(&state, &now_ns, 16, 1, 20000, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
	assert_int_equal(decision.rx_interval_ns, 20000);
	assert_int_equal(state.mode, IRQMOD_LATENCY_TARGET_MODE_TARGET);
}

/*
 * A ring-bound interval keeps half the ring for what arrives while a poll
 * runs: its delay is the interval less the configured service alone,
 * whatever the window measures. 100 us target, ring 64 (32 frames per
 * interval), 16 frames per 10 us: T = 20 us, POLL after 18 us, kept
 * though the calls come 10 us apart (the measurement would read 0).
 */
static void test_latency_target_ring_bound_poll_takes_the_service_alone(void **unused)
{
	struct irqmod_latency_target_config config;
	struct irqmod_latency_target state;
	struct irqmod_decision decision;
	uint64_t now_ns = 0;

	(void)unused;
	config_for(&config, 100000, 4);
	config.ring_size = 64;
	init_or_fail(&state, &config);
	drive(&state, &now_ns, 33, 16, 10000, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
	assert_int_equal(decision.poll_delay_ns, 18000);
	drive(&state, &now_ns, 48, 16, 10000, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
	assert_int_equal(decision.poll_delay_ns, 18000);
	drive(&state, &now_ns, 1, 0, 10000, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
	assert_int_equal(decision.rx_interval_ns, 20000);
}

/* Bursty load (polls of 1 and 40 frames in turn: MAD above half the
 * mean) does not start polling, though x = 20 >= 4. */
static void test_latency_target_bursty_load_does_not_poll(void **unused)
{
	struct irqmod_latency_target_config config;
	struct irqmod_latency_target state;
	struct irqmod_decision decision;
	uint64_t now_ns = 0;
	uint32_t i, polls = 0;

	(void)unused;
	config_for(&config, 20000, 4);
	init_or_fail(&state, &config);
	for (i = 0; i < 100; i++) {
		drive(&state, &now_ns, 1, 1, 20000, &decision);
		polls += decision.action == IRQMOD_ACTION_POLL;
		drive(&state, &now_ns, 1, 40, 20000, &decision);
		polls += decision.action == IRQMOD_ACTION_POLL;
	}
	assert_int_equal(polls, 0);
	assert_int_equal(decision.rx_interval_ns, 20000);
	assert_int_equal(state.mode, IRQMOD_LATENCY_TARGET_MODE_TARGET);
	/* Once polling, a load that turns bursty with MAD above the mean
	 * (polls of 0-2 and 60 frames, no empty one) re-arms. */
	drive(&state, &now_ns, 60, 8, 20000, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
	for (i = 0; i < 20 && decision.action == IRQMOD_ACTION_POLL; i++) {
		drive(&state, &now_ns, 1, 1, 20000, &decision);
		drive(&state, &now_ns, 1, 1, 20000, &decision);
		drive(&state, &now_ns, 1, 1, 20000, &decision);
		drive(&state, &now_ns, 1, 60, 20000, &decision);
	}
	assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
	assert_int_equal(state.mode, IRQMOD_LATENCY_TARGET_MODE_TARGET);
}

/*
 * A target-bound poll delay is the target whatever the entry (holdoff:
 * nothing comes off it); a ring bound that falls under the entry re-arms.
 */
static void test_latency_target_poll_needs_a_delay_beyond_its_service(void **unused)
{
	struct irqmod_latency_target_config config;
	struct irqmod_latency_target state;
	struct irqmod_decision decision;
	uint64_t now_ns = 0;

	(void)unused;
	config_for(&config, 20000, 4);
	config.poll_service_ns = 20000;
	init_or_fail(&state, &config);
	drive(&state, &now_ns, 50, 8, 20000, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
	assert_int_equal(decision.poll_delay_ns, 20000);
	/* In POLL mode, a ring bound that falls under the service re-arms. */
	config.poll_service_ns = 10000;
	config.ring_size = 64; /* 32 frames per interval */
	init_or_fail(&state, &config);
	drive(&state, &now_ns, 50, 8, 20000, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
	assert_int_equal(decision.poll_delay_ns, 20000);
	drive(&state, &now_ns, 100, 64, 20000, &decision);
	/* 64 per 20 us: T = 32 / 3.2 per us = 10 us, not above the service;
	 * approached from below, the 1/16 dead band may hold it lower. */
	assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
	assert_in_range(decision.rx_interval_ns, 10000 - 10000 / 16, 10000);
}

/*
 * A closed loop (one request in flight, 20 us round trip without
 * moderation): each interrupt carries one frame whatever the interval.
 * It settles at the minimum and stays there (UNBATCHED).
 */
static void test_latency_target_closed_loop_stays_at_the_minimum(void **unused)
{
	struct irqmod_latency_target_config config;
	struct irqmod_latency_target state;
	struct irqmod_decision decision;
	uint64_t now_ns = 0;
	uint32_t i, at_minimum = 0;

	(void)unused;
	config_for(&config, 50000, 4);
	init_or_fail(&state, &config);
	irqmod_latency_target_current(&state, &decision);
	for (i = 0; i < 2000; i++) {
		struct irqmod_sample sample = { 0 };

		/* The next request comes a round trip after the reply, which
		 * the last decision delayed by its interval. */
		now_ns += 20000u + decision.rx_interval_ns + decision.poll_delay_ns;
		sample.now_ns = now_ns;
		sample.rx_packets = 1;
		irqmod_latency_target_update(&state, &sample, &decision);
		if (i >= 1000)
			at_minimum += decision.rx_interval_ns == 0 &&
				      decision.action == IRQMOD_ACTION_REARM;
	}
	assert_int_equal(at_minimum, 1000);
	assert_int_equal(state.mode, IRQMOD_LATENCY_TARGET_MODE_UNBATCHED);
	/* Real batching at the minimum (1.5 frames per call) leaves it. */
	drive(&state, &now_ns, 30, 3, 40000, &decision);
	assert_int_not_equal(state.mode, IRQMOD_LATENCY_TARGET_MODE_UNBATCHED);
	/* Back to a closed loop, then a rate of x >= 8 frames per target interval
	 * at one frame per call: also leaves it. */
	drive(&state, &now_ns, 100, 1, 200000, &decision);
	/* x = 50 / 200 < 1/2: a low rate, not a closed loop. */
	assert_int_equal(state.mode, IRQMOD_LATENCY_TARGET_MODE_LOW);
	config.poll_packets = 0;
	init_or_fail(&state, &config);
	state.mode = IRQMOD_LATENCY_TARGET_MODE_UNBATCHED;
	/* The first decision, at call 16 (the 17th call). */
	drive(&state, &now_ns, 1 + IRQMOD_LATENCY_TARGET_WINDOW_CALLS, 1, 6000, &decision);
	assert_int_equal(state.mode, IRQMOD_LATENCY_TARGET_MODE_TARGET);
}

/* Very low rates stay at the minimum; the interval would be the latency. */
static void test_latency_target_very_low_rate_takes_the_minimum(void **unused)
{
	struct irqmod_latency_target_config config;
	struct irqmod_latency_target state;
	struct irqmod_decision decision;
	uint64_t now_ns = 0;

	(void)unused;
	config_for(&config, 20000, 4);
	config.min_interval_ns = 2000;
	init_or_fail(&state, &config);
	/* 1 frame per 1 ms: x = 0.02. */
	assert_int_equal(drive(&state, &now_ns, 200, 1, 1000000, &decision), 0);
	assert_int_equal(decision.rx_interval_ns, 2000);
	/* Load then returns to nothing: from the target interval, an idle
	 * queue (x < 1/2, fewer than 1.25 frames per interrupt) goes LOW. */
	/* x = 3 * 20 / 16 = 3.75: batching, not polling. */
	drive(&state, &now_ns, 100, 3, 16000, &decision);
	assert_int_equal(decision.rx_interval_ns, 20000);
	drive(&state, &now_ns, 100, 1, 1000000, &decision);
	assert_int_equal(decision.rx_interval_ns, 2000);
	assert_int_equal(state.mode, IRQMOD_LATENCY_TARGET_MODE_LOW);
}

/*
 * Between the two batching thresholds (1.0625 and 1.25 frames per
 * interrupt) at x >= 1/2: open-loop batching, so the target interval
 * stays. Polls of 1,1,1,1,1,2 frames keep the EWMA within about 1.12-1.23.
 */
static void test_latency_target_light_batching_keeps_the_target(void **unused)
{
	struct irqmod_latency_target_config config;
	struct irqmod_latency_target state;
	struct irqmod_decision decision;
	uint64_t now_ns = 0;
	uint32_t i, changes = 0;

	(void)unused;
	config_for(&config, 20000, 0);
	init_or_fail(&state, &config);
	/* x = 3 * 20 / 16 = 3.75: batching, not polling. */
	drive(&state, &now_ns, 100, 3, 16000, &decision);
	assert_int_equal(decision.rx_interval_ns, 20000);
	for (i = 0; i < 600; i++)
		changes += drive(&state, &now_ns, 1, i % 6u == 5u ? 2u : 1u, 20000, &decision);
	assert_int_equal(changes, 0);
	assert_int_equal(state.mode, IRQMOD_LATENCY_TARGET_MODE_TARGET);
	assert_true(state.packets_avg_q8 >= 272 && state.packets_avg_q8 < 320);
}

/* A ring-bound interval moving by less than 1/16 keeps the register. */
static void test_latency_target_dead_band_keeps_the_register(void **unused)
{
	struct irqmod_latency_target_config config;
	struct irqmod_latency_target state;
	struct irqmod_decision decision;
	uint64_t now_ns = 0;
	uint32_t i, changes = 0;

	(void)unused;
	config_for(&config, 200000, 0);
	config.ring_size = 1024;
	config.socket_ceiling_ns = 0;
	init_or_fail(&state, &config);
	drive(&state, &now_ns, 100, 256, 10000, &decision);
	/* 512 frames at 25.6 per us: 20 us (from below, within the band). */
	assert_in_range(decision.rx_interval_ns, 18750, 20000);
	/* 256 or 260 frames: T about 512 / 26.2 per us = 19.5 us, within 1/16. */
	for (i = 0; i < 1000; i++)
		changes += drive(&state, &now_ns, 1, 256 + 4 * (i & 1u), 10000, &decision);
	assert_int_equal(changes, 0);
	assert_in_range(decision.rx_interval_ns, 18750, 20000);
}

/* Clock stalls, steps back, huge gaps and counts: bounded, never a fault. */
static void test_latency_target_hostile_samples_stay_in_bounds(void **unused)
{
	struct irqmod_latency_target_config config;
	struct irqmod_latency_target state, before;
	struct irqmod_decision decision;
	struct irqmod_sample sample = { 0 };
	uint64_t now_ns = 0, x = 0x9e3779b97f4a7c15ull;
	uint32_t i;

	(void)unused;
	config_for(&config, 30000, 4);
	config.target_mean_ns = 20000;
	config.min_interval_ns = 1000;
	init_or_fail(&state, &config);
	drive(&state, &now_ns, 50, 8, 20000, &decision);
	/* Close the running window, then a window whose clock stalls and
	 * one whose clock steps back: the estimate and the answer as they
	 * were, the window re-based. */
	drive(&state, &now_ns, state.countdown, 8, 20000, &decision);
	before = state;
	sample.now_ns = now_ns;
	sample.rx_packets = 100;
	for (i = 0; i < IRQMOD_LATENCY_TARGET_WINDOW_CALLS; i++)
		irqmod_latency_target_update(&state, &sample, &decision);
	assert_int_equal(state.packets_avg_q8, before.packets_avg_q8);
	assert_int_equal(state.interval_ns, before.interval_ns);
	assert_int_equal(state.mode, before.mode);
	assert_int_equal(state.window_start_ns, now_ns);
	assert_int_equal(state.window_packets, 0);
	assert_false(decision.changed);
	sample.now_ns = now_ns - 5000;
	for (i = 0; i < IRQMOD_LATENCY_TARGET_WINDOW_CALLS; i++)
		irqmod_latency_target_update(&state, &sample, &decision);
	assert_int_equal(state.packets_avg_q8, before.packets_avg_q8);
	assert_int_equal(state.window_start_ns, now_ns - 5000);
	/* An hour of silence counts as 2^30 ns per call; UINT32_MAX packets
	 * as 65536. */
	sample.now_ns = now_ns + 3600000000000ull;
	sample.rx_packets = UINT32_MAX;
	for (i = 0; i < IRQMOD_LATENCY_TARGET_WINDOW_CALLS; i++)
		irqmod_latency_target_update(&state, &sample, &decision);
	assert_int_equal(state.packets_avg_q8, 65536u << 8);
	assert_true(decision.action == IRQMOD_ACTION_POLL ||
		    decision.rx_interval_ns <= config.target_p99_ns);
	now_ns = sample.now_ns;
	for (i = 0; i < 200000; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		now_ns += (x >> 20) % 3000000u;
		if ((x & 0xffu) == 0)
			now_ns -= (x >> 40) & 0xfffu; /* an occasional step back */
		sample.now_ns = now_ns;
		sample.rx_packets = (x & 0x100u) ? (uint32_t)(x >> 48) : (uint32_t)(x >> 58);
		irqmod_latency_target_update(&state, &sample, &decision);
		if (decision.action == IRQMOD_ACTION_POLL) {
			assert_int_equal(decision.rx_interval_ns, 0);
			assert_true(decision.poll_delay_ns < 30000);
		} else {
			assert_in_range(decision.rx_interval_ns, 1000, 30000);
			assert_int_equal(decision.rx_interval_ns, decision.tx_interval_ns);
		}
	}
}

static void test_latency_target_reset_restores_a_fresh_start(void **unused)
{
	struct irqmod_latency_target_config config;
	struct irqmod_latency_target state, fresh;
	struct irqmod_decision decision;
	uint64_t now_ns = 0;

	(void)unused;
	config_for(&config, 20000, 4);
	config.min_interval_ns = 3000;
	init_or_fail(&state, &config);
	init_or_fail(&fresh, &config);
	drive(&state, &now_ns, 60, 8, 20000, &decision);
	irqmod_latency_target_reset(&state);
	assert_memory_equal(&state, &fresh, sizeof(state));
	irqmod_latency_target_current(&state, &decision);
	assert_int_equal(decision.rx_interval_ns, 3000);
	assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
}

static void test_latency_target_generic_dispatch_runs_it(void **unused)
{
	struct irqmod_controller_config config;
	struct irqmod_controller controller;
	struct irqmod_decision decision;
	struct irqmod_sample sample = { .now_ns = 1, .rx_packets = 1 };

	(void)unused;
	assert_string_equal(irqmod_kind_name(IRQMOD_KIND_LATENCY_TARGET), "latency-target");
	assert_int_equal(irqmod_kind_state_bytes(IRQMOD_KIND_LATENCY_TARGET),
			 sizeof(struct irqmod_latency_target));
	assert_int_equal(irqmod_controller_default_config(&config, IRQMOD_KIND_LATENCY_TARGET,
							  LINK_MBPS), 0);
	assert_int_equal(config.config.latency_target.target_p99_ns, 50000);
	assert_int_equal(irqmod_controller_init(&controller, &config), 0);
	irqmod_controller_update(&controller, &sample, &decision);
	assert_int_equal(decision.rx_interval_ns, 0);
	irqmod_controller_reset(&controller);
	irqmod_controller_current(&controller, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
	assert_int_equal(decision.rx_interval_ns, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_latency_target_vectors_match_hand_derivations),
		cmocka_unit_test(test_latency_target_default_config_follows_the_floor_helper),
		cmocka_unit_test(test_latency_target_bad_configs_name_the_field),
		cmocka_unit_test(test_latency_target_error_reads_as_a_sentence),
		cmocka_unit_test(test_latency_target_init_null_pointers_are_rejected),
		cmocka_unit_test(test_latency_target_constant_load_settles_and_never_moves),
		cmocka_unit_test(test_latency_target_service_and_maximum_shorten_the_interval),
		cmocka_unit_test(test_latency_target_stalled_clock_decides_without_a_rate),
		cmocka_unit_test(test_latency_target_mean_target_solved_conservatively),
		cmocka_unit_test(test_latency_target_socket_buffer_bounds_the_interval),
		cmocka_unit_test(test_latency_target_rate_cap_raises_the_minimum),
		cmocka_unit_test(test_latency_target_polls_under_load_and_rearms_when_it_falls),
		cmocka_unit_test(test_latency_target_poll_delay_is_the_target_whatever_the_poll_adds),
		cmocka_unit_test(test_latency_target_throttle_interval_is_the_target_plus_the_entry),
		cmocka_unit_test(test_latency_target_poll_delay_survives_clock_faults),
		cmocka_unit_test(test_latency_target_empty_poll_rearms_when_the_stalled_window_closes),
		cmocka_unit_test(test_latency_target_steadily_falling_load_stops_polling),
		cmocka_unit_test(test_latency_target_ring_bound_poll_takes_the_service_alone),
		cmocka_unit_test(test_latency_target_bursty_load_does_not_poll),
		cmocka_unit_test(test_latency_target_poll_needs_a_delay_beyond_its_service),
		cmocka_unit_test(test_latency_target_closed_loop_stays_at_the_minimum),
		cmocka_unit_test(test_latency_target_very_low_rate_takes_the_minimum),
		cmocka_unit_test(test_latency_target_light_batching_keeps_the_target),
		cmocka_unit_test(test_latency_target_dead_band_keeps_the_register),
		cmocka_unit_test(test_latency_target_hostile_samples_stay_in_bounds),
		cmocka_unit_test(test_latency_target_reset_restores_a_fresh_start),
		cmocka_unit_test(test_latency_target_generic_dispatch_runs_it),
	};

	return cmocka_run_group_tests_name("latency_target", tests, NULL, NULL);
}
