/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "irqmod/mlx4.h"
#include "config_error.h"
#include "decision.h"
#include "deps.h"
#include "kind_defaults.h"

/*
 * Defaults of Linux mlx4_en (mlx4_en.h, set in en_netdev.c
 * mlx4_en_set_default_moderation()).
 */
/* MLX4_EN_RX_COAL_TIME (0x10): the interval before auto-moderation decides. */
#define MLX4_RX_COAL_TIME_USECS 16u
/* MLX4_EN_RX_COAL_TARGET: frames per interrupt. */
#define MLX4_RX_COAL_TARGET_FRAMES 44u
/* MLX4_EN_RX_RATE_LOW and MLX4_EN_RX_COAL_TIME_LOW. */
#define MLX4_RX_RATE_LOW_PER_S 400000u
#define MLX4_RX_COAL_TIME_LOW_USECS 0u
/* MLX4_EN_RX_RATE_HIGH and MLX4_EN_RX_COAL_TIME_HIGH. */
#define MLX4_RX_RATE_HIGH_PER_S 450000u
#define MLX4_RX_COAL_TIME_HIGH_USECS 128u

/* A rate above this times IRQMOD_NS_PER_SEC does not fit 64 bits. */
#define MAX_EXACT_PACKETS (UINT64_MAX / IRQMOD_NS_PER_SEC)

_Static_assert(IRQMOD_MLX4_RATE_THRESH_PER_S == 1000000u / MLX4_RX_COAL_TIME_HIGH_USECS,
	       "MLX4_EN_RX_RATE_THRESH is 1000000 / MLX4_EN_RX_COAL_TIME_HIGH");
_Static_assert((uint64_t)IRQMOD_MLX4_COAL_TIME_MAX * IRQMOD_NS_PER_USEC <= UINT32_MAX,
	       "the longest interval fits the decision's 32 bits");

int irqmod_mlx4_default_config(struct irqmod_mlx4_config *config)
{
	if (!config)
		return -IRQMOD_EINVAL;
	config->window_ns = IRQMOD_MLX4_DEFAULT_WINDOW_NS;
	config->pkt_rate_low_per_s = MLX4_RX_RATE_LOW_PER_S;
	config->pkt_rate_high_per_s = MLX4_RX_RATE_HIGH_PER_S;
	config->rx_usecs = MLX4_RX_COAL_TIME_USECS;
	config->rx_usecs_low = MLX4_RX_COAL_TIME_LOW_USECS;
	config->rx_usecs_high = MLX4_RX_COAL_TIME_HIGH_USECS;
	config->rx_frames = MLX4_RX_COAL_TARGET_FRAMES;
	config->rx_rings = 1;
	config->adaptive = true;
	return 0;
}

#define KIND "mlx4"

/* @value above the 16-bit limit mlx4_en_set_coalesce() enforces. */
static int reject_above_u16(struct irqmod_config_error *error, const char *field,
			    uint32_t value, uint32_t limit)
{
	return irqmod_reject(error, KIND, field, value, "is above",
			     "the 16-bit field of the hardware", limit, -IRQMOD_ERANGE);
}

int irqmod_mlx4_config_check(const struct irqmod_mlx4_config *config,
			     struct irqmod_config_error *error)
{
	if (!config)
		return irqmod_reject_null(error, KIND);
	if (config->rx_usecs > IRQMOD_MLX4_COAL_TIME_MAX)
		return reject_above_u16(error, "rx_usecs", config->rx_usecs,
					IRQMOD_MLX4_COAL_TIME_MAX);
	if (config->rx_usecs_low > IRQMOD_MLX4_COAL_TIME_MAX)
		return reject_above_u16(error, "rx_usecs_low", config->rx_usecs_low,
					IRQMOD_MLX4_COAL_TIME_MAX);
	if (config->rx_usecs_high > IRQMOD_MLX4_COAL_TIME_MAX)
		return reject_above_u16(error, "rx_usecs_high", config->rx_usecs_high,
					IRQMOD_MLX4_COAL_TIME_MAX);
	/*
	 * Linux takes a high interval below the low one and then interpolates
	 * through an unsigned wrap; irqmod refuses it instead.
	 */
	if (config->rx_usecs_high < config->rx_usecs_low)
		return irqmod_reject(error, KIND, "rx_usecs_high", config->rx_usecs_high,
				     "is below", "rx_usecs_low", config->rx_usecs_low,
				     -IRQMOD_ERANGE);
	if (config->rx_frames > IRQMOD_MLX4_COAL_PKTS_MAX)
		return reject_above_u16(error, "rx_frames", config->rx_frames,
					IRQMOD_MLX4_COAL_PKTS_MAX);
	if (config->rx_rings == 0)
		return irqmod_reject(error, KIND, "rx_rings", 0, "must be at least", NULL, 1,
				     -IRQMOD_ERANGE);
	return 0;
}

int irqmod_mlx4_init(struct irqmod_mlx4 *state, const struct irqmod_mlx4_config *config)
{
	int error;

	if (!state)
		return -IRQMOD_EINVAL;
	error = irqmod_mlx4_config_check(config, NULL);
	if (error)
		return error;
	/* A window of 0 closes only when the clock moved: Linux would divide by a period of 0. */
	state->window_ns = config->window_ns ? config->window_ns : 1u;
	state->pkt_rate_low_per_s = config->pkt_rate_low_per_s;
	state->pkt_rate_high_per_s = config->pkt_rate_high_per_s;
	state->rate_threshold_per_s = IRQMOD_MLX4_RATE_THRESH_PER_S / config->rx_rings;
	state->rx_usecs = (uint16_t)config->rx_usecs;
	state->rx_usecs_low = (uint16_t)config->rx_usecs_low;
	state->rx_usecs_high = (uint16_t)config->rx_usecs_high;
	state->rx_frames = (uint16_t)config->rx_frames;
	state->adaptive = config->adaptive;
	irqmod_mlx4_reset(state);
	return 0;
}

void irqmod_mlx4_reset(struct irqmod_mlx4 *state)
{
	state->window_start_ns = 0;
	state->packets = 0;
	state->bytes = 0;
	state->last_usecs = IRQMOD_MLX4_AUTO_CONF;
	state->interval_ns = (uint32_t)state->rx_usecs * IRQMOD_NS_PER_USEC;
}

/*
 * The interval for a window of @packets and @bytes over @elapsed_ns (> 0),
 * mlx4_en_auto_moderation()'s formula with the jiffies window in ns. Linux
 * computes rate = packets * HZ / period_jiffies; with now_ns = jiffies *
 * (10^9 / HZ), packets * 10^9 / elapsed_ns is the same fraction with both
 * terms multiplied by 10^9 / HZ, so its floor is the same.
 */
static uint32_t window_usecs(const struct irqmod_mlx4 *state, uint64_t packets,
			     uint64_t bytes, uint64_t elapsed_ns)
{
	uint64_t rate, average, offset;
	uint32_t low = state->pkt_rate_low_per_s, high = state->pkt_rate_high_per_s, span;

	if (packets > MAX_EXACT_PACKETS)
		rate = UINT64_MAX;
	else
		rate = IRQMOD_DIV64_U64(packets * IRQMOD_NS_PER_SEC, elapsed_ns);
	average = packets ? IRQMOD_DIV64_U64(bytes, packets) : 0;
	/* Too few packets per second, or small ones: no moderation to speak of. */
	if (rate <= state->rate_threshold_per_s || average <= IRQMOD_MLX4_AVG_PKT_SMALL_BYTES ||
	    rate <= low)
		return state->rx_usecs_low;
	/*
	 * rate > low here. As offsets from low, Linux's "rate >= high" is
	 * "offset >= span"; with high at or below low (a step) the span is 0
	 * and every rate above low takes the high interval, as in Linux. Put
	 * so, the division below is visibly by at least 1, and offset < span
	 * < 2^32 times a 16-bit usecs span fits 64 bits.
	 */
	offset = rate - low;
	span = high > low ? high - low : 0;
	if (offset >= span)
		return state->rx_usecs_high;
	return (uint32_t)IRQMOD_DIV_U64_U32(offset * (uint32_t)(state->rx_usecs_high -
								state->rx_usecs_low),
					    span) + state->rx_usecs_low;
}

/* The interval in force and the frame count, as every answer carries them. */
static inline void mlx4_answer(const struct irqmod_mlx4 *state,
			       struct irqmod_decision *decision, bool changed)
{
	irqmod_decision_rearm(decision, state->interval_ns, changed);
	decision->frames = state->rx_frames;
}

/* The window's close: its divisions and registers stay off the counting calls. */
static IRQMOD_COLD_PATH void mlx4_close_window(struct irqmod_mlx4 *state, uint64_t now_ns,
					       uint64_t elapsed_ns,
					       struct irqmod_decision *decision)
{
	uint32_t usecs = window_usecs(state, state->packets, state->bytes, elapsed_ns);
	bool changed = false;

	/* Linux writes when the interval differs from the last one it wrote. */
	if (usecs != state->last_usecs) {
		state->last_usecs = usecs;
		state->interval_ns = usecs * IRQMOD_NS_PER_USEC;
		changed = true;
	}
	state->packets = 0;
	state->bytes = 0;
	state->window_start_ns = now_ns;
	mlx4_answer(state, decision, changed);
}

void irqmod_mlx4_update(struct irqmod_mlx4 *state, const struct irqmod_sample *sample,
			struct irqmod_decision *decision)
{
	uint64_t elapsed_ns;

	if (state->adaptive) {
		state->packets += sample->rx_packets;
		state->bytes += sample->rx_bytes;
		/* window_ns >= 1: a window closes only when the clock moved. */
		elapsed_ns = sample->now_ns - state->window_start_ns;
		if (elapsed_ns >= state->window_ns) {
			mlx4_close_window(state, sample->now_ns, elapsed_ns, decision);
			return;
		}
	}
	mlx4_answer(state, decision, false);
}

void irqmod_mlx4_current(const struct irqmod_mlx4 *state, struct irqmod_decision *decision)
{
	mlx4_answer(state, decision, false);
}

/* Registration in the kind table: Linux mlx4_en's defaults, one RX ring, a 250 ms window. */
int irqmod_mlx4_kind_defaults(void *config, uint32_t link_speed_mbps)
{
	(void)link_speed_mbps;
	return irqmod_mlx4_default_config(config);
}
