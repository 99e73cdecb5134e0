/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The host: cores as non-preemptive servers of short jobs (a hard-interrupt
 * handler, a deferred poll's timer interrupt, one NAPI poll of at most the
 * budget, a batch of application reads, a busy period of the competing
 * task), the softirq budget (netdev_budget, netdev_budget_usecs), and the
 * controller call after every poll that completes under budget.
 */
#include <string.h>

#include "sim_internal.h"

/* Time CPU work spends inside the measured window. */
static uint64_t window_overlap(const struct irqmod_sim_model *sim, uint64_t start, uint64_t end)
{
	uint64_t low = irqmod_sim_max_u64(start, sim->window_start_ns);
	uint64_t high = irqmod_sim_min_u64(end, sim->end_ns);

	return high > low ? high - low : 0;
}

/* ------------------------------------------------------------------ */
/* Cores                                                               */
/* ------------------------------------------------------------------ */

IRQMOD_SIM_PRIVATE void irqmod_sim_start_job(struct irqmod_sim_model *sim,
					     struct irqmod_sim_core *core, uint32_t job,
					     uint32_t index, uint64_t now, uint64_t duration,
					     uint64_t *account)
{
	core->job = job;
	core->job_index = index;
	core->job_start_ns = now;
	*account += window_overlap(sim, now, now + duration);
	irqmod_sim_schedule(sim, now + duration, EVENT_CORE_DONE, core->index);
}

static bool response_allowed(struct irqmod_sim_src *src, uint64_t now)
{
	if (src->config.response_limit_per_s == 0)
		return false;
	/* FreeBSD ppsratecheck(): at most N per one-second window. */
	if (now - src->limit_window_ns >= NS_PER_S) {
		src->limit_window_ns = now;
		src->limit_count = 0;
	}
	if (src->limit_count >= src->config.response_limit_per_s)
		return false;
	src->limit_count++;
	return true;
}

/*
 * The histogram of @q's added delay: with several queues its own (the
 * total is their sum, irqmod_sim_metrics_close()), else the total.
 */
static inline struct irqmod_sim_histogram *added_delay_of(struct irqmod_sim_model *sim,
							   const struct irqmod_sim_queue *q)
{
	return sim->metrics.per_queue ? &sim->metrics.queue_histograms[2 * q->index + 1]
				      : sim->metrics.added_delay;
}

/*
 * poll_take() for one source, no time series and no flood source: the
 * frames only add their moderation delay to their queue's histogram (the
 * zeros at once, the order does not matter to a histogram). Out of line
 * (IRQMOD_SIM_NOINLINE): its loop keeps its values in registers.
 * Return: the frames' bytes.
 */
IRQMOD_SIM_NOINLINE static uint64_t poll_take_lone(struct irqmod_sim_model *sim,
						   const struct irqmod_sim_queue *q, uint32_t slot,
						   uint32_t count, uint64_t now)
{
	struct irqmod_sim_histogram *added_delay =
		now >= sim->window_start_ns ? added_delay_of(sim, q) : NULL;
	const struct irqmod_sim_frame *ring = q->ring;
	uint64_t signal_ns = q->signal_ns, zeros = 0, bytes = 0;
	uint32_t ring_size = q->ring_size, i;

	for (i = 0; i < count; i++) {
		const struct irqmod_sim_frame *f = &ring[slot];

		bytes += f->bytes;
		if (added_delay) {
			if (signal_ns > f->arrival_ns)
				irqmod_sim_histogram_add(added_delay, signal_ns - f->arrival_ns);
			else
				zeros++;
		}
		if (++slot == ring_size)
			slot = 0;
	}
	if (added_delay)
		irqmod_sim_histogram_add_zeros(added_delay, zeros);
	return bytes;
}

/*
 * Take up to @count more frames into the running poll of @q and return the
 * CPU time they cost. Flood responses are decided (rate limit) here.
 */
static inline uint64_t poll_take(struct irqmod_sim_model *sim, struct irqmod_sim_queue *q,
				 uint32_t count, uint64_t now)
{
	const struct irqmod_sim_config *c = sim->config;
	struct irqmod_sim_napi *napi = &sim->napi[q->index];
	uint32_t i, slot = q->head + q->in_poll, responses = 0;
	uint64_t bytes = 0;

	if (slot >= q->ring_size)
		slot -= q->ring_size;
	if (!sim->timeseries && !sim->metrics.per_source && !sim->has_flood) {
		bytes = poll_take_lone(sim, q, slot, count, now);
		q->in_poll += count;
		napi->poll_bytes += bytes;
		return count * c->packet_ns;
	}
	for (i = 0; i < count; i++) {
		struct irqmod_sim_frame *f = &q->ring[slot];

		/* Moderation held the frame from its arrival to the signal
		 * (interrupt or deferred-poll timer) that led to this poll;
		 * a frame that came after it waited for no moderation. */
		uint64_t added = q->signal_ns > f->arrival_ns ? q->signal_ns - f->arrival_ns : 0;

		bytes += f->bytes;
		if (sim->timeseries)
			irqmod_sim_timeseries_added(sim->timeseries, added);
		if (now >= sim->window_start_ns) {
			irqmod_sim_histogram_add(added_delay_of(sim, q), added);
			if (sim->metrics.per_source)
				irqmod_sim_histogram_add(
					&sim->metrics.source_histograms[2 * f->source + 1], added);
		}
		/* Without a flood source no frame needs the test (most runs). */
		if (sim->has_flood && sim->sources[f->source].config.kind == IRQMOD_SIM_SOURCE_FLOOD) {
			struct irqmod_sim_src *src = &sim->sources[f->source];

			f->respond = response_allowed(src, now);
			if (f->respond)
				responses++;
			else if (src->config.response_limit_per_s != 0)
				sim->metrics.queue_counters[q->index].responses_limited++;
		}
		if (++slot == q->ring_size)
			slot = 0;
	}
	q->in_poll += count;
	napi->poll_bytes += bytes;
	napi->poll_responses += responses;
	return count * c->packet_ns + responses * c->response_ns;
}

/* Begin a poll of @q taking up to @budget frames; return its CPU time. */
IRQMOD_SIM_PRIVATE uint64_t irqmod_sim_poll_begin(struct irqmod_sim_model *sim,
						  struct irqmod_sim_queue *q, uint32_t budget,
						  uint64_t now)
{
	const struct irqmod_sim_config *c = sim->config;
	struct irqmod_sim_napi *napi = &sim->napi[q->index];
	uint32_t n = q->count < budget ? q->count : budget;

	q->in_poll = 0;
	napi->poll_bytes = 0;
	napi->poll_responses = 0;
	napi->poll_tx = q->tx_pending;
	q->tx_pending = 0;
	sim->metrics.queue_counters[q->index].polls++;
	return irqmod_sim_max_u64(c->poll_ns + napi->poll_tx * c->tx_clean_ns +
				  poll_take(sim, q, n, now), MIN_JOB_NS);
}

static void start_poll(struct irqmod_sim_model *sim, struct irqmod_sim_core *core,
		       struct irqmod_sim_queue *q, uint64_t now)
{
	irqmod_sim_start_job(sim, core, JOB_POLL, q->index, now,
			     irqmod_sim_poll_begin(sim, q, sim->config->napi_budget, now),
			     &core->time.softirq_ns);
}

/*
 * A poll keeps cleaning while descriptors are done and budget remains
 * (ixgbe_clean_rx_irq() loops until a descriptor lacks its DD bit), so
 * frames that arrived while it worked are taken before it ends.
 * Return: true when the poll was extended.
 */
static bool poll_extend(struct irqmod_sim_model *sim, struct irqmod_sim_core *core,
			struct irqmod_sim_queue *q, uint64_t now)
{
	uint32_t budget = sim->config->napi_budget;
	uint32_t waiting = q->count - q->in_poll;
	uint32_t room = budget - q->in_poll;
	uint64_t duration;

	if (!sim->config->poll_rescan || q->in_poll >= budget || waiting == 0)
		return false;
	duration = poll_take(sim, q, waiting < room ? waiting : room, now);
	irqmod_sim_start_job(sim, core, JOB_POLL, q->index, now,
			     irqmod_sim_max_u64(duration, MIN_JOB_NS), &core->time.softirq_ns);
	return true;
}

static void core_dispatch(struct irqmod_sim_model *sim, struct irqmod_sim_core *core, uint64_t now)
{
	const struct irqmod_sim_config *c = sim->config;

	core->job = JOB_NONE;
	if (core->load_due) {
		uint64_t busy = irqmod_sim_draw_period(&sim->load_rng, c->load_distribution,
						       c->load_busy_ns, DEFAULT_PARETO_SHAPE);

		core->load_due = false;
		irqmod_sim_start_job(sim, core, JOB_LOAD, 0, now, irqmod_sim_max_u64(busy, 1),
				     &core->time.load_ns);
		return;
	}
	if (core->irq_mask != 0) {
		uint32_t index = (uint32_t)__builtin_ctz(core->irq_mask);

		core->irq_mask &= ~(1u << index);
		irqmod_sim_start_job(sim, core, JOB_IRQ, index, now,
				     irqmod_sim_max_u64(c->irq_ns, MIN_JOB_NS), &core->time.irq_ns);
		return;
	}
	if (core->timer_mask != 0) {
		uint32_t index = (uint32_t)__builtin_ctz(core->timer_mask);

		core->timer_mask &= ~(1u << index);
		sim->metrics.queue_counters[index].timer_interrupts++;
		irqmod_sim_start_job(sim, core, JOB_TIMER, index, now,
				     irqmod_sim_max_u64(c->timer_irq_ns, MIN_JOB_NS),
				     &core->time.irq_ns);
		return;
	}
	/* Runnable applications first while ksoftirqd has the NAPI work;
	 * NAPI threads (threaded NAPI) and applications take turns. */
	if (core->napi_count > 0 && !(core->softirq_deferred && core->apps_count > 0) &&
	    !(c->napi_threaded && core->apps_count > 0 && !core->napi_turn)) {
		uint32_t index = core->napi[core->napi_head];

		core->napi_turn = false;
		if (!core->softirq_active) {
			core->softirq_active = true;
			core->softirq_start_ns = now;
			core->softirq_packets = 0;
		}
		core->napi_head = (core->napi_head + 1) % (IRQMOD_SIM_MAX_QUEUES + 1);
		core->napi_count--;
		start_poll(sim, core, &sim->queues[index], now);
		return;
	}
	if (core->apps_count > 0) {
		uint32_t index = core->apps[core->apps_head];

		core->napi_turn = true;
		core->apps_head = (core->apps_head + 1) % (IRQMOD_SIM_MAX_SOURCES + 1);
		core->apps_count--;
		irqmod_sim_app_start(sim, core, &sim->sources[index], now);
	}
}

IRQMOD_SIM_PRIVATE void irqmod_sim_core_kick(struct irqmod_sim_model *sim,
					     struct irqmod_sim_core *core, uint64_t now)
{
	if (core->job == JOB_NONE)
		core_dispatch(sim, core, now);
}

IRQMOD_SIM_PRIVATE void irqmod_sim_napi_schedule(struct irqmod_sim_model *sim,
						 struct irqmod_sim_core *core, uint32_t queue)
{
	sim->napi[queue].sched = true;
	core->napi[(core->napi_head + core->napi_count) % (IRQMOD_SIM_MAX_QUEUES + 1)] = queue;
	core->napi_count++;
}

/* A deferred poll's hrtimer fires on @core: an interrupt (timer_irq_ns)
 * whose handler schedules the NAPI there; 0 schedules it directly, unless
 * someone runs it (a busy poller may have taken it since the answer). */
IRQMOD_SIM_PRIVATE void irqmod_sim_repoll(struct irqmod_sim_model *sim, struct irqmod_sim_queue *q,
					  struct irqmod_sim_core *core, uint64_t now)
{
	q->signal_ns = now;
	if (sim->config->timer_irq_ns != 0)
		core->timer_mask |= 1u << q->index;
	else
		irqmod_sim_napi_signal(sim, core, q->index, now);
	irqmod_sim_core_kick(sim, core, now);
}

static void call_controller(struct irqmod_sim_model *sim, struct irqmod_sim_queue *q, uint64_t now,
			    uint32_t flags, struct irqmod_decision *decision)
{
	struct irqmod_sim_napi *napi = &sim->napi[q->index];
	const struct irqmod_sim_controller *ctl = napi->ctl;

	if (sim->wait_found_events)
		flags |= IRQMOD_SAMPLE_APP_FOUND_EVENTS;
	napi->sample.now_ns = now;
	napi->sample.flags = flags | (napi->from_interrupt ? IRQMOD_SAMPLE_FROM_INTERRUPT : 0);
	memset(decision, 0, sizeof(*decision));
	if (ctl->update) {
		ctl->update(ctl->context, q->index, &napi->sample, decision);
	} else if (napi->run_hybrid) {
		irqmod_hybrid_update(&napi->hybrid, &napi->sample, decision);
		irqmod_hybrid_count(&napi->hybrid_counters, &napi->sample, decision);
	} else {
		irqmod_controller_update(&napi->controller, &napi->sample, decision);
	}
	sim->metrics.queue_counters[q->index].controller_calls++;
	if (sim->hooks && sim->hooks->trace) {
		struct irqmod_sim_trace record;

		record.now_ns = now;
		record.queue = q->index;
		record.sample = napi->sample;
		record.decision = *decision;
		sim->hooks->trace(sim->hooks->context, &record);
	}
	memset(&napi->sample, 0, sizeof(napi->sample));
}

/*
 * Hand the frames of @q's running poll to the stack at @now and add them to
 * the sample the controller reads next. Return: their count.
 */
IRQMOD_SIM_PRIVATE_INLINE uint32_t irqmod_sim_poll_deliver(struct irqmod_sim_model *sim,
							   struct irqmod_sim_queue *q, uint64_t now)
{
	struct irqmod_sim_napi *napi = &sim->napi[q->index];
	uint32_t n = q->in_poll, i;

	if (sim->source_count == 1 && sim->sources[0].config.kind != IRQMOD_SIM_SOURCE_FLOOD &&
	    sim->sources[0].config.kind != IRQMOD_SIM_SOURCE_UDP_STREAM) {
		/* One source whose frames are datagrams of their own: each goes
		 * to its one socket (irqmod_sim_deliver()'s default case). */
		if (n != 0)
			irqmod_sim_socket_admit_lone(sim, q, &sim->sockets[0], q->head, n, now);
		q->head = q->head + n >= q->ring_size ? q->head + n - q->ring_size : q->head + n;
	} else {
		for (i = 0; i < n; i++) {
			irqmod_sim_deliver(sim, q, &q->ring[q->head], now);
			if (++q->head == q->ring_size)
				q->head = 0;
		}
	}
	q->count -= n;
	q->in_poll = 0;
	sim->metrics.queue_counters[q->index].responses += napi->poll_responses;
	sim->metrics.queue_counters[q->index].tx_completions += napi->poll_tx;
	napi->sample.rx_packets += n;
	napi->sample.rx_bytes += napi->poll_bytes;
	napi->sample.tx_packets += napi->poll_tx;
	/* A NIC writes back one completion per RX frame and TX descriptor. */
	napi->sample.completions += n + napi->poll_tx;
	return n;
}

/*
 * A poll of @q on @core that did @work frames, less than its budget,
 * completes: napi_complete_done() (the kernel's deferral may keep the
 * interrupt masked), then the driver's moderation update and its answer.
 */
IRQMOD_SIM_PRIVATE void irqmod_sim_napi_done(struct irqmod_sim_model *sim,
					     struct irqmod_sim_core *core, struct irqmod_sim_queue *q,
					     uint32_t work, uint64_t now)
{
	const struct irqmod_sim_config *c = sim->config;
	struct irqmod_sim_napi *napi = &sim->napi[q->index];
	struct irqmod_decision decision;

	napi->sched = false;
	if (!irqmod_sim_napi_complete(sim, core, q, work, now))
		return; /* the NAPI's timer polls next, the interrupt stays masked */
	call_controller(sim, q, now, 0, &decision);
	napi->from_interrupt = false;
	q->interval_ns = decision.rx_interval_ns;
	q->rate_limit_ns = decision.rate_limit_ns;
	q->frames_threshold = decision.frames != 0 ? decision.frames : c->rx_frames;
	if (decision.action == IRQMOD_ACTION_POLL) {
		if (decision.poll_delay_ns == 0)
			irqmod_sim_napi_schedule(sim, core, q->index);
		else if (decision.poll_delay_ns <= c->poll_spin_ns)
			napi->spin_ns = decision.poll_delay_ns; /* core_done() spins */
		else
			irqmod_sim_schedule(sim, now + decision.poll_delay_ns, EVENT_REPOLL,
					    q->index);
	} else {
		irqmod_sim_nic_enable(sim, q, now);
	}
}

/* A busy poller asked for @q's NAPI while the softirq had it (never
 * without busy polling, so other runs take the usual branch at once). */
static inline bool napi_prefer_busy(const struct irqmod_sim_model *sim,
				    const struct irqmod_sim_queue *q)
{
	return sim->busy_poll && sim->napi[q->index].prefer_busy;
}

static void finish_poll(struct irqmod_sim_model *sim, struct irqmod_sim_core *core,
			struct irqmod_sim_queue *q, uint64_t now)
{
	const struct irqmod_sim_config *c = sim->config;
	struct irqmod_decision decision;
	uint32_t n = irqmod_sim_poll_deliver(sim, q, now);

	core->softirq_packets += n;
	if (n == c->napi_budget && napi_prefer_busy(sim, q)) {
		/* __napi_poll(): a preferred NAPI leaves the softirq even with
		 * work left; it is scheduled again only when no timer polls it. */
		sim->napi[q->index].sched = false;
		if (irqmod_sim_napi_complete(sim, core, q, n, now))
			irqmod_sim_napi_schedule(sim, core, q->index);
	} else if (n == c->napi_budget) {
		/* Budget used up: NAPI stays scheduled, the IRQ stays masked. */
		if (c->controller_on_budget_exhausted) {
			call_controller(sim, q, now, IRQMOD_SAMPLE_BUDGET_EXHAUSTED, &decision);
			q->interval_ns = decision.rx_interval_ns;
			q->rate_limit_ns = decision.rate_limit_ns;
		}
		irqmod_sim_napi_schedule(sim, core, q->index);
	} else {
		irqmod_sim_napi_done(sim, core, q, n, now);
	}
	if (core->napi_count == 0) {
		/* No NAPI left: softirq work is done (ksoftirqd, if it ran,
		 * sleeps again). */
		core->softirq_active = false;
		core->softirq_deferred = false;
	} else if (core->softirq_packets >= c->softirq_budget_packets ||
		   now - core->softirq_start_ns >= c->softirq_budget_ns) {
		/* net_rx_action() ran out of budget: the rest is left to
		 * ksoftirqd, a normal thread; until the NAPI work is done,
		 * runnable applications (woken sleepers, which CFS favours)
		 * run before each further softirq run. */
		core->softirq_active = false;
		core->softirq_deferred = true;
		sim->metrics.counters.softirq_squeezes++;
	}
}

IRQMOD_SIM_PRIVATE void irqmod_sim_core_done(struct irqmod_sim_model *sim,
					     struct irqmod_sim_core *core, uint64_t now)
{
	struct irqmod_sim_socket *sock;
	struct irqmod_sim_napi *napi;
	struct irqmod_sim_src *src;
	uint64_t idle;

	switch (core->job) {
	case JOB_IRQ:
		napi = &sim->napi[core->job_index];
		napi->irq_pending = false;
		napi->from_interrupt = true;
		irqmod_sim_napi_signal(sim, core, core->job_index, now);
		break;
	case JOB_TIMER:
		/* napi_watchdog(): the timer schedules the deferred poll. */
		irqmod_sim_napi_signal(sim, core, core->job_index, now);
		break;
	case JOB_POLL:
		if (poll_extend(sim, core, &sim->queues[core->job_index], now))
			return;
		napi = &sim->napi[core->job_index];
		finish_poll(sim, core, &sim->queues[core->job_index], now);
		if (napi->spin_ns != 0) {
			/* The core waits for the deferred poll by spinning:
			 * busy, nothing else runs on it meanwhile. */
			irqmod_sim_start_job(sim, core, JOB_SPIN, (uint32_t)(napi - sim->napi), now,
					     napi->spin_ns, &core->time.softirq_ns);
			napi->spin_ns = 0;
			return;
		}
		break;
	case JOB_BUSY:
		irqmod_sim_busy_done(sim, core, now);
		return;
	case JOB_BUSY_STOP:
		irqmod_sim_busy_stop_done(sim, core, now);
		return;
	case JOB_SPIN:
		sim->queues[core->job_index].signal_ns = now;
		irqmod_sim_napi_schedule(sim, core, core->job_index);
		break;
	case JOB_APP:
		src = &sim->sources[core->job_index];
		sock = &sim->sockets[core->job_index];
		/* The datagrams it read are uncharged at the next admission
		 * that finds the socket full (irqmod_sim_socket_admit()). */
		if (sock->scheduled < sock->count || sock->pending_sends > 0) {
			core->job = JOB_NONE;
			irqmod_sim_app_runnable(sim, src, now);
			return; /* irqmod_sim_app_runnable() dispatched */
		}
		if (sim->busy_poll) {
			/* epoll_wait() or the read finds nothing: busy poll. */
			core->job = JOB_NONE;
			irqmod_sim_busy_wait(sim, core, src, now);
			irqmod_sim_core_kick(sim, core, now);
			return;
		}
		sock->app_state = APP_SLEEPING;
		break;
	case JOB_LOAD:
		idle = irqmod_sim_draw_period(&sim->load_rng, sim->config->load_distribution,
					      sim->config->load_idle_ns, DEFAULT_PARETO_SHAPE);
		irqmod_sim_schedule(sim, now + idle, EVENT_LOAD, core->index);
		break;
	default:
		break;
	}
	core->job = JOB_NONE;
	core_dispatch(sim, core, now);
}

