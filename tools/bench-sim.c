/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Simulator speed: simulated frames per second of wall time (and of CPU
 * time, steadier on a shared machine) at 10 GbE line rate, and the
 * process's peak resident memory after each run. Usage:
 *	bench-sim FRAME_BYTES [SIMULATED_SECONDS [QUEUES [HOST]]]
 * FRAME_BYTES excludes the FCS: 60 is the 64-byte minimum frame, 1514 a
 * full one; SIMULATED_SECONDS defaults to 2.
 *
 * Two hosts are run: the default one, which cannot keep up with 64-byte
 * line rate (most frames are dropped at the ring, the cheap path), and a
 * fast one (20 ns per frame) that delivers most of them. Without QUEUES
 * both run on one RX queue and then on four (RSS over BENCH_FLOWS flows,
 * every queue on core 0), for the cost in queues; with it, on that many.
 * HOST (default or fast) runs that host only, e.g. to count one host's
 * instructions under callgrind.
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "irqmod/scenario.h"
#include "irqmod/sim.h"

/* Flows of the multi-queue case: enough for RSS to spread them about
 * evenly over up to IRQMOD_SIM_MAX_QUEUES queues. */
#define BENCH_FLOWS 64u

static double seconds(clockid_t clock)
{
	struct timespec t;

	clock_gettime(clock, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static long max_rss_kib(void)
{
	struct rusage usage;

	return getrusage(RUSAGE_SELF, &usage) == 0 ? usage.ru_maxrss : -1;
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
	printf("%-12s %" PRIu32 "q %4" PRIu32 " B: %10" PRIu64 " frames (%" PRIu64 " delivered): "
	       "%.3f s wall, %.1f M simulated frames/s of wall time; %.3f s CPU, %.1f M/s of CPU time; "
	       "max RSS %ld KiB\n",
	       label, config->queues, config->sources[0].frame_bytes, results.totals.offered_frames,
	       results.totals.delivered_frames, wall,
	       (double)results.totals.offered_frames / wall / 1e6, cpu,
	       (double)results.totals.offered_frames / cpu / 1e6, max_rss_kib());
	return 0;
}

/* Hosts to run. */
#define BENCH_DEFAULT_HOST 1u
#define BENCH_FAST_HOST 2u

/* The @hosts on @queues RX queues. */
static int run_hosts(uint32_t frame_bytes, uint64_t duration_ns, uint32_t queues, uint32_t hosts)
{
	struct irqmod_sim_config config;
	int failed = 0;

	irqmod_sim_default_config(&config);
	config.warmup_ns = 0;
	config.duration_ns = duration_ns;
	config.queues = queues;
	irqmod_sim_default_source(&config.sources[0], IRQMOD_SIM_SOURCE_CONSTANT);
	config.sources[0].frame_bytes = frame_bytes;
	config.sources[0].rate_pps = 0; /* line rate */
	if (queues > 1)
		config.sources[0].flows = BENCH_FLOWS;
	if (hosts & BENCH_DEFAULT_HOST)
		failed |= run("default host", &config);
	config.packet_ns = 20;
	config.poll_ns = 100;
	config.app_datagram_ns = 20;
	config.app_byte_ps = 0;
	if (hosts & BENCH_FAST_HOST)
		failed |= run("fast host", &config);
	return failed;
}

int main(int argc, char **argv)
{
	uint64_t seconds_simulated = argc > 2 ? strtoull(argv[2], NULL, 10) : 2;
	uint32_t frame_bytes, queues, hosts = BENCH_DEFAULT_HOST | BENCH_FAST_HOST;
	int failed = 0;

	if (argc < 2 || argc > 5) {
		fprintf(stderr, "usage: bench-sim FRAME_BYTES [SIMULATED_SECONDS [QUEUES [HOST]]]\n");
		return 2;
	}
	if (argc > 4) {
		hosts = strcmp(argv[4], "default") == 0 ? BENCH_DEFAULT_HOST
			: strcmp(argv[4], "fast") == 0	 ? BENCH_FAST_HOST
							 : 0;
		if (hosts == 0) {
			fprintf(stderr, "bench-sim: HOST must be default or fast, not '%s'\n", argv[4]);
			return 2;
		}
	}
	frame_bytes = (uint32_t)strtoul(argv[1], NULL, 10);
	queues = argc > 3 ? (uint32_t)strtoul(argv[3], NULL, 10) : 0;
	if ((argc > 3 && queues == 0) || queues > IRQMOD_SIM_MAX_QUEUES || seconds_simulated == 0 ||
	    seconds_simulated > IRQMOD_SIM_MAX_DURATION_NS / 1000000000ull) {
		fprintf(stderr, "bench-sim: QUEUES must be 1..%u and SIMULATED_SECONDS 1..%llu\n",
			(unsigned)IRQMOD_SIM_MAX_QUEUES,
			(unsigned long long)(IRQMOD_SIM_MAX_DURATION_NS / 1000000000ull));
		return 2;
	}
	if (queues != 0)
		return run_hosts(frame_bytes, seconds_simulated * 1000000000ull, queues, hosts);
	failed |= run_hosts(frame_bytes, seconds_simulated * 1000000000ull, 1, hosts);
	failed |= run_hosts(frame_bytes, seconds_simulated * 1000000000ull, 4, hosts);
	return failed;
}
