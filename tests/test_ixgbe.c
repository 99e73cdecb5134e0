/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <assert.h>
#include <stdio.h>

#include "irqmod/controller.h"
#include "irqmod/ixgbe.h"
#include "vector_test_util.h"
#include "vectors/ixgbe_run.h"
#include "support.h"

static_assert(sizeof(struct irqmod_ixgbe) <= 64, "state must fit 64 bytes");

static struct irqmod_intel_itr_config linux_config(uint32_t link_speed_mbps)
{
	struct irqmod_intel_itr_config config;

	assert_int_equal(irqmod_ixgbe_config_preset(&config,
						    IRQMOD_IXGBE_PRESET_LINUX,
						    link_speed_mbps), 0);
	return config;
}

static uint32_t update_rx(struct irqmod_ixgbe *state, uint64_t now_ns,
			  uint32_t packets, uint64_t bytes, bool *changed)
{
	struct irqmod_sample sample = { .now_ns = now_ns, .rx_bytes = bytes,
					.rx_packets = packets };
	struct irqmod_decision decision;

	irqmod_ixgbe_update(state, &sample, &decision);
	assert_int_equal(decision.rx_interval_ns, decision.tx_interval_ns);
	if (changed)
		*changed = decision.changed;
	return decision.rx_interval_ns;
}

/*
 * The fixture of the tests below that need nothing else: ixgbe with Linux's
 * constants on a 10 GbE link (initial 50 us, min 10 us, max 126 us), right
 * after init, in *fixture.
 */
static int ixgbe_linux_10g_setup(void **fixture)
{
	struct irqmod_intel_itr_config config = linux_config(10000);
	struct irqmod_ixgbe *state = test_malloc(sizeof(*state));

	assert_non_null(state);
	assert_int_equal(irqmod_ixgbe_init(state, &config), 0);
	*fixture = state;
	return 0;
}

static int ixgbe_teardown(void **fixture)
{
	test_free(*fixture);
	return 0;
}

/* ---- worked vectors ---------------------------------------------------- */

static void test_ixgbe_worked_vectors_match_hand_derivation(void **unused)
{
	/* tests/vectors/ixgbe_run.h: the runner the kernel self-test uses too. */
	static const struct irqmod_vector_custom_set set = IRQMOD_VECTOR_CUSTOM_SET(ixgbe);

	(void)unused;
	test_vector_custom_set_passes(&set);
}

static void test_ixgbe_issue_examples_64_1500_1968_bytes_give_22_118_126_usecs(void **fixture)
{
	struct irqmod_ixgbe *state = *fixture;

	assert_int_equal(update_rx(state, 0, 0, 0, NULL), 10000);
	/* 64 B: 40 * 64 + 2720 = 5280; ceil(5280 / 512) * 2 = 22 us. */
	assert_int_equal(update_rx(state, 100000, 256, 256 * 64, NULL), 22000);
	/* 1500 B: 5 * 1500 + 22420 = 29920; ceil(29920 / 512) * 2 = 118 us. */
	assert_int_equal(update_rx(state, 200000, 300, 300 * 1500, NULL), 118000);
	/* >= 1968 B: 32256 / 512 = 63 -> 126 us. */
	assert_int_equal(update_rx(state, 300000, 1000, 1000 * 1968, NULL), 126000);
	assert_int_equal(update_rx(state, 400000, 1000, 1000 * 65535, NULL), 126000);
}

static void test_ixgbe_first_call_is_stale_whatever_the_counts(void **fixture)
{
	struct irqmod_ixgbe *state = *fixture;
	bool changed;

	/* 256 x 1514 would be 118 us if measured; the first call is stale. */
	assert_int_equal(update_rx(state, 12345, 256, 256 * 1514, &changed), 10000);
	assert_true(changed); /* from the initial 50 us */
	assert_true(state->rx.itr & IRQMOD_IXGBE_LATENCY);
}

static void test_ixgbe_first_call_reports_unchanged_when_initial_is_min(void **unused)
{
	struct irqmod_intel_itr_config config = linux_config(10000);
	struct irqmod_ixgbe state;
	bool changed = true;

	(void)unused;
	config.initial_interval_ns = 10000;
	assert_int_equal(irqmod_ixgbe_init(&state, &config), 0);
	assert_int_equal(update_rx(&state, 0, 1, 64, &changed), 10000);
	assert_false(changed);
}

static void test_ixgbe_reset_keeps_config_and_restarts_stale(void **unused)
{
	struct irqmod_intel_itr_config config = linux_config(1000);
	struct irqmod_ixgbe state;
	bool changed;

	(void)unused;
	assert_int_equal(irqmod_ixgbe_init(&state, &config), 0);
	update_rx(&state, 0, 0, 0, NULL);
	/* 1G: 256 x 64 -> 84 us. */
	assert_int_equal(update_rx(&state, 100000, 256, 256 * 64, NULL), 84000);
	irqmod_ixgbe_reset(&state);
	assert_int_equal(state.interval_usecs, 50);
	assert_int_equal(state.config.link_speed_mbps, 1000);
	assert_int_equal(update_rx(&state, 200000, 256, 256 * 64, &changed), 10000);
	assert_true(changed);
	assert_int_equal(update_rx(&state, 300000, 256, 256 * 64, NULL), 84000);
}

/* ---- presets and init errors -------------------------------------------- */

static void test_ixgbe_linux_preset_is_the_driver_constants(void **unused)
{
	struct irqmod_intel_itr_config config = linux_config(10000);

	(void)unused;
	assert_int_equal(config.min_interval_ns, 10000);
	assert_int_equal(config.max_interval_ns, 126000);
	assert_int_equal(config.step_ns, 2000);
	assert_int_equal(config.initial_interval_ns, 50000);
	assert_int_equal(config.tick_ns, 1000000);
	assert_int_equal(config.link_speed_mbps, 10000);
	assert_true(config.rx_ring);
	assert_true(config.tx_ring);
}

static void test_ixgbe_irqmod_preset_ceiling_is_the_socket_buffer_floor(void **unused)
{
	struct irqmod_intel_itr_config config;

	(void)unused;
	/* 10G: floor 84 us (see test_floor). */
	assert_int_equal(irqmod_ixgbe_config_preset(&config, IRQMOD_IXGBE_PRESET_IRQMOD,
						    10000), 0);
	assert_int_equal(config.max_interval_ns, 84000);
	assert_int_equal(config.initial_interval_ns, 50000);
	assert_int_equal(config.min_interval_ns, 10000);
	/* 1G: floor 840 us, clamped to 126 us. */
	assert_int_equal(irqmod_ixgbe_config_preset(&config, IRQMOD_IXGBE_PRESET_IRQMOD,
						    1000), 0);
	assert_int_equal(config.max_interval_ns, 126000);
	/* 25G: floor 32 us; the start interval is clamped to it. */
	assert_int_equal(irqmod_ixgbe_config_preset(&config, IRQMOD_IXGBE_PRESET_IRQMOD,
						    25000), 0);
	assert_int_equal(config.max_interval_ns, 32000);
	assert_int_equal(config.initial_interval_ns, 32000);
	/* 100G: floor 8 us, clamped up to the 10 us minimum. */
	assert_int_equal(irqmod_ixgbe_config_preset(&config, IRQMOD_IXGBE_PRESET_IRQMOD,
						    100000), 0);
	assert_int_equal(config.max_interval_ns, 10000);
	assert_int_equal(config.initial_interval_ns, 10000);
}

static void test_ixgbe_preset_invalid_arguments_are_rejected(void **unused)
{
	struct irqmod_intel_itr_config config = linux_config(10000);

	(void)unused;
	assert_int_equal(irqmod_ixgbe_config_preset(NULL, IRQMOD_IXGBE_PRESET_LINUX,
						    10000), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_ixgbe_config_preset(&config,
						    (enum irqmod_ixgbe_preset)2,
						    10000), -IRQMOD_EPRESET);
	assert_int_equal(irqmod_ixgbe_config_preset(&config, IRQMOD_IXGBE_PRESET_LINUX,
						    0), -IRQMOD_ELINK);
	assert_int_equal(irqmod_ixgbe_config_preset(&config, IRQMOD_IXGBE_PRESET_IRQMOD,
						    800001), -IRQMOD_ELINK);
	/* untouched on error */
	assert_int_equal(config.max_interval_ns, 126000);
}

static void expect_init_error(const struct irqmod_intel_itr_config *config, int error)
{
	struct irqmod_ixgbe state;

	state.interval_usecs = 77;
	state.config.link_speed_mbps = 77;
	assert_int_equal(irqmod_ixgbe_init(&state, config), error);
	assert_int_equal(state.interval_usecs, 77);
	assert_int_equal(state.config.link_speed_mbps, 77);
}

static void test_ixgbe_init_rejects_every_invalid_config(void **unused)
{
	const struct irqmod_intel_itr_config good = linux_config(10000);
	struct irqmod_ixgbe state;

	(void)unused;
	assert_int_equal(irqmod_ixgbe_init(NULL, &good), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_ixgbe_init(&state, NULL), -IRQMOD_EINVAL);
	/* Whole microseconds; ceiling 126 us, as 128 would reach the flag bit. */
	test_intel_itr_bad_configs(&good, 1000, IRQMOD_IXGBE_MAX_INTERVAL_NS,
				   IRQMOD_IXGBE_MAX_LINK_SPEED_MBPS, expect_init_error);
}

/* ---- runtime setters ---------------------------------------------------- */

static void test_ixgbe_set_max_interval_keeps_history(void **fixture)
{
	struct irqmod_ixgbe *state = *fixture;
	bool changed;

	update_rx(state, 0, 0, 0, NULL);
	assert_int_equal(update_rx(state, 100000, 256, 256 * 1514, NULL), 118000);
	/* Lower the ceiling to the 10G floor: no re-init, history kept. */
	assert_int_equal(irqmod_ixgbe_set_max_interval(state, 84000), 0);
	/* 60 packets: hold cur (118), clamped to 84: changed. Not stale. */
	assert_int_equal(update_rx(state, 200000, 60, 60 * 1514, &changed), 84000);
	assert_true(changed);
	/* Raise it again: the next +2 starts from 84. */
	assert_int_equal(irqmod_ixgbe_set_max_interval(state, 126000), 0);
	assert_int_equal(update_rx(state, 300000, 10, 10 * 1514, NULL), 86000);

	assert_int_equal(irqmod_ixgbe_set_max_interval(NULL, 84000), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_ixgbe_set_max_interval(state, 84500), -IRQMOD_ERANGE);
	assert_int_equal(irqmod_ixgbe_set_max_interval(state, 128000), -IRQMOD_ERANGE);
	assert_int_equal(irqmod_ixgbe_set_max_interval(state, 8000), -IRQMOD_EMINMAX);
	assert_int_equal(state->config.max_interval_ns, 126000);
}

static void test_ixgbe_lowered_max_also_caps_reset_start(void **fixture)
{
	struct irqmod_ixgbe *state = *fixture;

	assert_int_equal(irqmod_ixgbe_set_max_interval(state, 20000), 0);
	irqmod_ixgbe_reset(state);
	assert_int_equal(state->interval_usecs, 20);
}

static void test_ixgbe_set_link_speed_switches_scale_without_reinit(void **fixture)
{
	struct irqmod_ixgbe *state = *fixture;

	update_rx(state, 0, 0, 0, NULL);
	assert_int_equal(update_rx(state, 100000, 256, 256 * 64, NULL), 22000);
	assert_int_equal(irqmod_ixgbe_set_link_speed(state, 1000), 0);
	/* Not stale (history kept); 1G scale: 5280 / 128 -> 42 -> 84 us. */
	assert_int_equal(update_rx(state, 200000, 256, 256 * 64, NULL), 84000);
	/* 10 Mb/s uses the slow scale too, 100 Mb/s and 5 Gb/s the 10G one. */
	assert_int_equal(irqmod_ixgbe_set_link_speed(state, 10), 0);
	assert_int_equal(update_rx(state, 300000, 256, 256 * 60, NULL), 80000);
	assert_int_equal(irqmod_ixgbe_set_link_speed(state, 100), 0);
	assert_int_equal(update_rx(state, 400000, 256, 256 * 60, NULL), 20000);
	assert_int_equal(irqmod_ixgbe_set_link_speed(state, 5000), 0);
	assert_int_equal(update_rx(state, 500000, 256, 256 * 64, NULL), 22000);

	assert_int_equal(irqmod_ixgbe_set_link_speed(NULL, 1000), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_ixgbe_set_link_speed(state, 0), -IRQMOD_ELINK);
	assert_int_equal(irqmod_ixgbe_set_link_speed(state, 800001), -IRQMOD_ELINK);
	assert_int_equal(state->config.link_speed_mbps, 5000);
}

/* ---- odd inputs --------------------------------------------------------- */

static void test_ixgbe_step_and_min_are_parameters(void **unused)
{
	struct irqmod_intel_itr_config config = linux_config(10000);
	struct irqmod_ixgbe state;

	(void)unused;
	config.step_ns = 4000;
	config.min_interval_ns = 20000;
	assert_int_equal(irqmod_ixgbe_init(&state, &config), 0);
	assert_int_equal(update_rx(&state, 0, 0, 0, NULL), 20000); /* stale: min */
	assert_int_equal(update_rx(&state, 100000, 10, 1000, NULL), 24000); /* +4 */
	/* bulk 64 B: ceil(5280 / (4 * 256)) * 4 = 6 * 4 = 24 us. */
	assert_int_equal(update_rx(&state, 200000, 256, 256 * 64, NULL), 24000);
	/* halve: 24 >> 1 = 12 -> min 20. */
	assert_int_equal(update_rx(&state, 300000, 100, 100 * 64, NULL), 20000);
}

static void test_ixgbe_tiny_tick_counts_staleness_in_ns(void **unused)
{
	struct irqmod_intel_itr_config config = linux_config(10000);
	struct irqmod_ixgbe state;

	(void)unused;
	config.tick_ns = 1;
	assert_int_equal(irqmod_ixgbe_init(&state, &config), 0);
	update_rx(&state, 0, 0, 0, NULL);
	/* One ns later: +1 tick, fresh. Two ns later: stale. */
	assert_int_equal(update_rx(&state, 1, 256, 256 * 1514, NULL), 118000);
	assert_int_equal(update_rx(&state, 3, 256, 256 * 1514, NULL), 10000);
	/* The top of the u64 range: no overflow in the tick arithmetic. */
	assert_int_equal(update_rx(&state, UINT64_MAX - 1, 256, 256 * 1514, NULL), 10000);
	assert_int_equal(update_rx(&state, UINT64_MAX, 256, 256 * 1514, NULL), 118000);
	assert_int_equal(update_rx(&state, UINT64_MAX, 256, 256 * 64, NULL), 22000);
}

/* ---- closed-loop steady state ------------------------------------------- */

struct closed_loop_case {
	uint32_t preset;
	uint32_t frame_bytes;
	uint32_t rate_pps;
	uint32_t settled_usecs;
};

#define LINE_RATE_10G_PPS(frame) ((uint32_t)(10000000000ull / (((frame) + 24u) * 8u)))

/*
 * Closed loop at 10 Gb/s, RX only: a call completes
 *   packets = max(1, floor(rate * I)) frames, where I is the interval the
 *   controller chose last (an interrupt needs at least one frame), and the
 *   clock advances by max(I, 1 / rate). All gaps are <= 1 ms, so after the
 *   stale first call (10 us, latency) nothing is stale again.
 * Hand derivations (bulk/latency curve values in the vector header):
 *  64 B (lat 12, bulk 22; line rate 10e9 / 704 = 14,204,545 pps):
 *   1k/10k/100k: 1 frame per call (100k * 12 us = 1.2) -> latency 12.
 *   1M: p = I, +2 from 10 until p = 48 -> hold at 48.
 *   5M: at 10 us p = 50 -> hold at 10.
 *   line: at 10 us p = 142 -> halve -> floor 10: stays 10.
 *  512 B (lat 38, bulk 76; line 10e9 / 4288 = 2,332,089 pps):
 *   1k/10k: 1 frame -> 38. 100k: at 38 us p = 3 (1536 B) -> stays 38.
 *   1M: p = I -> hold at 48.
 *   line: p at 10, 12, .., 22 us = 23, 27, 32, 37, 41, 46, 51 -> hold 22.
 *  1514 B (lat 60; line 10e9 / 12304 = 812,743 pps):
 *   1k/10k: 1 frame -> 60.
 *   100k: at 60 us p = 6 (9084 B, not latency) -> +2 up to the ceiling
 *   (p = 12 at 126): Linux 126, irqmod preset 84.
 *   500k: p = I / 2 -> 48 at 96 us: Linux 96; irqmod stops at 84 (p 42).
 *   line: p = floor(0.8127 * I): 47 at 58, 48 at 60 -> hold 60.
 *  9000 B (line 10e9 / 72192 = 138,519 pps): 9000 B is never below the
 *   9000-byte latency limit, and p stays below 48 up to 126 us (p = 17 at
 *   line rate), so every rate climbs to the ceiling: 126 / 84.
 */
static const struct closed_loop_case closed_loop_cases[] = {
	{ IRQMOD_IXGBE_PRESET_LINUX, 64, 1000, 12 },
	{ IRQMOD_IXGBE_PRESET_LINUX, 64, 10000, 12 },
	{ IRQMOD_IXGBE_PRESET_LINUX, 64, 100000, 12 },
	{ IRQMOD_IXGBE_PRESET_LINUX, 64, 1000000, 48 },
	{ IRQMOD_IXGBE_PRESET_LINUX, 64, 5000000, 10 },
	{ IRQMOD_IXGBE_PRESET_LINUX, 64, LINE_RATE_10G_PPS(64), 10 },
	{ IRQMOD_IXGBE_PRESET_LINUX, 512, 1000, 38 },
	{ IRQMOD_IXGBE_PRESET_LINUX, 512, 10000, 38 },
	{ IRQMOD_IXGBE_PRESET_LINUX, 512, 100000, 38 },
	{ IRQMOD_IXGBE_PRESET_LINUX, 512, 1000000, 48 },
	{ IRQMOD_IXGBE_PRESET_LINUX, 512, LINE_RATE_10G_PPS(512), 22 },
	{ IRQMOD_IXGBE_PRESET_LINUX, 1514, 1000, 60 },
	{ IRQMOD_IXGBE_PRESET_LINUX, 1514, 10000, 60 },
	{ IRQMOD_IXGBE_PRESET_LINUX, 1514, 100000, 126 },
	{ IRQMOD_IXGBE_PRESET_LINUX, 1514, 500000, 96 },
	{ IRQMOD_IXGBE_PRESET_LINUX, 1514, LINE_RATE_10G_PPS(1514), 60 },
	{ IRQMOD_IXGBE_PRESET_LINUX, 9000, 1000, 126 },
	{ IRQMOD_IXGBE_PRESET_LINUX, 9000, 10000, 126 },
	{ IRQMOD_IXGBE_PRESET_LINUX, 9000, 100000, 126 },
	{ IRQMOD_IXGBE_PRESET_LINUX, 9000, LINE_RATE_10G_PPS(9000), 126 },
	{ IRQMOD_IXGBE_PRESET_IRQMOD, 64, 1000000, 48 },
	{ IRQMOD_IXGBE_PRESET_IRQMOD, 64, LINE_RATE_10G_PPS(64), 10 },
	{ IRQMOD_IXGBE_PRESET_IRQMOD, 512, LINE_RATE_10G_PPS(512), 22 },
	{ IRQMOD_IXGBE_PRESET_IRQMOD, 1514, 10000, 60 },
	{ IRQMOD_IXGBE_PRESET_IRQMOD, 1514, 100000, 84 },
	{ IRQMOD_IXGBE_PRESET_IRQMOD, 1514, 500000, 84 },
	{ IRQMOD_IXGBE_PRESET_IRQMOD, 1514, LINE_RATE_10G_PPS(1514), 60 },
	{ IRQMOD_IXGBE_PRESET_IRQMOD, 9000, 1000, 84 },
	{ IRQMOD_IXGBE_PRESET_IRQMOD, 9000, LINE_RATE_10G_PPS(9000), 84 },
};

#define CLOSED_LOOP_CALLS 2000u
#define CLOSED_LOOP_SETTLED_CALLS 100u

static void test_ixgbe_closed_loop_settles_where_derived(void **unused)
{
	size_t c;

	(void)unused;
	for (c = 0; c < sizeof(closed_loop_cases) / sizeof(closed_loop_cases[0]); c++) {
		const struct closed_loop_case *test = &closed_loop_cases[c];
		struct irqmod_intel_itr_config config;
		struct irqmod_ixgbe state;
		uint64_t now_ns = 0;
		uint32_t interval_ns, call;
		uint64_t gap_ns = 1000000000ull / test->rate_pps;

		assert_int_equal(irqmod_ixgbe_config_preset(&config,
			(enum irqmod_ixgbe_preset)test->preset, 10000), 0);
		config.tx_ring = false;
		assert_int_equal(irqmod_ixgbe_init(&state, &config), 0);
		interval_ns = config.initial_interval_ns;
		for (call = 0; call < CLOSED_LOOP_CALLS; call++) {
			uint64_t packets = (uint64_t)test->rate_pps * interval_ns /
					   1000000000ull;
			uint32_t next;

			if (packets == 0)
				packets = 1;
			now_ns += interval_ns > gap_ns ? interval_ns : gap_ns;
			next = update_rx(&state, now_ns, (uint32_t)packets,
					 packets * test->frame_bytes, NULL);
			assert_in_range(next, config.min_interval_ns,
					config.max_interval_ns);
			if (call >= CLOSED_LOOP_CALLS - CLOSED_LOOP_SETTLED_CALLS &&
			    next != test->settled_usecs * 1000u)
				print_error("case %zu (%u B, %u pps): call %u gave %u ns, want %u us\n",
					    c, test->frame_bytes, test->rate_pps,
					    call, next, test->settled_usecs);
			if (call >= CLOSED_LOOP_CALLS - CLOSED_LOOP_SETTLED_CALLS)
				assert_int_equal(next, test->settled_usecs * 1000u);
			interval_ns = next;
		}
	}
}

/* ---- property test with a reference transcription ---------------------- */

/*
 * A second, deliberately literal model of Linux ixgbe_update_itr() and
 * ixgbe_set_itr(): a u8 per container with the flag in bit 7, q_vector->itr
 * kept as usecs << 2, jiffies compared with time_after(), next_update set to
 * jiffies + 1 when the rings are added (at time 0). Written from the driver
 * source independently of lib/ixgbe.c, so both would have to be wrong the
 * same way for the comparison to pass.
 */
struct reference_container {
	uint8_t itr;
	uint64_t next_update;
	bool has_ring;
};

struct reference_vector {
	struct reference_container rx, tx;
	uint32_t itr; /* usecs << 2 */
	uint32_t link_speed_mbps;
};

static void reference_init(struct reference_vector *vector, uint32_t link_speed_mbps,
			   bool rx_ring, bool tx_ring)
{
	vector->rx.itr = 126 | 0x80;
	vector->tx.itr = 126 | 0x80;
	vector->rx.next_update = 1; /* ixgbe_add_ring at jiffies 0 */
	vector->tx.next_update = 1;
	vector->rx.has_ring = rx_ring;
	vector->tx.has_ring = tx_ring;
	vector->itr = 50 << 2;
	vector->link_speed_mbps = link_speed_mbps;
}

static void reference_update(struct reference_vector *vector,
			     struct reference_container *container,
			     uint64_t jiffies, uint32_t packets, uint32_t bytes)
{
	unsigned int itr = 10 | 0x80;
	unsigned int avg;

	if (!container->has_ring)
		return;
	if ((int64_t)(container->next_update - jiffies) < 0)
		goto clear;
	if (!packets) {
		itr = (vector->itr >> 2) + 2;
		if (itr > 126)
			itr = 126;
		itr += container->itr & 0x80;
		goto clear;
	}
	if (packets < 4 && bytes < 9000) {
		itr = 0x80;
		goto size;
	}
	if (packets < 48) {
		itr = (vector->itr >> 2) + 2;
		if (itr > 126)
			itr = 126;
		goto clear;
	}
	if (packets < 96) {
		itr = vector->itr >> 2;
		goto clear;
	}
	if (packets < 256) {
		itr = vector->itr >> 3;
		if (itr < 10)
			itr = 10;
		goto clear;
	}
	itr = 0;
size:
	avg = bytes / packets;
	if (avg <= 60)
		avg = 5120;
	else if (avg <= 316)
		avg = avg * 40 + 2720;
	else if (avg <= 1084)
		avg = avg * 15 + 11452;
	else if (avg < 1968)
		avg = avg * 5 + 22420;
	else
		avg = 32256;
	if (itr & 0x80)
		avg >>= 1;
	switch (vector->link_speed_mbps) {
	case 2500:
	case 1000:
	case 10:
		if (avg > 8064)
			avg = 8064;
		itr += (avg + 127) / 128 * 2;
		break;
	default:
		itr += (avg + 511) / 512 * 2;
		break;
	}
clear:
	container->itr = (uint8_t)itr;
	container->next_update = jiffies + 1;
}

static uint32_t reference_set_itr(struct reference_vector *vector, uint64_t now_ns,
				  const struct irqmod_sample *sample)
{
	uint64_t jiffies = now_ns / 1000000u;
	uint32_t new_itr;

	reference_update(vector, &vector->tx, jiffies, sample->tx_packets,
			 (uint32_t)sample->tx_bytes);
	reference_update(vector, &vector->rx, jiffies, sample->rx_packets,
			 (uint32_t)sample->rx_bytes);
	new_itr = vector->rx.itr < vector->tx.itr ? vector->rx.itr : vector->tx.itr;
	new_itr &= ~0x80u;
	new_itr <<= 2;
	if (new_itr != vector->itr)
		vector->itr = new_itr;
	return (vector->itr >> 2) * 1000u;
}

/* A packet count from every band, with the band edges weighted up. */
static uint32_t random_packets(uint64_t *seed)
{
	static const uint32_t edges[] = { 0, 1, 3, 4, 47, 48, 95, 96, 255, 256 };
	uint64_t r = test_xorshift64(seed);

	switch (r % 8) {
	case 0:
		return edges[(r >> 8) % TEST_ARRAY_SIZE(edges)];
	case 1:
		return (uint32_t)((r >> 8) % 4);
	case 2:
		return (uint32_t)((r >> 8) % 48);
	case 3:
		return (uint32_t)((r >> 8) % 256);
	default:
		return (uint32_t)((r >> 8) % 2048);
	}
}

/* A time step: mostly forward by < 1 ms, sometimes a stale gap, back, or hours. */
static uint64_t random_now(uint64_t *seed, uint64_t now_ns)
{
	uint64_t r = test_xorshift64(seed);

	switch (r % 16) {
	case 0:
		return now_ns + 2000000 + (r >> 8) % 5000000;
	case 1:
		return now_ns > 3000000 ? now_ns - (r >> 8) % 3000000 : now_ns;
	case 2:
		return now_ns + 3600ull * 1000000000ull;
	case 3:
		return now_ns;
	default:
		return now_ns + (r >> 8) % 400000;
	}
}

#define PROPERTY_STEPS 300000u
#define PROPERTY_SEED 0x1234567887654321ull

static const uint32_t property_link_speeds[] = { 10, 100, 1000, 2500, 5000, 10000 };

/* Runs the stream; returns a digest of every decision. Compares with the
 * reference when @compare (Linux preset, counts within u32). */
static uint64_t property_run(uint64_t seed, bool compare)
{
	uint64_t digest = 1469598103934665603ull;
	uint64_t now_ns = 2000000; /* first call >= 2 jiffies after setup */
	uint32_t previous_ns;
	struct irqmod_intel_itr_config config;
	struct irqmod_ixgbe state;
	struct reference_vector reference;
	uint32_t step, link = property_link_speeds[seed % 6];
	bool rx_ring = (seed >> 3) % 3 != 1, tx_ring = (seed >> 3) % 3 != 0;

	config = linux_config(link);
	config.rx_ring = rx_ring;
	config.tx_ring = tx_ring;
	assert_int_equal(irqmod_ixgbe_init(&state, &config), 0);
	reference_init(&reference, link, rx_ring, tx_ring);
	previous_ns = config.initial_interval_ns;
	for (step = 0; step < PROPERTY_STEPS; step++) {
		struct irqmod_sample sample = { 0 };
		struct irqmod_decision decision;
		uint32_t rx_size = (uint32_t)(test_xorshift64(&seed) % 10000);
		uint32_t tx_size = (uint32_t)(test_xorshift64(&seed) % 66000);

		now_ns = random_now(&seed, now_ns);
		sample.now_ns = now_ns;
		sample.rx_packets = random_packets(&seed);
		sample.tx_packets = random_packets(&seed);
		sample.rx_bytes = (uint64_t)sample.rx_packets * rx_size +
				  test_xorshift64(&seed) % 64;
		sample.tx_bytes = (uint64_t)sample.tx_packets * tx_size;
		irqmod_ixgbe_update(&state, &sample, &decision);
		assert_in_range(decision.rx_interval_ns, 10000, 126000);
		assert_int_equal(decision.rx_interval_ns % 1000, 0);
		assert_int_equal(decision.tx_interval_ns, decision.rx_interval_ns);
		assert_int_equal(decision.changed, decision.rx_interval_ns != previous_ns);
		if (compare) {
			uint32_t expected = reference_set_itr(&reference, now_ns, &sample);

			if (expected != decision.rx_interval_ns)
				print_error("step %u: reference %u, irqmod %u\n", step,
					    expected, decision.rx_interval_ns);
			assert_int_equal(decision.rx_interval_ns, expected);
		}
		previous_ns = decision.rx_interval_ns;
		digest = (digest ^ decision.rx_interval_ns ^
			  ((uint64_t)decision.changed << 32)) * 1099511628211ull;
	}
	return digest;
}

static void test_ixgbe_random_stream_matches_linux_reference_and_stays_in_bounds(void **unused)
{
	uint64_t seed;

	(void)unused;
	for (seed = PROPERTY_SEED; seed < PROPERTY_SEED + 12; seed++)
		property_run(seed, true);
}

static void test_ixgbe_random_stream_is_deterministic_for_a_seed(void **unused)
{
	(void)unused;
	assert_int_equal(property_run(PROPERTY_SEED, false), property_run(PROPERTY_SEED, false));
	assert_true(property_run(PROPERTY_SEED, false) !=
		    property_run(PROPERTY_SEED + 1, false));
}

static void test_ixgbe_extreme_samples_and_runtime_changes_stay_in_bounds(void **unused)
{
	uint64_t seed = PROPERTY_SEED;
	uint64_t now_ns = 0;
	struct irqmod_intel_itr_config config;
	struct irqmod_ixgbe state;
	uint32_t step;

	(void)unused;
	assert_int_equal(irqmod_ixgbe_config_preset(&config, IRQMOD_IXGBE_PRESET_IRQMOD,
						    10000), 0);
	assert_int_equal(irqmod_ixgbe_init(&state, &config), 0);
	for (step = 0; step < 100000; step++) {
		struct irqmod_sample sample;
		struct irqmod_decision decision;
		uint64_t r = test_xorshift64(&seed);

		if (r % 97 == 0)
			assert_int_equal(irqmod_ixgbe_set_max_interval(&state,
				(uint32_t)(10 + (r >> 8) % 117) * 1000u), 0);
		if (r % 89 == 0)
			assert_int_equal(irqmod_ixgbe_set_link_speed(&state,
				property_link_speeds[(r >> 16) % 6]), 0);
		now_ns = (r >> 20) % 5 == 0 ? test_xorshift64(&seed) : random_now(&seed, now_ns);
		sample.now_ns = now_ns;
		sample.rx_packets = (r >> 24) % 3 == 0 ? UINT32_MAX - (uint32_t)((r >> 30) % 3)
						      : random_packets(&seed);
		sample.tx_packets = random_packets(&seed);
		sample.rx_bytes = (r >> 32) % 3 == 0 ? UINT64_MAX - (r >> 40) % 3
						     : test_xorshift64(&seed);
		sample.tx_bytes = (r >> 36) % 2 == 0 ? 0 : test_xorshift64(&seed) >> (r % 64);
		sample.events = 0;
		sample.completions = 0;
		sample.flags = (uint32_t)r;
		irqmod_ixgbe_update(&state, &sample, &decision);
		assert_in_range(decision.rx_interval_ns, state.config.min_interval_ns,
				state.config.max_interval_ns);
	}
}

/* ---- generic dispatch --------------------------------------------------- */

static void test_ixgbe_generic_controller_uses_the_irqmod_preset(void **unused)
{
	struct irqmod_controller_config config;
	struct irqmod_controller controller;
	struct irqmod_sample sample = { .now_ns = 0 };
	struct irqmod_decision decision;

	(void)unused;
	assert_string_equal(irqmod_kind_name(IRQMOD_KIND_IXGBE), "ixgbe");
	assert_int_equal(irqmod_controller_default_config(&config, IRQMOD_KIND_IXGBE,
							  10000), 0);
	assert_int_equal(config.kind, IRQMOD_KIND_IXGBE);
	assert_int_equal(config.config.ixgbe_config.max_interval_ns, 84000);
	assert_int_equal(irqmod_controller_default_config(&config, IRQMOD_KIND_IXGBE,
							  900000), -IRQMOD_ELINK);
	assert_int_equal(irqmod_controller_default_config(&config, IRQMOD_KIND_IXGBE,
							  10000), 0);
	assert_int_equal(irqmod_controller_init(&controller, &config), 0);
	irqmod_controller_update(&controller, &sample, &decision);
	assert_int_equal(decision.rx_interval_ns, 10000);
	sample.now_ns = 100000;
	sample.rx_packets = 256;
	sample.rx_bytes = 256 * 1514;
	irqmod_controller_update(&controller, &sample, &decision);
	assert_int_equal(decision.rx_interval_ns, 84000); /* Linux: 118 */
	irqmod_controller_reset(&controller);
	irqmod_controller_update(&controller, &sample, &decision);
	assert_int_equal(decision.rx_interval_ns, 10000); /* stale again */
	config.config.ixgbe_config.step_ns = 0;
	assert_int_equal(irqmod_controller_init(&controller, &config), -IRQMOD_ESTEP);
}

/*
 * The same class of bug as i40e's wrap at 8160 us (issue 11, section 6): the
 * container keeps usecs in a u8 and the mode flag sits in bit 7, so with the
 * largest step (126 us) at the ceiling (126 us) the +step and no-packets
 * paths compute 252 us. That must stop at the ceiling, never wrap into the
 * flag bit or below it.
 */
static void test_ixgbe_increase_at_the_u8_limit_stops_at_the_ceiling(void **unused)
{
	struct irqmod_intel_itr_config config = linux_config(10000);
	struct irqmod_ixgbe state;
	unsigned int call;

	(void)unused;
	config.step_ns = IRQMOD_IXGBE_MAX_INTERVAL_NS;
	config.initial_interval_ns = IRQMOD_IXGBE_MAX_INTERVAL_NS;
	assert_int_equal(irqmod_ixgbe_init(&state, &config), 0);
	/* First call stale (10 us), then 10 + 126 capped at 126, then held there. */
	assert_int_equal(update_rx(&state, 100000, 10, 15000, NULL), 10000);
	for (call = 2; call <= 20; call++) {
		/* 10 packets: the +step band; every other call no packets at all. */
		uint32_t packets = call % 2 ? 0u : 10u;

		assert_int_equal(update_rx(&state, 100000u * call, packets,
					   15000u * packets / 10u, NULL),
				 IRQMOD_IXGBE_MAX_INTERVAL_NS);
		assert_int_equal(state.rx.itr & ~IRQMOD_IXGBE_LATENCY, 126);
		assert_int_equal(state.interval_usecs, 126);
	}
}

/*
 * Both size paths clamp into [min, max] on each ring container, of a vector
 * with one ring (the out-of-line path) and with both (the usual one). With
 * min 30 us and max 60 us at 10 Gb/s (curve / 512, times 2 us): latency
 * mode, 1 x 60 B gives 10 us (raised to 30), 3 x 2000 B gives 64 us (capped
 * at 60), 3 x 1000 B gives 52 us; bulk mode (300 packets), 60 B gives 20 us
 * (raised to 30), 1500 B gives 118 us (capped at 60), 316 B gives 60 us.
 */
static void test_ixgbe_size_paths_clamp_into_min_max_on_each_ring_and_both(void **unused)
{
	static const struct {
		uint32_t packets;
		uint32_t bytes_per_packet;
		uint32_t usecs;
		bool latency;
	} cases[] = {
		{ 1, 60, 30, true }, { 3, 2000, 60, true }, { 3, 1000, 52, true },
		{ 300, 60, 30, false }, { 300, 1500, 60, false }, { 300, 316, 60, false },
	};
	struct irqmod_intel_itr_config config = linux_config(10000);
	unsigned int i, ring;

	(void)unused;
	config.min_interval_ns = 30000;
	config.max_interval_ns = 60000;
	config.initial_interval_ns = 30000;
	/* ring 0: RX alone, 1: TX alone, 2: both, with the same counts each. */
	for (ring = 0; ring < 3; ring++) {
		for (i = 0; i < TEST_ARRAY_SIZE(cases); i++) {
			struct irqmod_ixgbe state;
			struct irqmod_sample sample = { .now_ns = 1000 };
			struct irqmod_decision decision;
			uint64_t bytes = (uint64_t)cases[i].packets * cases[i].bytes_per_packet;
			uint32_t expected = cases[i].usecs |
					    (cases[i].latency ? IRQMOD_IXGBE_LATENCY : 0u);

			config.rx_ring = ring != 1;
			config.tx_ring = ring != 0;
			assert_int_equal(irqmod_ixgbe_init(&state, &config), 0);
			irqmod_ixgbe_update(&state, &sample, &decision); /* first: stale */
			sample.now_ns = 2000;
			if (config.rx_ring) {
				sample.rx_packets = cases[i].packets;
				sample.rx_bytes = bytes;
			}
			if (config.tx_ring) {
				sample.tx_packets = cases[i].packets;
				sample.tx_bytes = bytes;
			}
			irqmod_ixgbe_update(&state, &sample, &decision);
			if (config.rx_ring)
				assert_int_equal(state.rx.itr, expected);
			if (config.tx_ring)
				assert_int_equal(state.tx.itr, expected);
			assert_int_equal(decision.rx_interval_ns, cases[i].usecs * 1000u);
		}
	}
}

/*
 * A step that is not a power of two rounds with a division, as Linux's
 * DIV_ROUND_UP(value, MIN_INC * 256) * MIN_INC does for any MIN_INC. Step
 * 6 us at 10 Gb/s: latency 3 x 1000 B: (15 * 1000 + 11452) / 2 = 13226,
 * ceil(13226 / 1536) = 9, so 54 us; bulk 300 x 200 B: 40 * 200 + 2720 =
 * 10720, ceil(10720 / 1536) = 7, so 42 us.
 */
static void test_ixgbe_step_that_is_not_a_power_of_two_rounds_like_linux(void **unused)
{
	struct irqmod_intel_itr_config config = linux_config(10000);
	struct irqmod_ixgbe state;
	unsigned int ring;

	(void)unused;
	config.step_ns = 6000;
	for (ring = 0; ring < 2; ring++) {
		struct irqmod_sample latency = { .now_ns = 2000 }, bulk = { .now_ns = 3000 };
		struct irqmod_decision decision;
		const struct irqmod_ixgbe_container *container = ring ? &state.tx : &state.rx;

		config.rx_ring = ring == 0;
		config.tx_ring = ring == 1;
		if (ring) {
			latency.tx_packets = 3;
			latency.tx_bytes = 3000;
			bulk.tx_packets = 300;
			bulk.tx_bytes = 300 * 200;
		} else {
			latency.rx_packets = 3;
			latency.rx_bytes = 3000;
			bulk.rx_packets = 300;
			bulk.rx_bytes = 300 * 200;
		}
		assert_int_equal(irqmod_ixgbe_init(&state, &config), 0);
		irqmod_ixgbe_update(&state, &latency, &decision); /* first: stale */
		latency.now_ns = 2500;
		irqmod_ixgbe_update(&state, &latency, &decision);
		assert_int_equal(container->itr, 54 | IRQMOD_IXGBE_LATENCY);
		irqmod_ixgbe_update(&state, &bulk, &decision);
		assert_int_equal(container->itr, 42);
		assert_int_equal(decision.rx_interval_ns, 42000);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ixgbe_worked_vectors_match_hand_derivation),
		cmocka_unit_test_setup_teardown(test_ixgbe_issue_examples_64_1500_1968_bytes_give_22_118_126_usecs,
						ixgbe_linux_10g_setup, ixgbe_teardown),
		cmocka_unit_test_setup_teardown(test_ixgbe_first_call_is_stale_whatever_the_counts,
						ixgbe_linux_10g_setup, ixgbe_teardown),
		cmocka_unit_test(test_ixgbe_first_call_reports_unchanged_when_initial_is_min),
		cmocka_unit_test(test_ixgbe_reset_keeps_config_and_restarts_stale),
		cmocka_unit_test(test_ixgbe_linux_preset_is_the_driver_constants),
		cmocka_unit_test(test_ixgbe_irqmod_preset_ceiling_is_the_socket_buffer_floor),
		cmocka_unit_test(test_ixgbe_preset_invalid_arguments_are_rejected),
		cmocka_unit_test(test_ixgbe_init_rejects_every_invalid_config),
		cmocka_unit_test_setup_teardown(test_ixgbe_set_max_interval_keeps_history,
						ixgbe_linux_10g_setup, ixgbe_teardown),
		cmocka_unit_test_setup_teardown(test_ixgbe_lowered_max_also_caps_reset_start,
						ixgbe_linux_10g_setup, ixgbe_teardown),
		cmocka_unit_test_setup_teardown(test_ixgbe_set_link_speed_switches_scale_without_reinit,
						ixgbe_linux_10g_setup, ixgbe_teardown),
		cmocka_unit_test(test_ixgbe_step_and_min_are_parameters),
		cmocka_unit_test(test_ixgbe_tiny_tick_counts_staleness_in_ns),
		cmocka_unit_test(test_ixgbe_closed_loop_settles_where_derived),
		cmocka_unit_test(test_ixgbe_random_stream_matches_linux_reference_and_stays_in_bounds),
		cmocka_unit_test(test_ixgbe_random_stream_is_deterministic_for_a_seed),
		cmocka_unit_test(test_ixgbe_extreme_samples_and_runtime_changes_stay_in_bounds),
		cmocka_unit_test(test_ixgbe_generic_controller_uses_the_irqmod_preset),
		cmocka_unit_test(test_ixgbe_increase_at_the_u8_limit_stops_at_the_ceiling),
		cmocka_unit_test(test_ixgbe_size_paths_clamp_into_min_max_on_each_ring_and_both),
		cmocka_unit_test(test_ixgbe_step_that_is_not_a_power_of_two_rounds_like_linux),
	};

	return cmocka_run_group_tests_name("ixgbe", tests, NULL, NULL);
}
