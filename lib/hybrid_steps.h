/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The three hybrids' entries for the dispatcher (lib/hybrid.c), which sits
 * above them; each hybrid's file defines its own. Internal: not installed.
 */
#ifndef IRQMOD_HYBRID_STEPS_H
#define IRQMOD_HYBRID_STEPS_H

#include "irqmod/defer_irq.h"
#include "irqmod/hybrid_base.h"
#include "irqmod/idle_poll.h"
#include "irqmod/recheck.h"

/*
 * The hybrids' updates with the inner controller as two arguments instead
 * of a struct irqmod_inner, for irqmod_hybrid_update(): it can then jump
 * to them with &hybrid->inner.state, no struct on its stack and no frame
 * (lib/hybrid.c). Same answers as irqmod_<hybrid>_update(); each one's
 * body is shared with it (static inline in its file).
 */
void irqmod_idle_poll_step(struct irqmod_idle_poll *state, irqmod_update_fn update,
			   void *inner_state, const struct irqmod_sample *sample,
			   struct irqmod_decision *decision);
void irqmod_defer_irq_step(struct irqmod_defer_irq *state, irqmod_update_fn update,
			   void *inner_state, const struct irqmod_sample *sample,
			   struct irqmod_decision *decision);
void irqmod_recheck_step(struct irqmod_recheck *state, irqmod_update_fn update,
			 void *inner_state, const struct irqmod_sample *sample,
			 struct irqmod_decision *decision);

#endif /* IRQMOD_HYBRID_STEPS_H */
