/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * What ixgbe_update_itr() and ixgbe_set_itr() touch (Linux
 * drivers/net/ethernet/intel/ixgbe/ixgbe.h), with the kernel's field types:
 * the u8 container value and the u16 vector value matter to the arithmetic.
 * The constants come from the extracted headers (tools/vs-linux/extract.py).
 */
#ifndef VS_LINUX_SHIM_IXGBE_H
#define VS_LINUX_SHIM_IXGBE_H

#include <linux/kernel.h>

struct ixgbe_ring {
	int unused;
};

struct ixgbe_ring_container {
	struct ixgbe_ring *ring;
	unsigned long next_update;
	unsigned int total_bytes;
	unsigned int total_packets;
	u16 work_limit;
	u8 count;
	u8 itr;
};

struct ixgbe_adapter {
	u32 link_speed;
};

struct ixgbe_q_vector {
	struct ixgbe_adapter *adapter;
	u16 itr;
	struct ixgbe_ring_container rx;
	struct ixgbe_ring_container tx;
};

/* The register write: the harness records q_vector->itr (vs_linux_ixgbe.c). */
void ixgbe_write_eitr(struct ixgbe_q_vector *q_vector);

#endif /* VS_LINUX_SHIM_IXGBE_H */
