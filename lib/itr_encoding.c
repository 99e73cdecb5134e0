/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "irqmod/itr_encoding.h"
#include "irqmod/convert.h"

/*
 * 1e9 / 256 is exactly 3906250, so 1e9 / (256 * rate) == 3906250 / rate for
 * every rate: the e1000 formula needs no 64-bit product.
 */
#define E1000_ITR_DIVIDEND (IRQMOD_NS_PER_SEC / IRQMOD_E1000_ITR_UNIT_NS)
/* FreeBSD if_igc.h IGC_EITR_DIVIDEND: microseconds per second. */
#define EITR_RATE_DIVIDEND 1000000u
/* FreeBSD if_igc.h IGC_EITR_SHIFT: whole microseconds sit in bits 14:2. */
#define EITR_RATE_SHIFT 2u

bool irqmod_itr_encoding_is_rate(uint32_t encoding)
{
	return encoding == IRQMOD_ITR_ENCODING_E1000_ITR_RATE ||
	       encoding == IRQMOD_ITR_ENCODING_EITR_RATE;
}

bool irqmod_itr_encoding_level_valid(uint32_t encoding, uint32_t level)
{
	switch (encoding) {
	case IRQMOD_ITR_ENCODING_E1000_ITR_RATE:
	case IRQMOD_ITR_ENCODING_EITR_RATE:
		return level >= IRQMOD_ITR_RATE_MIN_PER_S &&
		       level <= IRQMOD_ITR_RATE_MAX_PER_S;
	case IRQMOD_ITR_ENCODING_IGB_EITR:
		return level >= IRQMOD_IGB_EITR_MIN && level <= IRQMOD_IGB_EITR_MASK;
	case IRQMOD_ITR_ENCODING_IXGBE_EITR:
		return level >= IRQMOD_IXGBE_EITR_MIN &&
		       level <= IRQMOD_IXGBE_EITR_MASK;
	default:
		return false;
	}
}

uint32_t irqmod_itr_encoding_register(uint32_t encoding, uint32_t level)
{
	uint32_t value;

	switch (encoding) {
	case IRQMOD_ITR_ENCODING_E1000_ITR_RATE:
		if (level == 0)
			return 0;
		value = E1000_ITR_DIVIDEND / level;
		return value > IRQMOD_E1000_ITR_MAX ? IRQMOD_E1000_ITR_MAX : value;
	case IRQMOD_ITR_ENCODING_EITR_RATE:
		if (level == 0)
			return 0;
		value = EITR_RATE_DIVIDEND / level;
		/* Saturate instead of letting the shift wrap past bit 14. */
		if (value > IRQMOD_IGB_EITR_MASK >> EITR_RATE_SHIFT)
			value = IRQMOD_IGB_EITR_MASK >> EITR_RATE_SHIFT;
		return (value << EITR_RATE_SHIFT) & IRQMOD_IGB_EITR_MASK;
	case IRQMOD_ITR_ENCODING_IGB_EITR:
		value = level & IRQMOD_IGB_EITR_MASK;
		/* igb_write_itr: an all-zero field is raised to the 1 us minimum. */
		return value ? value : IRQMOD_IGB_EITR_MIN;
	case IRQMOD_ITR_ENCODING_IXGBE_EITR:
		return level & IRQMOD_IXGBE_EITR_MASK;
	default:
		return 0;
	}
}

uint32_t irqmod_itr_encoding_interval_ns(uint32_t encoding,
					 uint32_t register_value)
{
	switch (encoding) {
	case IRQMOD_ITR_ENCODING_E1000_ITR_RATE:
		return irqmod_e1000_itr_to_ns(register_value);
	case IRQMOD_ITR_ENCODING_EITR_RATE:
	case IRQMOD_ITR_ENCODING_IGB_EITR:
		return irqmod_igb_eitr_to_ns(register_value);
	case IRQMOD_ITR_ENCODING_IXGBE_EITR:
		return irqmod_ixgbe_eitr_to_ns(register_value);
	default:
		return 0;
	}
}

void irqmod_itr_encoding_program(uint32_t encoding, uint32_t level,
				 uint32_t *register_value, uint32_t *interval_ns)
{
	*register_value = irqmod_itr_encoding_register(encoding, level);
	*interval_ns = irqmod_itr_encoding_interval_ns(encoding, *register_value);
}
