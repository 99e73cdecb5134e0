/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Net DIM (Linux lib/dim/net_dim.c) and its ice preset. Expected values are
 * derived by hand from the published algorithm; the derivations are in the
 * comments here and in tests/vectors/dim_vectors.h.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "irqmod/controller.h"
#include "irqmod/dim.h"
#include "vector_test_util.h"
#include "vectors/dim_run.h"
#include "support.h"

/* The layout is part of the API: drivers embed one per queue. */
_Static_assert(sizeof(struct irqmod_dim) <= 64, "net DIM state exceeds 64 bytes");
_Static_assert(sizeof(struct irqmod_dim_walk) == 5, "walk is five u8");
#if UINTPTR_MAX == UINT64_MAX
_Static_assert(sizeof(struct irqmod_dim) == 64, "LP64 net DIM state is 64 bytes");
_Static_assert(offsetof(struct irqmod_dim, start_ns) == 8, "layout");
_Static_assert(offsetof(struct irqmod_dim, packets) == 16, "layout");
_Static_assert(offsetof(struct irqmod_dim, prev_packets_per_ms) == 32, "layout");
_Static_assert(offsetof(struct irqmod_dim, events) == 44, "layout");
_Static_assert(offsetof(struct irqmod_dim, levels) == 48, "layout");
_Static_assert(offsetof(struct irqmod_dim, walk) == 52, "layout");
#endif

/* A 3-level user table with distinct entries (like ethtool -C rx-profile). */
static const struct irqmod_dim_profile user_table[] = {
	{ .interval_usecs = 10, .frames = 32 },
	{ .interval_usecs = 20, .frames = 64 },
	{ .interval_usecs = 40, .frames = 128, .rate_limit_usecs = 5 },
};

static void default_config(struct irqmod_dim_config *config, uint32_t table)
{
	assert_int_equal(irqmod_dim_default_config(config, table), 0);
}

static struct irqmod_sample rx_sample(uint64_t now_ns, uint32_t events,
				      uint32_t packets, uint64_t bytes)
{
	struct irqmod_sample sample = { 0 };

	sample.now_ns = now_ns;
	sample.events = events;
	sample.rx_packets = packets;
	sample.rx_bytes = bytes;
	return sample;
}

/*
 * The fixture of the tests that walk up from the bottom: DIM on the RX EQE
 * table started at level 0 instead of its default, right after init, in
 * *fixture.
 */
static int dim_rx_eqe_from_level_zero_setup(void **fixture)
{
	struct irqmod_dim *state = test_malloc(sizeof(*state));
	struct irqmod_dim_config config;

	assert_non_null(state);
	default_config(&config, IRQMOD_DIM_TABLE_RX_EQE);
	config.start_level = 0;
	assert_int_equal(irqmod_dim_init(state, &config), 0);
	*fixture = state;
	return 0;
}

static int dim_teardown(void **fixture)
{
	test_free(*fixture);
	return 0;
}

static void test_dim_init_null_pointers_are_rejected(void **unused)
{
	struct irqmod_dim state;
	struct irqmod_dim_config config;

	(void)unused;
	default_config(&config, IRQMOD_DIM_TABLE_RX_EQE);
	assert_int_equal(irqmod_dim_init(NULL, &config), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_dim_init(&state, NULL), -IRQMOD_EINVAL);
}

static void test_dim_init_bad_table_is_rejected_and_state_untouched(void **unused)
{
	struct irqmod_dim state, untouched;
	struct irqmod_dim_config config;
	struct irqmod_dim_profile big[2] = { { .interval_usecs = 8 },
					     { .interval_usecs = 8 } };
	struct irqmod_dim_profile many[IRQMOD_DIM_MAX_LEVELS + 1];

	(void)unused;
	memset(&state, 0xA5, sizeof(state));
	untouched = state;
	memset(many, 0, sizeof(many));

	default_config(&config, IRQMOD_DIM_TABLE_RX_EQE);
	config.profiles = NULL;
	assert_int_equal(irqmod_dim_init(&state, &config), -IRQMOD_ETABLE);

	default_config(&config, IRQMOD_DIM_TABLE_RX_EQE);
	config.levels = 0;
	assert_int_equal(irqmod_dim_init(&state, &config), -IRQMOD_ETABLE);

	config.profiles = many;
	config.levels = IRQMOD_DIM_MAX_LEVELS + 1;
	config.start_level = 0;
	assert_int_equal(irqmod_dim_init(&state, &config), -IRQMOD_ETABLE);
	config.levels = IRQMOD_DIM_MAX_LEVELS; /* the bound itself is fine */
	assert_int_equal(irqmod_dim_init(&untouched, &config), 0);
	memset(&untouched, 0xA5, sizeof(untouched));

	config.profiles = big;
	config.levels = 2;
	big[1].interval_usecs = IRQMOD_DIM_MAX_USECS + 1;
	assert_int_equal(irqmod_dim_init(&state, &config), -IRQMOD_ETABLE);
	big[1].interval_usecs = 8;
	big[0].rate_limit_usecs = IRQMOD_DIM_MAX_USECS + 1;
	assert_int_equal(irqmod_dim_init(&state, &config), -IRQMOD_ETABLE);

	assert_memory_equal(&state, &untouched, sizeof(state));
}

static void test_dim_init_start_level_beyond_table_is_out_of_range(void **unused)
{
	struct irqmod_dim state, untouched;
	struct irqmod_dim_config config;

	(void)unused;
	memset(&state, 0x5A, sizeof(state));
	untouched = state;
	default_config(&config, IRQMOD_DIM_TABLE_RX_EQE);
	config.start_level = IRQMOD_DIM_DEFAULT_LEVELS;
	assert_int_equal(irqmod_dim_init(&state, &config), -IRQMOD_ERANGE);
	assert_memory_equal(&state, &untouched, sizeof(state));
	config.start_level = IRQMOD_DIM_DEFAULT_LEVELS - 1;
	assert_int_equal(irqmod_dim_init(&state, &config), 0);
}

static void test_dim_init_unknown_direction_is_invalid(void **unused)
{
	struct irqmod_dim state, untouched;
	struct irqmod_dim_config config;

	(void)unused;
	memset(&state, 0x3C, sizeof(state));
	untouched = state;
	default_config(&config, IRQMOD_DIM_TABLE_RX_EQE);
	config.direction = 2;
	assert_int_equal(irqmod_dim_init(&state, &config), -IRQMOD_EINVAL);
	assert_memory_equal(&state, &untouched, sizeof(state));
}

static void test_dim_default_config_errors(void **unused)
{
	struct irqmod_dim_config config;
	uint32_t levels = 99;

	(void)unused;
	assert_int_equal(irqmod_dim_default_config(NULL, IRQMOD_DIM_TABLE_RX_EQE),
			 -IRQMOD_EINVAL);
	assert_int_equal(irqmod_dim_default_config(&config, IRQMOD_DIM_TABLE_COUNT),
			 -IRQMOD_ETABLE);
	assert_null(irqmod_dim_table(IRQMOD_DIM_TABLE_COUNT, &levels));
	assert_int_equal(levels, 0);
	assert_non_null(irqmod_dim_table(IRQMOD_DIM_TABLE_RX_EQE, NULL));
}

/* Linux lib/dim/net_dim.c NET_DIM_{RX,TX}_{EQE,CQE}_PROFILES, (usec, pkts). */
static void test_dim_default_tables_match_linux(void **unused)
{
	static const uint32_t expected[4][5][2] = {
		{ { 1, 256 }, { 8, 256 }, { 64, 256 }, { 128, 256 }, { 256, 256 } },
		{ { 2, 256 }, { 8, 128 }, { 16, 64 }, { 32, 64 }, { 64, 64 } },
		{ { 1, 128 }, { 8, 128 }, { 32, 128 }, { 64, 128 }, { 128, 128 } },
		{ { 5, 128 }, { 8, 64 }, { 16, 32 }, { 32, 32 }, { 64, 32 } },
	};
	static const uint32_t tables[4] = { IRQMOD_DIM_TABLE_RX_EQE, IRQMOD_DIM_TABLE_RX_CQE,
					    IRQMOD_DIM_TABLE_TX_EQE, IRQMOD_DIM_TABLE_TX_CQE };
	static const uint32_t directions[4] = { IRQMOD_DIM_DIRECTION_RX, IRQMOD_DIM_DIRECTION_RX,
						IRQMOD_DIM_DIRECTION_TX, IRQMOD_DIM_DIRECTION_TX };
	struct irqmod_dim_config config;
	uint32_t t, i;

	(void)unused;
	for (t = 0; t < 4; t++) {
		default_config(&config, tables[t]);
		assert_int_equal(config.levels, 5);
		assert_int_equal(config.start_level, 1); /* NET_DIM_DEF_PROFILE_* */
		assert_int_equal(config.direction, directions[t]);
		for (i = 0; i < 5; i++) {
			assert_int_equal(config.profiles[i].interval_usecs, expected[t][i][0]);
			assert_int_equal(config.profiles[i].frames, expected[t][i][1]);
			assert_int_equal(config.profiles[i].rate_limit_usecs, 0);
		}
	}
}

/*
 * ice_main.c rx_profile {2, 8, 16, 62, 126} and tx_profile {2, 8, 40, 128,
 * 256} us, INTRL 4 us (ice_set_q_vector_intrl) and no frame limit; the 2021
 * tables paired ITR with INTRL: RX {2,10} {8,16} {32,0} {96,0} {128,0}, TX
 * {2,10} {8,16} {64,0} {128,0} {256,0}.
 */
static void test_dim_ice_tables_match_ice(void **unused)
{
	static const uint32_t rx[5] = { 2, 8, 16, 62, 126 };
	static const uint32_t tx[5] = { 2, 8, 40, 128, 256 };
	static const uint32_t rx_2021[5][2] = { { 2, 10 }, { 8, 16 }, { 32, 0 }, { 96, 0 }, { 128, 0 } };
	static const uint32_t tx_2021[5][2] = { { 2, 10 }, { 8, 16 }, { 64, 0 }, { 128, 0 }, { 256, 0 } };
	const struct irqmod_dim_profile *p;
	uint32_t levels, i;

	(void)unused;
	p = irqmod_dim_table(IRQMOD_DIM_TABLE_ICE_RX, &levels);
	assert_int_equal(levels, 5);
	for (i = 0; i < 5; i++) {
		assert_int_equal(p[i].interval_usecs, rx[i]);
		assert_int_equal(p[i].rate_limit_usecs, 4);
		assert_int_equal(p[i].frames, 0);
	}
	p = irqmod_dim_table(IRQMOD_DIM_TABLE_ICE_TX, &levels);
	assert_int_equal(levels, 5);
	for (i = 0; i < 5; i++) {
		assert_int_equal(p[i].interval_usecs, tx[i]);
		assert_int_equal(p[i].rate_limit_usecs, 4);
	}
	p = irqmod_dim_table(IRQMOD_DIM_TABLE_ICE_2021_RX, &levels);
	assert_int_equal(levels, 5);
	for (i = 0; i < 5; i++) {
		assert_int_equal(p[i].interval_usecs, rx_2021[i][0]);
		assert_int_equal(p[i].rate_limit_usecs, rx_2021[i][1]);
	}
	p = irqmod_dim_table(IRQMOD_DIM_TABLE_ICE_2021_TX, &levels);
	assert_int_equal(levels, 5);
	for (i = 0; i < 5; i++) {
		assert_int_equal(p[i].interval_usecs, tx_2021[i][0]);
		assert_int_equal(p[i].rate_limit_usecs, tx_2021[i][1]);
	}
}

/*
 * ice preset: start at level 1 = 8 us ITR, 4 us INTRL (4000 ns), no frames.
 * The first window with traffic goes left (level 1 != 0): 2 us, still 4 us
 * INTRL.
 */
static void test_dim_ice_preset_decision_carries_rate_limit(void **unused)
{
	struct irqmod_dim state;
	struct irqmod_dim_config config;
	struct irqmod_decision decision;
	struct irqmod_sample sample;

	(void)unused;
	default_config(&config, IRQMOD_DIM_TABLE_ICE_RX);
	assert_int_equal(irqmod_dim_init(&state, &config), 0);
	sample = rx_sample(IRQMOD_DIM_MS(1), 64, 0, 0);
	irqmod_dim_update(&state, &sample, &decision);
	assert_int_equal(decision.rx_interval_ns, 8000);
	assert_int_equal(decision.tx_interval_ns, 8000);
	assert_int_equal(decision.rate_limit_ns, 4000);
	assert_int_equal(decision.frames, 0);
	assert_false(decision.changed);
	sample = rx_sample(IRQMOD_DIM_MS(2), 64, 10, 15000);
	irqmod_dim_update(&state, &sample, &decision);
	assert_int_equal(decision.rx_interval_ns, 2000);
	assert_int_equal(decision.rate_limit_ns, 4000);
	assert_true(decision.changed);
}

/* Decision of the default RX EQE config right after init: level 1 = (8 us, 256). */
static void test_dim_first_call_returns_start_profile_unchanged(void **unused)
{
	struct irqmod_dim state;
	struct irqmod_dim_config config;
	struct irqmod_decision decision;
	struct irqmod_sample sample = rx_sample(IRQMOD_DIM_MS(5), 0, 3, 4500);

	(void)unused;
	default_config(&config, IRQMOD_DIM_TABLE_RX_EQE);
	assert_int_equal(irqmod_dim_init(&state, &config), 0);
	irqmod_dim_update(&state, &sample, &decision);
	assert_int_equal(decision.rx_interval_ns, 8000);
	assert_int_equal(decision.tx_interval_ns, 8000);
	assert_int_equal(decision.frames, 256);
	assert_int_equal(decision.rate_limit_ns, 0);
	assert_int_equal(decision.poll_delay_ns, 0);
	assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
	assert_false(decision.changed);
	assert_int_equal(state.measure_state, IRQMOD_DIM_MEASURING);
	assert_int_equal(state.events, 1); /* events 0 counts as 1 */
}

static void test_dim_worked_vectors_give_expected_levels(void **unused)
{
	/* tests/vectors/dim_run.h: the runner the kernel self-test uses too. */
	size_t i, net = 0, failures = 0;

	(void)unused;
	for (i = 0; i < sizeof(irqmod_dim_vectors) / sizeof(irqmod_dim_vectors[0]); i++) {
		struct irqmod_vector_result result;

		if (irqmod_dim_vectors[i].rdma)
			continue;
		if (!irqmod_dim_vector_run(&irqmod_dim_vectors[i], &result)) {
			test_vector_print_failure("dim", irqmod_dim_vectors[i].name, &result);
			failures++;
		}
		net++;
	}
	assert_int_equal(failures, 0);
	assert_int_equal(net, 13);
}

/* The first window exits parking going right from level 0 (vector climb, c1). */
static void test_dim_first_window_from_level_zero_goes_right(void **fixture)
{
	struct irqmod_dim *state = *fixture;
	struct irqmod_decision decision;
	struct irqmod_sample sample;

	assert_int_equal(state->walk.tune_state, IRQMOD_DIM_PARKING_ON_TOP);
	sample = rx_sample(IRQMOD_DIM_MS(1), 64, 0, 0);
	irqmod_dim_update(state, &sample, &decision);
	sample = rx_sample(IRQMOD_DIM_MS(2), 64, 10, 10000);
	irqmod_dim_update(state, &sample, &decision);
	assert_int_equal(state->walk.tune_state, IRQMOD_DIM_GOING_RIGHT);
	assert_int_equal(state->walk.level, 1);
	assert_int_equal(state->walk.steps_right, 1);
	assert_int_equal(state->walk.tired, 1);
	assert_int_equal(state->prev_bytes_per_ms, 10000);
	assert_int_equal(state->prev_packets_per_ms, 10);
	assert_int_equal(state->prev_events_per_ms, 64);
	/* the work item has "run": the next call only opens the window */
	assert_int_equal(state->measure_state, IRQMOD_DIM_START_MEASURE);
	assert_int_equal(decision.rx_interval_ns, 8000);
	assert_true(decision.changed);
}

/* In the tired vector, window c21 parks tired with tired = 10 = 2 x 5. */
static void test_dim_tired_park_holds_counter_at_twice_levels(void **fixture)
{
	struct irqmod_dim *state = *fixture;
	const struct irqmod_dim_vector_step *steps = irqmod_dim_vector_tired;
	uint32_t i;

	for (i = 0; i <= 21; i++) {
		struct irqmod_sample sample = rx_sample(steps[i].now_ns, 64, 10, 10000);
		struct irqmod_decision decision;

		irqmod_dim_update(state, &sample, &decision);
	}
	assert_int_equal(state->walk.tune_state, IRQMOD_DIM_PARKING_TIRED);
	assert_int_equal(state->walk.tired, 10);
	assert_int_equal(state->walk.steps_left, 0);
	assert_int_equal(state->walk.steps_right, 0);
	assert_int_equal(state->measure_state, IRQMOD_DIM_MEASURING);
}

/*
 * TX direction counts only the tx_* fields. TX EQE starts at level 1: a
 * window with RX traffic only has bpms 0 against a 0 reference: SAME, stay
 * parked at 1. A window with TX traffic is BETTER: exit going left to 0.
 */
static void test_dim_tx_direction_counts_tx_fields_only(void **unused)
{
	struct irqmod_dim state;
	struct irqmod_dim_config config;
	struct irqmod_decision decision;
	struct irqmod_sample sample;

	(void)unused;
	default_config(&config, IRQMOD_DIM_TABLE_TX_EQE);
	assert_int_equal(irqmod_dim_init(&state, &config), 0);
	sample = rx_sample(IRQMOD_DIM_MS(1), 64, 10, 10000);
	irqmod_dim_update(&state, &sample, &decision);
	sample = rx_sample(IRQMOD_DIM_MS(2), 64, 10, 10000);
	irqmod_dim_update(&state, &sample, &decision);
	assert_int_equal(state.walk.level, 1);
	assert_int_equal(decision.tx_interval_ns, 8000);
	assert_int_equal(decision.frames, 128);
	sample = rx_sample(IRQMOD_DIM_MS(3), 64, 0, 0);
	sample.tx_packets = 10;
	sample.tx_bytes = 10000;
	irqmod_dim_update(&state, &sample, &decision);
	assert_int_equal(state.walk.level, 0);
	assert_int_equal(decision.tx_interval_ns, 1000);
	assert_true(decision.changed);
}

/*
 * A u64 byte delta keeps only its low 32 bits, as Linux's u32 byte_ctr
 * does: 2^32 + 1050 bytes count as 1050, +5 % on 1000: SAME -> turn: L0
 * (byte-wrap vector with the wrap inside one call).
 */
static void test_dim_byte_delta_above_u32_is_taken_mod_2_32(void **fixture)
{
	struct irqmod_dim *state = *fixture;
	struct irqmod_decision decision;
	struct irqmod_sample sample;

	sample = rx_sample(IRQMOD_DIM_MS(1), 64, 0, 0);
	irqmod_dim_update(state, &sample, &decision);
	sample = rx_sample(IRQMOD_DIM_MS(2), 64, 1, 1000);
	irqmod_dim_update(state, &sample, &decision);
	sample = rx_sample(IRQMOD_DIM_MS(3), 64, 1, 0);
	irqmod_dim_update(state, &sample, &decision);
	assert_int_equal(state->walk.level, 1);
	sample = rx_sample(IRQMOD_DIM_MS(4), 64, 1, (1ull << 32) + 1050u);
	irqmod_dim_update(state, &sample, &decision);
	assert_int_equal(state->walk.level, 0);
}

/*
 * Time: a window exactly 2^32 us long reads as 0 us (Linux's u32 delta_us)
 * and stays open; time stepping back gives Linux's wrapped u32 delta
 * (5 ms back: 2^32 - 5000 us), so the window closes with tiny rates:
 * bpms = ceil(1000 * 1000 / 4294962296) = 1 > 0 reference: BETTER.
 */
static void test_dim_time_wrap_and_backwards_follow_linux_arithmetic(void **unused)
{
	struct irqmod_dim state;
	struct irqmod_dim_config config;
	struct irqmod_decision decision;
	struct irqmod_sample sample;
	uint64_t start = IRQMOD_DIM_MS(10);

	(void)unused;
	default_config(&config, IRQMOD_DIM_TABLE_RX_EQE);
	config.start_level = 0;
	assert_int_equal(irqmod_dim_init(&state, &config), 0);
	sample = rx_sample(start, 64, 0, 0);
	irqmod_dim_update(&state, &sample, &decision);
	sample = rx_sample(start + (1ull << 32) * 1000u, 64, 1, 1000);
	irqmod_dim_update(&state, &sample, &decision);
	assert_int_equal(state.walk.level, 0);
	assert_int_equal(state.measure_state, IRQMOD_DIM_MEASURING);
	assert_int_equal(state.start_ns, start);

	assert_int_equal(irqmod_dim_init(&state, &config), 0);
	sample = rx_sample(start, 64, 0, 0);
	irqmod_dim_update(&state, &sample, &decision);
	sample = rx_sample(start - IRQMOD_DIM_MS(5), 64, 1, 1000);
	irqmod_dim_update(&state, &sample, &decision);
	assert_int_equal(state.walk.level, 1);
	assert_int_equal(state.prev_bytes_per_ms, 1);
	assert_int_equal(state.prev_events_per_ms, 1);
}

/* Reset keeps the config, returns to the start level, parked, measuring anew. */
static void test_dim_reset_returns_to_start_level(void **unused)
{
	struct irqmod_dim state;
	struct irqmod_dim_config config;
	struct irqmod_decision decision;
	struct irqmod_sample sample;
	uint32_t i;

	(void)unused;
	config.profiles = user_table;
	config.levels = 3;
	config.start_level = 2;
	config.direction = IRQMOD_DIM_DIRECTION_RX;
	assert_int_equal(irqmod_dim_init(&state, &config), 0);
	for (i = 1; i < 4; i++) {
		sample = rx_sample(IRQMOD_DIM_MS(i), 64, 10, 10000);
		irqmod_dim_update(&state, &sample, &decision);
	}
	assert_int_not_equal(state.walk.level, 2);
	irqmod_dim_reset(&state);
	assert_int_equal(state.walk.level, 2);
	assert_int_equal(state.walk.tune_state, IRQMOD_DIM_PARKING_ON_TOP);
	assert_int_equal(state.prev_bytes_per_ms, 0);
	assert_int_equal(state.measure_state, IRQMOD_DIM_START_MEASURE);
	assert_ptr_equal(state.profiles, user_table);
	sample = rx_sample(IRQMOD_DIM_MS(9), 64, 10, 10000);
	irqmod_dim_update(&state, &sample, &decision);
	assert_int_equal(decision.rx_interval_ns, 40000);
	assert_int_equal(decision.rate_limit_ns, 5000);
	assert_int_equal(decision.frames, 128);
	assert_false(decision.changed);
}

/* A one-level table: every exit from parking hits the edge; always level 0. */
static void test_dim_single_level_table_always_answers_it(void **unused)
{
	static const struct irqmod_dim_profile one[] = { { .interval_usecs = 33, .frames = 7 } };
	struct irqmod_dim_config config = { one, 1, 0, IRQMOD_DIM_DIRECTION_RX };
	struct irqmod_dim state;
	uint32_t i;

	(void)unused;
	assert_int_equal(irqmod_dim_init(&state, &config), 0);
	for (i = 1; i < 200; i++) {
		struct irqmod_sample sample = rx_sample(IRQMOD_DIM_MS(i), 64, i, 1000u * i);
		struct irqmod_decision decision;

		irqmod_dim_update(&state, &sample, &decision);
		assert_int_equal(state.walk.level, 0);
		assert_int_equal(decision.rx_interval_ns, 33000);
		assert_false(decision.changed);
	}
}

/*
 * Any stream (time jumping, standing still, going back; huge and zero
 * counts): the answer is always the entry of the current level, levels
 * stay in range, tired never exceeds 2 x levels, changed matches a change
 * of the programmed values.
 */
static void test_dim_random_streams_always_answer_a_table_entry(void **unused)
{
	static const uint32_t tables[] = { IRQMOD_DIM_TABLE_RX_EQE, IRQMOD_DIM_TABLE_TX_CQE,
					   IRQMOD_DIM_TABLE_ICE_RX, IRQMOD_DIM_TABLE_RDMA };
	uint64_t seed = 0x9E3779B97F4A7C15ull;
	uint32_t t, i, moves = 0;

	(void)unused;
	for (t = 0; t < sizeof(tables) / sizeof(tables[0]); t++) {
		struct irqmod_dim_config config;
		struct irqmod_dim state;
		uint64_t now = 0;
		uint32_t last_ns;

		default_config(&config, tables[t]);
		assert_int_equal(irqmod_dim_init(&state, &config), 0);
		last_ns = config.profiles[config.start_level].interval_usecs * 1000u;
		for (i = 0; i < 200000; i++) {
			uint64_t r = test_xorshift64(&seed);
			struct irqmod_sample sample = { 0 };
			struct irqmod_decision decision;
			uint8_t before = state.walk.level;
			bool found = false;
			uint32_t k;

			switch (r & 7) {
			case 0: /* stand still */
				break;
			case 1: /* step back */
				now -= (r >> 8) & 0xFFFFF;
				break;
			case 2: /* long gap */
				now += (r >> 8) & 0xFFFFFFFFFFull;
				break;
			default:
				now += (r >> 8) & 0x3FFFF;
				break;
			}
			sample.now_ns = now;
			sample.events = (uint32_t)((r >> 20) & 0x7F);
			sample.rx_packets = (uint32_t)(r >> 32) & ((r & 64) ? 0xFFFFFFFFu : 0x3FF);
			sample.rx_bytes = (r & 128) ? r : sample.rx_packets * ((r >> 40) & 0xFFF);
			sample.tx_packets = sample.rx_packets;
			sample.tx_bytes = sample.rx_bytes;
			irqmod_dim_update(&state, &sample, &decision);
			assert_true(state.walk.level < config.levels);
			assert_true(state.walk.tired <= 2 * config.levels);
			assert_true(state.walk.tune_state <= IRQMOD_DIM_GOING_LEFT);
			for (k = 0; k < config.levels; k++)
				found = found || decision.rx_interval_ns ==
						 config.profiles[k].interval_usecs * 1000u;
			assert_true(found);
			assert_int_equal(decision.rx_interval_ns,
					 config.profiles[state.walk.level].interval_usecs * 1000u);
			assert_int_equal(decision.changed, decision.rx_interval_ns != last_ns ||
						 (before != state.walk.level &&
						  config.profiles[before].frames !=
							  config.profiles[state.walk.level].frames));
			last_ns = decision.rx_interval_ns;
			moves += before != state.walk.level;
		}
	}
	assert_true(moves > 100); /* the walk did move, the test is not vacuous */
}

/* Generic dispatch: "dim" = RX EQE level 1, "ice" = ice RX level 1, "dim-rdma". */
static void test_dim_generic_controller_kinds(void **unused)
{
	struct irqmod_controller_config config;
	struct irqmod_controller controller;
	struct irqmod_decision decision;
	struct irqmod_sample sample = rx_sample(IRQMOD_DIM_MS(1), 64, 0, 0);

	(void)unused;
	assert_string_equal(irqmod_kind_name(IRQMOD_KIND_DIM), "dim");
	assert_string_equal(irqmod_kind_name(IRQMOD_KIND_ICE), "ice");
	assert_string_equal(irqmod_kind_name(IRQMOD_KIND_DIM_RDMA), "dim-rdma");

	assert_int_equal(irqmod_controller_default_config(&config, IRQMOD_KIND_DIM, 10000), 0);
	assert_int_equal(config.kind, IRQMOD_KIND_DIM);
	assert_ptr_equal(config.config.dim_config.profiles,
			 irqmod_dim_table(IRQMOD_DIM_TABLE_RX_EQE, NULL));
	assert_int_equal(config.config.dim_config.start_level, 1);
	assert_int_equal(irqmod_controller_init(&controller, &config), 0);
	irqmod_controller_update(&controller, &sample, &decision);
	assert_int_equal(decision.rx_interval_ns, 8000);
	assert_int_equal(decision.frames, 256);

	assert_int_equal(irqmod_controller_default_config(&config, IRQMOD_KIND_ICE, 100000), 0);
	assert_int_equal(config.kind, IRQMOD_KIND_ICE);
	assert_int_equal(irqmod_controller_init(&controller, &config), 0);
	irqmod_controller_update(&controller, &sample, &decision);
	assert_int_equal(decision.rx_interval_ns, 8000);
	assert_int_equal(decision.rate_limit_ns, 4000);
	irqmod_controller_reset(&controller);
	assert_int_equal(controller.state.dim_state.measure_state, IRQMOD_DIM_START_MEASURE);

	assert_int_equal(irqmod_controller_default_config(&config, IRQMOD_KIND_DIM_RDMA, 100000), 0);
	assert_int_equal(irqmod_controller_init(&controller, &config), 0);
	irqmod_controller_update(&controller, &sample, &decision);
	assert_int_equal(decision.rx_interval_ns, 1000);
	assert_int_equal(decision.frames, 1);
	irqmod_controller_reset(&controller);
	assert_int_equal(controller.state.dim_rdma_state.walk.tune_state, IRQMOD_DIM_GOING_RIGHT);

	assert_int_equal(irqmod_controller_default_config(&config, IRQMOD_KIND_DIM, 0),
			 -IRQMOD_ELINK);
	config.kind = IRQMOD_KIND_DIM;
	config.config.dim_config.levels = 0;
	assert_int_equal(irqmod_controller_init(&controller, &config), -IRQMOD_ETABLE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dim_init_null_pointers_are_rejected),
		cmocka_unit_test(test_dim_init_bad_table_is_rejected_and_state_untouched),
		cmocka_unit_test(test_dim_init_start_level_beyond_table_is_out_of_range),
		cmocka_unit_test(test_dim_init_unknown_direction_is_invalid),
		cmocka_unit_test(test_dim_default_config_errors),
		cmocka_unit_test(test_dim_default_tables_match_linux),
		cmocka_unit_test(test_dim_ice_tables_match_ice),
		cmocka_unit_test(test_dim_ice_preset_decision_carries_rate_limit),
		cmocka_unit_test(test_dim_first_call_returns_start_profile_unchanged),
		cmocka_unit_test(test_dim_worked_vectors_give_expected_levels),
		cmocka_unit_test_setup_teardown(test_dim_first_window_from_level_zero_goes_right,
						dim_rx_eqe_from_level_zero_setup, dim_teardown),
		cmocka_unit_test_setup_teardown(test_dim_tired_park_holds_counter_at_twice_levels,
						dim_rx_eqe_from_level_zero_setup, dim_teardown),
		cmocka_unit_test(test_dim_tx_direction_counts_tx_fields_only),
		cmocka_unit_test_setup_teardown(test_dim_byte_delta_above_u32_is_taken_mod_2_32,
						dim_rx_eqe_from_level_zero_setup, dim_teardown),
		cmocka_unit_test(test_dim_time_wrap_and_backwards_follow_linux_arithmetic),
		cmocka_unit_test(test_dim_reset_returns_to_start_level),
		cmocka_unit_test(test_dim_single_level_table_always_answers_it),
		cmocka_unit_test(test_dim_random_streams_always_answer_a_table_entry),
		cmocka_unit_test(test_dim_generic_controller_kinds),
	};

	return cmocka_run_group_tests_name("dim", tests, NULL, NULL);
}
