/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The list of controller vector sets that both runners walk: the CMocka test
 * tests/test_vectors.c and the kernel self-test kernel/irqmod_selftest.c.
 * A new controller adds its #include and one line: IRQMOD_VECTOR_SET() for
 * vectors in the generic shape, IRQMOD_VECTOR_CUSTOM_SET() for vectors in
 * the controller's own shape, whose runner is in <controller>_run.h (or in
 * the vectors header itself).
 */
#ifndef IRQMOD_TESTS_VECTOR_SETS_H
#define IRQMOD_TESTS_VECTOR_SETS_H

#include "vectors.h"

#include "convert_vectors.h"
#include "latency_target_vectors.h"
#include "mlx4_vectors.h"
#include "sfc_vectors.h"
#include "static_vectors.h"

/* Custom-shaped sets: each *_run.h includes its *_vectors.h. */
#include "average_size_run.h"
#include "defer_irq_run.h"
#include "i40e_run.h"
#include "idle_poll_run.h"
#include "ixgbe_legacy_run.h"
#include "ixgbe_run.h"
#include "latency_class_run.h"
#include "recheck_run.h"

/* Sets in the generic shape (struct irqmod_vector_case). */
static const struct irqmod_vector_set irqmod_vector_sets[] = {
	IRQMOD_VECTOR_SET(static),
	IRQMOD_VECTOR_SET(latency_target),
	IRQMOD_VECTOR_SET(mlx4),
	IRQMOD_VECTOR_SET(sfc),
};

/*
 * Sets in a controller's own shape, each run by the runner its header
 * defines (struct irqmod_vector_custom_set): one IRQMOD_VECTOR_CUSTOM_SET()
 * line each, before the terminating { NULL }.
 */
static const struct irqmod_vector_custom_set irqmod_vector_custom_sets[] = {
	IRQMOD_VECTOR_CUSTOM_SET(ixgbe),
	IRQMOD_VECTOR_CUSTOM_SET(i40e),
	IRQMOD_VECTOR_CUSTOM_SET(latency_class),
	IRQMOD_VECTOR_CUSTOM_SET(average_size),
	IRQMOD_VECTOR_CUSTOM_SET(ixgbe_legacy),
	IRQMOD_VECTOR_CUSTOM_SET(idle_poll),
	IRQMOD_VECTOR_CUSTOM_SET(defer_irq),
	IRQMOD_VECTOR_CUSTOM_SET(recheck),
	{ NULL, 0, NULL, NULL },
};

#endif /* IRQMOD_TESTS_VECTOR_SETS_H */
