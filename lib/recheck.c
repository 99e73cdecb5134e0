/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "hybrid_internal.h"

/* docs/recheck.md, closed-loop example (max_rounds 4). */
#define IRQMOD_RECHECK_DEFAULT_ROUNDS 4u

int irqmod_recheck_config_check(const struct irqmod_recheck_config *config,
				struct irqmod_config_error *error)
{
	if (!config)
		return irqmod_reject(error, "recheck", "config", 0,
				     "is a NULL pointer, must be above", NULL, 0,
				     -IRQMOD_EINVAL);
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

/* The re-arm answer, out of the hot path (hybrid_internal.h). */
static IRQMOD_COLD_PATH void recheck_rearm(struct irqmod_recheck *state,
		const struct irqmod_inner *inner,
		irqmod_update_fn update, void *inner_state,
		const struct irqmod_sample *sample,
		struct irqmod_decision *decision)
{
	state->rounds = 0;
	irqmod_hybrid_answer_rearm(&state->sum, inner, update, inner_state, sample,
				   decision);
}

/* The body of both entries. */
static inline void recheck_update(struct irqmod_recheck *state,
				  const struct irqmod_inner *inner,
				  irqmod_update_fn update, void *inner_state,
				  const struct irqmod_sample *sample,
				  struct irqmod_decision *decision)
{
	/* Work found: look again at once, as the FreeBSD handler loop did,
	 * until the rounds of this cycle are spent. */
	if (irqmod_hybrid_has_work(sample) &&
	    state->rounds < state->max_rounds) {
		state->rounds++;
		irqmod_hybrid_answer_poll(&state->sum, sample, 0, decision);
		return;
	}
	recheck_rearm(state, inner, update, inner_state, sample, decision);
}

void irqmod_recheck_update(struct irqmod_recheck *state,
			   const struct irqmod_inner *inner,
			   const struct irqmod_sample *sample,
			   struct irqmod_decision *decision)
{
	recheck_update(state, inner, NULL, NULL, sample, decision);
}

void irqmod_recheck_step(struct irqmod_recheck *state, irqmod_update_fn update,
			 void *inner_state, const struct irqmod_sample *sample,
			 struct irqmod_decision *decision)
{
	recheck_update(state, NULL, update, inner_state, sample, decision);
}
