/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The traffic stream of tools/irqmod-bench.c, shared with the vs-Linux
 * differential (tools/vs-linux/vs-linux.c), which feeds the same phases to
 * irqmod and to Linux's own code: polls of a TCP stream in (MTU and jumbo
 * frames), request/response, a mix, and an idle trickle, in phases of
 * 64..2048 polls chosen at random from a fixed seed.
 */
#ifndef IRQMOD_TOOLS_BENCH_STREAM_H
#define IRQMOD_TOOLS_BENCH_STREAM_H

#include <stdint.h>
#include <string.h>

#include "irqmod/common.h"
#include "random_stream.h"

/* NAPI's default poll budget (Linux NAPI_POLL_WEIGHT): packets per full poll. */
#define BENCH_NAPI_BUDGET 64u

/* Ethernet frame sizes without FCS: minimum, full MTU 1500, jumbo MTU 9000. */
#define BENCH_FRAME_MIN_BYTES 60u
#define BENCH_FRAME_MTU_BYTES 1514u
#define BENCH_FRAME_JUMBO_BYTES 9014u

/* A pure TCP ACK on the wire without FCS: 14 + 20 + 32 (timestamps). */
#define BENCH_ACK_BYTES 66u

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
static inline void bench_poll(uint64_t *seed, uint32_t phase, struct irqmod_sample *sample,
		       uint64_t *gap_ns)
{
	uint32_t packets;
	uint32_t frame_bytes;

	switch (phase) {
	case BENCH_PHASE_BULK:
		packets = random_between(seed, BENCH_NAPI_BUDGET / 2u, BENCH_NAPI_BUDGET);
		frame_bytes = BENCH_FRAME_MTU_BYTES;
		*gap_ns = (uint64_t)packets * random_between(seed, 1200u, 1400u);
		sample->tx_packets = packets / 2u; /* delayed ACKs */
		sample->tx_bytes = (uint64_t)sample->tx_packets * BENCH_ACK_BYTES;
		break;
	case BENCH_PHASE_JUMBO:
		packets = random_between(seed, 8u, BENCH_NAPI_BUDGET);
		frame_bytes = BENCH_FRAME_JUMBO_BYTES;
		*gap_ns = (uint64_t)packets * random_between(seed, 7200u, 8000u);
		sample->tx_packets = packets / 2u;
		sample->tx_bytes = (uint64_t)sample->tx_packets * BENCH_ACK_BYTES;
		break;
	case BENCH_PHASE_REQUEST:
		packets = random_between(seed, 1u, 4u);
		frame_bytes = random_between(seed, BENCH_FRAME_MIN_BYTES, 400u);
		*gap_ns = random_between(seed, 8000u, 40000u);
		sample->tx_packets = packets;
		sample->tx_bytes = (uint64_t)packets * random_between(seed, 60u, 1514u);
		break;
	case BENCH_PHASE_MIXED:
		packets = random_between(seed, 0u, BENCH_NAPI_BUDGET);
		frame_bytes = random_between(seed, BENCH_FRAME_MIN_BYTES,
					     BENCH_FRAME_MTU_BYTES);
		*gap_ns = 2000u + (uint64_t)packets * random_between(seed, 100u, 1300u);
		sample->tx_packets = random_between(seed, 0u, packets);
		sample->tx_bytes = (uint64_t)sample->tx_packets * frame_bytes;
		break;
	default: /* BENCH_PHASE_IDLE */
		packets = random_between(seed, 0u, 1u);
		frame_bytes = random_between(seed, BENCH_FRAME_MIN_BYTES, 200u);
		*gap_ns = random_between(seed, 100000u, 10000000u);
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
 * Fill @stream with phases of 64..2048 polls each, drawn from @seed. Return
 * the time span of the stream (first sample to one gap past the last), by
 * which each replay moves time on.
 */
static inline uint64_t bench_make_stream(struct irqmod_sample *stream, uint32_t count,
					 uint64_t seed)
{
	uint64_t now_ns = 0;
	uint32_t phase = 0;
	uint32_t left = 0;
	uint64_t gap_ns = 0;
	uint32_t i;

	for (i = 0; i < count; i++) {
		if (left == 0) {
			phase = random_between(&seed, 0u, BENCH_PHASE_COUNT - 1u);
			left = random_between(&seed, 64u, 2048u);
		}
		left--;
		memset(&stream[i], 0, sizeof(stream[i]));
		bench_poll(&seed, phase, &stream[i], &gap_ns);
		now_ns += gap_ns;
		stream[i].now_ns = now_ns;
	}
	return now_ns + gap_ns;
}

#endif /* IRQMOD_TOOLS_BENCH_STREAM_H */
