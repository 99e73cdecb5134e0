/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The list of controller vector sets that both runners walk: the CMocka test
 * tests/test_vectors.c and the kernel self-test kernel/irqmod_selftest.c.
 * A new controller adds its #include and one line: IRQMOD_VECTOR_SET() for
 * vectors in the generic shape, IRQMOD_VECTOR_CUSTOM_SET() for vectors in
 * the controller's own shape with a runner in its header.
 */
#ifndef IRQMOD_TESTS_VECTOR_SETS_H
#define IRQMOD_TESTS_VECTOR_SETS_H

#include "vectors.h"

#include "convert_vectors.h"
#include "static_vectors.h"

/* Sets in the generic shape (struct irqmod_vector_case). */
static const struct irqmod_vector_set irqmod_vector_sets[] = {
	IRQMOD_VECTOR_SET(static),
};

/*
 * Sets in a controller's own shape, each run by the runner its header
 * defines (struct irqmod_vector_custom_set): one IRQMOD_VECTOR_CUSTOM_SET()
 * line each, before the terminating { NULL }.
 */
static const struct irqmod_vector_custom_set irqmod_vector_custom_sets[] = {
	{ NULL, 0, NULL, NULL },
};

#endif /* IRQMOD_TESTS_VECTOR_SETS_H */
