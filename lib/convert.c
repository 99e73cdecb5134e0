/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "irqmod/convert.h"

#include "itr_encoding_internal.h"

static uint32_t clamp_u32(uint32_t value, uint32_t low, uint32_t high)
{
	if (value < low)
		return low;
	if (value > high)
		return high;
	return value;
}

uint32_t irqmod_ns_to_usecs(uint32_t interval_ns)
{
	return interval_ns / IRQMOD_NS_PER_USEC;
}

uint32_t irqmod_usecs_to_ns(uint32_t usecs)
{
	if (usecs > UINT32_MAX / IRQMOD_NS_PER_USEC)
		return UINT32_MAX;
	return usecs * IRQMOD_NS_PER_USEC;
}

uint32_t irqmod_interval_ns_to_rate_per_s(uint32_t interval_ns)
{
	return interval_ns ? IRQMOD_NS_PER_SEC / interval_ns : 0;
}

uint32_t irqmod_rate_per_s_to_interval_ns(uint32_t rate_per_s)
{
	return rate_per_s ? IRQMOD_NS_PER_SEC / rate_per_s : 0;
}

/* Both ixgbe and igb keep usecs << 2; only their masks differ. */
static uint32_t usecs_shifted_register(uint32_t interval_ns, uint32_t mask,
				       uint32_t minimum)
{
	uint32_t usecs = irqmod_ns_to_usecs(interval_ns);

	if (interval_ns == 0)
		return 0;
	if (usecs > mask >> 2)
		usecs = mask >> 2;
	return clamp_u32((usecs << 2) & mask, minimum, mask);
}

uint32_t irqmod_ixgbe_eitr_from_ns(uint32_t interval_ns)
{
	return usecs_shifted_register(interval_ns, IRQMOD_IXGBE_EITR_MASK,
				      IRQMOD_IXGBE_EITR_MIN);
}

uint32_t irqmod_ixgbe_eitr_to_ns(uint32_t eitr)
{
	return irqmod_ixgbe_eitr_ns(eitr);
}

uint32_t irqmod_igb_eitr_from_ns(uint32_t interval_ns)
{
	return usecs_shifted_register(interval_ns, IRQMOD_IGB_EITR_MASK,
				      IRQMOD_IGB_EITR_MIN);
}

uint32_t irqmod_igb_eitr_to_ns(uint32_t eitr)
{
	return irqmod_igb_eitr_ns(eitr);
}

uint32_t irqmod_e1000_itr_from_ns(uint32_t interval_ns)
{
	if (interval_ns == 0)
		return 0;
	return clamp_u32(interval_ns / IRQMOD_E1000_ITR_UNIT_NS, 1,
			 IRQMOD_E1000_ITR_MAX);
}

uint32_t irqmod_e1000_itr_to_ns(uint32_t itr)
{
	return irqmod_e1000_itr_ns(itr);
}

uint32_t irqmod_i40e_itr_from_ns(uint32_t interval_ns)
{
	if (interval_ns == 0)
		return 0;
	return clamp_u32(interval_ns / IRQMOD_I40E_ITR_UNIT_NS, 1,
			 IRQMOD_I40E_ITR_MAX);
}

uint32_t irqmod_i40e_itr_to_ns(uint32_t itr)
{
	if (itr > IRQMOD_I40E_ITR_MAX)
		itr = IRQMOD_I40E_ITR_MAX;
	return itr * IRQMOD_I40E_ITR_UNIT_NS;
}
