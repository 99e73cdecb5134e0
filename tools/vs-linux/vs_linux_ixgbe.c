// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * The Linux side for ixgbe: ixgbe_update_itr() and ixgbe_set_itr() as
 * extracted into the build folder, on one q_vector with an RX and a TX ring.
 *
 * Setup as ixgbe_alloc_q_vector() (ixgbe_lib.c) leaves it: the vector at
 * IXGBE_20K_ITR, each container at IXGBE_ITR_ADAPTIVE_MAX_USECS |
 * IXGBE_ITR_ADAPTIVE_LATENCY. ixgbe_add_ring() sets next_update to
 * jiffies + 1; here setup happened two jiffies before the first poll, so the
 * first update is stale, the one documented boundary of irqmod (its first
 * update is always stale: docs/adaptive.md, "How irqmod differs from
 * Linux"). Before each call the driver's ring cleanup has summed the poll's
 * packets and bytes into total_packets and total_bytes (unsigned int).
 */
#include <string.h>

#include "linux_ixgbe.c"

#include "vs_linux.h"

static struct ixgbe_adapter adapter;
static struct ixgbe_ring rx_ring;
static struct ixgbe_ring tx_ring;
static struct ixgbe_q_vector q_vector;
static uint64_t tick_ns;
static unsigned int eitr_writes;
static u32 eitr_value;

void ixgbe_write_eitr(struct ixgbe_q_vector *vector)
{
	/* As ixgbe_write_eitr(): the register takes itr & IXGBE_MAX_EITR. */
	eitr_value = vector->itr & IXGBE_MAX_EITR;
	eitr_writes++;
}

/* ixgbe's link speed flags (ixgbe_type.h); 0 for speeds ixgbe has no flag for. */
static u32 ixgbe_link_flag(uint32_t link_speed_mbps)
{
	switch (link_speed_mbps) {
	case 10:
		return IXGBE_LINK_SPEED_10_FULL;
	case 100:
		return IXGBE_LINK_SPEED_100_FULL;
	case 1000:
		return IXGBE_LINK_SPEED_1GB_FULL;
	case 2500:
		return IXGBE_LINK_SPEED_2_5GB_FULL;
	case 5000:
		return IXGBE_LINK_SPEED_5GB_FULL;
	case 10000:
		return IXGBE_LINK_SPEED_10GB_FULL;
	default:
		return 0;
	}
}

void vsl_ixgbe_setup(uint32_t link_speed_mbps, uint64_t first_now_ns, uint64_t tick)
{
	unsigned long first_jiffies = (unsigned long)(first_now_ns / tick);

	tick_ns = tick;
	adapter.link_speed = ixgbe_link_flag(link_speed_mbps);
	q_vector.adapter = &adapter;
	q_vector.itr = IXGBE_20K_ITR;
	q_vector.rx.ring = &rx_ring;
	q_vector.tx.ring = &tx_ring;
	q_vector.rx.itr = IXGBE_ITR_ADAPTIVE_MAX_USECS | IXGBE_ITR_ADAPTIVE_LATENCY;
	q_vector.tx.itr = IXGBE_ITR_ADAPTIVE_MAX_USECS | IXGBE_ITR_ADAPTIVE_LATENCY;
	/* ixgbe_add_ring() two jiffies before the first poll. */
	q_vector.rx.next_update = first_jiffies - 2 + 1;
	q_vector.tx.next_update = first_jiffies - 2 + 1;
	q_vector.rx.total_packets = 0;
	q_vector.rx.total_bytes = 0;
	q_vector.tx.total_packets = 0;
	q_vector.tx.total_bytes = 0;
	eitr_writes = 0;
	eitr_value = 0;
}

void vsl_ixgbe_set_link_speed(uint32_t link_speed_mbps)
{
	adapter.link_speed = ixgbe_link_flag(link_speed_mbps);
}

void vsl_ixgbe_prepare(const struct vsl_counts *counts)
{
	vsl_jiffies = (unsigned long)(counts->now_ns / tick_ns);
	q_vector.rx.total_packets = counts->rx_packets;
	q_vector.rx.total_bytes = (unsigned int)counts->rx_bytes;
	q_vector.tx.total_packets = counts->tx_packets;
	q_vector.tx.total_bytes = (unsigned int)counts->tx_bytes;
}

VSL_WRAPPER void linux_bench_ixgbe_set_itr(void)
{
	ixgbe_set_itr(&q_vector);
}

void vsl_ixgbe_result(struct vsl_result *result)
{
	static unsigned int seen_writes;

	memset(result, 0, sizeof(*result));
	result->level = q_vector.itr;
	result->register_value = eitr_value;
	result->written = eitr_writes != seen_writes;
	seen_writes = eitr_writes;
}
