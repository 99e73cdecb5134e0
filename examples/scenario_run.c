/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Loading a scenario file as irqmod-sim does, and running it, through
 * libirqmod-scenario (pkg-config irqmod-scenario, CMake irqmod::scenario).
 *
 *   scenario_run FILE [SECTION.KEY=VALUE]...
 *
 * The file is read by the same reader, key table and range checks as the
 * tools (irqmod-sim --list-keys), the assignments override it as --set
 * does, and every controller of its [run] controllers list (ixgbe and
 * static:50us when it has none) runs on the same traffic. Errors name the
 * file and line or the assignment, the key, the value and the accepted
 * range.
 */
#include <stdio.h>

#include "irqmod/scenario.h"

/* The controllers run when the file names none: an adaptive kind and a fixed interval. */
static const char *const default_controllers[] = { "ixgbe", "static:50us" };

int main(int argc, char **argv)
{
	static struct irqmod_scenario scenario;
	char message[2048];
	unsigned int i, count;
	int status = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: scenario_run FILE [SECTION.KEY=VALUE]...\n");
		return 2;
	}
	irqmod_scenario_init(&scenario);
	if (irqmod_scenario_parse_file(&scenario, argv[1], message, sizeof(message)) != 0) {
		fprintf(stderr, "scenario_run: %s\n", message);
		return 2;
	}
	for (i = 2; i < (unsigned int)argc; i++) {
		if (irqmod_scenario_set(&scenario, argv[i], message, sizeof(message)) != 0) {
			fprintf(stderr, "scenario_run: %s\n", message);
			return 2;
		}
	}
	/* Trace sources read their files once every key is final. */
	if (irqmod_scenario_load_traces(&scenario, message, sizeof(message)) != 0 ||
	    irqmod_scenario_finish(&scenario, message, sizeof(message)) != 0) {
		fprintf(stderr, "scenario_run: %s\n", message);
		irqmod_scenario_free_traces(&scenario);
		return 2;
	}
	count = scenario.controller_count ? scenario.controller_count
					  : (unsigned int)(sizeof(default_controllers) /
							   sizeof(default_controllers[0]));
	printf("%-24s %12s %14s %10s\n", "controller", "throughput", "interrupts/s", "drops");
	for (i = 0; i < count; i++) {
		const char *name = scenario.controller_count ? scenario.controllers[i]
							     : default_controllers[i];
		struct irqmod_sim_controller controller;
		struct irqmod_sim_results results;
		int error;

		/* Plain interval controllers by name; hybrids need the hybrid
		 * layer irqmod-sim adds (irqmod_scenario_controller()). */
		error = irqmod_scenario_controller_by_name(&controller, name,
							   scenario.config.link_speed_mbps);
		if (error == -IRQMOD_EKIND) {
			printf("%-24s (a hybrid or knobs: run it with irqmod-sim)\n", name);
			continue;
		}
		if (error == 0)
			error = irqmod_sim_run(&scenario.config, &controller, NULL, &results);
		if (error) {
			fprintf(stderr, "scenario_run: %s: %s\n", name, irqmod_strerror(error));
			status = 1;
			continue;
		}
		printf("%-24s %7.1f Mb/s %14.0f %10llu\n", name, results.throughput_mbps,
		       results.interrupts_per_s,
		       (unsigned long long)(results.counters.drops_ring + results.counters.drops_socket));
	}
	irqmod_scenario_free_traces(&scenario);
	return status;
}
