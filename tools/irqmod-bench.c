/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * irqmod-bench: per-update cost of every controller kind.
 *
 * For each kind of the generic API (0..IRQMOD_KIND_COUNT-1, so kinds added
 * later are measured without editing this file) it prints the size of the
 * kind's own state struct and the nanoseconds per irqmod_controller_update()
 * call (thread CPU time): the median of several repetitions over one fixed,
 * pre-generated pseudo-random stream of realistic traffic. Then the same for
 * each hybrid around ixgbe ("idle-poll+ixgbe", ...; irqmod-sim's names and
 * default knobs) per irqmod_hybrid_update() call, in a closed loop that
 * answers every IRQMOD_ACTION_POLL with a poll. The repetitions of the rows
 * are interleaved, so a burst of load from a neighbour on a shared machine
 * spreads over all rows instead of landing on one.
 *
 * With --callgrind it instead runs each selected row once over the same
 * stream, for `valgrind --tool=callgrind --collect-atstart=no
 * --toggle-collect=irqmod_controller_update` (irqmod_hybrid_update for a
 * hybrid row), which then counts only the instructions inside the update
 * calls (setup, stream generation and the loop are excluded);
 * scripts/bench divides that count by the updates.
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
#include "irqmod/hybrid.h"
#include "bench_stream.h"
#include "irqmod/scenario.h"

/* Link speed given to every default config: 10 GbE, the common case. */
#define BENCH_LINK_MBPS 10000u

/* The interval controller every hybrid row wraps. */
#define BENCH_HYBRID_INNER "ixgbe"

/* Rows: every kind, then every hybrid (around ixgbe), then the harness. */
#define BENCH_HYBRID_ROWS (IRQMOD_HYBRID_COUNT - 1u)
#define BENCH_ROWS (IRQMOD_KIND_COUNT + BENCH_HYBRID_ROWS)

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


struct bench_options {
	uint32_t updates;
	uint32_t repetitions;
	const char *kind_name;
	int callgrind;
	int direct;
};

/* What a run leaves behind, so the compiler and a reader can check the work. */
struct bench_result {
	uint64_t checksum;
	uint64_t changes;
	uint64_t stream_polls; /* calls that carried a stream sample */
};

/* A fresh result: the FNV-1a offset basis, no changes yet. */
static void bench_result_start(struct bench_result *result, uint64_t stream_polls)
{
	result->checksum = 0xcbf29ce484222325u;
	result->changes = 0;
	result->stream_polls = stream_polls;
}

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
	bench_result_start(result, updates);
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
 * The closed loop of a hybrid row. After IRQMOD_ACTION_POLL the driver
 * polls again poll_delay_ns later: the loop answers with an empty poll at
 * that time, or with the stream's next poll if that one is due first (taken
 * as a poll, not from an interrupt, since the vector is still masked).
 * Every call counts as an update, empty polls included.
 */
/*
 * One call of a hybrid row: irqmod_hybrid_update(), or with @inner (--direct)
 * the hybrid's own entry around the inner kind's own update, as a driver
 * that embeds both states calls it (irqmod_idle_poll_update(), ...).
 */
static void bench_hybrid_call(struct irqmod_hybrid *hybrid, const struct irqmod_inner *inner,
			      const struct irqmod_sample *sample,
			      struct irqmod_decision *decision)
{
	if (!inner) {
		irqmod_hybrid_update(hybrid, sample, decision);
		return;
	}
	switch (hybrid->kind) {
	case IRQMOD_HYBRID_IDLE_POLL:
		irqmod_idle_poll_update(&hybrid->own.idle_poll, inner, sample, decision);
		break;
	case IRQMOD_HYBRID_DEFER_IRQ:
		irqmod_defer_irq_update(&hybrid->own.defer_irq, inner, sample, decision);
		break;
	default:
		irqmod_recheck_update(&hybrid->own.recheck, inner, sample, decision);
		break;
	}
}

static void bench_run_hybrid(const struct irqmod_hybrid_config *config,
			     const struct irqmod_sample *stream, uint64_t span_ns,
			     uint32_t updates, bool direct, struct bench_result *result)
{
	struct irqmod_hybrid hybrid;
	struct irqmod_inner inner;
	struct irqmod_decision decision;
	uint64_t offset_ns = 0;
	uint64_t now_ns = 0;
	uint32_t next = 0;
	uint32_t i;

	if (irqmod_hybrid_init(&hybrid, config) != 0) {
		fprintf(stderr, "irqmod-bench: init of the %s hybrid failed\n",
			irqmod_hybrid_kind_name(config->kind));
		exit(EXIT_FAILURE);
	}
	if (irqmod_inner_of_controller(&inner, &hybrid.inner) != 0) {
		fprintf(stderr, "irqmod-bench: no inner update for the %s hybrid\n",
			irqmod_hybrid_kind_name(config->kind));
		exit(EXIT_FAILURE);
	}
	bench_result_start(result, 0);
	memset(&decision, 0, sizeof(decision));
	for (i = 0; i < updates; i++) {
		uint64_t due_ns = stream[next].now_ns + offset_ns;
		bool polling = decision.action == IRQMOD_ACTION_POLL;
		struct irqmod_sample sample;

		if (polling && now_ns + decision.poll_delay_ns < due_ns) {
			memset(&sample, 0, sizeof(sample));
			sample.now_ns = now_ns + decision.poll_delay_ns;
		} else {
			sample = stream[next];
			sample.now_ns = due_ns;
			result->stream_polls++;
			if (polling)
				sample.flags &= ~IRQMOD_SAMPLE_FROM_INTERRUPT;
			if (++next == BENCH_STREAM_SAMPLES) {
				next = 0;
				offset_ns += span_ns;
			}
		}
		now_ns = sample.now_ns;
		bench_hybrid_call(&hybrid, direct ? &inner : NULL, &sample, &decision);
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
	bench_result_start(result, updates);
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
		"                    [--direct]\n"
		"  --updates N      updates per repetition (default %u; %u with --callgrind)\n"
		"  --repetitions R  timed repetitions per row, median reported (default %u, max %u)\n"
		"  --kind NAME      measure only this row: a kind, or HYBRID+ixgbe (default: all)\n"
		"  --callgrind      one untimed run per row, for valgrind --tool=callgrind\n"
		"                   --collect-atstart=no --toggle-collect=irqmod_controller_update\n"
		"                   (irqmod_hybrid_update for a HYBRID+ixgbe row)\n"
		"  --direct         hybrid rows call the hybrid's own entry around ixgbe's own\n"
		"                   update (irqmod_idle_poll_update(), ...: toggle that one)\n",
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
	options->direct = 0;
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--callgrind") == 0) {
			options->callgrind = 1;
		} else if (strcmp(argv[i], "--direct") == 0) {
			options->direct = 1;
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

/* One measured row: a kind of the generic API, or a hybrid around ixgbe. */
struct bench_row {
	char name[32];
	bool hybrid;
	struct irqmod_hybrid_config config; /* .inner for a kind row */
	size_t state_bytes;
};

/* Bytes of a hybrid's own state, as its _Static_assert in lib/ bounds it. */
static size_t bench_hybrid_own_bytes(uint32_t kind)
{
	switch (kind) {
	case IRQMOD_HYBRID_IDLE_POLL: return sizeof(struct irqmod_idle_poll);
	case IRQMOD_HYBRID_DEFER_IRQ: return sizeof(struct irqmod_defer_irq);
	case IRQMOD_HYBRID_RECHECK: return sizeof(struct irqmod_recheck);
	default: return 0;
	}
}

/*
 * Every row: the kinds with their default configs for 10 GbE, then each
 * hybrid with irqmod-sim's default knobs around ixgbe. A hybrid row's state
 * is its own plus the inner kind's, what a driver embedding both keeps.
 */
static void bench_make_rows(struct bench_row *rows)
{
	struct irqmod_scenario scenario;
	char message[256];
	uint32_t kind;

	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++) {
		struct bench_row *row = &rows[kind];
		int error;

		memset(row, 0, sizeof(*row));
		snprintf(row->name, sizeof(row->name), "%s", irqmod_kind_name(kind));
		error = irqmod_controller_default_config(&row->config.inner, kind, BENCH_LINK_MBPS);
		if (error != 0) {
			fprintf(stderr, "irqmod-bench: no default config for %s: %s\n", row->name,
				irqmod_strerror(error));
			exit(EXIT_FAILURE);
		}
		row->state_bytes = irqmod_kind_state_bytes(kind);
	}
	irqmod_scenario_init(&scenario);
	for (kind = IRQMOD_HYBRID_NONE + 1u; kind < IRQMOD_HYBRID_COUNT; kind++) {
		struct bench_row *row = &rows[IRQMOD_KIND_COUNT + kind - 1u];

		memset(row, 0, sizeof(*row));
		snprintf(row->name, sizeof(row->name), "%s+%s", irqmod_hybrid_kind_name(kind),
			 BENCH_HYBRID_INNER);
		if (irqmod_scenario_controller(&scenario, row->name, BENCH_LINK_MBPS, &row->config,
					       message, sizeof(message)) != 0) {
			fprintf(stderr, "irqmod-bench: %s\n", message);
			exit(EXIT_FAILURE);
		}
		row->hybrid = true;
		row->state_bytes = bench_hybrid_own_bytes(kind) +
				   irqmod_kind_state_bytes(row->config.inner.kind);
	}
}

/* Rows selected by --kind (all when none given). */
static int bench_selected(const struct bench_options *options, const struct bench_row *row)
{
	return !options->kind_name || strcmp(options->kind_name, row->name) == 0;
}

static void bench_run_row(const struct bench_row *row, const struct irqmod_sample *stream,
			  uint64_t span_ns, uint32_t updates, bool direct,
			  struct bench_result *result)
{
	if (row->hybrid)
		bench_run_hybrid(&row->config, stream, span_ns, updates, direct, result);
	else
		bench_run(&row->config.inner, stream, span_ns, updates, result);
}

static void bench_callgrind(const struct bench_options *options, const struct bench_row *rows,
			    const struct irqmod_sample *stream, uint64_t span_ns)
{
	uint32_t i;

	printf("# row state_bytes updates changes checksum\n");
	for (i = 0; i < BENCH_ROWS; i++) {
		struct bench_result result;

		if (!bench_selected(options, &rows[i]))
			continue;
		bench_run_row(&rows[i], stream, span_ns, options->updates, options->direct,
			      &result);
		printf("%s %zu %" PRIu32 " %" PRIu64 " %016" PRIx64 "\n", rows[i].name,
		       rows[i].state_bytes, options->updates, result.changes, result.checksum);
	}
}

static void bench_timing(const struct bench_options *options, const struct bench_row *rows,
			 const struct irqmod_sample *stream, uint64_t span_ns)
{
	static uint64_t elapsed_ns[BENCH_ROWS + 1u][BENCH_MAX_REPETITIONS];
	struct bench_result results[BENCH_ROWS + 1u];
	const uint32_t empty = BENCH_ROWS; /* row of the empty call */
	uint32_t repetition;
	uint32_t i;

	/* Repetition 0 warms caches and branch predictors and is not counted. */
	for (repetition = 0; repetition <= options->repetitions; repetition++) {
		for (i = 0; i <= BENCH_ROWS; i++) {
			uint64_t start_ns;
			uint64_t stop_ns;

			if (i != empty && !bench_selected(options, &rows[i]))
				continue;
			start_ns = bench_cpu_ns();
			if (i == empty)
				bench_run_empty(stream, span_ns, options->updates, &results[i]);
			else
				bench_run_row(&rows[i], stream, span_ns, options->updates,
					      options->direct, &results[i]);
			stop_ns = bench_cpu_ns();
			if (repetition > 0)
				elapsed_ns[i][repetition - 1u] = stop_ns - start_ns;
		}
	}

	printf("# irqmod-bench: %" PRIu32 " updates x %" PRIu32
	       " repetitions per row (median), stream of %u samples, seed 0x%016" PRIx64 "\n",
	       options->updates, options->repetitions, BENCH_STREAM_SAMPLES,
	       (uint64_t)BENCH_SEED);
	printf("# ns figures are per update call (irqmod_controller_update(), or\n"
	       "# irqmod_hybrid_update() for a hybrid row), harness included; calls/poll:\n"
	       "# calls per poll of the stream (a hybrid adds the empty polls it asks for)\n");
	printf("# %-16s %11s %9s %9s %9s %8s %16s %10s\n", "row", "state_bytes", "ns_median",
	       "ns_min", "ns_max", "changes", "checksum", "calls/poll");
	for (i = 0; i <= BENCH_ROWS; i++) {
		uint64_t median_ns;
		uint64_t *values = elapsed_ns[i];

		if (i != empty && !bench_selected(options, &rows[i]))
			continue;
		median_ns = bench_median(values, options->repetitions);
		printf("%s%-16s %11zu %9.2f %9.2f %9.2f %8" PRIu64 " %016" PRIx64 " %10.2f\n",
		       i == empty ? "# " : "  ", i == empty ? "(harness)" : rows[i].name,
		       i == empty ? (size_t)0 : rows[i].state_bytes,
		       (double)median_ns / options->updates,
		       (double)values[0] / options->updates,
		       (double)values[options->repetitions - 1u] / options->updates,
		       results[i].changes, results[i].checksum,
		       (double)options->updates / (double)results[i].stream_polls);
	}
}

int main(int argc, char **argv)
{
	static struct irqmod_sample stream[BENCH_STREAM_SAMPLES];
	static struct bench_row rows[BENCH_ROWS];
	struct bench_options options;
	uint64_t span_ns;
	uint32_t i;
	int found = 0;

	bench_parse(argc, argv, &options);
	bench_make_rows(rows);
	for (i = 0; i < BENCH_ROWS; i++)
		found |= bench_selected(&options, &rows[i]);
	if (!found) {
		fprintf(stderr, "irqmod-bench: unknown row '%s'\n", options.kind_name);
		return EXIT_FAILURE;
	}
	span_ns = bench_make_stream(stream, BENCH_STREAM_SAMPLES, BENCH_SEED);
	if (options.callgrind)
		bench_callgrind(&options, rows, stream, span_ns);
	else
		bench_timing(&options, rows, stream, span_ns);
	return EXIT_SUCCESS;
}
