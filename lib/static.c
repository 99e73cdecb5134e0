/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "irqmod/static.h"
#include "config_error.h"
#include "decision.h"
#include "kind_defaults.h"

_Static_assert(offsetof(struct irqmod_static, tx_interval_ns) == 4 &&
	       sizeof(struct irqmod_static) == 8,
	       "irqmod_static_current() copies both intervals as one word");

int irqmod_static_config_check(const struct irqmod_static_config *config,
			       struct irqmod_config_error *error)
{
	if (!config)
		return irqmod_reject_null(error, "static");
	if (config->rx_interval_ns > IRQMOD_STATIC_MAX_INTERVAL_NS)
		return irqmod_reject(error, "static", "rx_interval_ns",
				     config->rx_interval_ns, "is above",
				     "the supported maximum",
				     IRQMOD_STATIC_MAX_INTERVAL_NS, -IRQMOD_ERANGE);
	if (config->tx_interval_ns > IRQMOD_STATIC_MAX_INTERVAL_NS)
		return irqmod_reject(error, "static", "tx_interval_ns",
				     config->tx_interval_ns, "is above",
				     "the supported maximum",
				     IRQMOD_STATIC_MAX_INTERVAL_NS, -IRQMOD_ERANGE);
	return 0;
}

int irqmod_static_init(struct irqmod_static *state,
		       const struct irqmod_static_config *config)
{
	int error;

	if (!state)
		return -IRQMOD_EINVAL;
	error = irqmod_static_config_check(config, NULL);
	if (error)
		return error;
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
	irqmod_static_current(state, decision);
}

void irqmod_static_current(const struct irqmod_static *state,
			   struct irqmod_decision *decision)
{
	uint64_t both;

	/* The state's two intervals are the decision's first word as they stand. */
	IRQMOD_MEMCPY(&both, state, sizeof(both));
	irqmod_decision_store(decision, both, false);
}

/*
 * Registration in the kind table: ixgbe's adaptive start interval,
 * IXGBE_20K_ITR (ixgbe.h), 50 us.
 */
#define IRQMOD_STATIC_KIND_INTERVAL_NS 50000u

int irqmod_static_kind_defaults(void *config, uint32_t link_speed_mbps)
{
	struct irqmod_static_config *c = config;

	(void)link_speed_mbps;
	c->rx_interval_ns = IRQMOD_STATIC_KIND_INTERVAL_NS;
	c->tx_interval_ns = IRQMOD_STATIC_KIND_INTERVAL_NS;
	return 0;
}
