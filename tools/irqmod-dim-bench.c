/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * irqmod-dim-bench: instructions per irqmod_dim_update() and
 * irqmod_dim_rdma_update() call on a long pseudo-random stream, for
 * callgrind.
 *
 * The update functions are called through the noinline wrappers below, so
 * `valgrind --tool=callgrind --collect-atstart=no
 * --toggle-collect=irqmod_dim_bench_net` counts every instruction of the
 * update (the header's inline fast path and the out-of-line window
 * decision) and nothing of the loop. scripts/bench-dim runs it.
 *
 * Modes:
 *   net | rdma        amortized: one long stream, every call measured
 *   net-count | rdma-count
 *                     calls that only count: the state is reset every
 *                     IRQMOD_DIM_BENCH_COUNT_RUN calls (outside the wrapper),
 *                     the first call after a reset (it opens the window) goes
 *                     through the *_open wrapper, the other calls, none of
 *                     which can close the window, through the measured one.
 *
 * Usage: irqmod-dim-bench MODE [CALLS]
 * Prints "calls N changes C checksum X" (N: calls through the measured
 * wrapper, C: answers with changed set); the checksum of the
 * decisions lets two builds show they decided the same.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "irqmod/dim.h"
#include "random_stream.h"

/* Samples in the pre-generated stream (replayed with time moved on). */
#define IRQMOD_DIM_BENCH_SAMPLES 65536u
/* Default calls per run. */
#define IRQMOD_DIM_BENCH_DEFAULT_CALLS (1u << 20)
/*
 * Calls per reset in the count-only modes: the opening call and 20 more of
 * at most 3 events each, 60 < 64 events, so no window closes.
 */
#define IRQMOD_DIM_BENCH_COUNT_RUN 21u
/* Fixed seed so every run measures the same work. */
#define IRQMOD_DIM_BENCH_SEED 0x5eed0d1e5eed0d1eu
/* NAPI's default poll budget (Linux NAPI_POLL_WEIGHT). */
#define IRQMOD_DIM_BENCH_BUDGET 64u

#if defined(__clang__)
#define IRQMOD_DIM_BENCH_MEASURED __attribute__((noinline))
#else
#define IRQMOD_DIM_BENCH_MEASURED __attribute__((noipa))
#endif

IRQMOD_DIM_BENCH_MEASURED void irqmod_dim_bench_net(struct irqmod_dim *state,
						    const struct irqmod_sample *sample,
						    struct irqmod_decision *decision);
IRQMOD_DIM_BENCH_MEASURED void irqmod_dim_bench_net_open(struct irqmod_dim *state,
							 const struct irqmod_sample *sample,
							 struct irqmod_decision *decision);
IRQMOD_DIM_BENCH_MEASURED void irqmod_dim_bench_rdma(struct irqmod_dim_rdma *state,
						     const struct irqmod_sample *sample,
						     struct irqmod_decision *decision);
IRQMOD_DIM_BENCH_MEASURED void irqmod_dim_bench_rdma_open(struct irqmod_dim_rdma *state,
							  const struct irqmod_sample *sample,
							  struct irqmod_decision *decision);

void irqmod_dim_bench_net(struct irqmod_dim *state, const struct irqmod_sample *sample,
			  struct irqmod_decision *decision)
{
	irqmod_dim_update(state, sample, decision);
}

void irqmod_dim_bench_net_open(struct irqmod_dim *state, const struct irqmod_sample *sample,
			       struct irqmod_decision *decision)
{
	irqmod_dim_update(state, sample, decision);
}

void irqmod_dim_bench_rdma(struct irqmod_dim_rdma *state, const struct irqmod_sample *sample,
			   struct irqmod_decision *decision)
{
	irqmod_dim_rdma_update(state, sample, decision);
}

void irqmod_dim_bench_rdma_open(struct irqmod_dim_rdma *state,
				const struct irqmod_sample *sample,
				struct irqmod_decision *decision)
{
	irqmod_dim_rdma_update(state, sample, decision);
}

/*
 * Phases of 64..4096 polls: bulk (full budgets of MTU frames), small
 * frames, request/response, idle trickle with millisecond gaps, and bursts
 * whose rate jumps between levels. Per poll: mostly one event, sometimes 0
 * (counts as 1) or 2-3 coalesced; 1 % of the polls repeat the previous
 * time (a stall). RX and TX both carry traffic, so either direction works.
 */
static uint64_t irqmod_dim_bench_stream(struct irqmod_sample *stream, uint32_t count)
{
	uint64_t seed = IRQMOD_DIM_BENCH_SEED;
	uint64_t now_ns = 1000000u;
	uint32_t phase = 0, left = 0, i;

	for (i = 0; i < count; i++) {
		struct irqmod_sample *sample = &stream[i];
		uint32_t packets, frame_bytes, gap_ns, roll;

		if (left == 0) {
			phase = random_between(&seed, 0, 4);
			left = random_between(&seed, 64, 4096);
		}
		left--;
		switch (phase) {
		case 0: /* bulk */
			packets = random_between(&seed, 32, IRQMOD_DIM_BENCH_BUDGET);
			frame_bytes = 1514u;
			gap_ns = packets * random_between(&seed, 1200, 1400);
			break;
		case 1: /* small frames */
			packets = random_between(&seed, 1, IRQMOD_DIM_BENCH_BUDGET);
			frame_bytes = random_between(&seed, 60, 200);
			gap_ns = 2000u + packets * random_between(&seed, 60, 200);
			break;
		case 2: /* request/response */
			packets = random_between(&seed, 1, 4);
			frame_bytes = random_between(&seed, 60, 1514);
			gap_ns = random_between(&seed, 8000, 40000);
			break;
		case 3: /* idle */
			packets = random_between(&seed, 0, 1);
			frame_bytes = 60u;
			gap_ns = random_between(&seed, 100000, 2000000);
			break;
		default: /* bursts: any size, any gap */
			packets = random_between(&seed, 0, IRQMOD_DIM_BENCH_BUDGET);
			frame_bytes = random_between(&seed, 60, 9014);
			gap_ns = random_between(&seed, 500, 200000);
			break;
		}
		roll = random_between(&seed, 0, 99);
		memset(sample, 0, sizeof(*sample));
		if (roll == 0)
			gap_ns = 0;
		now_ns += gap_ns;
		sample->now_ns = now_ns;
		sample->rx_packets = packets;
		sample->rx_bytes = (uint64_t)packets * frame_bytes;
		sample->tx_packets = packets / 2u;
		sample->tx_bytes = (uint64_t)sample->tx_packets * 66u;
		sample->events = roll < 5 ? 0u : roll < 10 ? random_between(&seed, 2, 3) : 1u;
		sample->completions = packets + sample->tx_packets;
	}
	return now_ns - stream[0].now_ns + 1000u;
}

/* FNV-1a style fold of every output field, with a shift so low bits mix. */
static void irqmod_dim_bench_fold(uint64_t *checksum, const struct irqmod_decision *decision)
{
	const uint64_t fields[] = { decision->rx_interval_ns, decision->tx_interval_ns,
				    decision->poll_delay_ns, decision->rate_limit_ns,
				    decision->frames, decision->action, decision->changed };
	size_t i;

	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		*checksum = (*checksum ^ fields[i]) * 0x100000001b3u;
		*checksum ^= *checksum >> 29;
	}
}

int main(int argc, char **argv)
{
	static struct irqmod_sample stream[IRQMOD_DIM_BENCH_SAMPLES];
	struct irqmod_dim_config net_config;
	struct irqmod_dim_rdma_config rdma_config;
	struct irqmod_dim net;
	struct irqmod_dim_rdma rdma;
	struct irqmod_decision decision;
	uint64_t span_ns, checksum = 0, changes = 0;
	uint32_t calls = IRQMOD_DIM_BENCH_DEFAULT_CALLS, i;
	const char *mode;
	int is_rdma, count_only;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: irqmod-dim-bench net|rdma|net-count|rdma-count [CALLS]\n");
		return 2;
	}
	mode = argv[1];
	is_rdma = strncmp(mode, "rdma", 4) == 0;
	count_only = strstr(mode, "-count") != NULL;
	if (!is_rdma && strncmp(mode, "net", 3) != 0) {
		fprintf(stderr, "irqmod-dim-bench: unknown mode '%s'\n", mode);
		return 2;
	}
	if (argc == 3)
		calls = (uint32_t)strtoul(argv[2], NULL, 10);
	span_ns = irqmod_dim_bench_stream(stream, IRQMOD_DIM_BENCH_SAMPLES);
	if (irqmod_dim_default_config(&net_config, IRQMOD_DIM_TABLE_RX_EQE) ||
	    irqmod_dim_init(&net, &net_config) ||
	    irqmod_dim_rdma_default_config(&rdma_config) ||
	    irqmod_dim_rdma_init(&rdma, &rdma_config)) {
		fprintf(stderr, "irqmod-dim-bench: init failed\n");
		return 1;
	}
	for (i = 0; i < calls; i++) {
		struct irqmod_sample sample = stream[i % IRQMOD_DIM_BENCH_SAMPLES];

		sample.now_ns += (uint64_t)(i / IRQMOD_DIM_BENCH_SAMPLES) * span_ns;
		if (count_only) {
			if (i % IRQMOD_DIM_BENCH_COUNT_RUN == 0) {
				if (is_rdma) {
					irqmod_dim_rdma_reset(&rdma);
					irqmod_dim_bench_rdma_open(&rdma, &sample, &decision);
				} else {
					irqmod_dim_reset(&net);
					irqmod_dim_bench_net_open(&net, &sample, &decision);
				}
				irqmod_dim_bench_fold(&checksum, &decision);
				continue;
			}
		}
		if (is_rdma) {
			irqmod_dim_bench_rdma(&rdma, &sample, &decision);
		} else {
			irqmod_dim_bench_net(&net, &sample, &decision);
		}
		/* A count-only call must have stayed inside an open window. */
		if (count_only &&
		    (is_rdma ? rdma.measure_state != IRQMOD_DIM_MEASURING ||
				       (uint16_t)(rdma.events - rdma.start_events) >=
					       IRQMOD_DIM_WINDOW_EVENTS :
			       net.measure_state != IRQMOD_DIM_MEASURING ||
				       (uint16_t)(net.events - net.start_events) >=
					       IRQMOD_DIM_WINDOW_EVENTS)) {
			fprintf(stderr, "irqmod-dim-bench: call %" PRIu32 " reached a window close\n", i);
			return 1;
		}
		changes += decision.changed;
		irqmod_dim_bench_fold(&checksum, &decision);
	}
	printf("calls %" PRIu32 " changes %" PRIu64 " checksum %016" PRIx64 "\n",
	       count_only ? calls - (calls + IRQMOD_DIM_BENCH_COUNT_RUN - 1u) /
					IRQMOD_DIM_BENCH_COUNT_RUN : calls,
	       changes, checksum);
	return 0;
}
