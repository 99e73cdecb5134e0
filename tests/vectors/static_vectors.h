/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Worked examples of the static controller (lib/static.c). Its whole
 * algorithm is "return the configured intervals": every decision below is
 * derived from the config alone, so the samples are chosen to be hostile
 * (first call, time standing still and stepping back, counts at their type
 * maxima, packets 0 with bytes > 0) and must change nothing.
 *
 * Every decision of the static controller: rx/tx = the configured intervals,
 * poll_delay_ns = rate_limit_ns = frames = 0 (it has neither), action
 * IRQMOD_ACTION_REARM, changed = false (include/irqmod/static.h: the driver
 * programs the config at setup and the controller never reports a change).
 */
#ifndef IRQMOD_TESTS_STATIC_VECTORS_H
#define IRQMOD_TESTS_STATIC_VECTORS_H

#include "vectors.h"

/* 50 us is ixgbe's adaptive start interval, IXGBE_20K_ITR (ixgbe.h). */
#define IRQMOD_STATIC_VECTOR_50US { .rx_interval_ns = 50000, .tx_interval_ns = 50000, \
				    .action = IRQMOD_ACTION_REARM, .changed = false }

static const struct irqmod_vector_step irqmod_static_vector_hostile_samples[] = {
	/* First call after init, nothing completed. */
	{ { .now_ns = 0 }, IRQMOD_STATIC_VECTOR_50US },
	/* A full 64-packet poll of 1514-byte frames after 10 us. */
	{ { .now_ns = 10000, .rx_bytes = 64 * 1514, .rx_packets = 64, .events = 1 },
	  IRQMOD_STATIC_VECTOR_50US },
	/* Time standing still. */
	{ { .now_ns = 10000, .rx_bytes = 60, .rx_packets = 1 }, IRQMOD_STATIC_VECTOR_50US },
	/* Time stepping back, counts at their maxima. */
	{ { .now_ns = 5000, .rx_bytes = UINT64_MAX, .tx_bytes = UINT64_MAX,
	    .rx_packets = UINT32_MAX, .tx_packets = UINT32_MAX, .events = UINT32_MAX,
	    .completions = UINT32_MAX, .flags = UINT32_MAX },
	  IRQMOD_STATIC_VECTOR_50US },
	/* Packets 0 with bytes > 0, then a gap of one hour (3.6e12 ns). */
	{ { .now_ns = 3600000000000ull, .rx_bytes = 1000 }, IRQMOD_STATIC_VECTOR_50US },
	/* The clock at its maximum. */
	{ { .now_ns = UINT64_MAX }, IRQMOD_STATIC_VECTOR_50US },
};

/* Separate RX and TX registers (84 us / 126 us): each field keeps its own. */
static const struct irqmod_vector_step irqmod_static_vector_split_directions[] = {
	{ { .now_ns = 1000, .rx_packets = 8, .rx_bytes = 8 * 1514 },
	  { .rx_interval_ns = 84000, .tx_interval_ns = 126000 } },
	{ { .now_ns = 2000, .tx_packets = 8, .tx_bytes = 8 * 1514 },
	  { .rx_interval_ns = 84000, .tx_interval_ns = 126000 } },
};

/* 0 ns means throttling off (include/irqmod/common.h, decision fields). */
static const struct irqmod_vector_step irqmod_static_vector_throttling_off[] = {
	{ { .now_ns = 1 }, { .rx_interval_ns = 0, .tx_interval_ns = 0 } },
	{ { .now_ns = 2, .rx_packets = 1, .rx_bytes = 60 }, { 0 } },
};

/* The largest accepted interval, IRQMOD_STATIC_MAX_INTERVAL_NS = 1 s. */
static const struct irqmod_vector_step irqmod_static_vector_one_second[] = {
	{ { .now_ns = 1 }, { .rx_interval_ns = 1000000000, .tx_interval_ns = 1000000000 } },
};

static const struct irqmod_vector_case irqmod_static_vectors[] = {
	{
		.name = "start_interval_whatever_the_samples",
		.config = { .kind = IRQMOD_KIND_STATIC,
			    .config.static_config = { 50000, 50000 } },
		IRQMOD_VECTOR_STEPS(irqmod_static_vector_hostile_samples),
	},
	{
		/*
		 * The kind's default (lib/controller.c) is the same 50 us for
		 * every link speed, so the same hostile steps apply.
		 */
		.name = "default_config_is_50_us",
		.config = { .kind = IRQMOD_KIND_STATIC },
		.default_link_speed_mbps = 10000,
		IRQMOD_VECTOR_STEPS(irqmod_static_vector_hostile_samples),
	},
	{
		.name = "rx_and_tx_intervals_kept_apart",
		.config = { .kind = IRQMOD_KIND_STATIC,
			    .config.static_config = { 84000, 126000 } },
		IRQMOD_VECTOR_STEPS(irqmod_static_vector_split_directions),
	},
	{
		.name = "zero_interval_is_throttling_off",
		.config = { .kind = IRQMOD_KIND_STATIC,
			    .config.static_config = { 0, 0 } },
		IRQMOD_VECTOR_STEPS(irqmod_static_vector_throttling_off),
	},
	{
		.name = "one_second_is_accepted",
		.config = { .kind = IRQMOD_KIND_STATIC,
			    .config.static_config = { 1000000000, 1000000000 } },
		IRQMOD_VECTOR_STEPS(irqmod_static_vector_one_second),
	},
	{
		/* 1 s + 1 ns is above IRQMOD_STATIC_MAX_INTERVAL_NS. */
		.name = "rx_above_one_second_is_out_of_range",
		.config = { .kind = IRQMOD_KIND_STATIC,
			    .config.static_config = { 1000000001, 0 } },
		.init_result = -IRQMOD_ERANGE,
	},
	{
		.name = "tx_above_one_second_is_out_of_range",
		.config = { .kind = IRQMOD_KIND_STATIC,
			    .config.static_config = { 0, 1000000001 } },
		.init_result = -IRQMOD_ERANGE,
	},
	{
		.name = "unknown_kind_is_rejected",
		.config = { .kind = IRQMOD_KIND_COUNT },
		.init_result = -IRQMOD_EKIND,
	},
};

#endif /* IRQMOD_TESTS_STATIC_VECTORS_H */
