/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* The runner for defer_irq_vectors.h (docs/defer-irq.md): the shared hybrid runner. */
#ifndef IRQMOD_TESTS_DEFER_IRQ_RUN_H
#define IRQMOD_TESTS_DEFER_IRQ_RUN_H

#include "hybrid_run.h"
#include "defer_irq_vectors.h"

IRQMOD_HYBRID_VECTOR_RUNNER(defer_irq, DEFER_IRQ)

#endif /* IRQMOD_TESTS_DEFER_IRQ_RUN_H */
