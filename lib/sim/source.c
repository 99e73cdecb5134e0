/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Traffic sources and the peer: constant, Poisson (exponential or
 * generalised Pareto gaps), on/off, UDP stream (IP fragments), flood, trace
 * replay, and ping/RR, whose requests the peer answers after the
 * propagation delay and its turnaround. Each source computes the desired
 * wire start of its next frame; the link (nic.c) serialises them.
 */
#include <stdlib.h>

#include "sim_internal.h"

IRQMOD_SIM_PRIVATE uint64_t irqmod_sim_draw_period(struct irqmod_sim_rng *rng,
						   uint32_t distribution, uint64_t mean,
						   uint32_t shape_milli)
{
	switch (distribution) {
	case IRQMOD_SIM_DIST_EXPONENTIAL:
		return irqmod_sim_exponential(rng, mean);
	case IRQMOD_SIM_DIST_PARETO:
		return irqmod_sim_pareto(rng, mean, shape_milli);
	default:
		return mean;
	}
}

static void source_next_flow(struct irqmod_sim_src *src)
{
	src->next_flow = src->flow_counter;
	if (++src->flow_counter >= src->config.flows)
		src->flow_counter = 0;
}

/* Advance by one constant step (1e12 / rate ps, with exact remainder). */
static inline void source_step(struct irqmod_sim_src *src)
{
	src->next_ps += src->step_ps;
	src->remainder += src->step_remainder;
	if (src->remainder >= src->config.rate_pps) {
		src->remainder -= src->config.rate_pps;
		src->next_ps++;
	}
}

/*
 * An on/off source's frame clock runs during its on periods only: the
 * frame due at or after the end of an on period is due as far into the
 * next on period as it was past the end of this one (the sub-ps remainder
 * carries too), and an on period shorter than what is still owed passes
 * without a frame. So the source offers rate x (time on) frames over any
 * run, exactly, whatever the periods' lengths; restarting the clock at
 * each on period sent ceil(on x rate) frames per period (1 in each 500 ns
 * on period at 1 M frames/s, twice the rate x duty). Constant periods
 * skip the periods without a frame in one step; drawn ones are drawn one
 * by one, as each takes its own draw.
 */
static void onoff_next_period(struct irqmod_sim_src *src)
{
	const struct irqmod_sim_source *c = &src->config;
	uint64_t owed = src->next_ps - src->period_end_ps, start, on, off;

	for (;;) {
		off = irqmod_sim_draw_period(&src->rng, c->period_distribution, c->off_mean_ns,
					     c->pareto_shape_milli) * PS_PER_NS;
		on = irqmod_sim_max_u64(irqmod_sim_draw_period(&src->rng, c->period_distribution,
							       c->on_mean_ns, c->pareto_shape_milli),
					1) * PS_PER_NS;
		if (c->period_distribution == IRQMOD_SIM_DIST_CONSTANT && owed >= on) {
			uint64_t skipped = owed / on;

			if (skipped > (UINT64_MAX - src->period_end_ps) / (on + off)) {
				src->next_ps = UINT64_MAX;
				return;
			}
			src->period_end_ps += skipped * (on + off);
			owed -= skipped * on;
		}
		start = irqmod_sim_add_sat(src->period_end_ps, off);
		src->period_end_ps = irqmod_sim_add_sat(start, on);
		if (owed < on || src->period_end_ps == UINT64_MAX) {
			src->next_ps = irqmod_sim_add_sat(start, owed);
			return;
		}
		owed -= on;
	}
}

/*
 * Where a constant on/off source starts, drawn from the seed (drawn
 * periods vary with it by themselves; constant ones would repeat one run
 * on every seed). Two things vary:
 * - the phase of the on/off cycle at the source's start, uniform over one
 *   cycle and drawn from a stream of its own that every source shares, so
 *   sources of one cycle (incast's senders) stay in step; a source that
 *   starts within an on period starts it part done, one within an off
 *   period waits for the next on period;
 * - how far into its on period the source's first frame is due, uniform
 *   over one frame spacing and drawn from the source's own stream: how the
 *   frames of sources in step interleave.
 */
static void onoff_constant_phase(struct irqmod_sim_src *src, uint64_t seed, uint64_t start_ps)
{
	const struct irqmod_sim_source *c = &src->config;
	uint64_t on = irqmod_sim_max_u64(c->on_mean_ns, 1) * PS_PER_NS;
	uint64_t cycle = on + c->off_mean_ns * PS_PER_NS, phase, first;
	struct irqmod_sim_rng shared;

	irqmod_sim_rng_seed(&shared, seed, IRQMOD_SIM_ONOFF_PHASE_STREAM);
	phase = irqmod_sim_rng_next(&shared) % cycle;
	first = irqmod_sim_rng_next(&src->rng) % src->step_ps;
	if (phase < on) {
		/* @phase into an on period: the first frame of it due after the start. */
		uint64_t next = first >= phase ? first - phase
					       : (src->step_ps - (phase - first) % src->step_ps) %
							 src->step_ps;

		src->next_ps = irqmod_sim_add_sat(start_ps, next);
		src->period_end_ps = irqmod_sim_add_sat(start_ps, on - phase);
	} else {
		uint64_t begin = irqmod_sim_add_sat(start_ps, cycle - phase);

		src->next_ps = irqmod_sim_add_sat(begin, first);
		src->period_end_ps = irqmod_sim_add_sat(begin, on);
	}
	if (src->next_ps >= src->period_end_ps && src->next_ps != UINT64_MAX)
		onoff_next_period(src);
}

/* Payload of a frame of @bytes (UDP over IPv4), or the stream's message. */
IRQMOD_SIM_PRIVATE_INLINE uint32_t irqmod_sim_frame_payload(const struct irqmod_sim_src *src,
							    uint32_t bytes)
{
	if (src->config.kind == IRQMOD_SIM_SOURCE_UDP_STREAM)
		return src->payload_bytes;
	return irqmod_sim_datagram_payload(bytes);
}

/* A Poisson source's next gap in ps: exponential, or GPareto of mean 1/rate. */
static uint64_t draw_gap(struct irqmod_sim_src *src)
{
	uint32_t shape = src->config.gap_shape_micro;
	uint64_t scale;
	int64_t gap;

	if (shape == 0)
		return irqmod_sim_exponential(&src->rng, src->step_ps);
	/* GPareto(0, sigma, xi) has mean sigma / (1 - xi). */
	scale = src->step_ps / MICRO * (MICRO - shape) + src->step_ps % MICRO * (MICRO - shape) / MICRO;
	gap = irqmod_sim_gpareto(&src->rng, 0, scale, shape);
	return gap > 0 ? (uint64_t)gap : 0;
}

/* The next frame's size under a generalised size law (draw_size()). */
static uint32_t draw_size_law(struct irqmod_sim_src *src)
{
	const struct irqmod_sim_source *c = &src->config;
	uint64_t largest = (uint64_t)c->mtu_bytes + ETH_HEADER_BYTES;
	int64_t milli, bytes;

	if (c->size_law == IRQMOD_SIM_SIZE_GPARETO)
		milli = irqmod_sim_gpareto(&src->rng, (int64_t)c->size_location_milli,
					   c->size_scale_milli, c->size_shape_micro);
	else
		milli = irqmod_sim_gev(&src->rng, (int64_t)c->size_location_milli,
				       c->size_scale_milli, c->size_shape_micro);
	/* Whole bytes, rounded to nearest; a negative variate is an empty key. */
	bytes = milli <= 0 ? 0 : (milli + 500) / 1000;
	bytes += c->size_offset_bytes;
	if (bytes < MIN_FRAME_BYTES)
		return MIN_FRAME_BYTES;
	return bytes > (int64_t)largest ? (uint32_t)largest : (uint32_t)bytes;
}

/* The next frame's size under the source's size law; the constant law
 * (the default) without a call. */
static inline uint32_t draw_size(struct irqmod_sim_src *src)
{
	if (src->config.size_law == IRQMOD_SIM_SIZE_CONSTANT)
		return src->config.frame_bytes;
	return draw_size_law(src);
}

/*
 * A trace record's desired start on the wire: the source's start plus
 * (lap * lap length + record time - offset) / speed. Times past the
 * longest run map to UINT64_MAX (never reached).
 */
#define TRACE_PS_PER_NS_MILLI (PS_PER_NS * TRACE_SPEED_AS_RECORDED)
static uint64_t trace_time_ps(const struct irqmod_sim_src *src, uint64_t record_ns)
{
	uint64_t speed = src->config.trace_speed_milli, lap_ns, relative, whole;

	if (src->trace_lap != 0 && src->trace_lap > UINT64_MAX / src->trace_lap_ns)
		return UINT64_MAX;
	lap_ns = src->trace_lap * src->trace_lap_ns;
	relative = irqmod_sim_add_sat(lap_ns, record_ns) - src->trace_offset_ns;
	whole = relative / speed;
	if (whole > IRQMOD_SIM_MAX_DURATION_NS)
		return UINT64_MAX;
	return irqmod_sim_add_sat(src->trace_start_ps, whole * TRACE_PS_PER_NS_MILLI +
						    relative % speed * TRACE_PS_PER_NS_MILLI / speed);
}

/* Load the trace record at trace_index (or stop the source). */
static void trace_load_record(struct irqmod_sim_src *src)
{
	const struct irqmod_sim_trace_file *t = src->config.trace;
	const struct irqmod_sim_trace_record *r;

	if (src->trace_index >= t->count) {
		if (!src->config.trace_loop) {
			src->next_ps = UINT64_MAX;
			return;
		}
		src->trace_index = 0;
		src->trace_lap++;
	}
	r = &t->records[src->trace_index];
	src->next_ps = trace_time_ps(src, r->time_ns);
	src->next_bytes = r->bytes < MIN_FRAME_BYTES ? MIN_FRAME_BYTES : r->bytes;
	src->next_flow = r->flow_hash;
}

/* Prepare the frame after the one just sent. */
IRQMOD_SIM_PRIVATE_INLINE void irqmod_sim_source_advance(struct irqmod_sim_model *sim,
							 struct irqmod_sim_src *src)
{
	const struct irqmod_sim_source *c = &src->config;

	if (c->kind == IRQMOD_SIM_SOURCE_CONSTANT || c->kind == IRQMOD_SIM_SOURCE_POISSON ||
	    c->kind == IRQMOD_SIM_SOURCE_ONOFF)
		src->next_bytes = draw_size(src);
	switch (c->kind) {
	case IRQMOD_SIM_SOURCE_FLOOD:
		if (c->poisson_arrivals) {
			src->next_ps = irqmod_sim_add_sat(src->next_ps,
					       irqmod_sim_exponential(&src->rng, src->step_ps));
		} else {
			source_step(src);
		}
		source_next_flow(src);
		src->next_message++;
		break;
	case IRQMOD_SIM_SOURCE_CONSTANT:
		if (c->rate_pps != 0)
			source_step(src);
		source_next_flow(src);
		src->next_message++;
		if (c->size_law != IRQMOD_SIM_SIZE_CONSTANT)
			src->next_bytes = draw_size(src);
		break;
	case IRQMOD_SIM_SOURCE_POISSON:
		src->next_ps = irqmod_sim_add_sat(src->next_ps, draw_gap(src));
		source_next_flow(src);
		src->next_message++;
		if (c->size_law != IRQMOD_SIM_SIZE_CONSTANT)
			src->next_bytes = draw_size(src);
		break;
	case IRQMOD_SIM_SOURCE_ONOFF:
		source_step(src);
		if (src->next_ps >= src->period_end_ps)
			onoff_next_period(src);
		source_next_flow(src);
		src->next_message++;
		if (c->size_law != IRQMOD_SIM_SIZE_CONSTANT)
			src->next_bytes = draw_size(src);
		break;
	case IRQMOD_SIM_SOURCE_UDP_STREAM:
		if (c->rate_pps != 0)
			source_step(src);
		if (++src->next_fragment >= src->fragments) {
			src->next_fragment = 0;
			src->next_message++;
			source_next_flow(src);
		}
		src->next_bytes = src->next_fragment + 1u == src->fragments
					  ? src->last_fragment_bytes
					  : src->full_fragment_bytes;
		break;
	case IRQMOD_SIM_SOURCE_TRACE:
		src->trace_index++;
		src->next_message++;
		trace_load_record(src);
		break;
	case IRQMOD_SIM_SOURCE_PING:
	case IRQMOD_SIM_SOURCE_RR:
		src->reply_head = (src->reply_head + 1) % MAX_OUTSTANDING;
		src->reply_count--;
		if (src->reply_count == 0) {
			src->next_ps = UINT64_MAX;
		} else {
			src->next_ps = src->replies[src->reply_head].start_ps;
			src->next_message = src->replies[src->reply_head].sequence;
		}
		break;
	default:
		src->next_ps = UINT64_MAX;
		break;
	}
	(void)sim;
}

IRQMOD_SIM_PRIVATE void irqmod_sim_send_request(struct irqmod_sim_model *sim,
						struct irqmod_sim_src *src, uint64_t now)
{
	const struct irqmod_sim_source *c = &src->config;
	struct irqmod_sim_queue *q = &sim->queues[src->queue];
	uint64_t end_ps, start_ps;
	uint32_t sequence = src->next_sequence++;
	struct irqmod_sim_request *r;
	struct irqmod_sim_reply *reply;

	if (src->request_count == MAX_OUTSTANDING) {
		/* The oldest request is given up as lost. */
		src->request_head = (src->request_head + 1) % MAX_OUTSTANDING;
		src->request_count--;
	}
	r = &src->requests[(src->request_head + src->request_count) % MAX_OUTSTANDING];
	r->send_ns = now;
	r->sequence = sequence;
	src->request_count++;
	src->last_send_ns = now;
	sim->metrics.counters.requests_sent++;
	if (now >= sim->window_start_ns && src->request_count > sim->metrics.in_flight_max)
		sim->metrics.in_flight_max = src->request_count;
	end_ps = irqmod_sim_transmit(sim, q, now, c->request_bytes);
	/* The peer receives it after propagation, answers after its turnaround,
	 * and the reply starts on our RX wire after propagation again. */
	start_ps = end_ps + (2 * sim->config->propagation_ns + c->remote_turnaround_ns) * PS_PER_NS;
	if (src->reply_count < MAX_OUTSTANDING) {
		reply = &src->replies[(src->reply_head + src->reply_count) % MAX_OUTSTANDING];
		reply->start_ps = start_ps;
		reply->sequence = sequence;
		if (src->reply_count++ == 0) {
			src->next_ps = start_ps;
			src->next_message = sequence;
		}
		irqmod_sim_link_pick(sim); /* the cache holds nothing committed */
	}
	if (c->timeout_ns != 0 && !src->event_pending) {
		src->event_pending = true;
		irqmod_sim_schedule(sim, now + c->timeout_ns, EVENT_SOURCE, src->index);
	}
}

/* The application has a request to send (its timer expired or it starts). */
static void request_send(struct irqmod_sim_model *sim, struct irqmod_sim_src *src, uint64_t now,
			 uint32_t count)
{
	sim->sockets[src->index].pending_sends += count;
	src->last_send_ns = now; /* the timer restarts from here */
	irqmod_sim_app_wake(sim, &sim->sockets[src->index], src->index, now);
}

/* Timeout bookkeeping: ping -f sends when @timeout_ns passed since the last
 * request; RR resends a request unanswered for @timeout_ns. The sends
 * themselves are the application's work (app_send_ns each). */
IRQMOD_SIM_PRIVATE void irqmod_sim_source_event(struct irqmod_sim_model *sim,
						struct irqmod_sim_src *src, uint64_t now)
{
	const struct irqmod_sim_source *c = &src->config;
	uint64_t deadline;
	uint32_t i;

	src->event_pending = false;
	if (!src->started) {
		src->started = true;
		request_send(sim, src, now, c->outstanding);
	} else if (c->timeout_ns == 0) {
		return;
	} else if (c->kind == IRQMOD_SIM_SOURCE_PING) {
		deadline = src->last_send_ns + c->timeout_ns;
		if (now >= deadline)
			request_send(sim, src, now, 1);
	} else {
		i = 0;
		while (src->request_count > 0 &&
		       src->requests[src->request_head].send_ns + c->timeout_ns <= now) {
			src->request_head = (src->request_head + 1) % MAX_OUTSTANDING;
			src->request_count--;
			i++;
		}
		if (i != 0)
			request_send(sim, src, now, i);
	}
	if (c->timeout_ns == 0)
		return;
	if (src->event_pending)
		return;
	deadline = c->kind == IRQMOD_SIM_SOURCE_PING
			   ? src->last_send_ns + c->timeout_ns
			   : (src->request_count > 0
				      ? src->requests[src->request_head].send_ns + c->timeout_ns
				      : UINT64_MAX);
	if (deadline != UINT64_MAX) {
		src->event_pending = true;
		irqmod_sim_schedule(sim, irqmod_sim_max_u64(deadline, now), EVENT_SOURCE, src->index);
	}
}

/*
 * The application read a reply at @now. Return: true when it sends the next
 * request. ping -f sends on a reply only while fewer than its preload
 * (@outstanding) requests are in flight (iputils ping_common.c pinger()), so
 * the extra requests its 10 ms timer adds during a stall drain away; an RR
 * slot whose request timed out was already resent, so its late reply
 * releases nothing.
 */
IRQMOD_SIM_PRIVATE bool irqmod_sim_peer_reply(struct irqmod_sim_model *sim,
					      struct irqmod_sim_src *src, uint32_t sequence,
					      uint64_t now)
{
	bool found = false;
	uint32_t i;

	sim->metrics.counters.replies_received++;
	for (i = 0; i < src->request_count; i++) {
		struct irqmod_sim_request *r = &src->requests[(src->request_head + i) % MAX_OUTSTANDING];

		if (r->sequence != sequence)
			continue;
		if (now >= sim->window_start_ns)
			irqmod_sim_histogram_add(sim->metrics.rtt, now - r->send_ns);
		/* Remove it by moving the older entries up one place. */
		for (; i > 0; i--) {
			src->requests[(src->request_head + i) % MAX_OUTSTANDING] =
				src->requests[(src->request_head + i - 1) % MAX_OUTSTANDING];
		}
		src->request_head = (src->request_head + 1) % MAX_OUTSTANDING;
		src->request_count--;
		found = true;
		break;
	}
	if (src->config.kind == IRQMOD_SIM_SOURCE_PING)
		return src->request_count < src->config.outstanding;
	return found;
}

IRQMOD_SIM_PRIVATE int irqmod_sim_source_setup(struct irqmod_sim_model *sim,
					       struct irqmod_sim_src *src,
					       const struct irqmod_sim_source *c, uint32_t index)
{
	const struct irqmod_sim_config *config = sim->config;
	uint64_t start_ps = c->start_ns * PS_PER_NS, period;

	src->config = *c;
	src->index = index;
	irqmod_sim_rng_seed(&src->rng, config->seed, index);
	src->next_fragment_count = 1;
	src->next_bytes = c->frame_bytes;
	src->payload_bytes = c->frame_bytes > ETH_HEADER_BYTES + IPV4_HEADER_BYTES + UDP_HEADER_BYTES
				     ? c->frame_bytes - (ETH_HEADER_BYTES + IPV4_HEADER_BYTES +
							 UDP_HEADER_BYTES)
				     : 0;
	if (c->rate_pps != 0) {
		src->step_ps = PS_PER_S / c->rate_pps;
		src->step_remainder = PS_PER_S % c->rate_pps;
	}
	src->queue = config->queues == 1 ? 0 : irqmod_sim_flow_queue(sim, index, 0);
	src->next_ps = start_ps;
	source_next_flow(src);
	switch (c->kind) {
	case IRQMOD_SIM_SOURCE_FLOOD:
		if (c->poisson_arrivals)
			src->next_ps = irqmod_sim_add_sat(start_ps,
					       irqmod_sim_exponential(&src->rng, src->step_ps));
		break;
	case IRQMOD_SIM_SOURCE_POISSON:
		src->next_ps = irqmod_sim_add_sat(start_ps, draw_gap(src));
		break;
	case IRQMOD_SIM_SOURCE_ONOFF:
		if (c->period_distribution == IRQMOD_SIM_DIST_CONSTANT) {
			onoff_constant_phase(src, config->seed, start_ps);
			break;
		}
		period = irqmod_sim_draw_period(&src->rng, c->period_distribution, c->on_mean_ns,
						c->pareto_shape_milli);
		src->period_end_ps =
			irqmod_sim_add_sat(start_ps, irqmod_sim_max_u64(period, 1) * PS_PER_NS);
		break;
	case IRQMOD_SIM_SOURCE_UDP_STREAM: {
		uint32_t ip_payload = c->message_bytes + UDP_HEADER_BYTES;
		uint32_t per_fragment = (c->mtu_bytes - IPV4_HEADER_BYTES) & ~(FRAGMENT_ALIGN - 1);

		src->fragments = (ip_payload + per_fragment - 1) / per_fragment;
		src->full_fragment_bytes = ETH_HEADER_BYTES + IPV4_HEADER_BYTES + per_fragment;
		src->last_fragment_bytes = ETH_HEADER_BYTES + IPV4_HEADER_BYTES + ip_payload -
					   (src->fragments - 1) * per_fragment;
		if (src->last_fragment_bytes < MIN_FRAME_BYTES)
			src->last_fragment_bytes = MIN_FRAME_BYTES;
		if (src->fragments == 1)
			src->full_fragment_bytes = src->last_fragment_bytes;
		src->next_fragment_count = (uint16_t)src->fragments;
		src->next_bytes = src->fragments == 1 ? src->last_fragment_bytes
						      : src->full_fragment_bytes;
		src->payload_bytes = c->message_bytes;
		break;
	}
	case IRQMOD_SIM_SOURCE_TRACE: {
		const struct irqmod_sim_trace_file *t = c->trace;
		uint64_t low = 0, high = t->count;

		/* A lap is the span plus the mean gap, so the last record
		 * and the first of the next lap are one mean gap apart. */
		src->trace_lap_ns = t->count > 1 ? t->span_ns + t->span_ns / (t->count - 1) : 1;
		if (src->trace_lap_ns == 0)
			src->trace_lap_ns = 1; /* every record at one instant */
		src->trace_offset_ns = c->trace_random_offset && c->trace_loop
					       ? irqmod_sim_rng_next(&src->rng) % src->trace_lap_ns
					       : c->trace_start_offset_ns;
		/* The first record at or after the offset. */
		while (low < high) {
			uint64_t middle = low + (high - low) / 2;

			if (t->records[middle].time_ns < src->trace_offset_ns)
				low = middle + 1;
			else
				high = middle;
		}
		src->trace_start_ps = start_ps;
		src->trace_index = low;
		trace_load_record(src);
		break;
	}
	case IRQMOD_SIM_SOURCE_PING:
	case IRQMOD_SIM_SOURCE_RR:
		src->next_ps = UINT64_MAX;
		src->next_flow = 0;
		src->requests = calloc(MAX_OUTSTANDING, sizeof(*src->requests));
		src->replies = calloc(MAX_OUTSTANDING, sizeof(*src->replies));
		if (!src->requests || !src->replies)
			return -IRQMOD_ERANGE;
		src->event_pending = true;
		irqmod_sim_schedule(sim, c->start_ns, EVENT_SOURCE, index);
		break;
	default:
		break;
	}
	return 0;
}
