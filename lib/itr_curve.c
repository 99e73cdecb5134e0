/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "itr_curve.h"

static bool itr_multiple(uint32_t interval_ns, uint32_t granule_ns)
{
	return interval_ns % granule_ns == 0;
}

int irqmod_itr_link_check(uint32_t link_speed_mbps, uint32_t max_link_speed_mbps)
{
	if (link_speed_mbps == 0 || link_speed_mbps > max_link_speed_mbps)
		return -IRQMOD_ELINK;
	return 0;
}

int irqmod_itr_config_check(const struct irqmod_intel_itr_config *config,
			    const struct irqmod_itr_limits *limits)
{
	uint32_t granule_ns = limits->granule_ns;

	if (!config->rx_ring && !config->tx_ring)
		return -IRQMOD_EINVAL;
	if (config->step_ns < granule_ns ||
	    config->step_ns > limits->max_step_ns ||
	    !itr_multiple(config->step_ns, granule_ns) || config->tick_ns == 0)
		return -IRQMOD_ESTEP;
	if (config->min_interval_ns < granule_ns ||
	    config->max_interval_ns > limits->max_interval_ns ||
	    !itr_multiple(config->min_interval_ns, granule_ns) ||
	    !itr_multiple(config->max_interval_ns, granule_ns) ||
	    !itr_multiple(config->initial_interval_ns, granule_ns))
		return -IRQMOD_ERANGE;
	if (config->min_interval_ns > config->max_interval_ns)
		return -IRQMOD_EMINMAX;
	if (config->initial_interval_ns < config->min_interval_ns ||
	    config->initial_interval_ns > config->max_interval_ns)
		return -IRQMOD_ERANGE;
	return irqmod_itr_link_check(config->link_speed_mbps,
				     limits->max_link_speed_mbps);
}

void irqmod_itr_config_copy(struct irqmod_intel_itr_config *to,
			    const struct irqmod_intel_itr_config *from)
{
	to->min_interval_ns = from->min_interval_ns;
	to->max_interval_ns = from->max_interval_ns;
	to->step_ns = from->step_ns;
	to->initial_interval_ns = from->initial_interval_ns;
	to->tick_ns = from->tick_ns;
	to->link_speed_mbps = from->link_speed_mbps;
	to->rx_ring = from->rx_ring;
	to->tx_ring = from->tx_ring;
}
