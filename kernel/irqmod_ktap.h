/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * KTAP output for the irqmod self-test module, in the shape KUnit prints
 * (Documentation/dev-tools/ktap.rst): a "KTAP version 1" header and plan,
 * one indented subtest per suite with "ok N name" / "not ok N name" lines,
 * a "# suite: pass:P fail:F skip:S total:T" summary, and "# Totals:" at the
 * end. The Debian kernel this runs on is built without KUnit, so the module
 * prints the lines itself; scripts/kernel-test parses them.
 */
#ifndef IRQMOD_KTAP_H
#define IRQMOD_KTAP_H

#include <linux/types.h>

/**
 * struct irqmod_ktap_suite - counters of one suite (a KTAP subtest).
 * @name: suite name.
 * @cases: cases run so far (the number of the last "ok" line).
 * @passed: cases that passed.
 * @failed: cases that failed.
 * @skipped: cases skipped.
 */
struct irqmod_ktap_suite {
	const char *name;
	unsigned int cases;
	unsigned int passed;
	unsigned int failed;
	unsigned int skipped;
};

/**
 * enum irqmod_ktap_result - outcome of one case.
 * @IRQMOD_KTAP_PASS: "ok".
 * @IRQMOD_KTAP_FAIL: "not ok".
 * @IRQMOD_KTAP_SKIP: "ok ... # SKIP reason".
 */
enum irqmod_ktap_result {
	IRQMOD_KTAP_PASS,
	IRQMOD_KTAP_FAIL,
	IRQMOD_KTAP_SKIP,
};

/**
 * irqmod_ktap_suite_begin() - print a suite's header and plan.
 * @suite: counters, cleared here.
 * @name: suite name.
 * @planned: number of cases the suite will report.
 */
void irqmod_ktap_suite_begin(struct irqmod_ktap_suite *suite, const char *name,
			     unsigned int planned);

/**
 * irqmod_ktap_case() - print one case's result line.
 * @suite: its suite.
 * @name: case name.
 * @result: outcome.
 * @skip_reason: the SKIP directive's text; NULL unless @result is a skip.
 */
void irqmod_ktap_case(struct irqmod_ktap_suite *suite, const char *name,
		      enum irqmod_ktap_result result, const char *skip_reason);

/**
 * irqmod_ktap_diagnostic() - print an indented "# ..." diagnostic line.
 * @format: printf format.
 */
__printf(1, 2) void irqmod_ktap_diagnostic(const char *format, ...);

struct irqmod_vector_result;

/**
 * irqmod_ktap_vector_failure() - print diagnostic lines for a failed vector
 * case: what its runner recorded (tests/vectors/vectors.h).
 * @name: case name.
 * @result: what the runner found.
 */
void irqmod_ktap_vector_failure(const char *name, const struct irqmod_vector_result *result);

/**
 * irqmod_ktap_suite_end() - print a suite's summary and its own result line.
 * @suite: counters.
 */
void irqmod_ktap_suite_end(struct irqmod_ktap_suite *suite);

/**
 * irqmod_ktap_dim_differential() - run the net_dim differential suite.
 *
 * Defined in irqmod_dim_diff.c; reports through the functions above.
 */
void irqmod_ktap_dim_differential(void);

/** irqmod_ktap_dim_differential_cases() - how many cases that suite reports. */
unsigned int irqmod_ktap_dim_differential_cases(void);

/**
 * irqmod_ktap_dim_vectors() - replay tests/vectors/dim_vectors.h through irqmod's
 * DIM controller and the kernel's net_dim, when both are in the tree.
 *
 * Defined in irqmod_dim_diff.c; prints nothing when they are not.
 */
void irqmod_ktap_dim_vectors(void);

/** irqmod_ktap_dim_vector_suites() - suites irqmod_ktap_dim_vectors() reports: 0 or 1. */
unsigned int irqmod_ktap_dim_vector_suites(void);

#endif /* IRQMOD_KTAP_H */
