/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "irqmod/static.h"
#include "decision.h"

int irqmod_static_init(struct irqmod_static *state,
		       const struct irqmod_static_config *config)
{
	if (!state || !config)
		return -IRQMOD_EINVAL;
	if (config->rx_interval_ns > IRQMOD_STATIC_MAX_INTERVAL_NS ||
	    config->tx_interval_ns > IRQMOD_STATIC_MAX_INTERVAL_NS)
		return -IRQMOD_ERANGE;
	state->rx_interval_ns = config->rx_interval_ns;
	state->tx_interval_ns = config->tx_interval_ns;
	return 0;
}

void irqmod_static_reset(struct irqmod_static *state)
{
	(void)state;
}

void irqmod_static_update(struct irqmod_static *state,
			  const struct irqmod_sample *sample,
			  struct irqmod_decision *decision)
{
	(void)sample;
	irqmod_decision_rearm(decision, state->rx_interval_ns, false);
	decision->tx_interval_ns = state->tx_interval_ns;
}
