/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Simulator paths the shipped scenarios rarely reach, each with the
 * outcome it must have: the trace hook sees every controller call; pings lost in an overflowing
 * ring time out and are sent again; TX completions raise work when TX
 * interrupts are on; a tiny socket buffer drops. Tolerance-free: each
 * assertion is a count relation, not a figure from one run.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "irqmod/scenario.h"
#include "irqmod/sim.h"

struct hook_log {
	uint64_t traces;
	uint64_t progress_calls;
	uint64_t last_progress_ns;
	uint64_t duration_ns;
	int backwards;
};

static void on_trace(void *context, const struct irqmod_sim_trace *record)
{
	struct hook_log *log = context;

	(void)record;
	log->traces++;
}

static void on_progress(void *context, uint64_t now_ns, uint64_t duration_ns)
{
	struct hook_log *log = context;

	log->progress_calls++;
	if (now_ns < log->last_progress_ns || now_ns > duration_ns ||
	    duration_ns != log->duration_ns)
		log->backwards = 1;
	log->last_progress_ns = now_ns;
}

static void base(struct irqmod_sim_config *config, uint32_t kind)
{
	irqmod_sim_default_config(config);
	config->duration_ns = 20000000;
	config->warmup_ns = 1000000;
	irqmod_sim_default_source(&config->sources[0], kind);
}

static struct irqmod_sim_controller controller_named(const char *name)
{
	struct irqmod_sim_controller controller;

	assert_int_equal(irqmod_scenario_controller_by_name(&controller, name, 10000), 0);
	return controller;
}

static void test_sim_paths_hooks_see_every_call_and_move_forward(void **unused)
{
	struct irqmod_sim_config config;
	struct irqmod_sim_controller controller = controller_named("ixgbe");
	struct irqmod_sim_results results;
	struct hook_log log = { 0 };
	struct irqmod_sim_hooks hooks = { .trace = on_trace, .progress = on_progress,
					  .context = &log };

	(void)unused;
	base(&config, IRQMOD_SIM_SOURCE_POISSON);
	log.duration_ns = config.duration_ns;
	assert_int_equal(irqmod_sim_run(&config, &controller, &hooks, &results), 0);
	assert_true(results.counters.controller_calls > 0);
	assert_true(log.traces >= results.counters.controller_calls);
	/* Progress reports come every 2^20 events: none in a run this short. */
	assert_false(log.backwards);
	/* A hook set without a progress function is fine too. */
	config.duration_ns = 20000000;
	hooks.progress = NULL;
	log.traces = 0;
	base(&config, IRQMOD_SIM_SOURCE_POISSON);
	assert_int_equal(irqmod_sim_run(&config, &controller, &hooks, &results), 0);
	assert_true(log.traces >= results.counters.controller_calls);
}

static void test_sim_paths_lost_pings_time_out_and_are_sent_again(void **unused)
{
	struct irqmod_sim_config config;
	struct irqmod_sim_controller controller = controller_named("static:100us");
	struct irqmod_sim_results results;

	(void)unused;
	base(&config, IRQMOD_SIM_SOURCE_PING);
	/* A 4-slot ring behind a line-rate flood drops most replies. */
	config.ring_size = 4;
	config.sources[0].timeout_ns = 1000000;
	irqmod_sim_default_source(&config.sources[1], IRQMOD_SIM_SOURCE_CONSTANT);
	assert_int_equal(irqmod_sim_run(&config, &controller, NULL, &results), 0);
	assert_true(results.counters.drops_ring > 0);
	assert_true(results.counters.requests_sent > results.counters.replies_received);
}

static void test_sim_paths_tx_interrupts_and_small_socket_buffers(void **unused)
{
	struct irqmod_sim_config config;
	struct irqmod_sim_controller controller = controller_named("static:20us");
	struct irqmod_sim_results results;

	(void)unused;
	base(&config, IRQMOD_SIM_SOURCE_RR);
	config.tx_interrupts = true;
	assert_int_equal(irqmod_sim_run(&config, &controller, NULL, &results), 0);
	assert_true(results.counters.tx_completions > 0);
	assert_true(results.counters.replies_received > 0);

	base(&config, IRQMOD_SIM_SOURCE_CONSTANT);
	config.rcvbuf_bytes = 4096;
	assert_int_equal(irqmod_sim_run(&config, &controller, NULL, &results), 0);
	assert_true(results.counters.drops_socket > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sim_paths_hooks_see_every_call_and_move_forward),
		cmocka_unit_test(test_sim_paths_lost_pings_time_out_and_are_sent_again),
		cmocka_unit_test(test_sim_paths_tx_interrupts_and_small_socket_buffers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
