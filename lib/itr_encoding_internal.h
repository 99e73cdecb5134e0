/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The register encodings of irqmod/itr_encoding.h and the register-to-ns
 * conversions of irqmod/convert.h, as inline functions: the latency-class
 * and average-size controllers program a level whenever it moves, often
 * enough that two out-of-line calls and their switches were a large part of
 * an update. The public functions in itr_encoding.c and convert.c call
 * these, so each formula exists once. Internal to the library.
 */
#ifndef IRQMOD_ITR_ENCODING_INTERNAL_H
#define IRQMOD_ITR_ENCODING_INTERNAL_H

#include "irqmod/convert.h"
#include "irqmod/itr_encoding.h"

#include "deps.h"

/*
 * 1e9 / 256 is exactly 3906250, so 1e9 / (256 * rate) == 3906250 / rate for
 * every rate: the e1000 formula needs no 64-bit product.
 */
#define IRQMOD_E1000_ITR_DIVIDEND (IRQMOD_NS_PER_SEC / IRQMOD_E1000_ITR_UNIT_NS)
/* FreeBSD if_igc.h IGC_EITR_DIVIDEND: microseconds per second. */
#define IRQMOD_EITR_RATE_DIVIDEND 1000000u
/* FreeBSD if_igc.h IGC_EITR_SHIFT: whole microseconds sit in bits 14:2. */
#define IRQMOD_EITR_RATE_SHIFT 2u
/* ixgbe and igb keep usecs << 2 in their EITR interval field. */
#define IRQMOD_EITR_USECS_SHIFT 2u

/* irqmod_e1000_itr_to_ns(). */
static inline uint32_t irqmod_e1000_itr_ns(uint32_t itr)
{
	return (itr & IRQMOD_E1000_ITR_MAX) * IRQMOD_E1000_ITR_UNIT_NS;
}

/* irqmod_igb_eitr_to_ns(). */
static inline uint32_t irqmod_igb_eitr_ns(uint32_t eitr)
{
	return ((eitr & IRQMOD_IGB_EITR_MASK) >> IRQMOD_EITR_USECS_SHIFT) * IRQMOD_NS_PER_USEC;
}

/* irqmod_ixgbe_eitr_to_ns(). */
static inline uint32_t irqmod_ixgbe_eitr_ns(uint32_t eitr)
{
	return ((eitr & IRQMOD_IXGBE_EITR_MASK) >> IRQMOD_EITR_USECS_SHIFT) * IRQMOD_NS_PER_USEC;
}

/* irqmod_itr_encoding_register(). */
static inline uint32_t irqmod_encoding_register(uint32_t encoding, uint32_t level)
{
	uint32_t value;

	switch (encoding) {
	case IRQMOD_ITR_ENCODING_E1000_ITR_RATE:
		if (level == 0)
			return 0;
		value = IRQMOD_E1000_ITR_DIVIDEND / level;
		return value > IRQMOD_E1000_ITR_MAX ? IRQMOD_E1000_ITR_MAX : value;
	case IRQMOD_ITR_ENCODING_EITR_RATE:
		if (level == 0)
			return 0;
		value = IRQMOD_EITR_RATE_DIVIDEND / level;
		/* Saturate instead of letting the shift wrap past bit 14. */
		if (value > IRQMOD_IGB_EITR_MASK >> IRQMOD_EITR_RATE_SHIFT)
			value = IRQMOD_IGB_EITR_MASK >> IRQMOD_EITR_RATE_SHIFT;
		return (value << IRQMOD_EITR_RATE_SHIFT) & IRQMOD_IGB_EITR_MASK;
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

/* irqmod_itr_encoding_interval_ns(). */
static inline uint32_t irqmod_encoding_interval_ns(uint32_t encoding,
						   uint32_t register_value)
{
	switch (encoding) {
	case IRQMOD_ITR_ENCODING_E1000_ITR_RATE:
		return irqmod_e1000_itr_ns(register_value);
	case IRQMOD_ITR_ENCODING_EITR_RATE:
	case IRQMOD_ITR_ENCODING_IGB_EITR:
		return irqmod_igb_eitr_ns(register_value);
	case IRQMOD_ITR_ENCODING_IXGBE_EITR:
		return irqmod_ixgbe_eitr_ns(register_value);
	default:
		return 0;
	}
}

/* One encoding's register value and interval, folded for a constant @encoding. */
static IRQMOD_ALWAYS_INLINE void
irqmod_encoding_program_as(uint32_t encoding, uint32_t level,
			   uint32_t *register_value, uint32_t *interval_ns)
{
	uint32_t value = irqmod_encoding_register(encoding, level);

	*register_value = value;
	*interval_ns = irqmod_encoding_interval_ns(encoding, value);
}

/*
 * irqmod_itr_encoding_program(). One switch, each case with its encoding as
 * a constant, instead of the two switches of the register and interval
 * functions: the controllers program a level on most busy updates.
 */
static inline void irqmod_encoding_program(uint32_t encoding, uint32_t level,
					   uint32_t *register_value,
					   uint32_t *interval_ns)
{
	switch (encoding) {
	case IRQMOD_ITR_ENCODING_IGB_EITR:
		irqmod_encoding_program_as(IRQMOD_ITR_ENCODING_IGB_EITR, level,
					   register_value, interval_ns);
		return;
	case IRQMOD_ITR_ENCODING_E1000_ITR_RATE:
		irqmod_encoding_program_as(IRQMOD_ITR_ENCODING_E1000_ITR_RATE, level,
					   register_value, interval_ns);
		return;
	case IRQMOD_ITR_ENCODING_EITR_RATE:
		irqmod_encoding_program_as(IRQMOD_ITR_ENCODING_EITR_RATE, level,
					   register_value, interval_ns);
		return;
	case IRQMOD_ITR_ENCODING_IXGBE_EITR:
		irqmod_encoding_program_as(IRQMOD_ITR_ENCODING_IXGBE_EITR, level,
					   register_value, interval_ns);
		return;
	default:
		*register_value = 0;
		*interval_ns = 0;
		return;
	}
}

#endif /* IRQMOD_ITR_ENCODING_INTERNAL_H */
