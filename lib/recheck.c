/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "irqmod/recheck.h"
#include "hybrid_internal.h"
#include "hybrid_steps.h"

/* docs/recheck.md, closed-loop example (max_rounds 4). */
#define IRQMOD_RECHECK_DEFAULT_ROUNDS 4u

int irqmod_recheck_config_check(const struct irqmod_recheck_config *config,
				struct irqmod_config_error *error)
{
	if (!config)
		return irqmod_reject_null(error, "recheck");
	if (config->max_rounds > IRQMOD_RECHECK_MAX_ROUNDS)
		return irqmod_reject(error, "recheck", "max_rounds",
				     config->max_rounds, "is above",
				     "the supported maximum",
				     IRQMOD_RECHECK_MAX_ROUNDS, -IRQMOD_EBUDGET);
	return 0;
}

int irqmod_recheck_default_config(struct irqmod_recheck_config *config)
{
	if (!config)
		return -IRQMOD_EINVAL;
	config->max_rounds = IRQMOD_RECHECK_DEFAULT_ROUNDS;
	return 0;
}

int irqmod_recheck_init(struct irqmod_recheck *state,
			const struct irqmod_recheck_config *config)
{
	int error;

	if (!state)
		return -IRQMOD_EINVAL;
	error = irqmod_recheck_config_check(config, NULL);
	if (error)
		return error;
	state->max_rounds = (uint16_t)config->max_rounds;
	irqmod_recheck_reset(state);
	return 0;
}

void irqmod_recheck_reset(struct irqmod_recheck *state)
{
	state->rounds = 0;
	irqmod_poll_sum_clear(&state->sum);
}

/*
 * The re-arm answer, out of the hot path (hybrid_internal.h): one for each
 * entry, each taking its arguments in the order its entry got them, and
 * each in two forms, after a poll without work (the common one: the cycle
 * is the sum as it stands) and after one with work (the rounds are spent),
 * so the first saves no registers for the second's sum.
 */
static IRQMOD_COLD_PATH void recheck_rearm(struct irqmod_recheck *state,
					   const struct irqmod_inner *inner,
					   const struct irqmod_sample *sample,
					   struct irqmod_decision *decision)
{
	state->rounds = 0;
	irqmod_hybrid_answer_rearm(&state->sum, inner, NULL, NULL, false,
				   sample, decision);
}

static IRQMOD_COLD_PATH void recheck_rearm_work(struct irqmod_recheck *state,
						const struct irqmod_inner *inner,
						const struct irqmod_sample *sample,
						struct irqmod_decision *decision)
{
	state->rounds = 0;
	irqmod_hybrid_answer_rearm(&state->sum, inner, NULL, NULL, true,
				   sample, decision);
}

static IRQMOD_COLD_PATH void recheck_rearm_step(struct irqmod_hybrid *hybrid,
						const struct irqmod_sample *sample,
						struct irqmod_decision *decision)
{
	struct irqmod_recheck *state = &hybrid->own.recheck;

	state->rounds = 0;
	irqmod_hybrid_answer_rearm(&state->sum, NULL, hybrid->inner_update,
				   &hybrid->inner.state,
				   false, sample, decision);
}

static IRQMOD_COLD_PATH void recheck_rearm_step_work(struct irqmod_hybrid *hybrid,
						     const struct irqmod_sample *sample,
						     struct irqmod_decision *decision)
{
	struct irqmod_recheck *state = &hybrid->own.recheck;

	state->rounds = 0;
	irqmod_hybrid_answer_rearm(&state->sum, NULL, hybrid->inner_update,
				   &hybrid->inner.state,
				   true, sample, decision);
}

/* The body of both entries (@step as in lib/idle_poll.c). */
static inline void recheck_update(struct irqmod_recheck *state, bool step,
				  const struct irqmod_inner *inner,
				  struct irqmod_hybrid *hybrid,
				  const struct irqmod_sample *sample,
				  struct irqmod_decision *decision)
{
	uint16_t rounds = state->rounds;
	bool work = irqmod_hybrid_has_work(sample);

	/* Work found: look again at once, as the FreeBSD handler loop did,
	 * until the rounds of this cycle are spent. */
	if (work && rounds < state->max_rounds) {
		state->rounds = (uint16_t)(rounds + 1u);
		irqmod_hybrid_answer_poll(&state->sum, sample, 0, decision);
		return;
	}
	if (step && work)
		recheck_rearm_step_work(hybrid, sample,
					decision);
	else if (step)
		recheck_rearm_step(hybrid, sample, decision);
	else if (work)
		recheck_rearm_work(state, inner, sample, decision);
	else
		recheck_rearm(state, inner, sample, decision);
}

void irqmod_recheck_update(struct irqmod_recheck *state,
			   const struct irqmod_inner *inner,
			   const struct irqmod_sample *sample,
			   struct irqmod_decision *decision)
{
	recheck_update(state, false, inner, NULL, sample, decision);
}

void irqmod_recheck_step(struct irqmod_hybrid *hybrid, const struct irqmod_sample *sample,
			 struct irqmod_decision *decision)
{
	recheck_update(&hybrid->own.recheck, true, NULL, hybrid, sample, decision);
}
