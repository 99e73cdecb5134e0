// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * The Linux side for igb: igb_update_itr(), igb_set_itr() (one vector for
 * RX and TX, the latency classes) and igb_update_ring_itr() (one vector per
 * queue pair, the average size) as extracted into the build folder, with
 * rx-usecs 3 (igb's default: rx_itr_setting = tx_itr_setting = 3) and
 * itr_val at IGB_START_ITR, the classes zeroed (lowest_latency), as
 * igb_alloc_q_vector() leaves them, on an 82576 (EITR with CNT_IGNR). A
 * new value is handed to the next interrupt (q_vector->set_itr), whose
 * handler writes it with igb_write_itr(); the result step runs that write
 * (outside the measured call, as it runs in the next interrupt in Linux)
 * and reports whether the register value changed.
 */
#include <string.h>

#include "linux_igb.c"

#include "vs_linux.h"

static struct igb_adapter adapter;
static struct igb_ring rx_ring;
static struct igb_ring tx_ring;
static struct igb_q_vector q_vector;
static u32 eitr_register;
static u32 eitr_written;
static unsigned int eitr_writes;

void vsl_igb_writel(u32 value, void __iomem *address)
{
	(void)address;
	eitr_written = value;
	eitr_writes++;
}

void vsl_igb_setup(uint32_t link_speed_mbps)
{
	memset(&adapter, 0, sizeof(adapter));
	memset(&q_vector, 0, sizeof(q_vector));
	adapter.rx_itr_setting = 3;
	adapter.tx_itr_setting = 3;
	adapter.link_speed = (u16)link_speed_mbps;
	adapter.hw.mac.type = e1000_82576;
	q_vector.adapter = &adapter;
	q_vector.itr_val = IGB_START_ITR;
	q_vector.rx.ring = &rx_ring;
	q_vector.tx.ring = &tx_ring;
	q_vector.itr_register = &eitr_register;
	/* igb_assign_vector() sets set_itr: the first interrupt writes the
	 * start value. Done here, before the first poll. */
	q_vector.set_itr = 1;
	igb_write_itr(&q_vector);
	eitr_register = eitr_written;
	eitr_writes = 0;
}

void vsl_igb_prepare(const struct vsl_counts *counts)
{
	q_vector.rx.total_packets = counts->rx_packets;
	q_vector.rx.total_bytes = (unsigned int)counts->rx_bytes;
	q_vector.tx.total_packets = counts->tx_packets;
	q_vector.tx.total_bytes = (unsigned int)counts->tx_bytes;
	q_vector.set_itr = 0;
}

VSL_WRAPPER void linux_bench_igb_set_itr(void)
{
	igb_set_itr(&q_vector);
}

VSL_WRAPPER void linux_bench_igb_update_ring_itr(void)
{
	igb_update_ring_itr(&q_vector);
}

void vsl_igb_result(struct vsl_result *result)
{
	memset(result, 0, sizeof(*result));
	result->level = q_vector.itr_val;
	/* The next interrupt's handler (igb_msix_ring) writes the register. */
	eitr_writes = 0;
	igb_write_itr(&q_vector);
	if (eitr_writes != 0) {
		result->written = eitr_written != eitr_register;
		result->rewritten = !result->written;
		eitr_register = eitr_written;
	}
	result->register_value = eitr_register & ~(u32)E1000_EITR_CNT_IGNR;
}
