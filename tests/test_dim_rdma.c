/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * RDMA DIM (Linux lib/dim/rdma_dim.c). Expected values derived by hand; see
 * the comments here and in tests/vectors/dim_vectors.h.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "irqmod/dim.h"
#include "vector_test_util.h"
#include "vectors/dim_run.h"
#include "support.h"

_Static_assert(sizeof(struct irqmod_dim_rdma) <= 64, "RDMA DIM state exceeds 64 bytes");
#if UINTPTR_MAX == UINT64_MAX
_Static_assert(sizeof(struct irqmod_dim_rdma) == 48, "LP64 RDMA DIM state is 48 bytes");
_Static_assert(offsetof(struct irqmod_dim_rdma, completions) == 16, "layout");
_Static_assert(offsetof(struct irqmod_dim_rdma, events) == 32, "layout");
_Static_assert(offsetof(struct irqmod_dim_rdma, walk) == 39, "layout");
#endif

static struct irqmod_sample rdma_sample(uint64_t now_ns, uint32_t events,
					uint32_t completions)
{
	struct irqmod_sample sample = { 0 };

	sample.now_ns = now_ns;
	sample.events = events;
	sample.completions = completions;
	return sample;
}

static void test_dim_rdma_init_errors_leave_state_untouched(void **unused)
{
	struct irqmod_dim_rdma state, untouched;
	struct irqmod_dim_rdma_config config;
	struct irqmod_dim_profile bad[1] = { { .interval_usecs = IRQMOD_DIM_MAX_USECS + 1 } };

	(void)unused;
	memset(&state, 0x77, sizeof(state));
	untouched = state;
	assert_int_equal(irqmod_dim_rdma_default_config(NULL), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_dim_rdma_default_config(&config), 0);
	assert_int_equal(irqmod_dim_rdma_init(NULL, &config), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_dim_rdma_init(&state, NULL), -IRQMOD_EINVAL);
	config.profiles = NULL;
	assert_int_equal(irqmod_dim_rdma_init(&state, &config), -IRQMOD_ETABLE);
	assert_int_equal(irqmod_dim_rdma_default_config(&config), 0);
	config.levels = 0;
	assert_int_equal(irqmod_dim_rdma_init(&state, &config), -IRQMOD_ETABLE);
	config.levels = IRQMOD_DIM_MAX_LEVELS + 1;
	assert_int_equal(irqmod_dim_rdma_init(&state, &config), -IRQMOD_ETABLE);
	config.profiles = bad;
	config.levels = 1;
	assert_int_equal(irqmod_dim_rdma_init(&state, &config), -IRQMOD_ETABLE);
	assert_int_equal(irqmod_dim_rdma_default_config(&config), 0);
	config.start_level = IRQMOD_DIM_RDMA_LEVELS;
	assert_int_equal(irqmod_dim_rdma_init(&state, &config), -IRQMOD_ERANGE);
	assert_memory_equal(&state, &untouched, sizeof(state));
}

/* drivers/infiniband/core/cq.c rdma_dim_prof, (usec, comps), and start 0. */
static void test_dim_rdma_default_table_matches_linux(void **unused)
{
	static const uint32_t expected[9][2] = { { 1, 1 }, { 1, 4 }, { 2, 4 }, { 2, 8 }, { 4, 8 },
						 { 16, 8 }, { 16, 16 }, { 32, 16 }, { 32, 32 } };
	struct irqmod_dim_rdma_config config;
	uint32_t i;

	(void)unused;
	assert_int_equal(irqmod_dim_rdma_default_config(&config), 0);
	assert_int_equal(config.levels, 9);
	assert_int_equal(config.start_level, 0);
	for (i = 0; i < 9; i++) {
		assert_int_equal(config.profiles[i].interval_usecs, expected[i][0]);
		assert_int_equal(config.profiles[i].frames, expected[i][1]);
	}
}

static void test_dim_rdma_worked_vectors_give_expected_levels(void **unused)
{
	/* tests/vectors/dim_run.h: the runner the kernel self-test uses too. */
	size_t i, rdma = 0, failures = 0;

	(void)unused;
	for (i = 0; i < sizeof(irqmod_dim_vectors) / sizeof(irqmod_dim_vectors[0]); i++) {
		struct irqmod_vector_result result;

		if (!irqmod_dim_vectors[i].rdma)
			continue;
		if (!irqmod_dim_vector_run(&irqmod_dim_vectors[i], &result)) {
			test_vector_print_failure("dim_rdma", irqmod_dim_vectors[i].name, &result);
			failures++;
		}
		rdma++;
	}
	assert_int_equal(failures, 0);
	assert_int_equal(rdma, 3);
}

/*
 * cpe_ratio: 1 ms window, 64 events (epms 64) and 96 completions: cpms 96,
 * cpe = 9600 / 64 = 150. Each call with events 0 counts one event, so 64
 * plain calls close a window.
 */
static void test_dim_rdma_rates_and_one_event_per_call(void **unused)
{
	struct irqmod_dim_rdma_config config;
	struct irqmod_dim_rdma state;
	struct irqmod_decision decision;
	struct irqmod_sample sample;
	uint32_t i;

	(void)unused;
	assert_int_equal(irqmod_dim_rdma_default_config(&config), 0);
	assert_int_equal(irqmod_dim_rdma_init(&state, &config), 0);
	sample = rdma_sample(IRQMOD_DIM_MS(1), 0, 0);
	irqmod_dim_rdma_update(&state, &sample, &decision);
	for (i = 1; i <= 63; i++) {
		sample = rdma_sample(IRQMOD_DIM_MS(1) + i, 0, 1);
		irqmod_dim_rdma_update(&state, &sample, &decision);
		assert_int_equal(state.prev_completions_per_ms, 0); /* window still open */
	}
	sample = rdma_sample(IRQMOD_DIM_MS(2), 0, 33);
	irqmod_dim_rdma_update(&state, &sample, &decision);
	assert_int_equal(state.prev_completions_per_ms, 96);
	assert_int_equal(state.prev_completions_per_event, 150);
	assert_int_equal(state.walk.level, 0);
}

/* Zero-time windows stay open in RDMA DIM too; reset restores level 0 going right. */
static void test_dim_rdma_zero_time_and_reset(void **unused)
{
	struct irqmod_dim_rdma_config config;
	struct irqmod_dim_rdma state;
	struct irqmod_decision decision;
	struct irqmod_sample sample;

	(void)unused;
	assert_int_equal(irqmod_dim_rdma_default_config(&config), 0);
	config.start_level = 4;
	assert_int_equal(irqmod_dim_rdma_init(&state, &config), 0);
	sample = rdma_sample(IRQMOD_DIM_MS(1), 64, 0);
	irqmod_dim_rdma_update(&state, &sample, &decision);
	sample = rdma_sample(IRQMOD_DIM_MS(1) + 500u, 64, 64);
	irqmod_dim_rdma_update(&state, &sample, &decision);
	assert_int_equal(state.prev_completions_per_ms, 0);
	assert_int_equal(state.measure_state, IRQMOD_DIM_MEASURING);
	/* 1 ms later: 128 events, 64 comps: cpms 64, epms 64, cpe 100 <= 200: L0 */
	sample = rdma_sample(IRQMOD_DIM_MS(2), 0, 0);
	irqmod_dim_rdma_update(&state, &sample, &decision);
	assert_int_equal(state.walk.level, 0);
	assert_true(decision.changed);
	irqmod_dim_rdma_reset(&state);
	assert_int_equal(state.walk.level, 4);
	assert_int_equal(state.walk.tune_state, IRQMOD_DIM_GOING_RIGHT);
	assert_int_equal(state.prev_completions_per_ms, 0);
}

static void test_dim_rdma_random_streams_always_answer_a_table_entry(void **unused)
{
	struct irqmod_dim_rdma_config config;
	struct irqmod_dim_rdma state;
	uint64_t seed = 0xD1B54A32D192ED03ull, now = 0;
	uint32_t i, moves = 0;

	(void)unused;
	assert_int_equal(irqmod_dim_rdma_default_config(&config), 0);
	assert_int_equal(irqmod_dim_rdma_init(&state, &config), 0);
	for (i = 0; i < 300000; i++) {
		uint64_t r = test_xorshift64(&seed);
		struct irqmod_sample sample = { 0 };
		struct irqmod_decision decision;
		uint8_t before = state.walk.level;

		now += (r & 3) == 0 ? 0 : (r >> 16) & 0xFFFF;
		if ((r & 0xFF) == 1)
			now -= 5000;
		sample.now_ns = now;
		sample.events = (uint32_t)(r >> 40) & 3;
		sample.completions = (uint32_t)(r >> 24) & ((r & 16) ? 0xFFFF : 0x3F);
		irqmod_dim_rdma_update(&state, &sample, &decision);
		assert_true(state.walk.level < config.levels);
		assert_int_equal(decision.rx_interval_ns,
				 config.profiles[state.walk.level].interval_usecs * 1000u);
		assert_int_equal(decision.frames, config.profiles[state.walk.level].frames);
		assert_int_equal(decision.changed, before != state.walk.level);
		assert_true(state.walk.tune_state == IRQMOD_DIM_GOING_RIGHT ||
			    state.walk.tune_state == IRQMOD_DIM_GOING_LEFT);
		moves += before != state.walk.level;
	}
	assert_true(moves > 100);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dim_rdma_init_errors_leave_state_untouched),
		cmocka_unit_test(test_dim_rdma_default_table_matches_linux),
		cmocka_unit_test(test_dim_rdma_worked_vectors_give_expected_levels),
		cmocka_unit_test(test_dim_rdma_rates_and_one_event_per_call),
		cmocka_unit_test(test_dim_rdma_zero_time_and_reset),
		cmocka_unit_test(test_dim_rdma_random_streams_always_answer_a_table_entry),
	};

	return cmocka_run_group_tests_name("dim_rdma", tests, NULL, NULL);
}
