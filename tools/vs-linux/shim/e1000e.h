/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * What e1000_update_itr(), e1000_set_itr() and e1000e_write_itr() touch
 * (Linux drivers/net/ethernet/intel/e1000e/e1000.h, hw.h), with the
 * kernel's field types. SPEED_1000 is the ethtool value
 * (include/uapi/linux/ethtool.h). The register writes (writel, ew32) are
 * recorded by the harness (vs_linux_e1000e.c).
 */
#ifndef VS_LINUX_SHIM_E1000E_H
#define VS_LINUX_SHIM_E1000E_H

#include <linux/kernel.h>

#define SPEED_1000 1000

struct msix_entry {
	u32 vector;
};

struct e1000_ring {
	u32 itr_val;
	int set_itr;
};

void vsl_e1000e_writel(u32 value, unsigned long offset);
#define writel(value, address) vsl_e1000e_writel((value), (address))
#define ew32(reg, value) vsl_e1000e_writel((value), E1000_##reg)

struct e1000_hw {
	unsigned long hw_addr;
};

struct e1000_adapter {
	struct e1000_hw hw;
	int num_vectors;
	u32 itr;
	u32 itr_setting;
	u16 tx_itr;
	u16 rx_itr;
	unsigned int total_tx_bytes;
	unsigned int total_tx_packets;
	unsigned int total_rx_bytes;
	unsigned int total_rx_packets;
	u16 link_speed;
	struct e1000_ring *rx_ring;
	struct msix_entry *msix_entries;
	unsigned int flags2;
};


/* Declared in e1000.h; the extracted definition follows. */
void e1000e_write_itr(struct e1000_adapter *adapter, u32 itr);

#endif /* VS_LINUX_SHIM_E1000E_H */
