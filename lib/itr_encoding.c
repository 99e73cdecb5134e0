/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "irqmod/itr_encoding.h"
#include "irqmod/convert.h"
#include "config_error.h"

#include "itr_encoding_internal.h"

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
	return irqmod_encoding_register(encoding, level);
}

uint32_t irqmod_itr_encoding_interval_ns(uint32_t encoding,
					 uint32_t register_value)
{
	return irqmod_encoding_interval_ns(encoding, register_value);
}

void irqmod_itr_encoding_program(uint32_t encoding, uint32_t level,
				 uint32_t *register_value, uint32_t *interval_ns)
{
	irqmod_encoding_program(encoding, level, register_value, interval_ns);
}

int irqmod_itr_encoding_level_reject(uint32_t encoding, uint32_t level,
				     const char *kind, const char *field,
				     struct irqmod_config_error *error)
{
	uint32_t min = IRQMOD_ITR_RATE_MIN_PER_S;
	uint32_t max = IRQMOD_ITR_RATE_MAX_PER_S;

	if (irqmod_itr_encoding_level_valid(encoding, level))
		return 0;
	if (encoding == IRQMOD_ITR_ENCODING_IGB_EITR) {
		min = IRQMOD_IGB_EITR_MIN;
		max = IRQMOD_IGB_EITR_MASK;
	} else if (encoding == IRQMOD_ITR_ENCODING_IXGBE_EITR) {
		min = IRQMOD_IXGBE_EITR_MIN;
		max = IRQMOD_IXGBE_EITR_MASK;
	}
	if (level < min)
		return irqmod_reject(error, kind, field, level, "is below",
				     "the encoding's minimum", min,
				     -IRQMOD_ERANGE);
	return irqmod_reject(error, kind, field, level, "is above",
			     "the encoding's maximum", max, -IRQMOD_ERANGE);
}
