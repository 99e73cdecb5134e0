/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * A controller per queue in a controller list: "q0=latency-target/q1=ixgbe"
 * names one row of irqmod-sim whose queue N runs the controller after "qN="
 * (any name irqmod_scenario_controller() takes, hybrids included).
 */
#ifndef IRQMOD_SCENARIO_QUEUE_CONTROLLERS_H
#define IRQMOD_SCENARIO_QUEUE_CONTROLLERS_H

#include "irqmod/scenario.h"

/**
 * struct irqmod_queue_controllers - a row's controllers, resolved.
 * @count: 1 (one controller for every queue) or one per queue.
 * @names: the name of each (for a per-queue row, the text after "qN=").
 * @configs: each one's hybrid config (kind IRQMOD_HYBRID_NONE: run @inner).
 */
struct irqmod_queue_controllers {
	uint32_t count;
	char names[IRQMOD_SIM_MAX_QUEUES][IRQMOD_SCENARIO_NAME_BYTES];
	struct irqmod_hybrid_config configs[IRQMOD_SIM_MAX_QUEUES];
};

/**
 * irqmod_queue_controllers_resolve() - resolve one entry of a controller
 * list: a plain name (irqmod_scenario_controller()), or "qN=NAME/qM=NAME..."
 * with every queue 0 .. @queues - 1 named exactly once.
 * @scenario: passed to irqmod_scenario_controller().
 * @spec: the list entry.
 * @link_speed_mbps: link the controllers' defaults are for.
 * @queues: the scenario's queues; 0 checks the names only (the list is
 *	read before the queue count may be known).
 * @out: filled in.
 * @message: receives what is wrong, naming the queue.
 * @message_bytes: size of @message.
 * Return: 0 or -IRQMOD_SCENARIO_ECONTROLLER.
 */
int irqmod_queue_controllers_resolve(const struct irqmod_scenario *scenario, const char *spec,
				     uint32_t link_speed_mbps, uint32_t queues,
				     struct irqmod_queue_controllers *out, char *message,
				     size_t message_bytes);

/**
 * irqmod_queue_controllers_fill() - the simulator's controllers of a
 * resolved row (irqmod_sim_run_queues() takes @controllers and @out->count).
 * @row: resolved by irqmod_queue_controllers_resolve(); must outlive the run
 *	(the names point into it).
 * @controllers: @row->count entries, filled in.
 */
void irqmod_queue_controllers_fill(const struct irqmod_queue_controllers *row,
				   struct irqmod_sim_controller *controllers);

/**
 * irqmod_queue_controllers_name() - the controller a row runs on @queue,
 * from its text alone: the whole @spec for a plain name, the text after
 * "qN=" for a per-queue row ("" when @queue is not in it).
 * @spec: the row's controller (a controller-list entry).
 * @queue: the queue.
 * @name: receives the name.
 * @bytes: size of @name.
 */
void irqmod_queue_controllers_name(const char *spec, uint32_t queue, char *name, size_t bytes);

#endif /* IRQMOD_SCENARIO_QUEUE_CONTROLLERS_H */
