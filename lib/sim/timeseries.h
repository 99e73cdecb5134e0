/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The optional time series of a run (struct irqmod_sim_hooks @timeseries):
 * per-bucket counts, ring occupancy and latency. The event loop calls
 * irqmod_sim_timeseries_emit() at every bucket boundary with its counters
 * since time 0; the sites that record a latency or fill a ring call the
 * small feeders below. Not installed.
 */
#ifndef IRQMOD_SIM_TIMESERIES_H
#define IRQMOD_SIM_TIMESERIES_H

#include "irqmod/sim.h"

struct irqmod_sim_timeseries;

/*
 * Allocate the time series of a run of @duration_ns over @queues queues.
 * Return: 0 with *@out NULL when @hooks asks for none, 0 with *@out set,
 * -IRQMOD_EINVAL for an interval below IRQMOD_SIM_TIMESERIES_MIN_INTERVAL_NS,
 * or -IRQMOD_ERANGE when memory could not be allocated.
 */
int irqmod_sim_timeseries_create(struct irqmod_sim_timeseries **out,
				 const struct irqmod_sim_hooks *hooks, uint64_t duration_ns,
				 uint32_t queues);
void irqmod_sim_timeseries_free(struct irqmod_sim_timeseries *series);

/* End of the current bucket: the time of the next emit (the duration for the last). */
uint64_t irqmod_sim_timeseries_next_ns(const struct irqmod_sim_timeseries *series);

/* @queue's ring now holds @frames (called when a frame enters it). */
void irqmod_sim_timeseries_ring(struct irqmod_sim_timeseries *series, uint32_t queue,
				uint32_t frames);
/* An added-delay sample, and a NIC-to-application latency sample. */
void irqmod_sim_timeseries_added(struct irqmod_sim_timeseries *series, uint64_t value_ns);
void irqmod_sim_timeseries_to_app(struct irqmod_sim_timeseries *series, uint64_t value_ns);

/*
 * Close the current bucket at @end_ns: report it through the hook with
 * the growth of @now's counts (interrupts .. drops_reassembly, since time
 * 0) and @now's per-queue interval and ring occupancy, then start the
 * next one. @now's other fields are ignored.
 */
void irqmod_sim_timeseries_emit(struct irqmod_sim_timeseries *series, uint64_t end_ns,
				const struct irqmod_sim_bucket *now);

#endif /* IRQMOD_SIM_TIMESERIES_H */
