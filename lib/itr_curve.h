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
 *
 * Inline, and called with a static const curve, so that the compiler folds
 * the breakpoints into the comparisons as the drivers' own code has them.
 */
static inline uint32_t irqmod_itr_curve_value(const struct irqmod_itr_curve *curve,
					      uint64_t avg_bytes)
{
	unsigned int piece;

	if (avg_bytes <= curve->start_limit_bytes)
		return curve->start_value;
	for (piece = 0; piece < IRQMOD_ITR_CURVE_PIECES; piece++) {
		/* Limits are below 2^16 in every driver, so no overflow here. */
		if (avg_bytes <= curve->limit_bytes[piece])
			return (uint32_t)avg_bytes * curve->slope[piece] + curve->offset[piece];
	}
	return curve->plateau_value;
}

/*
 * irqmod_itr_band_of() - classify one container's counts.
 * @bands: the driver's thresholds.
 * @packets: packets since the last update.
 * @bytes: bytes since the last update.
 * Return: an enum irqmod_itr_band value. Inline with a static const @bands,
 * like irqmod_itr_curve_value().
 */
static inline enum irqmod_itr_band irqmod_itr_band_of(const struct irqmod_itr_bands *bands,
						      uint32_t packets, uint64_t bytes)
{
	if (packets == 0)
		return IRQMOD_ITR_BAND_NONE;
	if (packets < bands->latency_packets && bytes < bands->latency_bytes)
		return IRQMOD_ITR_BAND_LATENCY;
	if (packets < bands->increase_packets)
		return IRQMOD_ITR_BAND_INCREASE;
	if (packets < bands->hold_packets)
		return IRQMOD_ITR_BAND_HOLD;
	if (packets < bands->halve_packets)
		return IRQMOD_ITR_BAND_HALVE;
	return IRQMOD_ITR_BAND_BULK;
}

/*
 * irqmod_itr_average_bytes() - @bytes / @packets (@packets non-zero), the
 * drivers' avg_wire_size, in 64 bits: irqmod_itr_curve_value() compares it
 * whole (the curve is flat above a few kilobytes). One 64-bit division on
 * every count: a test choosing a 32-bit one for counts that fit, and a
 * saturation, cost two to three instructions more per bulk container
 * (vs Linux: ixgbe random 78.6 -> 77.7 Ir per call, i40e 75.2 -> 73.0).
 * On CPUs before Ice Lake a 64-bit division takes more cycles than a
 * 32-bit one; irqmod's budget is counted in instructions.
 */
static inline uint64_t irqmod_itr_average_bytes(uint64_t bytes, uint32_t packets)
{
	return IRQMOD_DIV_U64_U32(bytes, packets);
}

/*
 * irqmod_itr_scale_setup() - fill @scale for a link-speed scale of
 * 2^@scale_shift (at most 2^10) and a step of @step_usecs (1..126 us). At
 * init and when the link speed changes, never per update.
 */
static inline void irqmod_itr_scale_setup(struct irqmod_intel_itr_scale *scale,
					  uint32_t scale_shift, uint32_t step_usecs)
{
	uint32_t step_shift = 0;

	while ((1u << step_shift) < step_usecs)
		step_shift++;
	if ((1u << step_shift) == step_usecs) {
		scale->step_shift = (uint8_t)step_shift;
		scale_shift += step_shift;
	} else {
		scale->step_shift = IRQMOD_INTEL_ITR_STEP_DIVIDE;
	}
	scale->shift = (uint8_t)scale_shift;
	scale->bias = (uint16_t)((1u << scale_shift) - 1u);
}

/*
 * irqmod_itr_size_usecs() - the drivers' adjust_by_size tail:
 * DIV_ROUND_UP(value, MIN_INC * scale) * MIN_INC, where value is the curve
 * at @avg_bytes, halved in latency mode. As ceil(ceil(a / b) / c) equals
 * ceil(a / (b * c)), that is ((value + bias) >> shift) << step_shift for a
 * power-of-two step (Linux's 2 us), and a division by the step otherwise.
 * @curve: the driver's curve (static const, folded).
 * @avg_bytes: average frame size.
 * @latency_shift: 1 in latency mode (halve the curve), else 0.
 * @scale: from irqmod_itr_scale_setup().
 * @step_usecs: MIN_INC in us, 1..126.
 * Return: the interval in us, at most 32256 / 32 + 126; the caller clamps
 * it into its [min, max].
 */
static inline uint32_t irqmod_itr_size_usecs(const struct irqmod_itr_curve *curve,
					     uint64_t avg_bytes, uint32_t latency_shift,
					     const struct irqmod_intel_itr_scale *scale,
					     uint32_t step_usecs)
{
	uint32_t value = irqmod_itr_curve_value(curve, avg_bytes) >> latency_shift;
	uint32_t units = (value + scale->bias) >> scale->shift;

	if (scale->step_shift != IRQMOD_INTEL_ITR_STEP_DIVIDE)
		return units << scale->step_shift;
	return (units + step_usecs - 1u) / step_usecs * step_usecs;
}

/*
 * irqmod_itr_size_usecs_pow2() - irqmod_itr_size_usecs() for a caller that
 * knows the step is a power of two (@scale's step_shift is not
 * IRQMOD_INTEL_ITR_STEP_DIVIDE): the same value without that test.
 */
static inline uint32_t irqmod_itr_size_usecs_pow2(const struct irqmod_itr_curve *curve,
						  uint64_t avg_bytes, uint32_t latency_shift,
						  const struct irqmod_intel_itr_scale *scale)
{
	uint32_t value = irqmod_itr_curve_value(curve, avg_bytes) >> latency_shift;

	/*
	 * A power-of-two step is at most 2^6 us, so the mask changes nothing;
	 * it shows scripts/eva a shift below 32, which the caller's test of the
	 * step does not, and costs nothing on x86, whose shift masks anyway.
	 */
	return ((value + scale->bias) >> scale->shift) << (scale->step_shift & 31u);
}

/*
 * A container is stale when the tick (jiffy) advanced by this many since the
 * previous update: Linux sets next_update = jiffies + 1 and tests
 * time_after(jiffies, next_update) (ixgbe_update_itr, i40e_update_itr).
 */
#define IRQMOD_ITR_STALE_TICKS 2u
/* irqmod_itr_stale() moves its tick start by one tick on a non-stale call. */
_Static_assert(IRQMOD_ITR_STALE_TICKS == 2u, "irqmod_itr_stale() assumes two ticks");

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
 * IRQMOD_ITR_TICK_START_NONE - the tick start a reset leaves: no time is
 * later than it, so the first update always takes irqmod_itr_stale()'s
 * slow path, where @updated makes it stale.
 */
#define IRQMOD_ITR_TICK_START_NONE UINT64_MAX

/*
 * irqmod_itr_stale() - the jiffy staleness test of ixgbe_update_itr() and
 * i40e_update_itr(): time_after(jiffies, next_update) with next_update one
 * tick after the previous call, i.e. the tick (now / tick) advanced by two
 * or more. The first call after init or reset (@updated false) is stale.
 * Time standing still or going back is not stale.
 *
 * Instead of the tick number, @tick_start_ns keeps the time at which the
 * previous call's tick began (tick * tick_ns; IRQMOD_ITR_TICK_START_NONE
 * after a reset). A call after that start, within its tick or the next one
 * (the common case: polls come microseconds apart), costs a subtraction and
 * two comparisons; only a first call, a stale gap, time going back or a
 * call exactly at a tick start pays the 64-bit division that finds the new
 * tick's start. Records the current tick's start and sets @updated.
 */
static inline bool irqmod_itr_stale(uint64_t now_ns, uint32_t tick_ns,
				    uint64_t *tick_start_ns, bool *updated)
{
	uint64_t start = *tick_start_ns;
	bool stale;

	/* Never true after a reset: nothing is above the TICK_START_NONE. */
	if (now_ns > start) {
		/* No overflow: start < now_ns, and start + tick_ns <= now_ns below. */
		uint64_t elapsed_ns = now_ns - start;

		if (elapsed_ns < tick_ns)
			return false;
		if (elapsed_ns < (uint64_t)tick_ns * IRQMOD_ITR_STALE_TICKS) {
			*tick_start_ns = start + tick_ns;
			return false;
		}
	}
	/*
	 * Stale: a first call, or a gap of two ticks or more (now_ns > start).
	 * Not stale: time went back, or stands exactly at the tick's start.
	 */
	stale = !*updated || now_ns > start;
	*tick_start_ns = IRQMOD_DIV_U64_U32(now_ns, tick_ns) * tick_ns;
	*updated = true;
	return stale;
}

#endif /* IRQMOD_ITR_CURVE_H */
