/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Sockets and applications: IP reassembly of UDP stream fragments, the
 * Linux UDP admission rule on each source's socket, and the application
 * that reads it (wake-up, batches of reads, ping/RR requests it sends).
 */
#include <stdlib.h>

#include "sim_internal.h"

IRQMOD_SIM_PRIVATE int irqmod_sim_socket_setup(struct irqmod_sim_model *sim,
					       struct irqmod_sim_socket *sock,
					       const struct irqmod_sim_source *c)
{
	const struct irqmod_sim_config *config = sim->config;

	/* The admission rule lets in at most rcvbuf / truesize + 1 datagrams;
	 * a power of two lets the ring wrap with a mask. */
	sock->capacity = 1;
	while (sock->capacity < config->rcvbuf_bytes / config->truesize_bytes + 2)
		sock->capacity <<= 1;
	sock->entries = calloc(sock->capacity, sizeof(*sock->entries));
	if (!sock->entries)
		return -IRQMOD_ERANGE;
	if (c->kind == IRQMOD_SIM_SOURCE_UDP_STREAM) {
		sock->reassembly = calloc(c->flows, sizeof(*sock->reassembly));
		if (!sock->reassembly)
			return -IRQMOD_ERANGE;
	}
	return 0;
}

IRQMOD_SIM_PRIVATE void irqmod_sim_socket_free(struct irqmod_sim_socket *sock)
{
	free(sock->entries);
	free(sock->reassembly);
}

/* Uncharge datagrams the application finished reading by @now. */
static inline void irqmod_sim_socket_release(struct irqmod_sim_socket *sock, uint64_t now)
{
	while (sock->scheduled > 0) {
		struct irqmod_sim_socket_entry *e = &sock->entries[sock->head];

		if (e->consumed_ns > now)
			break;
		sock->alloc_bytes -= e->truesize;
		sock->head = (sock->head + 1) & (sock->capacity - 1);
		sock->count--;
		sock->scheduled--;
	}
}

IRQMOD_SIM_PRIVATE void irqmod_sim_app_runnable(struct irqmod_sim_model *sim,
						struct irqmod_sim_src *src, uint64_t now)
{
	struct irqmod_sim_core *core = &sim->cores[sim->config->app_core];
	struct irqmod_sim_socket *sock = &sim->sockets[src->index];

	sock->app_state = APP_RUNNABLE;
	core->apps[(core->apps_head + core->apps_count) % (IRQMOD_SIM_MAX_SOURCES + 1)] =
		src->index;
	core->apps_count++;
	irqmod_sim_core_kick(sim, core, now);
}

/* Wake a sleeping application: it runs app_wakeup_ns later. */
IRQMOD_SIM_PRIVATE_INLINE void irqmod_sim_app_wake(struct irqmod_sim_model *sim,
						   struct irqmod_sim_socket *sock, uint32_t index,
						   uint64_t now)
{
	if (sock->app_state == APP_SLEEPING) {
		sock->app_state = APP_WAKING;
		irqmod_sim_schedule(sim, now + sim->config->app_wakeup_ns, EVENT_APP_WAKE, index);
	}
}

/* Linux UDP admission (__udp_enqueue_schedule_skb): drop when the memory
 * already allocated exceeds rcvbuf, before charging; otherwise charge the
 * whole truesize, so occupancy may exceed rcvbuf by one datagram. */
IRQMOD_SIM_PRIVATE_INLINE void irqmod_sim_socket_admit(struct irqmod_sim_model *sim,
						       const struct irqmod_sim_queue *q,
						       struct irqmod_sim_socket *sock,
						       const struct irqmod_sim_frame *f,
						       uint64_t now, uint32_t frames)
{
	struct irqmod_sim_counters *qk = &sim->metrics.queue_counters[q->index];
	uint32_t payload_bytes, truesize;
	struct irqmod_sim_socket_entry *e;

	/* Datagrams read by @now are uncharged only when the socket looks
	 * full: releasing lowers alloc_bytes and count alone, so the
	 * decision is the same as releasing first, and nothing else reads
	 * them (scheduled < count and the application's next entry do not
	 * change when the head entries go). */
	if (sock->alloc_bytes > sim->config->rcvbuf_bytes || sock->count == sock->capacity) {
		irqmod_sim_socket_release(sock, now);
		/* Every entry used is a guard (the admission rule lets in at
		 * most rcvbuf / truesize + 1 datagrams, fewer than the
		 * capacity irqmod_sim_socket_setup() gives); tested above
		 * already, here without a branch of its own (|). */
		if ((sock->alloc_bytes > sim->config->rcvbuf_bytes) |
		    (sock->count == sock->capacity)) {
			qk->drops_socket += frames;
			qk->drops_socket_datagrams++;
			sim->metrics.source_counters[f->source].drops += frames;
			return;
		}
	}
	/* A datagram's payload: the stream's message, or its one frame's
	 * (worked out only for a datagram the socket takes). */
	payload_bytes = irqmod_sim_frame_payload(&sim->sources[f->source], f->bytes);
	truesize = frames * sim->config->truesize_bytes;
	sock->alloc_bytes += truesize;
	e = &sock->entries[(sock->head + sock->count) & (sock->capacity - 1)];
	e->last_arrival_ns = f->arrival_ns;
	e->consumed_ns = UINT64_MAX;
	e->payload_bytes = payload_bytes;
	e->truesize = truesize;
	e->message = f->message;
	e->queue = q->index;
	sock->count++;
	qk->delivered_frames += frames;
	qk->delivered_datagrams++;
	if (now >= sim->window_start_ns)
		irqmod_sim_histogram_add(sim->metrics.to_socket, now - f->arrival_ns);
	irqmod_sim_app_wake(sim, sock, f->source, now);
}

/*
 * irqmod_sim_socket_admit() of @n frames of one source from @q's ring at
 * @head, each a datagram of its own (neither a flood's nor a fragment),
 * at @now. The same decisions frame by frame, with what the loop does not
 * change in locals (the compiler cannot tell the stores to the entries
 * from the model's fields) and the counters added once; the application
 * is woken after the loop, which schedules the same one event: nothing
 * else in the loop schedules, and only the first frame finds it asleep.
 */
IRQMOD_SIM_PRIVATE void irqmod_sim_socket_admit_lone(struct irqmod_sim_model *sim,
						     const struct irqmod_sim_queue *q,
						     struct irqmod_sim_socket *sock, uint32_t head,
						     uint32_t n, uint64_t now)
{
	const struct irqmod_sim_frame *ring = q->ring;
	const struct irqmod_sim_src *src = &sim->sources[ring[head].source];
	const uint64_t rcvbuf_bytes = sim->config->rcvbuf_bytes;
	const uint32_t truesize = sim->config->truesize_bytes, ring_size = q->ring_size;
	const uint32_t mask = sock->capacity - 1;
	struct irqmod_sim_histogram *to_socket =
		now >= sim->window_start_ns ? sim->metrics.to_socket : NULL;
	struct irqmod_sim_counters *qk = &sim->metrics.queue_counters[q->index];
	uint32_t i, dropped = 0;

	for (i = 0; i < n; i++) {
		const struct irqmod_sim_frame *f = &ring[head];
		struct irqmod_sim_socket_entry *e;

		if (++head == ring_size)
			head = 0;
		if (sock->alloc_bytes > rcvbuf_bytes || sock->count == sock->capacity) {
			irqmod_sim_socket_release(sock, now);
			if ((sock->alloc_bytes > rcvbuf_bytes) | (sock->count == sock->capacity)) {
				dropped++;
				continue;
			}
		}
		sock->alloc_bytes += truesize;
		e = &sock->entries[(sock->head + sock->count) & mask];
		e->last_arrival_ns = f->arrival_ns;
		e->consumed_ns = UINT64_MAX;
		e->payload_bytes = irqmod_sim_datagram_payload(f->bytes);
		e->truesize = truesize;
		e->message = f->message;
		e->queue = q->index;
		sock->count++;
		if (to_socket)
			irqmod_sim_histogram_add(to_socket, now - f->arrival_ns);
	}
	qk->drops_socket += dropped;
	qk->drops_socket_datagrams += dropped;
	sim->metrics.source_counters[src->index].drops += dropped;
	qk->delivered_frames += n - dropped;
	qk->delivered_datagrams += n - dropped;
	if (dropped < n)
		irqmod_sim_app_wake(sim, sock, src->index, now);
}

/* Hand one polled frame to the stack at @now (the end of its poll). */
IRQMOD_SIM_PRIVATE_INLINE void irqmod_sim_deliver(struct irqmod_sim_model *sim,
						  struct irqmod_sim_queue *q,
						  const struct irqmod_sim_frame *f, uint64_t now)
{
	struct irqmod_sim_src *src = &sim->sources[f->source];
	struct irqmod_sim_socket *sock = &sim->sockets[f->source];
	struct irqmod_sim_reassembly *r;

	switch (src->config.kind) {
	case IRQMOD_SIM_SOURCE_FLOOD:
		/* Consumed by the stack (e.g. a SYN to a closed port). */
		sim->metrics.queue_counters[q->index].delivered_frames++;
		if (now >= sim->window_start_ns)
			irqmod_sim_histogram_add(sim->metrics.to_socket, now - f->arrival_ns);
		if (f->respond)
			irqmod_sim_transmit(sim, q, now, src->config.response_bytes);
		return;
	case IRQMOD_SIM_SOURCE_UDP_STREAM:
		r = &sock->reassembly[f->flow];
		if (r->frames != 0 && r->message != f->message) {
			/* A fragment of the previous datagram never came. */
			sim->metrics.queue_counters[q->index].drops_reassembly += r->frames;
			sim->metrics.source_counters[src->index].drops += r->frames;
			r->frames = 0;
		}
		r->message = f->message;
		r->frames++;
		if (f->fragment + 1u < f->fragment_count)
			return;
		if (r->frames == f->fragment_count) {
			irqmod_sim_socket_admit(sim, q, sock, f, now, r->frames);
		} else {
			sim->metrics.queue_counters[q->index].drops_reassembly += r->frames;
			sim->metrics.source_counters[src->index].drops += r->frames;
		}
		r->frames = 0;
		return;
	default:
		irqmod_sim_socket_admit(sim, q, sock, f, now, 1);
		return;
	}
}

IRQMOD_SIM_PRIVATE void irqmod_sim_app_start(struct irqmod_sim_model *sim,
					     struct irqmod_sim_core *core,
					     struct irqmod_sim_src *src, uint64_t now)
{
	const struct irqmod_sim_config *c = sim->config;
	struct irqmod_sim_socket *sock = &sim->sockets[src->index];
	/* On a core shared with a queue, one read per run keeps the
	 * interrupt work's wait short. */
	uint32_t batch = sim->app_shares_core ? 1 : c->app_batch, taken = 0;
	uint64_t t = now;
	/* Fixed for the run; in locals, the loop's stores cannot make the
	 * compiler load them again for every datagram. */
	const uint64_t datagram_ns = c->app_datagram_ns, byte_ps = c->app_byte_ps;
	const bool replies = src->config.kind == IRQMOD_SIM_SOURCE_PING ||
			     src->config.kind == IRQMOD_SIM_SOURCE_RR;
	/* The same in locals for the metrics: the reads change none of them. */
	struct irqmod_sim_timeseries *const series = sim->timeseries;
	const uint64_t window_start_ns = sim->window_start_ns;
	struct irqmod_sim_histogram *const source_to_app =
		sim->metrics.per_source ? &sim->metrics.source_histograms[2 * src->index] : NULL;
	uint64_t received = 0;

	if (sock->busy_resume) {
		/* Back from cond_resched() inside its busy loop. */
		irqmod_sim_busy_resume(sim, core, src, now);
		return;
	}
	if (sim->busy_poll && (sock->pending_sends > 0 || sock->scheduled < sock->count))
		irqmod_sim_wait_returns(sim, core, now);
	sock->app_state = APP_RUNNING;
	while (taken < batch && (sock->pending_sends > 0 || sock->scheduled < sock->count)) {
		struct irqmod_sim_socket_entry *e;

		taken++;
		if (sock->pending_sends > 0) {
			sock->pending_sends--;
			t += c->app_send_ns;
			irqmod_sim_send_request(sim, src, t);
			continue;
		}
		e = &sock->entries[(sock->head + sock->scheduled) & (sock->capacity - 1)];
		t += datagram_ns + (uint64_t)e->payload_bytes * byte_ps / PS_PER_NS;
		e->consumed_ns = t;
		sock->scheduled++;
		received++;
		sim->metrics.queue_counters[e->queue].received_datagrams++;
		sim->metrics.queue_counters[e->queue].received_payload_bytes += e->payload_bytes;
		if (series)
			irqmod_sim_timeseries_to_app(series, t - e->last_arrival_ns);
		if (t >= window_start_ns) {
			/* With several queues, the queue's (the total is their
			 * sum, irqmod_sim_metrics_close()). */
			irqmod_sim_histogram_add(sim->metrics.per_queue
							 ? &sim->metrics.queue_histograms[2 * e->queue]
							 : sim->metrics.to_app,
						 t - e->last_arrival_ns);
			if (source_to_app)
				irqmod_sim_histogram_add(source_to_app, t - e->last_arrival_ns);
		}
		if (replies && irqmod_sim_peer_reply(sim, src, e->message, t)) {
			/* ping -f and netperf send the next request at once. */
			t += c->app_send_ns;
			irqmod_sim_send_request(sim, src, t);
		}
	}
	sim->metrics.source_counters[src->index].received_datagrams += received;
	irqmod_sim_start_job(sim, core, JOB_APP, src->index, now,
			     irqmod_sim_max_u64(t - now, MIN_JOB_NS), &core->time.app_ns);
}
