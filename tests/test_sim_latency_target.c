/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The latency-target controller's claims in the simulator, each over three
 * seeds with the tolerance stated beside it (docs/latency-target.md,
 * "Measured"). The comparison is the static interval at the target, the
 * oracle's usual answer (the cheapest static interval whose p99 meets the
 * target), run on identical traffic (same seed). CPU is the interrupt and
 * softirq time of every core; the p99 is the added delay the target is
 * about (NIC arrival to the interrupt firing or the poll timer expiring,
 * the suite's metric), and the simulator's NIC has Intel's throttle.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "irqmod/scenario.h"
#include "irqmod/sim.h"

#define SEEDS 3u
#define TARGET_NS 20000u

static struct irqmod_sim_results results;

/* Changes of the programmed interval, counted by the trace hook. */
struct change_count {
	uint64_t warmup_ns;
	uint64_t changes;
	uint64_t polls;
	uint64_t calls;
};

static void count_changes(void *context, const struct irqmod_sim_trace *record)
{
	struct change_count *count = context;

	if (record->now_ns < count->warmup_ns)
		return;
	count->calls++;
	count->changes += record->decision.changed;
	count->polls += record->decision.action == IRQMOD_ACTION_POLL;
}

/* Open-loop Poisson frames on one queue, as the suite's rr-* scenarios. */
static void setup_poisson(struct irqmod_sim_config *c, uint64_t rate_pps, uint32_t bytes,
			  uint64_t seed)
{
	irqmod_sim_default_config(c);
	irqmod_sim_default_source(&c->sources[0], IRQMOD_SIM_SOURCE_POISSON);
	c->sources[0].rate_pps = rate_pps;
	c->sources[0].frame_bytes = bytes;
	c->sources[0].flows = 64;
	c->duration_ns = 120000000;
	c->warmup_ns = 20000000;
	c->seed = seed;
}

/* Runs @name ("latency-target" gets the 20 us target); @count may be NULL. */
static void run(const struct irqmod_sim_config *c, const char *name, struct change_count *count)
{
	struct irqmod_sim_controller controller;
	struct irqmod_sim_hooks hooks = { .trace = count_changes, .context = count };

	assert_int_equal(irqmod_scenario_controller_by_name(&controller, name, c->link_speed_mbps), 0);
	if (controller.generic.kind == IRQMOD_KIND_LATENCY_TARGET) {
		controller.generic.config.latency_target.target_p99_ns = TARGET_NS;
		controller.generic.config.latency_target.ring_size = c->ring_size;
	}
	if (count)
		count->warmup_ns = c->warmup_ns;
	assert_int_equal(irqmod_sim_run(c, &controller, count ? &hooks : NULL, &results), 0);
}

static uint64_t interrupt_cpu_ns(const struct irqmod_sim_results *r)
{
	uint64_t total = 0;
	uint32_t i;

	for (i = 0; i < r->cores; i++)
		total += r->core[i].irq_ns + r->core[i].softirq_ns;
	return total;
}

struct outcome {
	uint64_t cpu_ns;
	uint64_t p99_ns;
	uint64_t added_p99_ns;
	uint64_t drops;
	double throughput_mbps;
};

static void measure(const struct irqmod_sim_config *c, const char *name, struct outcome *out,
		    struct change_count *count)
{
	run(c, name, count);
	out->cpu_ns = interrupt_cpu_ns(&results);
	out->p99_ns = results.to_socket.p99_ns;
	out->added_p99_ns = results.added_delay.p99_ns;
	out->drops = results.counters.drops_ring + results.counters.drops_socket +
		results.counters.drops_reassembly;
	out->throughput_mbps = results.throughput_mbps;
}

/*
 * 100k frames/s (x = 2 frames per 20 us interval): under the throttle the
 * interval is the target plus the 2 us interrupt entry. Its added p99 meets
 * the target, and it is at least 3 % cheaper than static 20 us (whose p99
 * is 16.8 us: the target interval's, before the throttle rule; measured
 * 5.5 %, 18.8 us) and at least 10 % cheaper than no moderation.
 */
static void test_sim_latency_target_request_rate_matches_the_static_oracle(void **unused)
{
	uint64_t seed;

	(void)unused;
	for (seed = 1; seed <= SEEDS; seed++) {
		struct irqmod_sim_config c;
		struct outcome lt, oracle, none;

		setup_poisson(&c, 100000, 100, seed);
		measure(&c, "latency-target", &lt, NULL);
		measure(&c, "static:20us", &oracle, NULL);
		measure(&c, "none", &none, NULL);
		print_message("seed %u: latency-target cpu %llu ns added p99 %llu ns; static 20us "
			      "%llu / %llu; none %llu / %llu\n", (unsigned int)seed,
			      (unsigned long long)lt.cpu_ns, (unsigned long long)lt.added_p99_ns,
			      (unsigned long long)oracle.cpu_ns, (unsigned long long)oracle.added_p99_ns,
			      (unsigned long long)none.cpu_ns, (unsigned long long)none.added_p99_ns);
		assert_int_equal(lt.drops, 0);
		assert_true(lt.added_p99_ns <= TARGET_NS);
		assert_true(lt.cpu_ns * 100 <= oracle.cpu_ns * 97);
		assert_true(lt.cpu_ns * 100 <= none.cpu_ns * 90);
	}
}

/*
 * 500k frames/s (x = 10): it polls (the timer-driven poll replaces the
 * interrupt), deferred by the target itself (the timer starts when a poll
 * ends), so its added p99 meets the target and its CPU is at least 8 %
 * below static 20 us's (measured 11 %, p99 19.8 us against 15.4).
 */
static void test_sim_latency_target_heavy_load_polls_at_no_more_cpu(void **unused)
{
	uint64_t seed;

	(void)unused;
	for (seed = 1; seed <= SEEDS; seed++) {
		struct irqmod_sim_config c;
		struct outcome lt, oracle;
		struct change_count count = { 0 };

		setup_poisson(&c, 500000, 100, seed);
		measure(&c, "latency-target", &lt, &count);
		measure(&c, "static:20us", &oracle, NULL);
		print_message("seed %u: latency-target cpu %llu added p99 %llu polls %llu/%llu; "
			      "static 20us %llu / %llu\n", (unsigned int)seed,
			      (unsigned long long)lt.cpu_ns, (unsigned long long)lt.added_p99_ns,
			      (unsigned long long)count.polls, (unsigned long long)count.calls,
			      (unsigned long long)oracle.cpu_ns, (unsigned long long)oracle.added_p99_ns);
		assert_int_equal(lt.drops, 0);
		assert_true(count.polls * 10 >= count.calls * 9); /* >= 90 % polled */
		assert_true(lt.added_p99_ns <= TARGET_NS);
		assert_true(lt.cpu_ns * 100 <= oracle.cpu_ns * 92);
	}
}

/*
 * A holdoff timer (the simulator's `absolute`), told so: the first frame
 * of a cycle waits the whole interval, so the interval is the target
 * itself and the added p99 meets it (measured 20.0 us: the holdoff's atom
 * at T), where the throttle's interval (22 us) would not.
 */
static void test_sim_latency_target_holdoff_takes_the_target_itself(void **unused)
{
	uint64_t seed;

	(void)unused;
	for (seed = 1; seed <= SEEDS; seed++) {
		struct irqmod_sim_config c;
		struct irqmod_sim_controller controller;

		setup_poisson(&c, 100000, 100, seed);
		c.timer = IRQMOD_SIM_TIMER_ABSOLUTE;
		assert_int_equal(irqmod_scenario_controller_by_name(&controller, "latency-target",
								    c.link_speed_mbps), 0);
		controller.generic.config.latency_target.target_p99_ns = TARGET_NS;
		controller.generic.config.latency_target.ring_size = c.ring_size;
		controller.generic.config.latency_target.timer = IRQMOD_LATENCY_TARGET_TIMER_HOLDOFF;
		assert_int_equal(irqmod_sim_run(&c, &controller, NULL, &results), 0);
		print_message("seed %u: holdoff added p99 %llu ns\n", (unsigned int)seed,
			      (unsigned long long)results.added_delay.p99_ns);
		assert_true(results.added_delay.p99_ns <= TARGET_NS);
		assert_true(results.added_delay.p99_ns >= TARGET_NS * 9 / 10);
		controller.generic.config.latency_target.timer = IRQMOD_LATENCY_TARGET_TIMER_THROTTLE;
		assert_int_equal(irqmod_sim_run(&c, &controller, NULL, &results), 0);
		assert_true(results.added_delay.p99_ns > TARGET_NS);
	}
}

/*
 * Constant load does not make it oscillate: after the warm-up, at most
 * 2 register changes per second at 100k frames/s (a 100 ms window: none
 * expected), where a hill climber like DIM keeps moving.
 */
static void test_sim_latency_target_constant_load_does_not_oscillate(void **unused)
{
	uint64_t seed;

	(void)unused;
	for (seed = 1; seed <= SEEDS; seed++) {
		struct irqmod_sim_config c;
		struct outcome lt;
		struct change_count count = { 0 };

		setup_poisson(&c, 100000, 100, seed);
		measure(&c, "latency-target", &lt, &count);
		print_message("seed %u: %llu changes in %llu calls\n", (unsigned int)seed,
			      (unsigned long long)count.changes, (unsigned long long)count.calls);
		assert_true(count.calls > 1000);
		/* window 100 ms: 2 per second is at most 0.2, so 0 */
		assert_int_equal(count.changes, 0);
	}
}

/*
 * Bulk: 1514-byte frames at 9 Gb/s on 10 GbE: the throughput of ixgbe
 * (within 0.5 %) and no drops.
 */
static void test_sim_latency_target_bulk_keeps_throughput_without_drops(void **unused)
{
	uint64_t seed;

	(void)unused;
	for (seed = 1; seed <= SEEDS; seed++) {
		struct irqmod_sim_config c;
		struct outcome lt, ixgbe;

		setup_poisson(&c, 743000, 1514, seed);
		measure(&c, "latency-target", &lt, NULL);
		measure(&c, "ixgbe", &ixgbe, NULL);
		print_message("seed %u: latency-target %.1f Mb/s drops %llu; ixgbe %.1f\n",
			      (unsigned int)seed, lt.throughput_mbps,
			      (unsigned long long)lt.drops, ixgbe.throughput_mbps);
		assert_int_equal(lt.drops, 0);
		assert_true(lt.throughput_mbps >= ixgbe.throughput_mbps * 0.995);
	}
}

/*
 * A closed loop (ping flood: one request in flight, TX completions on the
 * vector): under the throttle the reply comes more than the interval
 * after the last interrupt (the TX completion's wait is what batches), so
 * it fires at once: the round trip within 5 % of no moderation's.
 */
static void test_sim_latency_target_closed_loop_keeps_the_round_trip(void **unused)
{
	uint64_t seed;

	(void)unused;
	for (seed = 1; seed <= SEEDS; seed++) {
		struct irqmod_sim_config c;
		uint64_t lt_rtt, none_rtt;

		irqmod_sim_default_config(&c);
		irqmod_sim_default_source(&c.sources[0], IRQMOD_SIM_SOURCE_PING);
		c.tx_interrupts = true;
		c.duration_ns = 120000000;
		c.warmup_ns = 20000000;
		c.seed = seed;
		run(&c, "latency-target", NULL);
		lt_rtt = (uint64_t)results.rtt.mean_ns;
		run(&c, "none", NULL);
		none_rtt = (uint64_t)results.rtt.mean_ns;
		print_message("seed %u: rtt latency-target %llu ns, none %llu ns\n",
			      (unsigned int)seed, (unsigned long long)lt_rtt,
			      (unsigned long long)none_rtt);
		assert_true(lt_rtt * 100 <= none_rtt * 105);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sim_latency_target_request_rate_matches_the_static_oracle),
		cmocka_unit_test(test_sim_latency_target_heavy_load_polls_at_no_more_cpu),
		cmocka_unit_test(test_sim_latency_target_holdoff_takes_the_target_itself),
		cmocka_unit_test(test_sim_latency_target_constant_load_does_not_oscillate),
		cmocka_unit_test(test_sim_latency_target_bulk_keeps_throughput_without_drops),
		cmocka_unit_test(test_sim_latency_target_closed_loop_keeps_the_round_trip),
	};

	return cmocka_run_group_tests_name("sim_latency_target", tests, NULL, NULL);
}
