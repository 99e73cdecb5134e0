/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Worked examples of the idle poll hybrid (docs/idle-poll.md), as plain
 * data: a config, then samples in and the expected answer out. The inner
 * controller is static at 50 us, so every re-arm carries rx_interval_ns
 * 50000 and every POLL answer carries 0. Includes only irqmod headers, so
 * the CMocka test and a kernel self-test can both run them.
 */
#ifndef IRQMOD_IDLE_POLL_VECTORS_H
#define IRQMOD_IDLE_POLL_VECTORS_H

#include "irqmod/idle_poll.h"
#include "steps.h"

/** IRQMOD_IDLE_POLL_VECTOR_INNER_NS - interval of the static inner controller. */
#define IRQMOD_IDLE_POLL_VECTOR_INNER_NS 50000u
/** IRQMOD_IDLE_POLL_VECTOR_MAX_STEPS - longest step list below. */
#define IRQMOD_IDLE_POLL_VECTOR_MAX_STEPS 10

/* One full-size Ethernet frame: 1514 bytes without FCS (IEEE 802.3). */
#define IRQMOD_IDLE_POLL_VECTOR_FRAME_BYTES 1514u

/**
 * struct irqmod_idle_poll_vector - a config and the steps that follow init.
 * @name: what the example shows.
 * @config: idle poll settings.
 * @step_count: valid entries of @steps.
 * @steps: the calls, in order.
 */
struct irqmod_idle_poll_vector {
	const char *name;
	struct irqmod_idle_poll_config config;
	uint32_t step_count;
	struct irqmod_hybrid_vector_step steps[IRQMOD_IDLE_POLL_VECTOR_MAX_STEPS];
};

#define IP_WORK(t, n) { .now_ns = (t), .rx_packets = (n), \
	.rx_bytes = (uint64_t)(n) * IRQMOD_IDLE_POLL_VECTOR_FRAME_BYTES }
#define IP_EMPTY(t) { .now_ns = (t) }
#define IP_POLL(d) IRQMOD_ACTION_POLL, (d), 0
#define IP_REARM IRQMOD_ACTION_REARM, 0, IRQMOD_IDLE_POLL_VECTOR_INNER_NS

static const struct irqmod_idle_poll_vector irqmod_idle_poll_vectors[] = {
	/*
	 * Spacing 10 us, idle time 50 us, no count given: the count bound is
	 * ceil(50000 / 10000) = 5. Work at 0 starts the budget (5 left);
	 * empties at 10 and 20 us leave 4 and 3; work at 30 us restarts it
	 * (5 left, start 30 us); empties at 40..70 us leave 4, 3, 2, 1; the
	 * empty at 80 us leaves 0 and has idled 50 us: re-arm.
	 */
	{ "work restarts the idle budget", { 10000, 50000, 0 }, 9, {
		{ IP_WORK(0, 3), IP_POLL(10000) },
		{ IP_EMPTY(10000), IP_POLL(10000) },
		{ IP_EMPTY(20000), IP_POLL(10000) },
		{ IP_WORK(30000, 1), IP_POLL(10000) },
		{ IP_EMPTY(40000), IP_POLL(10000) },
		{ IP_EMPTY(50000), IP_POLL(10000) },
		{ IP_EMPTY(60000), IP_POLL(10000) },
		{ IP_EMPTY(70000), IP_POLL(10000) },
		{ IP_EMPTY(80000), IP_REARM },
	} },
	/*
	 * Late timers: spacing 10 us, 50 us, 10 polls. The polls come 25 us
	 * apart; at 50 us the idle time is used up after 2 empty polls
	 * (8 of 10 polls left): the time budget ends idling first.
	 */
	{ "time runs out before the count", { 10000, 50000, 10 }, 3, {
		{ IP_WORK(0, 2), IP_POLL(10000) },
		{ IP_EMPTY(25000), IP_POLL(10000) },
		{ IP_EMPTY(50000), IP_REARM },
	} },
	/*
	 * A clock stuck at 1 us: elapsed idle time stays 0, so only the
	 * derived count (5) ends idling: 4 empty polls are answered POLL,
	 * the 5th re-arms.
	 */
	{ "stuck clock: the count ends idling", { 10000, 50000, 0 }, 6, {
		{ IP_WORK(1000, 1), IP_POLL(10000) },
		{ IP_EMPTY(1000), IP_POLL(10000) },
		{ IP_EMPTY(1000), IP_POLL(10000) },
		{ IP_EMPTY(1000), IP_POLL(10000) },
		{ IP_EMPTY(1000), IP_POLL(10000) },
		{ IP_EMPTY(1000), IP_REARM },
	} },
	/*
	 * Chapman's form: re-poll at once (spacing 0), 3 empty polls. After
	 * work: 2, 1, 0 left -> re-arm on the 3rd empty. A spurious interrupt
	 * at 10 us finds nothing: it is the 1st empty poll of a new budget
	 * (2 left), then 1, then re-arm.
	 */
	{ "count budget, spacing 0, spurious interrupt", { 0, 0, 3 }, 7, {
		{ IP_WORK(0, 1), IP_POLL(0) },
		{ IP_EMPTY(100), IP_POLL(0) },
		{ IP_EMPTY(200), IP_POLL(0) },
		{ IP_EMPTY(300), IP_REARM },
		{ IP_EMPTY(10000), IP_POLL(0) },
		{ IP_EMPTY(10100), IP_POLL(0) },
		{ IP_EMPTY(10200), IP_REARM },
	} },
	/*
	 * The clock steps back from 100 us to 50 us: no idle time is counted
	 * (4 left); at 160 us 60 us have passed since the work: re-arm.
	 */
	{ "time going backwards adds no idle time", { 10000, 50000, 0 }, 3, {
		{ IP_WORK(100000, 4), IP_POLL(10000) },
		{ IP_EMPTY(50000), IP_POLL(10000) },
		{ IP_EMPTY(160000), IP_REARM },
	} },
};

#undef IP_WORK
#undef IP_EMPTY
#undef IP_POLL
#undef IP_REARM

#endif /* IRQMOD_IDLE_POLL_VECTORS_H */
