/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The check of the DPDK example's own test programs (test_echo.c,
 * test_loop_cost.c), which build without CMocka where DPDK is found: a
 * failed condition is printed with its line and counted, and the program
 * ends with irqmod_check_result().
 */
#ifndef IRQMOD_DPDK_CHECK_H
#define IRQMOD_DPDK_CHECK_H

#include <stdio.h>

static int irqmod_check_failures;

#define CHECK(cond)                                                                  \
	do {                                                                         \
		if (!(cond)) {                                                       \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, \
				#cond);                                              \
			irqmod_check_failures++;                                     \
		}                                                                    \
	} while (0)

/* The exit status of a test program named @name: 0 when every check held. */
static inline int irqmod_check_result(const char *name)
{
	if (irqmod_check_failures) {
		fprintf(stderr, "%s: %d check(s) failed\n", name, irqmod_check_failures);
		return 1;
	}
	printf("%s: all checks passed\n", name);
	return 0;
}

#endif
