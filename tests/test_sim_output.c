/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * What a run reports beyond its window's results: the since-start totals
 * (offered = delivered + dropped + in flight, over seeds and scenarios
 * that drop in the ring, in the socket and in reassembly, and that end
 * with frames in the ring) and the optional time series (struct
 * irqmod_sim_bucket), whose buckets tile the run and add up to its counts.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "irqmod/sim.h"

/* Seeds each property is checked over. */
#define SEEDS 5u
/* Buckets kept by the collecting hook at most. */
#define MAX_BUCKETS 4096u

static struct irqmod_sim_results results;

/* A static controller at @interval_ns (0: no moderation). */
static void static_controller(struct irqmod_sim_controller *controller, uint32_t interval_ns,
			      uint32_t link_speed_mbps)
{
	memset(controller, 0, sizeof(*controller));
	controller->name = "static";
	assert_int_equal(irqmod_controller_default_config(&controller->generic, IRQMOD_KIND_STATIC,
							  link_speed_mbps), 0);
	controller->generic.config.static_config.rx_interval_ns = interval_ns;
	controller->generic.config.static_config.tx_interval_ns = interval_ns;
}

static void adaptive_controller(struct irqmod_sim_controller *controller, uint32_t kind,
				uint32_t link_speed_mbps)
{
	memset(controller, 0, sizeof(*controller));
	controller->name = irqmod_kind_name(kind);
	assert_int_equal(irqmod_controller_default_config(&controller->generic, kind,
							  link_speed_mbps), 0);
}

static void assert_conserved(const struct irqmod_sim_results *r)
{
	assert_true(r->totals.offered_frames > 0);
	assert_int_equal(r->totals.offered_frames,
			 r->totals.delivered_frames + r->totals.dropped_frames +
				 r->totals.in_flight_frames);
}

/* 60 B frames at 10 GbE line rate (14.88 M/s) against a 200 us holdoff: a
 * 512-descriptor ring fills in 34 us and drops the rest. */
static void ring_drop_scenario(struct irqmod_sim_config *c)
{
	irqmod_sim_default_config(c);
	irqmod_sim_default_source(&c->sources[0], IRQMOD_SIM_SOURCE_CONSTANT);
	c->sources[0].frame_bytes = 60;
	c->sources[0].rate_pps = 0;
	c->duration_ns = 5000000;
	c->warmup_ns = 1000000;
}

/* UDP stream of 65507 B datagrams (45 fragments) at line rate into a
 * 32 KiB receive buffer: the socket drops what it cannot charge, and a
 * small ring loses fragments, which discards their datagrams' rest. */
static void udp_scenario(struct irqmod_sim_config *c, uint32_t ring_size)
{
	irqmod_sim_default_config(c);
	irqmod_sim_default_source(&c->sources[0], IRQMOD_SIM_SOURCE_UDP_STREAM);
	c->sources[0].message_bytes = 65507;
	c->rcvbuf_bytes = 32768;
	c->ring_size = ring_size;
	c->duration_ns = 5000000;
	c->warmup_ns = 500000;
}

/*
 * Poisson arrivals at 100 k/s against a 1 ms holdoff that ends after
 * the run: frames are still in the ring when it stops.
 */
static void in_ring_scenario(struct irqmod_sim_config *c)
{
	irqmod_sim_default_config(c);
	irqmod_sim_default_source(&c->sources[0], IRQMOD_SIM_SOURCE_POISSON);
	c->sources[0].rate_pps = 100000;
	c->duration_ns = 2500000;
	c->warmup_ns = 0;
}

static void test_sim_totals_ring_drops_conserve(void **unused)
{
	struct irqmod_sim_controller controller;
	struct irqmod_sim_config c;
	uint32_t seed;

	(void)unused;
	static_controller(&controller, 200000, 10000);
	for (seed = 1; seed <= SEEDS; seed++) {
		ring_drop_scenario(&c);
		c.seed = seed;
		assert_int_equal(irqmod_sim_run(&c, &controller, NULL, &results), 0);
		assert_conserved(&results);
		assert_true(results.totals.dropped_frames > results.counters.drops_ring / 2);
		assert_true(results.counters.drops_ring > results.counters.delivered_frames);
	}
}

static void test_sim_totals_socket_and_reassembly_drops_conserve(void **unused)
{
	struct irqmod_sim_controller controller;
	struct irqmod_sim_config c;
	uint32_t seed;

	(void)unused;
	static_controller(&controller, 100000, 10000);
	for (seed = 1; seed <= SEEDS; seed++) {
		udp_scenario(&c, 512);
		c.seed = seed;
		assert_int_equal(irqmod_sim_run(&c, &controller, NULL, &results), 0);
		assert_conserved(&results);
		assert_true(results.counters.drops_socket > 0);
		/* 64 descriptors hold under two datagrams: fragments are lost. */
		udp_scenario(&c, 64);
		c.seed = seed;
		assert_int_equal(irqmod_sim_run(&c, &controller, NULL, &results), 0);
		assert_conserved(&results);
		assert_true(results.counters.drops_ring > 0);
		assert_true(results.counters.drops_reassembly > 0);
	}
}

static void test_sim_totals_frames_left_in_ring_conserve(void **unused)
{
	struct irqmod_sim_controller controller;
	struct irqmod_sim_config c;
	uint32_t seed;

	(void)unused;
	static_controller(&controller, 1000000, 10000);
	for (seed = 1; seed <= SEEDS; seed++) {
		in_ring_scenario(&c);
		c.seed = seed;
		assert_int_equal(irqmod_sim_run(&c, &controller, NULL, &results), 0);
		assert_conserved(&results);
		/* The holdoff started by the frame after 2 ms fires after 3 ms. */
		assert_true(results.totals.in_flight_frames > 0);
		assert_true(results.totals.delivered_frames > 0);
	}
}

/* ------------------------------------------------------------------ */
/* Time series                                                         */
/* ------------------------------------------------------------------ */

struct collected {
	uint32_t count;
	bool overflow;
	struct irqmod_sim_bucket *buckets;
};

static void collect(void *context, const struct irqmod_sim_bucket *bucket)
{
	struct collected *c = context;

	if (c->count == MAX_BUCKETS) {
		c->overflow = true;
		return;
	}
	c->buckets[c->count++] = *bucket;
}

static int run_series(const struct irqmod_sim_config *config,
		      const struct irqmod_sim_controller *controller, uint64_t interval_ns,
		      struct collected *out)
{
	struct irqmod_sim_hooks hooks = { .context = out, .timeseries = collect,
					  .timeseries_interval_ns = interval_ns };

	out->count = 0;
	out->overflow = false;
	return irqmod_sim_run(config, controller, &hooks, &results);
}

/* Sums of the buckets' counts. */
struct sums {
	uint64_t interrupts, timer_interrupts, polls, offered, delivered;
	uint64_t drops_ring, drops_socket, drops_reassembly, added, to_app;
};

/*
 * The buckets tile [0, duration): consecutive indices, each starting where
 * the previous ended, all @interval_ns long but the last; their count is
 * ceil(duration / interval). Ring maxima bound the end occupancy and the
 * ring size. Return: the sums of their counts.
 */
static struct sums check_tiling(const struct collected *series,
				const struct irqmod_sim_config *c, uint64_t interval_ns)
{
	struct sums s = { 0 };
	uint64_t expected = (c->duration_ns + interval_ns - 1) / interval_ns;
	uint32_t i, q;

	assert_false(series->overflow);
	assert_int_equal(series->count, expected);
	for (i = 0; i < series->count; i++) {
		const struct irqmod_sim_bucket *b = &series->buckets[i];

		assert_int_equal(b->index, i);
		assert_int_equal(b->start_ns, (uint64_t)i * interval_ns);
		assert_int_equal(b->end_ns, i + 1 == series->count ? c->duration_ns
								   : b->start_ns + interval_ns);
		assert_int_equal(b->queues, c->queues);
		for (q = 0; q < b->queues; q++) {
			assert_true(b->ring_frames[q] <= b->ring_max_frames[q]);
			assert_true(b->ring_max_frames[q] <= c->ring_size);
		}
		/* An empty distribution has no mean and no percentile. */
		if (b->to_app.count == 0) {
			assert_int_equal(b->to_app.p99_ns, 0);
			assert_true(b->to_app.mean_ns == 0.0);
		}
		else
			assert_true(b->to_app.p99_ns >= b->to_app.min_ns);
		s.interrupts += b->interrupts;
		s.timer_interrupts += b->timer_interrupts;
		s.polls += b->polls;
		s.offered += b->offered_frames;
		s.delivered += b->delivered_frames;
		s.drops_ring += b->drops_ring;
		s.drops_socket += b->drops_socket;
		s.drops_reassembly += b->drops_reassembly;
		s.added += b->added_delay.count;
		s.to_app += b->to_app.count;
	}
	return s;
}

static void test_sim_timeseries_buckets_add_up_to_the_run(void **unused)
{
	struct irqmod_sim_controller controller;
	struct irqmod_sim_config c;
	struct collected series = { .buckets = calloc(MAX_BUCKETS, sizeof(struct irqmod_sim_bucket)) };
	static const uint64_t intervals_ns[] = { 100000, 30000, 1000000 };
	uint32_t seed, k;

	(void)unused;
	assert_non_null(series.buckets);
	static_controller(&controller, 100000, 10000);
	for (seed = 1; seed <= SEEDS; seed++) {
		for (k = 0; k < sizeof(intervals_ns) / sizeof(intervals_ns[0]); k++) {
			struct sums s;

			/* No warm-up: the results count from time 0, as the buckets do. */
			udp_scenario(&c, 64);
			c.warmup_ns = 0;
			c.seed = seed;
			assert_int_equal(run_series(&c, &controller, intervals_ns[k], &series), 0);
			s = check_tiling(&series, &c, intervals_ns[k]);
			assert_int_equal(s.interrupts, results.counters.interrupts);
			assert_int_equal(s.timer_interrupts, results.counters.timer_interrupts);
			assert_int_equal(s.polls, results.counters.polls);
			assert_int_equal(s.offered, results.counters.offered_frames);
			assert_int_equal(s.delivered, results.counters.delivered_frames);
			assert_int_equal(s.drops_ring, results.counters.drops_ring);
			assert_int_equal(s.drops_socket, results.counters.drops_socket);
			assert_int_equal(s.drops_reassembly, results.counters.drops_reassembly);
			assert_int_equal(s.added, results.added_delay.count);
			assert_int_equal(s.to_app, results.to_app.count);
			assert_true(s.interrupts > 0 && s.drops_ring > 0 && s.to_app > 0);
		}
	}
	free(series.buckets);
}

/* With a warm-up the buckets still start at 0: their drops add up to the
 * since-start totals, and the frames they saw offered to the totals'. */
static void test_sim_timeseries_covers_the_warmup(void **unused)
{
	struct irqmod_sim_controller controller;
	struct irqmod_sim_config c;
	struct collected series = { .buckets = calloc(MAX_BUCKETS, sizeof(struct irqmod_sim_bucket)) };
	uint32_t seed;

	(void)unused;
	assert_non_null(series.buckets);
	static_controller(&controller, 200000, 10000);
	for (seed = 1; seed <= SEEDS; seed++) {
		struct sums s;

		ring_drop_scenario(&c);
		c.seed = seed;
		/* 5 ms in 300 us buckets: 16 full ones and a last of 200 us. */
		assert_int_equal(run_series(&c, &controller, 300000, &series), 0);
		s = check_tiling(&series, &c, 300000);
		assert_int_equal(series.buckets[series.count - 1].end_ns -
					 series.buckets[series.count - 1].start_ns, 200000);
		assert_int_equal(s.offered, results.totals.offered_frames);
		assert_int_equal(s.delivered, results.totals.delivered_frames);
		assert_int_equal(s.drops_ring + s.drops_socket + s.drops_reassembly,
				 results.totals.dropped_frames);
		/* The ring is full at some point of every bucket after the first fill. */
		assert_int_equal(series.buckets[5].ring_max_frames[0], c.ring_size);
		/* A static controller keeps its interval. */
		assert_int_equal(series.buckets[series.count - 1].interval_ns[0], 200000);
	}
	free(series.buckets);
}

/* Asking for a time series changes nothing the run measures. */
static void test_sim_timeseries_leaves_results_unchanged(void **unused)
{
	struct irqmod_sim_controller controller;
	struct irqmod_sim_config c;
	struct irqmod_sim_results plain;
	struct collected series = { .buckets = calloc(MAX_BUCKETS, sizeof(struct irqmod_sim_bucket)) };

	(void)unused;
	assert_non_null(series.buckets);
	adaptive_controller(&controller, IRQMOD_KIND_DIM, 10000);
	udp_scenario(&c, 256);
	assert_int_equal(irqmod_sim_run(&c, &controller, NULL, &plain), 0);
	assert_int_equal(run_series(&c, &controller, 50000, &series), 0);
	assert_int_equal(series.count, 100);
	assert_memory_equal(&plain, &results, sizeof(plain));
	free(series.buckets);
}

/*
 * Several queues' rings in the time series are the same whether the lone
 * line-rate source's frames are taken in the arrival batch of nic.c or
 * frame by frame (forced by a second source that never sends): the batch
 * records each queue's ring once, after the frames it took, which is its
 * maximum, since no poll runs inside a batch. At 9.973 Gb/s the link's
 * remainder carries into the picoseconds every few frames, inside and at
 * the end of a batch.
 */
static void test_sim_timeseries_rings_of_a_batched_several_queue_run_equal_frame_by_frame(
	void **unused)
{
	struct irqmod_sim_controller controller;
	struct irqmod_sim_config c;
	struct irqmod_sim_results batched;
	struct collected one = { .buckets = calloc(MAX_BUCKETS, sizeof(struct irqmod_sim_bucket)) };
	struct collected two = { .buckets = calloc(MAX_BUCKETS, sizeof(struct irqmod_sim_bucket)) };
	uint32_t queues, i, q;

	(void)unused;
	assert_non_null(one.buckets);
	assert_non_null(two.buckets);
	for (queues = 2; queues <= 4; queues += 2) {
		static_controller(&controller, 50000, 9973);
		irqmod_sim_default_config(&c);
		irqmod_sim_default_source(&c.sources[0], IRQMOD_SIM_SOURCE_CONSTANT);
		c.sources[0].rate_pps = 0;
		c.sources[0].frame_bytes = 60;
		c.link_speed_mbps = 9973;
		c.duration_ns = 5000000;
		c.warmup_ns = 1000000;
		c.queues = queues;
		assert_int_equal(run_series(&c, &controller, 100000, &one), 0);
		batched = results;
		irqmod_sim_default_source(&c.sources[1], IRQMOD_SIM_SOURCE_CONSTANT);
		c.sources[1].start_ns = c.duration_ns + 1;
		assert_int_equal(run_series(&c, &controller, 100000, &two), 0);
		assert_memory_equal(&results.counters, &batched.counters, sizeof(results.counters));
		assert_true(batched.counters.drops_ring > 0);
		assert_int_equal(one.count, two.count);
		for (i = 0; i < one.count; i++) {
			const struct irqmod_sim_bucket *a = &one.buckets[i], *b = &two.buckets[i];

			assert_int_equal(a->offered_frames, b->offered_frames);
			assert_int_equal(a->drops_ring, b->drops_ring);
			for (q = 0; q < queues; q++) {
				assert_int_equal(a->ring_frames[q], b->ring_frames[q]);
				assert_int_equal(a->ring_max_frames[q], b->ring_max_frames[q]);
			}
		}
	}
	free(one.buckets);
	free(two.buckets);
}

/* A run with no application reads has empty latency distributions in
 * every bucket (count 0), not zero-valued ones. */
static void test_sim_timeseries_empty_buckets_have_no_samples(void **unused)
{
	struct irqmod_sim_controller controller;
	struct irqmod_sim_config c;
	struct collected series = { .buckets = calloc(MAX_BUCKETS, sizeof(struct irqmod_sim_bucket)) };
	uint32_t i;

	(void)unused;
	assert_non_null(series.buckets);
	static_controller(&controller, 50000, 10000);
	irqmod_sim_default_config(&c);
	irqmod_sim_default_source(&c.sources[0], IRQMOD_SIM_SOURCE_FLOOD);
	c.sources[0].rate_pps = 200000;
	c.duration_ns = 2000000;
	c.warmup_ns = 0;
	assert_int_equal(run_series(&c, &controller, 100000, &series), 0);
	check_tiling(&series, &c, 100000);
	for (i = 0; i < series.count; i++)
		assert_int_equal(series.buckets[i].to_app.count, 0);
	assert_true(series.buckets[series.count - 1].added_delay.count > 0);
	free(series.buckets);
}

static void test_sim_timeseries_short_interval_is_rejected(void **unused)
{
	struct irqmod_sim_controller controller;
	struct irqmod_sim_config c;
	struct collected series = { .buckets = calloc(MAX_BUCKETS, sizeof(struct irqmod_sim_bucket)) };

	(void)unused;
	assert_non_null(series.buckets);
	static_controller(&controller, 50000, 10000);
	in_ring_scenario(&c);
	assert_int_equal(run_series(&c, &controller, 0, &series), -IRQMOD_EINVAL);
	assert_int_equal(run_series(&c, &controller, IRQMOD_SIM_TIMESERIES_MIN_INTERVAL_NS - 1,
				    &series), -IRQMOD_EINVAL);
	assert_int_equal(series.count, 0);
	assert_int_equal(run_series(&c, &controller, IRQMOD_SIM_TIMESERIES_MIN_INTERVAL_NS,
				    &series), 0);
	assert_int_equal(series.count, 2500);
	free(series.buckets);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sim_totals_ring_drops_conserve),
		cmocka_unit_test(test_sim_totals_socket_and_reassembly_drops_conserve),
		cmocka_unit_test(test_sim_totals_frames_left_in_ring_conserve),
		cmocka_unit_test(test_sim_timeseries_buckets_add_up_to_the_run),
		cmocka_unit_test(test_sim_timeseries_covers_the_warmup),
		cmocka_unit_test(test_sim_timeseries_leaves_results_unchanged),
		cmocka_unit_test(test_sim_timeseries_rings_of_a_batched_several_queue_run_equal_frame_by_frame),
		cmocka_unit_test(test_sim_timeseries_empty_buckets_have_no_samples),
		cmocka_unit_test(test_sim_timeseries_short_interval_is_rejected),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
