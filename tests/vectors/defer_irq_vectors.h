/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Worked examples of deferred hard IRQs and IRQ suspension
 * (docs/defer-irq.md), following napi_complete_done() in Linux
 * net/core/dev.c. Static inner controller at 50 us. Includes only irqmod
 * headers.
 */
#ifndef IRQMOD_DEFER_IRQ_VECTORS_H
#define IRQMOD_DEFER_IRQ_VECTORS_H

#include "irqmod/defer_irq.h"
#include "steps.h"

/** IRQMOD_DEFER_IRQ_VECTOR_INNER_NS - interval of the static inner controller. */
#define IRQMOD_DEFER_IRQ_VECTOR_INNER_NS 50000u
/* One full-size Ethernet frame: 1514 bytes without FCS (IEEE 802.3). */
#define IRQMOD_DEFER_IRQ_VECTOR_FRAME_BYTES 1514u
/** IRQMOD_DEFER_IRQ_VECTOR_MAX_STEPS - longest step list below. */
#define IRQMOD_DEFER_IRQ_VECTOR_MAX_STEPS 8

/**
 * struct irqmod_defer_irq_vector - a config and the steps that follow init.
 * @name: what the example shows.
 * @config: settings.
 * @step_count: valid entries of @steps.
 * @steps: the calls, in order.
 */
struct irqmod_defer_irq_vector {
	const char *name;
	struct irqmod_defer_irq_config config;
	uint32_t step_count;
	struct irqmod_hybrid_vector_step steps[IRQMOD_DEFER_IRQ_VECTOR_MAX_STEPS];
};

#define DI_WORK(t, n, f) { .now_ns = (t), .rx_packets = (n), \
	.rx_bytes = (uint64_t)(n) * IRQMOD_DEFER_IRQ_VECTOR_FRAME_BYTES, .flags = (f) }
#define DI_EMPTY(t, f) { .now_ns = (t), .flags = (f) }
#define DI_POLL(d) IRQMOD_ACTION_POLL, (d), 0
#define DI_REARM IRQMOD_ACTION_REARM, 0, IRQMOD_DEFER_IRQ_VECTOR_INNER_NS
#define DI_APP IRQMOD_SAMPLE_APP_FOUND_EVENTS

static const struct irqmod_defer_irq_vector irqmod_defer_irq_vectors[] = {
	/*
	 * N = 2, T = 20 us. Work reloads the count to 2 and spends one (1
	 * left): POLL. Empty: 1 -> 0, POLL. Empty with 0 left: re-arm. So N
	 * empty polls follow the last work and the N-th re-arms. Work at
	 * 120 us reloads again in the middle of a deferral.
	 */
	{ "N empty polls, then re-arm; work reloads", { 2, 20000, 0, 0 }, 7, {
		{ DI_WORK(0, 8, IRQMOD_SAMPLE_FROM_INTERRUPT), DI_POLL(20000) },
		{ DI_EMPTY(20000, 0), DI_POLL(20000) },
		{ DI_EMPTY(40000, 0), DI_REARM },
		{ DI_WORK(100000, 2, IRQMOD_SAMPLE_FROM_INTERRUPT), DI_POLL(20000) },
		{ DI_WORK(120000, 1, 0), DI_POLL(20000) },
		{ DI_EMPTY(140000, 0), DI_POLL(20000) },
		{ DI_EMPTY(160000, 0), DI_REARM },
	} },
	/*
	 * gro_flush_timeout 0: Linux spends the count but keeps ret = true,
	 * so the interrupt is re-armed after every poll.
	 */
	{ "zero timeout disables deferral, as in Linux", { 3, 0, 0, 0 }, 3, {
		{ DI_WORK(0, 1, IRQMOD_SAMPLE_FROM_INTERRUPT), DI_REARM },
		{ DI_EMPTY(10000, IRQMOD_SAMPLE_FROM_INTERRUPT), DI_REARM },
		{ DI_WORK(20000, 1, IRQMOD_SAMPLE_FROM_INTERRUPT), DI_REARM },
	} },
	/*
	 * N = 1, T = 20 us, suspension 5 ms bounded by 2 empty polls. Work
	 * with the application finding events: suspended (count stays 1,
	 * 2 empty suspended polls left). Two empties with events: 1, 0 left,
	 * still suspended. A third: the bound is spent, so the defer path
	 * runs (1 -> 0, POLL 20 us); then re-arm. Work without events at
	 * 60 us defers (count 1 -> 0) and reloads the suspension bound; an
	 * empty poll with events is suspended again (2 -> 1); an empty poll
	 * without events finds the count at 0: re-arm.
	 */
	{ "IRQ suspension while the application finds events", { 1, 20000, 5000000, 2 }, 8, {
		{ DI_WORK(0, 4, IRQMOD_SAMPLE_FROM_INTERRUPT | DI_APP), DI_POLL(5000000) },
		{ DI_EMPTY(10000, DI_APP), DI_POLL(5000000) },
		{ DI_EMPTY(20000, DI_APP), DI_POLL(5000000) },
		{ DI_EMPTY(30000, DI_APP), DI_POLL(20000) },
		{ DI_EMPTY(50000, DI_APP), DI_REARM },
		{ DI_WORK(60000, 1, IRQMOD_SAMPLE_FROM_INTERRUPT), DI_POLL(20000) },
		{ DI_EMPTY(80000, DI_APP), DI_POLL(5000000) },
		{ DI_EMPTY(90000, 0), DI_REARM },
	} },
};

#undef DI_WORK
#undef DI_EMPTY
#undef DI_POLL
#undef DI_REARM
#undef DI_APP

#endif /* IRQMOD_DEFER_IRQ_VECTORS_H */
