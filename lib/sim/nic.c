/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The link and the NIC: wire time (picoseconds, exact at line rate), RSS
 * over the queues, the RX rings, the interrupt timer of each queue's vector
 * (throttle, absolute, packet) and TX transmission with its completions.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"

/* ------------------------------------------------------------------ */
/* Link                                                                */
/* ------------------------------------------------------------------ */

/* Wire time of a frame: (bytes + overhead) * 8 bits at speed Mb/s, kept as
 * whole ps plus a remainder in units of 1/speed ps so line rate is exact. */
static inline void wire_time(struct irqmod_sim_model *sim, uint32_t bytes, uint64_t *ps,
			     uint64_t *remainder)
{
	if (bytes != sim->link.wire_cache_bytes) {
		uint64_t bits = ((uint64_t)bytes + sim->config->wire_overhead_bytes) * 8;
		uint64_t numerator = bits * PS_PER_BIT_AT_1MBPS; /* ps * Mb/s */

		sim->link.wire_cache_bytes = bytes;
		sim->link.wire_cache_ps = numerator / sim->config->link_speed_mbps;
		sim->link.wire_cache_remainder = numerator % sim->config->link_speed_mbps;
	}
	*ps = sim->link.wire_cache_ps;
	*remainder = sim->link.wire_cache_remainder;
}

/* The RSS stand-in: xxHash32's primes PRIME32_1 and PRIME32_2 combine
 * (source, flow), then Wellons' "lowbias32" finaliser (hash-prospector)
 * spreads the bits. Not Toeplitz: the simulator only needs flows spread
 * evenly and deterministically. */
#define RSS_FLOW_MULTIPLIER 0x9E3779B1u
#define RSS_SOURCE_MULTIPLIER 0x85EBCA77u
#define RSS_MIX_MULTIPLIER1 0x7FEB352Du
#define RSS_MIX_MULTIPLIER2 0x846CA68Bu

IRQMOD_SIM_PRIVATE uint32_t irqmod_sim_flow_queue(const struct irqmod_sim_model *sim,
						  uint32_t source, uint32_t flow)
{
	/* RSS: a multiplicative hash of (source, flow), scaled to the queue
	 * count without division (Lemire's multiply-shift reduction). */
	uint32_t hash = (flow * RSS_FLOW_MULTIPLIER) ^ (source * RSS_SOURCE_MULTIPLIER);

	hash ^= hash >> 16;
	hash *= RSS_MIX_MULTIPLIER1;
	hash ^= hash >> 15;
	hash *= RSS_MIX_MULTIPLIER2;
	hash ^= hash >> 16;
	return (uint32_t)(((uint64_t)hash * sim->config->queues) >> 32);
}

/* The RSS table of @src with several queues (none with one). */
IRQMOD_SIM_PRIVATE int irqmod_sim_rss_setup(struct irqmod_sim_model *sim,
					     struct irqmod_sim_src *src)
{
	uint32_t flow;

	if (sim->config->queues == 1)
		return 0;
	_Static_assert(IRQMOD_SIM_MAX_QUEUES <= UINT8_MAX + 1, "a queue index fits a uint8_t");
	src->flow_queues = malloc(src->config.flows);
	if (!src->flow_queues)
		return -IRQMOD_ERANGE;
	for (flow = 0; flow < src->config.flows; flow++)
		src->flow_queues[flow] = (uint8_t)irqmod_sim_flow_queue(sim, src->index, flow);
	return 0;
}

/* The queue of @src's frame of @flow: a trace's flows (hashes) can lie
 * beyond the table. */
static inline uint32_t flow_queue_of(const struct irqmod_sim_model *sim,
				     const struct irqmod_sim_src *src, uint32_t flow)
{
	return flow < src->config.flows ? src->flow_queues[flow]
					: irqmod_sim_flow_queue(sim, src->index, flow);
}

/* Recompute the cached next arrival (the earliest desired start wins; the
 * link serialises frames, so the arrival is the end of its wire time). */
IRQMOD_SIM_PRIVATE_INLINE void irqmod_sim_link_pick(struct irqmod_sim_model *sim)
{
	uint64_t best = UINT64_MAX, ps, remainder, start, end;
	int chosen = -1;
	uint32_t i;

	if (sim->source_count == 1) {
		/* The common case, without the loop. */
		best = sim->sources[0].next_ps;
		chosen = best < UINT64_MAX ? 0 : -1;
	} else {
		for (i = 0; i < sim->source_count; i++) {
			if (sim->sources[i].next_ps < best) {
				best = sim->sources[i].next_ps;
				chosen = (int)i;
			}
		}
	}
	sim->link.next_source = chosen;
	if (chosen < 0) {
		sim->link.next_arrival_ns = UINT64_MAX;
		return;
	}
	wire_time(sim, sim->sources[chosen].next_bytes, &ps, &remainder);
	start = irqmod_sim_max_u64(best, sim->link.free_ps);
	remainder += sim->link.remainder;
	end = start + ps;
	if (remainder >= sim->config->link_speed_mbps) {
		remainder -= sim->config->link_speed_mbps;
		end++;
	}
	sim->link.next_arrival_ps = end;
	sim->link.next_remainder = remainder;
	sim->link.next_arrival_ns = end / PS_PER_NS;
}

/* ------------------------------------------------------------------ */
/* NIC interrupt timer                                                 */
/* ------------------------------------------------------------------ */

/*
 * Each queue keeps at most one live IRQ event in the heap (@event_ns). A
 * later deadline is handled lazily (the event re-schedules itself when it
 * finds the deadline moved), so the packet timer costs no heap operation per
 * frame; only an earlier deadline pushes a new event, leaving the old one
 * stale.
 */
static void arm(struct irqmod_sim_model *sim, struct irqmod_sim_queue *q, uint64_t when)
{
	q->armed = true;
	q->deadline_ns = when;
	if (q->event_ns == UINT64_MAX || q->event_ns > when) {
		q->event_ns = when;
		irqmod_sim_schedule(sim, when, EVENT_IRQ, q->index);
	}
}

static void fire(struct irqmod_sim_model *sim, struct irqmod_sim_queue *q, uint64_t now)
{
	struct irqmod_sim_core *core = &sim->cores[q->core];
	struct irqmod_sim_napi *napi = &sim->napi[q->index];

	q->armed = false;
	if (!q->enabled)
		return;
	/* The vector auto-masks until the driver's NAPI poll completes. */
	q->enabled = false;
	q->pending_causes = 0;
	q->last_irq_ns = now;
	q->signal_ns = now;
	napi->irq_pending = true;
	napi->sample.events++;
	sim->metrics.queue_counters[q->index].interrupts++;
	core->irq_mask |= 1u << q->index;
	irqmod_sim_core_kick(sim, core, now);
}

/*
 * Causes (written-back frames or TX completions) at the current time. A
 * decision's rate_limit_ns (ice INTRL) is a second, independent minimum gap
 * since the previous interrupt that every timer semantic respects.
 */
static inline void nic_cause(struct irqmod_sim_model *sim, struct irqmod_sim_queue *q, uint64_t now,
		      uint32_t causes)
{
	uint64_t interval = q->interval_ns;
	uint64_t earliest = q->rate_limit_ns ? q->last_irq_ns + q->rate_limit_ns : 0;

	if (!q->enabled)
		return; /* latched; looked at again when the driver unmasks */
	q->pending_causes += causes;
	switch (sim->config->timer) {
	case IRQMOD_SIM_TIMER_THROTTLE:
		if (!q->armed)
			arm(sim, q, irqmod_sim_max_u64(irqmod_sim_max_u64(now, q->last_irq_ns + interval +
									 q->release_late_ns),
						       earliest));
		return; /* a throttle is a rate limit: no count threshold */
	case IRQMOD_SIM_TIMER_ABSOLUTE:
		if (!q->armed)
			arm(sim, q, irqmod_sim_max_u64(now + interval, earliest));
		break;
	default: /* packet timer, re-armed by every cause */
		if (!q->armed)
			arm(sim, q, irqmod_sim_max_u64(now + interval, earliest));
		else
			q->deadline_ns = irqmod_sim_max_u64(now + interval, earliest);
		break;
	}
	if ((q->frames_threshold != 0 && q->pending_causes >= q->frames_threshold) ||
	    q->deadline_ns <= now) {
		/* rx-frames reached, or no moderation: fire as soon as allowed. */
		if (now >= earliest)
			fire(sim, q, now);
		else
			arm(sim, q, earliest);
	}
}

IRQMOD_SIM_PRIVATE void irqmod_sim_irq_event(struct irqmod_sim_model *sim,
					     struct irqmod_sim_queue *q, uint64_t now)
{
	if (q->event_ns != now)
		return; /* stale */
	q->event_ns = UINT64_MAX;
	if (!q->armed)
		return;
	if (q->deadline_ns > now) {
		/* The packet timer was pushed back by later frames. */
		q->event_ns = q->deadline_ns;
		irqmod_sim_schedule(sim, q->deadline_ns, EVENT_IRQ, q->index);
		return;
	}
	fire(sim, q, now);
}

/*
 * A DPDK loop's software throttle waits at re-arm until the interval after
 * the last wake-up: spun when the wait is under throttle_spin_ns (on time),
 * else a timed sleep that wakes throttle_late_ns late (examples/dpdk
 * wait_until()). Only the throttle timer reads it; false at the default 0.
 */
static inline bool throttle_sleeps(const struct irqmod_sim_model *sim,
				   const struct irqmod_sim_queue *q, uint64_t now)
{
	uint64_t release = q->last_irq_ns + q->interval_ns;

	return sim->config->throttle_late_ns != 0 && release > now &&
	       release - now >= sim->config->throttle_spin_ns;
}

IRQMOD_SIM_PRIVATE void irqmod_sim_nic_enable(struct irqmod_sim_model *sim,
					      struct irqmod_sim_queue *q, uint64_t now)
{
	uint32_t waiting = q->count - q->in_poll +
			   (sim->config->tx_interrupts ? q->tx_pending : 0);

	q->enabled = true;
	q->pending_causes = 0;
	q->release_late_ns = throttle_sleeps(sim, q, now) ? sim->config->throttle_late_ns : 0;
	if (waiting != 0)
		nic_cause(sim, q, now, waiting);
}

/* ------------------------------------------------------------------ */
/* Arrivals                                                            */
/* ------------------------------------------------------------------ */

/*
 * Frames of a single line-rate constant source that meet a full ring are
 * all dropped until the next event (nothing can free a descriptor before
 * it), so they are counted in one step instead of one by one. Frame j
 * (from 1) after the link's current state ends at
 *	L + j * W + floor((R + j * Wr) / S)
 * ps (L: link free time, W and Wr: wire time and its remainder over the
 * speed S in Mb/s, R: the link's remainder), exactly what the per-frame
 * path computes, so the results are identical (a test compares them).
 * Return: true when the batch was taken.
 */
static bool drop_batch(struct irqmod_sim_model *sim, struct irqmod_sim_src *src,
		       struct irqmod_sim_queue *q, uint64_t bound_ns)
{
	uint64_t speed = sim->config->link_speed_mbps, wire_ps, wire_remainder;
	uint64_t limit_ps, low = 1, high, count;
	struct irqmod_sim_counters *qk = &sim->metrics.queue_counters[q->index];

	if (sim->source_count != 1 || sim->config->queues != 1 ||
	    src->config.kind != IRQMOD_SIM_SOURCE_CONSTANT || src->config.rate_pps != 0 ||
	    src->config.size_law != IRQMOD_SIM_SIZE_CONSTANT ||
	    src->next_ps > sim->link.free_ps || q->count != q->ring_size)
		return false;
	wire_time(sim, src->next_bytes, &wire_ps, &wire_remainder);
	limit_ps = bound_ns * PS_PER_NS + (PS_PER_NS - 1);
	/* The cached frame (j = 1) qualifies; find the last j that does. */
	high = (limit_ps - sim->link.free_ps) / wire_ps + 1;
	while (low < high) {
		uint64_t middle = low + (high - low + 1) / 2;
		uint64_t end = sim->link.free_ps + middle * wire_ps +
			       (sim->link.remainder + middle * wire_remainder) / speed;

		if (end <= limit_ps)
			low = middle;
		else
			high = middle - 1;
	}
	count = low;
	sim->link.free_ps += count * wire_ps + (sim->link.remainder + count * wire_remainder) / speed;
	sim->link.remainder = (sim->link.remainder + count * wire_remainder) % speed;
	sim->now_ns = sim->link.free_ps / PS_PER_NS;
	qk->offered_frames += count;
	qk->offered_bytes += count * src->next_bytes;
	qk->offered_datagrams += count;
	qk->offered_payload_bytes += count * src->payload_bytes;
	qk->drops_ring += count;
	sim->metrics.source_counters[src->index].offered_frames += count;
	sim->metrics.source_counters[src->index].drops += count;
	src->next_message += (uint32_t)count;
	src->flow_counter = (uint32_t)((src->flow_counter + count) % src->config.flows);
	src->next_flow = src->flow_counter == 0 ? src->config.flows - 1 : src->flow_counter - 1;
	irqmod_sim_link_pick(sim);
	return true;
}

/* The queue's vector sees no cause: masked, or armed under the throttle
 * timer (a rate limit that a cause does not move). */
static inline bool queue_latched(const struct irqmod_sim_model *sim,
				 const struct irqmod_sim_queue *q)
{
	return !q->enabled || (q->armed && sim->config->timer == IRQMOD_SIM_TIMER_THROTTLE);
}

/* A frame to @q now schedules nothing: the ring is full, or the vector is latched. */
static inline bool queue_takes_quietly(const struct irqmod_sim_model *sim,
				       const struct irqmod_sim_queue *q)
{
	return q->count == q->ring_size || queue_latched(sim, q);
}

/*
 * Frames of a single line-rate constant source that find room in the ring
 * while the vector is masked (or, under the throttle timer, already armed)
 * change nothing but the ring, the link and the counts until the next
 * event: no cause reaches the timer, so no event is scheduled. They are
 * taken in one loop that does, frame by frame, what irqmod_sim_arrival(),
 * irqmod_sim_source_advance() and irqmod_sim_link_pick() would, with the
 * counts added once at the end (a test compares the results).
 * Return: true when the batch was taken.
 *
 * Not inlined: inside the event loop, GCC 12 at -O3 compiles the loop's
 * division by PS_PER_NS as a hardware divide (it weighs the block as
 * rarely run in that large function); on its own it is a multiply, about
 * 6 % more frames/s on bench-sim's fast host.
 */
IRQMOD_SIM_NOINLINE static bool accept_batch(struct irqmod_sim_model *sim,
					     struct irqmod_sim_src *src, struct irqmod_sim_queue *q,
					     uint64_t bound_ns)
{
	const struct irqmod_sim_source *c = &src->config;
	uint64_t speed = sim->config->link_speed_mbps, wire_ps, wire_remainder;
	uint64_t arrival_ps = sim->link.next_arrival_ps, remainder = sim->link.next_remainder;
	uint64_t now = sim->link.next_arrival_ns, next_ps, next_remainder, next_ns;
	uint32_t room = q->ring_size - q->count, slot = q->head + q->count, count = 0;
	uint32_t message = src->next_message, flow = src->next_flow, counter = src->flow_counter;
	struct irqmod_sim_counters *qk = &sim->metrics.queue_counters[q->index];
	bool latched = queue_latched(sim, q);

	if (!latched || sim->source_count != 1 || sim->config->queues != 1 ||
	    c->kind != IRQMOD_SIM_SOURCE_CONSTANT || c->rate_pps != 0 ||
	    c->size_law != IRQMOD_SIM_SIZE_CONSTANT || src->next_bytes != c->frame_bytes ||
	    src->next_fragment_count != 1 || src->next_ps > sim->link.free_ps || room == 0)
		return false;
	wire_time(sim, src->next_bytes, &wire_ps, &wire_remainder);
	if (slot >= q->ring_size)
		slot -= q->ring_size;
	for (;;) {
		struct irqmod_sim_frame *f = &q->ring[slot];

		f->arrival_ns = now;
		f->message = message;
		f->bytes = (uint16_t)src->next_bytes;
		f->flow = (uint16_t)flow;
		f->source = (uint8_t)src->index;
		f->respond = 0;
		f->fragment = src->next_fragment;
		f->fragment_count = 1;
		count++;
		message++;
		flow = counter; /* source_next_flow() */
		if (++counter >= c->flows)
			counter = 0;
		if (++slot == q->ring_size)
			slot = 0;
		/* irqmod_sim_link_pick(): the source is always ready, the link
		 * starts the next frame as this one ends. */
		next_ps = arrival_ps + wire_ps;
		next_remainder = remainder + wire_remainder;
		if (next_remainder >= speed) {
			next_remainder -= speed;
			next_ps++;
		}
		next_ns = next_ps / PS_PER_NS;
		if (count == room || next_ns > bound_ns)
			break;
		arrival_ps = next_ps;
		remainder = next_remainder;
		now = next_ns;
	}
	sim->link.free_ps = arrival_ps;
	sim->link.remainder = remainder;
	sim->link.next_arrival_ps = next_ps;
	sim->link.next_remainder = next_remainder;
	sim->link.next_arrival_ns = next_ns;
	sim->now_ns = now;
	src->next_message = message;
	src->next_flow = flow;
	src->flow_counter = counter;
	q->count += count;
	if (q->enabled)
		q->pending_causes += count;
	qk->offered_frames += count;
	qk->offered_bytes += (uint64_t)count * src->next_bytes;
	qk->offered_datagrams += count;
	qk->offered_payload_bytes +=
		(uint64_t)count * irqmod_sim_frame_payload(src, src->next_bytes);
	sim->metrics.source_counters[src->index].offered_frames += count;
	if (sim->timeseries)
		irqmod_sim_timeseries_ring(sim->timeseries, q->index, q->count);
	return true;
}

/* A frame's fields from bytes to fragment, the same for every frame of a
 * batch but flow: spread_batch() writes them as one 8-byte copy, then the
 * flow over it (one register fewer in its loop), and fragment_count with
 * the padding as one 4-byte constant (a 2-byte one takes two instructions). */
#define FRAME_TAIL_OFFSET offsetof(struct irqmod_sim_frame, bytes)
#define FRAME_END_OFFSET offsetof(struct irqmod_sim_frame, fragment_count)
_Static_assert(FRAME_END_OFFSET - FRAME_TAIL_OFFSET == sizeof(uint64_t), "frame tail not 8 bytes");
_Static_assert(sizeof(struct irqmod_sim_frame) - FRAME_END_OFFSET == sizeof(uint32_t),
	       "frame end not 4 bytes");

/*
 * ps / PS_PER_NS as one multiply and a shift, for ps below 2^63 (a run
 * lasts at most an hour, about 2^52 ps): GCC's division by 1000 must hold
 * for every 64-bit value, so it shifts by 3 first, two instructions more a
 * frame in spread_batch(). NS_PER_PS_RECIPROCAL is m = ceil(2^73 / 1000),
 * and 2^73 <= m * 1000 = 2^73 + 608 <= 2^73 + 2^10, so by theorem 4.2 of
 * Granlund and Montgomery, "Division by invariant integers using
 * multiplication" (PLDI 1994), with N = 63 and l = 10, the quotient is
 * exact for every ps below 2^63.
 */
#define NS_PER_PS_RECIPROCAL UINT64_C(0x83126E978D4FDF3C)
#define NS_PER_PS_SHIFT 73
_Static_assert(PS_PER_NS == 1000, "NS_PER_PS_RECIPROCAL is for 1000 ps per ns");

static inline uint64_t spread_ps_to_ns(uint64_t ps)
{
#if defined(__SIZEOF_INT128__)
	__extension__ typedef unsigned __int128 u128;

	return (uint64_t)(((u128)ps * NS_PER_PS_RECIPROCAL) >> NS_PER_PS_SHIFT);
#else
	return ps / PS_PER_NS;
#endif
}

/*
 * One queue's state for the length of a spread_batch(), in a local array
 * so that the loop keeps it off the queue (whose fields the frame stores
 * could alias) and reads one small record a frame.
 */
struct spread_lane {
	struct irqmod_sim_frame *next;	/* where the next frame goes */
	struct irqmod_sim_frame *ring;
	struct irqmod_sim_frame *ring_end;
	uint32_t room;		/* frames it still takes: 0 unless latched */
	uint32_t start_room;
	uint32_t dropped;
	bool stops;		/* a frame would reach its vector: end the batch */
};

/*
 * With several queues, RSS spreads a lone line-rate constant source's
 * frames over them flow by flow. Until the next event (of any queue or
 * core: they share the heap), a frame that meets a full ring is dropped and
 * one that finds room while its queue's vector is latched (masked, or
 * armed under the throttle timer) only joins that ring: neither reaches a
 * timer, so neither schedules anything, and a frame's fate does not depend
 * on the other queues. The batch takes frames so, each to its own queue,
 * until the next event or a frame whose queue's vector would see it (that
 * frame is left to the frame-by-frame path), with the counts added once per
 * queue at the end (a test compares the results with the frame-by-frame
 * path on 2 and 4 queues).
 * Return: true when at least one frame was taken.
 *
 * Not inlined, as accept_batch(): inside the event loop its division by
 * PS_PER_NS would be a hardware divide.
 */
IRQMOD_SIM_NOINLINE static bool spread_batch(struct irqmod_sim_model *sim,
					     struct irqmod_sim_src *src, uint64_t bound_ns)
{
	const struct irqmod_sim_source *c = &src->config;
	const uint8_t *flow_queues = src->flow_queues;
	uint64_t speed, wire_ps, wire_remainder, payload_bytes, arrival_ps, remainder, limit_ps;
	uint32_t queues = sim->config->queues, message, flow, flows, count, dropped_total = 0, i;
	struct spread_lane lanes[IRQMOD_SIM_MAX_QUEUES];
	struct irqmod_sim_frame frame;
	uint16_t bytes;
	uint64_t tail;
	uint32_t end;

	if (c->size_law != IRQMOD_SIM_SIZE_CONSTANT || src->next_bytes != c->frame_bytes ||
	    src->next_fragment_count != 1 || src->next_ps > sim->link.free_ps ||
	    !queue_takes_quietly(sim, &sim->queues[flow_queues[src->next_flow]]))
		return false;
	/* The lanes first: the loop's values are read after them, so that
	 * they need not be kept across the set-up. */
	for (i = 0; i < queues; i++) {
		const struct irqmod_sim_queue *q = &sim->queues[i];
		struct spread_lane *lane = &lanes[i];
		uint32_t slot = q->head + q->count;
		bool latched = queue_latched(sim, q);

		lane->ring = q->ring;
		lane->ring_end = q->ring + q->ring_size;
		lane->next = &q->ring[slot >= q->ring_size ? slot - q->ring_size : slot];
		lane->room = latched ? q->ring_size - q->count : 0;
		lane->start_room = lane->room;
		lane->dropped = 0;
		lane->stops = !latched && q->count < q->ring_size;
	}
	bytes = (uint16_t)src->next_bytes;
	speed = sim->config->link_speed_mbps;
	arrival_ps = sim->link.next_arrival_ps;
	remainder = sim->link.next_remainder;
	/* The first frame past the bound arrives at or after this (the bound
	 * is at most the run's end, an hour: no overflow). */
	limit_ps = (bound_ns + 1) * PS_PER_NS;
	message = src->next_message;
	flow = src->next_flow;
	flows = c->flows;
	memset(&frame, 0, sizeof(frame));
	frame.bytes = bytes;
	frame.source = (uint8_t)src->index;
	frame.fragment = src->next_fragment;
	frame.fragment_count = 1;
	memcpy(&tail, (const unsigned char *)&frame + FRAME_TAIL_OFFSET, sizeof(tail));
	memcpy(&end, (const unsigned char *)&frame + FRAME_END_OFFSET, sizeof(end));
	wire_time(sim, src->next_bytes, &wire_ps, &wire_remainder);
	for (;;) {
		struct spread_lane *lane = &lanes[flow_queues[flow]];

		if (lane->room != 0) {
			struct irqmod_sim_frame *f = lane->next;

			f->arrival_ns = spread_ps_to_ns(arrival_ps);
			f->message = message;
			memcpy((unsigned char *)f + FRAME_TAIL_OFFSET, &tail, sizeof(tail));
			f->flow = (uint16_t)flow;
			memcpy((unsigned char *)f + FRAME_END_OFFSET, &end, sizeof(end));
			lane->room--;
			lane->next = f + 1 == lane->ring_end ? lane->ring : f + 1;
		} else if (lane->stops) {
			break; /* its cause may schedule an interrupt */
		} else {
			lane->dropped++;
		}
		message++; /* one per frame taken: the count */
		/* source_next_flow(): a constant source's counter is always
		 * one flow ahead (that function is its only writer). */
		if (++flow >= flows)
			flow = 0;
		/* irqmod_sim_link_pick(), as in accept_batch(). */
		arrival_ps += wire_ps;
		remainder += wire_remainder;
		if (remainder >= speed) {
			remainder -= speed;
			arrival_ps++;
		}
		if (arrival_ps >= limit_ps)
			break;
	}
	/* At least one: the first frame's queue takes it quietly (above). */
	count = message - src->next_message;
	/* The frame left is the link's next arrival; the last one taken, one
	 * wire time earlier (the carry undone), ended when the link was free. */
	sim->link.next_arrival_ps = arrival_ps;
	sim->link.next_remainder = remainder;
	sim->link.next_arrival_ns = spread_ps_to_ns(arrival_ps);
	if (remainder >= wire_remainder) {
		sim->link.free_ps = arrival_ps - wire_ps;
		sim->link.remainder = remainder - wire_remainder;
	} else {
		sim->link.free_ps = arrival_ps - wire_ps - 1;
		sim->link.remainder = remainder + speed - wire_remainder;
	}
	sim->now_ns = spread_ps_to_ns(sim->link.free_ps);
	src->next_message = message;
	src->next_flow = flow;
	/* Not "flow + 1 >= flows": GCC would keep flow + 1 in step in the loop. */
	src->flow_counter = flow == flows - 1 ? 0 : flow + 1;
	payload_bytes = irqmod_sim_frame_payload(src, src->next_bytes);
	for (i = 0; i < queues; i++) {
		struct irqmod_sim_queue *q = &sim->queues[i];
		struct irqmod_sim_counters *qk = &sim->metrics.queue_counters[i];
		const struct spread_lane *lane = &lanes[i];
		uint32_t accepted = lane->start_room - lane->room;
		uint64_t frames = (uint64_t)accepted + lane->dropped;

		if (frames == 0)
			continue; /* with many queues, most batches reach few */
		qk->offered_frames += frames;
		qk->offered_bytes += frames * bytes;
		qk->offered_datagrams += frames;
		qk->offered_payload_bytes += frames * payload_bytes;
		qk->drops_ring += lane->dropped;
		dropped_total += lane->dropped;
		q->count += accepted;
		if (q->enabled)
			q->pending_causes += accepted;
		if (sim->timeseries && accepted != 0)
			irqmod_sim_timeseries_ring(sim->timeseries, i, q->count);
	}
	sim->metrics.source_counters[src->index].offered_frames += count;
	sim->metrics.source_counters[src->index].drops += dropped_total;
	return true;
}

/*
 * One frame, frame by frame. Not inlined: irqmod_sim_arrival() then saves
 * no register when a batch takes the frames (most calls with several queues).
 */
IRQMOD_SIM_NOINLINE static void arrival_frame(struct irqmod_sim_model *sim,
					      struct irqmod_sim_src *src)
{
	uint64_t now = sim->link.next_arrival_ns;
	uint32_t queue_index =
		sim->config->queues == 1 ? 0 : flow_queue_of(sim, src, src->next_flow);
	struct irqmod_sim_queue *q = &sim->queues[queue_index];
	struct irqmod_sim_counters *qk = &sim->metrics.queue_counters[queue_index];

	sim->link.free_ps = sim->link.next_arrival_ps;
	sim->link.remainder = sim->link.next_remainder;
	sim->now_ns = now;
	qk->offered_frames++;
	qk->offered_bytes += src->next_bytes;
	sim->metrics.source_counters[src->index].offered_frames++;
	if (src->next_fragment + 1u >= src->next_fragment_count) {
		uint32_t payload = irqmod_sim_frame_payload(src, src->next_bytes);

		qk->offered_datagrams++;
		qk->offered_payload_bytes += payload;
	}
	if (q->count == q->ring_size) {
		qk->drops_ring++;
		sim->metrics.source_counters[src->index].drops++;
	} else {
		uint32_t slot = q->head + q->count;
		struct irqmod_sim_frame *f;

		if (slot >= q->ring_size)
			slot -= q->ring_size;
		f = &q->ring[slot];
		f->arrival_ns = now;
		f->message = src->next_message;
		f->bytes = (uint16_t)src->next_bytes;
		f->flow = (uint16_t)src->next_flow;
		f->source = (uint8_t)src->index;
		f->respond = 0;
		f->fragment = src->next_fragment;
		f->fragment_count = src->next_fragment_count;
		q->count++;
		if (sim->timeseries)
			irqmod_sim_timeseries_ring(sim->timeseries, q->index, q->count);
		if (q->enabled)
			nic_cause(sim, q, now, 1);
	}
	irqmod_sim_source_advance(sim, src);
	irqmod_sim_link_pick(sim);
}

IRQMOD_SIM_PRIVATE_INLINE void irqmod_sim_arrival(struct irqmod_sim_model *sim, uint64_t bound_ns)
{
	struct irqmod_sim_src *src = &sim->sources[sim->link.next_source];

	if (sim->config->queues == 1) {
		struct irqmod_sim_queue *q = &sim->queues[0];

		if (q->count == q->ring_size && drop_batch(sim, src, q, bound_ns))
			return;
		if (q->count < q->ring_size && accept_batch(sim, src, q, bound_ns))
			return;
	} else if (sim->source_count == 1 && src->config.kind == IRQMOD_SIM_SOURCE_CONSTANT &&
		   src->config.rate_pps == 0 && spread_batch(sim, src, bound_ns)) {
		return;
	}
	arrival_frame(sim, src);
}

/* ------------------------------------------------------------------ */
/* Transmit side (requests, responses)                                 */
/* ------------------------------------------------------------------ */

/* Put a frame on the TX wire at @now; returns the end of transmission (ps)
 * and queues its completion on @q's vector. */
IRQMOD_SIM_PRIVATE uint64_t irqmod_sim_transmit(struct irqmod_sim_model *sim,
						struct irqmod_sim_queue *q, uint64_t now,
						uint32_t bytes)
{
	uint64_t bits = ((uint64_t)bytes + sim->config->wire_overhead_bytes) * 8;
	uint64_t wire_ps = bits * PS_PER_BIT_AT_1MBPS / sim->config->link_speed_mbps;
	uint64_t end_ps = irqmod_sim_max_u64(now * PS_PER_NS, sim->link.tx_free_ps) + wire_ps;
	uint64_t done_ns = end_ps / PS_PER_NS + sim->config->tx_completion_delay_ns;

	sim->link.tx_free_ps = end_ps;
	if (q->tx_count == TX_FIFO_SIZE) {
		q->tx_pending++; /* ring full: treat as written back at once */
	} else {
		q->tx_fifo[(q->tx_head + q->tx_count) % TX_FIFO_SIZE] = done_ns;
		if (q->tx_count++ == 0)
			irqmod_sim_schedule(sim, done_ns, EVENT_TX_DONE, q->index);
	}
	return end_ps;
}

IRQMOD_SIM_PRIVATE void irqmod_sim_tx_done(struct irqmod_sim_model *sim, struct irqmod_sim_queue *q,
					   uint64_t now)
{
	uint32_t done = 0;

	while (q->tx_count > 0 && q->tx_fifo[q->tx_head] <= now) {
		q->tx_head = (q->tx_head + 1) % TX_FIFO_SIZE;
		q->tx_count--;
		done++;
	}
	if (q->tx_count > 0)
		irqmod_sim_schedule(sim, q->tx_fifo[q->tx_head], EVENT_TX_DONE, q->index);
	q->tx_pending += done;
	if (done != 0 && sim->config->tx_interrupts)
		nic_cause(sim, q, now, done);
}

