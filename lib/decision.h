/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Internal: the one place a "re-arm with this interval" decision is filled in. */
#ifndef IRQMOD_DECISION_H
#define IRQMOD_DECISION_H

/* offsetof comes through common.h: <stddef.h>, or <linux/stddef.h> in a kernel. */
#include "irqmod/common.h"

#include "deps.h"

/*
 * The layout irqmod_decision_store() and irqmod_decision_rearm() write with
 * wide stores: both intervals (as one 8-byte word, or the same 4 bytes
 * twice), the poll delay and rate limit as a zero 8-byte word, frames and
 * action (REARM is 0) as a zero 4-byte word over the tail, and then the
 * changed byte.
 */
_Static_assert(offsetof(struct irqmod_decision, tx_interval_ns) == 4 &&
	       offsetof(struct irqmod_decision, poll_delay_ns) == 8 &&
	       offsetof(struct irqmod_decision, rate_limit_ns) == 12 &&
	       offsetof(struct irqmod_decision, frames) == 16 &&
	       offsetof(struct irqmod_decision, action) == 18 &&
	       offsetof(struct irqmod_decision, changed) == 19 &&
	       sizeof(struct irqmod_decision) == 20,
	       "irqmod_decision_rearm() assumes the 20-byte decision layout");
_Static_assert(IRQMOD_ACTION_REARM == 0, "the zero tail word must mean REARM");

/*
 * Multiplying a 32-bit interval by this puts it in both halves of a 64-bit
 * word, which therefore reads the same on either byte order.
 */
#define IRQMOD_DECISION_BOTH_HALVES 0x100000001ull

/*
 * The three stores and the changed byte. Each copy is addressed from the
 * start of the struct, not from a field, since it spans two fields (a
 * kernel's FORTIFY_SOURCE checks a copy against the field it starts at).
 */
static inline void irqmod_decision_store(struct irqmod_decision *decision,
					 uint64_t both, bool changed)
{
	unsigned char *bytes = (unsigned char *)decision;
	uint64_t none = 0;
	uint32_t tail = 0;

	IRQMOD_MEMCPY(bytes + offsetof(struct irqmod_decision, rx_interval_ns), &both,
		      sizeof(both));
	IRQMOD_MEMCPY(bytes + offsetof(struct irqmod_decision, poll_delay_ns), &none,
		      sizeof(none));
	IRQMOD_MEMCPY(bytes + offsetof(struct irqmod_decision, frames), &tail, sizeof(tail));
	decision->changed = changed;
}

/*
 * irqmod_decision_rearm() - fill @decision: re-arm with @interval_ns on RX
 * and TX, no poll delay, rate limit or frame count.
 *
 * Fixed-size IRQMOD_MEMCPYs (deps.h: one store each at -O2) rather than
 * field by field: every controller fills one decision per update, and the
 * five stores and the interval's copy were a fixed part of each update.
 * The interval is stored twice, not spread into both halves of a word
 * first: from a register that is two stores (or, vectorized, a load, a
 * shuffle and one store) where the spreading took three instructions
 * before its store (vs Linux: latency-class 2 fewer per call).
 */
static inline void irqmod_decision_rearm(struct irqmod_decision *decision,
					 uint32_t interval_ns, bool changed)
{
	unsigned char *bytes = (unsigned char *)decision;
	uint64_t none = 0;
	uint32_t tail = 0;

	IRQMOD_MEMCPY(bytes + offsetof(struct irqmod_decision, rx_interval_ns), &interval_ns,
		      sizeof(interval_ns));
	IRQMOD_MEMCPY(bytes + offsetof(struct irqmod_decision, tx_interval_ns), &interval_ns,
		      sizeof(interval_ns));
	IRQMOD_MEMCPY(bytes + offsetof(struct irqmod_decision, poll_delay_ns), &none,
		      sizeof(none));
	IRQMOD_MEMCPY(bytes + offsetof(struct irqmod_decision, frames), &tail, sizeof(tail));
	decision->changed = changed;
}

/*
 * irqmod_decision_rearm_units() - irqmod_decision_rearm() with the interval
 * given as @units of @unit_ns (a constant, so that the scaling and the
 * spreading into both halves are one multiplication). @units * @unit_ns
 * must fit 32 bits.
 */
static inline void irqmod_decision_rearm_units(struct irqmod_decision *decision,
					       uint32_t units, uint32_t unit_ns,
					       bool changed)
{
	uint64_t both = units * (unit_ns * IRQMOD_DECISION_BOTH_HALVES);

	irqmod_decision_store(decision, both, changed);
}

/*
 * irqmod_decision_frames_rearm() - the tail of a REARM answer that carries
 * a frame count, unchanged: @frames, action REARM (0) and @changed false
 * as one 4-byte store, @frames copied into the first two bytes of a zero
 * word (so the same on either byte order), where three stores of the three
 * fields cost two instructions more. DIM's answer on a call that only
 * counts, which is most calls.
 */
static inline void irqmod_decision_frames_rearm(struct irqmod_decision *decision,
						uint16_t frames)
{
	uint32_t tail = 0;

	IRQMOD_MEMCPY(&tail, &frames, sizeof(frames));
	IRQMOD_MEMCPY((unsigned char *)decision + offsetof(struct irqmod_decision, frames),
		      &tail, sizeof(tail));
}

#endif /* IRQMOD_DECISION_H */
