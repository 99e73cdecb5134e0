/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "irqmod/defer_irq.h"
#include "hybrid_internal.h"
#include "hybrid_steps.h"

#define KIND "defer-irq"

/* docs/defer-irq.md: Eric Dumazet's example values (commit 6f8b12d661d0):
 * napi_defer_hard_irqs 10, gro_flush_timeout 20 us. */
#define IRQMOD_DEFER_IRQ_DEFAULT_COUNT 10u
#define IRQMOD_DEFER_IRQ_DEFAULT_TIMEOUT_NS 20000u

static int defer_irq_max_reject(uint32_t value, const char *field,
				uint32_t max, int code,
				struct irqmod_config_error *error)
{
	if (value <= max)
		return 0;
	return irqmod_reject(error, KIND, field, value, "is above",
			     "the supported maximum", max, code);
}

int irqmod_defer_irq_config_check(const struct irqmod_defer_irq_config *config,
				  struct irqmod_config_error *error)
{
	int code;

	if (!config)
		return irqmod_reject_null(error, "defer-irq");
	code = defer_irq_max_reject(config->gro_flush_timeout_ns,
				    "gro_flush_timeout_ns",
				    IRQMOD_DEFER_IRQ_MAX_TIMEOUT_NS,
				    -IRQMOD_ERANGE, error);
	if (!code)
		code = defer_irq_max_reject(config->irq_suspend_timeout_ns,
					    "irq_suspend_timeout_ns",
					    IRQMOD_DEFER_IRQ_MAX_TIMEOUT_NS,
					    -IRQMOD_ERANGE, error);
	if (!code)
		code = defer_irq_max_reject(config->defer_hard_irqs,
					    "defer_hard_irqs",
					    IRQMOD_DEFER_IRQ_MAX_COUNT,
					    -IRQMOD_EBUDGET, error);
	if (!code)
		code = defer_irq_max_reject(config->suspend_polls,
					    "suspend_polls",
					    IRQMOD_DEFER_IRQ_MAX_COUNT,
					    -IRQMOD_EBUDGET, error);
	if (code)
		return code;
	/* Suspension with no bound of its own would end only when the
	 * application says so; an endless stream of empty polls flagged
	 * "application found events" must still end in a re-arm. */
	if (config->irq_suspend_timeout_ns != 0 && config->suspend_polls == 0)
		return irqmod_reject(error, KIND, "suspend_polls", 0,
				     "(irq_suspend_timeout_ns is set) must be at least",
				     NULL, 1, -IRQMOD_EBUDGET);
	return 0;
}

int irqmod_defer_irq_default_config(struct irqmod_defer_irq_config *config)
{
	if (!config)
		return -IRQMOD_EINVAL;
	config->defer_hard_irqs = IRQMOD_DEFER_IRQ_DEFAULT_COUNT;
	config->gro_flush_timeout_ns = IRQMOD_DEFER_IRQ_DEFAULT_TIMEOUT_NS;
	config->irq_suspend_timeout_ns = 0;
	config->suspend_polls = 0;
	return 0;
}

int irqmod_defer_irq_init(struct irqmod_defer_irq *state,
			  const struct irqmod_defer_irq_config *config)
{
	int error;

	if (!state)
		return -IRQMOD_EINVAL;
	error = irqmod_defer_irq_config_check(config, NULL);
	if (error)
		return error;
	state->gro_flush_timeout_ns = config->gro_flush_timeout_ns;
	state->irq_suspend_timeout_ns = config->irq_suspend_timeout_ns;
	state->defer_hard_irqs = (uint16_t)config->defer_hard_irqs;
	state->suspend_polls = (uint16_t)config->suspend_polls;
	irqmod_defer_irq_reset(state);
	return 0;
}

void irqmod_defer_irq_reset(struct irqmod_defer_irq *state)
{
	state->defer_count = 0;
	state->suspend_left = 0;
	irqmod_poll_sum_clear(&state->sum);
}

/*
 * The re-arm answer, out of the hot path (hybrid_internal.h): one for each
 * entry, each taking its arguments in the order its entry got them, and
 * each in two forms, after a poll without work (the common one: the cycle
 * is the sum as it stands) and after one with work, so the first saves no
 * registers for the second's sum.
 */
static IRQMOD_COLD_PATH void defer_irq_rearm(struct irqmod_defer_irq *state,
					     const struct irqmod_inner *inner,
					     const struct irqmod_sample *sample,
					     struct irqmod_decision *decision)
{
	irqmod_hybrid_answer_rearm(&state->sum, inner, NULL, NULL, false,
				   sample, decision);
}

static IRQMOD_COLD_PATH void defer_irq_rearm_work(struct irqmod_defer_irq *state,
						  const struct irqmod_inner *inner,
						  const struct irqmod_sample *sample,
						  struct irqmod_decision *decision)
{
	irqmod_hybrid_answer_rearm(&state->sum, inner, NULL, NULL, true,
				   sample, decision);
}

static IRQMOD_COLD_PATH void defer_irq_rearm_step(struct irqmod_hybrid *hybrid,
						  const struct irqmod_sample *sample,
						  struct irqmod_decision *decision)
{
	struct irqmod_defer_irq *state = &hybrid->own.defer_irq;

	irqmod_hybrid_answer_rearm(&state->sum, NULL, hybrid->inner_update,
				   &hybrid->inner.state,
				   false, sample, decision);
}

static IRQMOD_COLD_PATH void defer_irq_rearm_step_work(struct irqmod_hybrid *hybrid,
						       const struct irqmod_sample *sample,
						       struct irqmod_decision *decision)
{
	struct irqmod_defer_irq *state = &hybrid->own.defer_irq;

	irqmod_hybrid_answer_rearm(&state->sum, NULL, hybrid->inner_update,
				   &hybrid->inner.state,
				   true, sample, decision);
}

/* Whether an application that keeps finding events suspends IRQs. */
static inline bool defer_irq_suspending(const struct irqmod_defer_irq *state,
					const struct irqmod_sample *sample)
{
	return state->irq_suspend_timeout_ns != 0 &&
	       (sample->flags & IRQMOD_SAMPLE_APP_FOUND_EVENTS) != 0 &&
	       state->suspend_left != 0;
}

/* Re-arm through the cold path of the entry (@step as below). */
static inline void defer_irq_rearm_of(struct irqmod_defer_irq *state, bool step,
				      const struct irqmod_inner *inner,
				      struct irqmod_hybrid *hybrid,
				      bool work, const struct irqmod_sample *sample,
				      struct irqmod_decision *decision)
{
	if (step && work)
		defer_irq_rearm_step_work(hybrid, sample,
					  decision);
	else if (step)
		defer_irq_rearm_step(hybrid, sample, decision);
	else if (work)
		defer_irq_rearm_work(state, inner, sample, decision);
	else
		defer_irq_rearm(state, inner, sample, decision);
}

/*
 * The body of both entries (@step as in lib/idle_poll.c), in the order of
 * napi_complete_done() (net/core/dev.c, Linux 6.13+): work reloads the
 * count; an application that keeps finding events suspends IRQs (the count
 * is left alone); otherwise one deferral is spent, and it keeps the
 * interrupt masked only when the timeout is non-zero. A poll with work and
 * an empty poll take separate paths, so neither tests "work" twice; only
 * the first adds to the cycle's sum.
 */
static inline void defer_irq_update(struct irqmod_defer_irq *state, bool step,
				    const struct irqmod_inner *inner,
				    struct irqmod_hybrid *hybrid,
				    const struct irqmod_sample *sample,
				    struct irqmod_decision *decision)
{
	uint16_t defer_count;

	if (irqmod_hybrid_has_work(sample)) {
		defer_count = state->defer_hard_irqs;
		state->suspend_left = state->suspend_polls;
		/* defer_irq_suspending() without its suspend_left test: the
		 * config check makes suspend_polls at least 1 whenever
		 * irq_suspend_timeout_ns is set. */
		if (state->irq_suspend_timeout_ns != 0 &&
		    (sample->flags & IRQMOD_SAMPLE_APP_FOUND_EVENTS) != 0) {
			state->defer_count = defer_count;
			irqmod_hybrid_answer_poll(&state->sum, sample,
						  state->irq_suspend_timeout_ns,
						  decision);
			return;
		}
		if (defer_count != 0) {
			state->defer_count = (uint16_t)(defer_count - 1u);
			if (state->gro_flush_timeout_ns != 0) {
				irqmod_hybrid_answer_poll(&state->sum, sample,
							  state->gro_flush_timeout_ns,
							  decision);
				return;
			}
		} else {
			state->defer_count = 0;
		}
		defer_irq_rearm_of(state, step, inner, hybrid, true,
				   sample, decision);
		return;
	}
	/* An empty poll: nothing to add to the cycle's sum. */
	if (defer_irq_suspending(state, sample)) {
		state->suspend_left--;
		irqmod_hybrid_answer_poll_idle(state->irq_suspend_timeout_ns,
					       decision);
		return;
	}
	defer_count = state->defer_count;
	if (defer_count != 0) {
		state->defer_count = (uint16_t)(defer_count - 1u);
		if (state->gro_flush_timeout_ns != 0) {
			irqmod_hybrid_answer_poll_idle(state->gro_flush_timeout_ns,
						       decision);
			return;
		}
	}
	defer_irq_rearm_of(state, step, inner, hybrid, false, sample,
			   decision);
}

void irqmod_defer_irq_update(struct irqmod_defer_irq *state,
			     const struct irqmod_inner *inner,
			     const struct irqmod_sample *sample,
			     struct irqmod_decision *decision)
{
	defer_irq_update(state, false, inner, NULL, sample, decision);
}

void irqmod_defer_irq_step(struct irqmod_hybrid *hybrid, const struct irqmod_sample *sample,
			   struct irqmod_decision *decision)
{
	defer_irq_update(&hybrid->own.defer_irq, true, NULL, hybrid, sample, decision);
}
