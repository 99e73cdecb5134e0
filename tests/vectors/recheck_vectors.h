/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Worked examples of re-check before re-arm (docs/recheck.md). Static
 * inner controller at 50 us. Includes only irqmod headers.
 */
#ifndef IRQMOD_RECHECK_VECTORS_H
#define IRQMOD_RECHECK_VECTORS_H

#include "irqmod/recheck.h"
#include "steps.h"

/* Steps are struct irqmod_hybrid_vector_step; poll_delay_ns is always 0 here
 * (recheck looks again at once, or re-arms). */

/** IRQMOD_RECHECK_VECTOR_INNER_NS - interval of the static inner controller. */
#define IRQMOD_RECHECK_VECTOR_INNER_NS 50000u
/* One full-size Ethernet frame: 1514 bytes without FCS (IEEE 802.3). */
#define IRQMOD_RECHECK_VECTOR_FRAME_BYTES 1514u
/** IRQMOD_RECHECK_VECTOR_MAX_STEPS - longest step list below. */
#define IRQMOD_RECHECK_VECTOR_MAX_STEPS 6

/**
 * struct irqmod_recheck_vector - a config and the steps that follow init.
 * @name: what the example shows.
 * @config: settings.
 * @step_count: valid entries of @steps.
 * @steps: the calls, in order.
 */
struct irqmod_recheck_vector {
	const char *name;
	struct irqmod_recheck_config config;
	uint32_t step_count;
	struct irqmod_hybrid_vector_step steps[IRQMOD_RECHECK_VECTOR_MAX_STEPS];
};

#define RC_WORK(t, n) { .now_ns = (t), .rx_packets = (n), \
	.rx_bytes = (uint64_t)(n) * IRQMOD_RECHECK_VECTOR_FRAME_BYTES }
#define RC_EMPTY(t) { .now_ns = (t) }
#define RC_POLL IRQMOD_ACTION_POLL, 0, 0
#define RC_REARM IRQMOD_ACTION_REARM, 0, IRQMOD_RECHECK_VECTOR_INNER_NS

static const struct irqmod_recheck_vector irqmod_recheck_vectors[] = {
	/*
	 * Two rounds. Work: round 1, look again. Work: round 2. Work with
	 * both rounds spent: re-arm (rounds back to 0). Next cycle: work,
	 * round 1; the re-check finds nothing: re-arm. An interrupt whose
	 * poll finds nothing re-arms at once.
	 */
	{ "bounded rounds while polls find work", { 2 }, 6, {
		{ RC_WORK(0, 5), RC_POLL },
		{ RC_WORK(1000, 2), RC_POLL },
		{ RC_WORK(2000, 1), RC_REARM },
		{ RC_WORK(50000, 3), RC_POLL },
		{ RC_EMPTY(51000), RC_REARM },
		{ RC_EMPTY(90000), RC_REARM },
	} },
	/* Zero rounds: plain interrupts, every poll re-arms. */
	{ "zero rounds re-arm after every poll", { 0 }, 2, {
		{ RC_WORK(0, 5), RC_REARM },
		{ RC_EMPTY(1000), RC_REARM },
	} },
};

#undef RC_WORK
#undef RC_EMPTY
#undef RC_POLL
#undef RC_REARM

#endif /* IRQMOD_RECHECK_VECTORS_H */
