/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "irqmod/ixgbe_legacy.h"
#include "config_error.h"
#include "decision.h"
#include "irqmod/convert.h"
#include "deps.h"
#include "itr_encoding_internal.h"
#include "kind_defaults.h"

/* ixgbe_set_itr smoothing weights: 10 * new * old / (9 * new + old). */
#define SMOOTH_NUMERATOR_WEIGHT 10u
#define SMOOTH_NEW_WEIGHT 9u
/* q_vector->itr keeps usecs << 2; timepassed_us = itr >> 2. */
#define ITR_USECS_SHIFT 2u

int irqmod_ixgbe_legacy_default_config(struct irqmod_ixgbe_legacy_config *config)
{
	if (!config)
		return -IRQMOD_EINVAL;
	config->low_bytes_per_usec = IRQMOD_IXGBE_LEGACY_LOW_BYTES_PER_USEC;
	config->bulk_bytes_per_usec = IRQMOD_IXGBE_LEGACY_BULK_BYTES_PER_USEC;
	config->floor_12k = true;
	config->tx_only = false;
	return 0;
}

int irqmod_ixgbe_legacy_config_check(const struct irqmod_ixgbe_legacy_config *config,
				     struct irqmod_config_error *error)
{
	if (!config)
		return irqmod_reject_null(error, "ixgbe-legacy");
	if (config->bulk_bytes_per_usec < config->low_bytes_per_usec)
		return irqmod_reject(error, "ixgbe-legacy", "bulk_bytes_per_usec",
				     config->bulk_bytes_per_usec, "is below",
				     "low_bytes_per_usec",
				     config->low_bytes_per_usec, -IRQMOD_ETABLE);
	return 0;
}

int irqmod_ixgbe_legacy_init(struct irqmod_ixgbe_legacy *state,
			     const struct irqmod_ixgbe_legacy_config *config)
{
	int error;

	if (!state)
		return -IRQMOD_EINVAL;
	error = irqmod_ixgbe_legacy_config_check(config, NULL);
	if (error)
		return error;
	state->low_bytes_per_usec = config->low_bytes_per_usec;
	state->bulk_bytes_per_usec = config->bulk_bytes_per_usec;
	state->bulk_itr = config->floor_12k ? IRQMOD_IXGBE_LEGACY_12K_ITR :
					      IRQMOD_IXGBE_LEGACY_8K_ITR;
	/*
	 * ixgbe_alloc_q_vector: TX-only vectors start at IXGBE_10K_ITR, after
	 * the 2015 patch at IXGBE_12K_ITR; RX and RX/TX vectors at 20K.
	 */
	if (config->tx_only)
		state->start_itr = config->floor_12k ? IRQMOD_IXGBE_LEGACY_12K_ITR :
						       IRQMOD_IXGBE_LEGACY_10K_ITR;
	else
		state->start_itr = IRQMOD_IXGBE_LEGACY_20K_ITR;
	irqmod_ixgbe_legacy_reset(state);
	return 0;
}

static void program_itr(struct irqmod_ixgbe_legacy *state, uint32_t itr)
{
	state->itr = itr;
	state->register_value = itr & IRQMOD_IXGBE_EITR_MASK;
	state->interval_ns = irqmod_ixgbe_eitr_ns(state->register_value);
}

void irqmod_ixgbe_legacy_reset(struct irqmod_ixgbe_legacy *state)
{
	/* The ring containers are zeroed at allocation: lowest_latency. */
	state->rx_class = IRQMOD_LATENCY_LOWEST;
	state->tx_class = IRQMOD_LATENCY_LOWEST;
	program_itr(state, state->start_itr);
}

/*
 * ixgbe_update_itr: a container moves at most one class per update, in
 * either direction; no packets leave it where it is. The later driver's
 * guard against a zero programmed interval has nothing to catch here:
 * itr never leaves [40, 500] (the start values and the class targets lie
 * there, and smoothing stays between the old value and the target), so
 * the divisor is at least 10 us; the fuzzers check every interval against
 * that 10 us (tests/fuzz/fuzz.h, "ixgbe-legacy interval within").
 */
static IRQMOD_ALWAYS_INLINE uint8_t
next_class(const struct irqmod_ixgbe_legacy *state, uint8_t current_class,
	   uint64_t bytes, uint32_t packets)
{
	uint32_t elapsed_usecs = state->itr >> ITR_USECS_SHIFT;
	uint64_t bytes_per_usec;

	if (packets == 0)
		return current_class;
	bytes_per_usec = IRQMOD_DIV_U64_U32(bytes, elapsed_usecs);
	switch (current_class) {
	case IRQMOD_LATENCY_LOWEST:
		if (bytes_per_usec > state->low_bytes_per_usec)
			return IRQMOD_LATENCY_LOW;
		return IRQMOD_LATENCY_LOWEST;
	case IRQMOD_LATENCY_LOW:
		if (bytes_per_usec > state->bulk_bytes_per_usec)
			return IRQMOD_LATENCY_BULK;
		if (bytes_per_usec <= state->low_bytes_per_usec)
			return IRQMOD_LATENCY_LOWEST;
		return IRQMOD_LATENCY_LOW;
	default:
		if (bytes_per_usec <= state->bulk_bytes_per_usec)
			return IRQMOD_LATENCY_LOW;
		return IRQMOD_LATENCY_BULK;
	}
}

void irqmod_ixgbe_legacy_update(struct irqmod_ixgbe_legacy *state,
				const struct irqmod_sample *sample,
				struct irqmod_decision *decision)
{
	uint32_t previous_register = state->register_value;
	uint32_t target, smoothed;
	uint8_t vector_class;

	/* ixgbe_set_itr: TX container first, then RX, both on the old itr. */
	state->tx_class = next_class(state, state->tx_class, sample->tx_bytes,
				     sample->tx_packets);
	state->rx_class = next_class(state, state->rx_class, sample->rx_bytes,
				     sample->rx_packets);
	vector_class = state->rx_class > state->tx_class ? state->rx_class :
							   state->tx_class;
	switch (vector_class) {
	case IRQMOD_LATENCY_LOWEST:
		target = IRQMOD_IXGBE_LEGACY_100K_ITR;
		break;
	case IRQMOD_LATENCY_LOW:
		target = IRQMOD_IXGBE_LEGACY_20K_ITR;
		break;
	default:
		target = state->bulk_itr;
		break;
	}
	if (target != state->itr) {
		/*
		 * Exponential smoothing of the rate with weight 0.1, written in
		 * interval units. All values are at most 500, so the product
		 * (at most 2.5e6) fits 32 bits.
		 */
		smoothed = SMOOTH_NUMERATOR_WEIGHT * target * state->itr /
			   (SMOOTH_NEW_WEIGHT * target + state->itr);
		program_itr(state, smoothed);
	}
	irqmod_decision_rearm(decision, state->interval_ns,
			      state->register_value != previous_register);
}

void irqmod_ixgbe_legacy_current(const struct irqmod_ixgbe_legacy *state,
				 struct irqmod_decision *decision)
{
	irqmod_decision_rearm(decision, state->interval_ns, false);
}

/* Registration in the kind table: the last published form, bulk at 12K (2015 floor patch). */
int irqmod_ixgbe_legacy_kind_defaults(void *config, uint32_t link_speed_mbps)
{
	(void)link_speed_mbps;
	return irqmod_ixgbe_legacy_default_config(config);
}
