/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The simulator allocates at setup only; every allocation may fail. The
 * test executable links with -Wl,--wrap=malloc,--wrap=calloc, so the
 * simulator's allocations go through the wrappers below, which fail the
 * N-th one: for N = 0, 1, 2, ... a run must return an error (never crash or
 * leak: the sanitizer and valgrind builds check that) until N passes the
 * number of allocations, when the same run succeeds. Also the NULL
 * arguments and the name helpers' out-of-range answers.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "irqmod/scenario.h"
#include "irqmod/sim.h"

void *__real_malloc(size_t size);
void *__real_calloc(size_t count, size_t size);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t count, size_t size);

/* Allocations left before the failing one; negative: none fails. */
static long allocations_left = -1;

static int allocation_fails(void)
{
	if (allocations_left < 0)
		return 0;
	return allocations_left-- == 0;
}

void *__wrap_malloc(size_t size)
{
	return allocation_fails() ? NULL : __real_malloc(size);
}

void *__wrap_calloc(size_t count, size_t size)
{
	return allocation_fails() ? NULL : __real_calloc(count, size);
}

/* Every kind of allocation: two queues, a ping, a UDP stream (reassembly), a flood. */
static void scenario(struct irqmod_sim_config *config)
{
	irqmod_sim_default_config(config);
	config->duration_ns = 2000000;
	config->warmup_ns = 200000;
	config->cores = 2;
	config->queues = 2;
	config->queue_core[1] = 1;
	irqmod_sim_default_source(&config->sources[0], IRQMOD_SIM_SOURCE_PING);
	irqmod_sim_default_source(&config->sources[1], IRQMOD_SIM_SOURCE_UDP_STREAM);
	irqmod_sim_default_source(&config->sources[2], IRQMOD_SIM_SOURCE_FLOOD);
}

static void test_sim_alloc_every_failed_allocation_is_an_error(void **unused)
{
	struct irqmod_sim_config config;
	struct irqmod_sim_controller controller;
	struct irqmod_sim_results results;
	long n;
	int error = -1;

	(void)unused;
	scenario(&config);
	assert_int_equal(irqmod_scenario_controller_by_name(&controller, "static:50us", 10000), 0);
	for (n = 0; n < 1000 && error != 0; n++) {
		allocations_left = n;
		error = irqmod_sim_run(&config, &controller, NULL, &results);
		allocations_left = -1;
		if (error != 0)
			assert_true(error < 0 && error > -IRQMOD_ERROR_COUNT);
	}
	assert_int_equal(error, 0);
	/* sim, heap, three work lists, two queues' ring and FIFO, four sources' buffers */
	assert_true(n > 12);
}

static void test_sim_alloc_null_arguments_and_unknown_names(void **unused)
{
	struct irqmod_sim_config config;
	struct irqmod_sim_controller controller;
	struct irqmod_sim_results results;

	(void)unused;
	scenario(&config);
	assert_int_equal(irqmod_scenario_controller_by_name(&controller, "static:50us", 10000), 0);
	assert_int_equal(irqmod_sim_run(NULL, &controller, NULL, &results), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_sim_run(&config, NULL, NULL, &results), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_sim_run(&config, &controller, NULL, NULL), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_scenario_controller_by_name(NULL, "ixgbe", 10000), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_scenario_controller_by_name(&controller, NULL, 10000), -IRQMOD_EINVAL);
	assert_string_equal(irqmod_sim_source_kind_name(IRQMOD_SIM_SOURCE_COUNT), "unknown");
	assert_string_equal(irqmod_sim_timer_name(IRQMOD_SIM_TIMER_COUNT), "unknown");
	assert_string_equal(irqmod_sim_distribution_name(IRQMOD_SIM_DIST_COUNT), "unknown");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sim_alloc_every_failed_allocation_is_an_error),
		cmocka_unit_test(test_sim_alloc_null_arguments_and_unknown_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
