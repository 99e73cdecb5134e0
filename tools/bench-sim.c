/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Simulator speed: simulated frames per second of wall time (and of CPU
 * time, steadier on a shared machine) at 10 GbE line rate. Usage: bench-sim FRAME_BYTES [SIMULATED_SECONDS]. FRAME_BYTES
 * excludes the FCS: 60 is the 64-byte minimum frame, 1514 a full one.
 *
 * Two hosts are run: the default one, which cannot keep up with 64-byte
 * line rate (most frames are dropped at the ring, the cheap path), and a
 * fast one (20 ns per frame) that delivers nearly all of them.
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "irqmod/scenario.h"
#include "irqmod/sim.h"

static double seconds(clockid_t clock)
{
	struct timespec t;

	clock_gettime(clock, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int run(const char *label, struct irqmod_sim_config *config)
{
	struct irqmod_sim_controller controller;
	struct irqmod_sim_results results;
	double cpu0, wall0, cpu, wall;
	int error;

	error = irqmod_scenario_controller_by_name(&controller, "static:50us", config->link_speed_mbps);
	cpu0 = seconds(CLOCK_PROCESS_CPUTIME_ID);
	wall0 = seconds(CLOCK_MONOTONIC);
	if (!error)
		error = irqmod_sim_run(config, &controller, NULL, &results);
	cpu = seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu0;
	wall = seconds(CLOCK_MONOTONIC) - wall0;
	if (error) {
		fprintf(stderr, "bench-sim: %s\n", irqmod_strerror(error));
		return 1;
	}
	printf("%-12s %4" PRIu32 " B: %10" PRIu64 " frames (%" PRIu64 " delivered): "
	       "%.3f s wall, %.1f M simulated frames/s of wall time; %.3f s CPU, %.1f M/s of CPU time\n",
	       label, config->sources[0].frame_bytes, results.totals.offered_frames,
	       results.totals.delivered_frames, wall,
	       (double)results.totals.offered_frames / wall / 1e6, cpu,
	       (double)results.totals.offered_frames / cpu / 1e6);
	return 0;
}

int main(int argc, char **argv)
{
	struct irqmod_sim_config config;
	int failed = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: bench-sim FRAME_BYTES [SIMULATED_SECONDS]\n");
		return 2;
	}
	irqmod_sim_default_config(&config);
	config.warmup_ns = 0;
	config.duration_ns = (argc > 2 ? strtoull(argv[2], NULL, 10) : 2) * 1000000000ull;
	irqmod_sim_default_source(&config.sources[0], IRQMOD_SIM_SOURCE_CONSTANT);
	config.sources[0].frame_bytes = (uint32_t)strtoul(argv[1], NULL, 10);
	config.sources[0].rate_pps = 0; /* line rate */
	failed |= run("default host", &config);
	config.packet_ns = 20;
	config.poll_ns = 100;
	config.app_datagram_ns = 20;
	config.app_byte_ps = 0;
	failed |= run("fast host", &config);
	return failed;
}
