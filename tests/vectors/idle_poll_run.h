/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* The runner for idle_poll_vectors.h (docs/idle-poll.md): the shared hybrid runner. */
#ifndef IRQMOD_TESTS_IDLE_POLL_RUN_H
#define IRQMOD_TESTS_IDLE_POLL_RUN_H

#include "hybrid_run.h"
#include "idle_poll_vectors.h"

IRQMOD_HYBRID_VECTOR_RUNNER(idle_poll, IDLE_POLL)

#endif /* IRQMOD_TESTS_IDLE_POLL_RUN_H */
