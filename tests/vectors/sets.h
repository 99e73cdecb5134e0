/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The list of controller vector sets that both runners walk: the CMocka test
 * tests/test_vectors.c and the kernel self-test kernel/irqmod_selftest.c.
 * A new controller adds its #include and one IRQMOD_VECTOR_SET() line.
 */
#ifndef IRQMOD_TESTS_VECTOR_SETS_H
#define IRQMOD_TESTS_VECTOR_SETS_H

#include "vectors.h"

#include "convert_vectors.h"
#include "static_vectors.h"

static const struct irqmod_vector_set irqmod_vector_sets[] = {
	IRQMOD_VECTOR_SET(static),
};

#endif /* IRQMOD_TESTS_VECTOR_SETS_H */
