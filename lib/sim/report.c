/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * What a run measured: the counters every module adds to, the latency
 * histograms, the snapshot at the end of the warm-up, and the results.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"

IRQMOD_SIM_PRIVATE int irqmod_sim_metrics_setup(struct irqmod_sim_model *sim, uint32_t sources,
						uint32_t queues)
{
	struct irqmod_sim_metrics *m = &sim->metrics;
	uint32_t i;

	m->to_socket = malloc(sizeof(*m->to_socket));
	m->to_app = malloc(sizeof(*m->to_app));
	m->rtt = malloc(sizeof(*m->rtt));
	m->added_delay = malloc(sizeof(*m->added_delay));
	if (!m->to_socket || !m->to_app || !m->rtt || !m->added_delay)
		return -IRQMOD_ERANGE;
	irqmod_sim_histogram_clear(m->added_delay);
	irqmod_sim_histogram_clear(m->to_socket);
	irqmod_sim_histogram_clear(m->to_app);
	irqmod_sim_histogram_clear(m->rtt);
	m->per_source = sources > 1;
	if (m->per_source) {
		m->source_histograms = malloc(2 * sources * sizeof(*m->source_histograms));
		if (!m->source_histograms)
			return -IRQMOD_ERANGE;
		for (i = 0; i < 2 * sources; i++)
			irqmod_sim_histogram_clear(&m->source_histograms[i]);
	}
	m->per_queue = queues > 1;
	if (m->per_queue) {
		m->queue_histograms = malloc(2 * queues * sizeof(*m->queue_histograms));
		if (!m->queue_histograms)
			return -IRQMOD_ERANGE;
		for (i = 0; i < 2 * queues; i++)
			irqmod_sim_histogram_clear(&m->queue_histograms[i]);
	}
	return 0;
}

IRQMOD_SIM_PRIVATE void irqmod_sim_metrics_free(struct irqmod_sim_model *sim)
{
	free(sim->metrics.to_socket);
	free(sim->metrics.to_app);
	free(sim->metrics.rtt);
	free(sim->metrics.added_delay);
	free(sim->metrics.source_histograms);
	free(sim->metrics.queue_histograms);
}

/* The warm-up ends: counters are measured from here, histograms restart. */
IRQMOD_SIM_PRIVATE void irqmod_sim_metrics_warmup(struct irqmod_sim_model *sim)
{
	struct irqmod_sim_metrics *m = &sim->metrics;
	uint32_t i;

	m->base = m->counters;
	memcpy(m->source_base, m->source_counters, sizeof(m->source_base));
	memcpy(m->queue_base, m->queue_counters, sizeof(m->queue_base));
	for (i = 0; i < sim->config->queues; i++)
		sim->napi[i].hybrid_base = sim->napi[i].hybrid_counters;
	for (i = 0; m->per_queue && i < 2 * sim->config->queues; i++)
		irqmod_sim_histogram_clear(&m->queue_histograms[i]);
	irqmod_sim_histogram_clear(m->added_delay);
	for (i = 0; m->per_source && i < 2 * sim->source_count; i++)
		irqmod_sim_histogram_clear(&m->source_histograms[i]);
	irqmod_sim_histogram_clear(m->to_socket);
	irqmod_sim_histogram_clear(m->to_app);
	irqmod_sim_histogram_clear(m->rtt);
}

/*
 * The run ends. With several queues, the frames' added delay and time to
 * the application went into their queue's histograms only (one add per
 * frame instead of two): the totals are their sum.
 */
IRQMOD_SIM_PRIVATE void irqmod_sim_metrics_close(struct irqmod_sim_model *sim)
{
	struct irqmod_sim_metrics *m = &sim->metrics;
	uint32_t i;

	for (i = 0; m->per_queue && i < sim->config->queues; i++) {
		irqmod_sim_histogram_merge(m->to_app, &m->queue_histograms[2 * i]);
		irqmod_sim_histogram_merge(m->added_delay, &m->queue_histograms[2 * i + 1]);
	}
}

/* The counts are all uint64_t, so the struct is an array of them. */
/* The hybrid counters inside the window (bookkeeping fields left 0). */
static void hybrid_window(const struct irqmod_hybrid_counters *now,
			  const struct irqmod_hybrid_counters *base,
			  struct irqmod_hybrid_counters *window)
{
	window->interrupts_armed = now->interrupts_armed - base->interrupts_armed;
	window->polls_deferred = now->polls_deferred - base->polls_deferred;
	window->empty_polls = now->empty_polls - base->empty_polls;
	window->idle_polling_ns = now->idle_polling_ns - base->idle_polling_ns;
}

#define COUNTER_WORDS (sizeof(struct irqmod_sim_counters) / sizeof(uint64_t))
_Static_assert(sizeof(struct irqmod_sim_counters) == COUNTER_WORDS * sizeof(uint64_t),
	       "struct irqmod_sim_counters holds only uint64_t counts");

/* @total += @part (or -= with @subtract), count by count. */
IRQMOD_SIM_PRIVATE void irqmod_sim_counters_combine(struct irqmod_sim_counters *total,
						    const struct irqmod_sim_counters *part,
						    bool subtract)
{
	uint64_t a[COUNTER_WORDS], b[COUNTER_WORDS];
	size_t i;

	memcpy(a, total, sizeof(a));
	memcpy(b, part, sizeof(b));
	for (i = 0; i < COUNTER_WORDS; i++)
		a[i] = subtract ? a[i] - b[i] : a[i] + b[i];
	memcpy(total, a, sizeof(a));
}

/* @window = @now - @base, count by count. */
static void counters_window(const struct irqmod_sim_counters *now,
			    const struct irqmod_sim_counters *base,
			    struct irqmod_sim_counters *window)
{
	*window = *now;
	irqmod_sim_counters_combine(window, base, true);
}

/* Queue @i's results; with one queue its latencies are the totals. */
static void report_queue(const struct irqmod_sim_model *sim, uint32_t i, double window_s,
			 struct irqmod_sim_results *r)
{
	const struct irqmod_sim_napi *napi = &sim->napi[i];
	struct irqmod_sim_queue_results *q = &r->queue[i];

	if (napi->ctl->name)
		strncpy(q->controller, napi->ctl->name, sizeof(q->controller) - 1);
	q->hybrid = napi->run_hybrid;
	if (q->hybrid)
		hybrid_window(&napi->hybrid_counters, &napi->hybrid_base, &q->hybrid_counters);
	counters_window(&sim->metrics.queue_counters[i], &sim->metrics.queue_base[i], &q->counters);
	q->throughput_mbps = (double)q->counters.received_payload_bytes * 8.0 / window_s / 1e6;
	q->interrupts_per_s = (double)q->counters.interrupts / window_s;
	if (sim->metrics.per_queue) {
		irqmod_sim_histogram_report(&sim->metrics.queue_histograms[2 * i], &q->to_app);
		irqmod_sim_histogram_report(&sim->metrics.queue_histograms[2 * i + 1],
					    &q->added_delay);
	} else {
		q->to_app = r->to_app;
		q->added_delay = r->added_delay;
	}
}

IRQMOD_SIM_PRIVATE void irqmod_sim_report(const struct irqmod_sim_model *sim,
					  struct irqmod_sim_results *r)
{
	const struct irqmod_sim_config *c = sim->config;
	struct irqmod_sim_counters now = sim->metrics.counters, base = sim->metrics.base;
	double window_s;
	uint64_t in_flight = 0;
	uint32_t i, j;

	memset(r, 0, sizeof(*r));
	/* The queues' counts and the run's own (per core, per source). */
	for (i = 0; i < c->queues; i++) {
		irqmod_sim_counters_combine(&now, &sim->metrics.queue_counters[i], false);
		irqmod_sim_counters_combine(&base, &sim->metrics.queue_base[i], false);
	}
	if (sim->controller_count != 1)
		strncpy(r->controller, "per-queue", sizeof(r->controller) - 1);
	else if (sim->controllers[0].name)
		strncpy(r->controller, sim->controllers[0].name, sizeof(r->controller) - 1);
	r->window_ns = sim->end_ns - sim->window_start_ns;
	window_s = (double)r->window_ns / 1e9;
	counters_window(&now, &base, &r->counters);
	r->offered_mbps = (double)r->counters.offered_payload_bytes * 8.0 / window_s / 1e6;
	r->throughput_mbps = (double)r->counters.received_payload_bytes * 8.0 / window_s / 1e6;
	r->interrupts_per_s = (double)r->counters.interrupts / window_s;
	r->requests_in_flight_max = sim->metrics.in_flight_max;
	irqmod_sim_histogram_report(sim->metrics.to_socket, &r->to_socket);
	irqmod_sim_histogram_report(sim->metrics.to_app, &r->to_app);
	irqmod_sim_histogram_report(sim->metrics.rtt, &r->rtt);
	irqmod_sim_histogram_report(sim->metrics.added_delay, &r->added_delay);
	r->sources = sim->source_count;
	for (i = 0; i < sim->source_count; i++) {
		struct irqmod_sim_source_results *s = &r->source[i];

		s->kind = sim->sources[i].config.kind;
		s->offered_frames = sim->metrics.source_counters[i].offered_frames -
				    sim->metrics.source_base[i].offered_frames;
		s->received_datagrams = sim->metrics.source_counters[i].received_datagrams -
					sim->metrics.source_base[i].received_datagrams;
		s->drops = sim->metrics.source_counters[i].drops - sim->metrics.source_base[i].drops;
		if (sim->metrics.per_source) {
			irqmod_sim_histogram_report(&sim->metrics.source_histograms[2 * i], &s->to_app);
			irqmod_sim_histogram_report(&sim->metrics.source_histograms[2 * i + 1],
						    &s->added_delay);
		} else {
			s->to_app = r->to_app;
			s->added_delay = r->added_delay;
		}
	}
	r->queues = c->queues;
	for (i = 0; i < c->queues; i++)
		report_queue(sim, i, window_s, r);
	r->cores = c->cores;
	for (i = 0; i < c->cores; i++) {
		struct irqmod_sim_core_time *t = &r->core[i];

		*t = sim->cores[i].time;
		t->utilisation = (double)(t->irq_ns + t->softirq_ns + t->app_ns + t->load_ns) /
				 (double)r->window_ns;
		t->interrupt_utilisation = (double)(t->irq_ns + t->softirq_ns) / (double)r->window_ns;
	}
	for (i = 0; i < c->queues; i++)
		in_flight += sim->queues[i].count;
	for (i = 0; i < sim->source_count; i++) {
		const struct irqmod_sim_src *src = &sim->sources[i];
		const struct irqmod_sim_socket *sock = &sim->sockets[i];

		if (!sock->reassembly)
			continue;
		for (j = 0; j < src->config.flows; j++)
			in_flight += sock->reassembly[j].frames;
	}
	r->totals.offered_frames = now.offered_frames;
	r->totals.delivered_frames = now.delivered_frames;
	r->totals.dropped_frames = now.drops_ring + now.drops_socket + now.drops_reassembly;
	r->totals.in_flight_frames = in_flight;
	assert(r->totals.offered_frames == r->totals.delivered_frames + r->totals.dropped_frames +
						   r->totals.in_flight_frames);
}
