/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Internal pieces of the simulator engine: the event heap and the
 * fixed-memory latency histogram. Not installed.
 */
#ifndef IRQMOD_SIM_ENGINE_H
#define IRQMOD_SIM_ENGINE_H

#include "irqmod/sim.h"

/*
 * One pending event. Events with equal times run in the order they were
 * scheduled (@sequence), so a run never depends on how the heap breaks ties.
 */
struct irqmod_sim_event {
	uint64_t time_ns;
	uint64_t sequence;
	uint32_t type;
	uint32_t index;
};

/* A binary min-heap of fixed capacity, ordered by (time_ns, sequence). */
struct irqmod_sim_heap {
	struct irqmod_sim_event *events;
	uint32_t count;
	uint32_t capacity;
	uint64_t next_sequence;
};

int irqmod_sim_heap_push(struct irqmod_sim_heap *heap, uint64_t time_ns, uint32_t type,
			 uint32_t index);
void irqmod_sim_heap_pop(struct irqmod_sim_heap *heap, struct irqmod_sim_event *event);

/*
 * Log-linear histogram: values below 2^IRQMOD_SIM_HIST_SUB_BITS ns are
 * exact; above, each power of two is split into 2^IRQMOD_SIM_HIST_SUB_BITS
 * linear buckets (HdrHistogram's layout), so the relative error is at most
 * 1/64. Values up to 2^44 ns (about 4.9 hours) are kept; larger ones land
 * in the last bucket. Exact min, max, sum and sum of squares (128-bit) are
 * kept beside it.
 */
#define IRQMOD_SIM_HIST_SUB_BITS 6
#define IRQMOD_SIM_HIST_MAX_BITS 44
#define IRQMOD_SIM_HIST_BUCKETS \
	(((IRQMOD_SIM_HIST_MAX_BITS - IRQMOD_SIM_HIST_SUB_BITS) + 1) << IRQMOD_SIM_HIST_SUB_BITS)

struct irqmod_sim_histogram {
	uint64_t count;
	uint64_t min_ns;
	uint64_t max_ns;
	uint64_t sum_low;
	uint64_t sum_high;
	uint64_t square_low;
	uint64_t square_high;
	uint64_t buckets[IRQMOD_SIM_HIST_BUCKETS];
};

void irqmod_sim_histogram_clear(struct irqmod_sim_histogram *histogram);
void irqmod_sim_histogram_add(struct irqmod_sim_histogram *histogram, uint64_t value_ns);
/* @count values of 0 ns at once (what @count irqmod_sim_histogram_add() of 0 does). */
void irqmod_sim_histogram_add_zeros(struct irqmod_sim_histogram *histogram, uint64_t count);
/* Add every value of @part to @total (the same as adding them one by one). */
void irqmod_sim_histogram_merge(struct irqmod_sim_histogram *total,
				const struct irqmod_sim_histogram *part);
void irqmod_sim_histogram_report(const struct irqmod_sim_histogram *histogram,
				 struct irqmod_sim_latency *latency);
/* The bucket index of a value and the smallest value of a bucket (tests). */
uint32_t irqmod_sim_histogram_bucket(uint64_t value_ns);
uint64_t irqmod_sim_histogram_bucket_low(uint32_t bucket);

/* (a * b) >> 32 without 128-bit types, saturating at UINT64_MAX. */
uint64_t irqmod_sim_mul_shift32(uint64_t a, uint64_t b);

#endif /* IRQMOD_SIM_ENGINE_H */
