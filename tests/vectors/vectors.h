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
 * enum irqmod_vector_failure - what made a case fail.
 * @IRQMOD_VECTOR_PASSED: nothing: the case passed.
 * @IRQMOD_VECTOR_FAILED_INIT: init, or the preset or default-config call
 *        before it, returned @init_result, which the case did not expect.
 * @IRQMOD_VECTOR_FAILED_START: the state right after init differs from the
 *        case: @field, @got_value, @expected_value. No step ran.
 * @IRQMOD_VECTOR_FAILED_DECISION: the decision returned at @step, @got,
 *        differs from @expected in at least one field.
 * @IRQMOD_VECTOR_FAILED_VALUE: a value the case expects besides the
 *        decision (a register or level the state holds) differs after
 *        @step: @field, @got_value, @expected_value; @got is the decision
 *        of that step.
 */
enum irqmod_vector_failure {
	IRQMOD_VECTOR_PASSED,
	IRQMOD_VECTOR_FAILED_INIT,
	IRQMOD_VECTOR_FAILED_START,
	IRQMOD_VECTOR_FAILED_DECISION,
	IRQMOD_VECTOR_FAILED_VALUE,
};

/**
 * struct irqmod_vector_result - what a runner found.
 * @failure: an enum irqmod_vector_failure value; says which members below
 *           describe the failure.
 * @init_result: what init returned.
 * @step: index of the step that failed (FAILED_DECISION, FAILED_VALUE);
 *        otherwise the case's step count (0 for FAILED_START).
 * @got: the decision returned at @step (zero when no step failed).
 * @expected: the whole decision the case expects at @step, with the fields
 *            a custom shape leaves out filled in as its runner documents
 *            (zero when no step failed).
 * @field: name of the value outside the decision that differed
 *         (FAILED_START, FAILED_VALUE); NULL otherwise.
 * @got_value: that value as the controller left it.
 * @expected_value: that value as the case expects it.
 */
struct irqmod_vector_result {
	uint32_t failure;
	int init_result;
	uint32_t step;
	struct irqmod_decision got;
	struct irqmod_decision expected;
	const char *field;
	uint64_t got_value;
	uint64_t expected_value;
};

/**
 * irqmod_vector_result_begin() - set @result to "passed" before a case runs.
 * @result: filled in.
 * @step_count: steps in the case.
 */
static inline void irqmod_vector_result_begin(struct irqmod_vector_result *result,
					      uint32_t step_count)
{
	result->failure = IRQMOD_VECTOR_PASSED;
	result->init_result = 0;
	result->step = step_count;
	result->got = (struct irqmod_decision){ 0 };
	result->expected = (struct irqmod_decision){ 0 };
	result->field = NULL;
	result->got_value = 0;
	result->expected_value = 0;
}

/**
 * irqmod_vector_init_check() - record what init returned and compare it.
 * @result: the case's result.
 * @got: what init (or the preset call before it) returned.
 * @expected: what the case expects (0 for every custom shape so far).
 * Return: true when they are equal; false after recording FAILED_INIT.
 */
static inline bool irqmod_vector_init_check(struct irqmod_vector_result *result, int got,
					    int expected)
{
	result->init_result = got;
	if (got == expected)
		return true;
	result->failure = IRQMOD_VECTOR_FAILED_INIT;
	return false;
}

/**
 * irqmod_vector_start_check() - compare one value of the state init left.
 * @result: the case's result.
 * @field: what the value is, for the failure message.
 * @got: the value in the state.
 * @expected: the value the case expects.
 * Return: true when equal; false after recording FAILED_START.
 */
static inline bool irqmod_vector_start_check(struct irqmod_vector_result *result,
					     const char *field, uint64_t got, uint64_t expected)
{
	if (got == expected)
		return true;
	result->failure = IRQMOD_VECTOR_FAILED_START;
	result->step = 0;
	result->field = field;
	result->got_value = got;
	result->expected_value = expected;
	return false;
}

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
 * irqmod_vector_step_check() - compare the whole decision of one step.
 * @result: the case's result.
 * @step: index of the step.
 * @got: the decision the controller returned.
 * @expected: the decision the case expects, every field filled in.
 * Return: true when all fields are equal; false after recording
 * FAILED_DECISION with both decisions.
 */
static inline bool irqmod_vector_step_check(struct irqmod_vector_result *result, uint32_t step,
					    const struct irqmod_decision *got,
					    const struct irqmod_decision *expected)
{
	if (irqmod_vector_decision_equal(got, expected))
		return true;
	result->failure = IRQMOD_VECTOR_FAILED_DECISION;
	result->step = step;
	result->got = *got;
	result->expected = *expected;
	return false;
}

/**
 * irqmod_vector_value_check() - compare one value outside the decision after
 * a step (a register or level the state keeps).
 * @result: the case's result.
 * @step: index of the step.
 * @decision: the decision of that step, kept for the message.
 * @field: what the value is.
 * @got: the value the controller left.
 * @expected: the value the case expects.
 * Return: true when equal; false after recording FAILED_VALUE.
 */
static inline bool irqmod_vector_value_check(struct irqmod_vector_result *result, uint32_t step,
					     const struct irqmod_decision *decision,
					     const char *field, uint64_t got, uint64_t expected)
{
	if (got == expected)
		return true;
	result->failure = IRQMOD_VECTOR_FAILED_VALUE;
	result->step = step;
	result->got = *decision;
	result->expected = *decision;
	result->field = field;
	result->got_value = got;
	result->expected_value = expected;
	return false;
}

/** IRQMOD_VECTOR_POISON_NS - interval poison: no controller returns it. */
#define IRQMOD_VECTOR_POISON_NS 0xDEADBEEFu

/**
 * irqmod_vector_poison() - fill a decision with a pattern no controller
 * returns, so a field an update forgot to write cannot pass by chance.
 * @decision: overwritten.
 */
static inline void irqmod_vector_poison(struct irqmod_decision *decision)
{
	decision->rx_interval_ns = IRQMOD_VECTOR_POISON_NS;
	decision->tx_interval_ns = IRQMOD_VECTOR_POISON_NS;
	decision->poll_delay_ns = IRQMOD_VECTOR_POISON_NS;
	decision->rate_limit_ns = IRQMOD_VECTOR_POISON_NS;
	decision->frames = 0xBEEF;
	decision->action = 0xEE;
	decision->changed = true;
}

/**
 * irqmod_vector_rearm() - the whole decision of an interval-only controller.
 * @expected: filled in.
 * @rx_interval_ns: the RX interval the case expects.
 * @tx_interval_ns: the TX interval (the RX one for one-register vectors).
 * @changed: the case's changed flag.
 *
 * docs/hybrid-contract.md: an interval-only controller always answers
 * IRQMOD_ACTION_REARM with poll_delay_ns 0; rate_limit_ns and frames are 0
 * for an algorithm with no rate limiter and no frame threshold
 * (struct irqmod_decision), which holds for ixgbe, i40e, the latency-class,
 * average-size and ixgbe-legacy controllers.
 */
static inline void irqmod_vector_rearm(struct irqmod_decision *expected, uint32_t rx_interval_ns,
				       uint32_t tx_interval_ns, bool changed)
{
	expected->rx_interval_ns = rx_interval_ns;
	expected->tx_interval_ns = tx_interval_ns;
	expected->poll_delay_ns = 0;
	expected->rate_limit_ns = 0;
	expected->frames = 0;
	expected->action = IRQMOD_ACTION_REARM;
	expected->changed = changed;
}

/**
 * irqmod_vector_hybrid_answer() - the whole decision of a hybrid whose inner
 * controller is static at one interval for RX and TX.
 * @expected: filled in.
 * @action: IRQMOD_ACTION_REARM or IRQMOD_ACTION_POLL.
 * @poll_delay_ns: the delay of a POLL answer (0 for REARM).
 * @rx_interval_ns: the inner's interval on REARM (0 for POLL).
 *
 * docs/hybrid-contract.md: a POLL answer carries zero intervals, frames and
 * rate limit and changed false; a REARM answer is the inner controller's
 * decision with poll_delay_ns 0. A static inner controller at one interval
 * answers that interval for RX and TX, no rate limit, no frames, and never
 * reports a change (lib/static.c).
 */
static inline void irqmod_vector_hybrid_answer(struct irqmod_decision *expected, uint8_t action,
					       uint32_t poll_delay_ns, uint32_t rx_interval_ns)
{
	expected->rx_interval_ns = rx_interval_ns;
	expected->tx_interval_ns = rx_interval_ns;
	expected->poll_delay_ns = poll_delay_ns;
	expected->rate_limit_ns = 0;
	expected->frames = 0;
	expected->action = action;
	expected->changed = false;
}

/**
 * irqmod_vector_static_inner() - set up the inner controller the hybrid
 * vectors use: the generic controller, kind static, @interval_ns both ways.
 * @inner: caller-owned.
 * @interval_ns: RX and TX interval.
 * Return: what irqmod_controller_init() returned.
 */
static inline int irqmod_vector_static_inner(struct irqmod_controller *inner,
					     uint32_t interval_ns)
{
	struct irqmod_controller_config config = { .kind = IRQMOD_KIND_STATIC };

	config.config.static_config.rx_interval_ns = interval_ns;
	config.config.static_config.tx_interval_ns = interval_ns;
	return irqmod_controller_init(inner, &config);
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

	irqmod_vector_result_begin(result, vector->step_count);
	if (vector->default_link_speed_mbps != 0 &&
	    !irqmod_vector_init_check(result,
				      irqmod_controller_default_config(
					      &config, vector->config.kind,
					      vector->default_link_speed_mbps),
				      0))
		return false;
	if (!irqmod_vector_init_check(result, irqmod_controller_init(controller, &config),
				      vector->init_result))
		return false;
	if (result->init_result != 0)
		return true;
	for (i = 0; i < vector->step_count; i++) {
		struct irqmod_decision decision;

		irqmod_vector_poison(&decision);
		irqmod_controller_update(controller, &vector->steps[i].sample, &decision);
		if (!irqmod_vector_step_check(result, i, &decision, &vector->steps[i].expected))
			return false;
	}
	return true;
}

/**
 * struct irqmod_vector_custom_set - a set whose cases have their own shape.
 * @name: the controller ("ixgbe", ...); NULL ends irqmod_vector_custom_sets[].
 * @case_count: cases in the set.
 * @case_name: name of case @index.
 * @run_case: runs case @index, fills @result as irqmod_vector_case_run()
 *            does (what failed, the init result, the failing step with the
 *            decisions got and expected there) and returns true when the
 *            case passed.
 *
 * For a controller whose vectors expect only some decision fields, or need a
 * setup the generic controller config cannot express (a preset, a table):
 * its <controller>_vectors.h keeps its own structs, and one runner per shape,
 * bool irqmod_<controller>_vector_run(const <its case struct> *, struct
 * irqmod_vector_result *), followed by IRQMOD_VECTOR_CUSTOM_RUNNERS(<controller>),
 * lives in that header or in tests/vectors/<controller>_run.h. A runner
 * builds the whole expected decision from a step (irqmod_vector_rearm(),
 * irqmod_vector_hybrid_answer()) and reports through the *_check() helpers
 * above, so every runner fails, and is reported, the same way.
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
