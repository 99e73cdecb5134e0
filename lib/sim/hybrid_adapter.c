/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * A struct irqmod_hybrid per simulated queue behind the simulator's
 * user-defined controller callback (include/irqmod/sim_hybrid.h).
 */
#include <string.h>

#include "irqmod/sim_hybrid.h"

int irqmod_sim_hybrid_setup(struct irqmod_sim_hybrid *adapter,
			    const struct irqmod_hybrid_config *config, const char *name,
			    struct irqmod_sim_controller *controller)
{
	struct irqmod_decision start;
	uint32_t i;
	int error;

	if (!adapter || !config || !controller)
		return -IRQMOD_EINVAL;
	for (i = 0; i < IRQMOD_SIM_MAX_QUEUES; i++) {
		error = irqmod_hybrid_init(&adapter->queue[i], config);
		if (error)
			return error;
		irqmod_hybrid_counters_init(&adapter->counters[i]);
	}
	memset(controller, 0, sizeof(*controller));
	controller->name = name;
	controller->update = irqmod_sim_hybrid_update;
	controller->context = adapter;
	/* The driver programs the inner controller's start interval. */
	irqmod_controller_current(&adapter->queue[0].inner, &start);
	controller->initial_interval_ns = start.rx_interval_ns;
	/* The simulator reads @generic only when @update is NULL; keep it
	 * describing the inner controller for reports. */
	controller->generic = config->inner;
	return 0;
}

void irqmod_sim_hybrid_update(void *context, uint32_t queue, const struct irqmod_sample *sample,
			      struct irqmod_decision *decision)
{
	struct irqmod_sim_hybrid *adapter = context;

	if (queue >= IRQMOD_SIM_MAX_QUEUES)
		queue = IRQMOD_SIM_MAX_QUEUES - 1;
	irqmod_hybrid_update(&adapter->queue[queue], sample, decision);
	irqmod_hybrid_count(&adapter->counters[queue], sample, decision);
}

void irqmod_sim_hybrid_total(const struct irqmod_sim_hybrid *adapter, uint32_t queues,
			     struct irqmod_hybrid_counters *total)
{
	uint32_t i;

	memset(total, 0, sizeof(*total));
	if (queues > IRQMOD_SIM_MAX_QUEUES)
		queues = IRQMOD_SIM_MAX_QUEUES;
	for (i = 0; i < queues; i++) {
		total->interrupts_armed += adapter->counters[i].interrupts_armed;
		total->polls_deferred += adapter->counters[i].polls_deferred;
		total->empty_polls += adapter->counters[i].empty_polls;
		total->idle_polling_ns += adapter->counters[i].idle_polling_ns;
	}
}
