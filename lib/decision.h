/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Internal: the one place a "re-arm with this interval" decision is filled in. */
#ifndef IRQMOD_DECISION_H
#define IRQMOD_DECISION_H

#include "irqmod/common.h"

/*
 * Field by field, not by struct assignment: a compound-literal copy makes
 * clang -O0 call memcpy, which the freestanding core must not need.
 */
static inline void irqmod_decision_rearm(struct irqmod_decision *decision,
					 uint32_t interval_ns, bool changed)
{
	decision->rx_interval_ns = interval_ns;
	decision->tx_interval_ns = interval_ns;
	decision->poll_delay_ns = 0;
	decision->rate_limit_ns = 0;
	decision->frames = 0;
	decision->action = IRQMOD_ACTION_REARM;
	decision->changed = changed;
}

#endif /* IRQMOD_DECISION_H */
