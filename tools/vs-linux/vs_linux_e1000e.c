// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * The Linux side for e1000e: e1000_update_itr() and e1000_set_itr() as
 * extracted into the build folder, with InterruptThrottleRate 3 (dynamic
 * conservative, the default: e1000e param.c sets itr_setting 3 and itr
 * 20000) on an MSI-X adapter, so a new rate is handed to the RX ring
 * (rx_ring->set_itr) for the next interrupt. The classes start zeroed
 * (lowest_latency), as the adapter is allocated. After each call that set
 * a new rate, the result step runs Linux's own e1000e_write_itr() on it
 * (outside the measured call: in Linux the next interrupt writes it) to
 * get the ITR register value, 256 ns units.
 */
#include <string.h>

#include "linux_e1000e.c"

#include "vs_linux.h"

static struct e1000_adapter adapter;
static struct e1000_ring rx_ring;
static struct msix_entry msix_entry;
static unsigned int itr_writes;
static u32 itr_register;

void vsl_e1000e_writel(u32 value, unsigned long offset)
{
	(void)offset;
	itr_register = value;
	itr_writes++;
}

void vsl_e1000e_setup(uint32_t link_speed_mbps)
{
	memset(&adapter, 0, sizeof(adapter));
	memset(&rx_ring, 0, sizeof(rx_ring));
	adapter.itr_setting = 3;
	adapter.itr = 20000;
	adapter.link_speed = (u16)link_speed_mbps;
	adapter.rx_ring = &rx_ring;
	adapter.msix_entries = &msix_entry;
	adapter.num_vectors = 1;
	/* e1000_configure_rx() programs the start rate (e1000e_write_itr()). */
	e1000e_write_itr(&adapter, adapter.itr);
	itr_writes = 0;
}

void vsl_e1000e_prepare(const struct vsl_counts *counts)
{
	adapter.total_rx_packets = counts->rx_packets;
	adapter.total_rx_bytes = (unsigned int)counts->rx_bytes;
	adapter.total_tx_packets = counts->tx_packets;
	adapter.total_tx_bytes = (unsigned int)counts->tx_bytes;
	rx_ring.set_itr = 0;
}

VSL_WRAPPER void linux_bench_e1000_set_itr(void)
{
	e1000_set_itr(&adapter);
}

void vsl_e1000e_result(struct vsl_result *result)
{
	memset(result, 0, sizeof(*result));
	result->level = adapter.itr;
	result->written = rx_ring.set_itr != 0 || itr_writes != 0;
	if (rx_ring.set_itr)
		e1000e_write_itr(&adapter, rx_ring.itr_val);
	itr_writes = 0;
	result->register_value = itr_register;
}
