/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Step shapes that several worked-example vector headers share, so that each
 * shape and the code that checks it exist once. Like every vector header,
 * this one includes only irqmod headers.
 */
#ifndef IRQMOD_VECTORS_STEPS_H
#define IRQMOD_VECTORS_STEPS_H

#include "irqmod/common.h"

/**
 * struct irqmod_register_vector_step - one sample and the expected answer of
 * a controller that keeps a register value in its state (average-size,
 * latency-class, ixgbe-legacy).
 * @sample: what the poll reports.
 * @register_value: expected register value of the state after the update
 *                  (ixgbe-legacy: q_vector->itr, usecs << 2).
 * @interval_ns: expected decision interval, RX and TX.
 * @changed: expected decision.changed.
 */
struct irqmod_register_vector_step {
	struct irqmod_sample sample;
	uint32_t register_value;
	uint32_t interval_ns;
	bool changed;
};

/**
 * struct irqmod_hybrid_vector_step - one call of a hybrid (defer-irq,
 * idle-poll, recheck) wrapping a static inner controller.
 * @sample: what the driver reports.
 * @action: expected enum irqmod_action.
 * @poll_delay_ns: expected delay (POLL answers), 0 for re-arms.
 * @rx_interval_ns: expected interval (the inner's on re-arm, 0 on POLL).
 */
struct irqmod_hybrid_vector_step {
	struct irqmod_sample sample;
	uint8_t action;
	uint32_t poll_delay_ns;
	uint32_t rx_interval_ns;
};

#endif /* IRQMOD_VECTORS_STEPS_H */
