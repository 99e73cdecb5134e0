/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * What mlx4_en_auto_moderation() touches (Linux
 * drivers/net/ethernet/mellanox/mlx4/mlx4_en.h: struct mlx4_en_priv,
 * struct mlx4_en_rx_ring, struct mlx4_en_cq), with the kernel's field types
 * and only those fields. HZ is the comparison's 1000 (one jiffy = the
 * harness's VSL_TICK_NS). mlx4_en_set_cq_moder() is the harness's: it
 * counts the writes (vs_linux_mlx4.c).
 */
#ifndef VS_LINUX_SHIM_MLX4_H
#define VS_LINUX_SHIM_MLX4_H

#include <linux/kernel.h>

#define HZ 1000
/* The harness's rings (mlx4_en.h MAX_RX_RINGS is 128). */
#define MAX_RX_RINGS 8

/* include/asm-generic/rwonce.h: one plain load here (no concurrency). */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define en_err(priv, format, ...) ((void)(priv))

struct mlx4_en_rx_ring {
	unsigned long packets;
	unsigned long bytes;
};

struct mlx4_en_cq {
	u16 moder_time;
	u16 moder_cnt;
};

struct mlx4_en_priv {
	struct mlx4_en_rx_ring *rx_ring[MAX_RX_RINGS];
	struct mlx4_en_cq *rx_cq[MAX_RX_RINGS];
	u32 rx_ring_num;
	unsigned long last_moder_packets[MAX_RX_RINGS];
	unsigned long last_moder_bytes[MAX_RX_RINGS];
	unsigned long last_moder_jiffies;
	int last_moder_time[MAX_RX_RINGS];
	u16 rx_usecs;
	u16 rx_frames;
	u32 pkt_rate_low;
	u16 rx_usecs_low;
	u32 pkt_rate_high;
	u16 rx_usecs_high;
	u32 sample_interval;
	u32 adaptive_rx_coal;
};

/* en_cq.c; the harness's stand-in records the write. */
int mlx4_en_set_cq_moder(struct mlx4_en_priv *priv, struct mlx4_en_cq *cq);

#endif /* VS_LINUX_SHIM_MLX4_H */
