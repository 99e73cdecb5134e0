/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The three hybrids' entries for the dispatcher (lib/hybrid.c), which sits
 * above them; each hybrid's file defines its own. Internal: not installed.
 */
#ifndef IRQMOD_HYBRID_STEPS_H
#define IRQMOD_HYBRID_STEPS_H

#include "irqmod/hybrid.h"

/*
 * The hybrids' updates on a whole struct irqmod_hybrid, for
 * irqmod_hybrid_update()'s table (lib/hybrid.c): the dispatcher jumps to
 * them with its own arguments unchanged, and only the re-arm path loads the
 * inner controller (issue 20: passing it and the hybrid's state cost five
 * instructions on every call). Same answers as irqmod_<hybrid>_update();
 * each one's body is shared with it (static inline in its file).
 */
void irqmod_idle_poll_step(struct irqmod_hybrid *hybrid, const struct irqmod_sample *sample,
			   struct irqmod_decision *decision);
void irqmod_defer_irq_step(struct irqmod_hybrid *hybrid, const struct irqmod_sample *sample,
			   struct irqmod_decision *decision);
void irqmod_recheck_step(struct irqmod_hybrid *hybrid, const struct irqmod_sample *sample,
			 struct irqmod_decision *decision);

#endif /* IRQMOD_HYBRID_STEPS_H */
