/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "irqmod/ixgbe.h"

#include "irqmod/convert.h"
#include "irqmod/floor.h"

#include "decision.h"
#include "deps.h"
#include "itr_curve.h"

/*
 * The average-size curve of Linux ixgbe_update_itr() since the 2019 u8-wrap
 * fix (the last piece ends below 1968 bytes instead of at 1980), in 1/256 us
 * at 10 Gb/s: flat 5120 up to 60 B ("start at 50K ints/sec"), 40s + 2720 up
 * to 316 B, 15s + 11452 up to 1084 B, 5s + 22420 below 1968 B, then 32256
 * ("plateau at a limit of 8K ints/sec").
 */
static const struct irqmod_itr_curve ixgbe_curve = {
	.start_limit_bytes = 60,
	.start_value = 5120,
	.limit_bytes = { 316, 1084, 1967 },
	.slope = { 40, 15, 5 },
	.offset = { 2720, 11452, 22420 },
	.plateau_value = 32256,
};

/*
 * Packet bands of ixgbe_update_itr(): latency below 4 packets and 9000
 * bytes, +MIN_INC below 48, hold below 96, halve below 256, bulk above.
 */
static const struct irqmod_itr_bands ixgbe_bands = {
	.latency_packets = 4,
	.latency_bytes = 9000,
	.increase_packets = 48,
	.hold_packets = 96,
	.halve_packets = 256,
};

/*
 * Link-speed scaling (ixgbe_update_itr's switch on adapter->link_speed):
 * 10G, 100M and any other speed divide the curve by MIN_INC * 256; 2.5G, 1G
 * and 10M cap it at 8064 (2019 fix) and divide by MIN_INC * 64.
 */
#define IXGBE_FAST_LINK_SCALE 256u
#define IXGBE_SLOW_LINK_SCALE 64u
#define IXGBE_SLOW_LINK_CAP 8064u
#define IXGBE_SLOW_LINK_2500_MBPS 2500u
#define IXGBE_SLOW_LINK_1000_MBPS 1000u
#define IXGBE_SLOW_LINK_10_MBPS 10u

/*
 * The mode flag's position in Linux's u8 (IXGBE_ITR_ADAPTIVE_LATENCY, 0x80).
 * Used only to order containers exactly as Linux's min() does.
 */
#define IXGBE_LATENCY_FLAG 0x80u

/* What irqmod_ixgbe_init() accepts: whole microseconds up to 126 us. */
static const struct irqmod_itr_limits ixgbe_limits = {
	.kind = "ixgbe",
	.granule_ns = IRQMOD_NS_PER_USEC,
	.max_step_ns = IRQMOD_IXGBE_MAX_INTERVAL_NS,
	.max_interval_ns = IRQMOD_IXGBE_MAX_INTERVAL_NS,
	.max_link_speed_mbps = IRQMOD_IXGBE_MAX_LINK_SPEED_MBPS,
};

/* IRQMOD_IXGBE_PRESET_LINUX; the link speed is the caller's. */
static const struct irqmod_intel_itr_config ixgbe_linux_config = {
	.min_interval_ns = IRQMOD_IXGBE_MIN_INTERVAL_NS,
	.max_interval_ns = IRQMOD_IXGBE_MAX_INTERVAL_NS,
	.step_ns = IRQMOD_IXGBE_STEP_NS,
	.initial_interval_ns = IRQMOD_IXGBE_INITIAL_INTERVAL_NS,
	.tick_ns = IRQMOD_IXGBE_TICK_NS,
	.rx_ring = true,
	.tx_ring = true,
};

int irqmod_ixgbe_config_preset(struct irqmod_intel_itr_config *config,
			       enum irqmod_ixgbe_preset preset,
			       uint32_t link_speed_mbps)
{
	uint32_t max_interval_ns = IRQMOD_IXGBE_MAX_INTERVAL_NS;
	uint32_t initial_interval_ns = IRQMOD_IXGBE_INITIAL_INTERVAL_NS;
	int error;

	if (!config)
		return -IRQMOD_EINVAL;
	error = irqmod_itr_link_check(link_speed_mbps,
				      IRQMOD_IXGBE_MAX_LINK_SPEED_MBPS);
	if (error)
		return error;
	switch (preset) {
	case IRQMOD_IXGBE_PRESET_LINUX:
		break;
	case IRQMOD_IXGBE_PRESET_IRQMOD: {
		struct irqmod_floor_params params;
		struct irqmod_floor_result result;

		irqmod_floor_default_params(&params, link_speed_mbps);
		params.min_interval_ns = IRQMOD_IXGBE_MIN_INTERVAL_NS;
		/* Valid inputs by construction: only the status can vary. */
		if (irqmod_floor_interval(&params, &result) < 0)
			return -IRQMOD_ELINK;
		if (result.interval_ns < max_interval_ns)
			max_interval_ns = result.interval_ns;
		if (initial_interval_ns > max_interval_ns)
			initial_interval_ns = max_interval_ns;
		break;
	}
	default:
		return -IRQMOD_EPRESET;
	}
	irqmod_itr_config_copy(config, &ixgbe_linux_config);
	config->max_interval_ns = max_interval_ns;
	config->initial_interval_ns = initial_interval_ns;
	config->link_speed_mbps = link_speed_mbps;
	return 0;
}

int irqmod_ixgbe_init(struct irqmod_ixgbe *state,
		      const struct irqmod_intel_itr_config *config)
{
	int error;

	if (!state || !config)
		return -IRQMOD_EINVAL;
	error = irqmod_ixgbe_config_check(config, NULL);
	if (error)
		return error;
	irqmod_itr_config_copy(&state->config, config);
	irqmod_ixgbe_reset(state);
	return 0;
}

void irqmod_ixgbe_reset(struct irqmod_ixgbe *state)
{
	/* Linux ixgbe_alloc_q_vector(): MAX_USECS | LATENCY per container. */
	uint8_t max_usecs = (uint8_t)(state->config.max_interval_ns / IRQMOD_NS_PER_USEC);

	state->rx.usecs = max_usecs;
	state->rx.latency = true;
	state->tx.usecs = max_usecs;
	state->tx.latency = true;
	state->interval_usecs = (uint8_t)irqmod_itr_clamp_usecs(&state->config,
		state->config.initial_interval_ns / IRQMOD_NS_PER_USEC);
	state->last_tick = 0;
	state->updated = false;
}

static bool ixgbe_slow_link(uint32_t link_speed_mbps)
{
	return link_speed_mbps == IXGBE_SLOW_LINK_2500_MBPS ||
	       link_speed_mbps == IXGBE_SLOW_LINK_1000_MBPS ||
	       link_speed_mbps == IXGBE_SLOW_LINK_10_MBPS;
}

/* ixgbe_update_itr()'s adjust_by_size: interval in us from the average size. */
static uint32_t ixgbe_size_usecs(const struct irqmod_intel_itr_config *config,
				 uint32_t packets, uint64_t bytes, bool latency)
{
	uint32_t step_usecs = config->step_ns / IRQMOD_NS_PER_USEC;
	uint64_t avg_bytes = IRQMOD_DIV_U64_U32(bytes, packets);
	uint32_t value = irqmod_itr_curve_value(&ixgbe_curve, avg_bytes);

	if (latency)
		value >>= 1;
	if (ixgbe_slow_link(config->link_speed_mbps)) {
		if (value > IXGBE_SLOW_LINK_CAP)
			value = IXGBE_SLOW_LINK_CAP;
		return irqmod_itr_round_up(value,
					   step_usecs * IXGBE_SLOW_LINK_SCALE,
					   step_usecs);
	}
	return irqmod_itr_round_up(value, step_usecs * IXGBE_FAST_LINK_SCALE,
				   step_usecs);
}

/* ixgbe_update_itr() for one container; @current_usecs is q_vector->itr >> 2. */
static void ixgbe_update_container(const struct irqmod_intel_itr_config *config,
				   struct irqmod_ixgbe_container *container,
				   uint32_t packets, uint64_t bytes, bool stale,
				   uint32_t current_usecs)
{
	uint32_t min_usecs = config->min_interval_ns / IRQMOD_NS_PER_USEC;
	uint32_t step_usecs = config->step_ns / IRQMOD_NS_PER_USEC;
	uint32_t usecs;
	bool latency = false;

	if (stale) {
		usecs = min_usecs;
		latency = true;
	} else {
		switch (irqmod_itr_band_of(&ixgbe_bands, packets, bytes)) {
		case IRQMOD_ITR_BAND_NONE:
			/* Another queue of the vector is busy: creep up, keep the mode. */
			usecs = current_usecs + step_usecs;
			latency = container->latency;
			break;
		case IRQMOD_ITR_BAND_LATENCY:
			latency = true;
			usecs = ixgbe_size_usecs(config, packets, bytes, true);
			break;
		case IRQMOD_ITR_BAND_INCREASE:
			usecs = current_usecs + step_usecs;
			break;
		case IRQMOD_ITR_BAND_HOLD:
			usecs = current_usecs;
			break;
		case IRQMOD_ITR_BAND_HALVE:
			usecs = current_usecs >> 1;
			break;
		case IRQMOD_ITR_BAND_BULK:
		default:
			usecs = ixgbe_size_usecs(config, packets, bytes, false);
			break;
		}
	}
	/*
	 * Linux caps the +MIN_INC paths at MAX_USECS and floors halving at
	 * MIN_USECS; the curve itself never leaves [10, 126] there. Clamping
	 * every store into the configured [min, max] does exactly that with
	 * the Linux preset, keeps the value below the flag bit (the 2019 fix's
	 * concern) and applies a lower irqmod ceiling everywhere.
	 */
	container->usecs = (uint8_t)irqmod_itr_clamp_usecs(config, usecs);
	container->latency = latency;
}

static uint32_t ixgbe_container_key(const struct irqmod_ixgbe_container *container)
{
	return container->usecs | (container->latency ? IXGBE_LATENCY_FLAG : 0u);
}

void irqmod_ixgbe_update(struct irqmod_ixgbe *state,
			 const struct irqmod_sample *sample,
			 struct irqmod_decision *decision)
{
	const struct irqmod_intel_itr_config *config = &state->config;
	uint32_t current_usecs = state->interval_usecs;
	uint32_t key, usecs, interval_ns;
	bool stale = irqmod_itr_stale(config, sample->now_ns, &state->last_tick,
				      &state->updated);

	/* ixgbe_set_itr() updates TX first, then RX; both read q_vector->itr. */
	if (config->tx_ring)
		ixgbe_update_container(config, &state->tx, sample->tx_packets,
				       sample->tx_bytes, stale, current_usecs);
	if (config->rx_ring)
		ixgbe_update_container(config, &state->rx, sample->rx_packets,
				       sample->rx_bytes, stale, current_usecs);

	/*
	 * min() over usecs | flag << 7, then drop the flag: a bulk container
	 * beats a latency one whatever the intervals. A container without a
	 * ring takes no part (Linux leaves it at MAX | LATENCY, which never
	 * wins either).
	 */
	if (config->rx_ring && config->tx_ring) {
		uint32_t rx_key = ixgbe_container_key(&state->rx);
		uint32_t tx_key = ixgbe_container_key(&state->tx);

		key = rx_key < tx_key ? rx_key : tx_key;
	} else if (config->rx_ring) {
		key = ixgbe_container_key(&state->rx);
	} else {
		key = ixgbe_container_key(&state->tx);
	}
	usecs = irqmod_itr_clamp_usecs(config, key & ~IXGBE_LATENCY_FLAG);
	interval_ns = usecs * IRQMOD_NS_PER_USEC;

	irqmod_decision_rearm(decision, interval_ns, usecs != current_usecs);
	state->interval_usecs = (uint8_t)usecs;
}

int irqmod_ixgbe_set_max_interval(struct irqmod_ixgbe *state,
				  uint32_t max_interval_ns)
{
	if (!state)
		return -IRQMOD_EINVAL;
	if (max_interval_ns % IRQMOD_NS_PER_USEC != 0 ||
	    max_interval_ns > IRQMOD_IXGBE_MAX_INTERVAL_NS)
		return -IRQMOD_ERANGE;
	if (max_interval_ns < state->config.min_interval_ns)
		return -IRQMOD_EMINMAX;
	state->config.max_interval_ns = max_interval_ns;
	return 0;
}

int irqmod_ixgbe_set_link_speed(struct irqmod_ixgbe *state,
				uint32_t link_speed_mbps)
{
	int error;

	if (!state)
		return -IRQMOD_EINVAL;
	error = irqmod_itr_link_check(link_speed_mbps,
				      IRQMOD_IXGBE_MAX_LINK_SPEED_MBPS);
	if (error)
		return error;
	state->config.link_speed_mbps = link_speed_mbps;
	return 0;
}

int irqmod_ixgbe_config_check(const struct irqmod_intel_itr_config *config,
			   struct irqmod_config_error *error)
{
	return irqmod_itr_config_check(config, &ixgbe_limits, error);
}

void irqmod_ixgbe_current(const struct irqmod_ixgbe *state,
			  struct irqmod_decision *decision)
{
	irqmod_decision_rearm(decision,
			      (uint32_t)state->interval_usecs * IRQMOD_NS_PER_USEC,
			      false);
}
