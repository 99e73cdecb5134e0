/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Internal: the latency-target controller's decision, reachable by the tests. */
#ifndef IRQMOD_LATENCY_TARGET_INTERNAL_H
#define IRQMOD_LATENCY_TARGET_INTERNAL_H

#include "irqmod/latency_target.h"

/*
 * irqmod_latency_target_decide() - what a window's close decides from its
 * estimate, without the window's bookkeeping: the mode and interval,
 * cached in @state and answered in @decision. @packets_q8 and
 * @deviation_q8 are the window's mean packets per call and mean
 * |packets - previous mean| (24.8, at most 2^24), @gap_ns its time per call
 * (1 to 2^30), @empty whether the closing call's poll found nothing.
 * Not exported (tests/test_latency_target_stream.c models the bookkeeping
 * and calls it to decide).
 */
void irqmod_latency_target_decide(struct irqmod_latency_target *state, uint32_t packets_q8,
				  uint32_t deviation_q8, uint32_t gap_ns, bool empty,
				  struct irqmod_decision *decision);

#endif /* IRQMOD_LATENCY_TARGET_INTERNAL_H */
