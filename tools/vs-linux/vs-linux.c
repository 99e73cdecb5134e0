// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * vs-linux: irqmod against Linux's own code, decision by decision.
 *
 * scripts/vs-linux extracts Linux's lib/dim, the Intel drivers' ITR
 * functions, mlx4_en_auto_moderation() and sfc's efx_poll() with efx_update_irq_mod() from Debian's
 * linux-source-6.1 into the build folder, compiles
 * them with the shims of tools/vs-linux/shim and links them with this
 * harness (the Linux side: vs_linux.h). Every controller row below is fed
 * every sample stream below on both sides; after each call the harness
 * compares what the driver would program:
 *
 * - net DIM, ice, RDMA DIM: whether a new profile was chosen (Linux: the
 *   work item was scheduled) and the profile's interval and packet or
 *   completion count, from Linux's own tables (lib/dim, ice_main.c,
 *   drivers/infiniband/core/cq.c);
 * - ixgbe: the vector's value (q_vector->itr = usecs << 2), whether
 *   ixgbe_write_eitr() was called and the EITR value it wrote;
 * - i40e: the RX and TX register intervals (current_itr) and whether a
 *   register interval was written;
 * - e1000e: the level (ints/s), whether a new one was handed to the
 *   hardware (set_itr), and the ITR register value Linux's
 *   e1000e_write_itr() computes from it;
 * - igb: the level (itr_val), the EITR interval field igb_write_itr()
 *   writes, and whether that register value changed. Linux also writes
 *   when itr_val moves within one register granule (itr_val & 0x7FFC
 *   unchanged), which irqmod does not report as a change (its `changed`
 *   is "the register value differs": docs/average-size.md); those
 *   rewrites are counted and printed, not failed;
 * - mlx4: the CQ's moder_time and moder_cnt and whether
 *   mlx4_en_set_cq_moder() was called. irqmod is told now_ns rounded down
 *   to the jiffy (jiffies x 10^9 / HZ), its window is sample_interval
 *   seconds, and Linux runs only when its statistics task could (with a
 *   sample interval of 0, not twice in one jiffy).
 * - sfc: the channel's irq_moderation_us and whether push_irq_moderation()
 *   was called, after efx_poll() on a poll that scored 2 per RX packet.
 *   A poll of VSL_SFC_BUDGET or more RX packets used its budget, on both
 *   sides (IRQMOD_SAMPLE_BUDGET_EXHAUSTED for irqmod).
 *
 * The first mismatch of a row on a stream is printed with the stream, the
 * step, the sample and both outputs; the run then fails.
 *
 * Each side's own function is called through one noinline wrapper
 * (irqmod_bench_<kind>_update() here, linux_bench_<function>() on the Linux
 * side), so that `valgrind --tool=callgrind --toggle-collect=<wrapper>`
 * counts only that function, inclusive, whatever is inlined below it. DIM
 * calls that only count (the window is not full) go through a second pair
 * of wrappers (..._count), so their cost can be read apart.
 *
 * Usage: vs-linux [--row NAME] [--stream NAME] [--list] [--quiet] [--self-check]
 *   --row, --stream  run only these (for one callgrind run per pair)
 *   --list           print one line per pair: row, stream, Linux function,
 *                    the Linux wrapper and its counting-only twin, irqmod's
 *                    wrapper and its twin ("-": none)
 *   --quiet          print only mismatches and the summary
 *   --self-check     run rows configured unlike Linux on purpose; succeed
 *                    only if every one is reported as a mismatch
 * Exit status: 0 when every decision matched, 1 on a mismatch, 2 on misuse.
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "irqmod/average_size.h"
#include "irqmod/convert.h"
#include "irqmod/dim.h"
#include "irqmod/i40e.h"
#include "irqmod/ixgbe.h"
#include "irqmod/latency_class.h"
#include "irqmod/mlx4.h"
#include "irqmod/sfc.h"

#include "../bench_stream.h"
#include "vs_linux.h"

/* HZ=1000: one jiffy, the tick both sides count staleness in. */
#define VSL_TICK_NS 1000000u

/* Every stream starts one second in, so jiffies are well above 2. */
#define VSL_START_NS 1000000000u

/* Fastest arrival a stream produces: 50 bytes per ns = 400 Gb/s. */
#define VSL_MAX_BYTES_PER_NS 50u

/* Frame sizes: a TSO super-frame (45 x 1448 MSS), a full and a jumbo frame. */
#define VSL_TSO_FRAME_BYTES 65160u
#define VSL_MTU_FRAME_BYTES 1514u
#define VSL_JUMBO_FRAME_BYTES 9014u

/* Largest stream (samples). */
#define VSL_MAX_STEPS 400000u

/*
 * irqmod's side: one noinline wrapper per kind around its direct function,
 * the function callgrind toggles on (the _count twins measure the calls
 * that only count).
 */
#define VSL_IRQMOD_WRAPPER(wrapper, state_type, update)                            \
	VSL_WRAPPER void wrapper(struct state_type *state,                        \
				 const struct irqmod_sample *sample,              \
				 struct irqmod_decision *decision)                \
	{                                                                         \
		update(state, sample, decision);                                  \
	}

VSL_IRQMOD_WRAPPER(irqmod_bench_dim_update, irqmod_dim, irqmod_dim_update)
VSL_IRQMOD_WRAPPER(irqmod_bench_dim_update_count, irqmod_dim, irqmod_dim_update)
VSL_IRQMOD_WRAPPER(irqmod_bench_dim_rdma_update, irqmod_dim_rdma, irqmod_dim_rdma_update)
VSL_IRQMOD_WRAPPER(irqmod_bench_dim_rdma_update_count, irqmod_dim_rdma, irqmod_dim_rdma_update)
VSL_IRQMOD_WRAPPER(irqmod_bench_ixgbe_update, irqmod_ixgbe, irqmod_ixgbe_update)
VSL_IRQMOD_WRAPPER(irqmod_bench_i40e_update, irqmod_i40e, irqmod_i40e_update)
VSL_IRQMOD_WRAPPER(irqmod_bench_latency_class_update, irqmod_latency_class,
		   irqmod_latency_class_update)
VSL_IRQMOD_WRAPPER(irqmod_bench_average_size_update, irqmod_average_size,
		   irqmod_average_size_update)
VSL_IRQMOD_WRAPPER(irqmod_bench_mlx4_update, irqmod_mlx4, irqmod_mlx4_update)
VSL_IRQMOD_WRAPPER(irqmod_bench_sfc_update, irqmod_sfc, irqmod_sfc_update)

/* ---- sample streams ---------------------------------------------------- */

/*
 * Packet counts at every band edge of the controllers (ixgbe 4/48/96/256,
 * i40e 4/32/56/112/256, latency classes 2/5/10/35, DIM's full budget), one
 * below and one above.
 */
static const uint32_t vsl_packet_edges[] = {
	0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 31, 32, 33, 34, 35, 36, 47, 48, 49,
	55, 56, 57, 63, 64, 65, 95, 96, 97, 111, 112, 113, 127, 128, 255,
	256, 257, 511, 1024,
};

/*
 * Average frame sizes at every size edge: the ixgbe and i40e curves
 * (60, 316, 380, 1084, 1968, 1980), igb's mid range after the 24 byte
 * overhead (276, 1176) and its 3000 byte cap (2976), the latency classes'
 * per-packet limits (1200, 2000, 8000), and MTU, jumbo and TSO frames.
 */
static const uint32_t vsl_size_edges[] = {
	1, 59, 60, 61, 64, 275, 276, 277, 315, 316, 317, 379, 380, 381,
	1083, 1084, 1085, 1175, 1176, 1177, 1199, 1200, 1201, 1514, 1967,
	1968, 1969, 1979, 1980, 1981, 1999, 2000, 2001, 2975, 2976, 2977,
	7999, 8000, 8001, 9014, 65160,
};

/* Byte totals at the controllers' byte edges (ixgbe/i40e 9000, classes 512,
 * 6000, 1500, 10000, 25000). */
static const uint32_t vsl_byte_edges[] = {
	0, 511, 512, 513, 1499, 1500, 1501, 5999, 6000, 6001, 8999, 9000,
	9001, 9999, 10000, 10001, 24999, 25000, 25001,
};

#define VSL_COUNT(array) ((uint32_t)(sizeof(array) / sizeof((array)[0])))

/* Uniform pick from an array. */
#define VSL_PICK(seed, array) ((array)[random_between((seed), 0u, VSL_COUNT(array) - 1u)])

/* Keep the bytes of a poll within VSL_MAX_BYTES_PER_NS of its gap. */
static uint64_t vsl_plausible_gap(const struct irqmod_sample *sample, uint64_t gap_ns)
{
	uint64_t minimum_ns = (sample->rx_bytes + sample->tx_bytes) / VSL_MAX_BYTES_PER_NS;

	return gap_ns < minimum_ns ? minimum_ns : gap_ns;
}

/* Bytes of one direction: an edge total, or packets times an edge size. */
static uint64_t vsl_bytes(uint64_t *seed, uint32_t packets)
{
	uint32_t choice = random_between(seed, 0u, 7u);

	if (choice == 0)
		return VSL_PICK(seed, vsl_byte_edges);
	if (choice == 1 && packets > 0)
		return (uint64_t)VSL_PICK(seed, vsl_byte_edges) + random_between(seed, 0u, packets);
	return (uint64_t)packets * VSL_PICK(seed, vsl_size_edges) +
	       random_between(seed, 0u, packets > 0 ? packets - 1u : 0u);
}

/* bench: tools/irqmod-bench's phases. */
static void vsl_stream_bench(struct irqmod_sample *samples, uint32_t count, uint64_t seed)
{
	uint32_t i;

	bench_make_stream(samples, count, seed);
	for (i = 0; i < count; i++)
		samples[i].now_ns += VSL_START_NS;
}

/*
 * random: every step draws packet counts and sizes at the edges or at
 * random, gaps mostly of polls (2..200 us) and now and then around one to
 * three ticks (stale or not), zero-traffic calls, several interrupts per
 * poll, and completions for RDMA.
 */
static void vsl_stream_random(struct irqmod_sample *samples, uint32_t count, uint64_t seed)
{
	uint64_t now_ns = VSL_START_NS;
	uint32_t i;

	for (i = 0; i < count; i++) {
		struct irqmod_sample *sample = &samples[i];
		uint64_t gap_ns;

		memset(sample, 0, sizeof(*sample));
		if (random_between(&seed, 0u, 31u) != 0) {
			sample->rx_packets = random_between(&seed, 0u, 1u) ?
					     VSL_PICK(&seed, vsl_packet_edges) :
					     random_between(&seed, 0u, 300u);
			sample->tx_packets = random_between(&seed, 0u, 1u) ?
					     VSL_PICK(&seed, vsl_packet_edges) :
					     random_between(&seed, 0u, 300u);
			sample->rx_bytes = vsl_bytes(&seed, sample->rx_packets);
			sample->tx_bytes = vsl_bytes(&seed, sample->tx_packets);
		}
		sample->events = random_between(&seed, 0u, 7u) == 0 ?
					 random_between(&seed, 2u, 8u) : 1u;
		sample->completions = random_between(&seed, 0u, 3u) == 0 ?
				      random_between(&seed, 0u, 4096u) :
				      random_between(&seed, 0u, 64u);
		switch (random_between(&seed, 0u, 15u)) {
		case 0:
			gap_ns = random_between(&seed, VSL_TICK_NS - 100000u,
						3u * VSL_TICK_NS + 100000u);
			break;
		case 1:
			gap_ns = random_between(&seed, 0u, 1000u);
			break;
		default:
			gap_ns = random_between(&seed, 2000u, 200000u);
			break;
		}
		now_ns += vsl_plausible_gap(sample, gap_ns);
		sample->now_ns = now_ns;
	}
}

/*
 * edges: every packet edge with every size edge in turn (RX and, shifted,
 * TX), 50 us apart, every seventh gap 2.5 ticks (stale).
 */
static void vsl_stream_edges(struct irqmod_sample *samples, uint32_t count, uint64_t seed)
{
	uint64_t now_ns = VSL_START_NS;
	uint32_t i;

	(void)seed;
	for (i = 0; i < count; i++) {
		struct irqmod_sample *sample = &samples[i];
		uint32_t packet_index = (i / VSL_COUNT(vsl_size_edges)) % VSL_COUNT(vsl_packet_edges);
		uint32_t size_index = i % VSL_COUNT(vsl_size_edges);

		memset(sample, 0, sizeof(*sample));
		sample->rx_packets = vsl_packet_edges[packet_index];
		sample->rx_bytes = (uint64_t)sample->rx_packets * vsl_size_edges[size_index];
		sample->tx_packets = vsl_packet_edges[(packet_index + i) % VSL_COUNT(vsl_packet_edges)];
		sample->tx_bytes = (i % 3u == 0) ?
				   vsl_byte_edges[i % VSL_COUNT(vsl_byte_edges)] :
				   (uint64_t)sample->tx_packets *
				   vsl_size_edges[(size_index + 7u) % VSL_COUNT(vsl_size_edges)];
		sample->events = 1;
		sample->completions = sample->rx_packets;
		now_ns += vsl_plausible_gap(sample, i % 7u == 6u ? 5u * VSL_TICK_NS / 2u : 50000u);
		sample->now_ns = now_ns;
	}
}

/*
 * stale: polls of bulk or small traffic whose gaps sit exactly on and
 * next to tick boundaries (0..3 ticks, +-1 ns), so the jiffies test flips.
 */
static void vsl_stream_stale(struct irqmod_sample *samples, uint32_t count, uint64_t seed)
{
	static const uint32_t ticks_x2[] = { 0, 1, 2, 3, 4, 5, 6 };
	uint64_t now_ns = VSL_START_NS;
	uint32_t i;

	for (i = 0; i < count; i++) {
		struct irqmod_sample *sample = &samples[i];
		uint64_t gap_ns = (uint64_t)VSL_PICK(&seed, ticks_x2) * VSL_TICK_NS / 2u;
		uint64_t next_ns;

		memset(sample, 0, sizeof(*sample));
		sample->rx_packets = VSL_PICK(&seed, vsl_packet_edges);
		sample->rx_bytes = (uint64_t)sample->rx_packets * VSL_PICK(&seed, vsl_size_edges);
		sample->tx_packets = random_between(&seed, 0u, 64u);
		sample->tx_bytes = (uint64_t)sample->tx_packets * 66u;
		sample->events = 1;
		/* Land on a tick boundary, one ns before or after it, or anywhere. */
		next_ns = now_ns + gap_ns;
		switch (random_between(&seed, 0u, 3u)) {
		case 0:
			next_ns -= next_ns % VSL_TICK_NS;
			break;
		case 1:
			next_ns += VSL_TICK_NS - next_ns % VSL_TICK_NS - 1u;
			break;
		case 2:
			next_ns += VSL_TICK_NS - next_ns % VSL_TICK_NS;
			break;
		default:
			break;
		}
		if (next_ns < now_ns)
			next_ns = now_ns;
		now_ns = next_ns + vsl_plausible_gap(sample, 0);
		sample->now_ns = now_ns;
	}
}

/* idle: mostly calls without traffic, 1 us to 10 ms apart; now and then a
 * small frame, or bytes without packets. */
static void vsl_stream_idle(struct irqmod_sample *samples, uint32_t count, uint64_t seed)
{
	uint64_t now_ns = VSL_START_NS;
	uint32_t i;

	for (i = 0; i < count; i++) {
		struct irqmod_sample *sample = &samples[i];

		memset(sample, 0, sizeof(*sample));
		switch (random_between(&seed, 0u, 7u)) {
		case 0:
			sample->rx_packets = 1;
			sample->rx_bytes = random_between(&seed, 60u, 128u);
			break;
		case 1:
			sample->tx_bytes = random_between(&seed, 1u, 1500u);
			break;
		default:
			break;
		}
		sample->events = 1;
		now_ns += random_between(&seed, 1000u, 10000000u);
		sample->now_ns = now_ns;
	}
}

/* tso: TX of TSO super-frames (1..64 per poll) with RX ACKs, and bursts. */
static void vsl_stream_tso(struct irqmod_sample *samples, uint32_t count, uint64_t seed)
{
	uint64_t now_ns = VSL_START_NS;
	uint32_t i;

	for (i = 0; i < count; i++) {
		struct irqmod_sample *sample = &samples[i];

		memset(sample, 0, sizeof(*sample));
		sample->tx_packets = random_between(&seed, 0u, 64u);
		sample->tx_bytes = (uint64_t)sample->tx_packets *
				   random_between(&seed, VSL_TSO_FRAME_BYTES / 2u, VSL_TSO_FRAME_BYTES);
		sample->rx_packets = random_between(&seed, 0u, sample->tx_packets);
		sample->rx_bytes = (uint64_t)sample->rx_packets * 66u;
		sample->events = 1;
		now_ns += vsl_plausible_gap(sample, random_between(&seed, 5000u, 120000u));
		sample->now_ns = now_ns;
	}
}

/*
 * wrap: jumbo bulk at up to 400 Gb/s, so irqmod's own 32-bit byte counters
 * wrap every few thousand calls; the Linux side's cumulative counters start
 * just below 2^32 (and the event counter below 2^16), so they wrap too.
 * Interrupts per poll vary (1..32), so the u16 event counter wraps often.
 */
static void vsl_stream_wrap(struct irqmod_sample *samples, uint32_t count, uint64_t seed)
{
	uint64_t now_ns = VSL_START_NS;
	uint32_t i;

	for (i = 0; i < count; i++) {
		struct irqmod_sample *sample = &samples[i];

		memset(sample, 0, sizeof(*sample));
		sample->rx_packets = random_between(&seed, 32u, 64u);
		sample->rx_bytes = (uint64_t)sample->rx_packets * VSL_JUMBO_FRAME_BYTES;
		sample->tx_packets = random_between(&seed, 0u, 64u);
		sample->tx_bytes = (uint64_t)sample->tx_packets * VSL_MTU_FRAME_BYTES;
		sample->events = random_between(&seed, 1u, 32u);
		sample->completions = random_between(&seed, 0u, 0xffffu);
		now_ns += vsl_plausible_gap(sample, random_between(&seed, 0u, 20000u));
		sample->now_ns = now_ns;
	}
}

/*
 * clock: small-frame traffic while time stands still, steps back by up to
 * three ticks, or jumps forward by hours (a suspended host; a DIM window
 * over 2^32 us wraps as Linux's u32 delta_us does).
 */
static void vsl_stream_clock(struct irqmod_sample *samples, uint32_t count, uint64_t seed)
{
	uint64_t now_ns = VSL_START_NS + 10u * VSL_TICK_NS;
	uint32_t i;

	for (i = 0; i < count; i++) {
		struct irqmod_sample *sample = &samples[i];
		uint32_t choice = random_between(&seed, 0u, 1023u);

		memset(sample, 0, sizeof(*sample));
		/* Small frames only: with time standing still or stepping back a
		 * window can be a microsecond long, and its bytes per ms must stay
		 * below INT_MAX, where Linux's int rates would overflow (irqmod
		 * saturates them: docs/dim.md). 64 calls x 64 x 128 B is 0.5 MB. */
		sample->rx_packets = random_between(&seed, 0u, 1u) ?
					     random_between(&seed, 32u, 64u) :
					     random_between(&seed, 0u, 4u);
		sample->rx_bytes = (uint64_t)sample->rx_packets * random_between(&seed, 60u, 128u);
		sample->tx_packets = random_between(&seed, 0u, 8u);
		sample->tx_bytes = (uint64_t)sample->tx_packets * 66u;
		sample->events = 1;
		sample->completions = sample->rx_packets;
		if (choice < 16u) {
			uint64_t back_ns = random_between(&seed, 1u, 3u * VSL_TICK_NS);

			now_ns = now_ns > VSL_START_NS + back_ns ? now_ns - back_ns : now_ns;
		} else if (choice < 32u) {
			/* time stands still */
		} else if (choice == 32u) {
			now_ns += (uint64_t)random_between(&seed, 1u, 3u) * 3600u * 1000000000u;
		} else {
			now_ns += vsl_plausible_gap(sample, random_between(&seed, 2000u, 100000u));
		}
		sample->now_ns = now_ns;
	}
}

/**
 * struct vsl_stream - one sample stream.
 * @name: printed name.
 * @steps: samples.
 * @seed: generator seed (fixed: every run feeds the same samples).
 * @make: the generator.
 * @start_packets, @start_bytes, @start_events: where the Linux side's
 *	cumulative DIM counters start (near their wrap for "wrap").
 * @link_changes: the link speed changes every VSL_LINK_CHANGE_STEPS calls
 *	(ixgbe rows only: irqmod_ixgbe_set_link_speed() against a new
 *	adapter->link_speed; the other rows skip the stream).
 */
struct vsl_stream {
	const char *name;
	uint32_t steps;
	uint64_t seed;
	void (*make)(struct irqmod_sample *samples, uint32_t count, uint64_t seed);
	uint32_t start_packets;
	uint32_t start_bytes;
	uint16_t start_events;
	bool link_changes;
};

/* Calls between two link speed changes of a link_changes stream. */
#define VSL_LINK_CHANGE_STEPS 997u

/* The speeds a link_changes stream walks through (ixgbe's, and one it has
 * no flag for). */
static const uint32_t vsl_link_speeds_mbps[] = { 10000, 1000, 100, 2500, 10, 5000, 25000 };

static const struct vsl_stream vsl_streams[] = {
	{ "bench", 100000, 0x1a2b3c4d5e6f7081u, vsl_stream_bench, 0, 0, 0, false },
	{ "random", 400000, 0x5eed0001u, vsl_stream_random, 0, 0, 0, false },
	/* Fourteen passes over every (packet edge, size edge) pair, each with
	 * other TX counts and other calls landing on the stale gap. */
	{ "edges", 14u * VSL_COUNT(vsl_packet_edges) * VSL_COUNT(vsl_size_edges), 0,
	  vsl_stream_edges, 0, 0, 0, false },
	{ "stale", 50000, 0x5eed0003u, vsl_stream_stale, 0, 0, 0, false },
	{ "idle", 50000, 0x5eed0004u, vsl_stream_idle, 0, 0, 0, false },
	{ "tso", 100000, 0x5eed0005u, vsl_stream_tso, 0, 0, 0, false },
	{ "wrap", 200000, 0x5eed0006u, vsl_stream_wrap, 0xffffff00u, 0xfff00000u, 0xfff0u, false },
	{ "clock", 100000, 0x5eed0007u, vsl_stream_clock, 0, 0, 0, false },
	/* The random stream again, with the link speed changing under it. */
	{ "link", 100000, 0x5eed0008u, vsl_stream_random, 0, 0, 0, true },
};

#define VSL_STREAMS VSL_COUNT(vsl_streams)

/* ---- controller rows --------------------------------------------------- */

enum vsl_kind {
	VSL_NET_DIM,
	VSL_NET_DIM_BY_REF,
	VSL_ICE,
	VSL_RDMA_DIM,
	VSL_IXGBE,
	VSL_I40E,
	VSL_E1000E,
	VSL_IGB,
	VSL_IGB_RING,
	VSL_MLX4,
	VSL_SFC,
};

/**
 * struct vsl_row - one controller configuration on both sides.
 * @name: printed name (irqmod kind and preset).
 * @linux_function: the Linux function it is compared with.
 * @kind: which pair of sides.
 * @table: DIM table (irqmod enum irqmod_dim_table).
 * @tx: DIM: the TX direction (TX counts, TX table).
 * @cqe: DIM: the CQE-based table.
 * @link_speed_mbps: link speed (Intel rows).
 * @irqmod_link_speed_mbps: irqmod's link speed when not 0 (--self-check
 *	rows only: a deliberate mismatch the harness must catch).
 * @irqmod_table: irqmod's DIM table when not 0 (--self-check rows only).
 *
 * mlx4 rows use @table as the index of their struct vsl_mlx4_setup, sfc
 * rows as the index of their struct vsl_sfc_setup.
 */
struct vsl_row {
	const char *name;
	const char *linux_function;
	enum vsl_kind kind;
	uint32_t table;
	bool tx;
	bool cqe;
	uint32_t link_speed_mbps;
	uint32_t irqmod_link_speed_mbps;
	uint32_t irqmod_table;
};

/**
 * struct vsl_mlx4_setup - an mlx4 row's port.
 * @rings: RX rings (Linux divides its rate threshold by them).
 * @sample_interval_s: Linux's sample_interval, irqmod's window in seconds.
 * @rates: rate low, rate high, usecs low, usecs high instead of Linux's
 *	defaults (all 0: the defaults).
 * @irqmod_window_s: irqmod's window when not 0 (--self-check rows only).
 */
struct vsl_mlx4_setup {
	uint32_t rings;
	uint32_t sample_interval_s;
	uint32_t rates[4];
	uint32_t irqmod_window_s;
};

enum { VSL_MLX4_DEFAULTS, VSL_MLX4_ONE_SECOND, VSL_MLX4_SLOPE, VSL_MLX4_WRONG_WINDOW };

static const struct vsl_mlx4_setup vsl_mlx4_setups[] = {
	/* Linux's defaults: a decision at every jiffy that passed. */
	[VSL_MLX4_DEFAULTS] = { 1, 0, { 0, 0, 0, 0 }, 0 },
	/* A one-second window (ethtool rate-sample-interval 1). */
	[VSL_MLX4_ONE_SECOND] = { 1, 1, { 0, 0, 0, 0 }, 0 },
	/* Four rings (threshold 7812 / 4 = 1953/s) and a gentle slope, so
	 * most windows interpolate: 10000/s -> 2 us to 5000000/s -> 250 us. */
	[VSL_MLX4_SLOPE] = { 4, 0, { 10000, 5000000, 2, 250 }, 0 },
	/* irqmod deciding once a second where Linux decides every jiffy. */
	[VSL_MLX4_WRONG_WINDOW] = { 1, 0, { 0, 0, 0, 0 }, 1 },
};

/**
 * struct vsl_sfc_setup - an sfc row's channel.
 * @timer_quantum_ns: the NIC's timer quantum (the step is it in us, rounded up).
 * @rx_usecs: rx-usecs, the start and ceiling (0: Linux's rx_irq_mod_usec).
 * @score_low, @score_high: the module parameters (0: Linux's defaults).
 * @irqmod_timer_quantum_ns: irqmod's quantum when not 0 (--self-check rows only).
 */
struct vsl_sfc_setup {
	uint32_t timer_quantum_ns;
	uint32_t rx_usecs;
	uint32_t score_low;
	uint32_t score_high;
	uint32_t irqmod_timer_quantum_ns;
};

enum { VSL_SFC_SIENA, VSL_SFC_BOTH_WAYS, VSL_SFC_WRONG_STEP };

static const struct vsl_sfc_setup vsl_sfc_setups[] = {
	/* Linux's defaults on Siena's 6144 ns quantum (siena.c): steps of 7 us. */
	[VSL_SFC_SIENA] = { 6144, 0, 0, 0, 0 },
	/*
	 * A 1 us step under 200 us and thresholds around the random stream's
	 * score (569000 at the median decision), so decisions go both ways.
	 */
	[VSL_SFC_BOTH_WAYS] = { 1000, 200, 560000, 580000, 0 },
	/* irqmod stepping 2 us where Linux steps 1 us. */
	[VSL_SFC_WRONG_STEP] = { 1000, 200, 560000, 580000, 1001 },
};

static const struct vsl_row vsl_rows[] = {
	{ "dim", "net_dim", VSL_NET_DIM, IRQMOD_DIM_TABLE_RX_EQE, false, false, 0, 0, 0 },
	/* 6.1's net_dim() with its sample by reference, as upstream since 2024. */
	{ "dim-by-ref", "net_dim_by_ref", VSL_NET_DIM_BY_REF, IRQMOD_DIM_TABLE_RX_EQE, false, false,
	  0, 0, 0 },
	{ "dim-rx-cqe", "net_dim", VSL_NET_DIM, IRQMOD_DIM_TABLE_RX_CQE, false, true, 0, 0, 0 },
	{ "dim-tx-eqe", "net_dim", VSL_NET_DIM, IRQMOD_DIM_TABLE_TX_EQE, true, false, 0, 0, 0 },
	{ "dim-tx-cqe", "net_dim", VSL_NET_DIM, IRQMOD_DIM_TABLE_TX_CQE, true, true, 0, 0, 0 },
	{ "ice", "net_dim", VSL_ICE, IRQMOD_DIM_TABLE_ICE_RX, false, false, 0, 0, 0 },
	{ "ice-tx", "net_dim", VSL_ICE, IRQMOD_DIM_TABLE_ICE_TX, true, false, 0, 0, 0 },
	{ "dim-rdma", "rdma_dim", VSL_RDMA_DIM, IRQMOD_DIM_TABLE_RDMA, false, false, 0, 0, 0 },
	{ "ixgbe", "ixgbe_set_itr", VSL_IXGBE, 0, false, false, 10000, 0, 0 },
	{ "ixgbe-10m", "ixgbe_set_itr", VSL_IXGBE, 0, false, false, 10, 0, 0 },
	{ "ixgbe-100m", "ixgbe_set_itr", VSL_IXGBE, 0, false, false, 100, 0, 0 },
	{ "ixgbe-1g", "ixgbe_set_itr", VSL_IXGBE, 0, false, false, 1000, 0, 0 },
	{ "ixgbe-2.5g", "ixgbe_set_itr", VSL_IXGBE, 0, false, false, 2500, 0, 0 },
	{ "ixgbe-5g", "ixgbe_set_itr", VSL_IXGBE, 0, false, false, 5000, 0, 0 },
	/* No ixgbe flag for 25G: Linux takes its default (10G) scale. */
	{ "ixgbe-25g", "ixgbe_set_itr", VSL_IXGBE, 0, false, false, 25000, 0, 0 },
	{ "i40e", "i40e_update_enable_itr", VSL_I40E, 0, false, false, 40000, 0, 0 },
	{ "i40e-100m", "i40e_update_enable_itr", VSL_I40E, 0, false, false, 100, 0, 0 },
	{ "i40e-1g", "i40e_update_enable_itr", VSL_I40E, 0, false, false, 1000, 0, 0 },
	{ "i40e-2.5g", "i40e_update_enable_itr", VSL_I40E, 0, false, false, 2500, 0, 0 },
	{ "i40e-5g", "i40e_update_enable_itr", VSL_I40E, 0, false, false, 5000, 0, 0 },
	{ "i40e-10g", "i40e_update_enable_itr", VSL_I40E, 0, false, false, 10000, 0, 0 },
	{ "i40e-20g", "i40e_update_enable_itr", VSL_I40E, 0, false, false, 20000, 0, 0 },
	{ "i40e-25g", "i40e_update_enable_itr", VSL_I40E, 0, false, false, 25000, 0, 0 },
	/* No i40e speed for 100G: Linux takes its default (10G) divisor. */
	{ "i40e-100g", "i40e_update_enable_itr", VSL_I40E, 0, false, false, 100000, 0, 0 },
	{ "latency-class-e1000e", "e1000_set_itr", VSL_E1000E, 0, false, false, 1000, 0, 0 },
	{ "latency-class-e1000e-100m", "e1000_set_itr", VSL_E1000E, 0, false, false, 100, 0, 0 },
	{ "latency-class-igb", "igb_set_itr", VSL_IGB, 0, false, false, 1000, 0, 0 },
	{ "latency-class-igb-100m", "igb_set_itr", VSL_IGB, 0, false, false, 100, 0, 0 },
	{ "average-size-igb", "igb_update_ring_itr", VSL_IGB_RING, 0, false, false, 1000, 0, 0 },
	{ "average-size-igb-100m", "igb_update_ring_itr", VSL_IGB_RING, 0, false, false, 100, 0,
	  0 },
	{ "mlx4", "mlx4_en_auto_moderation", VSL_MLX4, VSL_MLX4_DEFAULTS, false, false, 0, 0, 0 },
	{ "mlx4-1s", "mlx4_en_auto_moderation", VSL_MLX4, VSL_MLX4_ONE_SECOND, false, false, 0, 0,
	  0 },
	{ "mlx4-4rings-slope", "mlx4_en_auto_moderation", VSL_MLX4, VSL_MLX4_SLOPE, false, false,
	  0, 0, 0 },
	{ "sfc", "efx_poll", VSL_SFC, VSL_SFC_SIENA, false, false, 0, 0, 0 },
	{ "sfc-both-ways", "efx_poll", VSL_SFC, VSL_SFC_BOTH_WAYS, false, false, 0, 0,
	  0 },
};

#define VSL_ROWS VSL_COUNT(vsl_rows)

/*
 * --self-check: rows where irqmod is deliberately configured unlike Linux
 * (another link speed, another table). Each must be reported as a
 * mismatch on the random stream, or the comparison is not looking.
 */
static const struct vsl_row vsl_wrong_rows[] = {
	{ "dim-wrong-table", "net_dim", VSL_NET_DIM, IRQMOD_DIM_TABLE_RX_EQE, false, false, 0, 0,
	  IRQMOD_DIM_TABLE_RX_CQE },
	{ "ixgbe-wrong-link", "ixgbe_set_itr", VSL_IXGBE, 0, false, false, 10000, 1000, 0 },
	{ "i40e-wrong-link", "i40e_update_enable_itr", VSL_I40E, 0, false, false, 40000, 10000, 0 },
	{ "latency-class-e1000e-wrong-link", "e1000_set_itr", VSL_E1000E, 0, false, false, 1000,
	  100, 0 },
	{ "latency-class-igb-wrong-link", "igb_set_itr", VSL_IGB, 0, false, false, 1000, 100, 0 },
	{ "average-size-igb-wrong-link", "igb_update_ring_itr", VSL_IGB_RING, 0, false, false,
	  1000, 100, 0 },
	{ "mlx4-wrong-window", "mlx4_en_auto_moderation", VSL_MLX4, VSL_MLX4_WRONG_WINDOW, false,
	  false, 0, 0, 0 },
	{ "sfc-wrong-step", "efx_poll", VSL_SFC, VSL_SFC_WRONG_STEP, false, false, 0, 0,
	  0 },
};

/*
 * The wrappers callgrind toggles on for @kind: Linux's and irqmod's, and
 * for DIM the second pair that takes the calls that only count ("-" when
 * there is none). scripts/vs-linux reads them from --list.
 */
static void vsl_wrappers(enum vsl_kind kind, const char **linux_wrapper,
			 const char **linux_count, const char **irqmod_wrapper,
			 const char **irqmod_count)
{
	*linux_count = "-";
	*irqmod_count = "-";
	switch (kind) {
	case VSL_NET_DIM:
	case VSL_ICE:
		*linux_wrapper = "linux_bench_net_dim";
		*linux_count = "linux_bench_net_dim_count";
		*irqmod_wrapper = "irqmod_bench_dim_update";
		*irqmod_count = "irqmod_bench_dim_update_count";
		return;
	case VSL_NET_DIM_BY_REF:
		*linux_wrapper = "linux_bench_net_dim_by_ref";
		*linux_count = "linux_bench_net_dim_by_ref_count";
		*irqmod_wrapper = "irqmod_bench_dim_update";
		*irqmod_count = "irqmod_bench_dim_update_count";
		return;
	case VSL_RDMA_DIM:
		*linux_wrapper = "linux_bench_rdma_dim";
		*linux_count = "linux_bench_rdma_dim_count";
		*irqmod_wrapper = "irqmod_bench_dim_rdma_update";
		*irqmod_count = "irqmod_bench_dim_rdma_update_count";
		return;
	case VSL_IXGBE:
		*linux_wrapper = "linux_bench_ixgbe_set_itr";
		*irqmod_wrapper = "irqmod_bench_ixgbe_update";
		return;
	case VSL_I40E:
		*linux_wrapper = "linux_bench_i40e_update_enable_itr";
		*irqmod_wrapper = "irqmod_bench_i40e_update";
		return;
	case VSL_E1000E:
		*linux_wrapper = "linux_bench_e1000_set_itr";
		*irqmod_wrapper = "irqmod_bench_latency_class_update";
		return;
	case VSL_IGB:
		*linux_wrapper = "linux_bench_igb_set_itr";
		*irqmod_wrapper = "irqmod_bench_latency_class_update";
		return;
	case VSL_IGB_RING:
		*linux_wrapper = "linux_bench_igb_update_ring_itr";
		*irqmod_wrapper = "irqmod_bench_average_size_update";
		return;
	case VSL_MLX4:
		*linux_wrapper = "linux_bench_mlx4_en_auto_moderation";
		*irqmod_wrapper = "irqmod_bench_mlx4_update";
		return;
	case VSL_SFC:
		*linux_wrapper = "linux_bench_efx_poll";
		*irqmod_wrapper = "irqmod_bench_sfc_update";
		return;
	}
	*linux_wrapper = "-";
	*irqmod_wrapper = "-";
}

/* irqmod's link speed of @row. */
static uint32_t vsl_irqmod_link(const struct vsl_row *row)
{
	return row->irqmod_link_speed_mbps ? row->irqmod_link_speed_mbps : row->link_speed_mbps;
}

/* What one run of a row over a stream found. */
struct vsl_run {
	uint64_t calls;
	uint64_t counting_calls;
	uint64_t changes;
	uint64_t rewrites;
	bool mismatch;
};

static void vsl_counts_from(struct vsl_counts *counts, const struct irqmod_sample *sample)
{
	counts->now_ns = sample->now_ns;
	counts->rx_bytes = sample->rx_bytes;
	counts->tx_bytes = sample->tx_bytes;
	counts->rx_packets = sample->rx_packets;
	counts->tx_packets = sample->tx_packets;
	/* irqmod reads 0 events as 1 (one call ends one interrupt cycle). */
	counts->events = sample->events ? sample->events : 1u;
	counts->completions = sample->completions;
}

static void vsl_print_mismatch(const struct vsl_row *row, const struct vsl_stream *stream,
			       uint32_t step, const struct irqmod_sample *sample,
			       const char *what, const char *linux_text, const char *irqmod_text)
{
	printf("MISMATCH row %s (Linux %s), stream %s, step %" PRIu32 ": %s\n",
	       row->name, row->linux_function, stream->name, step, what);
	printf("  sample: now_ns %" PRIu64 " rx %" PRIu32 " pkts %" PRIu64 " B, tx %" PRIu32
	       " pkts %" PRIu64 " B, events %" PRIu32 ", completions %" PRIu32 "\n",
	       sample->now_ns, sample->rx_packets, sample->rx_bytes, sample->tx_packets,
	       sample->tx_bytes, sample->events, sample->completions);
	printf("  Linux:  %s\n  irqmod: %s\n", linux_text, irqmod_text);
}

/* Net DIM and ice. */
static bool vsl_run_dim(const struct vsl_row *row, const struct vsl_stream *stream,
			const struct irqmod_sample *samples, struct vsl_run *run)
{
	struct irqmod_dim_config config;
	struct irqmod_dim state;
	uint32_t i;

	if (irqmod_dim_default_config(&config, row->irqmod_table ? row->irqmod_table :
								   row->table) != 0 ||
	    irqmod_dim_init(&state, &config) != 0) {
		printf("row %s: irqmod DIM init failed\n", row->name);
		return false;
	}
	if (row->kind == VSL_ICE && vsl_ice_profile_levels() != config.levels) {
		printf("row %s: Linux's ice table has %" PRIu32 " levels, irqmod's %" PRIu32 "\n",
		       row->name, vsl_ice_profile_levels(), config.levels);
		return false;
	}
	vsl_dim_setup(config.start_level, stream->start_packets, stream->start_bytes,
		      stream->start_events);
	for (i = 0; i < stream->steps; i++) {
		struct irqmod_sample sample = samples[i];
		struct irqmod_decision decision;
		struct vsl_counts counts;
		struct vsl_result linux_result;
		uint32_t usecs, packets;
		bool counting;

		vsl_counts_from(&counts, &sample);
		vsl_dim_prepare(&counts, row->tx);
		counting = vsl_dim_counting_only();
		if (counting) {
			if (row->kind == VSL_NET_DIM_BY_REF)
				linux_bench_net_dim_by_ref_count();
			else
				linux_bench_net_dim_count();
			irqmod_bench_dim_update_count(&state, &sample, &decision);
		} else {
			if (row->kind == VSL_NET_DIM_BY_REF)
				linux_bench_net_dim_by_ref();
			else
				linux_bench_net_dim();
			irqmod_bench_dim_update(&state, &sample, &decision);
		}
		vsl_dim_result(&linux_result);
		if (row->kind == VSL_ICE) {
			usecs = vsl_ice_profile_usecs(row->tx, linux_result.level);
			packets = 0;
		} else {
			vsl_dim_moderation(row->tx, row->cqe, linux_result.level, &usecs, &packets);
		}
		run->calls++;
		run->counting_calls += counting;
		run->changes += linux_result.written;
		if (decision.rx_interval_ns != usecs * 1000u ||
		    decision.tx_interval_ns != usecs * 1000u || decision.frames != packets ||
		    decision.changed != linux_result.written) {
			char linux_text[160], irqmod_text[160];

			snprintf(linux_text, sizeof(linux_text),
				 "profile %" PRIu32 " (%" PRIu32 " us, %" PRIu32 " packets), %s",
				 linux_result.level, usecs, packets,
				 linux_result.written ? "new profile" : "no change");
			snprintf(irqmod_text, sizeof(irqmod_text),
				 "%" PRIu32 " ns rx, %" PRIu32 " ns tx, %u frames, %s",
				 decision.rx_interval_ns, decision.tx_interval_ns,
				 (unsigned int)decision.frames,
				 decision.changed ? "changed" : "unchanged");
			vsl_print_mismatch(row, stream, i, &sample, "profile", linux_text,
					   irqmod_text);
			run->mismatch = true;
			return false;
		}
	}
	return true;
}

static bool vsl_run_rdma(const struct vsl_row *row, const struct vsl_stream *stream,
			 const struct irqmod_sample *samples, struct vsl_run *run)
{
	struct irqmod_dim_rdma_config config;
	struct irqmod_dim_rdma state;
	uint32_t previous_level;
	uint32_t i;

	if (irqmod_dim_rdma_default_config(&config) != 0 ||
	    irqmod_dim_rdma_init(&state, &config) != 0) {
		printf("row %s: irqmod RDMA DIM init failed\n", row->name);
		return false;
	}
	vsl_rdma_setup(config.start_level);
	previous_level = config.start_level;
	for (i = 0; i < stream->steps; i++) {
		struct irqmod_sample sample = samples[i];
		struct irqmod_decision decision;
		struct vsl_counts counts;
		struct vsl_result linux_result;
		uint32_t usecs, completions;
		bool counting;

		/* rdma_dim() counts exactly one event per call. */
		sample.events = 1;
		vsl_counts_from(&counts, &sample);
		vsl_rdma_prepare(&counts);
		counting = vsl_rdma_counting_only();
		if (counting) {
			linux_bench_rdma_dim_count();
			irqmod_bench_dim_rdma_update_count(&state, &sample, &decision);
		} else {
			linux_bench_rdma_dim();
			irqmod_bench_dim_rdma_update(&state, &sample, &decision);
		}
		vsl_rdma_result(&linux_result);
		run->calls++;
		run->counting_calls += counting;
		run->changes += linux_result.written;
		/* The profile the RDMA core programs (cq.c ib_cq_rdma_dim_work). */
		if (linux_result.level < vsl_rdma_levels())
			vsl_rdma_moderation(linux_result.level, &usecs, &completions);
		else
			usecs = completions = UINT32_MAX;
		if (decision.rx_interval_ns != usecs * 1000u ||
		    decision.tx_interval_ns != usecs * 1000u || decision.frames != completions ||
		    decision.changed != linux_result.written ||
		    (decision.changed && linux_result.level == previous_level)) {
			char linux_text[160], irqmod_text[160];

			snprintf(linux_text, sizeof(linux_text),
				 "profile %" PRIu32 " (%" PRIu32 " us, %" PRIu32 " comps), %s",
				 linux_result.level, usecs, completions,
				 linux_result.written ? "new profile" : "no change");
			snprintf(irqmod_text, sizeof(irqmod_text),
				 "%" PRIu32 " ns rx, %" PRIu32 " ns tx, %u frames, %s",
				 decision.rx_interval_ns, decision.tx_interval_ns,
				 (unsigned int)decision.frames,
				 decision.changed ? "changed" : "unchanged");
			vsl_print_mismatch(row, stream, i, &sample, "profile", linux_text,
					   irqmod_text);
			run->mismatch = true;
			return false;
		}
		previous_level = linux_result.level;
	}
	return true;
}

static bool vsl_run_ixgbe(const struct vsl_row *row, const struct vsl_stream *stream,
			  const struct irqmod_sample *samples, struct vsl_run *run)
{
	struct irqmod_intel_itr_config config;
	struct irqmod_ixgbe state;
	uint32_t i;

	if (irqmod_ixgbe_config_preset(&config, IRQMOD_IXGBE_PRESET_LINUX,
				       vsl_irqmod_link(row)) != 0 ||
	    irqmod_ixgbe_init(&state, &config) != 0) {
		printf("row %s: irqmod ixgbe init failed\n", row->name);
		return false;
	}
	vsl_ixgbe_setup(row->link_speed_mbps, samples[0].now_ns, config.tick_ns);
	for (i = 0; i < stream->steps; i++) {
		const struct irqmod_sample *sample = &samples[i];
		struct irqmod_decision decision;
		struct vsl_counts counts;
		struct vsl_result linux_result;
		uint32_t usecs;

		if (stream->link_changes && i > 0 && i % VSL_LINK_CHANGE_STEPS == 0) {
			uint32_t speed = vsl_link_speeds_mbps[(i / VSL_LINK_CHANGE_STEPS) %
							      VSL_COUNT(vsl_link_speeds_mbps)];

			/* Linux reads adapter->link_speed at every update. */
			vsl_ixgbe_set_link_speed(speed);
			if (irqmod_ixgbe_set_link_speed(&state, speed) != 0) {
				printf("row %s: irqmod_ixgbe_set_link_speed(%" PRIu32 ") failed\n",
				       row->name, speed);
				return false;
			}
		}
		vsl_counts_from(&counts, sample);
		vsl_ixgbe_prepare(&counts);
		linux_bench_ixgbe_set_itr();
		irqmod_bench_ixgbe_update(&state, sample, &decision);
		vsl_ixgbe_result(&linux_result);
		run->calls++;
		run->changes += linux_result.written;
		usecs = decision.rx_interval_ns / IRQMOD_NS_PER_USEC;
		if (usecs << 2 != linux_result.level || decision.rx_interval_ns % 1000u != 0 ||
		    decision.tx_interval_ns != decision.rx_interval_ns ||
		    decision.changed != linux_result.written ||
		    (linux_result.written &&
		     irqmod_ixgbe_eitr_from_ns(decision.rx_interval_ns) != linux_result.register_value)) {
			char linux_text[160], irqmod_text[160];

			snprintf(linux_text, sizeof(linux_text),
				 "q_vector->itr %" PRIu32 " (%" PRIu32 " us), %s EITR %#" PRIx32,
				 linux_result.level, linux_result.level >> 2,
				 linux_result.written ? "wrote" : "kept", linux_result.register_value);
			snprintf(irqmod_text, sizeof(irqmod_text),
				 "%" PRIu32 " ns rx, %" PRIu32 " ns tx, %s, EITR %#" PRIx32,
				 decision.rx_interval_ns, decision.tx_interval_ns,
				 decision.changed ? "changed" : "unchanged",
				 irqmod_ixgbe_eitr_from_ns(decision.rx_interval_ns));
			vsl_print_mismatch(row, stream, i, sample, "interval", linux_text,
					   irqmod_text);
			run->mismatch = true;
			return false;
		}
	}
	return true;
}

/* i40e's u16 values: microseconds with the latency flag in bit 15. */
#define VSL_I40E_USECS(value) ((value) & 0x7fffu)

static bool vsl_run_i40e(const struct vsl_row *row, const struct vsl_stream *stream,
			 const struct irqmod_sample *samples, struct vsl_run *run)
{
	struct irqmod_intel_itr_config config;
	struct irqmod_i40e state;
	uint32_t i;

	if (irqmod_i40e_config_linux(&config, vsl_irqmod_link(row)) != 0 ||
	    irqmod_i40e_init(&state, &config) != 0) {
		printf("row %s: irqmod i40e init failed\n", row->name);
		return false;
	}
	vsl_i40e_setup(row->link_speed_mbps, samples[0].now_ns, config.tick_ns);
	for (i = 0; i < stream->steps; i++) {
		const struct irqmod_sample *sample = &samples[i];
		struct irqmod_decision decision;
		struct vsl_counts counts;
		struct vsl_result linux_result;

		vsl_counts_from(&counts, sample);
		vsl_i40e_prepare(&counts);
		linux_bench_i40e_update_enable_itr();
		irqmod_bench_i40e_update(&state, sample, &decision);
		vsl_i40e_result(&linux_result);
		run->calls++;
		run->changes += linux_result.written;
		if (decision.rx_interval_ns != VSL_I40E_USECS(linux_result.rx_value) * 1000u ||
		    decision.tx_interval_ns != VSL_I40E_USECS(linux_result.tx_value) * 1000u ||
		    decision.changed != linux_result.written) {
			char linux_text[200], irqmod_text[160];

			snprintf(linux_text, sizeof(linux_text),
				 "rx current %#" PRIx32 " target %#" PRIx32 ", tx current %#" PRIx32
				 " target %#" PRIx32 ", wrote index %" PRIu32 " value %#" PRIx32,
				 linux_result.rx_value, linux_result.rx_target, linux_result.tx_value,
				 linux_result.tx_target, linux_result.register_index,
				 linux_result.register_value);
			snprintf(irqmod_text, sizeof(irqmod_text),
				 "%" PRIu32 " ns rx, %" PRIu32 " ns tx, %s",
				 decision.rx_interval_ns, decision.tx_interval_ns,
				 decision.changed ? "changed" : "unchanged");
			vsl_print_mismatch(row, stream, i, sample, "registers", linux_text,
					   irqmod_text);
			run->mismatch = true;
			return false;
		}
	}
	return true;
}

/* e1000e and igb single vector: the latency classes. */
static bool vsl_run_latency_class(const struct vsl_row *row, const struct vsl_stream *stream,
				  const struct irqmod_sample *samples, struct vsl_run *run)
{
	struct irqmod_latency_class_config config;
	struct irqmod_latency_class state;
	uint32_t preset = row->kind == VSL_E1000E ? IRQMOD_LATENCY_CLASS_PRESET_E1000E :
						    IRQMOD_LATENCY_CLASS_PRESET_IGB;
	uint32_t i;

	if (irqmod_latency_class_preset(&config, preset, vsl_irqmod_link(row)) != 0 ||
	    irqmod_latency_class_init(&state, &config) != 0) {
		printf("row %s: irqmod latency-class init failed\n", row->name);
		return false;
	}
	if (row->kind == VSL_E1000E)
		vsl_e1000e_setup(row->link_speed_mbps);
	else
		vsl_igb_setup(row->link_speed_mbps);
	for (i = 0; i < stream->steps; i++) {
		const struct irqmod_sample *sample = &samples[i];
		struct irqmod_decision decision;
		struct vsl_counts counts;
		struct vsl_result linux_result;

		vsl_counts_from(&counts, sample);
		if (row->kind == VSL_E1000E) {
			vsl_e1000e_prepare(&counts);
			linux_bench_e1000_set_itr();
			irqmod_bench_latency_class_update(&state, sample, &decision);
			vsl_e1000e_result(&linux_result);
		} else {
			vsl_igb_prepare(&counts);
			linux_bench_igb_set_itr();
			irqmod_bench_latency_class_update(&state, sample, &decision);
			vsl_igb_result(&linux_result);
		}
		run->calls++;
		run->changes += linux_result.written;
		run->rewrites += linux_result.rewritten;
		if (state.level != linux_result.level || decision.changed != linux_result.written ||
		    state.register_value != linux_result.register_value) {
			char linux_text[160], irqmod_text[160];

			snprintf(linux_text, sizeof(linux_text), "%s %" PRIu32 ", %s, register %" PRIu32,
				 row->kind == VSL_E1000E ? "adapter->itr" : "itr_val",
				 linux_result.level,
				 linux_result.written ? "new register value" :
				 linux_result.rewritten ? "same register value rewritten" : "kept",
				 linux_result.register_value);
			snprintf(irqmod_text, sizeof(irqmod_text),
				 "level %" PRIu32 " (register %" PRIu32 ", %" PRIu32 " ns), %s",
				 state.level, state.register_value, decision.rx_interval_ns,
				 decision.changed ? "changed" : "unchanged");
			vsl_print_mismatch(row, stream, i, sample, "level", linux_text, irqmod_text);
			run->mismatch = true;
			return false;
		}
	}
	return true;
}

/* igb multi-vector: the average size. */
static bool vsl_run_average_size(const struct vsl_row *row, const struct vsl_stream *stream,
				 const struct irqmod_sample *samples, struct vsl_run *run)
{
	struct irqmod_average_size_config config;
	struct irqmod_average_size state;
	uint32_t i;

	if (irqmod_average_size_preset(&config, IRQMOD_AVERAGE_SIZE_PRESET_IGB,
				       vsl_irqmod_link(row)) != 0 ||
	    irqmod_average_size_init(&state, &config) != 0) {
		printf("row %s: irqmod average-size init failed\n", row->name);
		return false;
	}
	vsl_igb_setup(row->link_speed_mbps);
	for (i = 0; i < stream->steps; i++) {
		const struct irqmod_sample *sample = &samples[i];
		struct irqmod_decision decision;
		struct vsl_counts counts;
		struct vsl_result linux_result;

		vsl_counts_from(&counts, sample);
		vsl_igb_prepare(&counts);
		linux_bench_igb_update_ring_itr();
		irqmod_bench_average_size_update(&state, sample, &decision);
		vsl_igb_result(&linux_result);
		run->calls++;
		run->changes += linux_result.written;
		run->rewrites += linux_result.rewritten;
		if (state.level != linux_result.level || decision.changed != linux_result.written ||
		    state.register_value != linux_result.register_value) {
			char linux_text[160], irqmod_text[160];

			snprintf(linux_text, sizeof(linux_text), "itr_val %" PRIu32 ", %s, register %" PRIu32,
				 linux_result.level,
				 linux_result.written ? "new register value" :
				 linux_result.rewritten ? "same register value rewritten" : "kept",
				 linux_result.register_value);
			snprintf(irqmod_text, sizeof(irqmod_text),
				 "level %" PRIu32 " (register %" PRIu32 ", %" PRIu32 " ns), %s",
				 state.level, state.register_value,
				 decision.rx_interval_ns, decision.changed ? "changed" : "unchanged");
			vsl_print_mismatch(row, stream, i, sample, "level", linux_text, irqmod_text);
			run->mismatch = true;
			return false;
		}
	}
	return true;
}

/*
 * mlx4: Linux's defaults read from its own constants, irqmod's config
 * built from them, both fed every sample (irqmod at the jiffy).
 */
static bool vsl_run_mlx4(const struct vsl_row *row, const struct vsl_stream *stream,
			 const struct irqmod_sample *samples, struct vsl_run *run)
{
	const struct vsl_mlx4_setup *setup = &vsl_mlx4_setups[row->table];
	struct irqmod_mlx4_config config;
	struct irqmod_mlx4 state;
	uint32_t rate_low, rate_high, usecs, usecs_low, usecs_high, frames, interval_s;
	bool custom = setup->rates[1] != 0;
	/* "wrap": ring counters a few thousand packets and some MB below 2^64. */
	uint64_t start_packets = stream->start_packets ? 0u - 4096ull : 0u;
	uint64_t start_bytes = stream->start_bytes ? 0u - (16ull << 20) : 0u;
	uint32_t i;

	vsl_mlx4_defaults(&rate_low, &rate_high, &usecs, &usecs_low, &usecs_high, &frames,
			  &interval_s);
	if (irqmod_mlx4_default_config(&config) != 0) {
		printf("row %s: irqmod mlx4 defaults failed\n", row->name);
		return false;
	}
	/* irqmod's defaults must be Linux's (its window is the task's period). */
	if (config.pkt_rate_low_per_s != rate_low || config.pkt_rate_high_per_s != rate_high ||
	    config.rx_usecs != usecs || config.rx_usecs_low != usecs_low ||
	    config.rx_usecs_high != usecs_high || config.rx_frames != frames ||
	    interval_s != 0) {
		printf("row %s: irqmod's mlx4 defaults differ from Linux's\n", row->name);
		run->mismatch = true;
		return false;
	}
	if (custom) {
		config.pkt_rate_low_per_s = setup->rates[0];
		config.pkt_rate_high_per_s = setup->rates[1];
		config.rx_usecs_low = setup->rates[2];
		config.rx_usecs_high = setup->rates[3];
	}
	config.window_ns = (uint64_t)(setup->irqmod_window_s ? setup->irqmod_window_s :
				      setup->sample_interval_s) * IRQMOD_NS_PER_SEC;
	config.rx_rings = setup->rings;
	if (irqmod_mlx4_init(&state, &config) != 0) {
		printf("row %s: irqmod mlx4 init failed\n", row->name);
		return false;
	}
	vsl_mlx4_setup(setup->rings, setup->sample_interval_s, custom ? setup->rates : NULL,
		       start_packets, start_bytes, VSL_TICK_NS);
	for (i = 0; i < stream->steps; i++) {
		struct irqmod_sample sample = samples[i];
		struct irqmod_decision decision;
		struct vsl_counts counts;
		struct vsl_result linux_result;

		vsl_counts_from(&counts, &sample);
		sample.now_ns -= sample.now_ns % VSL_TICK_NS;
		if (vsl_mlx4_prepare(&counts))
			linux_bench_mlx4_en_auto_moderation();
		else
			run->counting_calls++;
		irqmod_bench_mlx4_update(&state, &sample, &decision);
		vsl_mlx4_result(&linux_result);
		run->calls++;
		run->changes += linux_result.written;
		if (decision.rx_interval_ns != linux_result.level * 1000u ||
		    decision.tx_interval_ns != decision.rx_interval_ns ||
		    decision.frames != linux_result.register_value ||
		    decision.changed != linux_result.written) {
			char linux_text[160], irqmod_text[160];

			snprintf(linux_text, sizeof(linux_text),
				 "moder_time %" PRIu32 " us, moder_cnt %" PRIu32 ", %s",
				 linux_result.level, linux_result.register_value,
				 linux_result.written ? "written" : "kept");
			snprintf(irqmod_text, sizeof(irqmod_text),
				 "%" PRIu32 " ns, frames %u, %s", decision.rx_interval_ns,
				 (unsigned int)decision.frames,
				 decision.changed ? "changed" : "unchanged");
			vsl_print_mismatch(row, stream, i, &samples[i], "moderation", linux_text,
					   irqmod_text);
			run->mismatch = true;
			return false;
		}
	}
	return true;
}

/*
 * sfc: Linux's defaults read from its own variables, irqmod's config built
 * from them, both fed every poll.
 */
static bool vsl_run_sfc(const struct vsl_row *row, const struct vsl_stream *stream,
			const struct irqmod_sample *samples, struct vsl_run *run)
{
	const struct vsl_sfc_setup *setup = &vsl_sfc_setups[row->table];
	struct irqmod_sfc_config config;
	struct irqmod_sfc state;
	uint32_t rx_usecs, score_low, score_high, i;

	vsl_sfc_defaults(&rx_usecs, &score_low, &score_high);
	if (irqmod_sfc_default_config(&config) != 0) {
		printf("row %s: irqmod sfc defaults failed\n", row->name);
		return false;
	}
	/* irqmod's defaults must be Linux's. */
	if (config.rx_usecs != rx_usecs || config.score_low != score_low ||
	    config.score_high != score_high) {
		printf("row %s: irqmod's sfc defaults differ from Linux's\n", row->name);
		run->mismatch = true;
		return false;
	}
	if (setup->rx_usecs)
		config.rx_usecs = setup->rx_usecs;
	if (setup->score_high) {
		config.score_low = setup->score_low;
		config.score_high = setup->score_high;
	}
	config.timer_quantum_ns = setup->irqmod_timer_quantum_ns ? setup->irqmod_timer_quantum_ns :
								  setup->timer_quantum_ns;
	if (irqmod_sfc_init(&state, &config) != 0) {
		printf("row %s: irqmod sfc init failed\n", row->name);
		return false;
	}
	vsl_sfc_setup(setup->timer_quantum_ns, config.rx_usecs, config.score_low,
		      config.score_high);
	for (i = 0; i < stream->steps; i++) {
		struct irqmod_sample sample = samples[i];
		struct irqmod_decision decision;
		struct vsl_counts counts;
		struct vsl_result linux_result;

		if (sample.rx_packets >= VSL_SFC_BUDGET)
			sample.flags |= IRQMOD_SAMPLE_BUDGET_EXHAUSTED;
		vsl_counts_from(&counts, &sample);
		vsl_sfc_prepare(&counts, sample.flags & IRQMOD_SAMPLE_BUDGET_EXHAUSTED);
		linux_bench_efx_poll();
		irqmod_bench_sfc_update(&state, &sample, &decision);
		vsl_sfc_result(&linux_result);
		run->calls++;
		run->changes += linux_result.written;
		if (decision.rx_interval_ns != linux_result.level * 1000u ||
		    decision.tx_interval_ns != decision.rx_interval_ns ||
		    decision.changed != linux_result.written) {
			char linux_text[160], irqmod_text[160];

			snprintf(linux_text, sizeof(linux_text), "irq_moderation_us %" PRIu32 ", %s",
				 linux_result.level, linux_result.written ? "pushed" : "kept");
			snprintf(irqmod_text, sizeof(irqmod_text), "%" PRIu32 " ns, %s",
				 decision.rx_interval_ns,
				 decision.changed ? "changed" : "unchanged");
			vsl_print_mismatch(row, stream, i, &samples[i], "moderation", linux_text,
					   irqmod_text);
			run->mismatch = true;
			return false;
		}
	}
	return true;
}

static bool vsl_run_row(const struct vsl_row *row, const struct vsl_stream *stream,
			const struct irqmod_sample *samples, struct vsl_run *run)
{
	memset(run, 0, sizeof(*run));
	switch (row->kind) {
	case VSL_NET_DIM:
	case VSL_NET_DIM_BY_REF:
	case VSL_ICE:
		return vsl_run_dim(row, stream, samples, run);
	case VSL_RDMA_DIM:
		return vsl_run_rdma(row, stream, samples, run);
	case VSL_IXGBE:
		return vsl_run_ixgbe(row, stream, samples, run);
	case VSL_I40E:
		return vsl_run_i40e(row, stream, samples, run);
	case VSL_E1000E:
	case VSL_IGB:
		return vsl_run_latency_class(row, stream, samples, run);
	case VSL_IGB_RING:
		return vsl_run_average_size(row, stream, samples, run);
	case VSL_MLX4:
		return vsl_run_mlx4(row, stream, samples, run);
	case VSL_SFC:
		return vsl_run_sfc(row, stream, samples, run);
	}
	return false;
}

/* --self-check: every deliberately wrong row must be caught. */
static int vsl_self_check(struct irqmod_sample *samples)
{
	const struct vsl_stream *stream = &vsl_streams[1]; /* random */
	uint32_t caught = 0;
	uint32_t r;

	stream->make(samples, stream->steps, stream->seed);
	for (r = 0; r < VSL_COUNT(vsl_wrong_rows); r++) {
		struct vsl_run run;

		if (!vsl_run_row(&vsl_wrong_rows[r], stream, samples, &run) && run.mismatch) {
			caught++;
		} else {
			printf("vs-linux: self-check row %s was NOT reported as a mismatch\n",
			       vsl_wrong_rows[r].name);
		}
	}
	free(samples);
	printf("vs-linux: self-check: %" PRIu32 " of %" PRIu32 " deliberate mismatches caught\n",
	       caught, VSL_COUNT(vsl_wrong_rows));
	return caught == VSL_COUNT(vsl_wrong_rows) ? 0 : 1;
}

static void vsl_usage(FILE *out)
{
	fprintf(out, "usage: vs-linux [--row NAME] [--stream NAME] [--list] [--quiet] "
		     "[--self-check]\n");
}

int main(int argc, char **argv)
{
	const char *row_name = NULL;
	const char *stream_name = NULL;
	bool list = false, quiet = false, self_check = false;
	struct irqmod_sample *samples;
	uint32_t failures = 0, pairs = 0;
	uint32_t s, r;
	int i;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--row") == 0 && i + 1 < argc) {
			row_name = argv[++i];
		} else if (strcmp(argv[i], "--stream") == 0 && i + 1 < argc) {
			stream_name = argv[++i];
		} else if (strcmp(argv[i], "--list") == 0) {
			list = true;
		} else if (strcmp(argv[i], "--quiet") == 0) {
			quiet = true;
		} else if (strcmp(argv[i], "--self-check") == 0) {
			self_check = true;
		} else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			vsl_usage(stdout);
			return 0;
		} else {
			fprintf(stderr, "vs-linux: unknown argument '%s'\n", argv[i]);
			vsl_usage(stderr);
			return 2;
		}
	}
	for (r = 0; r < VSL_ROWS && row_name; r++)
		if (strcmp(vsl_rows[r].name, row_name) == 0)
			break;
	if (row_name && r == VSL_ROWS) {
		fprintf(stderr, "vs-linux: unknown row '%s'; rows:", row_name);
		for (r = 0; r < VSL_ROWS; r++)
			fprintf(stderr, " %s", vsl_rows[r].name);
		fprintf(stderr, "\n");
		return 2;
	}
	for (s = 0; s < VSL_STREAMS && stream_name; s++)
		if (strcmp(vsl_streams[s].name, stream_name) == 0)
			break;
	if (stream_name && s == VSL_STREAMS) {
		fprintf(stderr, "vs-linux: unknown stream '%s'; streams:", stream_name);
		for (s = 0; s < VSL_STREAMS; s++)
			fprintf(stderr, " %s", vsl_streams[s].name);
		fprintf(stderr, "\n");
		return 2;
	}
	if (list) {
		for (r = 0; r < VSL_ROWS; r++) {
			const char *linux_wrapper, *linux_count, *irqmod_wrapper, *irqmod_count;

			vsl_wrappers(vsl_rows[r].kind, &linux_wrapper, &linux_count,
				     &irqmod_wrapper, &irqmod_count);
			for (s = 0; s < VSL_STREAMS; s++) {
				if (vsl_streams[s].link_changes && vsl_rows[r].kind != VSL_IXGBE)
					continue;
				printf("%s %s %s %s %s %s %s\n", vsl_rows[r].name,
				       vsl_streams[s].name, vsl_rows[r].linux_function,
				       linux_wrapper, linux_count, irqmod_wrapper, irqmod_count);
			}
		}
		return 0;
	}
	samples = calloc(VSL_MAX_STEPS, sizeof(*samples));
	if (!samples) {
		fprintf(stderr, "vs-linux: out of memory\n");
		return 1;
	}
	if (self_check)
		return vsl_self_check(samples);
	for (s = 0; s < VSL_STREAMS; s++) {
		const struct vsl_stream *stream = &vsl_streams[s];

		if (stream_name && strcmp(stream->name, stream_name) != 0)
			continue;
		if (stream->steps > VSL_MAX_STEPS) {
			fprintf(stderr, "vs-linux: stream %s has more than %u steps\n",
				stream->name, VSL_MAX_STEPS);
			free(samples);
			return 2;
		}
		stream->make(samples, stream->steps, stream->seed);
		for (r = 0; r < VSL_ROWS; r++) {
			const struct vsl_row *row = &vsl_rows[r];
			struct vsl_run run;
			bool ok;

			if (row_name && strcmp(row->name, row_name) != 0)
				continue;
			if (stream->link_changes && row->kind != VSL_IXGBE)
				continue;
			ok = vsl_run_row(row, stream, samples, &run);
			pairs++;
			failures += !ok;
			if (!quiet || !ok) {
				printf("%-26s %-7s %-24s %s: %" PRIu64 " calls, %" PRIu64
				       " counting only, %" PRIu64 " changes",
				       row->name, stream->name, row->linux_function,
				       ok ? "identical" : "DIFFERENT", run.calls,
				       run.counting_calls, run.changes);
				if (run.rewrites)
					printf(" (Linux also rewrote an unchanged register %" PRIu64
					       " times)", run.rewrites);
				printf("\n");
			}
		}
	}
	free(samples);
	printf("vs-linux: %" PRIu32 " of %" PRIu32 " row/stream pairs identical\n",
	       pairs - failures, pairs);
	return failures ? 1 : 0;
}
