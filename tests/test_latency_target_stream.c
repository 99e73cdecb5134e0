/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * irqmod_latency_target_update() against a plain model of its counting
 * path on long pseudo-random streams.
 *
 * The update is an inline path (count the call, count the window down,
 * copy the cached answer with wide stores) plus out-of-line parts: the
 * window's close, and calls with no packets or more than the cap. The
 * model is the straightforward form it replaced: every call caps its
 * packets and adds them and |packets_q8 - ref| to two sums, counts down,
 * and answers field by field (POLL with the cached delay, else REARM at
 * the register), and an empty poll while polling re-arms. The decisions
 * themselves are the library's: at the window's last call the model takes
 * the means of its own sums (the mean deviation as the sum of |d| over 16)
 * and the window's time, and calls irqmod_latency_target_decide() (the
 * decision from an estimate, lib/latency_target_internal.h) on its copy of
 * the state; an empty poll while polling goes through
 * irqmod_latency_target_update_edge() on the copy. So the decision rules may
 * change; what this test pins is that the fast path counts, estimates,
 * closes and answers as the plain form does.
 * Every call must give the same whole decision and the same state, over
 * streams with empty polls, packet counts at and above the cap (up to
 * 2^32 - 1), clocks that stall, step back or jump by more than 2^34 ns,
 * random valid configs (mean target, rate cap, polling on and off) and
 * resets in the middle.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "irqmod/latency_target.h"
#include "../lib/latency_target_internal.h"
#include "../tools/random_stream.h"

/* Calls per stream and streams per test. */
#define STREAM_CALLS 20000u
#define STREAM_COUNT 48u
/* The controller's cap on one call's packets, and the fixed point. */
#define CAP IRQMOD_LATENCY_TARGET_MAX_PACKETS_PER_CALL
#define Q8 IRQMOD_LATENCY_TARGET_Q8_SHIFT

/* ---- the model ---- */

/* Its window's bounds, as lib/latency_target.c states them. */
#define WINDOW_CALLS IRQMOD_LATENCY_TARGET_WINDOW_CALLS
#define MAX_WINDOW_NS ((uint64_t)1u << 34) /* 16 calls of 2^30 ns */

struct model {
	struct irqmod_latency_target state; /* caches and config; sums kept below */
	uint32_t packets;	/* sum of the window's capped packets */
	uint32_t deviation_q8;	/* sum of |packets_q8 - ref| */
	uint32_t calls;		/* calls counted in the window */
};

/* The model's sums in the state's form: the part of each call above ref. */
static uint32_t model_above_q8(const struct model *m)
{
	/* sum d = sum P - calls * ref; sum max(d, 0) = (sum |d| + sum d) / 2 */
	int64_t sum_d = ((int64_t)m->packets << Q8) -
			(int64_t)m->calls * m->state.packets_avg_q8;

	return (uint32_t)(((int64_t)m->deviation_q8 + sum_d) / 2);
}

static void model_reset(struct model *m)
{
	irqmod_latency_target_reset(&m->state);
	m->packets = m->deviation_q8 = m->calls = 0;
}

/* The cached answer, field by field. */
static void model_answer(const struct model *m, struct irqmod_decision *decision)
{
	memset(decision, 0, sizeof(*decision));
	if (m->state.poll_delay_ns != 0) {
		decision->poll_delay_ns = m->state.poll_delay_ns;
		decision->action = IRQMOD_ACTION_POLL;
	} else {
		decision->rx_interval_ns = m->state.interval_ns;
		decision->tx_interval_ns = m->state.interval_ns;
		decision->action = IRQMOD_ACTION_REARM;
	}
	decision->changed = false;
}

/*
 * The window's close: the means of the plain sums, the clock re-based, the
 * first call's packets as the first reference, a stalled window dropped;
 * the decision from the estimate is the library's.
 */
static void model_close(struct model *m, const struct irqmod_sample *sample, uint32_t packets_q8,
			struct irqmod_decision *decision)
{
	uint64_t span_ns = sample->now_ns > m->state.window_start_ns ?
				   sample->now_ns - m->state.window_start_ns : 0;
	uint32_t gap_ns = (uint32_t)((span_ns < MAX_WINDOW_NS ? span_ns : MAX_WINDOW_NS) /
				     WINDOW_CALLS);
	uint32_t mean_q8 = (m->packets << Q8) / WINDOW_CALLS;
	uint32_t deviation_q8 = m->deviation_q8 / WINDOW_CALLS;

	m->state.window_start_ns = sample->now_ns;
	m->state.countdown = WINDOW_CALLS;
	m->packets = m->deviation_q8 = m->calls = 0;
	if (m->state.primed == 0) {
		m->state.packets_avg_q8 = packets_q8;
		m->state.primed = 1;
		model_answer(m, decision);
		return;
	}
	if (gap_ns == 0) {
		model_answer(m, decision);
		return;
	}
	m->state.packets_avg_q8 = mean_q8;
	m->state.primed = 3;
	irqmod_latency_target_decide(&m->state, mean_q8, deviation_q8, gap_ns,
				     sample->rx_packets == 0, decision);
}

static void model_update(struct model *m, const struct irqmod_sample *sample,
			 struct irqmod_decision *decision)
{
	uint32_t packets = sample->rx_packets > CAP ? CAP : sample->rx_packets;
	uint32_t packets_q8 = packets << Q8;
	uint32_t ref = m->state.packets_avg_q8;

	m->packets += packets;
	m->deviation_q8 += packets_q8 > ref ? packets_q8 - ref : ref - packets_q8;
	m->calls++;
	if (--m->state.countdown == 0) {
		model_close(m, sample, packets_q8, decision);
		return;
	}
	if (m->state.poll_delay_ns != 0 && packets == 0) {
		/*
		 * An empty poll while polling: the library's re-arm (through
		 * the out-of-line entry, which counts the call once more).
		 */
		struct irqmod_sample empty = *sample;

		m->state.countdown++;
		empty.rx_packets = 0;
		irqmod_latency_target_update_edge(&m->state, &empty, decision);
		return;
	}
	model_answer(m, decision);
}

/* ---- streams ---- */

/* A random valid config (rejected draws are drawn again). */
static void random_config(uint64_t *seed, struct irqmod_latency_target_config *c)
{
	static const uint32_t links[] = { 1000u, 10000u, 25000u, 100000u };

	do {
		uint32_t link_mbps = links[random_between(seed, 0, 3)];

		assert_int_equal(irqmod_latency_target_default_config(c, link_mbps), 0);
		c->target_p99_ns = random_between(seed, 1000u, 200000u);
		c->service_ns = random_between(seed, 0, 3) == 0 ? random_between(seed, 0, 900u) : 0;
		c->target_mean_ns = random_between(seed, 0, 2) == 0 ?
					    random_between(seed, c->service_ns + 1u,
							   c->target_p99_ns) : 0;
		c->ring_size = random_between(seed, IRQMOD_LATENCY_TARGET_MIN_RING, 4096u);
		if (random_between(seed, 0, 3) == 0)
			c->socket_ceiling_ns = 0;
		c->min_interval_ns = random_between(seed, 0, 1) ?
					     random_between(seed, 0, 5000u) : 0;
		c->max_interval_ns = random_between(seed,
						    c->min_interval_ns ? c->min_interval_ns : 1u,
						    1000000u);
		c->max_rate_per_s = random_between(seed, 0, 3) == 0 ?
					    random_between(seed, 1000u, 2000000u) : 0;
		c->poll_packets = random_between(seed, 0, 2) == 0 ?
					  0 : random_between(seed, 2u, 32u);
		c->poll_service_ns = random_between(seed, 0, 5000u);
		c->timer = random_between(seed, 0, 1) ? IRQMOD_LATENCY_TARGET_TIMER_HOLDOFF :
							IRQMOD_LATENCY_TARGET_TIMER_THROTTLE;
	} while (irqmod_latency_target_config_check(c, NULL) != 0);
}

/* Call @call's packets: phases of bulk, request/response, idle, steady, and edges. */
static uint32_t random_packets(uint64_t *seed, uint32_t phase, uint32_t call)
{
	uint32_t roll = random_between(seed, 0, 99);

	if (roll == 0)
		return random_between(seed, 0, 1) ? CAP + random_between(seed, 0, 1) :
					     (uint32_t)random_next(seed) | CAP;
	if (roll == 1)
		return CAP - random_between(seed, 0, 1);
	switch (phase) {
	case 0: /* bulk */
		return random_between(seed, 16u, 64u);
	case 1: /* request/response */
		return random_between(seed, 1u, 4u);
	case 2: /* idle */
		return random_between(seed, 0, 1);
	case 3: /* steady, for polling */
		return random_between(seed, 6u, 8u);
	default:
		/*
		 * Two values in turn, a and 3a: the mean deviation is half the
		 * mean, exactly the POLL rule's bound, so a deviation off by
		 * 1/256 of a packet changes the decision.
		 */
		return (call & 1u) ? 3u * (phase - 3u) : phase - 3u;
	}
}

/* The time of the next call after @decision. */
static uint64_t next_time(uint64_t *seed, uint64_t now_ns, const struct irqmod_decision *decision,
			  uint32_t phase)
{
	uint32_t roll = random_between(seed, 0, 199);

	if (roll == 0)
		return now_ns; /* stalls */
	if (roll == 1)
		return now_ns - random_between(seed, 1u, 100000u); /* steps back */
	if (roll == 2)
		return now_ns + (1ull << 34) + random_between(seed, 0, 1000u); /* jumps */
	if (decision->action == IRQMOD_ACTION_POLL)
		return now_ns + decision->poll_delay_ns + random_between(seed, 0, 4000u);
	if (phase > 3u)
		return now_ns + 2000u; /* steady: a poll every 2 us */
	return now_ns + random_between(seed, 1u, 100000u);
}

static void assert_same_decision(const struct irqmod_decision *got,
				 const struct irqmod_decision *want)
{
	assert_int_equal(got->rx_interval_ns, want->rx_interval_ns);
	assert_int_equal(got->tx_interval_ns, want->tx_interval_ns);
	assert_int_equal(got->poll_delay_ns, want->poll_delay_ns);
	assert_int_equal(got->rate_limit_ns, want->rate_limit_ns);
	assert_int_equal(got->frames, want->frames);
	assert_int_equal(got->action, want->action);
	assert_int_equal(got->changed, want->changed);
}

static void assert_same_state(const struct irqmod_latency_target *got, const struct model *m)
{
	struct irqmod_latency_target want = m->state;

	assert_int_equal(got->window_packets, m->packets);
	assert_int_equal(got->window_above_q8, model_above_q8(m));
	want.window_packets = m->packets;
	want.window_above_q8 = model_above_q8(m);
	assert_memory_equal(got, &want, sizeof(*got));
}

static void run_stream(uint64_t seed)
{
	struct irqmod_latency_target_config config;
	struct irqmod_latency_target state;
	struct model m;
	struct irqmod_decision got, want;
	uint64_t now_ns = random_between(&seed, 0, 3) == 0 ? UINT64_MAX - (1ull << 40) :
						      (uint64_t)random_between(&seed, 0, 1000000u);
	uint32_t i, phase = 0;

	random_config(&seed, &config);
	memset(&state, 0, sizeof(state));
	memset(&m, 0, sizeof(m));
	assert_int_equal(irqmod_latency_target_init(&state, &config), 0);
	assert_int_equal(irqmod_latency_target_init(&m.state, &config), 0);
	model_reset(&m);
	memset(&got, 0, sizeof(got));
	for (i = 0; i < STREAM_CALLS; i++) {
		struct irqmod_sample sample = { 0 };

		if (i % 256u == 0)
			phase = random_between(&seed, 0, 7);
		if (random_between(&seed, 0, 4999) == 0) {
			irqmod_latency_target_reset(&state);
			model_reset(&m);
		}
		now_ns = next_time(&seed, now_ns, &got, phase);
		sample.now_ns = now_ns;
		sample.rx_packets = random_packets(&seed, phase, i);
		sample.rx_bytes = (uint64_t)sample.rx_packets * 1514u;
		irqmod_latency_target_update(&state, &sample, &got);
		model_update(&m, &sample, &want);
		assert_same_decision(&got, &want);
		assert_same_state(&state, &m);
	}
}

static void test_latency_target_stream_matches_model(void **unused)
{
	uint32_t stream;

	(void)unused;
	for (stream = 0; stream < STREAM_COUNT; stream++)
		run_stream(0x6c7463737472ull + stream);
}

/*
 * The out-of-line call for calls the inline path does not count answers
 * as the inline path would, whatever it is handed: an empty poll while
 * not polling (the inline path answers that itself), counts at and above
 * the cap, and a count the inline path keeps.
 */
static void test_latency_target_edge_answers_as_inline(void **unused)
{
	struct irqmod_latency_target_config config;
	struct irqmod_latency_target a, b;
	struct irqmod_decision da, db;
	struct irqmod_sample sample = { .now_ns = 1000 };
	uint32_t i;

	(void)unused;
	assert_int_equal(irqmod_latency_target_default_config(&config, 10000u), 0);
	config.min_interval_ns = 3000;
	assert_int_equal(irqmod_latency_target_init(&a, &config), 0);
	assert_int_equal(irqmod_latency_target_init(&b, &config), 0);
	for (i = 0; i < 3u * IRQMOD_LATENCY_TARGET_WINDOW_CALLS; i++) {
		sample.now_ns += 10000u;
		sample.rx_packets = i % 4u == 0 ? 0 : (i % 4u == 1 ? CAP + 7u : (i % 4u == 2 ? CAP : 5u));
		irqmod_latency_target_update(&a, &sample, &da);
		irqmod_latency_target_update_edge(&b, &sample, &db);
		assert_same_decision(&db, &da);
		assert_memory_equal(&a, &b, sizeof(a));
	}
	assert_int_equal(da.action, IRQMOD_ACTION_REARM);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_latency_target_stream_matches_model),
		cmocka_unit_test(test_latency_target_edge_answers_as_inline),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
