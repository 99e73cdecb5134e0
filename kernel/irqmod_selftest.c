// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * irqmod in-kernel self-test. Loading the module runs, inside the kernel:
 *  - every controller vector set of sets.h (which kernel/Makefile writes
 *    from tests/vectors/ with scripts/vector-sets): the generic-shaped
 *    sets through irqmod_vector_case_run(), and each set in a controller's
 *    own shape through its runner in tests/vectors/<controller>_run.h (the
 *    same tables and runners as the CMocka tests test_vectors and
 *    test_<controller>),
 *  - the conversion vectors of tests/vectors/convert_vectors.h,
 *  - the DIM worked examples of tests/vectors/dim_vectors.h, when present,
 *    through irqmod's DIM and the kernel's net_dim (irqmod_dim_diff.c),
 *  - the differential test against the kernel's net_dim (irqmod_dim_diff.c),
 * and prints KUnit-style KTAP lines on the console. The module stays loaded
 * (init returns 0 whatever the outcome) so a harness can read the results
 * and unload it; scripts/kernel-test does.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/slab.h>

#include "vectors/convert_vectors.h"
#include "vectors/sets.h"

#include "irqmod_ktap.h"

/* Suite numbers and case totals across the whole run. */
static unsigned int irqmod_ktap_suites;
static unsigned int irqmod_ktap_total_passed;
static unsigned int irqmod_ktap_total_failed;
static unsigned int irqmod_ktap_total_skipped;

void irqmod_ktap_suite_begin(struct irqmod_ktap_suite *suite, const char *name,
			     unsigned int planned)
{
	*suite = (struct irqmod_ktap_suite){ .name = name };
	pr_info("    KTAP version 1\n");
	pr_info("    # Subtest: %s\n", name);
	pr_info("    1..%u\n", planned);
}

void irqmod_ktap_case(struct irqmod_ktap_suite *suite, const char *name,
		      enum irqmod_ktap_result result, const char *skip_reason)
{
	suite->cases++;
	switch (result) {
	case IRQMOD_KTAP_PASS:
		suite->passed++;
		pr_info("    ok %u %s\n", suite->cases, name);
		break;
	case IRQMOD_KTAP_SKIP:
		suite->skipped++;
		pr_info("    ok %u %s # SKIP %s\n", suite->cases, name, skip_reason);
		break;
	default:
		suite->failed++;
		pr_info("    not ok %u %s\n", suite->cases, name);
		break;
	}
}

void irqmod_ktap_diagnostic(const char *format, ...)
{
	struct va_format vaf;
	va_list args;

	va_start(args, format);
	vaf.fmt = format;
	vaf.va = &args;
	pr_info("    # %pV\n", &vaf);
	va_end(args);
}

void irqmod_ktap_suite_end(struct irqmod_ktap_suite *suite)
{
	unsigned int total = suite->passed + suite->failed + suite->skipped;

	irqmod_ktap_suites++;
	irqmod_ktap_total_passed += suite->passed;
	irqmod_ktap_total_failed += suite->failed;
	irqmod_ktap_total_skipped += suite->skipped;
	pr_info("# %s: pass:%u fail:%u skip:%u total:%u\n", suite->name,
		suite->passed, suite->failed, suite->skipped, total);
	if (suite->failed)
		pr_info("not ok %u %s\n", irqmod_ktap_suites, suite->name);
	else if (suite->passed == 0 && suite->skipped)
		pr_info("ok %u %s # SKIP\n", irqmod_ktap_suites, suite->name);
	else
		pr_info("ok %u %s\n", irqmod_ktap_suites, suite->name);
}

static void irqmod_print_decision(const char *label, const struct irqmod_decision *decision)
{
	irqmod_ktap_diagnostic("%s: rx %u tx %u poll %u limit %u frames %u action %u changed %d",
			       label, decision->rx_interval_ns, decision->tx_interval_ns,
			       decision->poll_delay_ns, decision->rate_limit_ns,
			       decision->frames, decision->action, decision->changed);
}

void irqmod_ktap_vector_failure(const char *name, const struct irqmod_vector_result *result)
{
	const char *field = result->field ? result->field : "(unnamed value)";

	switch (result->failure) {
	case IRQMOD_VECTOR_FAILED_INIT:
		irqmod_ktap_diagnostic("%s: init returned %d", name, result->init_result);
		break;
	case IRQMOD_VECTOR_FAILED_START:
		irqmod_ktap_diagnostic("%s: after init, %s is %llu, expected %llu", name, field,
				       (unsigned long long)result->got_value,
				       (unsigned long long)result->expected_value);
		break;
	case IRQMOD_VECTOR_FAILED_DECISION:
		irqmod_ktap_diagnostic("%s: step %u differs", name, result->step);
		irqmod_print_decision("got", &result->got);
		irqmod_print_decision("expected", &result->expected);
		break;
	case IRQMOD_VECTOR_FAILED_VALUE:
		irqmod_ktap_diagnostic("%s: step %u: %s is %llu, expected %llu", name,
				       result->step, field,
				       (unsigned long long)result->got_value,
				       (unsigned long long)result->expected_value);
		irqmod_print_decision("decision there", &result->got);
		break;
	default:
		irqmod_ktap_diagnostic("%s: failed (outcome %u)", name, result->failure);
		break;
	}
}

static void irqmod_run_vector_set(const struct irqmod_vector_set *set,
				  struct irqmod_controller *controller)
{
	char suite_name[64];
	struct irqmod_ktap_suite suite;
	uint32_t i;

	snprintf(suite_name, sizeof(suite_name), "irqmod_vectors_%s", set->name);
	irqmod_ktap_suite_begin(&suite, suite_name, set->case_count);
	for (i = 0; i < set->case_count; i++) {
		const struct irqmod_vector_case *vector = &set->cases[i];
		struct irqmod_vector_result result;
		bool passed = irqmod_vector_case_run(vector, controller, &result);

		if (!passed)
			irqmod_ktap_vector_failure(vector->name, &result);
		irqmod_ktap_case(&suite, vector->name,
				 passed ? IRQMOD_KTAP_PASS : IRQMOD_KTAP_FAIL, NULL);
	}
	irqmod_ktap_suite_end(&suite);
}

/* A set in its controller's own shape, through the runner of tests/vectors/<name>_run.h. */
static void irqmod_run_custom_set(const struct irqmod_vector_custom_set *set)
{
	char suite_name[64];
	struct irqmod_ktap_suite suite;
	uint32_t i;

	snprintf(suite_name, sizeof(suite_name), "irqmod_vectors_%s", set->name);
	irqmod_ktap_suite_begin(&suite, suite_name, set->case_count);
	for (i = 0; i < set->case_count; i++) {
		struct irqmod_vector_result result;
		bool passed = set->run_case(i, &result);

		if (!passed)
			irqmod_ktap_vector_failure(set->case_name(i), &result);
		irqmod_ktap_case(&suite, set->case_name(i),
				 passed ? IRQMOD_KTAP_PASS : IRQMOD_KTAP_FAIL, NULL);
	}
	irqmod_ktap_suite_end(&suite);
}

static void irqmod_run_convert_vectors(void)
{
	struct irqmod_ktap_suite suite;
	uint32_t i;

	irqmod_ktap_suite_begin(&suite, "irqmod_vectors_convert",
				IRQMOD_VECTOR_COUNT(irqmod_convert_vectors));
	for (i = 0; i < IRQMOD_VECTOR_COUNT(irqmod_convert_vectors); i++) {
		const struct irqmod_convert_vector *vector = &irqmod_convert_vectors[i];
		uint32_t got = vector->convert(vector->input);

		if (got != vector->expected)
			irqmod_ktap_diagnostic("%s: %u -> %u, expected %u", vector->name,
					       vector->input, got, vector->expected);
		irqmod_ktap_case(&suite, vector->name,
				 got == vector->expected ? IRQMOD_KTAP_PASS : IRQMOD_KTAP_FAIL,
				 NULL);
	}
	irqmod_ktap_suite_end(&suite);
}

static int __init irqmod_selftest_init(void)
{
	/* Scratch controller for the runner, off the (small) kernel stack. */
	struct irqmod_controller *controller = kzalloc(sizeof(*controller), GFP_KERNEL);
	uint32_t i;

	const struct irqmod_vector_custom_set *custom;
	unsigned int custom_sets = 0;

	if (!controller)
		return -ENOMEM;
	for (custom = irqmod_vector_custom_sets; custom->name; custom++)
		custom_sets++;
	pr_info("KTAP version 1\n");
	pr_info("1..%u\n", IRQMOD_VECTOR_COUNT(irqmod_vector_sets) + custom_sets + 2 +
		irqmod_ktap_dim_vector_suites());
	for (i = 0; i < IRQMOD_VECTOR_COUNT(irqmod_vector_sets); i++)
		irqmod_run_vector_set(&irqmod_vector_sets[i], controller);
	kfree(controller);
	for (custom = irqmod_vector_custom_sets; custom->name; custom++)
		irqmod_run_custom_set(custom);
	irqmod_run_convert_vectors();
	irqmod_ktap_dim_vectors();
	irqmod_ktap_dim_differential();
	pr_info("# Totals: pass:%u fail:%u skip:%u total:%u\n", irqmod_ktap_total_passed,
		irqmod_ktap_total_failed, irqmod_ktap_total_skipped,
		irqmod_ktap_total_passed + irqmod_ktap_total_failed + irqmod_ktap_total_skipped);
	pr_info("irqmod_test: irqmod %u.%u.%u self-test %s\n", IRQMOD_VERSION_MAJOR,
		IRQMOD_VERSION_MINOR, IRQMOD_VERSION_PATCH,
		irqmod_ktap_total_failed ? "FAILED" : "passed");
	return 0;
}

static void __exit irqmod_selftest_exit(void)
{
	pr_info("irqmod_test: unloaded\n");
}

module_init(irqmod_selftest_init);
module_exit(irqmod_selftest_exit);

MODULE_DESCRIPTION("irqmod controller core self-test and net_dim differential test");
MODULE_LICENSE("Dual BSD/GPL");
