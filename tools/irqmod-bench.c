/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * irqmod-bench: per-update cost of every controller kind.
 *
 * For each kind of the generic API (0..IRQMOD_KIND_COUNT-1, so kinds added
 * later are measured without editing this file) it prints the size of the
 * kind's own state struct and the nanoseconds per irqmod_controller_update()
 * call (thread CPU time): the median of several repetitions over one fixed,
 * pre-generated pseudo-random stream of realistic traffic. The repetitions
 * of the kinds are interleaved, so a burst of load from a neighbour on a
 * shared machine spreads over all kinds instead of landing on one.
 *
 * With --callgrind it instead runs each selected kind once over the same
 * stream, for `valgrind --tool=callgrind --collect-atstart=no
 * --toggle-collect=irqmod_controller_update`, which then counts only the
 * instructions inside the update calls (setup, stream generation and the
 * loop are excluded); scripts/bench divides that count by the updates.
 *
 * Usage: irqmod-bench [--updates N] [--repetitions R] [--kind NAME]
 *                     [--callgrind]
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "irqmod/controller.h"

/* Link speed given to every default config: 10 GbE, the common case. */
#define BENCH_LINK_MBPS 10000u

/*
 * Samples in the pre-generated stream; the loop replays it with time moved
 * on. 8192 x 40 bytes = 320 KiB stays in a typical L2 cache, so the figures
 * measure the controller rather than memory bandwidth.
 */
#define BENCH_STREAM_SAMPLES 8192u

/* Seed of the stream; fixed so every run measures the same work. */
#define BENCH_SEED 0x1a2b3c4d5e6f7081u

/* Defaults: 128 replays of the stream per timed repetition, 11 repetitions. */
#define BENCH_DEFAULT_UPDATES (BENCH_STREAM_SAMPLES * 128u)
#define BENCH_DEFAULT_REPETITIONS 11u
#define BENCH_MAX_REPETITIONS 101u

/* Defaults under callgrind, where each update runs ~50x slower. */
#define BENCH_DEFAULT_CALLGRIND_UPDATES (BENCH_STREAM_SAMPLES * 16u)

/* NAPI's default poll budget (Linux NAPI_POLL_WEIGHT): packets per full poll. */
#define BENCH_NAPI_BUDGET 64u

/* Ethernet frame sizes without FCS: minimum, full MTU 1500, jumbo MTU 9000. */
#define BENCH_FRAME_MIN_BYTES 60u
#define BENCH_FRAME_MTU_BYTES 1514u
#define BENCH_FRAME_JUMBO_BYTES 9014u

/* A pure TCP ACK on the wire without FCS: 14 + 20 + 32 (timestamps). */
#define BENCH_ACK_BYTES 66u

struct bench_options {
	uint32_t updates;
	uint32_t repetitions;
	const char *kind_name;
	int callgrind;
};

/* splitmix64 (Steele, Lea, Flood 2014): small, fast, well mixed. */
static uint64_t bench_random(uint64_t *seed)
{
	uint64_t z = (*seed += 0x9e3779b97f4a7c15u);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/* Uniform value in [low, high]. */
static uint32_t bench_between(uint64_t *seed, uint32_t low, uint32_t high)
{
	return low + (uint32_t)(bench_random(seed) % ((uint64_t)high - low + 1u));
}

/* The traffic phases the stream cycles through at random. */
enum bench_phase {
	BENCH_PHASE_BULK,	/* TCP stream in: full budgets of MTU frames */
	BENCH_PHASE_JUMBO,	/* the same with jumbo frames */
	BENCH_PHASE_REQUEST,	/* request/response: 1-4 small frames per poll */
	BENCH_PHASE_MIXED,	/* a mix of sizes and batch lengths */
	BENCH_PHASE_IDLE,	/* a trickle with gaps of milliseconds */
	BENCH_PHASE_COUNT
};

/*
 * One poll of @phase: the packets and bytes it completed and how long after
 * the previous poll it ended. Figures are plausible for one 10 GbE queue:
 * 64 MTU frames take ~78 us on the wire; a request/response round trip on
 * a LAN takes tens of microseconds.
 */
static void bench_poll(uint64_t *seed, uint32_t phase, struct irqmod_sample *sample,
		       uint64_t *gap_ns)
{
	uint32_t packets;
	uint32_t frame_bytes;

	switch (phase) {
	case BENCH_PHASE_BULK:
		packets = bench_between(seed, BENCH_NAPI_BUDGET / 2u, BENCH_NAPI_BUDGET);
		frame_bytes = BENCH_FRAME_MTU_BYTES;
		*gap_ns = (uint64_t)packets * bench_between(seed, 1200u, 1400u);
		sample->tx_packets = packets / 2u; /* delayed ACKs */
		sample->tx_bytes = (uint64_t)sample->tx_packets * BENCH_ACK_BYTES;
		break;
	case BENCH_PHASE_JUMBO:
		packets = bench_between(seed, 8u, BENCH_NAPI_BUDGET);
		frame_bytes = BENCH_FRAME_JUMBO_BYTES;
		*gap_ns = (uint64_t)packets * bench_between(seed, 7200u, 8000u);
		sample->tx_packets = packets / 2u;
		sample->tx_bytes = (uint64_t)sample->tx_packets * BENCH_ACK_BYTES;
		break;
	case BENCH_PHASE_REQUEST:
		packets = bench_between(seed, 1u, 4u);
		frame_bytes = bench_between(seed, BENCH_FRAME_MIN_BYTES, 400u);
		*gap_ns = bench_between(seed, 8000u, 40000u);
		sample->tx_packets = packets;
		sample->tx_bytes = (uint64_t)packets * bench_between(seed, 60u, 1514u);
		break;
	case BENCH_PHASE_MIXED:
		packets = bench_between(seed, 0u, BENCH_NAPI_BUDGET);
		frame_bytes = bench_between(seed, BENCH_FRAME_MIN_BYTES,
					    BENCH_FRAME_MTU_BYTES);
		*gap_ns = 2000u + (uint64_t)packets * bench_between(seed, 100u, 1300u);
		sample->tx_packets = bench_between(seed, 0u, packets);
		sample->tx_bytes = (uint64_t)sample->tx_packets * frame_bytes;
		break;
	default: /* BENCH_PHASE_IDLE */
		packets = bench_between(seed, 0u, 1u);
		frame_bytes = bench_between(seed, BENCH_FRAME_MIN_BYTES, 200u);
		*gap_ns = bench_between(seed, 100000u, 10000000u);
		sample->tx_packets = packets;
		sample->tx_bytes = (uint64_t)packets * BENCH_FRAME_MIN_BYTES;
		break;
	}
	sample->rx_packets = packets;
	sample->rx_bytes = (uint64_t)packets * frame_bytes;
	sample->events = 1u;
	sample->completions = sample->rx_packets + sample->tx_packets;
	sample->flags = IRQMOD_SAMPLE_FROM_INTERRUPT;
	if (packets >= BENCH_NAPI_BUDGET)
		sample->flags |= IRQMOD_SAMPLE_BUDGET_EXHAUSTED;
}

/*
 * Fill @stream with phases of 64..2048 polls each. Return the time span of
 * the stream (first sample to one gap past the last), by which each replay
 * moves time on.
 */
static uint64_t bench_make_stream(struct irqmod_sample *stream, uint32_t count)
{
	uint64_t seed = BENCH_SEED;
	uint64_t now_ns = 0;
	uint32_t phase = 0;
	uint32_t left = 0;
	uint64_t gap_ns = 0;
	uint32_t i;

	for (i = 0; i < count; i++) {
		if (left == 0) {
			phase = bench_between(&seed, 0u, BENCH_PHASE_COUNT - 1u);
			left = bench_between(&seed, 64u, 2048u);
		}
		left--;
		memset(&stream[i], 0, sizeof(stream[i]));
		bench_poll(&seed, phase, &stream[i], &gap_ns);
		now_ns += gap_ns;
		stream[i].now_ns = now_ns;
	}
	return now_ns + gap_ns;
}

/* What a run leaves behind, so the compiler and a reader can check the work. */
struct bench_result {
	uint64_t checksum;
	uint64_t changes;
};

/* Fold one decision into the result (FNV-1a style mixing). */
static void bench_account(struct bench_result *result,
			  const struct irqmod_decision *decision)
{
	result->checksum = (result->checksum ^ decision->rx_interval_ns ^
			    ((uint64_t)decision->frames << 32) ^
			    ((uint64_t)decision->action << 48)) *
			   0x100000001b3u;
	result->changes += decision->changed;
}

/* @updates calls from a fresh init; the stream is replayed with time moved on. */
static void bench_run(const struct irqmod_controller_config *config,
		      const struct irqmod_sample *stream, uint64_t span_ns,
		      uint32_t updates, struct bench_result *result)
{
	struct irqmod_controller controller;
	uint64_t offset_ns = 0;
	uint32_t i;

	if (irqmod_controller_init(&controller, config) != 0) {
		fprintf(stderr, "irqmod-bench: init of %s failed\n",
			irqmod_kind_name(config->kind));
		exit(EXIT_FAILURE);
	}
	result->checksum = 0xcbf29ce484222325u;
	result->changes = 0;
	for (i = 0; i < updates; i++) {
		uint32_t index = i % BENCH_STREAM_SAMPLES;
		struct irqmod_sample sample = stream[index];
		struct irqmod_decision decision;

		if (index == 0 && i != 0)
			offset_ns += span_ns;
		sample.now_ns += offset_ns;
		irqmod_controller_update(&controller, &sample, &decision);
		bench_account(result, &decision);
	}
}

/*
 * The same loop around a call that does nothing, to show how much of each
 * figure is the harness (copying the sample, the call, the checksum).
 */
__attribute__((noinline)) static void bench_empty_update(struct irqmod_controller *controller,
							   const struct irqmod_sample *sample,
							   struct irqmod_decision *decision)
{
	__asm__ volatile("" : : "r"(controller), "r"(sample), "r"(decision) : "memory");
	memset(decision, 0, sizeof(*decision));
}

static void bench_run_empty(const struct irqmod_sample *stream, uint64_t span_ns,
			    uint32_t updates, struct bench_result *result)
{
	struct irqmod_controller controller;
	uint64_t offset_ns = 0;
	uint32_t i;

	memset(&controller, 0, sizeof(controller));
	result->checksum = 0xcbf29ce484222325u;
	result->changes = 0;
	for (i = 0; i < updates; i++) {
		uint32_t index = i % BENCH_STREAM_SAMPLES;
		struct irqmod_sample sample = stream[index];
		struct irqmod_decision decision;

		if (index == 0 && i != 0)
			offset_ns += span_ns;
		sample.now_ns += offset_ns;
		bench_empty_update(&controller, &sample, &decision);
		bench_account(result, &decision);
	}
}

/*
 * CPU time of this thread, not wall time: on a machine shared with other
 * jobs, time spent preempted is not the controller's cost. Caches and
 * branch predictors the neighbours disturb still show, hence the median.
 */
static uint64_t bench_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int bench_compare_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a;
	uint64_t y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* Median of @count values (sorts them); the mean of the middle two if even. */
static uint64_t bench_median(uint64_t *values, uint32_t count)
{
	qsort(values, count, sizeof(values[0]), bench_compare_u64);
	if (count % 2u)
		return values[count / 2u];
	return (values[count / 2u - 1u] + values[count / 2u]) / 2u;
}

static void bench_usage(FILE *out)
{
	fprintf(out,
		"usage: irqmod-bench [--updates N] [--repetitions R] [--kind NAME] [--callgrind]\n"
		"  --updates N      updates per repetition (default %u; %u with --callgrind)\n"
		"  --repetitions R  timed repetitions per kind, median reported (default %u, max %u)\n"
		"  --kind NAME      measure only this kind (default: every kind)\n"
		"  --callgrind      one untimed run per kind, for valgrind --tool=callgrind\n"
		"                   --collect-atstart=no --toggle-collect=irqmod_controller_update\n",
		BENCH_DEFAULT_UPDATES, BENCH_DEFAULT_CALLGRIND_UPDATES,
		BENCH_DEFAULT_REPETITIONS, BENCH_MAX_REPETITIONS);
}

static uint32_t bench_parse_count(const char *text, uint32_t max)
{
	char *end;
	unsigned long value = strtoul(text, &end, 0);

	if (*text == '\0' || *end != '\0' || value == 0 || value > max) {
		fprintf(stderr, "irqmod-bench: bad count '%s' (1..%u)\n", text, max);
		exit(EXIT_FAILURE);
	}
	return (uint32_t)value;
}

static void bench_parse(int argc, char **argv, struct bench_options *options)
{
	int i;
	int updates_given = 0;

	options->updates = BENCH_DEFAULT_UPDATES;
	options->repetitions = BENCH_DEFAULT_REPETITIONS;
	options->kind_name = NULL;
	options->callgrind = 0;
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--callgrind") == 0) {
			options->callgrind = 1;
		} else if (strcmp(argv[i], "--help") == 0) {
			bench_usage(stdout);
			exit(EXIT_SUCCESS);
		} else if (i + 1 < argc && strcmp(argv[i], "--updates") == 0) {
			options->updates = bench_parse_count(argv[++i], UINT32_MAX);
			updates_given = 1;
		} else if (i + 1 < argc && strcmp(argv[i], "--repetitions") == 0) {
			options->repetitions = bench_parse_count(argv[++i],
								 BENCH_MAX_REPETITIONS);
		} else if (i + 1 < argc && strcmp(argv[i], "--kind") == 0) {
			options->kind_name = argv[++i];
		} else {
			bench_usage(stderr);
			exit(EXIT_FAILURE);
		}
	}
	if (options->callgrind && !updates_given)
		options->updates = BENCH_DEFAULT_CALLGRIND_UPDATES;
}

/* Kinds selected by --kind (all when none given); exits if the name is unknown. */
static int bench_selected(const struct bench_options *options, uint32_t kind)
{
	return !options->kind_name ||
	       strcmp(options->kind_name, irqmod_kind_name(kind)) == 0;
}

static void bench_default_config(struct irqmod_controller_config *config, uint32_t kind)
{
	int error = irqmod_controller_default_config(config, kind, BENCH_LINK_MBPS);

	if (error != 0) {
		fprintf(stderr, "irqmod-bench: no default config for %s: %s\n",
			irqmod_kind_name(kind), irqmod_strerror(error));
		exit(EXIT_FAILURE);
	}
}

static void bench_callgrind(const struct bench_options *options,
			    const struct irqmod_sample *stream, uint64_t span_ns)
{
	uint32_t kind;

	printf("# kind state_bytes updates changes checksum\n");
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++) {
		struct irqmod_controller_config config;
		struct bench_result result;

		if (!bench_selected(options, kind))
			continue;
		bench_default_config(&config, kind);
		bench_run(&config, stream, span_ns, options->updates, &result);
		printf("%s %zu %" PRIu32 " %" PRIu64 " %016" PRIx64 "\n",
		       irqmod_kind_name(kind), irqmod_kind_state_bytes(kind),
		       options->updates, result.changes, result.checksum);
	}
}

static void bench_timing(const struct bench_options *options,
			 const struct irqmod_sample *stream, uint64_t span_ns)
{
	static uint64_t elapsed_ns[IRQMOD_KIND_COUNT + 1u][BENCH_MAX_REPETITIONS];
	struct irqmod_controller_config configs[IRQMOD_KIND_COUNT];
	struct bench_result results[IRQMOD_KIND_COUNT + 1u];
	const uint32_t empty = IRQMOD_KIND_COUNT; /* row of the empty call */
	uint32_t repetition;
	uint32_t kind;

	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++)
		bench_default_config(&configs[kind], kind);

	/* Repetition 0 warms caches and branch predictors and is not counted. */
	for (repetition = 0; repetition <= options->repetitions; repetition++) {
		for (kind = 0; kind <= IRQMOD_KIND_COUNT; kind++) {
			uint64_t start_ns;
			uint64_t stop_ns;

			if (kind != empty && !bench_selected(options, kind))
				continue;
			start_ns = bench_cpu_ns();
			if (kind == empty)
				bench_run_empty(stream, span_ns, options->updates,
						&results[kind]);
			else
				bench_run(&configs[kind], stream, span_ns,
					  options->updates, &results[kind]);
			stop_ns = bench_cpu_ns();
			if (repetition > 0)
				elapsed_ns[kind][repetition - 1u] = stop_ns - start_ns;
		}
	}

	printf("# irqmod-bench: %" PRIu32 " updates x %" PRIu32
	       " repetitions per kind (median), stream of %u samples, seed 0x%016" PRIx64 "\n",
	       options->updates, options->repetitions, BENCH_STREAM_SAMPLES,
	       (uint64_t)BENCH_SEED);
	printf("# ns figures are per irqmod_controller_update() call, harness included\n");
	printf("# %-14s %11s %9s %9s %9s %8s %16s\n", "kind", "state_bytes",
	       "ns_median", "ns_min", "ns_max", "changes", "checksum");
	for (kind = 0; kind <= IRQMOD_KIND_COUNT; kind++) {
		uint64_t median_ns;
		uint64_t *values = elapsed_ns[kind];
		const char *name = kind == empty ? "(harness)" : irqmod_kind_name(kind);

		if (kind != empty && !bench_selected(options, kind))
			continue;
		median_ns = bench_median(values, options->repetitions);
		printf("%s%-14s %11zu %9.2f %9.2f %9.2f %8" PRIu64 " %016" PRIx64 "\n",
		       kind == empty ? "# " : "  ", name,
		       kind == empty ? (size_t)0 : irqmod_kind_state_bytes(kind),
		       (double)median_ns / options->updates,
		       (double)values[0] / options->updates,
		       (double)values[options->repetitions - 1u] / options->updates,
		       results[kind].changes, results[kind].checksum);
	}
}

int main(int argc, char **argv)
{
	static struct irqmod_sample stream[BENCH_STREAM_SAMPLES];
	struct bench_options options;
	uint64_t span_ns;
	uint32_t kind;
	int found = 0;

	bench_parse(argc, argv, &options);
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++)
		found |= bench_selected(&options, kind);
	if (!found) {
		fprintf(stderr, "irqmod-bench: unknown kind '%s'\n", options.kind_name);
		return EXIT_FAILURE;
	}
	span_ns = bench_make_stream(stream, BENCH_STREAM_SAMPLES);
	if (options.callgrind)
		bench_callgrind(&options, stream, span_ns);
	else
		bench_timing(&options, stream, span_ns);
	return EXIT_SUCCESS;
}
