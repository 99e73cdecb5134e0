/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Helpers the three hybrids share: summing the polls of a cycle, handing the
 * cycle to the inner controller on re-arm, and the two answers. Internal:
 * not installed. Static inline, so each hybrid's update is one function
 * with no calls but the inner controller's (issue 11: they were ~45 % of
 * idle-poll+ixgbe's instructions as out-of-line calls). They sit below the
 * hybrids and know none of them; the dispatcher above the hybrids calls
 * them through lib/hybrid_steps.h.
 */
#ifndef IRQMOD_HYBRID_INTERNAL_H
#define IRQMOD_HYBRID_INTERNAL_H

#include "irqmod/hybrid_base.h"

#include "config_error.h"
#include "deps.h"

/* irqmod_sample_has_work(), inline for the hybrids' hot path. */
static inline bool irqmod_hybrid_has_work(const struct irqmod_sample *sample)
{
	return sample->rx_packets != 0 || sample->tx_packets != 0 ||
	       sample->rx_bytes != 0 || sample->tx_bytes != 0 ||
	       sample->completions != 0 ||
	       (sample->flags & IRQMOD_SAMPLE_BUDGET_EXHAUSTED) != 0;
}

/* Clear the cycle sum (after a re-arm, on init and reset). */
static inline void irqmod_poll_sum_clear(struct irqmod_poll_sum *sum)
{
	sum->rx_bytes = 0;
	sum->tx_bytes = 0;
	sum->rx_packets = 0;
	sum->tx_packets = 0;
}

static inline bool irqmod_poll_sum_is_empty(const struct irqmod_poll_sum *sum)
{
	return (sum->rx_bytes | sum->tx_bytes | sum->rx_packets |
		sum->tx_packets) == 0;
}

/*
 * Add one direction of a poll when both its packets and its bytes fit;
 * otherwise leave the poll out, so packets and bytes keep describing the
 * same polls and bytes per packet stays right.
 *
 * One test instead of two: the poll fits when the packet total is below
 * 2^16, @add_bytes is below 2^32 and the byte total is below 2^32, i.e.
 * when none of the three (the packet total shifted up by 16) has a bit at
 * or above bit 32. The packet total cannot wrap (a u16 plus a u32); the
 * byte total wraps (mod 2^64, defined) only when @add_bytes is 2^32 or more,
 * which the test rejects by @add_bytes itself.
 */
static inline void irqmod_poll_sum_add(uint32_t *bytes, uint16_t *packets,
				       uint64_t add_bytes, uint32_t add_packets)
{
	uint64_t packets_total = (uint64_t)*packets + add_packets;
	uint64_t bytes_total = *bytes + add_bytes;

	if (((packets_total << 16) | bytes_total | add_bytes) >> 32)
		return;
	*packets = (uint16_t)packets_total;
	*bytes = (uint32_t)bytes_total;
}

static inline void irqmod_poll_sum_add_sample(struct irqmod_poll_sum *sum,
					      const struct irqmod_sample *sample)
{
	irqmod_poll_sum_add(&sum->rx_bytes, &sum->rx_packets, sample->rx_bytes,
			    sample->rx_packets);
	irqmod_poll_sum_add(&sum->tx_bytes, &sum->tx_packets, sample->tx_bytes,
			    sample->tx_packets);
}

/*
 * Answer "keep masked, poll again after @delay_ns" after a poll that found
 * no work (irqmod_hybrid_has_work() false): its packet and byte counts are
 * all zero, so there is nothing to add to the sum.
 */
static inline void irqmod_hybrid_answer_poll_idle(uint32_t delay_ns,
						  struct irqmod_decision *decision)
{
	/* No register value goes with a POLL answer: nothing to write. */
	decision->rx_interval_ns = 0;
	decision->tx_interval_ns = 0;
	decision->poll_delay_ns = delay_ns;
	decision->rate_limit_ns = 0;
	decision->frames = 0;
	decision->action = IRQMOD_ACTION_POLL;
	decision->changed = false;
}

/* Answer "keep masked, poll again after @delay_ns"; the sample joins the sum. */
static inline void irqmod_hybrid_answer_poll(struct irqmod_poll_sum *sum,
					     const struct irqmod_sample *sample,
					     uint32_t delay_ns,
					     struct irqmod_decision *decision)
{
	irqmod_poll_sum_add_sample(sum, sample);
	irqmod_hybrid_answer_poll_idle(delay_ns, decision);
}

/*
 * The cycle's sample from the sum and the last poll's time, completions and
 * flags. Field by field (no struct copy): the cycle began with one
 * interrupt, hence one event.
 */
static inline void irqmod_hybrid_cycle_fill(const struct irqmod_poll_sum *sum,
					    const struct irqmod_sample *sample,
					    struct irqmod_sample *cycle)
{
	cycle->now_ns = sample->now_ns;
	cycle->rx_bytes = sum->rx_bytes;
	cycle->tx_bytes = sum->tx_bytes;
	cycle->rx_packets = sum->rx_packets;
	cycle->tx_packets = sum->tx_packets;
	cycle->events = 1;
	cycle->completions = sample->completions;
	cycle->flags = sample->flags;
}

/*
 * The sample the inner controller gets for a cycle that ends with
 * @sample: fills @cycle with the sum plus @sample and returns true, or
 * returns false when @sample alone is the cycle (the sum is empty: a
 * one-poll cycle, or earlier polls without counts).
 */
static inline bool irqmod_hybrid_cycle_sample(struct irqmod_poll_sum *sum,
					      const struct irqmod_sample *sample,
					      struct irqmod_sample *cycle)
{
	if (irqmod_poll_sum_is_empty(sum))
		return false;
	irqmod_poll_sum_add_sample(sum, sample);
	irqmod_hybrid_cycle_fill(sum, sample, cycle);
	return true;
}

/*
 * irqmod_hybrid_cycle_sample() for a cycle that ends with a poll that found
 * no work (irqmod_hybrid_has_work() false): its packet and byte counts are
 * all zero, so the cycle's counts are the sum as it stands.
 */
static inline bool irqmod_hybrid_cycle_sample_empty_poll(const struct irqmod_poll_sum *sum,
							 const struct irqmod_sample *sample,
							 struct irqmod_sample *cycle)
{
	if (irqmod_poll_sum_is_empty(sum))
		return false;
	irqmod_hybrid_cycle_fill(sum, sample, cycle);
	return true;
}

/*
 * Answer "re-arm": the inner controller decides on the whole cycle (the sum
 * plus this sample), then the sum is cleared. The inner controller is
 * @inner when it is not NULL (irqmod_<hybrid>_update()), else @update on
 * @inner_state (irqmod_<hybrid>_step()); a NULL update re-arms with
 * interval 0. Resolving @inner here keeps its loads off the POLL answers.
 * @work is irqmod_hybrid_has_work(@sample), a constant at most call sites:
 * a poll without work adds nothing, so its cycle is the sum as it stands.
 * Each hybrid wraps this in its own IRQMOD_COLD_PATH static function.
 */
static inline void irqmod_hybrid_answer_rearm(struct irqmod_poll_sum *sum,
					      const struct irqmod_inner *inner,
					      irqmod_update_fn update,
					      void *inner_state, bool work,
					      const struct irqmod_sample *sample,
					      struct irqmod_decision *decision)
{
	struct irqmod_sample cycle;
	bool summed;

	if (inner) {
		update = inner->update;
		inner_state = inner->state;
	}
	if (!update) {
		decision->rx_interval_ns = 0;
		decision->tx_interval_ns = 0;
		decision->rate_limit_ns = 0;
		decision->frames = 0;
		decision->changed = false;
		decision->poll_delay_ns = 0;
		decision->action = IRQMOD_ACTION_REARM;
		irqmod_poll_sum_clear(sum);
		return;
	}
	summed = work ? irqmod_hybrid_cycle_sample(sum, sample, &cycle) :
			irqmod_hybrid_cycle_sample_empty_poll(sum, sample, &cycle);
	if (summed) {
		/* Cleared before the call: nothing of @sum is live across it. */
		irqmod_poll_sum_clear(sum);
		update(inner_state, &cycle, decision);
	} else {
		/* An empty sum is already clear. */
		update(inner_state, sample, decision);
	}
	decision->poll_delay_ns = 0;
	decision->action = IRQMOD_ACTION_REARM;
}

#endif /* IRQMOD_HYBRID_INTERNAL_H */
