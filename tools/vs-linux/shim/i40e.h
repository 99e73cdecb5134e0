/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * What i40e_update_itr(), i40e_itr_divisor() and i40e_update_enable_itr()
 * touch (Linux drivers/net/ethernet/intel/i40e/i40e.h, i40e_txrx.h,
 * i40e_type.h), with the kernel's field types. The register write is
 * recorded instead of performed: i40e_buildreg_itr() (which only packs the
 * index and interval into the register layout) is replaced by one that
 * keeps both, and wr32() by a counter.
 */
#ifndef VS_LINUX_SHIM_I40E_H
#define VS_LINUX_SHIM_I40E_H

#include <linux/kernel.h>

struct i40e_ring {
	u16 itr_setting;
};

struct i40e_ring_container {
	struct i40e_ring *ring;
	unsigned long next_update;
	unsigned int total_bytes;
	unsigned int total_packets;
	u16 count;
	u16 target_itr;
	u16 current_itr;
};

struct i40e_link_status {
	enum i40e_aq_link_speed link_speed;
};

struct i40e_phy_info {
	struct i40e_link_status link_info;
};

struct i40e_hw {
	struct i40e_phy_info phy;
};

/* The harness's own flag and state bit numbers: only "set" matters here. */
#define I40E_FLAG_MSIX_ENABLED BIT(0)
#define __I40E_VSI_DOWN 0

struct i40e_pf {
	struct i40e_hw hw;
	u64 flags;
};

struct i40e_vsi {
	struct i40e_pf *back;
	unsigned long state[1];
};

struct i40e_q_vector {
	struct i40e_vsi *vsi;
	u16 reg_idx;
	struct i40e_ring_container rx;
	struct i40e_ring_container tx;
	u8 itr_countdown;
	bool in_busy_poll;
};

/* What the last register write asked for (vs_linux_i40e.c). */
extern enum i40e_dyn_idx vsl_i40e_written_index;
extern u16 vsl_i40e_written_interval;
extern unsigned int vsl_i40e_writes;

static inline u32 i40e_buildreg_itr(enum i40e_dyn_idx itr_idx, u16 interval,
				    bool force_swint)
{
	(void)force_swint;
	vsl_i40e_written_index = itr_idx;
	vsl_i40e_written_interval = interval;
	return 0;
}

#define I40E_PFINT_DYN_CTLN(index) (index)
#define wr32(hw, reg, value) ((void)(hw), (void)(reg), (void)(value), vsl_i40e_writes++)

static inline void i40e_irq_dynamic_enable_icr0(struct i40e_pf *pf)
{
	(void)pf;
}

#endif /* VS_LINUX_SHIM_I40E_H */
