/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "irqmod/recheck.h"
#include "vector_test_util.h"
#include "vectors/recheck_run.h"
#include "support.h"

_Static_assert(sizeof(struct irqmod_recheck) <= 32,
	       "recheck adds at most 32 bytes to its inner controller");

static void test_recheck_init_null_pointers_are_rejected(void **unused)
{
	struct irqmod_recheck state;
	struct irqmod_recheck_config config = { 4 };

	(void)unused;
	assert_int_equal(irqmod_recheck_init(NULL, &config), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_recheck_init(&state, NULL), -IRQMOD_EINVAL);
}

static void test_recheck_init_rounds_above_the_state_are_rejected(void **unused)
{
	struct irqmod_recheck state, before;
	struct irqmod_recheck_config config = { 65536 };

	(void)unused;
	memset(&state, 0x3C, sizeof(state));
	memcpy(&before, &state, sizeof(state));
	assert_int_equal(irqmod_recheck_init(&state, &config), -IRQMOD_EBUDGET);
	assert_memory_equal(&state, &before, sizeof(state));
	config.max_rounds = 65535;
	assert_int_equal(irqmod_recheck_init(&state, &config), 0);
	assert_int_equal(state.max_rounds, 65535);
}

static void test_recheck_vectors_give_expected_actions_and_delays(void **unused)
{
	/* tests/vectors/recheck_run.h: the runner the kernel self-test uses too. */
	static const struct irqmod_vector_custom_set set = IRQMOD_VECTOR_CUSTOM_SET(recheck);

	(void)unused;
	test_vector_custom_set_passes(&set);
}

static void test_recheck_endless_work_rearms_every_max_rounds_plus_one(void **unused)
{
	struct irqmod_recheck state;
	struct irqmod_sample work = { .rx_packets = 64,
				      .flags = IRQMOD_SAMPLE_BUDGET_EXHAUSTED };
	struct irqmod_decision decision;
	uint32_t call;

	(void)unused;
	assert_int_equal(irqmod_recheck_init(&state,
		&(struct irqmod_recheck_config){ 3 }), 0);
	/* Rounds 1..3 poll, the 4th call re-arms: every 4th call re-arms,
	 * so the loop is bounded even under full load. */
	for (call = 1; call <= 40; call++) {
		work.now_ns = call;
		irqmod_recheck_update(&state, NULL, &work, &decision);
		assert_int_equal(decision.action, call % 4 == 0 ?
				 IRQMOD_ACTION_REARM : IRQMOD_ACTION_POLL);
	}
}

static void test_recheck_reset_forgets_the_rounds(void **unused)
{
	struct irqmod_recheck state;
	struct irqmod_sample work = { .rx_packets = 1 };
	struct irqmod_decision decision;

	(void)unused;
	assert_int_equal(irqmod_recheck_init(&state,
		&(struct irqmod_recheck_config){ 1 }), 0);
	irqmod_recheck_update(&state, NULL, &work, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
	irqmod_recheck_reset(&state);
	assert_int_equal(state.rounds, 0);
	assert_int_equal(state.sum.rx_packets, 0);
	/* A fresh round is available again after reset. */
	irqmod_recheck_update(&state, NULL, &work, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_recheck_init_null_pointers_are_rejected),
		cmocka_unit_test(test_recheck_init_rounds_above_the_state_are_rejected),
		cmocka_unit_test(test_recheck_vectors_give_expected_actions_and_delays),
		cmocka_unit_test(test_recheck_endless_work_rearms_every_max_rounds_plus_one),
		cmocka_unit_test(test_recheck_reset_forgets_the_rounds),
	};

	return cmocka_run_group_tests_name("recheck", tests, NULL, NULL);
}
