/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* The runner for recheck_vectors.h (docs/recheck.md): the shared hybrid runner. */
#ifndef IRQMOD_TESTS_RECHECK_RUN_H
#define IRQMOD_TESTS_RECHECK_RUN_H

#include "hybrid_run.h"
#include "recheck_vectors.h"

IRQMOD_HYBRID_VECTOR_RUNNER(recheck, RECHECK)

#endif /* IRQMOD_TESTS_RECHECK_RUN_H */
