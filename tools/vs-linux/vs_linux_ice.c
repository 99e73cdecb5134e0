// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * ice's DIM profile tables (ice_main.c rx_profile and tx_profile), from the
 * build folder. ice runs Linux's net_dim() on them (ice_txrx.c
 * ice_net_dim()), so the walk is vs_linux_dim.c's; only the values differ.
 */
#include "linux_ice_profiles.c"

#include "vs_linux.h"

uint32_t vsl_ice_profile_levels(void)
{
	return ARRAY_SIZE(rx_profile);
}

uint32_t vsl_ice_profile_usecs(bool tx, uint32_t level)
{
	return tx ? tx_profile[level].itr : rx_profile[level].itr;
}
