/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "irqmod/idle_poll.h"
#include "hybrid_internal.h"
#include "hybrid_steps.h"

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

#define KIND "idle-poll"

/* docs/idle-poll.md, worked timeline (tests/vectors/idle_poll_vectors.h). */
#define IRQMOD_IDLE_POLL_DEFAULT_SPACING_NS 10000u
#define IRQMOD_IDLE_POLL_DEFAULT_TIME_NS 50000u

int irqmod_idle_poll_config_check(const struct irqmod_idle_poll_config *config,
				  struct irqmod_config_error *error)
{
	if (!config)
		return irqmod_reject_null(error, "idle-poll");
	if (config->poll_spacing_ns > IRQMOD_IDLE_POLL_MAX_TIME_NS)
		return irqmod_reject(error, KIND, "poll_spacing_ns",
				     config->poll_spacing_ns, "is above",
				     "the supported maximum",
				     IRQMOD_IDLE_POLL_MAX_TIME_NS, -IRQMOD_ERANGE);
	if (config->idle_time_ns > IRQMOD_IDLE_POLL_MAX_TIME_NS)
		return irqmod_reject(error, KIND, "idle_time_ns",
				     config->idle_time_ns, "is above",
				     "the supported maximum",
				     IRQMOD_IDLE_POLL_MAX_TIME_NS, -IRQMOD_ERANGE);
	/* Neither a time nor a count: idling could never end. */
	if (config->idle_time_ns == 0 && config->idle_polls == 0)
		return irqmod_reject(error, KIND, "idle_polls", 0,
				     "(idle_time_ns is 0 too) must be at least",
				     NULL, 1, -IRQMOD_EBUDGET);
	/* A time budget alone needs a spacing to derive the count bound
	 * from; with spacing 0 a stuck clock would poll forever. */
	if (config->idle_polls == 0 && config->poll_spacing_ns == 0)
		return irqmod_reject(error, KIND, "poll_spacing_ns", 0,
				     "(idle_polls 0: a time budget needs it) must be at least",
				     NULL, 1, -IRQMOD_EBUDGET);
	if (idle_poll_budget(config) > IRQMOD_IDLE_POLL_MAX_POLLS)
		return irqmod_reject(error, KIND,
				     config->idle_polls ? "idle_polls" :
							  "idle_time_ns / poll_spacing_ns",
				     idle_poll_budget(config), "is above",
				     "the supported maximum",
				     IRQMOD_IDLE_POLL_MAX_POLLS, -IRQMOD_EBUDGET);
	return 0;
}

int irqmod_idle_poll_default_config(struct irqmod_idle_poll_config *config)
{
	if (!config)
		return -IRQMOD_EINVAL;
	config->poll_spacing_ns = IRQMOD_IDLE_POLL_DEFAULT_SPACING_NS;
	config->idle_time_ns = IRQMOD_IDLE_POLL_DEFAULT_TIME_NS;
	config->idle_polls = 0;
	return 0;
}

int irqmod_idle_poll_init(struct irqmod_idle_poll *state,
			  const struct irqmod_idle_poll_config *config)
{
	int error;

	if (!state)
		return -IRQMOD_EINVAL;
	error = irqmod_idle_poll_config_check(config, NULL);
	if (error)
		return error;
	state->poll_spacing_ns = config->poll_spacing_ns;
	state->idle_time_ns = config->idle_time_ns;
	state->idle_polls = (uint16_t)idle_poll_budget(config);
	irqmod_idle_poll_reset(state);
	return 0;
}

void irqmod_idle_poll_reset(struct irqmod_idle_poll *state)
{
	state->idle_until_ns = 0;
	state->polls_left = 0;
	irqmod_poll_sum_clear(&state->sum);
}

/*
 * The last time still inside the idle budget that starts at @now_ns:
 * @now_ns + @idle_time_ns - 1, or UINT64_MAX when there is no time budget
 * (@idle_time_ns 0) or the end lies past 2^64 - 1. Both cases show as a
 * wrapped sum below @now_ns (with @idle_time_ns 0 it is @now_ns - 1, or
 * UINT64_MAX already when @now_ns is 0). "now_ns > idle_until_ns" is then
 * exactly "the clock moved forward by at least @idle_time_ns", so a clock
 * that stands still or steps back adds no idle time.
 */
static inline uint64_t idle_poll_until(uint64_t now_ns, uint32_t idle_time_ns)
{
	uint64_t until_ns = now_ns + (uint64_t)idle_time_ns - 1u;

	return until_ns < now_ns ? UINT64_MAX : until_ns;
}

/*
 * The re-arm answer, out of the hot path (hybrid_internal.h): one for each
 * entry, each taking its arguments in the order its entry got them, so the
 * poll answers move no register to prepare the call. Idle poll re-arms only
 * after a poll without work.
 */
static IRQMOD_COLD_PATH void idle_poll_rearm(struct irqmod_idle_poll *state,
					     const struct irqmod_inner *inner,
					     const struct irqmod_sample *sample,
					     struct irqmod_decision *decision)
{
	state->polls_left = 0;
	irqmod_hybrid_answer_rearm(&state->sum, inner, NULL, NULL, false,
				   sample, decision);
}

static IRQMOD_COLD_PATH void idle_poll_rearm_step(struct irqmod_hybrid *hybrid,
						  const struct irqmod_sample *sample,
						  struct irqmod_decision *decision)
{
	struct irqmod_idle_poll *state = &hybrid->own.idle_poll;

	state->polls_left = 0;
	irqmod_hybrid_answer_rearm(&state->sum, NULL, hybrid->inner_update,
				   &hybrid->inner.state,
				   false, sample, decision);
}

/*
 * The body of both entries: @step is a constant, true for
 * irqmod_idle_poll_step() (@hybrid's inner controller), false for
 * irqmod_idle_poll_update() (@inner). The common calls are a poll with work
 * (reload the budget, add to the sum, POLL) and an empty poll inside the
 * budget (count it down, one compare against the precomputed end time,
 * POLL).
 */
static inline void idle_poll_update(struct irqmod_idle_poll *state, bool step,
				    const struct irqmod_inner *inner,
				    struct irqmod_hybrid *hybrid,
				    const struct irqmod_sample *sample,
				    struct irqmod_decision *decision)
{
	uint16_t polls_left;

	if (irqmod_hybrid_has_work(sample)) {
		/* The ring just emptied: a full idle budget starts now. */
		state->idle_until_ns = idle_poll_until(sample->now_ns,
						       state->idle_time_ns);
		state->polls_left = state->idle_polls;
		irqmod_hybrid_answer_poll(&state->sum, sample,
					  state->poll_spacing_ns, decision);
		return;
	}
	polls_left = state->polls_left;
	if (polls_left > 1u) {
		/* The common empty poll: inside the count budget. */
		state->polls_left = (uint16_t)(polls_left - 1u);
		if (sample->now_ns <= state->idle_until_ns) {
			irqmod_hybrid_answer_poll_idle(state->poll_spacing_ns,
						       decision);
			return;
		}
	} else if (polls_left == 0) {
		/* First call after a re-arm and the poll found nothing
		 * (a spurious or TX-only interrupt): idling starts here
		 * and this empty poll is the first of the budget. No time
		 * has passed since, so only the count can end it. */
		state->idle_until_ns = idle_poll_until(sample->now_ns,
						       state->idle_time_ns);
		polls_left = (uint16_t)(state->idle_polls - 1u);
		state->polls_left = polls_left;
		if (polls_left != 0) {
			irqmod_hybrid_answer_poll_idle(state->poll_spacing_ns,
						       decision);
			return;
		}
	}
	/* Here the count budget is spent (polls_left was 1, or the budget
	 * is one poll) or the time budget is. */
	if (step)
		idle_poll_rearm_step(hybrid, sample, decision);
	else
		idle_poll_rearm(state, inner, sample, decision);
}

void irqmod_idle_poll_update(struct irqmod_idle_poll *state,
			     const struct irqmod_inner *inner,
			     const struct irqmod_sample *sample,
			     struct irqmod_decision *decision)
{
	idle_poll_update(state, false, inner, NULL, sample, decision);
}

void irqmod_idle_poll_step(struct irqmod_hybrid *hybrid, const struct irqmod_sample *sample,
			   struct irqmod_decision *decision)
{
	idle_poll_update(&hybrid->own.idle_poll, true, NULL, hybrid, sample, decision);
}
