/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "hybrid_internal.h"

bool irqmod_sample_has_work(const struct irqmod_sample *sample)
{
	return sample->rx_packets != 0 || sample->tx_packets != 0 ||
	       sample->rx_bytes != 0 || sample->tx_bytes != 0 ||
	       sample->completions != 0 ||
	       (sample->flags & IRQMOD_SAMPLE_BUDGET_EXHAUSTED) != 0;
}

void irqmod_poll_sum_clear(struct irqmod_poll_sum *sum)
{
	sum->rx_bytes = 0;
	sum->tx_bytes = 0;
	sum->rx_packets = 0;
	sum->tx_packets = 0;
}

static bool sum_is_empty(const struct irqmod_poll_sum *sum)
{
	return sum->rx_bytes == 0 && sum->tx_bytes == 0 &&
	       sum->rx_packets == 0 && sum->tx_packets == 0;
}

/*
 * Add one direction of a poll when both its packets and its bytes fit;
 * otherwise leave the poll out, so packets and bytes keep describing the
 * same polls and bytes per packet stays right.
 */
static void sum_add(uint32_t *bytes, uint16_t *packets, uint64_t add_bytes,
		    uint32_t add_packets)
{
	if (add_packets > (uint32_t)(UINT16_MAX - *packets))
		return;
	if (add_bytes > (uint64_t)(UINT32_MAX - *bytes))
		return;
	*packets = (uint16_t)(*packets + add_packets);
	*bytes += (uint32_t)add_bytes;
}

static void sum_add_sample(struct irqmod_poll_sum *sum,
			   const struct irqmod_sample *sample)
{
	sum_add(&sum->rx_bytes, &sum->rx_packets, sample->rx_bytes,
		sample->rx_packets);
	sum_add(&sum->tx_bytes, &sum->tx_packets, sample->tx_bytes,
		sample->tx_packets);
}

void irqmod_hybrid_answer_poll(struct irqmod_poll_sum *sum,
			       const struct irqmod_sample *sample,
			       uint32_t delay_ns,
			       struct irqmod_decision *decision)
{
	sum_add_sample(sum, sample);
	/* No register value goes with a POLL answer: nothing to write. */
	decision->rx_interval_ns = 0;
	decision->tx_interval_ns = 0;
	decision->poll_delay_ns = delay_ns;
	decision->rate_limit_ns = 0;
	decision->frames = 0;
	decision->action = IRQMOD_ACTION_POLL;
	decision->changed = false;
}

bool irqmod_hybrid_cycle_sample(struct irqmod_poll_sum *sum,
				const struct irqmod_sample *sample,
				struct irqmod_sample *cycle)
{
	/* A one-poll cycle (or earlier polls without counts): the driver's
	 * own sample is the whole cycle and goes on unchanged. */
	if (sum_is_empty(sum))
		return false;
	sum_add_sample(sum, sample);
	/* Field by field: no struct copy, no memset. The cycle began with
	 * one interrupt, hence one event. */
	cycle->now_ns = sample->now_ns;
	cycle->rx_bytes = sum->rx_bytes;
	cycle->tx_bytes = sum->tx_bytes;
	cycle->rx_packets = sum->rx_packets;
	cycle->tx_packets = sum->tx_packets;
	cycle->events = 1;
	cycle->completions = sample->completions;
	cycle->flags = sample->flags;
	return true;
}

void irqmod_hybrid_answer_rearm(struct irqmod_poll_sum *sum,
				struct irqmod_controller *inner,
				const struct irqmod_sample *sample,
				struct irqmod_decision *decision)
{
	struct irqmod_sample cycle;

	if (!inner) {
		decision->rx_interval_ns = 0;
		decision->tx_interval_ns = 0;
		decision->rate_limit_ns = 0;
		decision->frames = 0;
		decision->changed = false;
	} else if (irqmod_hybrid_cycle_sample(sum, sample, &cycle)) {
		irqmod_controller_update(inner, &cycle, decision);
	} else {
		irqmod_controller_update(inner, sample, decision);
	}
	irqmod_poll_sum_clear(sum);
	decision->poll_delay_ns = 0;
	decision->action = IRQMOD_ACTION_REARM;
}

void irqmod_hybrid_counters_init(struct irqmod_hybrid_counters *counters)
{
	if (!counters)
		return;
	counters->interrupts_armed = 0;
	counters->polls_deferred = 0;
	counters->empty_polls = 0;
	counters->idle_polling_ns = 0;
	counters->last_now_ns = 0;
	counters->last_action = IRQMOD_ACTION_REARM;
}

void irqmod_hybrid_count(struct irqmod_hybrid_counters *counters,
			 const struct irqmod_sample *sample,
			 const struct irqmod_decision *decision)
{
	bool empty;

	if (!counters || !sample || !decision)
		return;
	empty = !irqmod_sample_has_work(sample);
	if (empty) {
		counters->empty_polls++;
		if (counters->last_action == IRQMOD_ACTION_POLL &&
		    sample->now_ns > counters->last_now_ns)
			counters->idle_polling_ns +=
				sample->now_ns - counters->last_now_ns;
	}
	if (decision->action == IRQMOD_ACTION_POLL)
		counters->polls_deferred++;
	else
		counters->interrupts_armed++;
	counters->last_now_ns = sample->now_ns;
	counters->last_action = decision->action;
}
