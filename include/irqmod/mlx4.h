/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/**
 * DOC: mlx4 controller (Mellanox ConnectX-3 rate-based auto-moderation)
 *
 * The RX interval follows the packet rate of the last sampling window:
 * at most @pkt_rate_low_per_s gives @rx_usecs_low, at least
 * @pkt_rate_high_per_s gives @rx_usecs_high, a rate in between the straight
 * line between the two. A window whose rate is at most a per-ring minimum
 * (IRQMOD_MLX4_RATE_THRESH_PER_S / rings), or whose average packet is
 * small, gets @rx_usecs_low. This is
 * Linux's mlx4_en_auto_moderation() (drivers/net/ethernet/mellanox/mlx4/
 * en_netdev.c), decision for decision; see docs/mlx4.md.
 */
#ifndef IRQMOD_MLX4_H
#define IRQMOD_MLX4_H

#include "irqmod/common.h"
#include "irqmod/convert.h"

#ifdef __cplusplus
extern "C" {
#endif

/** IRQMOD_MLX4_COAL_TIME_MAX - largest usecs value, MLX4_EN_MAX_COAL_TIME (mlx4_en.h, U16_MAX). */
#define IRQMOD_MLX4_COAL_TIME_MAX 65535u
/**
 * IRQMOD_MLX4_COAL_PKTS_MAX - largest rx_frames value, MLX4_EN_MAX_COAL_PKTS
 * (mlx4_en.h, U16_MAX).
 */
#define IRQMOD_MLX4_COAL_PKTS_MAX 65535u
/**
 * IRQMOD_MLX4_RATE_THRESH_PER_S - a window must exceed this rate divided by
 * the ring count to be moderated: MLX4_EN_RX_RATE_THRESH (mlx4_en.h),
 * 1000000 / MLX4_EN_RX_COAL_TIME_HIGH (128) = 7812 packets/s.
 */
#define IRQMOD_MLX4_RATE_THRESH_PER_S 7812u
/**
 * IRQMOD_MLX4_AVG_PKT_SMALL_BYTES - a window's average packet must be above
 * this to be moderated: MLX4_EN_AVG_PKT_SMALL (mlx4_en.h).
 */
#define IRQMOD_MLX4_AVG_PKT_SMALL_BYTES 256u
/**
 * IRQMOD_MLX4_AUTO_CONF - "no interval written yet": the value Linux gives
 * last_moder_time at start (MLX4_EN_AUTO_CONF, mlx4_en.h, 0xffff;
 * mlx4_en_set_default_moderation()).
 */
#define IRQMOD_MLX4_AUTO_CONF 0xffffu
/**
 * IRQMOD_MLX4_DEFAULT_WINDOW_NS - the default sampling window, 250 ms: with
 * MLX4_EN_SAMPLE_INTERVAL 0 (mlx4_en.h) Linux decides at every run of its
 * statistics task, which is queued every STATS_DELAY = HZ / 4 jiffies
 * (mlx4_en.h; mlx4_en_do_get_stats()).
 */
#define IRQMOD_MLX4_DEFAULT_WINDOW_NS 250000000u

/**
 * struct irqmod_mlx4_config - settings (fill with irqmod_mlx4_default_config()).
 * @window_ns: sampling window: an update decides once at least this long
 *	has passed since the last decision (Linux: rate_sample_interval
 *	seconds, that is sample_interval * HZ jiffies, at the statistics
 *	task's cadence); 0 decides on every update at which time advanced.
 * @pkt_rate_low_per_s: at or below this rate, @rx_usecs_low
 *	(MLX4_EN_RX_RATE_LOW, 400000).
 * @pkt_rate_high_per_s: at or above this rate, @rx_usecs_high
 *	(MLX4_EN_RX_RATE_HIGH, 450000). May be at or below
 *	@pkt_rate_low_per_s: the curve is then a step.
 * @rx_usecs: the interval before the first decision and with @adaptive
 *	off (MLX4_EN_RX_COAL_TIME, 16 us); at most 65535.
 * @rx_usecs_low: interval at low rates (MLX4_EN_RX_COAL_TIME_LOW, 0 us);
 *	at most 65535.
 * @rx_usecs_high: interval at high rates (MLX4_EN_RX_COAL_TIME_HIGH,
 *	128 us); at most 65535 and at least @rx_usecs_low.
 * @rx_frames: the frame count written with every interval
 *	(MLX4_EN_RX_COAL_TARGET, 44); at most 65535.
 * @rx_rings: RX rings sharing the threshold IRQMOD_MLX4_RATE_THRESH_PER_S
 *	(Linux divides it by rx_ring_num); at least 1.
 * @adaptive: adaptive-rx on (Linux's default, adaptive_rx_coal = 1); off,
 *	every update answers @rx_usecs.
 */
struct irqmod_mlx4_config {
	uint64_t window_ns;
	uint32_t pkt_rate_low_per_s;
	uint32_t pkt_rate_high_per_s;
	uint32_t rx_usecs;
	uint32_t rx_usecs_low;
	uint32_t rx_usecs_high;
	uint32_t rx_frames;
	uint32_t rx_rings;
	bool adaptive;
};

/**
 * struct irqmod_mlx4 - controller state (caller-owned).
 * @window_start_ns: time of the last decision (0 after init, as Linux's
 *	last_moder_jiffies).
 * @window_ns: copied from the config, 1 for a window of 0 (a window
 *	closes only when the clock moved).
 * @packets: packets since @window_start_ns (wraps modulo 2^64, as the
 *	difference of Linux's free-running counters).
 * @bytes: bytes since @window_start_ns (same).
 * @pkt_rate_low_per_s: copied from the config.
 * @pkt_rate_high_per_s: copied from the config.
 * @rate_threshold_per_s: IRQMOD_MLX4_RATE_THRESH_PER_S / @rx_rings.
 * @last_usecs: the last interval decided, IRQMOD_MLX4_AUTO_CONF before the
 *	first (Linux's last_moder_time).
 * @interval_ns: the interval in force.
 * @rx_usecs: copied from the config.
 * @rx_usecs_low: copied from the config.
 * @rx_usecs_high: copied from the config.
 * @rx_frames: copied from the config.
 * @adaptive: copied from the config.
 */
struct irqmod_mlx4 {
	uint64_t window_start_ns;
	uint64_t window_ns;
	uint64_t packets;
	uint64_t bytes;
	uint32_t pkt_rate_low_per_s;
	uint32_t pkt_rate_high_per_s;
	uint32_t rate_threshold_per_s;
	uint32_t last_usecs;
	uint32_t interval_ns;
	uint16_t rx_usecs;
	uint16_t rx_usecs_low;
	uint16_t rx_usecs_high;
	uint16_t rx_frames;
	bool adaptive;
};

/**
 * irqmod_mlx4_default_config() - fill @config with Linux mlx4_en's defaults.
 * @config: filled with the values listed at struct irqmod_mlx4_config,
 *	one RX ring and a window of IRQMOD_MLX4_DEFAULT_WINDOW_NS.
 * Return: 0 or -IRQMOD_EINVAL for NULL.
 */
IRQMOD_API int irqmod_mlx4_default_config(struct irqmod_mlx4_config *config);

/**
 * irqmod_mlx4_config_check() - validate @config as irqmod_mlx4_init() does.
 * @config: settings to check.
 * @error: filled with the offending field and the bound it breaks on
 *         rejection; may be NULL. Untouched on success.
 * Return: 0; -IRQMOD_EINVAL for NULL; -IRQMOD_ERANGE for a usecs or
 * frames value above 65535, @rx_usecs_high below @rx_usecs_low or
 * @rx_rings 0, checked in the order of the fields in the struct.
 */
IRQMOD_API int irqmod_mlx4_config_check(const struct irqmod_mlx4_config *config,
					struct irqmod_config_error *error);

/**
 * irqmod_mlx4_init() - validate @config and set up @state.
 * @state: caller-owned state.
 * @config: settings.
 * Return: 0 or the error of irqmod_mlx4_config_check() (-IRQMOD_EINVAL for
 * a NULL @state). @state is untouched on error.
 */
IRQMOD_API int irqmod_mlx4_init(struct irqmod_mlx4 *state,
				const struct irqmod_mlx4_config *config);

/**
 * irqmod_mlx4_reset() - back to @rx_usecs, no interval written, the window
 * starting at time 0.
 * @state: state.
 */
IRQMOD_API void irqmod_mlx4_reset(struct irqmod_mlx4 *state);

/**
 * irqmod_mlx4_update() - one update, at the end of a poll or at any timer.
 * @state: state set up by irqmod_mlx4_init().
 * @sample: @rx_bytes and @rx_packets since the previous update, and
 *	@now_ns; nothing else is read.
 * @decision: the interval in force in both fields and @frames =
 *	@rx_frames; @changed when this update decided a window whose
 *	interval differs from the last decided one (always on the first
 *	decided window, unless its interval is 65535 us, as in Linux).
 *
 * The counts add up until the window has elapsed: @now_ns minus the last
 * decision's time, modulo 2^64, at least @window_ns and above 0. A clock
 * that steps back therefore ends the window at once with a rate of about 0,
 * as jiffies stepping back does in Linux. A rate that would overflow 64
 * bits counts as the highest rate.
 */
IRQMOD_API void irqmod_mlx4_update(struct irqmod_mlx4 *state,
				   const struct irqmod_sample *sample,
				   struct irqmod_decision *decision);

/**
 * irqmod_mlx4_current() - the decision in force, without a sample.
 * @state: state set up by irqmod_mlx4_init().
 * @decision: the interval in force, @frames, action re-arm, @changed false.
 */
IRQMOD_API void irqmod_mlx4_current(const struct irqmod_mlx4 *state,
				    struct irqmod_decision *decision);

/*
 * IRQMOD_MLX4_KNOBS(KNOB, ctx) - the knobs of mlx4 in the scenario grammar
 * (mlx4(max=100us)): its rate thresholds, the intervals they map to and its
 * rings. KNOB(ctx, config field, name, is a duration, help) each;
 * include/irqmod/kinds.h names this macro in the row of mlx4,
 * lib/scenario/kinds.c expands it.
 */
#define IRQMOD_MLX4_KNOBS(KNOB, ctx) \
	KNOB(ctx, pkt_rate_low_per_s, "rate_low", false, \
	     "at or below this packet rate, usecs_low (default 400000/s)") \
	KNOB(ctx, pkt_rate_high_per_s, "rate_high", false, \
	     "at or above this packet rate, usecs_high (default 450000/s)") \
	KNOB(ctx, rx_usecs_low, "usecs_low", false, \
	     "interval in us at low rates, <= 65535 (default 0)") \
	KNOB(ctx, rx_usecs_high, "usecs_high", false, \
	     "interval in us at high rates, usecs_low..65535 (default 128)") \
	KNOB(ctx, rx_rings, "rings", false, \
	     "RX rings sharing the 7812/s threshold, >= 1 (default 1)")

#ifdef __cplusplus
}
#endif

#endif /* IRQMOD_MLX4_H */
