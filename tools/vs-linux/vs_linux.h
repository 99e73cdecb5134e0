/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The Linux side of the vs-Linux differential (tools/vs-linux/vs-linux.c).
 *
 * Each vs_linux_<driver>.c file includes the Linux code that
 * tools/vs-linux/extract.py generated from Debian's linux-source-6.1 into
 * the build folder, keeps one instance of the driver's structs, and offers
 * three steps per call, so that only Linux's own function is inside the
 * measured wrapper:
 *
 * - vsl_<x>_prepare(): what the driver does before the call (sets the
 *   clock and jiffies, adds the poll's counts to the ring totals or the
 *   cumulative counters of a struct dim_sample);
 * - linux_bench_<x>(): the noinline wrapper around Linux's function that
 *   callgrind toggles on (--toggle-collect=linux_bench_<x>);
 * - vsl_<x>_result(): what the driver programs afterwards, read from the
 *   structs (for DIM also the work item: apply the new profile and start
 *   measuring again, before the next sample).
 *
 * Only fixed-width types cross this interface, so the harness never sees a
 * kernel type and the kernel code never sees an irqmod one.
 */
#ifndef VS_LINUX_H
#define VS_LINUX_H

#include <stdbool.h>
#include <stdint.h>

/* The wrappers: noinline, noclone, so callgrind sees each as one function. */
#define VSL_WRAPPER __attribute__((noinline, noclone))

/**
 * struct vsl_counts - one poll as the Linux drivers account it.
 * @now_ns: the poll's time (ktime_get(); jiffies = now_ns / tick_ns).
 * @rx_bytes, @tx_bytes: bytes completed in the poll.
 * @rx_packets, @tx_packets: packets completed in the poll.
 * @events: interrupts since the previous poll (at least 1).
 * @completions: RDMA completions of the poll.
 */
struct vsl_counts {
	uint64_t now_ns;
	uint64_t rx_bytes;
	uint64_t tx_bytes;
	uint32_t rx_packets;
	uint32_t tx_packets;
	uint32_t events;
	uint32_t completions;
};

/**
 * struct vsl_result - what the Linux side decided in one call.
 * @level: DIM profile_ix; ixgbe q_vector->itr; i40e -; e1000e adapter->itr;
 *         igb q_vector->itr_val.
 * @rx_value, @tx_value: i40e rx.current_itr and tx.current_itr (usecs | flag).
 * @rx_target, @tx_target: i40e target values.
 * @register_value: ixgbe: the EITR value written (itr & IXGBE_MAX_EITR);
 *                  i40e: the interval handed to the register (usecs | flag);
 *                  igb: the EITR interval field (without CNT_IGNR).
 * @register_index: i40e: the ITR index written (I40E_ITR_NONE: none).
 * @written: Linux programmed a new value in this call (DIM: the work item
 *           was scheduled; ixgbe: ixgbe_write_eitr(); i40e: an index other
 *           than I40E_ITR_NONE; e1000e: set_itr; igb: igb_write_itr() wrote
 *           a register value other than the one the register holds).
 * @rewritten: igb: igb_write_itr() wrote the value the register already
 *             holds (itr_val moved within one register granule).
 */
struct vsl_result {
	uint32_t level;
	uint32_t rx_value;
	uint32_t tx_value;
	uint32_t rx_target;
	uint32_t tx_target;
	uint32_t register_value;
	uint32_t register_index;
	bool written;
	bool rewritten;
};

/* Net DIM (lib/dim/net_dim.c) and RDMA DIM (lib/dim/rdma_dim.c). */
void vsl_dim_setup(uint32_t start_level, uint32_t start_packets, uint32_t start_bytes,
		   uint16_t start_events);
/* @tx: count TX packets and bytes instead of RX (a TX CQ's struct dim). */
void vsl_dim_prepare(const struct vsl_counts *counts, bool tx);
/* True when the next net_dim() call can only count (window not full yet). */
bool vsl_dim_counting_only(void);
void linux_bench_net_dim(void);
void linux_bench_net_dim_count(void);
/* The same net_dim() with its sample by reference (upstream since 2024). */
void linux_bench_net_dim_by_ref(void);
void linux_bench_net_dim_by_ref_count(void);
void vsl_dim_result(struct vsl_result *result);
/* Linux's profile @level of the RX (or TX) table for @cqe_mode. */
void vsl_dim_moderation(bool tx, bool cqe_mode, uint32_t level, uint32_t *usecs,
			uint32_t *packets);
/* ice's table (ice_main.c rx_profile / tx_profile): usecs of @level. */
uint32_t vsl_ice_profile_usecs(bool tx, uint32_t level);
uint32_t vsl_ice_profile_levels(void);

void vsl_rdma_setup(uint32_t start_level);
/* The RDMA core's profile @level (cq.c rdma_dim_prof): usec and comps. */
void vsl_rdma_moderation(uint32_t level, uint32_t *usecs, uint32_t *completions);
uint32_t vsl_rdma_levels(void);
void vsl_rdma_prepare(const struct vsl_counts *counts);
bool vsl_rdma_counting_only(void);
void linux_bench_rdma_dim(void);
void linux_bench_rdma_dim_count(void);
void vsl_rdma_result(struct vsl_result *result);

/* ixgbe (ixgbe_main.c ixgbe_set_itr). */
void vsl_ixgbe_setup(uint32_t link_speed_mbps, uint64_t first_now_ns, uint64_t tick_ns);
void vsl_ixgbe_prepare(const struct vsl_counts *counts);
/* A link change: adapter->link_speed, which ixgbe_update_itr() reads. */
void vsl_ixgbe_set_link_speed(uint32_t link_speed_mbps);
void linux_bench_ixgbe_set_itr(void);
void vsl_ixgbe_result(struct vsl_result *result);

/* i40e (i40e_txrx.c i40e_update_enable_itr). */
void vsl_i40e_setup(uint32_t link_speed_mbps, uint64_t first_now_ns, uint64_t tick_ns);
void vsl_i40e_prepare(const struct vsl_counts *counts);
void linux_bench_i40e_update_enable_itr(void);
void vsl_i40e_result(struct vsl_result *result);

/* e1000e (netdev.c e1000_set_itr), InterruptThrottleRate 3. */
void vsl_e1000e_setup(uint32_t link_speed_mbps);
void vsl_e1000e_prepare(const struct vsl_counts *counts);
void linux_bench_e1000_set_itr(void);
void vsl_e1000e_result(struct vsl_result *result);

/* igb (igb_main.c igb_set_itr and igb_update_ring_itr), rx-usecs 3. */
void vsl_igb_setup(uint32_t link_speed_mbps);
void vsl_igb_prepare(const struct vsl_counts *counts);
void linux_bench_igb_set_itr(void);
void linux_bench_igb_update_ring_itr(void);
void vsl_igb_result(struct vsl_result *result);

/*
 * mlx4 (en_netdev.c mlx4_en_auto_moderation), HZ 1000: Linux's defaults,
 * the setup of @ring_count rings whose counters start at @start_packets and
 * @start_bytes, and @custom (NULL: the defaults) rate low, rate high, usecs
 * low, usecs high. prepare() is false when Linux's task would not run
 * (sample interval 0 and no jiffy passed).
 */
void vsl_mlx4_defaults(uint32_t *rate_low, uint32_t *rate_high, uint32_t *usecs,
		       uint32_t *usecs_low, uint32_t *usecs_high, uint32_t *frames,
		       uint32_t *sample_interval_s);
void vsl_mlx4_setup(uint32_t ring_count, uint32_t sample_interval_s, const uint32_t *custom,
		    uint64_t start_packets, uint64_t start_bytes, uint64_t tick_ns);
bool vsl_mlx4_prepare(const struct vsl_counts *counts);
void linux_bench_mlx4_en_auto_moderation(void);
void vsl_mlx4_result(struct vsl_result *result);

/*
 * sfc (efx_channels.c efx_poll and efx_update_irq_mod): Linux's defaults
 * (rx_irq_mod_usec and the two module parameters), a channel set up with
 * them or the row's own, and one poll of @counts: @budget_exhausted polls
 * spend the whole budget, VSL_SFC_BUDGET (NAPI_POLL_WEIGHT,
 * include/linux/netdevice.h), the others their RX packets (fewer).
 */
#define VSL_SFC_BUDGET 64u
void vsl_sfc_defaults(uint32_t *rx_usecs, uint32_t *score_low, uint32_t *score_high);
void vsl_sfc_setup(uint32_t timer_quantum_ns, uint32_t rx_usecs, uint32_t score_low,
		   uint32_t score_high);
void vsl_sfc_prepare(const struct vsl_counts *counts, bool budget_exhausted);
void linux_bench_efx_poll(void);
void vsl_sfc_result(struct vsl_result *result);

#endif /* VS_LINUX_H */
