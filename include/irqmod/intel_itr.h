/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/**
 * DOC: Settings of the Intel adaptive controllers
 *
 * irqmod_ixgbe (irqmod/ixgbe.h) and irqmod_i40e (irqmod/i40e.h) run the same
 * "ixgbe family" adaptive ITR of Linux (ixgbe_update_itr() since 2017,
 * i40e_update_itr()) with different constants, so they take the same
 * settings. The limits each controller accepts (the interval granule, the
 * largest ceiling) are those of its init function.
 */
#ifndef IRQMOD_INTEL_ITR_H
#define IRQMOD_INTEL_ITR_H

#include "irqmod/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * struct irqmod_intel_itr_config - settings of an Intel adaptive controller.
 * Every interval is a whole number of the controller's granule: 1 us for
 * ixgbe (the algorithm works in microseconds), 2 us for i40e (the register
 * counts 2 us).
 * @min_interval_ns: floor of halving and the RX stale restart; at least one
 *                   granule.
 * @max_interval_ns: ceiling of every value (and i40e's TX stale restart);
 *                   min..126 us for ixgbe, min..8160 us for i40e.
 * @step_ns: increment and rounding unit (MIN_INC); one granule..126 us.
 * @initial_interval_ns: the interval the driver programs at setup; min..max.
 * @tick_ns: length of one tick (jiffy) of the staleness test; non-zero.
 * @link_speed_mbps: link speed, which selects the size curve's scale;
 *                   1..800000.
 * @rx_ring: the vector carries an RX ring.
 * @tx_ring: the vector carries a TX ring. At least one must be set.
 */
struct irqmod_intel_itr_config {
	uint32_t min_interval_ns;
	uint32_t max_interval_ns;
	uint32_t step_ns;
	uint32_t initial_interval_ns;
	uint32_t tick_ns;
	uint32_t link_speed_mbps;
	bool rx_ring;
	bool tx_ring;
};

/**
 * IRQMOD_INTEL_ITR_STEP_DIVIDE - &struct irqmod_intel_itr_scale.step_shift
 * for a step that is not a power of two (rounded up with a division).
 */
#define IRQMOD_INTEL_ITR_STEP_DIVIDE 0xFFu

/**
 * struct irqmod_intel_itr_scale - how an Intel controller turns its size
 * curve into microseconds, derived from the link speed and step at init so
 * that the update only adds, shifts and masks. The drivers compute
 * DIV_ROUND_UP(value, MIN_INC * scale) * MIN_INC with a power-of-two
 * link-speed scale; for a power-of-two step that is
 * ((value + bias) >> shift) << step_shift with shift = log2(scale * step).
 * Internal to the controllers; the fields are documented for debugging.
 * @bias: 2^@shift - 1 (round up).
 * @shift: log2 of the scale, plus log2 of the step when @step_shift is not
 *         IRQMOD_INTEL_ITR_STEP_DIVIDE.
 * @step_shift: log2 of the step in us, or IRQMOD_INTEL_ITR_STEP_DIVIDE.
 */
struct irqmod_intel_itr_scale {
	uint16_t bias;
	uint8_t shift;
	uint8_t step_shift;
};

#ifdef __cplusplus
}
#endif

#endif /* IRQMOD_INTEL_ITR_H */
