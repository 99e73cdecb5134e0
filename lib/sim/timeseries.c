/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Time series of a run: see timeseries.h and struct irqmod_sim_bucket.
 * Memory is allocated once, at setup; a bucket costs one event, one
 * histogram report per latency and one hook call.
 */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "timeseries.h"

struct irqmod_sim_timeseries {
	void (*hook)(void *context, const struct irqmod_sim_bucket *bucket);
	void *context;
	uint64_t interval_ns;
	uint64_t duration_ns;
	struct irqmod_sim_bucket bucket; /* the open one: index, start, ring maxima */
	struct irqmod_sim_bucket at_start; /* counts since time 0 at its start */
	struct irqmod_sim_histogram added_delay;
	struct irqmod_sim_histogram to_app;
};

int irqmod_sim_timeseries_create(struct irqmod_sim_timeseries **out,
				 const struct irqmod_sim_hooks *hooks, uint64_t duration_ns,
				 uint32_t queues)
{
	struct irqmod_sim_timeseries *series;

	*out = NULL;
	if (!hooks || !hooks->timeseries)
		return 0;
	if (hooks->timeseries_interval_ns < IRQMOD_SIM_TIMESERIES_MIN_INTERVAL_NS)
		return -IRQMOD_EINVAL;
	series = calloc(1, sizeof(*series));
	if (!series)
		return -IRQMOD_ERANGE;
	series->hook = hooks->timeseries;
	series->context = hooks->context;
	series->interval_ns = hooks->timeseries_interval_ns;
	series->duration_ns = duration_ns;
	series->bucket.queues = queues < IRQMOD_SIM_MAX_QUEUES ? queues : IRQMOD_SIM_MAX_QUEUES;
	irqmod_sim_histogram_clear(&series->added_delay);
	irqmod_sim_histogram_clear(&series->to_app);
	*out = series;
	return 0;
}

void irqmod_sim_timeseries_free(struct irqmod_sim_timeseries *series)
{
	free(series);
}

uint64_t irqmod_sim_timeseries_next_ns(const struct irqmod_sim_timeseries *series)
{
	uint64_t end = series->bucket.start_ns + series->interval_ns;

	/* No overflow: the duration is at most an hour and the start below it. */
	return end < series->duration_ns ? end : series->duration_ns;
}

void irqmod_sim_timeseries_ring(struct irqmod_sim_timeseries *series, uint32_t queue,
				uint32_t frames)
{
	if (queue < series->bucket.queues && frames > series->bucket.ring_max_frames[queue])
		series->bucket.ring_max_frames[queue] = frames;
}

void irqmod_sim_timeseries_added(struct irqmod_sim_timeseries *series, uint64_t value_ns)
{
	irqmod_sim_histogram_add(&series->added_delay, value_ns);
}

void irqmod_sim_timeseries_to_app(struct irqmod_sim_timeseries *series, uint64_t value_ns)
{
	irqmod_sim_histogram_add(&series->to_app, value_ns);
}

void irqmod_sim_timeseries_emit(struct irqmod_sim_timeseries *series, uint64_t end_ns,
				const struct irqmod_sim_bucket *now)
{
	struct irqmod_sim_bucket *b = &series->bucket;
	const struct irqmod_sim_bucket *at = &series->at_start;
	uint32_t q;

	b->end_ns = end_ns;
	for (q = 0; q < b->queues; q++) {
		b->interval_ns[q] = now->interval_ns[q];
		b->ring_frames[q] = now->ring_frames[q];
		if (now->ring_frames[q] > b->ring_max_frames[q])
			b->ring_max_frames[q] = now->ring_frames[q];
	}
	b->interrupts = now->interrupts - at->interrupts;
	b->timer_interrupts = now->timer_interrupts - at->timer_interrupts;
	b->polls = now->polls - at->polls;
	b->offered_frames = now->offered_frames - at->offered_frames;
	b->delivered_frames = now->delivered_frames - at->delivered_frames;
	b->drops_ring = now->drops_ring - at->drops_ring;
	b->drops_socket = now->drops_socket - at->drops_socket;
	b->drops_reassembly = now->drops_reassembly - at->drops_reassembly;
	irqmod_sim_histogram_report(&series->added_delay, &b->added_delay);
	irqmod_sim_histogram_report(&series->to_app, &b->to_app);
	series->hook(series->context, b);

	/* The next bucket starts with what the rings hold now. */
	b->index++;
	b->start_ns = end_ns;
	for (q = 0; q < b->queues; q++)
		b->ring_max_frames[q] = now->ring_frames[q];
	series->at_start = *now;
	irqmod_sim_histogram_clear(&series->added_delay);
	irqmod_sim_histogram_clear(&series->to_app);
}
