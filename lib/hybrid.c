/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "irqmod/hybrid.h"
#include "hybrid_internal.h"

static const char *const irqmod_hybrid_kind_names[IRQMOD_HYBRID_COUNT] = {
	[IRQMOD_HYBRID_NONE] = "none",
	[IRQMOD_HYBRID_IDLE_POLL] = "idle-poll",
	[IRQMOD_HYBRID_DEFER_IRQ] = "defer-irq",
	[IRQMOD_HYBRID_RECHECK] = "recheck",
};

const char *irqmod_hybrid_kind_name(uint32_t kind)
{
	return kind < IRQMOD_HYBRID_COUNT ? irqmod_hybrid_kind_names[kind] :
					    "unknown";
}

int irqmod_hybrid_init(struct irqmod_hybrid *hybrid,
		       const struct irqmod_hybrid_config *config)
{
	int error;

	if (!hybrid || !config)
		return -IRQMOD_EINVAL;
	/* Check the hybrid's settings first, then set up the inner
	 * controller (untouched on its own error), then the hybrid, which
	 * can no longer fail: @hybrid stays untouched on every error. */
	switch (config->kind) {
	case IRQMOD_HYBRID_NONE:
		error = 0;
		break;
	case IRQMOD_HYBRID_IDLE_POLL:
		error = irqmod_idle_poll_check(&config->config.idle_poll);
		break;
	case IRQMOD_HYBRID_DEFER_IRQ:
		error = irqmod_defer_irq_check(&config->config.defer_irq);
		break;
	case IRQMOD_HYBRID_RECHECK:
		error = irqmod_recheck_check(&config->config.recheck);
		break;
	default:
		return -IRQMOD_EKIND;
	}
	if (error)
		return error;
	error = irqmod_controller_init(&hybrid->inner, &config->inner);
	if (error)
		return error;
	switch (config->kind) {
	case IRQMOD_HYBRID_IDLE_POLL:
		error = irqmod_idle_poll_init(&hybrid->own.idle_poll,
					      &config->config.idle_poll);
		break;
	case IRQMOD_HYBRID_DEFER_IRQ:
		error = irqmod_defer_irq_init(&hybrid->own.defer_irq,
					      &config->config.defer_irq);
		break;
	case IRQMOD_HYBRID_RECHECK:
		error = irqmod_recheck_init(&hybrid->own.recheck,
					    &config->config.recheck);
		break;
	default:
		break;
	}
	hybrid->kind = config->kind;
	return error;
}

void irqmod_hybrid_reset(struct irqmod_hybrid *hybrid)
{
	irqmod_controller_reset(&hybrid->inner);
	switch (hybrid->kind) {
	case IRQMOD_HYBRID_IDLE_POLL:
		irqmod_idle_poll_reset(&hybrid->own.idle_poll);
		break;
	case IRQMOD_HYBRID_DEFER_IRQ:
		irqmod_defer_irq_reset(&hybrid->own.defer_irq);
		break;
	case IRQMOD_HYBRID_RECHECK:
		irqmod_recheck_reset(&hybrid->own.recheck);
		break;
	default:
		break;
	}
}

void irqmod_hybrid_update(struct irqmod_hybrid *hybrid,
			  const struct irqmod_sample *sample,
			  struct irqmod_decision *decision)
{
	switch (hybrid->kind) {
	case IRQMOD_HYBRID_IDLE_POLL:
		irqmod_idle_poll_update(&hybrid->own.idle_poll, &hybrid->inner,
					sample, decision);
		break;
	case IRQMOD_HYBRID_DEFER_IRQ:
		irqmod_defer_irq_update(&hybrid->own.defer_irq, &hybrid->inner,
					sample, decision);
		break;
	case IRQMOD_HYBRID_RECHECK:
		irqmod_recheck_update(&hybrid->own.recheck, &hybrid->inner,
				      sample, decision);
		break;
	default:
		irqmod_controller_update(&hybrid->inner, sample, decision);
		decision->action = IRQMOD_ACTION_REARM;
		break;
	}
}
