/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * A controller per queue (irqmod_sim_run_queues()) and the per-queue
 * results. Three queues, each on a core of its own, share Poisson traffic
 * spread by RSS: queue 0 runs a static 50 us throttle, queue 1 ixgbe,
 * queue 2 defer-irq around a static 20 us interval, kept by the simulator
 * itself. Over several seeds:
 *  - the static queue fires once per interval (frames arrive every
 *    microsecond or so, so one is always waiting when the throttle allows
 *    the next interrupt): window / 50 us interrupts, to one; and no frame
 *    of it waits longer than the interval;
 *  - the hybrid queue keeps polling with its interrupt masked, so it polls
 *    more often than it is interrupted, and its hybrid counters say so;
 *  - ixgbe's queue is not run as a static one: its interrupt count differs
 *    from the run with the static controller on that queue too;
 *  - every count of the queues adds up to the run's totals, and the
 *    per-queue latencies have one sample per frame or datagram.
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

static const uint64_t seeds[] = { 1, 7, 12345 };

#define QUEUES 3u
#define STATIC_INTERVAL_NS 50000u
#define WINDOW_NS 19000000ull

static void three_queues(struct irqmod_sim_config *config, uint64_t seed)
{
	uint32_t q;

	irqmod_sim_default_config(config);
	config->duration_ns = 20000000;
	config->warmup_ns = 1000000;
	config->seed = seed;
	config->cores = QUEUES + 1;
	config->queues = QUEUES;
	for (q = 0; q < QUEUES; q++)
		config->queue_core[q] = q;
	config->app_core = QUEUES;
	config->app_datagram_ns = 50;
	config->app_byte_ps = 0;
	irqmod_sim_default_source(&config->sources[0], IRQMOD_SIM_SOURCE_POISSON);
	config->sources[0].rate_pps = 3000000;
	config->sources[0].flows = 64;
}

static void controllers_of_row(struct irqmod_sim_controller c[QUEUES], const char *second)
{
	assert_int_equal(irqmod_scenario_controller_by_name(&c[0], "static:50us", 10000), 0);
	assert_int_equal(irqmod_scenario_controller_by_name(&c[1], second, 10000), 0);
	assert_int_equal(irqmod_scenario_controller_by_name(&c[2], "static:20us", 10000), 0);
	assert_int_equal(irqmod_hybrid_default_config(&c[2].hybrid, IRQMOD_HYBRID_DEFER_IRQ,
						      IRQMOD_KIND_STATIC, 10000),
			 0);
	c[2].hybrid.inner = c[2].generic;
	c[2].name = "defer-irq+static:20us";
}

/* The counts a queue does not have: per core and per source. */
static bool per_queue_count(size_t word)
{
	return word != offsetof(struct irqmod_sim_counters, softirq_squeezes) / sizeof(uint64_t) &&
	       word != offsetof(struct irqmod_sim_counters, requests_sent) / sizeof(uint64_t) &&
	       word != offsetof(struct irqmod_sim_counters, replies_received) / sizeof(uint64_t);
}

static void test_sim_queues_each_queue_runs_its_own_controller(void **unused)
{
	size_t s;

	(void)unused;
	for (s = 0; s < sizeof(seeds) / sizeof(seeds[0]); s++) {
		struct irqmod_sim_controller c[QUEUES], all_static[QUEUES];
		struct irqmod_sim_config config;
		struct irqmod_sim_results r, base;
		const struct irqmod_sim_queue_results *st, *ix, *hy;
		uint64_t expected = WINDOW_NS / STATIC_INTERVAL_NS;

		three_queues(&config, seeds[s]);
		controllers_of_row(c, "ixgbe");
		assert_int_equal(irqmod_sim_run_queues(&config, c, QUEUES, NULL, &r), 0);
		assert_string_equal(r.controller, "per-queue");
		assert_int_equal(r.queues, QUEUES);
		st = &r.queue[0];
		ix = &r.queue[1];
		hy = &r.queue[2];
		assert_string_equal(st->controller, "static:50us");
		assert_string_equal(ix->controller, "ixgbe");
		assert_string_equal(hy->controller, "defer-irq+static:20us");
		/* RSS gave every queue a share of the 3 Mpps. */
		assert_true(st->counters.offered_frames > WINDOW_NS / 1000 / 2);
		assert_true(ix->counters.offered_frames > WINDOW_NS / 1000 / 2);
		assert_true(hy->counters.offered_frames > WINDOW_NS / 1000 / 2);
		/* The static throttle: one interrupt per interval. */
		assert_true(st->counters.interrupts + 1 >= expected &&
			    st->counters.interrupts <= expected + 1);
		assert_true(st->interrupts_per_s > 19900.0 && st->interrupts_per_s < 20100.0);
		assert_true(st->added_delay.count == st->counters.delivered_frames ||
			    st->added_delay.count + 64 >= st->counters.delivered_frames);
		assert_true(st->added_delay.max_ns <= STATIC_INTERVAL_NS);
		assert_false(st->hybrid);
		assert_false(ix->hybrid);
		/* The hybrid polls with its interrupt masked. */
		assert_true(hy->hybrid);
		assert_true(hy->counters.polls > hy->counters.interrupts);
		assert_true(hy->hybrid_counters.polls_deferred > 0);
		assert_true(hy->hybrid_counters.polls_deferred + hy->counters.interrupts <=
			    hy->counters.polls + 1);
		/* ixgbe's queue is not the static one's. */
		controllers_of_row(all_static, "static:50us");
		assert_int_equal(irqmod_sim_run_queues(&config, all_static, QUEUES, NULL, &base), 0);
		assert_true(base.queue[1].counters.interrupts + 1 >= expected &&
			    base.queue[1].counters.interrupts <= expected + 1);
		assert_true(ix->counters.interrupts != base.queue[1].counters.interrupts);
		/* Queue 0 and its traffic are the same in both runs. */
		assert_int_equal(base.queue[0].counters.offered_frames,
				 st->counters.offered_frames);
	}
}

static void test_sim_queues_add_up_to_the_totals(void **unused)
{
	size_t s;

	(void)unused;
	for (s = 0; s < sizeof(seeds) / sizeof(seeds[0]); s++) {
		struct irqmod_sim_controller c[QUEUES];
		struct irqmod_sim_config config;
		struct irqmod_sim_results r;
		uint64_t sum[sizeof(struct irqmod_sim_counters) / sizeof(uint64_t)];
		uint64_t total[sizeof(sum) / sizeof(sum[0])], one[sizeof(sum) / sizeof(sum[0])];
		uint64_t to_app = 0, added = 0;
		uint32_t q;
		size_t i;

		three_queues(&config, seeds[s]);
		/* Half the socket buffer of the default: some socket drops. */
		config.rcvbuf_bytes = 65536;
		controllers_of_row(c, "ixgbe");
		assert_int_equal(irqmod_sim_run_queues(&config, c, QUEUES, NULL, &r), 0);
		memset(sum, 0, sizeof(sum));
		for (q = 0; q < r.queues; q++) {
			memcpy(one, &r.queue[q].counters, sizeof(one));
			for (i = 0; i < sizeof(sum) / sizeof(sum[0]); i++)
				sum[i] += one[i];
			to_app += r.queue[q].to_app.count;
			added += r.queue[q].added_delay.count;
		}
		/* Per source and per core counts are not per queue. */
		assert_int_equal(r.queue[0].counters.requests_sent, 0);
		assert_int_equal(r.queue[0].counters.softirq_squeezes, 0);
		memcpy(total, &r.counters, sizeof(total));
		for (i = 0; i < sizeof(sum) / sizeof(sum[0]); i++)
			if (per_queue_count(i))
				assert_int_equal(sum[i], total[i]);
		assert_true(r.counters.offered_frames > 0);
		assert_true(r.counters.drops_socket > 0 || r.counters.drops_ring > 0 ||
			    r.counters.delivered_frames == r.counters.offered_frames);
		assert_int_equal(to_app, r.to_app.count);
		assert_int_equal(added, r.added_delay.count);
		assert_true(r.queue[0].throughput_mbps + r.queue[1].throughput_mbps +
				    r.queue[2].throughput_mbps >
			    0.999 * r.throughput_mbps);
	}
}

/* One controller for every queue is irqmod_sim_run(); one queue's results
 * are the totals. */
static void test_sim_queues_one_controller_is_irqmod_sim_run(void **unused)
{
	struct irqmod_sim_controller c;
	struct irqmod_sim_config config;
	struct irqmod_sim_results a, b;
	uint64_t queue[sizeof(struct irqmod_sim_counters) / sizeof(uint64_t)];
	uint64_t total[sizeof(queue) / sizeof(queue[0])];
	size_t i;

	(void)unused;
	three_queues(&config, 1);
	assert_int_equal(irqmod_scenario_controller_by_name(&c, "ixgbe", 10000), 0);
	assert_int_equal(irqmod_sim_run(&config, &c, NULL, &a), 0);
	assert_int_equal(irqmod_sim_run_queues(&config, &c, 1, NULL, &b), 0);
	assert_memory_equal(&a.counters, &b.counters, sizeof(a.counters));
	assert_string_equal(b.controller, "ixgbe");
	assert_string_equal(b.queue[2].controller, "ixgbe");
	config.queues = 1;
	config.cores = 2;
	config.app_core = 1;
	assert_int_equal(irqmod_sim_run(&config, &c, NULL, &a), 0);
	assert_int_equal(a.queues, 1);
	memcpy(queue, &a.queue[0].counters, sizeof(queue));
	memcpy(total, &a.counters, sizeof(total));
	for (i = 0; i < sizeof(queue) / sizeof(queue[0]); i++)
		if (per_queue_count(i))
			assert_int_equal(queue[i], total[i]);
	assert_int_equal(a.queue[0].to_app.count, a.to_app.count);
	assert_int_equal(a.queue[0].added_delay.p99_ns, a.added_delay.p99_ns);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sim_queues_each_queue_runs_its_own_controller),
		cmocka_unit_test(test_sim_queues_add_up_to_the_totals),
		cmocka_unit_test(test_sim_queues_one_controller_is_irqmod_sim_run),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
