// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * The Linux side for i40e: i40e_update_itr() with what it calls and
 * i40e_update_enable_itr() (which runs it for TX and RX and picks the one
 * register to write), as extracted into the build folder, on one MSI-X
 * q_vector with an RX and a TX ring in adaptive mode (I40E_ITR_RX_DEF /
 * I40E_ITR_TX_DEF, the driver's defaults).
 *
 * Setup as i40e_configure_rx_ring()/i40e_vsi_configure_msix() leave it:
 * target and current at ITR_TO_REG(setting) (50 us, bulk), countdown 0,
 * next_update two jiffies before the first poll, so the first update is
 * stale (see vs_linux_ixgbe.c). The register write is recorded by the shim
 * (shim/i40e.h).
 */
#include <string.h>

#include "linux_i40e.c"

#include "vs_linux.h"

enum i40e_dyn_idx vsl_i40e_written_index;
u16 vsl_i40e_written_interval;
unsigned int vsl_i40e_writes;

static struct i40e_pf pf;
static struct i40e_vsi vsi;
static struct i40e_ring rx_ring;
static struct i40e_ring tx_ring;
static struct i40e_q_vector q_vector;
static uint64_t tick_ns;

/* i40e's link speeds (i40e_adminq_cmd.h); unknown for any other speed. */
static enum i40e_aq_link_speed i40e_link(uint32_t link_speed_mbps)
{
	switch (link_speed_mbps) {
	case 100:
		return I40E_LINK_SPEED_100MB;
	case 1000:
		return I40E_LINK_SPEED_1GB;
	case 2500:
		return I40E_LINK_SPEED_2_5GB;
	case 5000:
		return I40E_LINK_SPEED_5GB;
	case 10000:
		return I40E_LINK_SPEED_10GB;
	case 20000:
		return I40E_LINK_SPEED_20GB;
	case 25000:
		return I40E_LINK_SPEED_25GB;
	case 40000:
		return I40E_LINK_SPEED_40GB;
	default:
		return I40E_LINK_SPEED_UNKNOWN;
	}
}

void vsl_i40e_setup(uint32_t link_speed_mbps, uint64_t first_now_ns, uint64_t tick)
{
	unsigned long first_jiffies = (unsigned long)(first_now_ns / tick);

	tick_ns = tick;
	memset(&pf, 0, sizeof(pf));
	memset(&vsi, 0, sizeof(vsi));
	memset(&q_vector, 0, sizeof(q_vector));
	pf.flags = I40E_FLAG_MSIX_ENABLED;
	pf.hw.phy.link_info.link_speed = i40e_link(link_speed_mbps);
	vsi.back = &pf;
	rx_ring.itr_setting = I40E_ITR_RX_DEF;
	tx_ring.itr_setting = I40E_ITR_TX_DEF;
	q_vector.vsi = &vsi;
	q_vector.rx.ring = &rx_ring;
	q_vector.tx.ring = &tx_ring;
	q_vector.rx.target_itr = ITR_TO_REG(rx_ring.itr_setting);
	q_vector.rx.current_itr = q_vector.rx.target_itr;
	q_vector.tx.target_itr = ITR_TO_REG(tx_ring.itr_setting);
	q_vector.tx.current_itr = q_vector.tx.target_itr;
	q_vector.rx.next_update = first_jiffies - 2 + 1;
	q_vector.tx.next_update = first_jiffies - 2 + 1;
	vsl_i40e_writes = 0;
}

void vsl_i40e_prepare(const struct vsl_counts *counts)
{
	vsl_jiffies = (unsigned long)(counts->now_ns / tick_ns);
	q_vector.rx.total_packets = counts->rx_packets;
	q_vector.rx.total_bytes = (unsigned int)counts->rx_bytes;
	q_vector.tx.total_packets = counts->tx_packets;
	q_vector.tx.total_bytes = (unsigned int)counts->tx_bytes;
	vsl_i40e_written_index = I40E_ITR_NONE;
}

VSL_WRAPPER void linux_bench_i40e_update_enable_itr(void)
{
	i40e_update_enable_itr(&vsi, &q_vector);
}

void vsl_i40e_result(struct vsl_result *result)
{
	memset(result, 0, sizeof(*result));
	result->rx_value = q_vector.rx.current_itr;
	result->tx_value = q_vector.tx.current_itr;
	result->rx_target = q_vector.rx.target_itr;
	result->tx_target = q_vector.tx.target_itr;
	result->register_index = vsl_i40e_written_index;
	result->register_value = vsl_i40e_written_interval;
	result->written = vsl_i40e_written_index != I40E_ITR_NONE;
}
