/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/**
 * DOC: running a hybrid in the simulator
 *
 * The simulator calls one controller per queue. A hybrid (idle poll, defer
 * IRQ, re-check; include/irqmod/hybrid.h) answers IRQMOD_ACTION_POLL as
 * well as IRQMOD_ACTION_REARM, and the simulator honours both, so running
 * one needs only a user-defined controller (irqmod_sim_update_fn) that
 * keeps a struct irqmod_hybrid per queue. struct irqmod_sim_hybrid is that
 * adapter: set it up with irqmod_sim_hybrid_setup() before every run (it
 * starts each queue's hybrid afresh) and pass the filled-in
 * struct irqmod_sim_controller to irqmod_sim_run().
 */
#ifndef IRQMOD_SIM_HYBRID_H
#define IRQMOD_SIM_HYBRID_H

#include "irqmod/hybrid.h"
#include "irqmod/sim.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * struct irqmod_sim_hybrid - one hybrid per simulated queue (caller-owned).
 * @queue: the hybrid (with its inner interval controller) of each queue.
 * @counters: what each queue's hybrid answered (irqmod_hybrid_count()).
 */
struct irqmod_sim_hybrid {
	struct irqmod_hybrid queue[IRQMOD_SIM_MAX_QUEUES];
	struct irqmod_hybrid_counters counters[IRQMOD_SIM_MAX_QUEUES];
};

/**
 * irqmod_sim_hybrid_setup() - start every queue's hybrid and describe the
 * adapter as a simulator controller.
 * @adapter: caller-owned adapter; must outlive the run.
 * @config: hybrid kind, its settings and the inner controller's.
 * @name: label for the results (kept, not copied: must outlive the run).
 * @controller: filled in: @update, @context = @adapter, @name, and
 *	@initial_interval_ns = the inner controller's start interval
 *	(irqmod_controller_current() after init).
 * Return: 0, -IRQMOD_EINVAL for NULL, or irqmod_hybrid_init()'s error
 * (@adapter is then partly set up and must not be run).
 */
IRQMOD_API int irqmod_sim_hybrid_setup(struct irqmod_sim_hybrid *adapter,
				       const struct irqmod_hybrid_config *config, const char *name,
				       struct irqmod_sim_controller *controller);

/**
 * irqmod_sim_hybrid_update() - the irqmod_sim_update_fn of the adapter.
 * @context: the struct irqmod_sim_hybrid.
 * @queue: simulated queue (below IRQMOD_SIM_MAX_QUEUES).
 * @sample: what the poll found.
 * @decision: the queue's hybrid's answer.
 */
IRQMOD_API void irqmod_sim_hybrid_update(void *context, uint32_t queue,
					 const struct irqmod_sample *sample,
					 struct irqmod_decision *decision);

/**
 * irqmod_sim_hybrid_total() - add up the counters of the first @queues queues.
 * @adapter: adapter after a run.
 * @queues: queues to add (the simulator's config.queues).
 * @total: filled with the sums of interrupts_armed, polls_deferred,
 *	empty_polls and idle_polling_ns; the bookkeeping fields are zero.
 */
IRQMOD_API void irqmod_sim_hybrid_total(const struct irqmod_sim_hybrid *adapter, uint32_t queues,
					struct irqmod_hybrid_counters *total);

#ifdef __cplusplus
}
#endif

#endif /* IRQMOD_SIM_HYBRID_H */
