// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * The Linux side for mlx4: mlx4_en_auto_moderation() as extracted into the
 * build folder, on a port set up as mlx4_en_set_default_moderation() does
 * (rx_frames MLX4_EN_RX_COAL_TARGET, rx_usecs MLX4_EN_RX_COAL_TIME written
 * to every CQ, last_moder_time MLX4_EN_AUTO_CONF, the rate and interval
 * defaults, last_moder_jiffies 0), or with the row's own rates and
 * intervals. Every ring gets the same counts, so ring 0 stands for all; the
 * ring counters start where the stream says (near 2^64 for "wrap"), with
 * last_moder_packets/bytes there too, as on a port that has run a while.
 */
#include <string.h>

#include "linux_mlx4.c"

#include "vs_linux.h"

static struct mlx4_en_priv priv;
static struct mlx4_en_rx_ring rings[MAX_RX_RINGS];
static struct mlx4_en_cq cqs[MAX_RX_RINGS];
static unsigned int cq_writes;
static uint64_t tick_ns;

int mlx4_en_set_cq_moder(struct mlx4_en_priv *p, struct mlx4_en_cq *cq)
{
	(void)p;
	(void)cq;
	cq_writes++;
	return 0;
}

void vsl_mlx4_defaults(uint32_t *rate_low, uint32_t *rate_high, uint32_t *usecs,
		       uint32_t *usecs_low, uint32_t *usecs_high, uint32_t *frames,
		       uint32_t *sample_interval_s)
{
	*rate_low = MLX4_EN_RX_RATE_LOW;
	*rate_high = MLX4_EN_RX_RATE_HIGH;
	*usecs = MLX4_EN_RX_COAL_TIME;
	*usecs_low = MLX4_EN_RX_COAL_TIME_LOW;
	*usecs_high = MLX4_EN_RX_COAL_TIME_HIGH;
	*frames = MLX4_EN_RX_COAL_TARGET;
	*sample_interval_s = MLX4_EN_SAMPLE_INTERVAL;
}

void vsl_mlx4_setup(uint32_t ring_count, uint32_t sample_interval_s, const uint32_t *custom,
		    uint64_t start_packets, uint64_t start_bytes, uint64_t tick)
{
	uint32_t i;

	memset(&priv, 0, sizeof(priv));
	memset(rings, 0, sizeof(rings));
	memset(cqs, 0, sizeof(cqs));
	tick_ns = tick;
	priv.rx_ring_num = ring_count;
	priv.rx_frames = MLX4_EN_RX_COAL_TARGET;
	priv.rx_usecs = MLX4_EN_RX_COAL_TIME;
	for (i = 0; i < ring_count; i++) {
		priv.rx_ring[i] = &rings[i];
		priv.rx_cq[i] = &cqs[i];
		cqs[i].moder_cnt = priv.rx_frames;
		cqs[i].moder_time = priv.rx_usecs;
		priv.last_moder_time[i] = MLX4_EN_AUTO_CONF;
		rings[i].packets = start_packets;
		rings[i].bytes = start_bytes;
		priv.last_moder_packets[i] = start_packets;
		priv.last_moder_bytes[i] = start_bytes;
	}
	priv.pkt_rate_low = custom ? custom[0] : MLX4_EN_RX_RATE_LOW;
	priv.pkt_rate_high = custom ? custom[1] : MLX4_EN_RX_RATE_HIGH;
	priv.rx_usecs_low = (u16)(custom ? custom[2] : MLX4_EN_RX_COAL_TIME_LOW);
	priv.rx_usecs_high = (u16)(custom ? custom[3] : MLX4_EN_RX_COAL_TIME_HIGH);
	priv.sample_interval = sample_interval_s;
	priv.adaptive_rx_coal = 1;
	priv.last_moder_jiffies = 0;
	cq_writes = 0;
}

bool vsl_mlx4_prepare(const struct vsl_counts *counts)
{
	uint32_t i;

	vsl_jiffies = (unsigned long)(counts->now_ns / tick_ns);
	for (i = 0; i < priv.rx_ring_num; i++) {
		rings[i].packets += counts->rx_packets;
		rings[i].bytes += counts->rx_bytes;
	}
	/*
	 * The statistics task never runs twice in one jiffy; with a sample
	 * interval of 0 such a call would divide by a period of 0.
	 */
	return priv.sample_interval != 0 || vsl_jiffies != priv.last_moder_jiffies;
}

VSL_WRAPPER void linux_bench_mlx4_en_auto_moderation(void)
{
	mlx4_en_auto_moderation(&priv);
}

void vsl_mlx4_result(struct vsl_result *result)
{
	memset(result, 0, sizeof(*result));
	result->level = cqs[0].moder_time;
	result->register_value = cqs[0].moder_cnt;
	result->written = cq_writes != 0;
	cq_writes = 0;
}
