/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Edges of the simulator that the scenarios do not reach, each with the
 * outcome it must have: the progress hook of a long run; controller names
 * and arguments that are refused; a controller whose configuration its
 * init refuses; a run without a controller name; the request and reply
 * rings of a ping that times out faster than it is answered; resent RR
 * requests; a TX completion FIFO that overflows; traces of one record and
 * of records at one instant. Counts are compared with relations that hold
 * for any seed, and the random cases run over several seeds.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "irqmod/scenario.h"
#include "irqmod/sim.h"
#include "irqmod/sim_trace.h"

/* Progress reports come every 2^20 events (lib/sim/run.c PROGRESS_PERIOD). */
#define EVENTS_PER_PROGRESS (1u << 20)
/* Request and reply rings of a ping or RR source (lib/sim/sim_internal.h MAX_OUTSTANDING). */
#define OUTSTANDING_SLOTS 1024u
/* TX completions a queue holds (lib/sim/sim_internal.h TX_FIFO_SIZE). */
#define TX_FIFO_SLOTS 1024u
/* The seeds the random cases run over. */
static const uint64_t seeds[] = { 1, 7, 12345 };

static struct irqmod_sim_controller controller_named(const char *name)
{
	struct irqmod_sim_controller controller;

	assert_int_equal(irqmod_scenario_controller_by_name(&controller, name, 10000), 0);
	return controller;
}

static void base(struct irqmod_sim_config *config, uint32_t kind, uint64_t seed)
{
	irqmod_sim_default_config(config);
	config->duration_ns = 20000000;
	config->warmup_ns = 1000000;
	config->seed = seed;
	irqmod_sim_default_source(&config->sources[0], kind);
}

struct progress_log {
	uint64_t calls;
	uint64_t last_ns;
	uint64_t duration_ns;
	bool out_of_order;
};

static void on_progress(void *context, uint64_t now_ns, uint64_t duration_ns)
{
	struct progress_log *log = context;

	log->calls++;
	if (now_ns < log->last_ns || now_ns > duration_ns || duration_ns != log->duration_ns)
		log->out_of_order = true;
	log->last_ns = now_ns;
}

static void test_sim_edges_progress_hook_reports_a_long_run(void **unused)
{
	struct irqmod_sim_config config;
	struct irqmod_sim_controller controller = controller_named("none");
	struct irqmod_sim_results results, without;
	struct progress_log log = { 0 };
	struct irqmod_sim_hooks hooks = { .progress = on_progress, .context = &log };

	(void)unused;
	/* Reports count the scheduled events (interrupts, polls, timers),
	 * not arrivals. Without moderation a 300 k frames/s Poisson stream
	 * raises about 160 k interrupts/s of 3 or more events each: a 4 s
	 * run passes 2^20 events twice or more (2 reports when measured). */
	base(&config, IRQMOD_SIM_SOURCE_POISSON, 3);
	config.duration_ns = 4000000000;
	config.sources[0].rate_pps = 300000;
	config.sources[0].frame_bytes = 64;
	log.duration_ns = config.duration_ns;
	assert_int_equal(irqmod_sim_run(&config, &controller, &hooks, &results), 0);
	assert_true(log.calls >= 1);
	assert_false(log.out_of_order);
	/* Hooks without a progress function: the same results. */
	hooks.progress = NULL;
	assert_int_equal(irqmod_sim_run(&config, &controller, &hooks, &without), 0);
	assert_int_equal(without.counters.offered_frames, results.counters.offered_frames);
	assert_int_equal(without.counters.interrupts, results.counters.interrupts);
}

static void test_sim_edges_names_and_arguments_are_refused(void **unused)
{
	struct irqmod_sim_controller controller;
	struct irqmod_sim_config config;
	struct irqmod_sim_results results;

	(void)unused;
	/* static: needs digits with a unit (0 needs none), and at most the static maximum. */
	assert_int_equal(irqmod_scenario_controller_by_name(&controller, "static:", 10000),
			 -IRQMOD_EKIND);
	assert_int_equal(irqmod_scenario_controller_by_name(&controller, "static:50000", 10000),
			 -IRQMOD_EKIND);
	assert_int_equal(irqmod_scenario_controller_by_name(&controller, "idle-poll+ixgbe", 10000),
			 -IRQMOD_EKIND);
	assert_int_equal(irqmod_scenario_controller_by_name(&controller, "static:0", 10000), 0);
	assert_int_equal(controller.generic.config.static_config.rx_interval_ns, 0);
	assert_int_equal(irqmod_scenario_controller_by_name(&controller, "static:5x", 10000),
			 -IRQMOD_EKIND);
	assert_int_equal(irqmod_scenario_controller_by_name(&controller, "static:99999999999999ns", 10000),
			 -IRQMOD_ERANGE);
	assert_int_equal(irqmod_scenario_controller_by_name(&controller, "static:50us", 10000), 0);
	assert_int_equal(controller.generic.config.static_config.rx_interval_ns, 50000);
	/* A link the static kind cannot take is its default config's error. */
	assert_true(irqmod_scenario_controller_by_name(&controller, "none", 0) < 0);
	assert_true(irqmod_scenario_controller_by_name(&controller, "static:1us", 0) < 0);
	/* Name helpers out of range, and a frame of no bits on the wire. */
	assert_string_equal(irqmod_sim_size_law_name(IRQMOD_SIM_SIZE_GEV), "gev");
	assert_string_equal(irqmod_sim_size_law_name(IRQMOD_SIM_SIZE_COUNT), "unknown");
	assert_int_equal(irqmod_sim_line_rate_pps_milli(10000, 0, 0), 0);
	/* The figure sim.h documents: 1514 B frames on 10 GbE. */
	assert_int_equal(irqmod_sim_line_rate_pps_milli(10000, 1514, 24), 812743823);
	/* irqmod_sim_run() checks its arguments and its scenario first. */
	controller = controller_named("ixgbe");
	base(&config, IRQMOD_SIM_SOURCE_CONSTANT, 1);
	assert_int_equal(irqmod_sim_run(NULL, &controller, NULL, &results), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_sim_run(&config, NULL, NULL, &results), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_sim_run(&config, &controller, NULL, NULL), -IRQMOD_EINVAL);
	config.ring_size = 0;
	assert_int_equal(irqmod_sim_run(&config, &controller, NULL, &results), -IRQMOD_EFRAME);
}

static void test_sim_edges_controller_init_errors_and_no_name(void **unused)
{
	struct irqmod_sim_controller controller = controller_named("ixgbe");
	struct irqmod_sim_config config;
	struct irqmod_sim_results results;

	(void)unused;
	base(&config, IRQMOD_SIM_SOURCE_CONSTANT, 1);
	/* A configuration the controller's init refuses stops the run. */
	controller.generic.kind = IRQMOD_KIND_COUNT;
	assert_true(irqmod_sim_run(&config, &controller, NULL, &results) < 0);
	/* A controller without a name runs and reports an empty one. */
	controller = controller_named("static:50us");
	controller.name = NULL;
	memset(&results, 0x55, sizeof(results));
	assert_int_equal(irqmod_sim_run(&config, &controller, NULL, &results), 0);
	assert_string_equal(results.controller, "");
	assert_true(results.counters.delivered_frames > 0);
	/* A hybrid kind that does not exist stops the run at setup. */
	controller = controller_named("static:50us");
	controller.hybrid.kind = UINT32_MAX;
	assert_true(irqmod_sim_run(&config, &controller, NULL, &results) < 0);
	/* irqmod_sim_run_queues(): NULL controllers, and a count that is
	 * neither 1 nor the queue count. */
	controller = controller_named("static:50us");
	assert_int_equal(irqmod_sim_run_queues(&config, NULL, 1, NULL, &results), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_sim_run_queues(&config, &controller, 0, NULL, &results),
			 -IRQMOD_EINVAL);
	assert_int_equal(irqmod_sim_run_queues(&config, &controller, 2, NULL, &results),
			 -IRQMOD_EINVAL);
}

static void test_sim_edges_ping_faster_than_its_replies_fills_both_rings(void **unused)
{
	struct irqmod_sim_controller controller = controller_named("static:20us");
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof(seeds) / sizeof(seeds[0]); i++) {
		struct irqmod_sim_config config;
		struct irqmod_sim_results results;

		/* A request every 2 us, answered 5 ms later: 2500 in flight
		 * would be needed, the rings hold OUTSTANDING_SLOTS. */
		base(&config, IRQMOD_SIM_SOURCE_PING, seeds[i]);
		config.sources[0].timeout_ns = 2000;
		config.sources[0].remote_turnaround_ns = 5000000;
		assert_int_equal(irqmod_sim_run(&config, &controller, NULL, &results), 0);
		assert_true(results.counters.requests_sent > 2 * OUTSTANDING_SLOTS);
		assert_true(results.requests_in_flight_max <= OUTSTANDING_SLOTS);
		assert_true(results.requests_in_flight_max >= OUTSTANDING_SLOTS / 2);
		/* Replies come back for the requests still remembered only. */
		assert_true(results.counters.replies_received > 0);
		assert_true(results.counters.replies_received < results.counters.requests_sent);
	}
}

static void test_sim_edges_rr_resends_requests_lost_in_a_full_ring(void **unused)
{
	struct irqmod_sim_controller controller = controller_named("static:100us");
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof(seeds) / sizeof(seeds[0]); i++) {
		struct irqmod_sim_config config, quiet;
		struct irqmod_sim_results results, alone;

		/* A 4-slot ring behind a line-rate flood drops most replies;
		 * each lost one is sent again 1 ms later. */
		base(&config, IRQMOD_SIM_SOURCE_RR, seeds[i]);
		config.ring_size = 4;
		config.sources[0].timeout_ns = 1000000;
		quiet = config;
		irqmod_sim_default_source(&config.sources[1], IRQMOD_SIM_SOURCE_CONSTANT);
		assert_int_equal(irqmod_sim_run(&config, &controller, NULL, &results), 0);
		assert_true(results.counters.drops_ring > 0);
		assert_true(results.counters.requests_sent > results.counters.replies_received);
		/* Without the flood nothing is lost, so nothing is resent. */
		assert_int_equal(irqmod_sim_run(&quiet, &controller, NULL, &alone), 0);
		assert_int_equal(alone.counters.drops_ring, 0);
		assert_true(alone.counters.requests_sent <= alone.counters.replies_received +
							 config.sources[0].outstanding);
	}
}

static void test_sim_edges_tx_fifo_overflow_completes_at_once(void **unused)
{
	struct irqmod_sim_controller controller = controller_named("static:20us");
	struct irqmod_sim_config config;
	struct irqmod_sim_results results;

	(void)unused;
	/* Completions written back 1 s after the send, in a 20 ms run:
	 * none of the FIFO's come back, so the only completions cleaned
	 * are those of requests sent while the FIFO was full. */
	base(&config, IRQMOD_SIM_SOURCE_RR, 1);
	config.tx_completion_delay_ns = 1000000000;
	config.sources[0].outstanding = 1;
	assert_int_equal(irqmod_sim_run(&config, &controller, NULL, &results), 0);
	assert_true(results.counters.requests_sent + 1 < TX_FIFO_SLOTS);
	assert_int_equal(results.counters.tx_completions, 0);
	config.sources[0].outstanding = 512;
	assert_int_equal(irqmod_sim_run(&config, &controller, NULL, &results), 0);
	assert_true(results.counters.requests_sent > 2 * TX_FIFO_SLOTS);
	assert_true(results.counters.tx_completions > 0);
	assert_true(results.counters.tx_completions <= results.counters.requests_sent);
}

static void test_sim_edges_traces_of_one_record_and_one_instant(void **unused)
{
	struct irqmod_sim_trace_record records[3] = {
		{ .time_ns = 0, .bytes = 1514, .flow_hash = 1 },
		{ .time_ns = 0, .bytes = 60, .flow_hash = 2 },
		{ .time_ns = 0, .bytes = 98, .flow_hash = 3 },
	};
	struct irqmod_sim_trace_file trace;
	struct irqmod_sim_controller controller = controller_named("static:20us");
	struct irqmod_sim_config config;
	struct irqmod_sim_results results;

	(void)unused;
	memset(&trace, 0, sizeof(trace));
	trace.records = records;
	base(&config, IRQMOD_SIM_SOURCE_TRACE, 1);
	config.warmup_ns = 0;
	config.sources[0].trace = &trace;
	/* One record, played once. */
	trace.count = 1;
	assert_int_equal(irqmod_sim_run(&config, &controller, NULL, &results), 0);
	assert_int_equal(results.counters.offered_frames, 1);
	assert_int_equal(results.counters.offered_bytes, 1514);
	/* Three records at one instant, looped: a lap of 1 ns is the
	 * shortest, so every lap offers all three. */
	trace.count = 3;
	config.duration_ns = 1000000;
	config.sources[0].trace_loop = true;
	assert_int_equal(irqmod_sim_run(&config, &controller, NULL, &results), 0);
	assert_true(results.counters.offered_frames >= 3);
	assert_int_equal(results.counters.offered_frames % 3, 0);
	assert_int_equal(results.counters.offered_bytes,
			 results.counters.offered_frames / 3 * (1514 + 60 + 98));
}

static void test_sim_edges_requests_without_a_timeout_wait_for_replies(void **unused)
{
	struct irqmod_sim_controller controller = controller_named("static:100us");
	static const uint32_t kinds[] = { IRQMOD_SIM_SOURCE_PING, IRQMOD_SIM_SOURCE_RR };
	size_t i, k;

	(void)unused;
	for (k = 0; k < 2; k++) {
		for (i = 0; i < sizeof(seeds) / sizeof(seeds[0]); i++) {
			struct irqmod_sim_config config;
			struct irqmod_sim_results results;

			/* Replies lost in a 4-slot ring behind a flood are never
			 * resent: the source sends its preload and one request per
			 * reply, no more. */
			base(&config, kinds[k], seeds[i]);
			config.warmup_ns = 0;
			config.ring_size = 4;
			config.sources[0].timeout_ns = 0;
			irqmod_sim_default_source(&config.sources[1], IRQMOD_SIM_SOURCE_CONSTANT);
			assert_int_equal(irqmod_sim_run(&config, &controller, NULL, &results), 0);
			assert_true(results.counters.requests_sent > 0);
			assert_true(results.counters.requests_sent <=
				    results.counters.replies_received +
					    config.sources[0].outstanding);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sim_edges_progress_hook_reports_a_long_run),
		cmocka_unit_test(test_sim_edges_names_and_arguments_are_refused),
		cmocka_unit_test(test_sim_edges_controller_init_errors_and_no_name),
		cmocka_unit_test(test_sim_edges_ping_faster_than_its_replies_fills_both_rings),
		cmocka_unit_test(test_sim_edges_rr_resends_requests_lost_in_a_full_ring),
		cmocka_unit_test(test_sim_edges_tx_fifo_overflow_completes_at_once),
		cmocka_unit_test(test_sim_edges_requests_without_a_timeout_wait_for_replies),
		cmocka_unit_test(test_sim_edges_traces_of_one_record_and_one_instant),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
