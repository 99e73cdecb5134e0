/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * What igb_update_itr(), igb_set_itr(), igb_update_ring_itr() and
 * igb_write_itr() touch (Linux drivers/net/ethernet/intel/igb/igb.h,
 * e1000_hw.h), with the kernel's field types. SPEED_1000 is the ethtool
 * value (include/uapi/linux/ethtool.h). writel() records the value written
 * (vs_linux_igb.c).
 */
#ifndef VS_LINUX_SHIM_IGB_H
#define VS_LINUX_SHIM_IGB_H

#include <linux/kernel.h>

#define SPEED_1000 1000

struct igb_ring {
	int unused;
};

struct igb_ring_container {
	struct igb_ring *ring;
	unsigned int total_bytes;
	unsigned int total_packets;
	u16 work_limit;
	u8 count;
	u8 itr;
};

#define __iomem

void vsl_igb_writel(u32 value, void __iomem *address);
#define writel(value, address) vsl_igb_writel((value), (address))

struct e1000_mac_info {
	enum e1000_mac_type type;
};

struct e1000_hw {
	struct e1000_mac_info mac;
};

struct igb_adapter {
	struct e1000_hw hw;
	u32 rx_itr_setting;
	u32 tx_itr_setting;
	u16 link_speed;
};

struct igb_q_vector {
	struct igb_adapter *adapter;
	u16 itr_val;
	u8 set_itr;
	void __iomem *itr_register;
	struct igb_ring_container rx;
	struct igb_ring_container tx;
};

#endif /* VS_LINUX_SHIM_IGB_H */
