/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "deps.h"
#include "hybrid_internal.h"

bool irqmod_sample_has_work(const struct irqmod_sample *sample)
{
	return irqmod_hybrid_has_work(sample);
}

_Static_assert(IRQMOD_ACTION_REARM == 0, "counters_init clears last_action to REARM");

void irqmod_hybrid_counters_init(struct irqmod_hybrid_counters *counters)
{
	if (!counters)
		return;
	/* All zero; IRQMOD_ACTION_REARM is 0. */
	IRQMOD_MEMSET(counters, 0, sizeof(*counters));
}

void irqmod_hybrid_count(struct irqmod_hybrid_counters *counters,
			 const struct irqmod_sample *sample,
			 const struct irqmod_decision *decision)
{
	bool empty;

	if (!counters || !sample || !decision)
		return;
	empty = !irqmod_hybrid_has_work(sample);
	if (empty) {
		counters->empty_polls++;
		if (counters->last_action == IRQMOD_ACTION_POLL &&
		    sample->now_ns > counters->last_now_ns)
			counters->idle_polling_ns +=
				sample->now_ns - counters->last_now_ns;
	}
	if (decision->action == IRQMOD_ACTION_POLL)
		counters->polls_deferred++;
	else
		counters->interrupts_armed++;
	counters->last_now_ns = sample->now_ns;
	counters->last_action = decision->action;
}
