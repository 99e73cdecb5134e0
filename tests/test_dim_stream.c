/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * irqmod_dim_update() and irqmod_dim_rdma_update() against a plain
 * reference model on long pseudo-random streams.
 *
 * The update functions are an inline fast path (count, answer the cached
 * profile) plus an out-of-line window decision. The model below is the
 * straightforward form they replaced, step by step as Linux lib/dim does
 * it: cumulative u16/u32 counters, rates computed from counter differences
 * at each window close, the profile read from the table on every answer.
 * Every call must give the same whole decision, the same level and walk,
 * the same reference rates and the same measure state, over streams that
 * reach every corner the fast path could get wrong: events 0 (counts as 1)
 * and event counts that wrap the u16 counter in one call, packet and byte
 * counts that wrap u32, time that stalls, steps back or jumps by more than
 * 2^32 us, both directions, tables with equal neighbouring rows (a level
 * change that is not a value change), every built-in table, 1..16 levels,
 * and resets in the middle.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "irqmod/dim.h"
#include "../tools/random_stream.h"

/* Calls per stream and streams per test. */
#define STREAM_CALLS 20000u
#define STREAM_COUNT 48u

/* ---- the reference model ---- */

struct ref_walk {
	uint8_t level, tune_state, steps_right, steps_left, tired;
};

struct ref_dim {
	const struct irqmod_dim_profile *profiles;
	uint32_t levels, start_level, direction;
	int rdma;
	uint64_t start_ns;
	uint32_t packets, bytes, start_packets, start_bytes;
	uint32_t completions, start_completions;
	uint32_t prev_packets_per_ms, prev_bytes_per_ms, prev_events_per_ms;
	uint32_t prev_completions_per_ms, prev_completions_per_event;
	uint16_t events, start_events;
	int measuring;
	struct ref_walk walk;
};

enum { REF_WORSE, REF_SAME, REF_BETTER };
enum { REF_PARKED, REF_TIRED, REF_RIGHT, REF_LEFT };

static void ref_reset(struct ref_dim *ref)
{
	ref->start_ns = 0;
	ref->packets = ref->bytes = ref->start_packets = ref->start_bytes = 0;
	ref->completions = ref->start_completions = 0;
	ref->prev_packets_per_ms = ref->prev_bytes_per_ms = ref->prev_events_per_ms = 0;
	ref->prev_completions_per_ms = ref->prev_completions_per_event = 0;
	ref->events = ref->start_events = 0;
	ref->measuring = 0;
	memset(&ref->walk, 0, sizeof(ref->walk));
	ref->walk.level = (uint8_t)ref->start_level;
	ref->walk.tune_state = ref->rdma ? REF_RIGHT : REF_PARKED;
}

/* ktime_us_delta() into a u32: signed difference / 1000, truncated. */
static uint32_t ref_usecs(uint64_t start_ns, uint64_t end_ns)
{
	int64_t difference = (int64_t)(end_ns - start_ns);

	return (uint32_t)(difference / 1000);
}

static uint32_t ref_rate(uint32_t count, uint32_t usecs)
{
	uint64_t rate = ((uint64_t)count * 1000u + usecs - 1u) / usecs;

	return rate > 0x7FFFFFFFu ? 0x7FFFFFFFu : (uint32_t)rate;
}

static int ref_significant(uint32_t value, uint32_t reference)
{
	uint64_t difference = value > reference ? value - reference : reference - value;

	return reference != 0 && difference * 100u / reference > 10u;
}

static int ref_on_top(const struct ref_walk *walk)
{
	if (walk->tune_state == REF_RIGHT)
		return walk->steps_left > 1 && walk->steps_right == 1;
	if (walk->tune_state == REF_LEFT)
		return walk->steps_right > 1 && walk->steps_left == 1;
	return 1;
}

static void ref_turn(struct ref_walk *walk)
{
	if (walk->tune_state == REF_RIGHT) {
		walk->tune_state = REF_LEFT;
		walk->steps_left = 0;
	} else if (walk->tune_state == REF_LEFT) {
		walk->tune_state = REF_RIGHT;
		walk->steps_right = 0;
	}
}

/* 0 stepped, 1 too tired, 2 on edge. */
static int ref_step(struct ref_dim *ref, int tired_limit)
{
	struct ref_walk *walk = &ref->walk;

	if (tired_limit && walk->tired == 2u * ref->levels)
		return 1;
	if (walk->tune_state == REF_RIGHT) {
		if (walk->level == ref->levels - 1u)
			return 2;
		walk->level++;
		walk->steps_right++;
	} else if (walk->tune_state == REF_LEFT) {
		if (walk->level == 0)
			return 2;
		walk->level--;
		walk->steps_left++;
	}
	if (tired_limit)
		walk->tired++;
	return 0;
}

static int ref_compare_net(const struct ref_dim *ref, uint32_t ppms, uint32_t bpms, uint32_t epms)
{
	if (ref->prev_bytes_per_ms == 0)
		return bpms ? REF_BETTER : REF_SAME;
	if (ref_significant(bpms, ref->prev_bytes_per_ms))
		return bpms > ref->prev_bytes_per_ms ? REF_BETTER : REF_WORSE;
	if (ref->prev_packets_per_ms == 0)
		return ppms ? REF_BETTER : REF_SAME;
	if (ref_significant(ppms, ref->prev_packets_per_ms))
		return ppms > ref->prev_packets_per_ms ? REF_BETTER : REF_WORSE;
	if (ref->prev_events_per_ms == 0)
		return REF_SAME;
	if (ref_significant(epms, ref->prev_events_per_ms))
		return epms < ref->prev_events_per_ms ? REF_BETTER : REF_WORSE;
	return REF_SAME;
}

static void ref_exit_parking(struct ref_dim *ref)
{
	ref->walk.tune_state = ref->walk.level ? REF_LEFT : REF_RIGHT;
	(void)ref_step(ref, 1);
}

static void ref_park(struct ref_walk *walk, int tired)
{
	walk->tune_state = tired ? REF_TIRED : REF_PARKED;
	walk->steps_left = walk->steps_right = 0;
	if (!tired)
		walk->tired = 0;
}

static int ref_decide_net(struct ref_dim *ref, uint32_t ppms, uint32_t bpms, uint32_t epms)
{
	struct ref_walk *walk = &ref->walk;
	uint8_t tune_state = walk->tune_state, level = walk->level;

	if (walk->tune_state == REF_PARKED) {
		if (ref_compare_net(ref, ppms, bpms, epms) != REF_SAME)
			ref_exit_parking(ref);
	} else if (walk->tune_state == REF_TIRED) {
		if (--walk->tired == 0)
			ref_exit_parking(ref);
	} else {
		int stepped;

		if (ref_compare_net(ref, ppms, bpms, epms) != REF_BETTER)
			ref_turn(walk);
		if (ref_on_top(walk)) {
			ref_park(walk, 0);
		} else {
			stepped = ref_step(ref, 1);
			if (stepped == 2)
				ref_park(walk, 0);
			else if (stepped == 1)
				ref_park(walk, 1);
		}
	}
	if (tune_state != REF_PARKED || walk->tune_state != REF_PARKED) {
		ref->prev_packets_per_ms = ppms;
		ref->prev_bytes_per_ms = bpms;
		ref->prev_events_per_ms = epms;
	}
	return walk->level != level;
}

static int ref_decide_rdma(struct ref_dim *ref, uint32_t cpms, uint32_t cpe)
{
	struct ref_walk *walk = &ref->walk;
	uint8_t level = walk->level;
	int compare = REF_SAME;

	if (ref->prev_completions_per_ms != 0) {
		if (ref_significant(cpms, ref->prev_completions_per_ms))
			compare = cpms > ref->prev_completions_per_ms ? REF_BETTER : REF_WORSE;
		else if (ref_significant(cpe, ref->prev_completions_per_event))
			compare = cpe > ref->prev_completions_per_event ? REF_BETTER : REF_WORSE;
	}
	if (compare == REF_SAME) {
		if (cpe <= 50u * level)
			walk->level = 0;
	} else {
		if (compare == REF_WORSE)
			ref_turn(walk);
		if (ref_step(ref, 0) == 2)
			ref_turn(walk);
	}
	ref->prev_completions_per_ms = cpms;
	ref->prev_completions_per_event = cpe;
	return walk->level != level;
}

static void ref_update(struct ref_dim *ref, const struct irqmod_sample *sample,
		       struct irqmod_decision *decision)
{
	const struct irqmod_dim_profile *old = &ref->profiles[ref->walk.level];
	const struct irqmod_dim_profile *profile;
	uint32_t usecs;

	ref->events = (uint16_t)(ref->events + (sample->events ? sample->events : 1u));
	if (ref->rdma) {
		ref->completions += sample->completions;
	} else if (ref->direction == IRQMOD_DIM_DIRECTION_TX) {
		ref->packets += sample->tx_packets;
		ref->bytes += (uint32_t)sample->tx_bytes;
	} else {
		ref->packets += sample->rx_packets;
		ref->bytes += (uint32_t)sample->rx_bytes;
	}
	if (ref->measuring) {
		int closes = ref->rdma ?
			(int32_t)((int)ref->events - (int)ref->start_events) < 0 ||
				ref->events - ref->start_events >= 64 :
			(uint16_t)(ref->events - ref->start_events) >= 64;

		if (!closes)
			goto answer;
		usecs = ref_usecs(ref->start_ns, sample->now_ns);
		if (usecs == 0)
			goto answer;
		if (ref->rdma) {
			uint32_t cpms = ref_rate(ref->completions - ref->start_completions, usecs);
			uint64_t cpe = (uint64_t)cpms * 100u / ref_rate(64, usecs);

			if (ref_decide_rdma(ref, cpms, cpe > 0x7FFFFFFFu ? 0x7FFFFFFFu : (uint32_t)cpe)) {
				ref->measuring = 0;
				goto answer;
			}
		} else if (ref_decide_net(ref, ref_rate(ref->packets - ref->start_packets, usecs),
					  ref_rate(ref->bytes - ref->start_bytes, usecs),
					  ref_rate(64, usecs))) {
			ref->measuring = 0;
			goto answer;
		}
	}
	ref->start_ns = sample->now_ns;
	ref->start_packets = ref->packets;
	ref->start_bytes = ref->bytes;
	ref->start_completions = ref->completions;
	ref->start_events = ref->events;
	ref->measuring = 1;
answer:
	profile = &ref->profiles[ref->walk.level];
	memset(decision, 0, sizeof(*decision));
	decision->rx_interval_ns = profile->interval_usecs * 1000u;
	decision->tx_interval_ns = decision->rx_interval_ns;
	decision->rate_limit_ns = profile->rate_limit_usecs * 1000u;
	decision->frames = profile->frames;
	decision->action = IRQMOD_ACTION_REARM;
	decision->changed = profile->interval_usecs != old->interval_usecs ||
			    profile->rate_limit_usecs != old->rate_limit_usecs ||
			    profile->frames != old->frames;
}

/* ---- the streams ---- */

/*
 * One call's sample; *now_ns moves on (or stalls, or steps back). With
 * @bytes_only, a phase of steady bytes and no packets.
 */
static void stream_sample(uint64_t *seed, uint64_t *now_ns, struct irqmod_sample *sample,
			  int bytes_only)
{
	uint32_t roll = random_between(seed, 0, 999);
	uint32_t packets = random_between(seed, 0, 64);

	memset(sample, 0, sizeof(*sample));
	if (roll < 10)
		; /* stall: same time */
	else if (roll < 13)
		*now_ns -= random_between(seed, 1, 5000000);
	else if (roll < 14)
		*now_ns += ((uint64_t)1 << 32) * 1000u + random_between(seed, 0, 5000000);
	else if (roll < 200)
		*now_ns += random_between(seed, 100, 2000000);
	else
		*now_ns += random_between(seed, 500, 100000);
	sample->now_ns = *now_ns;
	sample->rx_packets = packets;
	sample->rx_bytes = (uint64_t)packets * random_between(seed, 60, 9014);
	sample->tx_packets = random_between(seed, 0, packets);
	sample->tx_bytes = (uint64_t)sample->tx_packets * random_between(seed, 60, 1514);
	sample->completions = packets + sample->tx_packets;
	roll = random_between(seed, 0, 999);
	if (roll < 50)
		sample->events = 0;
	else if (roll < 100)
		sample->events = random_between(seed, 2, 70);
	else if (roll < 103)
		sample->events = random_between(seed, 65400, 70000);
	else if (roll < 104)
		sample->events = 0xFFFFFFFFu;
	else
		sample->events = 1;
	roll = random_between(seed, 0, 999);
	if (roll < 3) { /* counters near their maxima: wrap u32 in a window */
		sample->rx_packets = 0xFFFFFFFFu - random_between(seed, 0, 100);
		sample->tx_packets = sample->rx_packets;
		sample->rx_bytes = ((uint64_t)1 << 40) + random_next(seed) % 0xFFFFFFFFu;
		sample->tx_bytes = 0xFFFFFFFFu - random_between(seed, 0, 100);
		sample->completions = 0xFFFFFFFFu - random_between(seed, 0, 100);
	}
	if (roll >= 3 && roll < 20) { /* idle */
		sample->rx_packets = sample->tx_packets = sample->completions = 0;
		sample->rx_bytes = sample->tx_bytes = 0;
	}
	if ((roll >= 20 && roll < 60) || bytes_only) {
		/* bytes without packets (whole windows of it: a zero ppms reference) */
		sample->rx_packets = sample->tx_packets = 0;
		sample->rx_bytes = sample->tx_bytes = random_between(seed, 1000, 1050);
	}
}

/* Rows with equal neighbours and distinct ones, any field changing. */
static const struct irqmod_dim_profile user_table[16] = {
	{ .interval_usecs = 1, .frames = 1 },
	{ .interval_usecs = 1, .frames = 1 },
	{ .interval_usecs = 2, .frames = 1 },
	{ .interval_usecs = 2, .frames = 1, .rate_limit_usecs = 4 },
	{ .interval_usecs = 2, .frames = 8, .rate_limit_usecs = 4 },
	{ .interval_usecs = 2, .frames = 8, .rate_limit_usecs = 4 },
	{ .interval_usecs = 16, .frames = 8 },
	{ .interval_usecs = 16, .frames = 16 },
	{ .interval_usecs = 64, .frames = 16, .rate_limit_usecs = 65535 },
	{ .interval_usecs = 64, .frames = 16, .rate_limit_usecs = 65535 },
	{ .interval_usecs = 65535, .frames = 65535 },
	{ .interval_usecs = 128, .frames = 0 },
	{ .interval_usecs = 0, .frames = 0 },
	{ .interval_usecs = 0, .frames = 0 },
	{ .interval_usecs = 256, .frames = 32, .rate_limit_usecs = 10 },
	{ .interval_usecs = 1, .frames = 1 },
};

/* Pick stream @index's table: the built-in ones, then slices of user_table. */
static void stream_table(uint64_t *seed, uint32_t index, const struct irqmod_dim_profile **profiles,
			 uint32_t *levels)
{
	if (index < IRQMOD_DIM_TABLE_COUNT) {
		*profiles = irqmod_dim_table(index, levels);
		return;
	}
	*levels = random_between(seed, 1, 16);
	*profiles = &user_table[random_between(seed, 0, 16 - *levels)];
}

static void assert_same_decision(const struct irqmod_decision *got,
				 const struct irqmod_decision *want, uint32_t stream, uint32_t call)
{
	if (got->rx_interval_ns != want->rx_interval_ns ||
	    got->tx_interval_ns != want->tx_interval_ns ||
	    got->poll_delay_ns != want->poll_delay_ns ||
	    got->rate_limit_ns != want->rate_limit_ns || got->frames != want->frames ||
	    got->action != want->action || got->changed != want->changed) {
		print_error("stream %u call %u: got %u/%u/%u/%u/%u/%u/%d, model %u/%u/%u/%u/%u/%u/%d\n",
			    stream, call, got->rx_interval_ns, got->tx_interval_ns,
			    got->poll_delay_ns, got->rate_limit_ns, got->frames, got->action,
			    got->changed, want->rx_interval_ns, want->tx_interval_ns,
			    want->poll_delay_ns, want->rate_limit_ns, want->frames, want->action,
			    want->changed);
		fail();
	}
}

static void assert_same_walk(const struct irqmod_dim_walk *got, const struct ref_walk *want)
{
	assert_int_equal(got->level, want->level);
	assert_int_equal(got->tune_state, want->tune_state);
	assert_int_equal(got->steps_right, want->steps_right);
	assert_int_equal(got->steps_left, want->steps_left);
	assert_int_equal(got->tired, want->tired);
}

static void test_dim_stream_matches_reference_model(void **unused)
{
	uint64_t seed = 0x0d1e5eedu;
	uint32_t stream, call, changes = 0, windows = 0, edges = 0;

	(void)unused;
	for (stream = 0; stream < STREAM_COUNT; stream++) {
		struct irqmod_dim_config config;
		struct irqmod_dim state;
		struct ref_dim ref;
		uint64_t now_ns = random_next(&seed);

		memset(&ref, 0, sizeof(ref));
		stream_table(&seed, stream, &config.profiles, &config.levels);
		config.start_level = random_between(&seed, 0, config.levels - 1u);
		config.direction = stream & 1u;
		assert_int_equal(irqmod_dim_init(&state, &config), 0);
		ref.profiles = config.profiles;
		ref.levels = config.levels;
		ref.start_level = config.start_level;
		ref.direction = config.direction;
		ref_reset(&ref);
		for (call = 0; call < STREAM_CALLS; call++) {
			struct irqmod_sample sample;
			struct irqmod_decision got, want;
			uint32_t prev_bytes = ref.prev_bytes_per_ms;

			stream_sample(&seed, &now_ns, &sample, call % 4000u >= 3000u);
			if (random_between(&seed, 0, 4999) == 0) {
				irqmod_dim_reset(&state);
				ref_reset(&ref);
			}
			memset(&got, 0xA5, sizeof(got));
			irqmod_dim_update(&state, &sample, &got);
			ref_update(&ref, &sample, &want);
			assert_same_decision(&got, &want, stream, call);
			assert_same_walk(&state.walk, &ref.walk);
			assert_int_equal(state.measure_state, ref.measuring ?
					 IRQMOD_DIM_MEASURING : IRQMOD_DIM_START_MEASURE);
			assert_int_equal(state.events, ref.events);
			assert_int_equal(state.prev_packets_per_ms, ref.prev_packets_per_ms);
			assert_int_equal(state.prev_bytes_per_ms, ref.prev_bytes_per_ms);
			assert_int_equal(state.prev_events_per_ms, ref.prev_events_per_ms);
			changes += want.changed;
			windows += prev_bytes != ref.prev_bytes_per_ms;
			edges += !want.changed && state.measure_state == IRQMOD_DIM_START_MEASURE &&
				 call > 0;
		}
	}
	/* The streams did exercise the walk, not only the counting. */
	assert_true(changes > 1000);
	assert_true(windows > 1000);
	/* a level change with equal values (user_table's equal rows) */
	assert_true(edges > 0);
}

static void test_dim_rdma_stream_matches_reference_model(void **unused)
{
	uint64_t seed = 0x4d0a5eedu;
	uint32_t stream, call, changes = 0, early = 0;

	(void)unused;
	for (stream = 0; stream < STREAM_COUNT; stream++) {
		struct irqmod_dim_rdma_config config;
		struct irqmod_dim_rdma state;
		struct ref_dim ref;
		uint64_t now_ns = random_next(&seed);

		memset(&ref, 0, sizeof(ref));
		stream_table(&seed, stream % 2u ? IRQMOD_DIM_TABLE_RDMA : IRQMOD_DIM_TABLE_COUNT,
			     &config.profiles, &config.levels);
		config.start_level = random_between(&seed, 0, config.levels - 1u);
		assert_int_equal(irqmod_dim_rdma_init(&state, &config), 0);
		ref.rdma = 1;
		ref.profiles = config.profiles;
		ref.levels = config.levels;
		ref.start_level = config.start_level;
		ref_reset(&ref);
		for (call = 0; call < STREAM_CALLS; call++) {
			struct irqmod_sample sample;
			struct irqmod_decision got, want;
			uint16_t start_events;
			int measuring;

			stream_sample(&seed, &now_ns, &sample, call % 4000u >= 3000u);
			if (random_between(&seed, 0, 4999) == 0) {
				irqmod_dim_rdma_reset(&state);
				ref_reset(&ref);
			}
			start_events = ref.start_events;
			measuring = ref.measuring;
			memset(&got, 0xA5, sizeof(got));
			irqmod_dim_rdma_update(&state, &sample, &got);
			ref_update(&ref, &sample, &want);
			assert_same_decision(&got, &want, stream, call);
			assert_same_walk(&state.walk, &ref.walk);
			assert_int_equal(state.measure_state, ref.measuring ?
					 IRQMOD_DIM_MEASURING : IRQMOD_DIM_START_MEASURE);
			assert_int_equal(state.events, ref.events);
			assert_int_equal(state.prev_completions_per_ms, ref.prev_completions_per_ms);
			assert_int_equal(state.prev_completions_per_event,
					 ref.prev_completions_per_event);
			changes += want.changed;
			/* a window closed early by the u16 wrap */
			early += measuring && ref.events < start_events &&
				 (uint16_t)(ref.events - start_events) < 64;
		}
	}
	assert_true(changes > 1000);
	assert_true(early > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dim_stream_matches_reference_model),
		cmocka_unit_test(test_dim_rdma_stream_matches_reference_model),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
