/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Fuzz harness: every hybrid (and unknown hybrid kinds) around every
 * controller kind, through the generic API, each call repeated on a copy
 * through the hybrid's own (direct) update with the copy's inner
 * controller. Invariants (irqmod/hybrid.h, hybrid_base.h,
 * docs/hybrid-contract.md):
 *  - a rejected init returns a documented code and leaves the state untouched;
 *  - a POLL answer writes no register (all register fields 0, @changed false);
 *    re-check polls at once, idle poll after its spacing;
 *  - a re-arm carries the inner controller's bounds, and @changed is exact
 *    against the previous re-arm's registers;
 *  - the direct API decides as the generic one;
 *  - once traffic stops, whatever the clock and the flags do, the hybrid
 *    re-arms within its count bound of consecutive POLL answers.
 */
#include "fuzz.h"

static int fuzz_direct_update(struct irqmod_hybrid *hybrid, const struct irqmod_sample *sample,
			      struct irqmod_decision *decision)
{
	struct irqmod_inner inner;

	/* The driver's view: the hybrid around its embedded controller's own state. */
	if (irqmod_inner_of_controller(&inner, &hybrid->inner) != 0)
		return 0;
	switch (hybrid->kind) {
	case IRQMOD_HYBRID_NONE:
		irqmod_controller_update(&hybrid->inner, sample, decision);
		return 1;
	case IRQMOD_HYBRID_IDLE_POLL:
		irqmod_idle_poll_update(&hybrid->own.idle_poll, &inner, sample, decision);
		return 1;
	case IRQMOD_HYBRID_DEFER_IRQ:
		irqmod_defer_irq_update(&hybrid->own.defer_irq, &inner, sample, decision);
		return 1;
	case IRQMOD_HYBRID_RECHECK:
		irqmod_recheck_update(&hybrid->own.recheck, &inner, sample, decision);
		return 1;
	default:
		return 0;
	}
}

/*
 * Consecutive POLL answers to empty polls (no work, no budget exhausted)
 * allowed from any state: idle poll's empty-poll budget; defer-irq's
 * suspended polls plus its deferrals; none for re-check, which re-polls
 * only after a poll that found work. See the derivations in
 * tests/test_hybrid.c (test_hybrid_endless_empty_polls_always_end_in_rearm).
 */
static uint32_t fuzz_empty_poll_bound(const struct irqmod_hybrid *hybrid)
{
	switch (hybrid->kind) {
	case IRQMOD_HYBRID_IDLE_POLL:
		return hybrid->own.idle_poll.idle_polls;
	case IRQMOD_HYBRID_DEFER_IRQ:
		return (uint32_t)hybrid->own.defer_irq.suspend_polls +
		       hybrid->own.defer_irq.defer_hard_irqs;
	default:
		return 0;
	}
}

static void fuzz_hybrid_config(struct fuzz_input *in, struct irqmod_hybrid_config *config,
			       struct fuzz_tables *tables)
{
	uint8_t pick = fuzz_u8(in);

	memset(config, 0, sizeof(*config));
	config->kind = pick >= 0xf8 ? fuzz_u32(in) : pick % (uint32_t)IRQMOD_HYBRID_COUNT;
	switch (config->kind) {
	case IRQMOD_HYBRID_IDLE_POLL:
		config->config.idle_poll.poll_spacing_ns = fuzz_u32_scaled(in);
		config->config.idle_poll.idle_time_ns = fuzz_u32_scaled(in);
		config->config.idle_poll.idle_polls = fuzz_u32_scaled(in);
		break;
	case IRQMOD_HYBRID_DEFER_IRQ:
		config->config.defer_irq.defer_hard_irqs = fuzz_u32_scaled(in);
		config->config.defer_irq.gro_flush_timeout_ns = fuzz_u32_scaled(in);
		config->config.defer_irq.irq_suspend_timeout_ns = fuzz_u32_scaled(in);
		config->config.defer_irq.suspend_polls = fuzz_u32_scaled(in);
		break;
	case IRQMOD_HYBRID_RECHECK:
		config->config.recheck.max_rounds = fuzz_u32_scaled(in);
		break;
	default:
		fuzz_bytes(in, &config->config, sizeof(config->config));
		break;
	}
	fuzz_controller_config(in, &config->inner, tables);
}

static void fuzz_check_decision(const struct irqmod_hybrid_config *config,
				const struct irqmod_decision *decision,
				struct irqmod_decision *last_rearm)
{
	if (decision->action == IRQMOD_ACTION_POLL) {
		FUZZ_CHECK(config->kind != IRQMOD_HYBRID_NONE ||
				   irqmod_kind_describe(config->inner.kind)->self_poll_field,
			   "no hybrid: POLL only from a controller that polls itself");
		FUZZ_CHECK(!decision->changed, "a POLL answer changes nothing");
		FUZZ_CHECK(decision->rx_interval_ns == 0 && decision->tx_interval_ns == 0 &&
				   decision->rate_limit_ns == 0 && decision->frames == 0,
			   "a POLL answer carries no register value");
		if (config->kind == IRQMOD_HYBRID_RECHECK)
			FUZZ_CHECK(decision->poll_delay_ns == 0, "re-check polls at once");
		if (config->kind == IRQMOD_HYBRID_IDLE_POLL)
			FUZZ_CHECK(decision->poll_delay_ns ==
					   config->config.idle_poll.poll_spacing_ns,
				   "idle poll polls after its spacing");
		return;
	}
	FUZZ_CHECK(decision->action == IRQMOD_ACTION_REARM, "POLL or REARM");
	fuzz_check_bounds(&config->inner, decision);
	fuzz_check_changed(config->inner.kind, decision, last_rearm);
	*last_rearm = *decision;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_input in = { data, size };
	struct fuzz_tables tables;
	struct irqmod_hybrid_config config;
	struct irqmod_hybrid hybrid, untouched, direct;
	struct irqmod_decision decision, again, last_rearm;
	struct irqmod_sample sample;
	uint64_t now_ns = 0;
	uint32_t bound, run = 0, call;
	unsigned int updates = 0;
	int error;

	memset(&tables, 0, sizeof(tables));
	fuzz_hybrid_config(&in, &config, &tables);
	memset(&hybrid, 0x5a, sizeof(hybrid));
	untouched = hybrid;
	error = irqmod_hybrid_init(&hybrid, &config);
	fuzz_check_error_code(error);
	if (error != 0) {
		FUZZ_CHECK(memcmp(&hybrid, &untouched, sizeof(hybrid)) == 0,
			   "a rejected init leaves the state untouched");
		FUZZ_CHECK(config.kind < IRQMOD_HYBRID_COUNT || error == -IRQMOD_EKIND,
			   "an unknown hybrid is -IRQMOD_EKIND");
		return 0;
	}
	FUZZ_CHECK(config.kind < IRQMOD_HYBRID_COUNT && config.inner.kind < IRQMOD_KIND_COUNT,
		   "only known kinds initialise");
	irqmod_controller_current(&hybrid.inner, &last_rearm);
	direct = hybrid;

	while (in.size > 0 && updates < 4096u) {
		fuzz_sample(&in, now_ns, &sample);
		now_ns = sample.now_ns;
		irqmod_hybrid_update(&hybrid, &sample, &decision);
		updates++;
		fuzz_check_decision(&config, &decision, &last_rearm);
		if (fuzz_direct_update(&direct, &sample, &again))
			FUZZ_CHECK(memcmp(&again, &decision, sizeof(again)) == 0 &&
					   memcmp(&direct, &hybrid, sizeof(direct)) == 0,
				   "the direct API decides as the generic one");
	}

	/*
	 * Traffic stops: empty polls, the clock as the last bytes left it
	 * (stuck, once they have run out), any flag but "budget exhausted".
	 */
	bound = fuzz_empty_poll_bound(&hybrid);
	for (call = 0; call <= bound + 1u; call++) {
		memset(&sample, 0, sizeof(sample));
		sample.now_ns = now_ns + (call & 1u ? decision.poll_delay_ns : 0u);
		now_ns = sample.now_ns;
		sample.flags = (uint32_t)call & ~(uint32_t)IRQMOD_SAMPLE_BUDGET_EXHAUSTED;
		irqmod_hybrid_update(&hybrid, &sample, &decision);
		fuzz_check_decision(&config, &decision, &last_rearm);
		if (decision.action == IRQMOD_ACTION_REARM)
			break;
		run++;
		FUZZ_CHECK(run <= bound, "polling is bounded once traffic stops");
	}
	FUZZ_CHECK(decision.action == IRQMOD_ACTION_REARM, "empty polls end in a re-arm");
	return 0;
}
