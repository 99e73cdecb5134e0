/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Tests of the generic dispatch (irqmod/controller.h) that hold for every
 * controller kind. They iterate 0..IRQMOD_KIND_COUNT-1, so a kind added
 * later is covered without editing this file.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "irqmod/controller.h"
#include "../tools/random_stream.h"

/* The house rule: at most 64 bytes of state per controller (STYLE.md, BRIEF). */
#define TEST_CONTROLLER_MAX_STATE_BYTES 64u

/* Every kind's state lives in the union, so the union bounds them all. */
_Static_assert(sizeof(((struct irqmod_controller *)0)->state) <=
		       TEST_CONTROLLER_MAX_STATE_BYTES,
	       "a controller state exceeds 64 bytes");

/*
 * Longest interval any controller may return: 1 s, the static controller's
 * IRQMOD_STATIC_MAX_INTERVAL_NS, which is also far above every driver's
 * register range (ixgbe's EITR tops out near 4 ms, DIM's u16 usecs at 65 ms).
 */
#define TEST_CONTROLLER_MAX_INTERVAL_NS 1000000000u

/* Link speed given to every default config: 10 GbE. */
#define TEST_CONTROLLER_LINK_MBPS 10000u

/* Samples per stream: enough for hundreds of DIM windows of 64 events. */
#define TEST_CONTROLLER_STREAM_SAMPLES 50000u

/* Seeds of the random streams; any values do, several guard against luck. */
static const uint64_t test_controller_seeds[] = {
	1u, 0x9e3779b97f4a7c15u, 20261129u,
};

#define TEST_CONTROLLER_SEED_COUNT \
	(sizeof(test_controller_seeds) / sizeof(test_controller_seeds[0]))

/*
 * One sample of a hostile stream: mostly plausible traffic, with every
 * case the brief lists mixed in (time stalling, stepping back, gaps of
 * hours, packets 0 with bytes > 0, counts near the type maxima, 0 events).
 */
static void test_controller_next_sample(uint64_t *seed, uint64_t *now_ns,
					struct irqmod_sample *sample)
{
	uint64_t r = random_next(seed);
	uint32_t packets = (uint32_t)(r >> 32) % 65u;
	uint32_t what = (uint32_t)r % 64u;

	memset(sample, 0, sizeof(*sample));
	*now_ns += 1000u + (r >> 40) % 200000u; /* 1..201 us per poll */
	sample->rx_packets = packets;
	sample->tx_packets = packets / 2u;
	sample->rx_bytes = (uint64_t)packets * (60u + (r >> 20) % 9000u);
	sample->tx_bytes = (uint64_t)sample->tx_packets * 1514u;
	sample->events = 1u;
	sample->completions = packets;
	switch (what) {
	case 0: /* time stands still */
		break;
	case 1: /* time steps back */
		*now_ns -= *now_ns / 4u;
		break;
	case 2: /* idle gap of an hour */
		*now_ns += 3600000000000u;
		break;
	case 3: /* bytes without packets */
		sample->rx_packets = 0;
		sample->rx_bytes = 1500u;
		break;
	case 4: /* counts near the maxima */
		sample->rx_packets = UINT32_MAX;
		sample->tx_packets = UINT32_MAX;
		sample->rx_bytes = UINT64_MAX;
		sample->tx_bytes = UINT64_MAX;
		sample->events = UINT32_MAX;
		sample->completions = UINT32_MAX;
		break;
	case 5: /* "0 is read as 1" */
		sample->events = 0;
		break;
	case 6: /* a full NAPI budget */
		sample->flags = IRQMOD_SAMPLE_BUDGET_EXHAUSTED;
		break;
	case 7:
		sample->flags = IRQMOD_SAMPLE_APP_FOUND_EVENTS |
				IRQMOD_SAMPLE_FROM_INTERRUPT;
		break;
	case 8: /* the clock wraps */
		*now_ns = UINT64_MAX - 1000u;
		break;
	default:
		break;
	}
	sample->now_ns = *now_ns;
}

static void test_controller_init_default(struct irqmod_controller *controller,
					 uint32_t kind)
{
	struct irqmod_controller_config config;

	assert_int_equal(irqmod_controller_default_config(&config, kind,
							  TEST_CONTROLLER_LINK_MBPS),
			 0);
	assert_int_equal(config.kind, kind);
	assert_int_equal(irqmod_controller_init(controller, &config), 0);
	assert_int_equal(controller->kind, kind);
}

static void test_controller_default_config_every_kind_inits(void **unused)
{
	uint32_t kind;

	(void)unused;
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++) {
		struct irqmod_controller controller;

		print_message("kind %u: %s\n", kind, irqmod_kind_name(kind));
		test_controller_init_default(&controller, kind);
	}
}

static void test_controller_kind_names_are_unique_and_known(void **unused)
{
	uint32_t kind;
	uint32_t other;

	(void)unused;
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++) {
		const char *name = irqmod_kind_name(kind);

		assert_non_null(name);
		assert_true(name[0] != '\0');
		assert_string_not_equal(name, "unknown");
		for (other = 0; other < kind; other++)
			assert_string_not_equal(name, irqmod_kind_name(other));
	}
	assert_string_equal(irqmod_kind_name(IRQMOD_KIND_COUNT), "unknown");
	assert_string_equal(irqmod_kind_name(UINT32_MAX), "unknown");
}

static void test_controller_unknown_kind_is_rejected(void **unused)
{
	static const uint32_t unknown[] = { IRQMOD_KIND_COUNT, UINT32_MAX };
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++) {
		struct irqmod_controller_config config;
		struct irqmod_controller controller;

		memset(&config, 0, sizeof(config));
		assert_int_equal(irqmod_controller_default_config(&config, unknown[i],
								  TEST_CONTROLLER_LINK_MBPS),
				 -IRQMOD_EKIND);
		config.kind = unknown[i];
		controller.kind = 12345u;
		assert_int_equal(irqmod_controller_init(&controller, &config),
				 -IRQMOD_EKIND);
		assert_int_equal(controller.kind, 12345u); /* untouched on error */
		assert_int_equal(irqmod_kind_state_bytes(unknown[i]), 0);
	}
}

static void test_controller_null_pointers_are_rejected(void **unused)
{
	struct irqmod_controller_config config;
	struct irqmod_controller controller;
	uint32_t kind;

	(void)unused;
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++) {
		assert_int_equal(irqmod_controller_default_config(NULL, kind,
								  TEST_CONTROLLER_LINK_MBPS),
				 -IRQMOD_EINVAL);
		assert_int_equal(irqmod_controller_default_config(&config, kind,
								  TEST_CONTROLLER_LINK_MBPS),
				 0);
		assert_int_equal(irqmod_controller_init(NULL, &config), -IRQMOD_EINVAL);
		assert_int_equal(irqmod_controller_init(&controller, NULL),
				 -IRQMOD_EINVAL);
	}
}

static void test_controller_state_bytes_every_kind_at_most_64(void **unused)
{
	uint32_t kind;

	(void)unused;
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++) {
		size_t bytes = irqmod_kind_state_bytes(kind);

		/* 0 would mean the kind is missing from the size table. */
		assert_in_range(bytes, 1, TEST_CONTROLLER_MAX_STATE_BYTES);
		assert_true(bytes <= sizeof(((struct irqmod_controller *)0)->state));
	}
}

/*
 * Checks one decision against what common.h promises for every kind: the
 * intervals at most 1 s, a known action, and @changed false only when the
 * register values equal the previous answer's (checked from the second
 * call on, since the first compares with the start interval, which the
 * generic API does not expose).
 */
static void test_controller_check_decision(const struct irqmod_decision *decision,
					   const struct irqmod_decision *previous,
					   bool have_previous)
{
	assert_true(decision->rx_interval_ns <= TEST_CONTROLLER_MAX_INTERVAL_NS);
	assert_true(decision->tx_interval_ns <= TEST_CONTROLLER_MAX_INTERVAL_NS);
	assert_true(decision->rate_limit_ns <= TEST_CONTROLLER_MAX_INTERVAL_NS);
	assert_true(decision->action == IRQMOD_ACTION_REARM ||
		    decision->action == IRQMOD_ACTION_POLL);
	if (decision->action == IRQMOD_ACTION_POLL)
		assert_true(decision->poll_delay_ns <= TEST_CONTROLLER_MAX_INTERVAL_NS);
	if (have_previous && !decision->changed &&
	    decision->action == IRQMOD_ACTION_REARM &&
	    previous->action == IRQMOD_ACTION_REARM) {
		assert_int_equal(decision->rx_interval_ns, previous->rx_interval_ns);
		assert_int_equal(decision->tx_interval_ns, previous->tx_interval_ns);
	}
}

/*
 * Byte pattern for memory the update must not write: the unused tail of the
 * state union (past the kind's own struct) and the decision before a call.
 * A decision field left at 0xa5a5a5a5 (2.8 s) fails the 1 s bound, and
 * 0xa5 is no valid action, so an unset field is caught.
 */
#define TEST_CONTROLLER_POISON 0xa5

static void test_controller_update_random_stream_stays_in_bounds(void **unused)
{
	uint32_t kind;
	size_t seed_index;

	(void)unused;
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++) {
		for (seed_index = 0; seed_index < TEST_CONTROLLER_SEED_COUNT;
		     seed_index++) {
			struct irqmod_controller controller;
			struct irqmod_decision previous = { 0 };
			uint64_t seed = test_controller_seeds[seed_index];
			uint64_t now_ns = 0;
			size_t used = irqmod_kind_state_bytes(kind);
			size_t tail = sizeof(controller.state) - used;
			unsigned char *state = (unsigned char *)&controller.state;
			size_t byte;
			uint32_t i;

			test_controller_init_default(&controller, kind);
			memset(state + used, TEST_CONTROLLER_POISON, tail);
			for (i = 0; i < TEST_CONTROLLER_STREAM_SAMPLES; i++) {
				struct irqmod_sample sample;
				struct irqmod_decision decision;

				test_controller_next_sample(&seed, &now_ns, &sample);
				memset(&decision, TEST_CONTROLLER_POISON,
				       offsetof(struct irqmod_decision, changed));
				decision.changed = false;
				irqmod_controller_update(&controller, &sample, &decision);
				test_controller_check_decision(&decision, &previous,
							       i > 0);
				previous = decision;
			}
			/* The dispatch never changes the running kind ... */
			assert_int_equal(controller.kind, kind);
			/* ... and a kind writes only its own state struct. */
			for (byte = 0; byte < tail; byte++)
				assert_int_equal(state[used + byte], TEST_CONTROLLER_POISON);
		}
	}
}

static void test_controller_assert_same_decision(const struct irqmod_decision *a,
						 const struct irqmod_decision *b)
{
	assert_int_equal(a->rx_interval_ns, b->rx_interval_ns);
	assert_int_equal(a->tx_interval_ns, b->tx_interval_ns);
	assert_int_equal(a->poll_delay_ns, b->poll_delay_ns);
	assert_int_equal(a->rate_limit_ns, b->rate_limit_ns);
	assert_int_equal(a->frames, b->frames);
	assert_int_equal(a->action, b->action);
	assert_int_equal(a->changed, b->changed);
}

/*
 * A reset must keep the config and drop all history: after one stream and a
 * reset, a second stream gets exactly the decisions a freshly initialised
 * instance gets for it.
 */
static void test_controller_reset_keeps_config_same_decisions_as_fresh_init(void **unused)
{
	uint32_t kind;
	size_t seed_index;

	(void)unused;
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++) {
		for (seed_index = 0; seed_index < TEST_CONTROLLER_SEED_COUNT;
		     seed_index++) {
			struct irqmod_controller reused;
			struct irqmod_controller fresh;
			uint64_t seed = test_controller_seeds[seed_index];
			uint64_t now_ns = 0;
			uint64_t replay_seed;
			uint64_t fresh_now_ns;
			uint32_t i;

			test_controller_init_default(&reused, kind);
			for (i = 0; i < TEST_CONTROLLER_STREAM_SAMPLES / 4u; i++) {
				struct irqmod_sample sample;
				struct irqmod_decision decision;

				test_controller_next_sample(&seed, &now_ns, &sample);
				irqmod_controller_update(&reused, &sample, &decision);
			}
			irqmod_controller_reset(&reused);
			assert_int_equal(reused.kind, kind);
			test_controller_init_default(&fresh, kind);

			/* The second stream starts where the first stopped. */
			replay_seed = seed;
			fresh_now_ns = now_ns;
			for (i = 0; i < TEST_CONTROLLER_STREAM_SAMPLES / 4u; i++) {
				struct irqmod_sample sample;
				struct irqmod_sample same;
				struct irqmod_decision after_reset;
				struct irqmod_decision after_init;

				test_controller_next_sample(&seed, &now_ns, &sample);
				test_controller_next_sample(&replay_seed, &fresh_now_ns,
							    &same);
				irqmod_controller_update(&reused, &sample, &after_reset);
				irqmod_controller_update(&fresh, &same, &after_init);
				test_controller_assert_same_decision(&after_reset,
								     &after_init);
			}
		}
	}
}

/*
 * irqmod_controller_current() is what @changed is judged against: after
 * init it is the start interval, so a first decision that reports no change
 * repeats it and one that reports a change differs from it; after every
 * update it repeats that update's answer, unchanged.
 */
static void test_controller_current_is_what_changed_is_judged_against(void **unused)
{
	uint32_t kind;

	(void)unused;
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++) {
		struct irqmod_controller controller;
		struct irqmod_decision in_force;
		uint64_t seed = test_controller_seeds[0];
		uint64_t now_ns = 0;
		uint8_t last_action = IRQMOD_ACTION_REARM;
		uint32_t i;

		test_controller_init_default(&controller, kind);
		/* The registers a driver programs at setup. */
		irqmod_controller_current(&controller, &in_force);
		for (i = 0; i < TEST_CONTROLLER_STREAM_SAMPLES / 4u; i++) {
			struct irqmod_sample sample;
			struct irqmod_decision before;
			struct irqmod_decision decision;
			struct irqmod_decision after;
			bool same;

			irqmod_controller_current(&controller, &before);
			assert_false(before.changed);
			/* REARM after init; afterwards the last answer's action
			 * (only latency-target answers POLL by itself). */
			assert_int_equal(before.action, last_action);
			test_controller_next_sample(&seed, &now_ns, &sample);
			irqmod_controller_update(&controller, &sample, &decision);
			if (decision.action == IRQMOD_ACTION_POLL) {
				/* A POLL answer writes no register (docs/hybrid-contract.md). */
				assert_int_equal(kind, IRQMOD_KIND_LATENCY_TARGET);
				assert_false(decision.changed);
				assert_int_equal(decision.rx_interval_ns, 0);
				assert_int_equal(decision.tx_interval_ns, 0);
			} else {
				/* changed is judged against the registers in force. */
				same = decision.rx_interval_ns == in_force.rx_interval_ns &&
				       decision.tx_interval_ns == in_force.tx_interval_ns &&
				       decision.rate_limit_ns == in_force.rate_limit_ns &&
				       decision.frames == in_force.frames;
				if (!decision.changed)
					assert_true(same);
				in_force = decision;
			}
			last_action = decision.action;
			irqmod_controller_current(&controller, &after);
			decision.changed = false;
			test_controller_assert_same_decision(&after, &decision);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_controller_default_config_every_kind_inits),
		cmocka_unit_test(test_controller_kind_names_are_unique_and_known),
		cmocka_unit_test(test_controller_unknown_kind_is_rejected),
		cmocka_unit_test(test_controller_null_pointers_are_rejected),
		cmocka_unit_test(test_controller_state_bytes_every_kind_at_most_64),
		cmocka_unit_test(test_controller_update_random_stream_stays_in_bounds),
		cmocka_unit_test(test_controller_reset_keeps_config_same_decisions_as_fresh_init),
		cmocka_unit_test(test_controller_current_is_what_changed_is_judged_against),
	};

	return cmocka_run_group_tests_name("controller", tests, NULL, NULL);
}
