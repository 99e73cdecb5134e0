/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * What the three hybrids share: composition with interval controllers,
 * the termination guarantee, the optional counters, the generic wrapper,
 * and a small closed-loop model that shows the trade (interrupts and
 * latency against CPU). The simulator-based demonstration is separate.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "irqmod/hybrid.h"
#include "../lib/hybrid_internal.h"

_Static_assert(sizeof(struct irqmod_poll_sum) == 12, "cycle sum is 12 bytes");

/* ---- The cycle sample the inner controller sees ------------------------ */

static void test_hybrid_cycle_sample_sums_polls_with_one_event(void **unused)
{
	struct irqmod_poll_sum sum;
	struct irqmod_sample poll = { .now_ns = 10, .rx_packets = 4,
				      .rx_bytes = 4000, .tx_packets = 2,
				      .tx_bytes = 128, .events = 1 };
	struct irqmod_sample last = { .now_ns = 99, .rx_packets = 1,
				      .rx_bytes = 60, .events = 0,
				      .completions = 7,
				      .flags = IRQMOD_SAMPLE_APP_FOUND_EVENTS };
	struct irqmod_sample cycle;
	struct irqmod_decision decision;

	(void)unused;
	irqmod_poll_sum_clear(&sum);
	/* Empty sum: the driver's sample is the cycle, passed unchanged. */
	assert_false(irqmod_hybrid_cycle_sample(&sum, &last, &cycle));
	irqmod_hybrid_answer_poll(&sum, &poll, 0, &decision);
	irqmod_hybrid_answer_poll(&sum, &poll, 0, &decision);
	assert_true(irqmod_hybrid_cycle_sample(&sum, &last, &cycle));
	/* 4 + 4 + 1 RX packets, 4000 + 4000 + 60 bytes, 2 + 2 TX packets. */
	assert_int_equal(cycle.rx_packets, 9);
	assert_int_equal(cycle.rx_bytes, 8060);
	assert_int_equal(cycle.tx_packets, 4);
	assert_int_equal(cycle.tx_bytes, 256);
	assert_int_equal(cycle.events, 1);
	assert_int_equal(cycle.now_ns, 99);
	assert_int_equal(cycle.completions, 7);
	assert_int_equal(cycle.flags, IRQMOD_SAMPLE_APP_FOUND_EVENTS);
}

static void test_hybrid_cycle_sample_leaves_out_polls_that_would_overflow(void **unused)
{
	struct irqmod_poll_sum sum;
	struct irqmod_sample big = { .rx_packets = 40000, .rx_bytes = 40000u * 64u };
	struct irqmod_sample fat = { .rx_packets = 1, .rx_bytes = UINT32_MAX };
	struct irqmod_decision decision;

	(void)unused;
	irqmod_poll_sum_clear(&sum);
	irqmod_hybrid_answer_poll(&sum, &big, 0, &decision);
	/* 40000 + 40000 > 65535: the second poll is left out whole, so
	 * bytes per packet stays 64. */
	irqmod_hybrid_answer_poll(&sum, &big, 0, &decision);
	assert_int_equal(sum.rx_packets, 40000);
	assert_int_equal(sum.rx_bytes, 40000u * 64u);
	/* Bytes that would pass 2^32 - 1: left out too, packets included. */
	irqmod_hybrid_answer_poll(&sum, &fat, 0, &decision);
	assert_int_equal(sum.rx_packets, 40000);
	assert_int_equal(sum.rx_bytes, 40000u * 64u);
}

/* ---- Composition -------------------------------------------------------- */

/*
 * The next sample of a stream drawn with the ANSI C LCG from @x: the clock
 * moves by up to @max_gap_ns; work (RX and TX) in every call, or with
 * @empty_polls in two of three calls and an empty poll in the third.
 */
static void lcg_sample(uint32_t *x, uint64_t *now_ns, uint32_t max_gap_ns, bool empty_polls,
		       struct irqmod_sample *sample)
{
	memset(sample, 0, sizeof(*sample));
	*x = *x * 1103515245u + 12345u;
	*now_ns += (*x >> 8) % max_gap_ns;
	sample->now_ns = *now_ns;
	if (!empty_polls || (*x >> 20) % 3 != 0) {
		sample->rx_packets = (*x >> 4) % 65;
		sample->rx_bytes = (uint64_t)sample->rx_packets * 1514u;
		sample->tx_packets = (*x >> 12) % 9;
		sample->tx_bytes = (uint64_t)sample->tx_packets * 66u;
	}
	sample->events = 1;
}

/* irqmod_inner_of_<k>() on @twin's state, for the row of @kind; false for a preset. */
static bool inner_of_module(struct irqmod_inner *inner, uint32_t kind,
			    struct irqmod_controller *twin)
{
	switch (kind) {
#define IRQMOD_KIND(E, k, name, config_type, state_member, ...)                          \
	case IRQMOD_KIND_##E:                                                             \
		irqmod_inner_of_##k(inner, &twin->state.state_member);                    \
		return true;
#define IRQMOD_KIND_PRESET(E, k, p)
#include "irqmod/kinds.h"
#undef IRQMOD_KIND
#undef IRQMOD_KIND_PRESET
	}
	return false;
}

/*
 * irqmod_inner_of_<k>(), which needs no kind table, answers as
 * irqmod_inner_of_kind() for every kind's module, on twin states over one
 * stream.
 */
static void test_hybrid_inner_of_a_module_equals_inner_of_its_kind(void **unused)
{
	uint32_t kind, modules = 0;

	(void)unused;
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++) {
		struct irqmod_controller_config config;
		struct irqmod_controller mine, table;
		struct irqmod_inner by_module, by_kind;
		uint64_t now_ns = 0;
		uint32_t x = 4242, call;

		assert_int_equal(irqmod_controller_default_config(&config, kind, 10000), 0);
		assert_int_equal(irqmod_controller_init(&mine, &config), 0);
		assert_int_equal(irqmod_controller_init(&table, &config), 0);
		if (!inner_of_module(&by_module, kind, &mine))
			continue;
		modules++;
		assert_ptr_equal(by_module.state, &mine.state);
		assert_int_equal(irqmod_inner_of_kind(&by_kind, kind, &table.state), 0);
		for (call = 0; call < 2000; call++) {
			struct irqmod_sample sample;
			struct irqmod_decision got, want;

			lcg_sample(&x, &now_ns, 30000, true, &sample);
			memset(&got, 0, sizeof(got)); /* padding too: compared bytewise */
			memset(&want, 0, sizeof(want));
			by_module.update(by_module.state, &sample, &got);
			by_kind.update(by_kind.state, &sample, &want);
			assert_memory_equal(&got, &want, sizeof(got));
		}
	}
	/* Every kind but the presets (ice) is a module of its own. */
	assert_int_equal(modules, IRQMOD_KIND_COUNT - 1);
}

/*
 * A driver's own embedding: each hybrid around a kind's own state through
 * struct irqmod_inner (irqmod_inner_of_kind()) answers exactly as the
 * generic struct irqmod_hybrid around the same kind, for every hybrid and
 * kind, over one stream of work and empty polls.
 */
static void test_hybrid_around_a_kinds_own_state_equals_the_generic_hybrid(void **unused)
{
	uint32_t hybrid_kind, kind;

	(void)unused;
	for (hybrid_kind = IRQMOD_HYBRID_NONE + 1; hybrid_kind < IRQMOD_HYBRID_COUNT;
	     hybrid_kind++) {
		for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++) {
			struct irqmod_hybrid_config config;
			struct irqmod_hybrid generic;
			struct irqmod_controller own_state; /* only its state member is used */
			union {
				struct irqmod_idle_poll idle_poll;
				struct irqmod_defer_irq defer_irq;
				struct irqmod_recheck recheck;
			} own;
			const struct irqmod_kind_desc *desc = irqmod_kind_describe(kind);
			struct irqmod_inner inner;
			uint64_t now_ns = 0;
			uint32_t x = 777, call;

			assert_int_equal(irqmod_hybrid_default_config(&config, hybrid_kind, kind,
								      10000), 0);
			assert_int_equal(irqmod_hybrid_init(&generic, &config), 0);
			assert_int_equal(desc->init(&own_state.state, &config.inner.config), 0);
			assert_int_equal(irqmod_inner_of_kind(&inner, kind, &own_state.state), 0);
			if (hybrid_kind == IRQMOD_HYBRID_IDLE_POLL)
				assert_int_equal(irqmod_idle_poll_init(&own.idle_poll,
								       &config.config.idle_poll), 0);
			else if (hybrid_kind == IRQMOD_HYBRID_DEFER_IRQ)
				assert_int_equal(irqmod_defer_irq_init(&own.defer_irq,
								       &config.config.defer_irq), 0);
			else
				assert_int_equal(irqmod_recheck_init(&own.recheck,
								     &config.config.recheck), 0);
			for (call = 0; call < 3000; call++) {
				struct irqmod_sample sample;
				struct irqmod_decision got, want;

				lcg_sample(&x, &now_ns, 30000, true, &sample);
				irqmod_hybrid_update(&generic, &sample, &want);
				if (hybrid_kind == IRQMOD_HYBRID_IDLE_POLL)
					irqmod_idle_poll_update(&own.idle_poll, &inner, &sample, &got);
				else if (hybrid_kind == IRQMOD_HYBRID_DEFER_IRQ)
					irqmod_defer_irq_update(&own.defer_irq, &inner, &sample, &got);
				else
					irqmod_recheck_update(&own.recheck, &inner, &sample, &got);
				assert_int_equal(got.action, want.action);
				assert_int_equal(got.rx_interval_ns, want.rx_interval_ns);
				assert_int_equal(got.tx_interval_ns, want.tx_interval_ns);
				assert_int_equal(got.rate_limit_ns, want.rate_limit_ns);
				assert_int_equal(got.frames, want.frames);
				assert_int_equal(got.poll_delay_ns, want.poll_delay_ns);
				assert_int_equal(got.changed, want.changed);
			}
		}
	}
}

/* A driver's own algorithm: the hybrid calls it on re-arm only, with the cycle. */
struct counting_inner {
	uint32_t calls;
	uint32_t last_rx_packets;
};

static void counting_update(void *state, const struct irqmod_sample *sample,
			    struct irqmod_decision *decision)
{
	struct counting_inner *c = state;

	c->calls++;
	c->last_rx_packets = sample->rx_packets;
	memset(decision, 0, sizeof(*decision));
	decision->rx_interval_ns = 12000;
	decision->tx_interval_ns = 12000;
	decision->changed = c->calls == 1;
}

static void test_hybrid_calls_a_drivers_own_inner_update_once_per_cycle(void **unused)
{
	struct irqmod_recheck_config config = { .max_rounds = 3 };
	struct irqmod_recheck state;
	struct counting_inner counting = { 0, 0 };
	struct irqmod_inner inner = { counting_update, &counting };
	struct irqmod_sample work = { .now_ns = 1, .rx_packets = 5, .rx_bytes = 500 };
	struct irqmod_decision decision;
	uint32_t i;

	(void)unused;
	assert_int_equal(irqmod_recheck_init(&state, &config), 0);
	/* Three re-polls that find work, then the fourth re-arms. */
	for (i = 0; i < 3; i++) {
		irqmod_recheck_update(&state, &inner, &work, &decision);
		assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
	}
	assert_int_equal(counting.calls, 0);
	irqmod_recheck_update(&state, &inner, &work, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
	assert_int_equal(decision.rx_interval_ns, 12000);
	assert_true(decision.changed);
	assert_int_equal(counting.calls, 1);
	assert_int_equal(counting.last_rx_packets, 20); /* the whole cycle */
	/* An inner with no update re-arms with interval 0. */
	inner.update = NULL;
	irqmod_recheck_update(&state, &inner, &work, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
	for (i = 0; i < 3; i++)
		irqmod_recheck_update(&state, &inner, &work, &decision);
	assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
	assert_int_equal(decision.rx_interval_ns, 0);
	assert_false(decision.changed);
	assert_int_equal(counting.calls, 1);
}

/*
 * Turn off the inner kind's own polling, as irqmod_hybrid_default_config()
 * does, through the kind table's rule inside a hybrid (self_poll_field).
 */
static void inner_polling_off(struct irqmod_controller_config *inner)
{
	const struct irqmod_kind_desc *desc = irqmod_kind_describe(inner->kind);
	uint32_t off = 0;

	if (desc->self_poll_field)
		memcpy((unsigned char *)&inner->config + desc->self_poll_offset, &off,
		       sizeof(off));
}

/*
 * A hybrid that re-arms on every call is transparent: the inner interval
 * controller gives the same decisions as on its own. Runs for every
 * interval kind the generic controller knows, each with its default config.
 */
static void test_hybrid_rearming_every_call_is_transparent_for_every_inner_kind(void **unused)
{
	static const uint32_t hybrid_kinds[] = {
		IRQMOD_HYBRID_NONE, IRQMOD_HYBRID_RECHECK, IRQMOD_HYBRID_DEFER_IRQ,
	};
	uint32_t kind;
	size_t h;

	(void)unused;
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++) {
		for (h = 0; h < 3; h++) {
			struct irqmod_hybrid hybrid;
			struct irqmod_hybrid_config config;
			struct irqmod_controller bare;
			uint64_t now_ns = 0;
			uint32_t x = 12345, call;

			memset(&config, 0, sizeof(config));
			assert_int_equal(irqmod_controller_default_config(
				&config.inner, kind, 10000), 0);
			config.kind = hybrid_kinds[h];
			/* A kind that polls by itself (latency-target) does not
			 * inside a hybrid, which does the polling. */
			inner_polling_off(&config.inner);
			/* recheck with 0 rounds, defer with N = 0: both
			 * re-arm after every poll. */
			assert_int_equal(irqmod_hybrid_init(&hybrid, &config), 0);
			assert_int_equal(irqmod_controller_init(&bare, &config.inner), 0);
			for (call = 0; call < 2000; call++) {
				struct irqmod_sample sample;
				struct irqmod_decision got, want;

				lcg_sample(&x, &now_ns, 200000, false, &sample);
				irqmod_hybrid_update(&hybrid, &sample, &got);
				irqmod_controller_update(&bare, &sample, &want);
				assert_int_equal(got.action, IRQMOD_ACTION_REARM);
				assert_int_equal(got.rx_interval_ns, want.rx_interval_ns);
				assert_int_equal(got.tx_interval_ns, want.tx_interval_ns);
				assert_int_equal(got.rate_limit_ns, want.rate_limit_ns);
				assert_int_equal(got.frames, want.frames);
				assert_int_equal(got.changed, want.changed);
				assert_int_equal(got.poll_delay_ns, 0);
			}
		}
	}
}

/*
 * The inner controller sees one sample per interrupt cycle, on the call
 * that re-arms, with the cycle's summed counts and one event: a bare
 * controller of the same kind fed those samples by the test gives the same
 * decisions. Traffic: bursts of polls with 1..64 packets, then silence, so
 * every cycle stays far below the 16-bit sum limit. Runs for every inner
 * kind the generic controller knows and every hybrid.
 */
static void test_hybrid_inner_sees_one_summed_sample_per_cycle(void **unused)
{
	uint32_t kind, hybrid_kind;

	(void)unused;
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++) {
		for (hybrid_kind = IRQMOD_HYBRID_IDLE_POLL;
		     hybrid_kind < IRQMOD_HYBRID_COUNT; hybrid_kind++) {
			struct irqmod_hybrid hybrid;
			struct irqmod_hybrid_config config;
			struct irqmod_controller bare;
			uint64_t now_ns = 0, rx_bytes = 0, tx_bytes = 0;
			uint32_t rx_packets = 0, tx_packets = 0;
			uint32_t x = 99, call, rearms = 0;

			memset(&config, 0, sizeof(config));
			assert_int_equal(irqmod_controller_default_config(
				&config.inner, kind, 10000), 0);
			/* Inside a hybrid the hybrid polls (irqmod_hybrid_config_check()). */
			inner_polling_off(&config.inner);
			config.kind = hybrid_kind;
			config.config.idle_poll = (struct irqmod_idle_poll_config){ 5000, 40000, 0 };
			if (hybrid_kind == IRQMOD_HYBRID_DEFER_IRQ)
				config.config.defer_irq = (struct irqmod_defer_irq_config){ 4, 5000, 0, 0 };
			if (hybrid_kind == IRQMOD_HYBRID_RECHECK)
				config.config.recheck = (struct irqmod_recheck_config){ 3 };
			assert_int_equal(irqmod_hybrid_init(&hybrid, &config), 0);
			assert_int_equal(irqmod_controller_init(&bare, &config.inner), 0);
			for (call = 0; call < 20000; call++) {
				struct irqmod_sample sample = { 0 };
				struct irqmod_decision got, want;
				bool cycle_has_counts = rx_packets || tx_packets ||
							rx_bytes || tx_bytes;

				x = x * 1103515245u + 12345u;
				/* 1 call in 8 starts a long silence. */
				now_ns += (x >> 29) == 0 ? 500000 : 5000;
				sample.now_ns = now_ns;
				if ((x >> 20) % 3 != 0) {
					sample.rx_packets = 1 + (x >> 8) % 64;
					sample.rx_bytes = (uint64_t)sample.rx_packets * (64 + (x >> 14) % 1451);
					sample.tx_packets = (x >> 4) % 4;
					sample.tx_bytes = (uint64_t)sample.tx_packets * 66u;
				}
				sample.events = 1;
				irqmod_hybrid_update(&hybrid, &sample, &got);
				if (got.action == IRQMOD_ACTION_POLL) {
					rx_packets += sample.rx_packets;
					tx_packets += sample.tx_packets;
					rx_bytes += sample.rx_bytes;
					tx_bytes += sample.tx_bytes;
					assert_true(rx_packets < 65535 && tx_packets < 65535);
					continue;
				}
				if (cycle_has_counts) {
					struct irqmod_sample cycle = {
						.now_ns = sample.now_ns,
						.rx_packets = rx_packets + sample.rx_packets,
						.tx_packets = tx_packets + sample.tx_packets,
						.rx_bytes = rx_bytes + sample.rx_bytes,
						.tx_bytes = tx_bytes + sample.tx_bytes,
						.events = 1,
					};

					irqmod_controller_update(&bare, &cycle, &want);
				} else {
					irqmod_controller_update(&bare, &sample, &want);
				}
				rearms++;
				assert_int_equal(got.rx_interval_ns, want.rx_interval_ns);
				assert_int_equal(got.tx_interval_ns, want.tx_interval_ns);
				assert_int_equal(got.rate_limit_ns, want.rate_limit_ns);
				assert_int_equal(got.frames, want.frames);
				assert_int_equal(got.changed, want.changed);
				rx_packets = tx_packets = 0;
				rx_bytes = tx_bytes = 0;
			}
			/* Both answers occurred: the check had cycles to check. */
			assert_true(rearms > 100 && rearms < 20000);
		}
	}
}

/*
 * Each hybrid re-arms with the inner controller's interval (static at
 * 84 us RX / 126 us TX here) and answers POLL with no register value.
 */
static void test_hybrid_rearm_carries_the_inner_interval_for_every_hybrid(void **unused)
{
	struct irqmod_hybrid_config config;
	uint32_t kind;

	(void)unused;
	for (kind = IRQMOD_HYBRID_IDLE_POLL; kind < IRQMOD_HYBRID_COUNT; kind++) {
		struct irqmod_hybrid hybrid;
		struct irqmod_sample work = { .now_ns = 0, .rx_packets = 1 };
		struct irqmod_sample empty = { .now_ns = 0 };
		struct irqmod_decision decision;
		uint32_t calls = 0;

		memset(&config, 0, sizeof(config));
		config.kind = kind;
		config.inner.kind = IRQMOD_KIND_STATIC;
		config.inner.config.static_config.rx_interval_ns = 84000;
		config.inner.config.static_config.tx_interval_ns = 126000;
		config.config.idle_poll = (struct irqmod_idle_poll_config){ 1000, 0, 2 };
		if (kind == IRQMOD_HYBRID_DEFER_IRQ)
			config.config.defer_irq = (struct irqmod_defer_irq_config){ 2, 1000, 0, 0 };
		if (kind == IRQMOD_HYBRID_RECHECK)
			config.config.recheck = (struct irqmod_recheck_config){ 2 };
		assert_int_equal(irqmod_hybrid_init(&hybrid, &config), 0);
		irqmod_hybrid_update(&hybrid, &work, &decision);
		assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
		assert_int_equal(decision.rx_interval_ns, 0);
		assert_false(decision.changed);
		do {
			irqmod_hybrid_update(&hybrid, &empty, &decision);
			calls++;
		} while (decision.action == IRQMOD_ACTION_POLL && calls < 10);
		assert_int_equal(decision.action, IRQMOD_ACTION_REARM);
		assert_int_equal(decision.rx_interval_ns, 84000);
		assert_int_equal(decision.tx_interval_ns, 126000);
		assert_int_equal(decision.poll_delay_ns, 0);
	}
}

/* ---- Termination -------------------------------------------------------- */

/* How the clock behaves during the endless stream of empty polls. */
enum clock_mode { CLOCK_HONOURS_DELAY, CLOCK_STUCK, CLOCK_BACKWARDS, CLOCK_JUMPS };

static uint64_t next_now(enum clock_mode mode, uint64_t now_ns, uint32_t delay_ns,
			 uint32_t *seed)
{
	*seed = *seed * 1103515245u + 12345u;
	switch (mode) {
	case CLOCK_HONOURS_DELAY:
		return now_ns + delay_ns + 1;
	case CLOCK_STUCK:
		return now_ns;
	case CLOCK_BACKWARDS:
		return now_ns > 1000 ? now_ns - 1000 : UINT64_MAX;
	default:
		/* Wild: forward hours or back a lot, wrapping. */
		return now_ns + ((uint64_t)*seed << 20) - ((uint64_t)(*seed >> 3) << 22);
	}
}

/*
 * For every config in the matrix and every clock behaviour, one poll with
 * work then 10^6 empty polls (flagged "the application found events",
 * the worst case for suspension): the hybrid must re-arm within its bound
 * of consecutive POLL answers and, once re-armed, keep re-arming.
 */
static void test_hybrid_endless_empty_polls_always_end_in_rearm(void **unused)
{
	struct matrix_entry {
		uint32_t kind;
		struct irqmod_idle_poll_config idle_poll;
		struct irqmod_defer_irq_config defer_irq;
		struct irqmod_recheck_config recheck;
		/* Consecutive POLL answers allowed, the one to the poll
		 * with work included (derivation beside each entry). */
		uint32_t max_polls;
	};
	static const struct matrix_entry matrix[] = {
		/* Idle poll: the work poll, then idle_polls - 1 empty polls
		 * answered POLL; the idle_polls-th empty poll re-arms. */
		{ IRQMOD_HYBRID_IDLE_POLL, { 10000, 50000, 0 }, { 0 }, { 0 }, 5 },
		{ IRQMOD_HYBRID_IDLE_POLL, { 0, 0, 1 }, { 0 }, { 0 }, 1 },
		{ IRQMOD_HYBRID_IDLE_POLL, { 0, 1000000000, 65535 }, { 0 }, { 0 }, 65535 },
		{ IRQMOD_HYBRID_IDLE_POLL, { 15260, 1000000000, 0 }, { 0 }, { 0 }, 65531 },
		{ IRQMOD_HYBRID_IDLE_POLL, { 1000000000, 1000000000, 0 }, { 0 }, { 0 }, 1 },
		/* Defer: the work poll spends 1 of N, N - 1 empties spend the
		 * rest: N POLL answers. With suspension: the work poll is
		 * suspended, then suspend_polls empties, then N deferrals. */
		{ IRQMOD_HYBRID_DEFER_IRQ, { 0 }, { 10, 20000, 0, 0 }, { 0 }, 10 },
		{ IRQMOD_HYBRID_DEFER_IRQ, { 0 }, { 65535, 1, 0, 0 }, { 0 }, 65535 },
		{ IRQMOD_HYBRID_DEFER_IRQ, { 0 }, { 2, 20000, 20000000, 64 }, { 0 }, 1 + 64 + 2 },
		{ IRQMOD_HYBRID_DEFER_IRQ, { 0 }, { 65535, 1000000000, 1000000000, 65535 },
		  { 0 }, 1 + 65535 + 65535 },
		/* T = 0: deferral off, re-arm at once. */
		{ IRQMOD_HYBRID_DEFER_IRQ, { 0 }, { 65535, 0, 0, 0 }, { 0 }, 0 },
		/* Re-check: one round for the work poll, empties re-arm. */
		{ IRQMOD_HYBRID_RECHECK, { 0 }, { 0 }, { 65535 }, 1 },
	};
	static const enum clock_mode clocks[] = {
		CLOCK_HONOURS_DELAY, CLOCK_STUCK, CLOCK_BACKWARDS, CLOCK_JUMPS,
	};
	size_t m, c;

	(void)unused;
	for (m = 0; m < sizeof(matrix) / sizeof(matrix[0]); m++) {
		for (c = 0; c < 4; c++) {
			struct irqmod_hybrid hybrid;
			struct irqmod_hybrid_config config;
			struct irqmod_sample sample = { .now_ns = 1000000,
							.rx_packets = 8,
							.rx_bytes = 8 * 1514,
							.flags = IRQMOD_SAMPLE_FROM_INTERRUPT |
								 IRQMOD_SAMPLE_APP_FOUND_EVENTS };
			struct irqmod_decision decision;
			uint32_t seed = 7, call, run = 0, longest = 0;
			bool rearmed = false;

			memset(&config, 0, sizeof(config));
			config.kind = matrix[m].kind;
			if (config.kind == IRQMOD_HYBRID_IDLE_POLL)
				config.config.idle_poll = matrix[m].idle_poll;
			else if (config.kind == IRQMOD_HYBRID_DEFER_IRQ)
				config.config.defer_irq = matrix[m].defer_irq;
			else
				config.config.recheck = matrix[m].recheck;
			config.inner.kind = IRQMOD_KIND_STATIC;
			assert_int_equal(irqmod_hybrid_init(&hybrid, &config), 0);
			irqmod_hybrid_update(&hybrid, &sample, &decision);
			run = decision.action == IRQMOD_ACTION_POLL;
			longest = run;
			sample.rx_packets = 0;
			sample.rx_bytes = 0;
			sample.flags = IRQMOD_SAMPLE_APP_FOUND_EVENTS;
			for (call = 0; call < 1000000; call++) {
				sample.now_ns = next_now(clocks[c], sample.now_ns,
							 decision.poll_delay_ns, &seed);
				irqmod_hybrid_update(&hybrid, &sample, &decision);
				if (decision.action == IRQMOD_ACTION_POLL) {
					/* Once re-armed, empty polls never
					 * restart polling: no work, no POLL. */
					assert_false(rearmed &&
						     config.kind != IRQMOD_HYBRID_IDLE_POLL);
					run++;
				} else {
					assert_int_equal(decision.action,
							 IRQMOD_ACTION_REARM);
					rearmed = true;
					run = 0;
				}
				if (run > longest)
					longest = run;
				assert_true(run <= matrix[m].max_polls);
			}
			assert_true(rearmed);
			/* The bound is reached, not just respected, with a
			 * clock that cannot end the budget first. */
			if (clocks[c] == CLOCK_STUCK)
				assert_int_equal(longest, matrix[m].max_polls);
		}
	}
}

/* ---- Counters ------------------------------------------------------------ */

static void test_hybrid_counters_count_answers_empty_polls_and_idle_time(void **unused)
{
	struct irqmod_hybrid_counters counters;
	struct irqmod_idle_poll state;
	struct irqmod_sample samples[] = {
		{ .now_ns = 1000, .rx_packets = 2 }, /* POLL */
		{ .now_ns = 11000 },                 /* empty, POLL: +10000 idle */
		{ .now_ns = 21000 },                 /* empty, re-arm: +10000 idle */
		{ .now_ns = 90000 },                 /* empty after re-arm: no idle time */
	};
	struct irqmod_decision decision;
	size_t i;

	(void)unused;
	irqmod_hybrid_counters_init(&counters);
	irqmod_hybrid_counters_init(NULL); /* ignored */
	assert_int_equal(irqmod_idle_poll_init(&state,
		&(struct irqmod_idle_poll_config){ 10000, 0, 2 }), 0);
	for (i = 0; i < 4; i++) {
		irqmod_idle_poll_update(&state, NULL, &samples[i], &decision);
		irqmod_hybrid_count(&counters, &samples[i], &decision);
		irqmod_hybrid_count(NULL, &samples[i], &decision); /* ignored */
	}
	/* Answers: POLL, POLL, REARM, then the 4th empty is the first of a
	 * new budget of 2: POLL. */
	assert_int_equal(counters.polls_deferred, 3);
	assert_int_equal(counters.interrupts_armed, 1);
	assert_int_equal(counters.empty_polls, 3);
	assert_int_equal(counters.idle_polling_ns, 20000);
}

/* ---- Generic wrapper ------------------------------------------------------ */

static void test_hybrid_init_errors_leave_the_instance_untouched(void **unused)
{
	struct irqmod_hybrid hybrid, before;
	struct irqmod_hybrid_config config;

	(void)unused;
	memset(&hybrid, 0x77, sizeof(hybrid));
	memcpy(&before, &hybrid, sizeof(hybrid));
	memset(&config, 0, sizeof(config));
	config.inner.kind = IRQMOD_KIND_STATIC;

	assert_int_equal(irqmod_hybrid_init(NULL, &config), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_hybrid_init(&hybrid, NULL), -IRQMOD_EINVAL);
	config.kind = IRQMOD_HYBRID_COUNT;
	assert_int_equal(irqmod_hybrid_init(&hybrid, &config), -IRQMOD_EKIND);
	config.kind = IRQMOD_HYBRID_IDLE_POLL; /* all-zero budget */
	assert_int_equal(irqmod_hybrid_init(&hybrid, &config), -IRQMOD_EBUDGET);
	config.kind = IRQMOD_HYBRID_RECHECK;
	config.config.recheck.max_rounds = 70000;
	assert_int_equal(irqmod_hybrid_init(&hybrid, &config), -IRQMOD_EBUDGET);
	/* Valid hybrid, invalid inner controller. */
	config.config.recheck.max_rounds = 2;
	config.inner.config.static_config.rx_interval_ns = 2000000000u;
	assert_int_equal(irqmod_hybrid_init(&hybrid, &config), -IRQMOD_ERANGE);
	config.inner.kind = IRQMOD_KIND_COUNT;
	assert_int_equal(irqmod_hybrid_init(&hybrid, &config), -IRQMOD_EKIND);
	assert_memory_equal(&hybrid, &before, sizeof(hybrid));
}

static void test_hybrid_reset_restores_a_fresh_cycle(void **unused)
{
	struct irqmod_hybrid hybrid;
	struct irqmod_hybrid_config config;
	struct irqmod_sample work = { .rx_packets = 1 };
	struct irqmod_decision decision;
	uint32_t kind;

	(void)unused;
	for (kind = IRQMOD_HYBRID_IDLE_POLL; kind < IRQMOD_HYBRID_COUNT; kind++) {
		memset(&config, 0, sizeof(config));
		config.kind = kind;
		config.inner.kind = IRQMOD_KIND_STATIC;
		config.config.idle_poll = (struct irqmod_idle_poll_config){ 0, 0, 1 };
		if (kind == IRQMOD_HYBRID_DEFER_IRQ)
			config.config.defer_irq = (struct irqmod_defer_irq_config){ 1, 5, 0, 0 };
		if (kind == IRQMOD_HYBRID_RECHECK)
			config.config.recheck = (struct irqmod_recheck_config){ 1 };
		assert_int_equal(irqmod_hybrid_init(&hybrid, &config), 0);
		irqmod_hybrid_update(&hybrid, &work, &decision);
		assert_int_equal(decision.action, IRQMOD_ACTION_POLL);
		irqmod_hybrid_reset(&hybrid);
		/* Sums are cleared by every reset. */
		assert_int_equal(kind == IRQMOD_HYBRID_IDLE_POLL ?
				 hybrid.own.idle_poll.sum.rx_packets :
				 kind == IRQMOD_HYBRID_DEFER_IRQ ?
				 hybrid.own.defer_irq.sum.rx_packets :
				 hybrid.own.recheck.sum.rx_packets, 0);
	}
}

/*
 * No hybrid (IRQMOD_HYBRID_NONE) is the interval controller itself: every
 * answer is the controller's, field by field, POLL included (latency-target
 * answers POLL under steady load: two frames every 10 us against a 20 us
 * target polls from its first window on).
 */
static void test_hybrid_none_passes_the_controllers_answer_through(void **unused)
{
	struct irqmod_hybrid_config config;
	struct irqmod_hybrid hybrid;
	struct irqmod_controller alone;
	struct irqmod_decision via_hybrid, direct;
	struct irqmod_sample sample = { 0 };
	unsigned int i, polls = 0;

	(void)unused;
	memset(&config, 0, sizeof(config));
	config.kind = IRQMOD_HYBRID_NONE;
	assert_int_equal(irqmod_controller_default_config(&config.inner, IRQMOD_KIND_LATENCY_TARGET,
							  10000), 0);
	config.inner.config.latency_target.target_p99_ns = 20000;
	assert_int_equal(irqmod_hybrid_init(&hybrid, &config), 0);
	assert_int_equal(irqmod_controller_init(&alone, &config.inner), 0);
	for (i = 0; i < 200; i++) {
		sample.now_ns = 10000ull * (i + 1);
		sample.rx_packets = i % 50 == 49 ? 0 : 2; /* an empty poll now and then */
		sample.rx_bytes = 128ull * sample.rx_packets;
		irqmod_hybrid_update(&hybrid, &sample, &via_hybrid);
		irqmod_controller_update(&alone, &sample, &direct);
		assert_memory_equal(&via_hybrid, &direct, sizeof(direct));
		polls += via_hybrid.action == IRQMOD_ACTION_POLL;
	}
	assert_true(polls > 100);
}

/*
 * Inside a hybrid the hybrid polls: a latency-target inner controller that
 * would answer POLL itself (poll_packets above 0) is rejected with the field
 * named, and the hybrid's defaults turn its polling off.
 */
static void test_hybrid_rejects_an_inner_latency_target_that_polls(void **unused)
{
	struct irqmod_hybrid_config config;
	struct irqmod_config_error error;
	struct irqmod_hybrid hybrid, untouched;

	(void)unused;
	assert_int_equal(irqmod_hybrid_default_config(&config, IRQMOD_HYBRID_DEFER_IRQ,
						      IRQMOD_KIND_LATENCY_TARGET, 10000), 0);
	assert_int_equal(config.inner.config.latency_target.poll_packets, 0);
	assert_int_equal(irqmod_hybrid_config_check(&config, NULL), 0);
	config.inner.config.latency_target.poll_packets = 4;
	assert_int_equal(irqmod_hybrid_config_check(&config, &error), -IRQMOD_ERANGE);
	assert_string_equal(error.field, "inner.poll_packets");
	{
		char line[160];

		irqmod_config_error_format(&error, line, sizeof(line));
		assert_string_equal(line, "hybrid: inner.poll_packets 4 turns on the inner "
					  "controller's own polling, which the hybrid does; "
					  "must be 0");
	}
	assert_int_equal(irqmod_hybrid_config_check(&config, NULL), -IRQMOD_ERANGE);
	memset(&hybrid, 0x5a, sizeof(hybrid));
	untouched = hybrid;
	assert_int_equal(irqmod_hybrid_init(&hybrid, &config), -IRQMOD_ERANGE);
	assert_memory_equal(&hybrid, &untouched, sizeof(hybrid));
	config.kind = IRQMOD_HYBRID_NONE; /* no hybrid: the controller polls itself */
	assert_int_equal(irqmod_hybrid_config_check(&config, NULL), 0);
	assert_int_equal(irqmod_hybrid_default_config(&config, IRQMOD_HYBRID_NONE,
						      IRQMOD_KIND_LATENCY_TARGET, 10000), 0);
	assert_int_not_equal(config.inner.config.latency_target.poll_packets, 0);
}

static void test_hybrid_kind_names_are_stable(void **unused)
{
	(void)unused;
	assert_string_equal(irqmod_hybrid_kind_name(IRQMOD_HYBRID_NONE), "none");
	assert_string_equal(irqmod_hybrid_kind_name(IRQMOD_HYBRID_IDLE_POLL), "idle-poll");
	assert_string_equal(irqmod_hybrid_kind_name(IRQMOD_HYBRID_DEFER_IRQ), "defer-irq");
	assert_string_equal(irqmod_hybrid_kind_name(IRQMOD_HYBRID_RECHECK), "recheck");
	assert_string_equal(irqmod_hybrid_kind_name(IRQMOD_HYBRID_COUNT), "unknown");
}

/* ---- Closed-loop model ----------------------------------------------------
 *
 * Deterministic, integer, one RX queue. Packets arrive every period_ns from
 * MODEL_START_NS. When the interrupt is armed and a packet is pending, the
 * interrupt fires at max(arrival, re-arm time, previous interrupt +
 * interval) (the throttle) and the poll starts MODEL_IRQ_LATENCY_NS later
 * (hard IRQ, softirq wake-up). A poll takes every packet that has arrived
 * (latency = poll start - arrival), costs MODEL_POLL_COST_NS of CPU and
 * then asks the controller. POLL d: the next poll starts at poll end + d.
 * CPU = polls * MODEL_POLL_COST_NS + interrupts * MODEL_IRQ_COST_NS.
 * The constants are round model figures, not measurements.
 */
#define MODEL_START_NS 1000u
#define MODEL_IRQ_LATENCY_NS 5000u
#define MODEL_POLL_COST_NS 1000u
#define MODEL_IRQ_COST_NS 2000u

struct model_result {
	uint32_t interrupts;
	uint32_t polls;
	uint64_t latency_sum_ns;
	uint64_t latency_min_ns;
	uint64_t latency_max_ns;
	uint64_t cpu_ns;
};

static void run_model(const struct irqmod_hybrid_config *config,
		      uint32_t period_ns, uint32_t packets,
		      struct model_result *result)
{
	struct irqmod_hybrid hybrid;
	uint64_t rearm_ns = 0, last_fire_ns = 0, next_poll_ns = 0;
	uint32_t next = 0, interval_ns = 0;
	bool armed = true, fired = false;

	memset(result, 0, sizeof(*result));
	result->latency_min_ns = UINT64_MAX;
	assert_int_equal(irqmod_hybrid_init(&hybrid, config), 0);
	while (next < packets || !armed) {
		struct irqmod_sample sample = { 0 };
		struct irqmod_decision decision;
		uint64_t poll_ns;

		if (armed) {
			uint64_t fire_ns = MODEL_START_NS + (uint64_t)next * period_ns;

			if (fire_ns < rearm_ns)
				fire_ns = rearm_ns;
			if (fired && fire_ns < last_fire_ns + interval_ns)
				fire_ns = last_fire_ns + interval_ns;
			last_fire_ns = fire_ns;
			fired = true;
			armed = false;
			result->interrupts++;
			poll_ns = fire_ns + MODEL_IRQ_LATENCY_NS;
			sample.flags = IRQMOD_SAMPLE_FROM_INTERRUPT;
			sample.events = 1;
		} else {
			poll_ns = next_poll_ns;
		}
		result->polls++;
		assert_true(result->polls < 100u * packets + 1000u);
		while (next < packets &&
		       MODEL_START_NS + (uint64_t)next * period_ns <= poll_ns) {
			uint64_t latency_ns = poll_ns - MODEL_START_NS -
					      (uint64_t)next * period_ns;

			result->latency_sum_ns += latency_ns;
			if (latency_ns < result->latency_min_ns)
				result->latency_min_ns = latency_ns;
			if (latency_ns > result->latency_max_ns)
				result->latency_max_ns = latency_ns;
			sample.rx_packets++;
			next++;
		}
		sample.rx_bytes = (uint64_t)sample.rx_packets * 1514u;
		sample.now_ns = poll_ns;
		irqmod_hybrid_update(&hybrid, &sample, &decision);
		if (decision.action == IRQMOD_ACTION_REARM) {
			armed = true;
			rearm_ns = poll_ns + MODEL_POLL_COST_NS;
			interval_ns = decision.rx_interval_ns;
		} else {
			next_poll_ns = poll_ns + MODEL_POLL_COST_NS +
				       decision.poll_delay_ns;
		}
	}
	result->cpu_ns = (uint64_t)result->polls * MODEL_POLL_COST_NS +
			 (uint64_t)result->interrupts * MODEL_IRQ_COST_NS;
}

/* Print one run, so docs can quote it with the command that made it. */
static void print_model(const char *name, uint32_t packets,
			const struct model_result *r)
{
	print_message("model %-24s interrupts %5u polls %6u latency ns"
		      " mean %5llu min %5llu max %5llu cpu us %6llu\n", name,
		      r->interrupts, r->polls,
		      (unsigned long long)(r->latency_sum_ns / packets),
		      (unsigned long long)r->latency_min_ns,
		      (unsigned long long)r->latency_max_ns,
		      (unsigned long long)(r->cpu_ns / 1000u));
}

static void model_config(struct irqmod_hybrid_config *config, uint32_t kind,
			 uint32_t inner_interval_ns)
{
	memset(config, 0, sizeof(*config));
	config->kind = kind;
	config->inner.kind = IRQMOD_KIND_STATIC;
	config->inner.config.static_config.rx_interval_ns = inner_interval_ns;
	config->inner.config.static_config.tx_interval_ns = inner_interval_ns;
	/* Idle poll: 2 us spacing, 50 us idle time (count bound 25). */
	if (kind == IRQMOD_HYBRID_IDLE_POLL)
		config->config.idle_poll = (struct irqmod_idle_poll_config){ 2000, 50000, 0 };
	/* Defer: N = 10, T = 20 us, the example in Eric Dumazet's commit
	 * message "net: napi: add hard irqs deferral feature" (Apr 2020). */
	if (kind == IRQMOD_HYBRID_DEFER_IRQ)
		config->config.defer_irq = (struct irqmod_defer_irq_config){ 10, 20000, 0, 0 };
	if (kind == IRQMOD_HYBRID_RECHECK)
		config->config.recheck = (struct irqmod_recheck_config){ 4 };
}

/*
 * Medium rate, one packet every 20 us (50 kpps), 1000 packets.
 * Plain interrupts, no throttle (by hand): every packet raises its own
 * interrupt and waits exactly MODEL_IRQ_LATENCY_NS: 1000 interrupts, 1000
 * polls, latency 5 us for every packet.
 * Idle poll around the same inner controller (by hand): the first packet
 * takes the interrupt (5 us); afterwards polls come every 3 us (1 us poll
 * + 2 us spacing) and the next packet is 20 us < 50 us idle time away, so
 * the queue never re-arms while packets flow: 1 interrupt; every later
 * packet waits less than one poll period, < 3 us. The price: about 20 / 3
 * polls per packet instead of 1.
 */
static void test_hybrid_model_idle_poll_trades_cpu_for_interrupts_and_latency(void **unused)
{
	struct irqmod_hybrid_config config;
	struct model_result plain, idle;

	(void)unused;
	model_config(&config, IRQMOD_HYBRID_NONE, 0);
	run_model(&config, 20000, 1000, &plain);
	print_model("50kpps none static0", 1000, &plain);
	assert_int_equal(plain.interrupts, 1000);
	assert_int_equal(plain.polls, 1000);
	assert_int_equal(plain.latency_min_ns, MODEL_IRQ_LATENCY_NS);
	assert_int_equal(plain.latency_max_ns, MODEL_IRQ_LATENCY_NS);

	model_config(&config, IRQMOD_HYBRID_IDLE_POLL, 0);
	run_model(&config, 20000, 1000, &idle);
	print_model("50kpps idle-poll static0", 1000, &idle);
	assert_int_equal(idle.interrupts, 1);
	assert_int_equal(idle.latency_max_ns, MODEL_IRQ_LATENCY_NS); /* first packet */
	/* 999 packets below 3 us plus the first at 5 us. */
	assert_true(idle.latency_sum_ns < 999u * 3000u + 5000u);
	assert_true(idle.latency_sum_ns < plain.latency_sum_ns);
	/* The price: between 6 and 7 polls per packet, more CPU. */
	assert_true(idle.polls > 6u * 1000u && idle.polls < 7u * 1000u + 30u);
	assert_true(idle.cpu_ns > 2u * plain.cpu_ns);
}

/*
 * Same rate, inner controller throttling at 50 us (a static interval
 * like ixgbe's 20K start setting). Interrupts are spaced >= 50 us, so a
 * packet waits from 0 to ~50 us for its interrupt plus 5 us: high and
 * unsteady. Idle poll around the same controller keeps latency below
 * 5 us with one interrupt: lower and steadier.
 */
static void test_hybrid_model_idle_poll_is_steadier_than_a_throttled_interrupt(void **unused)
{
	struct irqmod_hybrid_config config;
	struct model_result throttled, idle;

	(void)unused;
	model_config(&config, IRQMOD_HYBRID_NONE, 50000);
	run_model(&config, 20000, 1000, &throttled);
	print_model("50kpps none static50us", 1000, &throttled);
	model_config(&config, IRQMOD_HYBRID_IDLE_POLL, 50000);
	run_model(&config, 20000, 1000, &idle);
	print_model("50kpps idle-poll static50us", 1000, &idle);
	/* 1000 packets 20 us apart take 20 ms; one interrupt per >= 50 us
	 * at most 400 + 1 of them, at least one per 3 packets (60 us). */
	assert_true(throttled.interrupts <= 401 && throttled.interrupts >= 333);
	assert_int_equal(idle.interrupts, 1);
	assert_true(throttled.latency_max_ns - throttled.latency_min_ns >= 30000);
	assert_true(idle.latency_max_ns - idle.latency_min_ns <= 5000);
	assert_true(idle.latency_sum_ns < throttled.latency_sum_ns);
	assert_true(idle.cpu_ns > throttled.cpu_ns);
}

/*
 * Low rate, one packet per 1 ms, 100 packets: every gap exceeds the idle
 * time, so idle poll takes one interrupt per packet like plain interrupts
 * and pays for it (by hand): after each work poll, empty polls at
 * +3, +6, ... us; the k-th has idled 3k us, and 3k >= 50 first for
 * k = 17 (51 us), before the count bound of 25. So 1 + 17 = 18 polls per
 * packet, 1800 polls, against 100.
 */
static void test_hybrid_model_idle_poll_at_low_rate_costs_idle_polls(void **unused)
{
	struct irqmod_hybrid_config config;
	struct model_result plain, idle;

	(void)unused;
	model_config(&config, IRQMOD_HYBRID_NONE, 0);
	run_model(&config, 1000000, 100, &plain);
	print_model("1kpps none static0", 100, &plain);
	model_config(&config, IRQMOD_HYBRID_IDLE_POLL, 0);
	run_model(&config, 1000000, 100, &idle);
	print_model("1kpps idle-poll static0", 100, &idle);
	assert_int_equal(plain.interrupts, 100);
	assert_int_equal(idle.interrupts, 100);
	assert_int_equal(plain.polls, 100);
	assert_int_equal(idle.polls, 1800);
	assert_int_equal(idle.cpu_ns - plain.cpu_ns, 1700u * MODEL_POLL_COST_NS);
}

/*
 * Deferred hard IRQs at 50 kpps (N = 10, T = 20 us): a deferred poll comes
 * every 21 us (1 us poll + 20 us) and the packets every 20 us, so every
 * deferred poll or the one after finds work and reloads N: one interrupt
 * for the run. Latency is bounded by one deferred-poll period (21 us).
 */
static void test_hybrid_model_defer_irq_removes_interrupts(void **unused)
{
	struct irqmod_hybrid_config config;
	struct model_result plain, defer;

	(void)unused;
	model_config(&config, IRQMOD_HYBRID_NONE, 0);
	run_model(&config, 20000, 1000, &plain);
	model_config(&config, IRQMOD_HYBRID_DEFER_IRQ, 0);
	run_model(&config, 20000, 1000, &defer);
	print_model("50kpps defer-irq static0", 1000, &defer);
	assert_int_equal(defer.interrupts, 1);
	assert_true(defer.latency_max_ns <= 21000);
	assert_true(defer.interrupts < plain.interrupts);
}

/*
 * Re-check at a burst rate, one packet per 2 us: by hand, plain interrupts
 * fire at t, poll at t + 5 us (3 packets), re-arm at t + 6 us when the
 * next packet is already there: one interrupt per 6 us, 3 packets each.
 * Re-check polls again at t + 6 us and takes the packet that would have
 * raised the next interrupt: fewer interrupts for the same packets.
 */
static void test_hybrid_model_recheck_takes_work_that_arrived_meanwhile(void **unused)
{
	struct irqmod_hybrid_config config;
	struct model_result plain, recheck;

	(void)unused;
	model_config(&config, IRQMOD_HYBRID_NONE, 0);
	run_model(&config, 2000, 3000, &plain);
	print_model("500kpps none static0", 3000, &plain);
	model_config(&config, IRQMOD_HYBRID_RECHECK, 0);
	run_model(&config, 2000, 3000, &recheck);
	print_model("500kpps recheck static0", 3000, &recheck);
	assert_int_equal(plain.interrupts, 1000);
	assert_true(recheck.interrupts < plain.interrupts);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hybrid_cycle_sample_sums_polls_with_one_event),
		cmocka_unit_test(test_hybrid_cycle_sample_leaves_out_polls_that_would_overflow),
		cmocka_unit_test(test_hybrid_rearming_every_call_is_transparent_for_every_inner_kind),
		cmocka_unit_test(test_hybrid_around_a_kinds_own_state_equals_the_generic_hybrid),
		cmocka_unit_test(test_hybrid_inner_of_a_module_equals_inner_of_its_kind),
		cmocka_unit_test(test_hybrid_calls_a_drivers_own_inner_update_once_per_cycle),
		cmocka_unit_test(test_hybrid_inner_sees_one_summed_sample_per_cycle),
		cmocka_unit_test(test_hybrid_rearm_carries_the_inner_interval_for_every_hybrid),
		cmocka_unit_test(test_hybrid_endless_empty_polls_always_end_in_rearm),
		cmocka_unit_test(test_hybrid_counters_count_answers_empty_polls_and_idle_time),
		cmocka_unit_test(test_hybrid_init_errors_leave_the_instance_untouched),
		cmocka_unit_test(test_hybrid_reset_restores_a_fresh_cycle),
		cmocka_unit_test(test_hybrid_none_passes_the_controllers_answer_through),
		cmocka_unit_test(test_hybrid_rejects_an_inner_latency_target_that_polls),
		cmocka_unit_test(test_hybrid_kind_names_are_stable),
		cmocka_unit_test(test_hybrid_model_idle_poll_trades_cpu_for_interrupts_and_latency),
		cmocka_unit_test(test_hybrid_model_idle_poll_is_steadier_than_a_throttled_interrupt),
		cmocka_unit_test(test_hybrid_model_idle_poll_at_low_rate_costs_idle_polls),
		cmocka_unit_test(test_hybrid_model_defer_irq_removes_interrupts),
		cmocka_unit_test(test_hybrid_model_recheck_takes_work_that_arrived_meanwhile),
	};

	return cmocka_run_group_tests_name("hybrid", tests, NULL, NULL);
}
