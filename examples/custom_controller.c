/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Plugging your own moderation algorithm into libirqmod-sim.
 *
 * The simulator calls the update callback after every NAPI poll that
 * completes under budget, exactly where a driver would call its moderation
 * code (after napi_complete_done()), with the same struct irqmod_sample a
 * driver would build. Here: a toy controller that picks the interval from
 * the packets seen per interrupt (short intervals for sparse traffic, long
 * ones for bulk), compared with the generic static controller on identical
 * traffic (same seed).
 */
#include <stdio.h>
#include <string.h>

#include "irqmod/sim.h"

/* Interval bounds of the toy controller: 10 us to 100 us. */
#define TOY_MIN_INTERVAL_NS 10000u
#define TOY_MAX_INTERVAL_NS 100000u
/* Packets per interrupt above which the traffic counts as bulk. */
#define TOY_BULK_PACKETS 32u

struct toy_state {
	uint32_t interval_ns[IRQMOD_SIM_MAX_QUEUES];
	uint64_t calls;
};

static void toy_update(void *context, uint32_t queue, const struct irqmod_sample *sample,
		       struct irqmod_decision *decision)
{
	struct toy_state *toy = context;
	uint32_t interval = toy->interval_ns[queue];
	uint32_t events = sample->events ? sample->events : 1;

	toy->calls++;
	if (sample->rx_packets / events > TOY_BULK_PACKETS)
		interval = interval * 2 > TOY_MAX_INTERVAL_NS ? TOY_MAX_INTERVAL_NS : interval * 2;
	else
		interval = interval / 2 < TOY_MIN_INTERVAL_NS ? TOY_MIN_INTERVAL_NS : interval / 2;
	decision->changed = interval != toy->interval_ns[queue];
	toy->interval_ns[queue] = interval;
	decision->rx_interval_ns = interval;
	decision->tx_interval_ns = interval;
	decision->action = IRQMOD_ACTION_REARM;
}

static void print(const struct irqmod_sim_results *r)
{
	printf("%-10s %9.1f Mb/s %8.0f irq/s  app latency p50 %7.1f us p99 %7.1f us  CPU0 %5.1f%%\n",
	       r->controller, r->throughput_mbps, r->interrupts_per_s,
	       (double)r->to_app.p50_ns / 1e3, (double)r->to_app.p99_ns / 1e3,
	       r->core[0].utilisation * 100.0);
}

int main(void)
{
	struct irqmod_sim_config config;
	struct toy_state toy = { { 0 }, 0 };
	struct irqmod_sim_controller custom = { "toy", { 0 }, toy_update, &toy, TOY_MIN_INTERVAL_NS,
						{ 0 } };
	struct irqmod_sim_controller baseline;
	struct irqmod_sim_results results;
	uint32_t q;
	int error;

	for (q = 0; q < IRQMOD_SIM_MAX_QUEUES; q++)
		toy.interval_ns[q] = TOY_MIN_INTERVAL_NS;

	/* 10 GbE, bursts of full frames at half line rate, Pareto on/off. */
	irqmod_sim_default_config(&config);
	config.duration_ns = 300000000; /* 0.3 s */
	config.warmup_ns = 50000000;
	irqmod_sim_default_source(&config.sources[0], IRQMOD_SIM_SOURCE_ONOFF);
	config.sources[0].frame_bytes = 1514;
	config.sources[0].rate_pps = 400000;
	config.sources[0].period_distribution = IRQMOD_SIM_DIST_PARETO;
	irqmod_sim_default_source(&config.sources[1], IRQMOD_SIM_SOURCE_RR);

	error = irqmod_sim_run(&config, &custom, NULL, &results);
	if (error) {
		fprintf(stderr, "custom_controller: %s\n", irqmod_strerror(error));
		return 1;
	}
	print(&results);
	printf("           (the toy controller was called %llu times)\n",
	       (unsigned long long)toy.calls);

	/*
	 * Any kind of controller.h, from its default config, on the same
	 * traffic (names such as "static:84us" are libirqmod-scenario's:
	 * examples/scenario_run.c).
	 */
	memset(&baseline, 0, sizeof(baseline));
	baseline.name = "static";
	error = irqmod_controller_default_config(&baseline.generic, IRQMOD_KIND_STATIC,
						 config.link_speed_mbps);
	if (!error)
		error = irqmod_sim_run(&config, &baseline, NULL, &results);
	if (error) {
		fprintf(stderr, "custom_controller: %s\n", irqmod_strerror(error));
		return 1;
	}
	print(&results);
	return 0;
}
