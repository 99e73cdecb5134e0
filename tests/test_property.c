/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Property test (issue 11, section 6) over every controller kind and every
 * hybrid around every kind: randomized accepted configs and randomized
 * sample streams (clock stalls, steps back and jumps; zero-traffic calls;
 * counts and bytes near their maxima; random events, completions, flags).
 * For every call:
 *  - every interval lies within the bounds the config sets;
 *  - @changed is exactly "differs from the last answer" (the start answer,
 *    irqmod_<kind>_current(), after init);
 *  - current() afterwards repeats the update's answer.
 * Hybrids: a POLL answer carries no register value and @changed false; a
 * re-arm carries the inner kind's answer under the same three rules,
 * judged against the previous re-arm. Deterministic seeds (xorshift64).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "irqmod/hybrid.h"
#include "irqmod/itr_encoding.h"
#include "support.h"

#define CONFIGS_PER_KIND 150u
#define CALLS_PER_CONFIG 300u
#define HYBRID_CONFIGS_PER_PAIR 40u

/* Outside any accepted config, so a missed check of a field shows up. */
#define POISON 0xa5

static uint64_t rnd(uint64_t *seed)
{
	return test_xorshift64(seed);
}

/* A value in [lo, hi]. */
static uint64_t rnd_range(uint64_t *seed, uint64_t lo, uint64_t hi)
{
	return lo + rnd(seed) % (hi - lo + 1);
}

/* Link speeds the drivers know, and now and then any speed up to 800 Gb/s. */
static uint32_t rnd_link(uint64_t *seed)
{
	static const uint32_t speeds[] = { 10, 100, 1000, 2500, 5000, 10000, 25000,
					   40000, 50000, 100000, 200000, 400000, 800000 };

	if (rnd(seed) % 4 == 0)
		return (uint32_t)rnd_range(seed, 1, 800000);
	return speeds[rnd(seed) % TEST_ARRAY_SIZE(speeds)];
}

/* ---- Sample streams ----------------------------------------------------- */

struct stream {
	uint64_t seed;
	uint64_t now_ns;
};

static uint32_t rnd_count(uint64_t *seed)
{
	switch (rnd(seed) % 8) {
	case 0:
		return 0;
	case 1:
		return UINT32_MAX - (uint32_t)(rnd(seed) % 4);
	case 2:
		return (uint32_t)rnd(seed);
	default:
		return (uint32_t)(rnd(seed) % 200);
	}
}

static void next_sample(struct stream *s, struct irqmod_sample *sample)
{
	uint64_t *seed = &s->seed;
	uint32_t packets;

	switch (rnd(seed) % 16) {
	case 0: /* the clock stands still */
		break;
	case 1: /* it steps back */
		s->now_ns -= rnd(seed) % (s->now_ns / 2 + 1);
		break;
	case 2: /* a long gap (stale history) */
		s->now_ns += rnd(seed) % 10000000000ull;
		break;
	case 3: /* near the end of the clock */
		s->now_ns = UINT64_MAX - rnd(seed) % 1000000000ull;
		break;
	default:
		s->now_ns += rnd(seed) % 2000000u;
		break;
	}
	memset(sample, 0, sizeof(*sample));
	sample->now_ns = s->now_ns;
	if (rnd(seed) % 5 == 0)
		return; /* a call without traffic */
	packets = rnd_count(seed);
	sample->rx_packets = packets;
	sample->rx_bytes = rnd(seed) % 3 == 0 ? rnd(seed) :
			   (uint64_t)packets * rnd_range(seed, 0, 65535);
	packets = rnd_count(seed);
	sample->tx_packets = packets;
	sample->tx_bytes = rnd(seed) % 3 == 0 ? UINT64_MAX - rnd(seed) % 16 :
			   (uint64_t)packets * rnd_range(seed, 0, 65535);
	sample->events = rnd_count(seed);
	sample->completions = rnd_count(seed);
	sample->flags = (uint32_t)rnd(seed);
}

/* ---- Random accepted configs and their bounds -------------------------- */

/*
 * struct bounds - what every answer of one config must respect.
 * @min_ns/@max_ns: range of RX and TX intervals.
 * @profiles/@levels: DIM kinds: the answer is one entry of the table.
 */
struct bounds {
	uint32_t min_ns;
	uint32_t max_ns;
	const struct irqmod_dim_profile *profiles;
	uint32_t levels;
};

static void random_profiles(uint64_t *seed, struct irqmod_dim_profile *profiles,
			    uint32_t *levels, uint32_t *start_level)
{
	uint32_t i;

	if (rnd(seed) % 2) {
		const struct irqmod_dim_profile *table =
			irqmod_dim_table((uint32_t)(rnd(seed) % IRQMOD_DIM_TABLE_COUNT), levels);

		assert_non_null(table);
		memcpy(profiles, table, *levels * sizeof(*profiles));
	} else {
		*levels = (uint32_t)rnd_range(seed, 1, IRQMOD_DIM_MAX_LEVELS);
		for (i = 0; i < *levels; i++) {
			profiles[i].interval_usecs = (uint32_t)rnd(seed) % (IRQMOD_DIM_MAX_USECS + 1);
			profiles[i].rate_limit_usecs = (uint32_t)rnd(seed) % 3 ?
				0 : (uint32_t)rnd(seed) % (IRQMOD_DIM_MAX_USECS + 1);
			profiles[i].frames = (uint16_t)rnd(seed);
		}
	}
	*start_level = (uint32_t)(rnd(seed) % *levels);
}

static void random_intel(uint64_t *seed, struct irqmod_intel_itr_config *c,
			 uint32_t granule_ns, uint32_t limit_ns)
{
	uint32_t units = limit_ns / granule_ns;
	uint32_t min = (uint32_t)rnd_range(seed, 1, units);
	uint32_t max = (uint32_t)rnd_range(seed, min, units);

	c->min_interval_ns = min * granule_ns;
	c->max_interval_ns = max * granule_ns;
	c->initial_interval_ns = (uint32_t)rnd_range(seed, min, max) * granule_ns;
	c->step_ns = (uint32_t)rnd_range(seed, 1, 126000u / granule_ns) * granule_ns;
	c->tick_ns = (uint32_t)rnd_range(seed, 1, 10000000u);
	c->link_speed_mbps = rnd_link(seed);
	c->rx_ring = rnd(seed) % 3 != 0;
	c->tx_ring = !c->rx_ring || rnd(seed) % 2;
}

/* The interval a level of @encoding programs. */
static uint32_t level_interval_ns(uint32_t encoding, uint32_t level)
{
	return irqmod_itr_encoding_interval_ns(encoding,
					       irqmod_itr_encoding_register(encoding, level));
}

static void widen(struct bounds *b, uint32_t interval_ns)
{
	if (interval_ns < b->min_ns)
		b->min_ns = interval_ns;
	if (interval_ns > b->max_ns)
		b->max_ns = interval_ns;
}

/*
 * The config generators, one per kind, in tests/kinds/<module>.h: each
 * draws a config of its kind (over the kind's defaults) and the bounds its
 * answers must keep, or returns false to be drawn again (a preset the link
 * refuses).
 */
#define IRQMOD_KIND_TESTS_PROPERTY
#include "kind_tests.h"

/*
 * What the property test knows of each kind, one row per row of the kind
 * list, PROPERTY_ROW_<module> of tests/kinds/<module>.h (a static assertion
 * and test_every_kind_has_a_property_row hold it so): its config generator, and whether @changed marks a register write
 * that may repeat the interval (i40e reports the writes Linux's
 * i40e_update_enable_itr() makes, and Linux also writes when only the
 * mode flag of a container changed; mlx4 writes on its first decided
 * window even the interval in force, as Linux's mlx4_en does) instead of
 * exactly "the answer differs".
 */
struct property_kind {
	bool (*random)(uint64_t *seed, struct irqmod_controller_config *config,
		       struct irqmod_dim_profile *profiles, struct bounds *b);
	bool changed_on_write;
};

static const struct property_kind property_kinds[] = {
#define IRQMOD_KIND(E, k, ...) [IRQMOD_KIND_##E] = PROPERTY_ROW_##k,
#define IRQMOD_KIND_PRESET(E, k, p) [IRQMOD_KIND_##E] = PROPERTY_ROW_##k,
#include "irqmod/kinds.h"
#undef IRQMOD_KIND
#undef IRQMOD_KIND_PRESET
};

_Static_assert(sizeof(property_kinds) / sizeof(property_kinds[0]) == IRQMOD_KIND_COUNT,
	       "one row of property_kinds per kind");

/*
 * A random config of @kind that its check accepts, and the bounds its
 * answers must keep. Configs are drawn until one is accepted; a drawn
 * config the check rejects must also be rejected by init.
 */
static void random_config(uint64_t *seed, uint32_t kind, struct irqmod_controller_config *config,
			  struct irqmod_dim_profile *profiles, struct bounds *b)
{
	for (;;) {
		memset(config, POISON, sizeof(*config));
		assert_int_equal(irqmod_controller_default_config(config, kind, 10000), 0);
		b->profiles = NULL;
		b->levels = 0;
		if (!property_kinds[kind].random(seed, config, profiles, b))
			continue;
		if (irqmod_controller_config_check(config, NULL) == 0)
			return;
		{
			struct irqmod_controller probe;

			assert_int_not_equal(irqmod_controller_init(&probe, config), 0);
		}
	}
}

/* ---- The three properties ---------------------------------------------- */

static bool same_answer(const struct irqmod_decision *a, const struct irqmod_decision *b)
{
	return a->rx_interval_ns == b->rx_interval_ns &&
	       a->tx_interval_ns == b->tx_interval_ns &&
	       a->rate_limit_ns == b->rate_limit_ns && a->frames == b->frames;
}

static void check_bounds(const struct bounds *b, const struct irqmod_decision *d,
			 const char *what, uint32_t call)
{
	uint32_t i;

	if (b->profiles) {
		for (i = 0; i < b->levels; i++) {
			const struct irqmod_dim_profile *p = &b->profiles[i];

			if (d->rx_interval_ns == p->interval_usecs * 1000u &&
			    d->tx_interval_ns == d->rx_interval_ns &&
			    d->rate_limit_ns == p->rate_limit_usecs * 1000u &&
			    d->frames == p->frames)
				return;
		}
		fail_msg("%s call %u: %u ns is no profile of the table", what, (unsigned)call,
			 (unsigned)d->rx_interval_ns);
	}
	if (d->rx_interval_ns < b->min_ns || d->rx_interval_ns > b->max_ns ||
	    d->tx_interval_ns < b->min_ns || d->tx_interval_ns > b->max_ns)
		fail_msg("%s call %u: rx %u / tx %u ns outside [%u, %u]", what, (unsigned)call,
			 (unsigned)d->rx_interval_ns, (unsigned)d->tx_interval_ns,
			 (unsigned)b->min_ns, (unsigned)b->max_ns);
}

/* One re-arm answer against the previous one; then it becomes the previous. */
static void check_rearm(const struct bounds *b, struct irqmod_decision *last,
			const struct irqmod_decision *d, const struct irqmod_controller *inner,
			const char *what, uint32_t call)
{
	struct irqmod_decision now;

	assert_int_equal(d->action, IRQMOD_ACTION_REARM);
	check_bounds(b, d, what, call);
	/*
	 * Where @changed marks a register write (i40e, mlx4), a difference always
	 * sets it, and it may come without one. Exact for every other kind.
	 */
	if (d->changed != !same_answer(d, last) &&
	    !(property_kinds[inner->kind].changed_on_write && d->changed))
		fail_msg("%s call %u: changed %d but %u/%u -> %u/%u", what, (unsigned)call,
			 d->changed, (unsigned)last->rx_interval_ns, (unsigned)last->tx_interval_ns,
			 (unsigned)d->rx_interval_ns, (unsigned)d->tx_interval_ns);
	memset(&now, POISON, sizeof(now));
	irqmod_controller_current(inner, &now);
	if (!same_answer(&now, d) || now.changed || now.action != IRQMOD_ACTION_REARM)
		fail_msg("%s call %u: current() %u/%u differs from the update's %u/%u", what,
			 (unsigned)call, (unsigned)now.rx_interval_ns, (unsigned)now.tx_interval_ns,
			 (unsigned)d->rx_interval_ns, (unsigned)d->tx_interval_ns);
	*last = *d;
}

static void start_answer(const struct irqmod_controller *c, const struct bounds *b,
			 struct irqmod_decision *last, const char *what)
{
	memset(last, POISON, sizeof(*last));
	irqmod_controller_current(c, last);
	assert_false(last->changed);
	check_bounds(b, last, what, 0);
}

/* Every kind of the kind table has its row here (a new kind needs a generator). */
static void test_every_kind_has_a_property_row(void **unused)
{
	uint32_t kind;

	(void)unused;
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++)
		if (!property_kinds[kind].random)
			fail_msg("kind %s has no config generator", irqmod_kind_name(kind));
}

static void test_every_kind_keeps_bounds_changed_and_current(void **unused)
{
	uint32_t kind;

	(void)unused;
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++) {
		uint64_t seed = 0x9e3779b97f4a7c15ull ^ kind;
		const char *what = irqmod_kind_name(kind);
		uint32_t n, call;

		for (n = 0; n < CONFIGS_PER_KIND; n++) {
			struct irqmod_dim_profile profiles[IRQMOD_DIM_MAX_LEVELS];
			struct irqmod_controller_config config;
			struct irqmod_controller controller;
			struct irqmod_decision last, d;
			struct stream stream = { .seed = rnd(&seed) | 1, .now_ns = rnd(&seed) };
			struct bounds b;

			random_config(&seed, kind, &config, profiles, &b);
			memset(&controller, POISON, sizeof(controller));
			assert_int_equal(irqmod_controller_init(&controller, &config), 0);
			start_answer(&controller, &b, &last, what);
			for (call = 1; call <= CALLS_PER_CONFIG; call++) {
				struct irqmod_sample sample;

				next_sample(&stream, &sample);
				memset(&d, POISON, sizeof(d));
				irqmod_controller_update(&controller, &sample, &d);
				check_rearm(&b, &last, &d, &controller, what, call);
				if (rnd(&seed) % 97 == 0) {
					/* A reset goes back to the start answer. */
					irqmod_controller_reset(&controller);
					start_answer(&controller, &b, &last, what);
				}
			}
		}
	}
}

/* ---- Hybrids around every kind ------------------------------------------ */

static void random_hybrid(uint64_t *seed, struct irqmod_hybrid_config *config, uint32_t kind)
{
	config->kind = kind;
	do {
		switch (kind) {
		case IRQMOD_HYBRID_IDLE_POLL:
			config->config.idle_poll.poll_spacing_ns =
				rnd(seed) % 4 ? (uint32_t)rnd_range(seed, 0, 100000) : 0;
			config->config.idle_poll.idle_time_ns =
				rnd(seed) % 4 ? (uint32_t)rnd_range(seed, 0, 500000) : 0;
			config->config.idle_poll.idle_polls = (uint32_t)rnd_range(seed, 0, 40);
			break;
		case IRQMOD_HYBRID_DEFER_IRQ:
			config->config.defer_irq.defer_hard_irqs = (uint32_t)rnd_range(seed, 0, 20);
			config->config.defer_irq.gro_flush_timeout_ns =
				(uint32_t)rnd_range(seed, 0, 100000);
			config->config.defer_irq.irq_suspend_timeout_ns =
				rnd(seed) % 2 ? 0 : (uint32_t)rnd_range(seed, 1, 1000000);
			config->config.defer_irq.suspend_polls = (uint32_t)rnd_range(seed, 0, 20);
			break;
		default:
			config->config.recheck.max_rounds = (uint32_t)rnd_range(seed, 0, 20);
			break;
		}
	} while (irqmod_hybrid_config_check(config, NULL) != 0);
}

/* The poll delay a POLL answer of @config may carry. */
static bool poll_delay_allowed(const struct irqmod_hybrid_config *config, uint32_t delay_ns)
{
	switch (config->kind) {
	case IRQMOD_HYBRID_IDLE_POLL:
		return delay_ns == config->config.idle_poll.poll_spacing_ns;
	case IRQMOD_HYBRID_DEFER_IRQ:
		return delay_ns == config->config.defer_irq.gro_flush_timeout_ns ||
		       delay_ns == config->config.defer_irq.irq_suspend_timeout_ns;
	default:
		return delay_ns == 0;
	}
}

static void test_every_hybrid_around_every_kind(void **unused)
{
	uint32_t hybrid_kind, kind;

	(void)unused;
	for (hybrid_kind = IRQMOD_HYBRID_NONE + 1; hybrid_kind < IRQMOD_HYBRID_COUNT;
	     hybrid_kind++) {
		for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++) {
			uint64_t seed = 0xd1b54a32d192ed03ull ^ (hybrid_kind << 8) ^ kind;
			uint32_t n, call, polls_in_a_row = 0;

			for (n = 0; n < HYBRID_CONFIGS_PER_PAIR; n++) {
				struct irqmod_dim_profile profiles[IRQMOD_DIM_MAX_LEVELS];
				struct irqmod_hybrid_config config;
				struct irqmod_hybrid hybrid;
				struct irqmod_decision last, d;
				struct stream stream = { .seed = rnd(&seed) | 1,
							 .now_ns = rnd(&seed) };
				struct bounds b;
				char what[64];

				snprintf(what, sizeof(what), "%s+%s",
					 irqmod_hybrid_kind_name(hybrid_kind),
					 irqmod_kind_name(kind));
				memset(&config, POISON, sizeof(config));
				random_config(&seed, kind, &config.inner, profiles, &b);
				random_hybrid(&seed, &config, hybrid_kind);
				memset(&hybrid, POISON, sizeof(hybrid));
				assert_int_equal(irqmod_hybrid_init(&hybrid, &config), 0);
				start_answer(&hybrid.inner, &b, &last, what);
				for (call = 1; call <= CALLS_PER_CONFIG; call++) {
					struct irqmod_sample sample;

					next_sample(&stream, &sample);
					memset(&d, POISON, sizeof(d));
					irqmod_hybrid_update(&hybrid, &sample, &d);
					if (d.action == IRQMOD_ACTION_POLL) {
						assert_false(d.changed);
						assert_int_equal(d.rx_interval_ns, 0);
						assert_int_equal(d.tx_interval_ns, 0);
						assert_true(poll_delay_allowed(&config,
									       d.poll_delay_ns));
						/* Every budget here ends within 2 * 20 + 1 calls
						 * of empty polls; with work, within 65535. */
						assert_true(++polls_in_a_row < 70000);
						continue;
					}
					polls_in_a_row = 0;
					assert_int_equal(d.poll_delay_ns, 0);
					check_rearm(&b, &last, &d, &hybrid.inner, what, call);
				}
			}
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_kind_has_a_property_row),
		cmocka_unit_test(test_every_kind_keeps_bounds_changed_and_current),
		cmocka_unit_test(test_every_hybrid_around_every_kind),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
