/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Shared pieces of the Intel "ixgbe family" adaptive ITR (ixgbe since 2017,
 * i40e, iavf, ice before 2021): the piecewise-linear average-size curve, the
 * packets-per-interrupt bands, the checks and copy of the common settings
 * (struct irqmod_intel_itr_config) and the jiffy staleness test. Each
 * controller passes its own constants, so the logic exists once. Internal
 * to the library (not installed).
 */
#ifndef IRQMOD_ITR_CURVE_H
#define IRQMOD_ITR_CURVE_H

#include "irqmod/common.h"
#include "irqmod/convert.h"
#include "irqmod/intel_itr.h"

#include "deps.h"

/* Number of linear pieces between the flat start and the plateau. */
#define IRQMOD_ITR_CURVE_PIECES 3

/*
 * struct irqmod_itr_curve - the average-size curve, in 1/256 us at the
 * driver's reference speed (Linux ixgbe_update_itr, i40e_update_itr).
 * @start_limit_bytes: sizes up to this give @start_value.
 * @start_value: the flat start.
 * @limit_bytes: inclusive upper size limit of each linear piece; a size
 *               above the last one gives @plateau_value.
 * @slope: multiplier of the average size in each piece.
 * @offset: constant added in each piece.
 * @plateau_value: value for sizes above the last limit.
 */
struct irqmod_itr_curve {
	uint32_t start_limit_bytes;
	uint32_t start_value;
	uint32_t limit_bytes[IRQMOD_ITR_CURVE_PIECES];
	uint32_t slope[IRQMOD_ITR_CURVE_PIECES];
	uint32_t offset[IRQMOD_ITR_CURVE_PIECES];
	uint32_t plateau_value;
};

/*
 * enum irqmod_itr_band - what a packets-per-interrupt count asks for.
 * @IRQMOD_ITR_BAND_NONE: no packets.
 * @IRQMOD_ITR_BAND_LATENCY: a few small packets: latency mode, size curve.
 * @IRQMOD_ITR_BAND_INCREASE: slightly too many interrupts: add a step.
 * @IRQMOD_ITR_BAND_HOLD: "goldilocks": keep the interval.
 * @IRQMOD_ITR_BAND_HALVE: overrun: halve the interval.
 * @IRQMOD_ITR_BAND_BULK: gross overrun: bulk mode, size curve.
 */
enum irqmod_itr_band {
	IRQMOD_ITR_BAND_NONE,
	IRQMOD_ITR_BAND_LATENCY,
	IRQMOD_ITR_BAND_INCREASE,
	IRQMOD_ITR_BAND_HOLD,
	IRQMOD_ITR_BAND_HALVE,
	IRQMOD_ITR_BAND_BULK,
};

/*
 * struct irqmod_itr_bands - packet-count thresholds, each exclusive ("below").
 * @latency_packets: fewer packets than this, and
 * @latency_bytes: fewer bytes than this, mean latency mode.
 * @increase_packets: fewer than this (and not latency): add a step.
 * @hold_packets: fewer than this: hold.
 * @halve_packets: fewer than this: halve; otherwise bulk.
 */
struct irqmod_itr_bands {
	uint32_t latency_packets;
	uint32_t latency_bytes;
	uint32_t increase_packets;
	uint32_t hold_packets;
	uint32_t halve_packets;
};

/*
 * irqmod_itr_curve_value() - the curve at an average frame size.
 * @curve: the driver's curve.
 * @avg_bytes: average bytes per packet (any value; large ones plateau).
 * Return: the curve value (256 times the interval in us at 10 Gb/s).
 */
uint32_t irqmod_itr_curve_value(const struct irqmod_itr_curve *curve,
				uint64_t avg_bytes);

/*
 * irqmod_itr_band_of() - classify one container's counts.
 * @bands: the driver's thresholds.
 * @packets: packets since the last update.
 * @bytes: bytes since the last update.
 * Return: an enum irqmod_itr_band value.
 */
enum irqmod_itr_band irqmod_itr_band_of(const struct irqmod_itr_bands *bands,
					uint32_t packets, uint64_t bytes);

/*
 * irqmod_itr_round_up() - ceil(@value / @divisor) * @step, the drivers'
 * DIV_ROUND_UP(avg_wire_size, divisor) * MIN_INC.
 * @value: curve value (at most 2^31).
 * @divisor: non-zero.
 * @step: step in us.
 * Return: the rounded value, saturating at UINT32_MAX.
 */
uint32_t irqmod_itr_round_up(uint32_t value, uint32_t divisor, uint32_t step);

/*
 * A container is stale when the tick (jiffy) advanced by this many since the
 * previous update: Linux sets next_update = jiffies + 1 and tests
 * time_after(jiffies, next_update) (ixgbe_update_itr, i40e_update_itr).
 */
#define IRQMOD_ITR_STALE_TICKS 2u

/*
 * struct irqmod_itr_limits - what one controller accepts in its settings.
 * @granule_ns: every interval and the step are multiples of this; it is
 *              also the smallest minimum and the smallest step.
 * @max_step_ns: largest step.
 * @max_interval_ns: largest ceiling.
 * @max_link_speed_mbps: fastest link.
 * @kind: the controller's name in config errors ("ixgbe"); static string.
 */
struct irqmod_itr_limits {
	const char *kind;
	uint32_t granule_ns;
	uint32_t max_step_ns;
	uint32_t max_interval_ns;
	uint32_t max_link_speed_mbps;
};

/*
 * irqmod_itr_config_check() - validate settings against @limits.
 * Return: 0; -IRQMOD_EINVAL for a vector without rings; -IRQMOD_ESTEP for a
 * step outside [granule, max step] or not a multiple of the granule, or a
 * zero tick; -IRQMOD_ERANGE for a minimum below the granule, a maximum above
 * the limit, an interval that is not a multiple of the granule, or an
 * initial interval outside [min, max]; -IRQMOD_EMINMAX for min > max;
 * -IRQMOD_ELINK for a link speed of 0 or above the limit. Fills @error
 * (may be NULL) with the offending field and the bound it breaks.
 */
int irqmod_itr_config_check(const struct irqmod_intel_itr_config *config,
			    const struct irqmod_itr_limits *limits,
			    struct irqmod_config_error *error);

/*
 * irqmod_itr_link_check() - 0 for a link speed in 1..@max_link_speed_mbps,
 * else -IRQMOD_ELINK.
 */
int irqmod_itr_link_check(uint32_t link_speed_mbps, uint32_t max_link_speed_mbps);

/*
 * irqmod_itr_link_reject() - irqmod_itr_link_check() that also fills @error
 * (may be NULL) with field link_speed_mbps and the bound, under @kind.
 */
int irqmod_itr_link_reject(uint32_t link_speed_mbps, uint32_t max_link_speed_mbps,
			   const char *kind, struct irqmod_config_error *error);

/* irqmod_itr_config_copy() - copy settings (IRQMOD_MEMCPY of deps.h). */
void irqmod_itr_config_copy(struct irqmod_intel_itr_config *to,
			    const struct irqmod_intel_itr_config *from);

/*
 * irqmod_itr_clamp_usecs() - @usecs clamped into the settings' [min, max],
 * both in microseconds. Inline: it runs several times per update.
 */
static inline uint32_t irqmod_itr_clamp_usecs(const struct irqmod_intel_itr_config *config,
					      uint32_t usecs)
{
	uint32_t low = config->min_interval_ns / IRQMOD_NS_PER_USEC;
	uint32_t high = config->max_interval_ns / IRQMOD_NS_PER_USEC;

	if (usecs < low)
		return low;
	if (usecs > high)
		return high;
	return usecs;
}

/*
 * irqmod_itr_stale() - the jiffy staleness test of ixgbe_update_itr() and
 * i40e_update_itr(): time_after(jiffies, next_update) with next_update one
 * tick after the previous call, i.e. the tick advanced by two or more. The
 * first call after init or reset (@updated false) is stale. Time standing
 * still or going back is not stale. Records the current tick in @last_tick
 * and sets @updated. Inline: it runs once per update.
 */
static inline bool irqmod_itr_stale(const struct irqmod_intel_itr_config *config,
				    uint64_t now_ns, uint64_t *last_tick,
				    bool *updated)
{
	uint64_t tick = IRQMOD_DIV_U64_U32(now_ns, config->tick_ns);
	/* Written so that it cannot overflow at the top of u64. */
	bool stale = !*updated ||
		     (tick > *last_tick && tick - *last_tick >= IRQMOD_ITR_STALE_TICKS);

	*last_tick = tick;
	*updated = true;
	return stale;
}

#endif /* IRQMOD_ITR_CURVE_H */
