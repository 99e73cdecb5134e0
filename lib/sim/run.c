/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The run: setup of every module (all memory is allocated here, once),
 * the event loop, which takes whichever comes first, the link's cached next
 * arrival or the heap's earliest event (arrivals first on a tie), and
 * irqmod_sim_run().
 */
#include <stdlib.h>

#include "sim_internal.h"

/* Progress hook period, in loop iterations. */
#define PROGRESS_PERIOD (1u << 20)

static void free_sim(struct irqmod_sim_model *sim)
{
	uint32_t i;

	for (i = 0; i < IRQMOD_SIM_MAX_QUEUES; i++) {
		free(sim->queues[i].ring);
		free(sim->queues[i].tx_fifo);
	}
	for (i = 0; i < IRQMOD_SIM_MAX_SOURCES; i++) {
		free(sim->sources[i].requests);
		free(sim->sources[i].replies);
		free(sim->sources[i].flow_queues);
		irqmod_sim_socket_free(&sim->sockets[i]);
	}
	free(sim->heap.events);
	irqmod_sim_metrics_free(sim);
	irqmod_sim_timeseries_free(sim->timeseries);
}

/* Heap sizing: live events per core or source (done, load, wake, timeout),
 * per queue (IRQ, re-poll, TX done, plus IRQ events left stale when an
 * interval shrinks), and a margin. */
#define HEAP_MARGIN 256u
#define HEAP_PER_QUEUE 64u
#define HEAP_PER_OWNER 4u

static int setup_queue(struct irqmod_sim_model *sim, uint32_t i)
{
	const struct irqmod_sim_config *c = sim->config;
	struct irqmod_sim_queue *q = &sim->queues[i];
	struct irqmod_sim_napi *napi = &sim->napi[i];
	const struct irqmod_sim_controller *ctl =
		&sim->controllers[sim->controller_count == 1 ? 0 : i];
	struct irqmod_decision start;
	int error;

	q->index = i;
	q->core = c->queue_core[i];
	q->ring_size = c->ring_size;
	q->ring = calloc(c->ring_size, sizeof(*q->ring));
	q->tx_fifo = calloc(TX_FIFO_SIZE, sizeof(*q->tx_fifo));
	if (!q->ring || !q->tx_fifo)
		return -IRQMOD_ERANGE;
	q->enabled = true;
	q->event_ns = UINT64_MAX;
	q->frames_threshold = c->rx_frames;
	napi->ctl = ctl;
	if (ctl->update) {
		q->interval_ns = ctl->initial_interval_ns;
		return 0;
	}
	if (ctl->hybrid.kind != IRQMOD_HYBRID_NONE) {
		napi->run_hybrid = true;
		error = irqmod_hybrid_init(&napi->hybrid, &ctl->hybrid);
		irqmod_hybrid_counters_init(&napi->hybrid_counters);
		/* The driver programs the inner controller's start interval. */
		if (error == 0)
			irqmod_controller_current(&napi->hybrid.inner, &start);
	} else {
		error = irqmod_controller_init(&napi->controller, &ctl->generic);
		/* The driver programs the start interval at queue setup. */
		if (error == 0)
			irqmod_controller_current(&napi->controller, &start);
	}
	if (error)
		return error;
	q->interval_ns = start.rx_interval_ns;
	return 0;
}

static int setup(struct irqmod_sim_model *sim)
{
	const struct irqmod_sim_config *c = sim->config;
	uint32_t i, active = 0;
	uint64_t idle;
	int error;

	sim->end_ns = c->duration_ns;
	sim->window_start_ns = c->warmup_ns;
	/* At most one live event per queue and kind, per core, per source,
	 * plus the warm-up; the margin holds IRQ events left stale when a
	 * controller shortens the interval. */
	sim->heap.capacity = HEAP_MARGIN + HEAP_PER_QUEUE * IRQMOD_SIM_MAX_QUEUES +
			     HEAP_PER_OWNER * (IRQMOD_SIM_MAX_CORES + IRQMOD_SIM_MAX_SOURCES) +
			     1u /* the time-series sample */;
	sim->heap.events = calloc(sim->heap.capacity, sizeof(*sim->heap.events));
	if (!sim->heap.events)
		return -IRQMOD_ERANGE;
	for (i = 0; i < c->queues; i++) {
		error = setup_queue(sim, i);
		if (error)
			return error;
	}
	irqmod_sim_napi_setup(sim);
	irqmod_sim_busy_setup(sim);
	for (i = 0; i < c->cores; i++)
		sim->cores[i].index = i;
	for (i = 0; i < c->queues; i++)
		sim->app_shares_core |= c->queue_core[i] == c->app_core;
	sim->link.wire_cache_bytes = 0;
	for (i = 0; i < IRQMOD_SIM_MAX_SOURCES; i++)
		if (c->sources[i].kind != IRQMOD_SIM_SOURCE_OFF)
			active++;
	error = irqmod_sim_metrics_setup(sim, active, c->queues);
	if (error)
		return error;
	for (i = 0; i < IRQMOD_SIM_MAX_SOURCES; i++) {
		uint32_t n = sim->source_count;

		if (c->sources[i].kind == IRQMOD_SIM_SOURCE_OFF)
			continue;
		sim->has_flood |= c->sources[i].kind == IRQMOD_SIM_SOURCE_FLOOD;
		error = irqmod_sim_socket_setup(sim, &sim->sockets[n], &c->sources[i]);
		if (error == 0)
			error = irqmod_sim_source_setup(sim, &sim->sources[n], &c->sources[i], n);
		if (error == 0)
			error = irqmod_sim_rss_setup(sim, &sim->sources[n]);
		if (error)
			return error;
		sim->source_count++;
	}
	if (c->load_core != IRQMOD_SIM_NO_CORE) {
		irqmod_sim_rng_seed(&sim->load_rng, c->seed, IRQMOD_SIM_LOAD_STREAM);
		idle = irqmod_sim_draw_period(&sim->load_rng, c->load_distribution, c->load_idle_ns,
					      DEFAULT_PARETO_SHAPE);
		irqmod_sim_schedule(sim, idle, EVENT_LOAD, c->load_core);
	}
	if (c->warmup_ns > 0)
		irqmod_sim_schedule(sim, c->warmup_ns, EVENT_WARMUP, 0);
	error = irqmod_sim_timeseries_create(&sim->timeseries, sim->hooks, c->duration_ns, c->queues);
	if (error)
		return error;
	if (sim->timeseries && irqmod_sim_timeseries_next_ns(sim->timeseries) < c->duration_ns)
		irqmod_sim_schedule(sim, irqmod_sim_timeseries_next_ns(sim->timeseries), EVENT_SAMPLE,
				    0);
	irqmod_sim_link_pick(sim);
	return sim->error;
}

/* Close the time series' bucket at @now and schedule the next one's end. */
static void sample_timeseries(struct irqmod_sim_model *sim, uint64_t now)
{
	struct irqmod_sim_counters k = { 0 };
	struct irqmod_sim_bucket since_start;
	uint32_t i;

	for (i = 0; i < sim->config->queues; i++)
		irqmod_sim_counters_combine(&k, &sim->metrics.queue_counters[i], false);
	since_start = (struct irqmod_sim_bucket){
		.interrupts = k.interrupts, .timer_interrupts = k.timer_interrupts,
		.polls = k.polls, .offered_frames = k.offered_frames,
		.delivered_frames = k.delivered_frames, .drops_ring = k.drops_ring,
		.drops_socket = k.drops_socket, .drops_reassembly = k.drops_reassembly,
	};
	for (i = 0; i < sim->config->queues; i++) {
		since_start.interval_ns[i] = sim->queues[i].interval_ns;
		since_start.ring_frames[i] = sim->queues[i].count;
	}
	irqmod_sim_timeseries_emit(sim->timeseries, now, &since_start);
	if (now < sim->end_ns && irqmod_sim_timeseries_next_ns(sim->timeseries) < sim->end_ns)
		irqmod_sim_schedule(sim, irqmod_sim_timeseries_next_ns(sim->timeseries), EVENT_SAMPLE,
				    0);
}

static void dispatch_event(struct irqmod_sim_model *sim, const struct irqmod_sim_event *e)
{
	uint64_t now = e->time_ns;

	sim->now_ns = now;
	switch (e->type) {
	case EVENT_IRQ:
		irqmod_sim_irq_event(sim, &sim->queues[e->index], now);
		break;
	case EVENT_CORE_DONE:
		irqmod_sim_core_done(sim, &sim->cores[e->index], now);
		break;
	case EVENT_REPOLL:
		irqmod_sim_repoll(sim, &sim->queues[e->index],
				  &sim->cores[sim->queues[e->index].core], now);
		break;
	case EVENT_TX_DONE:
		irqmod_sim_tx_done(sim, &sim->queues[e->index], now);
		break;
	case EVENT_APP_WAKE:
		irqmod_sim_app_runnable(sim, &sim->sources[e->index], now);
		break;
	case EVENT_LOAD:
		sim->cores[e->index].load_due = true;
		irqmod_sim_core_kick(sim, &sim->cores[e->index], now);
		break;
	case EVENT_SOURCE:
		irqmod_sim_source_event(sim, &sim->sources[e->index], now);
		break;
	case EVENT_WARMUP:
		irqmod_sim_metrics_warmup(sim);
		break;
	case EVENT_SAMPLE:
		sample_timeseries(sim, now);
		break;
	case EVENT_NAPI_TIMER:
		irqmod_sim_napi_timer(sim, &sim->queues[e->index], now);
		break;
	case EVENT_WAIT_TIMEOUT:
		irqmod_sim_wait_timeout(sim, &sim->sources[e->index], now);
		break;
	case EVENT_NAPI_WAKE:
		irqmod_sim_napi_thread_runs(sim, &sim->queues[e->index], now);
		break;
	default:
		break;
	}
}

static void run_loop(struct irqmod_sim_model *sim)
{
	uint32_t iterations = 0;

	while (sim->error == 0) {
		uint64_t event_ns = sim->heap.count ? sim->heap.events[0].time_ns : UINT64_MAX;
		struct irqmod_sim_event e;

		if (sim->link.next_arrival_ns <= event_ns) {
			if (sim->link.next_arrival_ns > sim->end_ns)
				break;
			irqmod_sim_arrival(sim, irqmod_sim_min_u64(event_ns, sim->end_ns));
			continue;
		}
		if (event_ns > sim->end_ns)
			break;
		irqmod_sim_heap_pop(&sim->heap, &e);
		dispatch_event(sim, &e);
		if (++iterations == PROGRESS_PERIOD) {
			iterations = 0;
			if (sim->hooks && sim->hooks->progress)
				sim->hooks->progress(sim->hooks->context, sim->now_ns, sim->end_ns);
		}
	}
}

int irqmod_sim_run_queues(const struct irqmod_sim_config *config,
			  const struct irqmod_sim_controller *controllers, uint32_t count,
			  const struct irqmod_sim_hooks *hooks, struct irqmod_sim_results *results)
{
	struct irqmod_sim_model *sim;
	int error;

	if (!config || !controllers || !results)
		return -IRQMOD_EINVAL;
	error = irqmod_sim_check(config, NULL);
	if (error)
		return error;
	if (count != 1 && count != config->queues)
		return -IRQMOD_EINVAL;
	sim = calloc(1, sizeof(*sim));
	if (!sim)
		return -IRQMOD_ERANGE;
	sim->config = config;
	sim->controllers = controllers;
	sim->controller_count = count;
	sim->hooks = hooks;
	error = setup(sim);
	if (error == 0) {
		run_loop(sim);
		error = sim->error;
	}
	if (error == 0 && sim->timeseries)
		sample_timeseries(sim, sim->end_ns); /* the last bucket */
	if (error == 0) {
		irqmod_sim_metrics_close(sim);
		irqmod_sim_report(sim, results);
	}
	free_sim(sim);
	free(sim);
	return error;
}

int irqmod_sim_run(const struct irqmod_sim_config *config,
		   const struct irqmod_sim_controller *controller,
		   const struct irqmod_sim_hooks *hooks, struct irqmod_sim_results *results)
{
	return irqmod_sim_run_queues(config, controller, 1, hooks, results);
}
