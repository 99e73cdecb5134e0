/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The receive-path model against outcomes derived by hand. Default costs
 * (irqmod_sim_default_config) used in the derivations: hard IRQ 2000 ns,
 * poll 500 ns, 250 ns per frame, NAPI budget 64, TX clean 50 ns, TX
 * completion 1000 ns after the last bit, application wake-up 5000 ns,
 * 1000 ns per datagram read, 100 ps per payload byte, 2000 ns per send,
 * propagation 500 ns, peer turnaround 10000 ns.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "irqmod/scenario.h"
#include "irqmod/sim.h"
#include "../tools/random_stream.h"

static struct irqmod_sim_results results;

/* A small trace for the loops over every source kind: 64 frames of
 * varied sizes and flows, 3 us apart. */
static struct irqmod_sim_trace_record model_records[64];
static struct irqmod_sim_trace_file model_trace;

static const struct irqmod_sim_trace_file *small_trace(void)
{
	uint32_t i;

	for (i = 0; i < 64; i++) {
		model_records[i].time_ns = (uint64_t)i * 3000;
		model_records[i].bytes = 42 + i * 23;
		model_records[i].flow_hash = i * 0x9E3779B1u;
	}
	model_trace.records = model_records;
	model_trace.count = 64;
	model_trace.span_ns = model_records[63].time_ns;
	return &model_trace;
}

static void setup_constant(struct irqmod_sim_config *c, uint64_t rate_pps, uint32_t bytes)
{
	irqmod_sim_default_config(c);
	irqmod_sim_default_source(&c->sources[0], IRQMOD_SIM_SOURCE_CONSTANT);
	c->sources[0].rate_pps = rate_pps;
	c->sources[0].frame_bytes = bytes;
}

static int run(const struct irqmod_sim_config *c, const char *controller_name)
{
	struct irqmod_sim_controller controller;
	int error = irqmod_scenario_controller_by_name(&controller, controller_name, c->link_speed_mbps);

	if (error)
		return error;
	return irqmod_sim_run(c, &controller, NULL, &results);
}

static void assert_conserved(const struct irqmod_sim_results *r)
{
	assert_int_equal(r->totals.offered_frames,
			 r->totals.delivered_frames + r->totals.dropped_frames +
				 r->totals.in_flight_frames);
}

/*
 * 10 GbE carries (60 + 24) * 8 = 672 bits per minimum frame: 67.2 ns, and
 * frame k (from 0) is complete at (k + 1) * 67.2 ns. In the first second
 * floor(1e9 / 67.2) = 14,880,952 frames complete. A 1514-byte frame takes
 * 1538 * 8 = 12304 bits = 1230.4 ns: 812,743.8 frames/s, so 10 s hold
 * floor(1e10 / 1230.4) = 8,127,438 frames (the published 812,744 pps is
 * the rate rounded).
 */
static void test_sim_line_rate_is_exact(void **unused)
{
	struct irqmod_sim_config c;

	(void)unused;
	setup_constant(&c, 0, 60);
	c.warmup_ns = 0;
	assert_int_equal(run(&c, "static:50us"), 0);
	assert_int_equal(results.counters.offered_frames, 14880952);
	assert_conserved(&results);
	setup_constant(&c, 0, 1514);
	c.warmup_ns = 0;
	c.duration_ns = 10000000000ull;
	assert_int_equal(run(&c, "static:50us"), 0);
	assert_int_equal(results.counters.offered_frames, 8127438);
	assert_int_equal(irqmod_sim_line_rate_pps_milli(10000, 1514, 24), 812743823);
	assert_int_equal(irqmod_sim_line_rate_pps_milli(10000, 60, 24), 14880952380);
}

/*
 * 1 Mpps of 60-byte frames (frame k complete at k us + 67 ns) with a static
 * 50 us throttle. The first interrupt fires at max(67 ns, 0 + 50 us) = 50 us;
 * each takes 2 us of IRQ and one poll of ~50 frames (0.5 + 50 * 0.25 us,
 * under the 64-frame budget), which ends long before the next 50 us mark,
 * so the next frame re-arms the throttle and interrupt j fires at exactly
 * j * 50 us. The window [100.01 ms, 1100.01 ms] holds j = 2001..22000:
 * exactly 20,000 interrupts and 20,000 polls. With 20 us: 50,000.
 */
static void test_sim_constant_rate_static_throttle_gives_exact_interrupt_rate(void **unused)
{
	struct irqmod_sim_config c;

	(void)unused;
	setup_constant(&c, 1000000, 60);
	c.warmup_ns = 100010000;
	c.duration_ns = 1100010000;
	c.app_datagram_ns = 500; /* so the application (core 1) keeps up */
	assert_int_equal(run(&c, "static:50us"), 0);
	assert_int_equal(results.counters.interrupts, 20000);
	assert_int_equal(results.counters.polls, 20000);
	assert_int_equal(results.counters.drops_ring, 0);
	assert_int_equal(results.counters.drops_socket, 0);
	assert_conserved(&results);
	assert_int_equal(run(&c, "static:20us"), 0);
	assert_int_equal(results.counters.interrupts, 50000);
	assert_conserved(&results);
}

/*
 * Same traffic and 50 us throttle, but a 32-descriptor ring. A poll that
 * starts 2 us after interrupt j (at T = j * 50 us) takes the 32 queued
 * frames and frees their descriptors when it ends, at T + 2 + 0.5 +
 * 32 * 0.25 = T + 10.5 us. Until then the ring stays full. The next 32
 * frames (T + 11.067 .. T + 42.067 us) fill it again and the other 18 of
 * the interval are dropped: per 50 us, 50 arrive, 32 (the ring) are kept
 * and 50 - 32 = 18 (the excess) are dropped. The 1 s window holds 1,000,000
 * arrivals and 20,000 cycles: 640,000 delivered and 360,000 dropped.
 */
static void test_sim_ring_smaller_than_interval_drops_exact_excess(void **unused)
{
	struct irqmod_sim_config c;

	(void)unused;
	setup_constant(&c, 1000000, 60);
	c.warmup_ns = 100010000;
	c.duration_ns = 1100010000;
	c.ring_size = 32;
	assert_int_equal(run(&c, "static:50us"), 0);
	assert_int_equal(results.counters.offered_frames, 1000000);
	assert_int_equal(results.counters.drops_ring, 360000);
	assert_int_equal(results.counters.delivered_frames, 640000);
	assert_int_equal(results.counters.interrupts, 20000);
	assert_conserved(&results);
}

/*
 * One frame every 100 us, interval 30 us. Throttle: the last interrupt was
 * 100 us ago, so it fires on arrival; the frame reaches the socket after
 * IRQ 2 us + poll 0.5 us + 0.25 us = 2750 ns. Absolute holdoff and packet
 * timer: the timer starts with the frame and fires 30 us later: 32750 ns.
 */
static void test_sim_timer_semantics_give_derived_latency(void **unused)
{
	static const struct {
		uint32_t timer;
		uint64_t latency_ns;
	} cases[] = {
		{ IRQMOD_SIM_TIMER_THROTTLE, 2750 },
		{ IRQMOD_SIM_TIMER_ABSOLUTE, 32750 },
		{ IRQMOD_SIM_TIMER_PACKET, 32750 },
	};
	struct irqmod_sim_config c;
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		setup_constant(&c, 10000, 60);
		c.timer = cases[i].timer;
		assert_int_equal(run(&c, "static:30us"), 0);
		assert_int_equal(results.to_socket.min_ns, cases[i].latency_ns);
		assert_int_equal(results.to_socket.max_ns, cases[i].latency_ns);
		assert_int_equal(results.counters.interrupts, results.counters.delivered_frames);
		assert_conserved(&results);
	}
}

/*
 * A packet timer of 30 us with frames every 10 us is re-armed before it can
 * expire, until the ring is full: dropped frames are not written back, so
 * they do not re-arm it. Frame k arrives at k * 10 us + 67 ns; the 512th
 * (k = 511) fills the ring at 5,110,067 ns, the timer fires 30 us later, the
 * handler ends at 5,142,067 and the first poll (64 frames) at 5,158,567: the
 * first frame waited 5,158,500 ns, the longest wait of the run. Each cycle
 * drops the frames of the 48.5 us from the fill to the end of that first
 * poll: 4 (at +10, +20, +30 and +40 us). With rx-frames = 16 the count
 * threshold fires long before the ring fills.
 */
static void test_sim_packet_timer_waits_for_full_ring_without_frame_threshold(void **unused)
{
	struct irqmod_sim_config c;

	(void)unused;
	setup_constant(&c, 100000, 60);
	c.warmup_ns = 0;
	c.timer = IRQMOD_SIM_TIMER_PACKET;
	assert_int_equal(run(&c, "static:30us"), 0);
	assert_int_equal(results.to_socket.max_ns, 5158500);
	assert_true(results.counters.interrupts > 0);
	assert_true(results.counters.drops_ring <= 4 * results.counters.interrupts);
	assert_true(results.counters.drops_ring + 4 >= 4 * results.counters.interrupts);
	assert_conserved(&results);
	c.rx_frames = 16;
	assert_int_equal(run(&c, "static:30us"), 0);
	assert_int_equal(results.counters.drops_ring, 0);
	assert_true(results.to_socket.max_ns < 200000);
	assert_conserved(&results);
}

/*
 * Linux UDP admission: drop when rmem_alloc > rcvbuf before charging. The
 * application never runs here (its wake-up takes 1 s, the run 0.5 s), so
 * the socket only fills. With rcvbuf 4608 and truesize 2304: 0, 2304 and
 * 4608 are all <= 4608, so exactly 3 datagrams get in. With 65507-byte
 * datagrams of 45 fragments (65515 IP bytes / 1480 per fragment, rounded
 * up) at truesize 2994 each (134,730 per datagram) and rcvbuf 212,992:
 * 0 and 134,730 are <= 212,992, so exactly 2 datagrams (90 frames) get in.
 */
static void test_sim_udp_admission_rule_charges_before_checking(void **unused)
{
	struct irqmod_sim_config c;

	(void)unused;
	setup_constant(&c, 100000, 1000);
	c.warmup_ns = 0;
	c.duration_ns = 500000000;
	c.app_wakeup_ns = 1000000000;
	c.rcvbuf_bytes = 4608;
	assert_int_equal(run(&c, "static:50us"), 0);
	assert_int_equal(results.counters.delivered_datagrams, 3);
	assert_int_equal(results.counters.drops_socket,
			 results.counters.offered_frames - 3 - results.totals.in_flight_frames);
	assert_conserved(&results);

	irqmod_sim_default_config(&c);
	irqmod_sim_default_source(&c.sources[0], IRQMOD_SIM_SOURCE_UDP_STREAM);
	c.warmup_ns = 0;
	c.duration_ns = 500000000;
	c.app_wakeup_ns = 1000000000;
	c.truesize_bytes = 2994;
	assert_int_equal(run(&c, "static:50us"), 0);
	assert_int_equal(results.counters.delivered_datagrams, 2);
	assert_int_equal(results.counters.delivered_frames, 90);
	assert_int_equal(results.counters.received_datagrams, 0);
	assert_conserved(&results);
}

/*
 * ping -f on 100 Mb/s, one core, TX completions on the RX vector, no
 * moderation. A 98-byte frame takes (98 + 24) * 8 bits = 9760 ns. A request
 * sent at T is on the wire until T + 9760; its completion interrupt at
 * T + 10760 is handled by T + 13310 (IRQ 2000, poll 500 + clean 50); the
 * reply starts at T + 9760 + 2 * 500 + 10000 and arrives at T + 30520;
 * interrupt (2000) and poll (500 + 250) hand it to the socket at T + 33270;
 * the application wakes at T + 38270 and has read it (1000 + 56 * 0.1
 * rounded down to 5) at T + 39275: every RTT is exactly 39,275 ns. It then
 * sends the next request (2000): one round per 41,275 ns, and every
 * request costs two interrupts (TX done and RX).
 */
static void test_sim_ping_flood_rtt_and_two_interrupts_per_request(void **unused)
{
	struct irqmod_sim_config c;
	uint64_t replies;

	(void)unused;
	irqmod_sim_default_config(&c);
	irqmod_sim_default_source(&c.sources[0], IRQMOD_SIM_SOURCE_PING);
	c.link_speed_mbps = 100;
	c.cores = 1;
	c.app_core = 0;
	c.tx_interrupts = true;
	assert_int_equal(run(&c, "none"), 0);
	assert_int_equal(results.rtt.min_ns, 39275);
	assert_int_equal(results.rtt.max_ns, 39275);
	replies = results.counters.replies_received;
	/* 0.9 s window / 41.275 us = 21,805 round trips, +-1 at each edge. */
	assert_true(replies >= 21803 && replies <= 21806);
	assert_true(results.counters.interrupts >= 2 * replies - 2 &&
		    results.counters.interrupts <= 2 * replies + 2);
	assert_int_equal(results.requests_in_flight_max, 1);
	assert_conserved(&results);
}

/*
 * ping -f's pipe: with no reply, ping sends one request every 10 ms
 * (iputils pinger()), and a reply sends nothing while a request is still in
 * flight. A peer that answers after 35 ms therefore always has the requests
 * of the last 35 ms in flight, four of them just before each reply (sent at
 * t, t + 10, t + 20 and t + 30 ms), and every RTT is just over 35 ms.
 */
static void test_sim_ping_pipe_counts_requests_a_slow_peer_leaves_in_flight(void **unused)
{
	struct irqmod_sim_config c;

	(void)unused;
	irqmod_sim_default_config(&c);
	irqmod_sim_default_source(&c.sources[0], IRQMOD_SIM_SOURCE_PING);
	c.sources[0].remote_turnaround_ns = 35000000;
	c.link_speed_mbps = 100;
	c.cores = 1;
	c.app_core = 0;
	assert_int_equal(run(&c, "none"), 0);
	assert_int_equal(results.requests_in_flight_max, 4);
	assert_true(results.rtt.min_ns > 35000000 && results.rtt.max_ns < 35100000);
	/* One request per 10 ms over the 0.9 s window. */
	assert_true(results.counters.requests_sent >= 89 && results.counters.requests_sent <= 91);
	assert_conserved(&results);
}

/*
 * The SYN flood at 60,000 frames/s: every frame is consumed by the stack,
 * and responses follow FreeBSD's ppsratecheck(): at most 200 per one-second
 * window, a window opening at the first frame a second or more after the
 * previous one opened (0, 1, 2, 3 s, give or take a frame). Each window's
 * 200 are used in its first 3.3 ms, so the window [50 ms, 3050 ms] holds
 * exactly those of the windows opened near 1, 2 and 3 s: 600. Every other
 * frame counts as rate-limited.
 */
static void test_sim_flood_responses_are_rate_limited(void **unused)
{
	struct irqmod_sim_config c;

	(void)unused;
	irqmod_sim_default_config(&c);
	irqmod_sim_default_source(&c.sources[0], IRQMOD_SIM_SOURCE_FLOOD);
	c.sources[0].rate_pps = 60000;
	c.link_speed_mbps = 100;
	c.tx_interrupts = true;
	c.warmup_ns = 50000000;
	c.duration_ns = 3050000000ull;
	assert_int_equal(run(&c, "none"), 0);
	assert_int_equal(results.counters.responses, 600);
	assert_true(results.counters.responses + results.counters.responses_limited +
		    1 >= results.counters.delivered_frames);
	assert_true(results.counters.responses +
		    results.counters.responses_limited <= results.counters.delivered_frames + 1);
	assert_true(results.counters.delivered_frames >= 179999 &&
		    results.counters.delivered_frames <= 180001);
	assert_conserved(&results);
}

static void fill_mix(struct irqmod_sim_config *c)
{
	irqmod_sim_default_config(c);
	irqmod_sim_default_source(&c->sources[0], IRQMOD_SIM_SOURCE_POISSON);
	c->sources[0].rate_pps = 300000;
	c->sources[0].flows = 64;
	irqmod_sim_default_source(&c->sources[1], IRQMOD_SIM_SOURCE_ONOFF);
	c->sources[1].rate_pps = 2000000;
	c->sources[1].period_distribution = IRQMOD_SIM_DIST_PARETO;
	c->sources[1].flows = 8;
	irqmod_sim_default_source(&c->sources[2], IRQMOD_SIM_SOURCE_RR);
	c->sources[2].outstanding = 8;
	irqmod_sim_default_source(&c->sources[3], IRQMOD_SIM_SOURCE_UDP_STREAM);
	c->sources[3].rate_pps = 200000;
	c->queues = 4;
	c->cores = 3;
	c->app_core = 2;
	c->queue_core[0] = 0;
	c->queue_core[1] = 1;
	c->queue_core[2] = 0;
	c->queue_core[3] = 1;
	c->load_core = 1;
	c->duration_ns = 300000000;
}

/* Conservation on runs covering every source kind, timer and controller
 * name, with several queues, the load task and warm-up. */
static void test_sim_conservation_holds_on_every_run(void **unused)
{
	static const char *const controllers[] = { "none", "static:20us", "static:100us" };
	struct irqmod_sim_config c;
	uint32_t timer, kind;
	size_t i;

	(void)unused;
	for (timer = 0; timer < IRQMOD_SIM_TIMER_COUNT; timer++) {
		for (i = 0; i < sizeof(controllers) / sizeof(controllers[0]); i++) {
			fill_mix(&c);
			c.timer = timer;
			c.rx_frames = timer == IRQMOD_SIM_TIMER_THROTTLE ? 0 : 24;
			assert_int_equal(run(&c, controllers[i]), 0);
			assert_conserved(&results);
			assert_true(results.counters.offered_frames > 0);
		}
	}
	for (kind = IRQMOD_SIM_SOURCE_CONSTANT; kind < IRQMOD_SIM_SOURCE_COUNT; kind++) {
		irqmod_sim_default_config(&c);
		irqmod_sim_default_source(&c.sources[0], kind);
		if (kind == IRQMOD_SIM_SOURCE_CONSTANT || kind == IRQMOD_SIM_SOURCE_UDP_STREAM)
			c.sources[0].rate_pps = 400000;
		c.sources[0].trace = small_trace();
		c.sources[0].trace_loop = true;
		c.duration_ns = 200000000;
		assert_int_equal(run(&c, "static:50us"), 0);
		assert_conserved(&results);
		assert_true(results.totals.offered_frames > 0);
	}
}

/*
 * Drops of a lone line-rate source at a full ring are counted in batches;
 * a second source that starts after the run ends turns the batching off
 * without changing the traffic, so both runs must agree on every figure
 * (64-byte line rate on a slow host: most frames meet a full ring).
 */
static void test_sim_batched_drops_equal_frame_by_frame_drops(void **unused)
{
	static struct irqmod_sim_results batched;
	struct irqmod_sim_config c;

	(void)unused;
	setup_constant(&c, 0, 60);
	c.duration_ns = 200000000;
	c.sources[0].flows = 7;
	assert_int_equal(run(&c, "static:50us"), 0);
	batched = results;
	assert_true(batched.counters.drops_ring > batched.counters.offered_frames / 2);
	irqmod_sim_default_source(&c.sources[1], IRQMOD_SIM_SOURCE_CONSTANT);
	c.sources[1].start_ns = c.duration_ns + 1;
	assert_int_equal(run(&c, "static:50us"), 0);
	assert_int_equal(results.counters.offered_frames, batched.counters.offered_frames);
	assert_int_equal(results.counters.drops_ring, batched.counters.drops_ring);
	assert_int_equal(results.counters.delivered_frames, batched.counters.delivered_frames);
	assert_int_equal(results.counters.interrupts, batched.counters.interrupts);
	assert_int_equal(results.to_socket.p99_ns, batched.to_socket.p99_ns);
	assert_int_equal(results.totals.offered_frames, batched.totals.offered_frames);
	assert_conserved(&batched);
}

/*
 * Frames of a lone line-rate source that find room in the ring while the
 * vector is masked (or armed, under the throttle timer) are taken in
 * batches; as above, a second source that never sends turns that off, and
 * every figure must agree: a fast host (20 ns a frame) that delivers 1/3 to
 * 4/5 of the 64-byte frames, and the default host, whose ring fills (a
 * batch ends there), under each timer semantic, with and without rx-frames.
 */
/* A second constant source that starts after the run: it sends nothing,
 * but with two sources every arrival takes the frame-by-frame path. */
static void add_silent_source(struct irqmod_sim_config *c)
{
	irqmod_sim_default_source(&c->sources[1], IRQMOD_SIM_SOURCE_CONSTANT);
	c->sources[1].start_ns = c->duration_ns + 1;
}

/*
 * Runs @c as it is (a lone line-rate constant source: the arrival batch of
 * nic.c where it applies) and again with a second source that never sends
 * (frame by frame): the results must be the same, byte for byte.
 */
static void assert_batch_equals_frame_by_frame(struct irqmod_sim_config *c,
					       struct irqmod_sim_results *batched)
{
	assert_int_equal(run(c, "static:50us"), 0);
	*batched = results;
	add_silent_source(c);
	assert_int_equal(run(c, "static:50us"), 0);
	assert_memory_equal(&results.counters, &batched->counters, sizeof(results.counters));
	assert_memory_equal(&results.totals, &batched->totals, sizeof(results.totals));
	assert_memory_equal(&results.to_socket, &batched->to_socket, sizeof(results.to_socket));
	assert_memory_equal(&results.to_app, &batched->to_app, sizeof(results.to_app));
	assert_memory_equal(&results.added_delay, &batched->added_delay,
			    sizeof(results.added_delay));
	assert_memory_equal(&results.queue[0], &batched->queue[0],
			    c->queues * sizeof(results.queue[0]));
	assert_memory_equal(&results.core[0], &batched->core[0], c->cores * sizeof(results.core[0]));
	assert_conserved(batched);
}

/*
 * Frames of varying size at line rate (GPareto, ETC's values) are never
 * batched: @c's source gets that law, and the runs must still agree.
 */
static void assert_varying_sizes_are_taken_frame_by_frame(struct irqmod_sim_config *c,
							  struct irqmod_sim_results *batched)
{
	c->sources[0].size_law = IRQMOD_SIM_SIZE_GPARETO;
	c->sources[0].size_location_milli = 15000;
	c->sources[0].size_scale_milli = 214476;
	c->sources[0].size_shape_micro = 348238;
	c->sources[0].size_offset_bytes = 42;
	assert_batch_equals_frame_by_frame(c, batched);
	assert_true(batched->counters.offered_bytes > 300 * batched->counters.offered_frames);
}

/* Every interrupt timer semantic, for the batch tests. */
static const uint32_t timers[] = { IRQMOD_SIM_TIMER_THROTTLE, IRQMOD_SIM_TIMER_ABSOLUTE,
				   IRQMOD_SIM_TIMER_PACKET };

/* A fast host (20 ns a frame) takes most 64-byte frames through NAPI; the
 * default one drops most at the ring: each host's regime holds in @r. */
static void set_fast_host(struct irqmod_sim_config *c)
{
	c->packet_ns = 20;
	c->poll_ns = 100;
	c->app_datagram_ns = 20;
	c->app_byte_ps = 0;
}

static void assert_host_regime(const struct irqmod_sim_results *r, bool fast)
{
	if (fast)
		assert_true(r->totals.delivered_frames > r->totals.offered_frames / 4);
	else
		assert_true(r->counters.drops_ring > r->counters.offered_frames / 2);
}

static void test_sim_batched_arrivals_equal_frame_by_frame_arrivals(void **unused)
{
	static struct irqmod_sim_results batched;
	struct irqmod_sim_config c;
	uint32_t i;

	(void)unused;
	/*
	 * Each timer, the default and a fast host, rx-frames 0 and 48, at
	 * 10 Gb/s (a whole number of ps per bit) and at 9.973 Gb/s (a remainder
	 * that carries into the picoseconds every few frames).
	 */
	for (i = 0; i < 8 * sizeof(timers) / sizeof(timers[0]); i++) {
		bool fast = i & 2;

		setup_constant(&c, 0, 60);
		c.duration_ns = 20000000;
		c.warmup_ns = 1000000;
		c.sources[0].flows = 5;
		if (i & 4)
			c.link_speed_mbps = 9973;
		if (fast)
			set_fast_host(&c);
		c.timer = timers[i / 8];
		c.rx_frames = i & 1 ? 48 : 0;
		assert_batch_equals_frame_by_frame(&c, &batched);
		assert_host_regime(&batched, fast);
	}
	/* A constant source below line rate is never batched: the same too. */
	setup_constant(&c, 1000000, 60);
	c.duration_ns = 20000000;
	c.warmup_ns = 1000000;
	assert_batch_equals_frame_by_frame(&c, &batched);
	assert_true(batched.counters.offered_frames > 18000);
	/* Nor are frames of varying size at line rate. */
	setup_constant(&c, 0, 60);
	c.duration_ns = 20000000;
	c.warmup_ns = 1000000;
	assert_varying_sizes_are_taken_frame_by_frame(&c, &batched);
}

/*
 * With two and four queues, RSS spreads the lone line-rate source's frames
 * over them and the batch takes them queue by queue (nic.c,
 * spread_batch()): every figure, per queue too, must agree with the
 * frame-by-frame path, under each timer, with and without rx-frames, on the
 * default and a fast host, with 64 flows and with 5 (some queues get
 * none), over three seeds of a competing task on the queues' core (its
 * busy periods, drawn from the seed, end batches and hold the polls).
 */
static void test_sim_spread_arrivals_on_several_queues_equal_frame_by_frame(void **unused)
{
	static struct irqmod_sim_results batched;
	struct irqmod_sim_config c;
	uint32_t i, q;

	(void)unused;
	for (i = 0; i < 2 * 3 * 2 * 2 * 3; i++) {
		uint32_t queues = i & 1 ? 4 : 2, timer = timers[(i >> 1) % 3];
		bool fast = (i / 6) & 1, few_flows = (i / 12) & 1;
		uint64_t seed = 1 + i / 24;

		setup_constant(&c, 0, 60);
		c.duration_ns = 10000000;
		c.warmup_ns = 1000000;
		c.queues = queues;
		c.sources[0].flows = few_flows ? 5 : 64;
		c.timer = timer;
		c.rx_frames = seed == 2 ? 48 : 0;
		c.seed = seed;
		c.load_core = 0;
		c.load_busy_ns = 20000;
		c.load_idle_ns = 300000;
		if (fast)
			set_fast_host(&c);
		assert_batch_equals_frame_by_frame(&c, &batched);
		for (q = 0; q < queues && !few_flows; q++)
			assert_true(batched.queue[q].counters.delivered_frames > 0);
		assert_host_regime(&batched, fast);
	}
	/* Nor, on two queues, are frames of varying size at line rate. */
	setup_constant(&c, 0, 60);
	c.duration_ns = 10000000;
	c.warmup_ns = 1000000;
	c.queues = 2;
	assert_varying_sizes_are_taken_frame_by_frame(&c, &batched);
}

/* The random configurations' stream (tools/random_stream.h). */
static uint64_t random_state;

/* A value in [0, @n). */
static uint64_t random_below(uint64_t n)
{
	return random_next(&random_state) % n;
}

static void random_update(void *context, uint32_t queue, const struct irqmod_sample *sample,
			  struct irqmod_decision *decision)
{
	(void)context;
	(void)queue;
	(void)sample;
	decision->rx_interval_ns = random_below(3) == 0 ? 0 : (uint32_t)random_below(200000);
	decision->action = random_below(3) == 0 ? IRQMOD_ACTION_POLL : IRQMOD_ACTION_REARM;
	decision->poll_delay_ns = random_below(2) ? 0 : (uint32_t)random_below(100000);
	decision->frames = (uint16_t)(random_below(4) == 0 ? random_below(64) : 0);
}

/*
 * Conservation, and a successful run, for random valid configurations:
 * every source kind and law, zero costs, tiny rings and buffers, several
 * cores and queues, the load task, and a controller answering at random
 * (including re-polls with no delay).
 */
static void test_sim_random_configurations_conserve_frames(void **unused)
{
	static const uint32_t speeds[] = { 10, 100, 1000, 10000, 100000 };
	int iteration;

	(void)unused;
	random_state = 2026;
	for (iteration = 0; iteration < 150; iteration++) {
		struct irqmod_sim_controller controller;
		struct irqmod_sim_config c;
		uint32_t q, i, sources = 1 + (uint32_t)random_below(4);

		irqmod_sim_default_config(&c);
		c.duration_ns = 1000000 + random_below(20000000);
		c.warmup_ns = random_below(c.duration_ns / 2);
		c.seed = random_below(1000);
		c.link_speed_mbps = speeds[random_below(5)];
		c.ring_size = 1 + (uint32_t)random_below(1024);
		c.timer = (uint32_t)random_below(IRQMOD_SIM_TIMER_COUNT);
		c.rx_frames = random_below(3) ? 0 : (uint32_t)random_below(100);
		c.tx_interrupts = random_below(2);
		c.cores = 1 + (uint32_t)random_below(4);
		c.queues = 1 + (uint32_t)random_below(4);
		for (q = 0; q < c.queues; q++)
			c.queue_core[q] = (uint32_t)random_below(c.cores);
		c.irq_ns = random_below(10000);
		c.poll_ns = random_below(3000);
		c.packet_ns = random_below(2000);
		c.napi_budget = 1 + (uint32_t)random_below(128);
		c.softirq_budget_packets = 1 + (uint32_t)random_below(600);
		c.softirq_budget_ns = 1 + random_below(4000000);
		c.controller_on_budget_exhausted = random_below(2);
		c.load_core = random_below(2) ? IRQMOD_SIM_NO_CORE : (uint32_t)random_below(c.cores);
		c.load_busy_ns = 1 + random_below(2000000);
		c.load_idle_ns = random_below(5000000);
		c.load_distribution = (uint32_t)random_below(IRQMOD_SIM_DIST_COUNT);
		c.rcvbuf_bytes = 1 + (uint32_t)random_below(500000);
		c.truesize_bytes = 128 + (uint32_t)random_below(5000);
		c.app_core = (uint32_t)random_below(c.cores);
		c.app_wakeup_ns = random_below(20000);
		c.app_datagram_ns = random_below(5000);
		c.app_byte_ps = random_below(300);
		c.app_batch = 1 + (uint32_t)random_below(100);
		for (i = 0; i < sources; i++) {
			struct irqmod_sim_source *s = &c.sources[i];
			uint32_t kind = 1 + (uint32_t)random_below(IRQMOD_SIM_SOURCE_COUNT - 1);

			irqmod_sim_default_source(s, kind);
			s->frame_bytes = 60 + (uint32_t)random_below(1455);
			s->rate_pps = 1 + random_below(3000000);
			if ((kind == IRQMOD_SIM_SOURCE_CONSTANT || kind == IRQMOD_SIM_SOURCE_UDP_STREAM) &&
			    random_below(3) == 0)
				s->rate_pps = 0;
			s->flows = 1 + (uint32_t)random_below(100);
			s->period_distribution = (uint32_t)random_below(IRQMOD_SIM_DIST_COUNT);
			s->on_mean_ns = 1 + random_below(1000000);
			s->off_mean_ns = random_below(1000000);
			s->pareto_shape_milli = 1001 + (uint32_t)random_below(3000);
			s->outstanding = 1 + (uint32_t)random_below(16);
			s->message_bytes = 1 + (uint32_t)random_below(65507);
			s->mtu_bytes = 68 + (uint32_t)random_below(9000);
			s->response_limit_per_s = (uint32_t)random_below(1000);
			s->start_ns = random_below(c.duration_ns);
			s->trace = small_trace();
			s->trace_loop = random_below(2) != 0;
			s->trace_random_offset = random_below(2) != 0;
			s->trace_speed_milli = 1 + (uint32_t)random_below(IRQMOD_SIM_TRACE_MAX_SPEED_MILLI);
		}
		assert_int_equal(irqmod_sim_check(&c, NULL), 0);
		if (random_below(2)) {
			memset(&controller, 0, sizeof(controller));
			controller.name = "random";
			controller.update = random_update;
			controller.initial_interval_ns = (uint32_t)random_below(100000);
		} else {
			assert_int_equal(irqmod_scenario_controller_by_name(&controller, "static:20us",
								       c.link_speed_mbps), 0);
		}
		assert_int_equal(irqmod_sim_run(&c, &controller, NULL, &results), 0);
		assert_conserved(&results);
	}
}

static void test_sim_identical_seeds_give_identical_results(void **unused)
{
	static struct irqmod_sim_results first;
	struct irqmod_sim_config c;

	(void)unused;
	fill_mix(&c);
	c.seed = 1234;
	assert_int_equal(run(&c, "static:30us"), 0);
	first = results;
	assert_int_equal(run(&c, "static:30us"), 0);
	assert_memory_equal(&first, &results, sizeof(results));
}

/*
 * Poisson arrivals at 100,000/s over a 1 s window: the count is Poisson
 * with mean 100,000 and standard deviation sqrt(100000) = 316, so every
 * seed lands within 5 sd (+-1581); different seeds give different counts.
 */
static void test_sim_seeds_differ_within_poisson_bounds(void **unused)
{
	struct irqmod_sim_config c;
	uint64_t seed, previous = 0;
	unsigned int distinct = 0;

	(void)unused;
	irqmod_sim_default_config(&c);
	irqmod_sim_default_source(&c.sources[0], IRQMOD_SIM_SOURCE_POISSON);
	c.sources[0].rate_pps = 100000;
	c.duration_ns = 1100000000;
	for (seed = 1; seed <= 8; seed++) {
		c.seed = seed;
		assert_int_equal(run(&c, "static:50us"), 0);
		assert_true(results.counters.offered_frames >= 100000 - 1581);
		assert_true(results.counters.offered_frames <= 100000 + 1581);
		distinct += results.counters.offered_frames != previous;
		previous = results.counters.offered_frames;
		assert_conserved(&results);
	}
	assert_true(distinct >= 7);
}

/* A user-defined controller: asks for a re-poll 10 us later once after every
 * interrupt (a hybrid "keep polling" answer), else re-arms at 40 us. */
struct repoll_context {
	uint64_t calls;
	uint64_t from_interrupt;
};

static void repoll_update(void *context, uint32_t queue, const struct irqmod_sample *sample,
			  struct irqmod_decision *decision)
{
	struct repoll_context *rc = context;

	(void)queue;
	rc->calls++;
	decision->rx_interval_ns = 40000;
	decision->tx_interval_ns = 40000;
	if (sample->flags & IRQMOD_SAMPLE_FROM_INTERRUPT) {
		rc->from_interrupt++;
		decision->action = IRQMOD_ACTION_POLL;
		decision->poll_delay_ns = 10000;
	} else {
		decision->action = IRQMOD_ACTION_REARM;
	}
}

/* Every interrupt's poll asks for one more poll: polls = 2 x interrupts
 * (+-1 at the window edges), and each extra poll costs CPU. */
static void test_sim_callback_controller_poll_action_costs_a_poll(void **unused)
{
	struct repoll_context rc = { 0, 0 };
	struct irqmod_sim_controller controller = { "repoll", { 0 }, repoll_update, &rc, 40000, { 0 } };
	struct irqmod_sim_config c;

	(void)unused;
	setup_constant(&c, 10000, 60); /* one frame per 100 us */
	assert_int_equal(irqmod_sim_run(&c, &controller, NULL, &results), 0);
	assert_true(rc.from_interrupt > 0);
	assert_true(results.counters.polls >= 2 * results.counters.interrupts - 1);
	assert_true(results.counters.polls <= 2 * results.counters.interrupts + 1);
	assert_true(results.core[0].softirq_ns >= results.counters.polls * c.poll_ns - c.poll_ns);
	assert_conserved(&results);
}

/*
 * The deferred poll is driven by a timer interrupt (gro_flush_timeout's
 * hrtimer, napi_watchdog()): each of the repoll controller's deferred polls
 * takes one timer interrupt of timer_irq_ns, charged as interrupt time, so
 * the core's interrupt time is interrupts * irq_ns + timer interrupts *
 * timer_irq_ns (within one job of each at the window edges). With
 * timer_irq_ns = 0 the deferred poll is scheduled without one.
 */
static void test_sim_deferred_poll_takes_a_timer_interrupt(void **unused)
{
	static const uint64_t costs[] = { 2000, 7000, 0 };
	struct irqmod_sim_config c;
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof(costs) / sizeof(costs[0]); i++) {
		struct repoll_context rc = { 0, 0 };
		struct irqmod_sim_controller controller = { "repoll", { 0 }, repoll_update, &rc,
							    40000, { 0 } };
		uint64_t expected;

		setup_constant(&c, 10000, 60);
		c.timer_irq_ns = costs[i];
		assert_int_equal(irqmod_sim_run(&c, &controller, NULL, &results), 0);
		assert_true(results.counters.interrupts > 8000); /* one per frame, 9000 in the window */
		if (costs[i] == 0) {
			assert_int_equal(results.counters.timer_interrupts, 0);
		} else {
			assert_true(results.counters.timer_interrupts +
				    1 >= results.counters.interrupts);
			assert_true(results.counters.timer_interrupts <= results.counters.interrupts + 1);
		}
		expected = results.counters.interrupts * c.irq_ns +
			results.counters.timer_interrupts * costs[i];
		assert_true(results.core[0].irq_ns + c.irq_ns + costs[i] >= expected);
		assert_true(results.core[0].irq_ns <= expected + c.irq_ns + costs[i]);
		assert_conserved(&results);
	}
}

/*
 * A deferred poll whose delay is at most poll_spin_ns is spun (a DPDK
 * lcore's wait): no timer interrupt, and the core is busy for the delay,
 * charged as poll time. The repoll controller defers 10 us once per
 * interrupt: spinning it (poll_spin_ns = 10 us) adds 10 us of poll time per
 * interrupt against the timed run (one more or less at the window edges)
 * and takes no timer interrupt; 1 ns less and it is timed again.
 */
static void test_sim_deferred_poll_spins_up_to_poll_spin(void **unused)
{
	static const uint64_t delay_ns = 10000; /* repoll_update()'s deferral */
	struct irqmod_sim_config c;
	uint64_t timed_softirq_ns, timed_interrupts, extra_ns;
	struct repoll_context rc = { 0, 0 };
	struct irqmod_sim_controller controller = { "repoll", { 0 }, repoll_update, &rc, 40000, { 0 } };

	(void)unused;
	setup_constant(&c, 10000, 60);
	c.poll_spin_ns = delay_ns - 1;
	assert_int_equal(irqmod_sim_run(&c, &controller, NULL, &results), 0);
	assert_true(results.counters.timer_interrupts + 1 >= results.counters.interrupts);
	timed_softirq_ns = results.core[0].softirq_ns;
	timed_interrupts = results.counters.interrupts;
	setup_constant(&c, 10000, 60);
	c.poll_spin_ns = delay_ns;
	assert_int_equal(irqmod_sim_run(&c, &controller, NULL, &results), 0);
	assert_true(results.counters.interrupts > 8000); /* one per frame, 9000 in the window */
	assert_true(results.counters.interrupts + 1 >= timed_interrupts &&
		    results.counters.interrupts <= timed_interrupts + 1);
	assert_int_equal(results.counters.timer_interrupts, 0);
	assert_true(results.core[0].softirq_ns > timed_softirq_ns);
	extra_ns = results.core[0].softirq_ns - timed_softirq_ns;
	assert_true(extra_ns + 2 * delay_ns >= results.counters.interrupts * delay_ns);
	assert_true(extra_ns <= (results.counters.interrupts + 2) * delay_ns);
	assert_conserved(&results);
}

/*
 * A DPDK loop's software throttle (nic.throttle_late, nic.throttle_spin):
 * at 200 kpps (Poisson: about 9 frames arrive after each poll and before
 * the next release, so one is all but always waiting) a static 50 us
 * throttle fires every 50 us; its poll (2.5 us plus 250 ns a frame) ends
 * within a few us of the interrupt, so the wait at re-arm is 40 to 47 us.
 * With the sleep threshold at 20 us that wait sleeps and each release comes
 * late by the key: every 50 + late us (11250 interrupts in the 0.9 s window
 * at 30 us, 15000 at 10 us); with the threshold at 48 us it is spun and
 * fires on time (18000), as with the default 0 lateness. One interrupt
 * either way at the window's edges, on three seeds. The NIC's absolute
 * timer has no software wait: the keys leave its run unchanged.
 */
static void test_sim_throttle_wait_that_sleeps_releases_late(void **unused)
{
	static const struct {
		uint64_t late_ns, spin_ns, interrupts;
	} cases[] = {
		{ 30000, 20000, 900000000 / 80000 },
		{ 10000, 20000, 900000000 / 60000 },
		{ 30000, 48000, 900000000 / 50000 }, /* the wait is spun: on time */
		{ 0, 0, 900000000 / 50000 },
	};
	struct irqmod_sim_config c;
	uint64_t seed, interrupts;
	size_t i;

	(void)unused;
	for (seed = 1; seed <= 3; seed++) {
		for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
			irqmod_sim_default_config(&c);
			irqmod_sim_default_source(&c.sources[0], IRQMOD_SIM_SOURCE_POISSON);
			c.sources[0].rate_pps = 200000;
			c.sources[0].frame_bytes = 60;
			c.seed = seed;
			c.throttle_late_ns = cases[i].late_ns;
			c.throttle_spin_ns = cases[i].spin_ns;
			assert_int_equal(run(&c, "static:50us"), 0);
			assert_true(results.counters.interrupts + 1 >= cases[i].interrupts);
			assert_true(results.counters.interrupts <= cases[i].interrupts + 1);
			assert_conserved(&results);
		}
		c.timer = IRQMOD_SIM_TIMER_ABSOLUTE;
		c.throttle_late_ns = 0;
		assert_int_equal(run(&c, "static:50us"), 0);
		interrupts = results.counters.interrupts;
		c.throttle_late_ns = 30000;
		c.throttle_spin_ns = 0;
		assert_int_equal(run(&c, "static:50us"), 0);
		assert_int_equal(results.counters.interrupts, interrupts);
	}
}

/*
 * Added delay is the time moderation holds a frame. One frame per 100 us,
 * static 30 us: the throttle fires on the frame (the previous interrupt is
 * 100 us old), so it adds 0; the absolute timer holds it 30 us: exactly
 * 30,000 ns. Either way the frame reaches the socket 2750 ns after the
 * signal (handler 2000 + poll 500 + frame 250), as the latency test
 * derives. At 1 Mpps a 50 us throttle fires every 50 us (at T); the poll
 * starts at T + 2 us and takes the cycle's 50 frames at 250 ns each, ending
 * at T + 15 us. The 15 frames of (T, T + 15 us] come after the signal (0);
 * the 35 of (T - 35 us, T] wait T - arrival, uniform over 0..35 us. So the
 * mean is 35 * 17.5 / 50 = 12.25 us, the median the 10th of the 35: 10 us,
 * and the p99 just under 35 us (log-linear buckets: within 1/64).
 * A deferred poll's timer is a signal too: the repoll controller's 10 us
 * deferral holds frames at most 10 us (its 40 us re-arm: at most 40 us).
 */
static void test_sim_added_delay_is_arrival_to_signal(void **unused)
{
	struct irqmod_sim_config c;
	struct repoll_context rc = { 0, 0 };
	struct irqmod_sim_controller controller = { "repoll", { 0 }, repoll_update, &rc, 40000, { 0 } };

	(void)unused;
	setup_constant(&c, 10000, 60);
	assert_int_equal(run(&c, "static:30us"), 0);
	assert_int_equal(results.added_delay.min_ns, 0);
	assert_int_equal(results.added_delay.max_ns, 0);
	assert_int_equal(results.added_delay.count, results.counters.delivered_frames);
	assert_int_equal(results.to_socket.min_ns, 2750);
	setup_constant(&c, 10000, 60);
	c.timer = IRQMOD_SIM_TIMER_ABSOLUTE;
	assert_int_equal(run(&c, "static:30us"), 0);
	assert_int_equal(results.added_delay.min_ns, 30000);
	assert_int_equal(results.added_delay.max_ns, 30000);
	assert_int_equal(results.to_socket.min_ns, 32750);
	assert_int_equal(results.source[0].added_delay.p99_ns, results.added_delay.p99_ns);
	setup_constant(&c, 1000000, 60);
	assert_int_equal(run(&c, "static:50us"), 0);
	assert_true(results.added_delay.mean_ns > 12000 && results.added_delay.mean_ns < 13000);
	assert_true(results.added_delay.p50_ns > 9000 && results.added_delay.p50_ns < 11000);
	assert_true(results.added_delay.p99_ns > 34000 && results.added_delay.p99_ns <= 35600);
	assert_true(results.added_delay.max_ns <= 36000);
	setup_constant(&c, 20000, 60); /* one frame per 50 us */
	c.timer = IRQMOD_SIM_TIMER_ABSOLUTE;
	assert_int_equal(irqmod_sim_run(&c, &controller, NULL, &results), 0);
	assert_true(rc.from_interrupt > 0);
	assert_true(results.added_delay.max_ns <= 40000);
	assert_int_equal(results.added_delay.count, results.counters.delivered_frames);
}

/*
 * Per-source results: a 10 kpps constant stream and a Poisson stream share
 * one queue; the per-source counts add up to the totals, and a third source
 * that starts after the run is empty.
 */
static void test_sim_per_source_results_add_up(void **unused)
{
	struct irqmod_sim_config c;
	const struct irqmod_sim_source_results *s = results.source;

	(void)unused;
	setup_constant(&c, 10000, 60);
	irqmod_sim_default_source(&c.sources[1], IRQMOD_SIM_SOURCE_POISSON);
	c.sources[1].rate_pps = 50000;
	c.sources[1].frame_bytes = 1514;
	irqmod_sim_default_source(&c.sources[2], IRQMOD_SIM_SOURCE_POISSON);
	c.sources[2].start_ns = c.duration_ns + 1;
	c.ring_size = 8; /* some bursts overflow it */
	assert_int_equal(run(&c, "static:200us"), 0);
	assert_int_equal(results.sources, 3);
	assert_int_equal(s[0].kind, IRQMOD_SIM_SOURCE_CONSTANT);
	assert_int_equal(s[1].kind, IRQMOD_SIM_SOURCE_POISSON);
	assert_int_equal(s[0].offered_frames + s[1].offered_frames,
			 results.counters.offered_frames);
	assert_int_equal(s[0].received_datagrams + s[1].received_datagrams,
			 results.counters.received_datagrams);
	assert_int_equal(s[0].drops + s[1].drops,
			 results.counters.drops_ring + results.counters.drops_socket +
				 results.counters.drops_reassembly);
	assert_true(s[0].drops > 0 && s[1].drops > 0);
	assert_int_equal(s[0].to_app.count + s[1].to_app.count, results.to_app.count);
	assert_int_equal(s[0].added_delay.count + s[1].added_delay.count,
			 results.added_delay.count);
	/* 10,000 frames/s at constant spacing: the 0.9 s window holds 9000 +- 1. */
	assert_true(s[0].offered_frames >= 8999 && s[0].offered_frames <= 9001);
	assert_int_equal(s[2].offered_frames, 0);
	assert_int_equal(s[2].to_app.count, 0);
	assert_int_equal(s[2].drops, 0);
}

/* An on/off source of 60-byte frames (no link limit) seen from time 0. */
static void setup_onoff(struct irqmod_sim_config *c, uint64_t rate_pps, uint32_t distribution,
			uint64_t on_ns, uint64_t off_ns)
{
	irqmod_sim_default_config(c);
	irqmod_sim_default_source(&c->sources[0], IRQMOD_SIM_SOURCE_ONOFF);
	c->sources[0].rate_pps = rate_pps;
	c->sources[0].frame_bytes = 60;
	c->sources[0].period_distribution = distribution;
	c->sources[0].on_mean_ns = on_ns;
	c->sources[0].off_mean_ns = off_ns;
	c->warmup_ns = 0;
}

/*
 * Constant on/off periods: the source offers rate x (time on) frames,
 * whatever part of a frame's spacing an on period holds. Over 100 ms at
 * 1 M frames/s, 500 ns on and 500 ns off is 50 ms on: 50,000 frames (one
 * in every second on period), not one per on period (100,000); 11 us on,
 * 9 us off at 300 k/s is 3.3 frames per on period, 165,000 frames in 1 s
 * (not 4 per period, 200,000); incast's 500 us on, 4500 us off at
 * 101,593/s is 50.8 per on period, 10,159.3 in 1 s (not 51, 10,200). The
 * last on period may end within a frame's spacing of the run's end, so
 * each count is within 1 of rate x time on. 2 us on, 3 us off at 100 k/s
 * owes each frame five on periods: 4,000 frames in 100 ms. Every seed
 * gives the same count, whatever phase of the cycle and of the frame
 * spacing it starts at (twelve seeds start in on and in off periods).
 */
static void test_sim_onoff_constant_periods_offer_rate_times_time_on(void **unused)
{
	static const struct {
		uint64_t rate_pps, on_ns, off_ns, duration_ns, expected;
	} cases[] = {
		{ 1000000, 500, 500, 100000000, 50000 },
		{ 300000, 11000, 9000, 1000000000, 165000 },
		{ 101593, 500000, 4500000, 1000000000, 10159 },
		{ 100000, 2000, 3000, 100000000, 4000 },
	};
	struct irqmod_sim_config c;
	uint64_t seed;
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		for (seed = 1; seed <= 12; seed++) {
			setup_onoff(&c, cases[i].rate_pps, IRQMOD_SIM_DIST_CONSTANT, cases[i].on_ns,
				    cases[i].off_ns);
			c.duration_ns = cases[i].duration_ns;
			c.seed = seed;
			assert_int_equal(run(&c, "static:50us"), 0);
			assert_true(results.counters.offered_frames + 1 >= cases[i].expected);
			assert_true(results.counters.offered_frames <= cases[i].expected + 1);
			assert_conserved(&results);
		}
	}
}

/*
 * A constant on/off source whose start lies at the end of the model's
 * clock (4 ns or 20 us short of 2^64 ps, a frame spacing of 10 us owing
 * five on periods of 2 us) has its first frame and period ends saturate
 * at the end of time instead of wrapping to the run's beginning: it never
 * sends, whatever phase the seed draws, and the run ends as any other.
 */
static void test_sim_onoff_starting_at_the_end_of_time_never_sends(void **unused)
{
	static const uint64_t short_of_end_ns[] = { 4, 20000 };
	struct irqmod_sim_config c;
	uint64_t seed;
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof(short_of_end_ns) / sizeof(short_of_end_ns[0]); i++) {
		for (seed = 1; seed <= 12; seed++) {
			setup_onoff(&c, 100000, IRQMOD_SIM_DIST_CONSTANT, 2000, 3000);
			c.sources[0].start_ns = UINT64_MAX / 1000 - short_of_end_ns[i];
			c.duration_ns = 1000000;
			c.seed = seed;
			assert_int_equal(run(&c, "static:50us"), 0);
			assert_int_equal(results.counters.offered_frames, 0);
			assert_conserved(&results);
		}
	}
}

/*
 * Drawn on/off periods: the count is rate x (time on), and the time on is
 * the run's length times the duty on/(on + off) up to the draws' noise.
 * 1 M frames/s in exponential periods of mean 2 us on, 2 us off, for
 * 200 ms: 50,000 cycles; the share of time on, with on and off periods of
 * coefficient of variation 1, has a standard deviation of about
 * 1 / sqrt(2 x 50,000) = 0.32 %, so the count is 100,000 within 3 %
 * (9 sd) on each of five seeds. Pareto periods of shape 3 (coefficient of
 * variation 0.58) of mean 4 us on, 4 us off at 500 k/s over 400 ms: 50,000
 * cycles, 100,000 frames within 3 % (16 sd). Restarting the frame clock at
 * each on period sent the mean of ceil(on x rate) per period: about 27 %
 * more with the exponential periods, 24 % with the Pareto ones.
 */
static void test_sim_onoff_drawn_periods_offer_rate_times_duty(void **unused)
{
	struct irqmod_sim_config c;
	uint64_t seed;

	(void)unused;
	for (seed = 1; seed <= 5; seed++) {
		setup_onoff(&c, 1000000, IRQMOD_SIM_DIST_EXPONENTIAL, 2000, 2000);
		c.duration_ns = 200000000;
		c.seed = seed;
		assert_int_equal(run(&c, "static:50us"), 0);
		assert_true(results.counters.offered_frames >= 97000);
		assert_true(results.counters.offered_frames <= 103000);
		assert_conserved(&results);
		setup_onoff(&c, 500000, IRQMOD_SIM_DIST_PARETO, 4000, 4000);
		c.sources[0].pareto_shape_milli = 3000;
		c.duration_ns = 400000000;
		c.seed = seed;
		assert_int_equal(run(&c, "static:50us"), 0);
		assert_true(results.counters.offered_frames >= 97000);
		assert_true(results.counters.offered_frames <= 103000);
		assert_conserved(&results);
	}
}

/*
 * Constant on/off periods vary with the seed (docs/simulator.md, "Every
 * source varies with the seed"): incast's eight senders (1514 B at
 * 101,593/s each, 500 us on, 4500 us off, together line rate while on)
 * over 100 ms with a 20 ms warm-up, under static 50 us. On every seed of
 * six:
 * - the to-application latencies differ from seed 1's (they were one run);
 * - the senders stay in step: at most 12 interrupts per burst (one at its
 *   start and one per 50 us of a 500 us burst, plus the frame spacing the
 *   first frames may spread over), for at most 17 bursts the window
 *   touches, where senders in their own phases would burst eight times a
 *   cycle;
 * - the volume does not move: the 80 ms window is 16 whole cycles, 8 ms
 *   on, so 8 x 101,593 x 8 ms = 6502 frames, within 1 % for the frames the
 *   link still holds at the window's edges.
 */
static void test_sim_onoff_constant_periods_vary_with_the_seed_in_step(void **unused)
{
	static struct irqmod_sim_latency first;
	struct irqmod_sim_config c;
	uint64_t seed;
	uint32_t i;

	(void)unused;
	for (seed = 1; seed <= 6; seed++) {
		irqmod_sim_default_config(&c);
		for (i = 0; i < 8; i++) {
			irqmod_sim_default_source(&c.sources[i], IRQMOD_SIM_SOURCE_ONOFF);
			c.sources[i].frame_bytes = 1514;
			c.sources[i].rate_pps = 101593;
			c.sources[i].flows = 8;
			c.sources[i].period_distribution = IRQMOD_SIM_DIST_CONSTANT;
			c.sources[i].on_mean_ns = 500000;
			c.sources[i].off_mean_ns = 4500000;
		}
		c.duration_ns = 100000000;
		c.warmup_ns = 20000000;
		c.seed = seed;
		assert_int_equal(run(&c, "static:50us"), 0);
		assert_conserved(&results);
		assert_true(results.counters.interrupts <= 17 * 12);
		assert_true(results.counters.offered_frames >= 6502 - 65);
		assert_true(results.counters.offered_frames <= 6502 + 65);
		if (seed == 1)
			first = results.to_app;
		else
			assert_true(memcmp(&first, &results.to_app, sizeof(first)) != 0);
	}
}

/*
 * mutilate's ETC request laws: GPareto(0, sigma, 0.154971) gaps with mean
 * 1/rate (coefficient of variation 1.204, so the count over 0.9 s at 100 kpps
 * has a standard deviation of about 1.204 * sqrt(90,000) = 361 frames; 5
 * sigma: 1805), and GEV(30.7984, 8.20449, 0.078688) B keys behind 56 header
 * bytes, whose mean frame is 56 + 36.223 = 92.22 B (within 1 %), on every seed.
 */
static void test_sim_etc_laws_give_rate_and_mean_frame(void **unused)
{
	struct irqmod_sim_config c;
	uint64_t seed;

	(void)unused;
	for (seed = 1; seed <= 3; seed++) {
		double mean_bytes;

		irqmod_sim_default_config(&c);
		c.seed = seed;
		irqmod_sim_default_source(&c.sources[0], IRQMOD_SIM_SOURCE_POISSON);
		c.sources[0].rate_pps = 100000;
		c.sources[0].gap_shape_micro = 154971;
		c.sources[0].size_law = IRQMOD_SIM_SIZE_GEV;
		c.sources[0].size_location_milli = 30798;
		c.sources[0].size_scale_milli = 8204;
		c.sources[0].size_shape_micro = 78688;
		c.sources[0].size_offset_bytes = 56;
		assert_int_equal(run(&c, "static:20us"), 0);
		assert_true(results.counters.offered_frames > 90000 - 1805 &&
			    results.counters.offered_frames < 90000 + 1805);
		mean_bytes = (double)results.counters.offered_bytes / (double)results.counters.offered_frames;
		assert_true(mean_bytes > 92.22 * 0.99 && mean_bytes < 92.22 * 1.01);
		assert_conserved(&results);
	}
	/* GPareto value sizes (ETC: 15 + 214.476 / (1 - 0.348238) = 344 B
	 * mean) behind 42 header bytes are clamped to the 1514 B frame. */
	irqmod_sim_default_config(&c);
	irqmod_sim_default_source(&c.sources[0], IRQMOD_SIM_SOURCE_CONSTANT);
	c.sources[0].rate_pps = 100000;
	c.sources[0].size_law = IRQMOD_SIM_SIZE_GPARETO;
	c.sources[0].size_location_milli = 15000;
	c.sources[0].size_scale_milli = 214476;
	c.sources[0].size_shape_micro = 348238;
	c.sources[0].size_offset_bytes = 42;
	assert_int_equal(run(&c, "static:20us"), 0);
	assert_true(results.counters.offered_bytes >= 60 * results.counters.offered_frames);
	assert_true(results.counters.offered_bytes <= 1514 * results.counters.offered_frames);
	assert_true(results.counters.offered_bytes / results.counters.offered_frames > 300);
	assert_true(results.counters.offered_bytes / results.counters.offered_frames < 400);
	assert_conserved(&results);
}

static void rate_limit_update(void *context, uint32_t queue, const struct irqmod_sample *sample,
			      struct irqmod_decision *decision)
{
	(void)context;
	(void)queue;
	(void)sample;
	decision->rx_interval_ns = 0;
	decision->tx_interval_ns = 0;
	decision->rate_limit_ns = 10000;
	decision->action = IRQMOD_ACTION_REARM;
}

/*
 * A decision with no throttle but a 10 us rate limit (ice INTRL): with
 * 1 Mpps the first interrupt fires with the first frame (67 ns); each cycle
 * (IRQ 2 us, then polls of about ten frames) ends within 6 us, the next
 * frame arrives at once, and the limit holds it to the previous interrupt
 * + 10 us: interrupts at 67 + 10000 j ns, 100,000 in the 1 s window.
 */
static void test_sim_rate_limit_caps_interrupts(void **unused)
{
	struct irqmod_sim_controller controller = { "intrl", { 0 }, rate_limit_update, NULL, 0, { 0 } };
	struct irqmod_sim_config c;
	uint32_t timer;

	(void)unused;
	for (timer = 0; timer < IRQMOD_SIM_TIMER_COUNT; timer++) {
		setup_constant(&c, 1000000, 60);
		c.warmup_ns = 100010000;
		c.duration_ns = 1100010000;
		c.app_datagram_ns = 500;
		c.timer = timer;
		assert_int_equal(irqmod_sim_run(&c, &controller, NULL, &results), 0);
		assert_int_equal(results.counters.interrupts, 100000);
		assert_conserved(&results);
	}
}

static void test_sim_bad_configs_are_rejected_with_field(void **unused)
{
	struct irqmod_sim_config c;
	struct irqmod_config_error error = { .field = NULL };

	(void)unused;
	setup_constant(&c, 1000, 60);
	assert_int_equal(irqmod_sim_check(&c, &error), 0);
	c.ring_size = 0;
	assert_int_equal(irqmod_sim_check(&c, &error), -IRQMOD_EFRAME);
	assert_string_equal(error.field, "ring_size");
	setup_constant(&c, 1000, 60);
	c.link_speed_mbps = 0;
	assert_int_equal(irqmod_sim_check(&c, &error), -IRQMOD_ELINK);
	setup_constant(&c, 1000, 60);
	c.duration_ns = IRQMOD_SIM_MAX_DURATION_NS + 1;
	assert_int_equal(irqmod_sim_check(&c, &error), -IRQMOD_ERANGE);
	assert_string_equal(error.field, "duration_ns");
	setup_constant(&c, 1000, 60);
	c.napi_budget = 0;
	assert_int_equal(irqmod_sim_check(&c, &error), -IRQMOD_EBUDGET);
	setup_constant(&c, 1000, 60);
	c.sources[0].kind = IRQMOD_SIM_SOURCE_OFF;
	assert_int_equal(irqmod_sim_check(&c, &error), -IRQMOD_EINVAL);
	setup_constant(&c, 1000, 59);
	assert_int_equal(irqmod_sim_check(&c, &error), -IRQMOD_EFRAME);
	assert_string_equal(error.field, "sources[0].frame_bytes");
	setup_constant(&c, 1000, 60);
	c.timer_irq_ns = 2000000000ull;
	assert_int_equal(irqmod_sim_check(&c, &error), -IRQMOD_ERANGE);
	assert_string_equal(error.field, "timer_irq_ns");
	setup_constant(&c, 1000, 60);
	c.sources[0].gap_shape_micro = 1000000;
	assert_int_equal(irqmod_sim_check(&c, &error), -IRQMOD_ERANGE);
	assert_string_equal(error.field, "sources[0].gap_shape_micro");
	setup_constant(&c, 1000, 60);
	c.sources[0].size_law = IRQMOD_SIM_SIZE_COUNT;
	assert_int_equal(irqmod_sim_check(&c, &error), -IRQMOD_EINVAL);
	assert_string_equal(error.field, "sources[0].size_law");
	setup_constant(&c, 1000, 60);
	c.sources[0].size_law = IRQMOD_SIM_SIZE_GEV;
	assert_int_equal(irqmod_sim_check(&c, &error), -IRQMOD_EFRAME);
	assert_string_equal(error.field, "sources[0].size_scale_milli");
	c.sources[0].size_scale_milli = 1000;
	c.sources[0].size_shape_micro = 1000001;
	assert_int_equal(irqmod_sim_check(&c, &error), -IRQMOD_ERANGE);
	assert_string_equal(error.field, "sources[0].size_shape_micro");
	setup_constant(&c, 1000, 60);
	assert_int_equal(run(&c, "no-such-controller"), -IRQMOD_EKIND);
	assert_int_equal(run(&c, "static:12x"), -IRQMOD_EKIND);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sim_line_rate_is_exact),
		cmocka_unit_test(test_sim_constant_rate_static_throttle_gives_exact_interrupt_rate),
		cmocka_unit_test(test_sim_ring_smaller_than_interval_drops_exact_excess),
		cmocka_unit_test(test_sim_timer_semantics_give_derived_latency),
		cmocka_unit_test(test_sim_packet_timer_waits_for_full_ring_without_frame_threshold),
		cmocka_unit_test(test_sim_udp_admission_rule_charges_before_checking),
		cmocka_unit_test(test_sim_ping_flood_rtt_and_two_interrupts_per_request),
		cmocka_unit_test(test_sim_ping_pipe_counts_requests_a_slow_peer_leaves_in_flight),
		cmocka_unit_test(test_sim_flood_responses_are_rate_limited),
		cmocka_unit_test(test_sim_conservation_holds_on_every_run),
		cmocka_unit_test(test_sim_batched_drops_equal_frame_by_frame_drops),
		cmocka_unit_test(test_sim_batched_arrivals_equal_frame_by_frame_arrivals),
		cmocka_unit_test(test_sim_spread_arrivals_on_several_queues_equal_frame_by_frame),
		cmocka_unit_test(test_sim_random_configurations_conserve_frames),
		cmocka_unit_test(test_sim_identical_seeds_give_identical_results),
		cmocka_unit_test(test_sim_seeds_differ_within_poisson_bounds),
		cmocka_unit_test(test_sim_callback_controller_poll_action_costs_a_poll),
		cmocka_unit_test(test_sim_deferred_poll_takes_a_timer_interrupt),
		cmocka_unit_test(test_sim_deferred_poll_spins_up_to_poll_spin),
		cmocka_unit_test(test_sim_throttle_wait_that_sleeps_releases_late),
		cmocka_unit_test(test_sim_added_delay_is_arrival_to_signal),
		cmocka_unit_test(test_sim_per_source_results_add_up),
		cmocka_unit_test(test_sim_onoff_constant_periods_offer_rate_times_time_on),
		cmocka_unit_test(test_sim_onoff_starting_at_the_end_of_time_never_sends),
		cmocka_unit_test(test_sim_onoff_drawn_periods_offer_rate_times_duty),
		cmocka_unit_test(test_sim_onoff_constant_periods_vary_with_the_seed_in_step),
		cmocka_unit_test(test_sim_etc_laws_give_rate_and_mean_frame),
		cmocka_unit_test(test_sim_rate_limit_caps_interrupts),
		cmocka_unit_test(test_sim_bad_configs_are_rejected_with_field),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
