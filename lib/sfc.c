/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "irqmod/sfc.h"
#include "config_error.h"
#include "decision.h"
#include "kind_defaults.h"

/* Defaults of Linux sfc (drivers/net/ethernet/sfc/). */
/* rx_irq_mod_usec (efx.c): the RX interval at start and the ceiling. */
#define SFC_RX_IRQ_MOD_USECS 60u
/* Siena's timer quantum, 768 cycles (siena/siena.c, siena_probe_nvconfig()). */
#define SFC_TIMER_QUANTUM_NS 6144u
/* irq_adapt_low_thresh and irq_adapt_high_thresh (efx_channels.c). */
#define SFC_SCORE_LOW 8000u
#define SFC_SCORE_HIGH 16000u
/* The poll count efx_poll() compares irq_count with (efx_channels.c). */
#define SFC_POLLS_PER_DECISION 1000u

_Static_assert((uint64_t)IRQMOD_SFC_USECS_MAX * IRQMOD_NS_PER_USEC <= UINT32_MAX,
	       "the longest interval fits the decision's 32 bits");
_Static_assert((uint64_t)IRQMOD_SFC_TIMER_QUANTUM_MAX_NS + 999u == UINT32_MAX,
	       "Linux's DIV_ROUND_UP(quantum, 1000) does not wrap up to the maximum");

int irqmod_sfc_default_config(struct irqmod_sfc_config *config)
{
	if (!config)
		return -IRQMOD_EINVAL;
	config->rx_usecs = SFC_RX_IRQ_MOD_USECS;
	config->timer_quantum_ns = SFC_TIMER_QUANTUM_NS;
	config->score_low = SFC_SCORE_LOW;
	config->score_high = SFC_SCORE_HIGH;
	config->polls_per_decision = SFC_POLLS_PER_DECISION;
	config->adaptive = true;
	return 0;
}

#define KIND "sfc"

int irqmod_sfc_config_check(const struct irqmod_sfc_config *config,
			    struct irqmod_config_error *error)
{
	if (!config)
		return irqmod_reject_null(error, KIND);
	if (config->rx_usecs > IRQMOD_SFC_USECS_MAX)
		return irqmod_reject(error, KIND, "rx_usecs", config->rx_usecs, "is above",
				     "the decision's 32-bit ns", IRQMOD_SFC_USECS_MAX,
				     -IRQMOD_ERANGE);
	/* A quantum of 0 would make a step of 0; Linux divides by it. */
	if (config->timer_quantum_ns == 0)
		return irqmod_reject(error, KIND, "timer_quantum_ns", 0, "must be at least",
				     NULL, 1, -IRQMOD_ERANGE);
	if (config->timer_quantum_ns > IRQMOD_SFC_TIMER_QUANTUM_MAX_NS)
		return irqmod_reject(error, KIND, "timer_quantum_ns", config->timer_quantum_ns,
				     "is above", "the largest step Linux rounds up",
				     IRQMOD_SFC_TIMER_QUANTUM_MAX_NS, -IRQMOD_ERANGE);
	if (config->polls_per_decision == 0)
		return irqmod_reject(error, KIND, "polls_per_decision", 0, "must be at least",
				     NULL, 1, -IRQMOD_ERANGE);
	return 0;
}

int irqmod_sfc_init(struct irqmod_sfc *state, const struct irqmod_sfc_config *config)
{
	int error;

	if (!state)
		return -IRQMOD_EINVAL;
	error = irqmod_sfc_config_check(config, NULL);
	if (error)
		return error;
	state->rx_usecs = config->rx_usecs;
	/* DIV_ROUND_UP(timer_quantum_ns, 1000), as efx_probe_nic() sets irq_mod_step_us. */
	state->step_us = (config->timer_quantum_ns + 999u) / 1000u;
	state->score_low = config->score_low;
	state->score_high = config->score_high;
	state->polls_per_decision = config->polls_per_decision;
	state->adaptive = config->adaptive;
	irqmod_sfc_reset(state);
	return 0;
}

/*
 * The decision's word for usecs: stored whole on every call, so a counting
 * call loads it instead of spreading a 32-bit interval over both fields.
 */
static void sfc_set_interval(struct irqmod_sfc *state)
{
	state->interval_both_ns = (uint64_t)(state->usecs * IRQMOD_NS_PER_USEC) *
				  IRQMOD_DECISION_BOTH_HALVES;
}

void irqmod_sfc_reset(struct irqmod_sfc *state)
{
	state->score = 0;
	state->polls_left = state->polls_per_decision;
	state->usecs = state->rx_usecs;
	sfc_set_interval(state);
}

/*
 * One decision on the score, efx_update_irq_mod()'s rule, and the answer.
 * The interval starts at rx_usecs and moves by whole steps, so it stays at
 * or below rx_usecs and a step up never passes it. Out of line, so that a
 * counting call saves no registers; with adaptive off it only starts the
 * count again (the score is then never read).
 */
static IRQMOD_COLD_PATH void sfc_decide(struct irqmod_sfc *state,
					struct irqmod_decision *decision)
{
	bool changed = false;

	if (!state->adaptive) {
		/* Nothing moves. */
	} else if (state->score < state->score_low) {
		if (state->usecs > state->step_us) {
			state->usecs -= state->step_us;
			changed = true;
		}
	} else if (state->score > state->score_high) {
		if (state->usecs < state->rx_usecs) {
			state->usecs += state->step_us;
			changed = true;
		}
	}
	sfc_set_interval(state);
	state->polls_left = state->polls_per_decision;
	state->score = 0;
	irqmod_decision_store(decision, state->interval_both_ns, changed);
}

void irqmod_sfc_update(struct irqmod_sfc *state, const struct irqmod_sample *sample,
		       struct irqmod_decision *decision)
{
	/* Modulo 2^32, as Linux's unsigned int score. */
	state->score += IRQMOD_SFC_SCORE_PER_RX_PACKET * sample->rx_packets;
	/* polls_left >= 1 here: it is set back to polls_per_decision at 0. */
	if (!(sample->flags & IRQMOD_SAMPLE_BUDGET_EXHAUSTED) && --state->polls_left == 0) {
		sfc_decide(state, decision);
		return;
	}
	irqmod_decision_store(decision, state->interval_both_ns, false);
}

void irqmod_sfc_current(const struct irqmod_sfc *state, struct irqmod_decision *decision)
{
	irqmod_decision_store(decision, state->interval_both_ns, false);
}

/* Registration in the kind table: Linux sfc's defaults on any link. */
int irqmod_sfc_kind_defaults(void *config, uint32_t link_speed_mbps)
{
	(void)link_speed_mbps;
	return irqmod_sfc_default_config(config);
}
