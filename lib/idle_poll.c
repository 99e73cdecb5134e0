/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "hybrid_internal.h"

/*
 * The empty-poll budget in force: the configured one, or the number of
 * spaced polls that fill the time budget, ceil(idle_time / spacing). With
 * a clock that moves and a driver that honours the spacing, the time
 * budget runs out first or together with it; with a stuck clock the
 * count still ends idling. 32-bit division only.
 */
static uint32_t idle_poll_budget(const struct irqmod_idle_poll_config *config)
{
	uint32_t polls;

	if (config->idle_polls != 0)
		return config->idle_polls;
	polls = config->idle_time_ns / config->poll_spacing_ns;
	if (config->idle_time_ns % config->poll_spacing_ns != 0)
		polls++;
	return polls;
}

/* The checks of irqmod_idle_poll_check(); on success @budget is the budget in force. */
static int idle_poll_validate(const struct irqmod_idle_poll_config *config, uint32_t *budget)
{
	if (!config)
		return -IRQMOD_EINVAL;
	if (config->poll_spacing_ns > IRQMOD_IDLE_POLL_MAX_TIME_NS ||
	    config->idle_time_ns > IRQMOD_IDLE_POLL_MAX_TIME_NS)
		return -IRQMOD_ERANGE;
	/* Neither a time nor a count: idling could never end. */
	if (config->idle_time_ns == 0 && config->idle_polls == 0)
		return -IRQMOD_EBUDGET;
	/* A time budget alone needs a spacing to derive the count bound
	 * from; with spacing 0 a stuck clock would poll forever. */
	if (config->idle_polls == 0 && config->poll_spacing_ns == 0)
		return -IRQMOD_EBUDGET;
	/* Derived once, right after the checks that make the division safe. */
	*budget = idle_poll_budget(config);
	if (*budget > IRQMOD_IDLE_POLL_MAX_POLLS)
		return -IRQMOD_EBUDGET;
	return 0;
}

int irqmod_idle_poll_check(const struct irqmod_idle_poll_config *config)
{
	uint32_t budget;

	return idle_poll_validate(config, &budget);
}

int irqmod_idle_poll_init(struct irqmod_idle_poll *state,
			  const struct irqmod_idle_poll_config *config)
{
	uint32_t budget = 0;
	int error;

	if (!state)
		return -IRQMOD_EINVAL;
	error = idle_poll_validate(config, &budget);
	if (error)
		return error;
	state->poll_spacing_ns = config->poll_spacing_ns;
	state->idle_time_ns = config->idle_time_ns;
	state->idle_polls = (uint16_t)budget;
	irqmod_idle_poll_reset(state);
	return 0;
}

void irqmod_idle_poll_reset(struct irqmod_idle_poll *state)
{
	state->idle_start_ns = 0;
	state->polls_left = 0;
	irqmod_poll_sum_clear(&state->sum);
}

void irqmod_idle_poll_update(struct irqmod_idle_poll *state,
			     struct irqmod_controller *inner,
			     const struct irqmod_sample *sample,
			     struct irqmod_decision *decision)
{
	uint64_t elapsed_ns = 0;

	if (irqmod_sample_has_work(sample)) {
		/* The ring just emptied: a full idle budget starts now. */
		state->idle_start_ns = sample->now_ns;
		state->polls_left = state->idle_polls;
		irqmod_hybrid_answer_poll(&state->sum, sample,
					  state->poll_spacing_ns, decision);
		return;
	}
	if (state->polls_left == 0) {
		/* First call after a re-arm and the poll found nothing
		 * (a spurious or TX-only interrupt): idling starts here
		 * and this empty poll is the first of the budget. */
		state->idle_start_ns = sample->now_ns;
		state->polls_left = state->idle_polls;
	}
	state->polls_left--;
	/* A clock that stands still or steps back adds no idle time. */
	if (sample->now_ns > state->idle_start_ns)
		elapsed_ns = sample->now_ns - state->idle_start_ns;
	if (state->polls_left == 0 ||
	    (state->idle_time_ns != 0 && elapsed_ns >= state->idle_time_ns)) {
		state->polls_left = 0;
		irqmod_hybrid_answer_rearm(&state->sum, inner, sample, decision);
		return;
	}
	irqmod_hybrid_answer_poll(&state->sum, sample, state->poll_spacing_ns,
				  decision);
}
