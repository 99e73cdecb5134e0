/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/**
 * DOC: worked-example vectors shared by the unit tests and the kernel self-test
 *
 * A vector case is a controller configuration plus a sequence of steps, each
 * a sample fed to the controller and the whole decision it must return. The
 * same static const tables run in the CMocka test (tests/test_vectors.c) and
 * in the Linux kernel module (kernel/irqmod_selftest.c), through the one
 * runner below, so a vector is written once and checked in both worlds.
 *
 * This header and every <controller>_vectors.h include only irqmod headers:
 * no libc, no CMocka, no kernel headers. tests/vectors/README.md describes
 * how to add a set.
 */
#ifndef IRQMOD_TESTS_VECTORS_H
#define IRQMOD_TESTS_VECTORS_H

#include "irqmod/controller.h"
#include "irqmod/convert.h"

/** IRQMOD_VECTOR_COUNT() - entries in a static array. @array: the array. */
#define IRQMOD_VECTOR_COUNT(array) ((uint32_t)(sizeof(array) / sizeof((array)[0])))

/**
 * IRQMOD_VECTOR_STEPS() - the @steps and @step_count members for an array.
 * @array: a static const array of struct irqmod_vector_step.
 */
#define IRQMOD_VECTOR_STEPS(array) .steps = (array), .step_count = IRQMOD_VECTOR_COUNT(array)

/**
 * struct irqmod_vector_step - one call of the controller.
 * @sample: what the driver reports.
 * @expected: every field of the decision the controller must return.
 */
struct irqmod_vector_step {
	struct irqmod_sample sample;
	struct irqmod_decision expected;
};

/**
 * struct irqmod_vector_case - one worked example.
 * @name: unique within its set, printable ASCII without '#' (an identifier
 *        reads best); it names the KTAP line in the kernel and the failure
 *        message in CMocka.
 * @config: kind and settings passed to irqmod_controller_init(). When
 *          @default_link_speed_mbps is not 0 only @config.kind is read.
 * @default_link_speed_mbps: if not 0, the configuration is the kind's
 *          documented default, irqmod_controller_default_config(kind, this).
 * @init_result: what irqmod_controller_init() must return (0 or
 *               -IRQMOD_E...); the steps run only when it is 0.
 * @steps: the calls, in order, starting right after init.
 * @step_count: entries in @steps (0 for pure init cases).
 */
struct irqmod_vector_case {
	const char *name;
	struct irqmod_controller_config config;
	uint32_t default_link_speed_mbps;
	int init_result;
	const struct irqmod_vector_step *steps;
	uint32_t step_count;
};

/**
 * struct irqmod_vector_set - every case of one controller.
 * @name: the controller ("static", "dim", ...).
 * @cases: the cases.
 * @case_count: entries in @cases.
 */
struct irqmod_vector_set {
	const char *name;
	const struct irqmod_vector_case *cases;
	uint32_t case_count;
};

/**
 * IRQMOD_VECTOR_SET() - a struct irqmod_vector_set initialiser.
 * @controller: the controller's name, as a bare word: IRQMOD_VECTOR_SET(static)
 *              names the array irqmod_static_vectors.
 */
#define IRQMOD_VECTOR_SET(controller)                                        \
	{ #controller, irqmod_##controller##_vectors,                        \
	  IRQMOD_VECTOR_COUNT(irqmod_##controller##_vectors) }

/**
 * struct irqmod_vector_result - what irqmod_vector_case_run() found.
 * @init_result: what init returned.
 * @step: index of the first step whose decision differed; the case's
 *        step_count when every step matched (or init failed as expected).
 * @got: the decision returned at @step (zero when no step differed).
 */
struct irqmod_vector_result {
	int init_result;
	uint32_t step;
	struct irqmod_decision got;
};

/**
 * irqmod_vector_decision_equal() - compare every field of two decisions.
 * @a: one decision.
 * @b: the other.
 * Return: true when all fields are equal.
 */
static inline bool irqmod_vector_decision_equal(const struct irqmod_decision *a,
						const struct irqmod_decision *b)
{
	return a->rx_interval_ns == b->rx_interval_ns &&
	       a->tx_interval_ns == b->tx_interval_ns &&
	       a->poll_delay_ns == b->poll_delay_ns &&
	       a->rate_limit_ns == b->rate_limit_ns &&
	       a->frames == b->frames && a->action == b->action &&
	       a->changed == b->changed;
}

/**
 * irqmod_vector_case_run() - run one case through the generic controller.
 * @vector: the case.
 * @controller: caller-provided scratch state (kept off this function's
 *              frame so kernel stacks stay small as controllers grow).
 * @result: filled in.
 * Return: true when init returned @vector->init_result and every step's
 * decision equalled its expected one.
 */
static inline bool irqmod_vector_case_run(const struct irqmod_vector_case *vector,
					  struct irqmod_controller *controller,
					  struct irqmod_vector_result *result)
{
	struct irqmod_controller_config config = vector->config;
	uint32_t i;

	result->step = vector->step_count;
	result->got = (struct irqmod_decision){ 0 };
	if (vector->default_link_speed_mbps != 0) {
		result->init_result = irqmod_controller_default_config(
			&config, vector->config.kind, vector->default_link_speed_mbps);
		if (result->init_result != 0)
			return false;
	}
	result->init_result = irqmod_controller_init(controller, &config);
	if (result->init_result != vector->init_result)
		return false;
	if (result->init_result != 0)
		return true;
	for (i = 0; i < vector->step_count; i++) {
		struct irqmod_decision decision = { 0 };

		irqmod_controller_update(controller, &vector->steps[i].sample, &decision);
		if (!irqmod_vector_decision_equal(&decision, &vector->steps[i].expected)) {
			result->step = i;
			result->got = decision;
			return false;
		}
	}
	return true;
}

/**
 * struct irqmod_vector_custom_set - a set whose cases have their own shape.
 * @name: the controller ("ixgbe", ...); NULL ends irqmod_vector_custom_sets[].
 * @case_count: cases in the set.
 * @case_name: name of case @index.
 * @run_case: runs case @index, fills @result as irqmod_vector_case_run()
 *            does (init result, first differing step, the decision got there)
 *            and returns true when the case passed.
 *
 * For a controller whose vectors expect only some decision fields, or need a
 * setup the generic controller config cannot express (a preset, a table):
 * its header keeps its own structs and adds one runner,
 * bool irqmod_<controller>_vector_run(const <its case struct> *, struct
 * irqmod_vector_result *), then IRQMOD_VECTOR_CUSTOM_RUNNERS(<controller>).
 */
struct irqmod_vector_custom_set {
	const char *name;
	uint32_t case_count;
	const char *(*case_name)(uint32_t index);
	bool (*run_case)(uint32_t index, struct irqmod_vector_result *result);
};

/**
 * IRQMOD_VECTOR_CUSTOM_RUNNERS() - index-based thunks for a custom set.
 * @controller: bare word. Needs the array irqmod_<controller>_vectors[],
 *              whose elements have a @name member, and the function
 *              irqmod_<controller>_vector_run() described above.
 */
#define IRQMOD_VECTOR_CUSTOM_RUNNERS(controller)                               \
	static inline const char *irqmod_##controller##_vector_name(uint32_t index) \
	{                                                                      \
		return irqmod_##controller##_vectors[index].name;              \
	}                                                                      \
	static inline bool irqmod_##controller##_vector_run_index(             \
		uint32_t index, struct irqmod_vector_result *result)           \
	{                                                                      \
		return irqmod_##controller##_vector_run(                       \
			&irqmod_##controller##_vectors[index], result);        \
	}

/**
 * IRQMOD_VECTOR_CUSTOM_SET() - a struct irqmod_vector_custom_set initialiser.
 * @controller: bare word, as for IRQMOD_VECTOR_CUSTOM_RUNNERS().
 */
#define IRQMOD_VECTOR_CUSTOM_SET(controller)                                   \
	{ #controller, IRQMOD_VECTOR_COUNT(irqmod_##controller##_vectors),     \
	  irqmod_##controller##_vector_name,                                   \
	  irqmod_##controller##_vector_run_index }

/**
 * struct irqmod_convert_vector - one conversion helper call.
 * @name: unique, printable ASCII without '#'.
 * @convert: the helper (every irqmod convert helper maps u32 to u32).
 * @input: its argument.
 * @expected: the value it must return.
 */
struct irqmod_convert_vector {
	const char *name;
	uint32_t (*convert)(uint32_t input);
	uint32_t input;
	uint32_t expected;
};

#endif /* IRQMOD_TESTS_VECTORS_H */
