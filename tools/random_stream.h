/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The pseudo-random stream of the benchmarks (tools/bench_stream.h,
 * tools/irqmod-dim-bench.c, the vs-Linux differential) and of the tests that
 * replay long random streams (tests/test_controller.c, test_dim_stream.c,
 * test_latency_target_stream.c, test_sim_model.c): splitmix64, one copy for
 * all of them.
 *
 * It lives beside the tools because the tests already build on the tools
 * (tests/test_repro.c on tools/repro.h), never the other way round, and the
 * tools build without the tests. Header-only and free of the library: it
 * needs only <stdint.h>.
 *
 * The numbers are part of what the users record: the benchmarks' streams
 * and checksums, the tests' seeds. Changing the generator changes them all.
 */
#ifndef IRQMOD_TOOLS_RANDOM_STREAM_H
#define IRQMOD_TOOLS_RANDOM_STREAM_H

#include <stdint.h>

/*
 * The next value of the stream whose state is *@state (any value, 0
 * included, is a valid seed): splitmix64 (Steele, Lea, Flood, "Fast
 * splittable pseudorandom number generators", OOPSLA 2014), small, fast and
 * well mixed in every bit.
 */
static inline uint64_t random_next(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15u);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/*
 * A value in [@low, @high] (@low <= @high) from the next value of the
 * stream, by remainder: the bias of at most 2^32 / 2^64 does not matter
 * to a test or a benchmark.
 */
static inline uint32_t random_between(uint64_t *state, uint32_t low, uint32_t high)
{
	return low + (uint32_t)(random_next(state) % ((uint64_t)high - low + 1u));
}

#endif /* IRQMOD_TOOLS_RANDOM_STREAM_H */
