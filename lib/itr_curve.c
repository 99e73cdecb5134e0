/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "itr_curve.h"


uint32_t irqmod_itr_curve_value(const struct irqmod_itr_curve *curve,
				uint64_t avg_bytes)
{
	unsigned int piece;

	if (avg_bytes <= curve->start_limit_bytes)
		return curve->start_value;
	for (piece = 0; piece < IRQMOD_ITR_CURVE_PIECES; piece++) {
		/* Limits are below 2^16 in every driver, so no overflow here. */
		if (avg_bytes <= curve->limit_bytes[piece])
			return (uint32_t)avg_bytes * curve->slope[piece] +
			       curve->offset[piece];
	}
	return curve->plateau_value;
}

enum irqmod_itr_band irqmod_itr_band_of(const struct irqmod_itr_bands *bands,
					uint32_t packets, uint64_t bytes)
{
	if (packets == 0)
		return IRQMOD_ITR_BAND_NONE;
	if (packets < bands->latency_packets && bytes < bands->latency_bytes)
		return IRQMOD_ITR_BAND_LATENCY;
	if (packets < bands->increase_packets)
		return IRQMOD_ITR_BAND_INCREASE;
	if (packets < bands->hold_packets)
		return IRQMOD_ITR_BAND_HOLD;
	if (packets < bands->halve_packets)
		return IRQMOD_ITR_BAND_HALVE;
	return IRQMOD_ITR_BAND_BULK;
}

uint32_t irqmod_itr_round_up(uint32_t value, uint32_t divisor, uint32_t step)
{
	uint32_t quotient = value / divisor + (value % divisor != 0);

	if (step != 0 && quotient > UINT32_MAX / step)
		return UINT32_MAX;
	return quotient * step;
}

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
