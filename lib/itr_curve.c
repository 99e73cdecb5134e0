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
