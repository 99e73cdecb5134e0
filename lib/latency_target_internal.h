/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Internal: the latency-target controller's counting path and its
 * out-of-line parts, reachable by the tests. Not installed, not exported.
 */
#ifndef IRQMOD_LATENCY_TARGET_INTERNAL_H
#define IRQMOD_LATENCY_TARGET_INTERNAL_H

#include "irqmod/latency_target.h"

#include "deps.h"

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

/*
 * irqmod_latency_target_update_window() - the window's last call, out of
 * line from irqmod_latency_target_update(): @state has the call's packets
 * counted and @countdown counted down to 0. The window closes: its means
 * are the estimate, and the mode and interval are decided and cached.
 */
void irqmod_latency_target_update_window(struct irqmod_latency_target *state,
					 const struct irqmod_sample *sample,
					 struct irqmod_decision *decision);

/*
 * irqmod_latency_target_update_edge() - a call with no RX packets or more
 * than IRQMOD_LATENCY_TARGET_MAX_PACKETS_PER_CALL, out of line from
 * irqmod_latency_target_update(): counts the call (the packets capped) and
 * answers as the counting path does; an empty poll while polling re-arms
 * at once. Not exported (tests/test_latency_target_stream.c calls it to
 * drive its model's empty polls).
 */
void irqmod_latency_target_update_edge(struct irqmod_latency_target *state,
				       const struct irqmod_sample *sample,
				       struct irqmod_decision *decision);

/*
 * irqmod_latency_target_count() - add one call of @packets (1 to
 * IRQMOD_LATENCY_TARGET_MAX_PACKETS_PER_CALL, or 0) to the window's sums.
 *
 * The packets go to @window_packets, and the part of the call's packets
 * above the previous window's mean, max(packets_q8 - @packets_avg_q8, 0),
 * to @window_above_q8: the window's close turns the two into the sum of
 * |packets_q8 - @packets_avg_q8| (|d| = 2 max(d, 0) - d, summed). Both
 * operands are at most 2^24, so the difference mod 2^32 has its sign in
 * bit 31, and the positive part is one subtraction and a conditional move.
 */
static inline void irqmod_latency_target_count(struct irqmod_latency_target *state,
					       uint32_t packets)
{
	uint32_t above;

	state->window_packets += packets;
	above = (packets << IRQMOD_LATENCY_TARGET_Q8_SHIFT) - state->packets_avg_q8;
	if (above >> 31)
		above = 0;
	state->window_above_q8 += above;
}

/*
 * irqmod_latency_target_answer_poll() - POLL with @delay_ns into @decision:
 * zero intervals, the delay, action POLL, not changed.
 *
 * Three wide stores (IRQMOD_MEMCPY, one store each at -O2), addressed from
 * the start of the struct (a kernel's FORTIFY_SOURCE checks a copy against
 * the field it starts at), the same on either byte order: 8 zero bytes over
 * the intervals, the delay and a zero rate limit, the tail's four bytes
 * (frames 0, POLL, not changed). Field by field it is one instruction more
 * on every call that answers the cached POLL.
 */
static inline void irqmod_latency_target_answer_poll(struct irqmod_decision *decision,
						     uint32_t delay_ns)
{
	unsigned char *to = (unsigned char *)decision;
	const unsigned char tail[4] = { 0, 0, IRQMOD_ACTION_POLL, 0 };
	uint64_t none = 0;
	uint32_t delay_pair[2];

	delay_pair[0] = delay_ns;
	delay_pair[1] = 0; /* the rate limit */
	IRQMOD_MEMCPY(to + offsetof(struct irqmod_decision, rx_interval_ns), &none, sizeof(none));
	IRQMOD_MEMCPY(to + offsetof(struct irqmod_decision, poll_delay_ns), delay_pair,
		      sizeof(delay_pair));
	IRQMOD_MEMCPY(to + offsetof(struct irqmod_decision, frames), tail, sizeof(tail));
}

/*
 * irqmod_latency_target_answer() - the cached answer into @decision: POLL
 * with zero intervals and @poll_delay_ns while that is set; else REARM at
 * @interval_ns, unchanged.
 *
 * Wide copies, as irqmod_latency_target_answer_poll() stores: REARM is one
 * 8-byte load of @interval_ns and @poll_delay_ns (0 then, and adjacent in
 * the state: lib/latency_target.c asserts it) and three stores: RX from its
 * first four bytes, TX and the poll delay from all eight, then 8 zero bytes
 * (REARM is 0). Field by field it is one instruction more per call.
 */
static inline void irqmod_latency_target_answer(const struct irqmod_latency_target *state,
						struct irqmod_decision *decision)
{
	unsigned char *to = (unsigned char *)decision;
	const unsigned char *from = (const unsigned char *)state;
	uint64_t none = 0, cached;

	if (state->poll_delay_ns != 0) {
		irqmod_latency_target_answer_poll(decision, state->poll_delay_ns);
		return;
	}
	/* One load: the word's first four bytes are @interval_ns on either byte order. */
	IRQMOD_MEMCPY(&cached, from + offsetof(struct irqmod_latency_target, interval_ns),
		      sizeof(cached));
	IRQMOD_MEMCPY(to + offsetof(struct irqmod_decision, rx_interval_ns), &cached,
		      sizeof(uint32_t));
	IRQMOD_MEMCPY(to + offsetof(struct irqmod_decision, tx_interval_ns), &cached,
		      sizeof(cached));
	IRQMOD_MEMCPY(to + offsetof(struct irqmod_decision, rate_limit_ns), &none, sizeof(none));
}

#endif /* IRQMOD_LATENCY_TARGET_INTERNAL_H */
