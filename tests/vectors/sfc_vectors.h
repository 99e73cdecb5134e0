/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Worked examples of the sfc controller (lib/sfc.c), each decision derived
 * by hand from Linux's efx_update_irq_mod() and efx_poll() (sfc,
 * efx_channels.c): the score is 2 per RX packet, judged every
 * polls_per_decision polls that end under budget; below 8000 one step
 * down, above 16000 one step up. To keep the examples short they decide
 * every 2 polls, not every 1000; the quantum is Siena's 6144 ns, a step of
 * 7 us; rx_usecs is 60 us.
 *
 * Every decision: RX = TX interval, no frames, action re-arm.
 */
#ifndef IRQMOD_TESTS_SFC_VECTORS_H
#define IRQMOD_TESTS_SFC_VECTORS_H

#include "vectors.h"

/* The decision with @usecs in force, moved now (@moved) or not. */
#define IRQMOD_SFC_VECTOR(usecs, moved)                                               \
	{ .rx_interval_ns = (usecs) * 1000u, .tx_interval_ns = (usecs) * 1000u,         \
	  .action = IRQMOD_ACTION_REARM, .changed = (moved) }

/* A poll that ends under budget with @packets received. */
#define IRQMOD_SFC_POLL(packets) { .rx_packets = (packets) }

static const struct irqmod_vector_step irqmod_sfc_vector_score_steps[] = {
	/* 200 + 200: score 400 after the second poll, below 8000: 60 - 7 = 53 us. */
	{ IRQMOD_SFC_POLL(100), IRQMOD_SFC_VECTOR(60, false) },
	{ IRQMOD_SFC_POLL(100), IRQMOD_SFC_VECTOR(53, true) },
	/* 10000 packets: score 20000, above 16000: back up to 60 us. */
	{ IRQMOD_SFC_POLL(10000), IRQMOD_SFC_VECTOR(53, false) },
	{ IRQMOD_SFC_POLL(0), IRQMOD_SFC_VECTOR(60, true) },
	/* 3999 packets, 7998: below 8000, down. */
	{ IRQMOD_SFC_POLL(3999), IRQMOD_SFC_VECTOR(60, false) },
	{ IRQMOD_SFC_POLL(0), IRQMOD_SFC_VECTOR(53, true) },
	/* 4000 packets, 8000 exactly: not below, not above; held. */
	{ IRQMOD_SFC_POLL(4000), IRQMOD_SFC_VECTOR(53, false) },
	{ IRQMOD_SFC_POLL(0), IRQMOD_SFC_VECTOR(53, false) },
	/* 16000 exactly: not above; held. */
	{ IRQMOD_SFC_POLL(8000), IRQMOD_SFC_VECTOR(53, false) },
	{ IRQMOD_SFC_POLL(0), IRQMOD_SFC_VECTOR(53, false) },
	/* 16002: above; up to the ceiling. */
	{ IRQMOD_SFC_POLL(8001), IRQMOD_SFC_VECTOR(53, false) },
	{ IRQMOD_SFC_POLL(0), IRQMOD_SFC_VECTOR(60, true) },
	/* Above again, at the ceiling already: held. */
	{ IRQMOD_SFC_POLL(9000), IRQMOD_SFC_VECTOR(60, false) },
	{ IRQMOD_SFC_POLL(0), IRQMOD_SFC_VECTOR(60, false) },
};

/*
 * Polls that used their budget add to the score but are not counted:
 * 10 + 10 packets in two counted polls would step down; the 9000 packets
 * of the exhausted poll between them make it a step up from 46 us.
 */
static const struct irqmod_vector_step irqmod_sfc_vector_budget[] = {
	{ IRQMOD_SFC_POLL(10), IRQMOD_SFC_VECTOR(60, false) },
	{ IRQMOD_SFC_POLL(10), IRQMOD_SFC_VECTOR(53, true) },
	{ IRQMOD_SFC_POLL(0), IRQMOD_SFC_VECTOR(53, false) },
	{ IRQMOD_SFC_POLL(0), IRQMOD_SFC_VECTOR(46, true) },
	{ IRQMOD_SFC_POLL(10), IRQMOD_SFC_VECTOR(46, false) },
	{ { .rx_packets = 9000, .flags = IRQMOD_SAMPLE_BUDGET_EXHAUSTED },
	  IRQMOD_SFC_VECTOR(46, false) },
	{ IRQMOD_SFC_POLL(10), IRQMOD_SFC_VECTOR(53, true) },
};

/* The interval stops at the last step above 0: 20, 13, 6, then 6 (not above 7). */
static const struct irqmod_vector_step irqmod_sfc_vector_floor[] = {
	{ IRQMOD_SFC_POLL(0), IRQMOD_SFC_VECTOR(20, false) },
	{ IRQMOD_SFC_POLL(0), IRQMOD_SFC_VECTOR(13, true) },
	{ IRQMOD_SFC_POLL(0), IRQMOD_SFC_VECTOR(13, false) },
	{ IRQMOD_SFC_POLL(0), IRQMOD_SFC_VECTOR(6, true) },
	{ IRQMOD_SFC_POLL(0), IRQMOD_SFC_VECTOR(6, false) },
	{ IRQMOD_SFC_POLL(0), IRQMOD_SFC_VECTOR(6, false) },
};

/* adaptive-rx off: rx_usecs, whatever the score. */
static const struct irqmod_vector_step irqmod_sfc_vector_adaptive_off[] = {
	{ IRQMOD_SFC_POLL(0), IRQMOD_SFC_VECTOR(60, false) },
	{ IRQMOD_SFC_POLL(0), IRQMOD_SFC_VECTOR(60, false) },
	{ IRQMOD_SFC_POLL(20000), IRQMOD_SFC_VECTOR(60, false) },
};

/* rx_usecs @usecs, a decision every @polls polls, adaptive @on; Linux's other defaults. */
#define IRQMOD_SFC_VECTOR_CONFIG(usecs, polls, on)                                    \
	{ .kind = IRQMOD_KIND_SFC,                                                     \
	  .config.sfc = { .rx_usecs = (usecs), .timer_quantum_ns = 6144,               \
			  .score_low = 8000, .score_high = 16000,                      \
			  .polls_per_decision = (polls), .adaptive = (on) } }

static const struct irqmod_vector_case irqmod_sfc_vectors[] = {
	{
		.name = "score_below_low_steps_down_above_high_steps_up",
		.config = IRQMOD_SFC_VECTOR_CONFIG(60, 2, true),
		IRQMOD_VECTOR_STEPS(irqmod_sfc_vector_score_steps),
	},
	{
		.name = "exhausted_polls_score_but_do_not_count",
		.config = IRQMOD_SFC_VECTOR_CONFIG(60, 2, true),
		IRQMOD_VECTOR_STEPS(irqmod_sfc_vector_budget),
	},
	{
		.name = "steps_down_stop_above_zero",
		.config = IRQMOD_SFC_VECTOR_CONFIG(20, 2, true),
		IRQMOD_VECTOR_STEPS(irqmod_sfc_vector_floor),
	},
	{
		.name = "adaptive_off_keeps_rx_usecs",
		.config = IRQMOD_SFC_VECTOR_CONFIG(60, 1, false),
		IRQMOD_VECTOR_STEPS(irqmod_sfc_vector_adaptive_off),
	},
	{
		.name = "no_polls_per_decision_is_refused",
		.config = IRQMOD_SFC_VECTOR_CONFIG(60, 0, true),
		.init_result = -IRQMOD_ERANGE,
	},
};

#endif /* IRQMOD_TESTS_SFC_VECTORS_H */
