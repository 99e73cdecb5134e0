/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "irqmod/ixgbe.h"

#include "irqmod/convert.h"
#include "irqmod/floor.h"

#include "decision.h"
#include "deps.h"
#include "itr_curve.h"
#include "kind_defaults.h"

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
 * and 10M cap it at 8064 (2019 fix) and divide by MIN_INC * 64. The update
 * divides by the scale as a shift (irqmod_itr_size_usecs()). The cap needs
 * no code: it bounds the result at 8064 / 64 = 126 us, and the result is
 * clamped to the ceiling (at most 126 us) anyway, so every value the cap
 * would lower ends at the ceiling either way.
 */
#define IXGBE_FAST_LINK_SCALE_SHIFT 8u /* 256 */
#define IXGBE_SLOW_LINK_SCALE_SHIFT 6u /* 64 */
#define IXGBE_SLOW_LINK_2500_MBPS 2500u
#define IXGBE_SLOW_LINK_1000_MBPS 1000u
#define IXGBE_SLOW_LINK_10_MBPS 10u

_Static_assert(sizeof(struct irqmod_ixgbe) <= 48, "ixgbe state above 48 bytes");

/*
 * &struct irqmod_ixgbe.rings: which containers the update steps, and
 * whether the step needs a division (not a power of two), so that one
 * test picks the usual vector: both rings, a power-of-two step.
 */
#define IXGBE_RING_RX 1u
#define IXGBE_RING_TX 2u
#define IXGBE_RINGS_BOTH (IXGBE_RING_RX | IXGBE_RING_TX)
#define IXGBE_STEP_DIVIDE 4u

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
		/*
		 * Valid inputs by construction (the link check above and the
		 * assertion below): only the status can vary. Were it to fail,
		 * the Linux ceiling would stay.
		 */
		result.interval_ns = max_interval_ns;
		(void)irqmod_floor_interval(&params, &result);
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

/* The IRQMOD preset's floor accepts every link irqmod_itr_link_check() lets through. */
_Static_assert(IRQMOD_IXGBE_MAX_LINK_SPEED_MBPS <= IRQMOD_FLOOR_MAX_LINK_SPEED_MBPS,
	       "ixgbe links above the floor's maximum");

static uint8_t ixgbe_size_shift(uint32_t link_speed_mbps)
{
	if (link_speed_mbps == IXGBE_SLOW_LINK_2500_MBPS ||
	    link_speed_mbps == IXGBE_SLOW_LINK_1000_MBPS ||
	    link_speed_mbps == IXGBE_SLOW_LINK_10_MBPS)
		return IXGBE_SLOW_LINK_SCALE_SHIFT;
	return IXGBE_FAST_LINK_SCALE_SHIFT;
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
	state->rings = (uint8_t)((config->rx_ring ? IXGBE_RING_RX : 0u) |
				 (config->tx_ring ? IXGBE_RING_TX : 0u));
	/* Every value below is at most 126 (the check above): each fits a u8. */
	state->min_usecs = (uint8_t)(config->min_interval_ns / IRQMOD_NS_PER_USEC);
	state->max_usecs = (uint8_t)(config->max_interval_ns / IRQMOD_NS_PER_USEC);
	state->step_usecs = (uint8_t)(config->step_ns / IRQMOD_NS_PER_USEC);
	irqmod_itr_scale_setup(&state->scale, ixgbe_size_shift(config->link_speed_mbps),
			       state->step_usecs);
	if (state->scale.step_shift == IRQMOD_INTEL_ITR_STEP_DIVIDE)
		state->rings |= IXGBE_STEP_DIVIDE;
	irqmod_ixgbe_reset(state);
	return 0;
}

static uint32_t ixgbe_clamp(const struct irqmod_ixgbe *state, uint32_t usecs)
{
	if (usecs < state->min_usecs)
		return state->min_usecs;
	if (usecs > state->max_usecs)
		return state->max_usecs;
	return usecs;
}

void irqmod_ixgbe_reset(struct irqmod_ixgbe *state)
{
	uint32_t initial_usecs;

	/* Linux ixgbe_alloc_q_vector(): MAX_USECS | LATENCY per container. */
	state->rx.itr = (uint8_t)(state->max_usecs | IRQMOD_IXGBE_LATENCY);
	state->tx.itr = (uint8_t)(state->max_usecs | IRQMOD_IXGBE_LATENCY);
	/* At least the minimum (the config check); at most a ceiling lowered since. */
	initial_usecs = state->config.initial_interval_ns / IRQMOD_NS_PER_USEC;
	if (initial_usecs > state->max_usecs)
		initial_usecs = state->max_usecs;
	state->interval_usecs = (uint8_t)initial_usecs;
	state->tick_start_ns = IRQMOD_ITR_TICK_START_NONE;
	state->updated = false;
}

/* The size curve's interval; @pow2_step as for ixgbe_update_container(). */
static IRQMOD_ALWAYS_INLINE uint32_t
ixgbe_size_usecs(const struct irqmod_ixgbe *state, uint64_t avg_bytes,
		 uint32_t latency_shift, bool pow2_step)
{
	if (pow2_step)
		return irqmod_itr_size_usecs_pow2(&ixgbe_curve, avg_bytes, latency_shift,
						  &state->scale);
	return irqmod_itr_size_usecs(&ixgbe_curve, avg_bytes, latency_shift, &state->scale,
				     state->step_usecs);
}

/*
 * ixgbe_update_itr() for one container; @current_usecs is q_vector->itr >> 2,
 * which is at least the minimum (every interval returned is), but may be
 * above a ceiling lowered since by irqmod_ixgbe_set_max_interval().
 *
 * Linux caps the +MIN_INC paths at MAX_USECS and floors halving at
 * MIN_USECS; the curve itself never leaves [10, 126] there. Each path below
 * clamps on the side it can leave [min, max] by, which is exactly that with
 * the Linux preset, keeps the value below the flag bit (the 2019 fix's
 * concern) and applies a lower irqmod ceiling everywhere.
 *
 * @pow2_step is a constant at each call: true where the caller knows the
 * step is a power of two (the rounding is then a shift, untested).
 *
 * Return: the container's new value (usecs | IRQMOD_IXGBE_LATENCY).
 */
static IRQMOD_ALWAYS_INLINE uint32_t
ixgbe_update_container(const struct irqmod_ixgbe *state,
		       struct irqmod_ixgbe_container *container, uint32_t packets,
		       uint64_t bytes, uint32_t current_usecs, bool pow2_step)
{
	uint32_t max_usecs = state->max_usecs;
	uint32_t itr;

	switch (irqmod_itr_band_of(&ixgbe_bands, packets, bytes)) {
	case IRQMOD_ITR_BAND_NONE:
		/* Another queue of the vector is busy: creep up, keep the mode. */
		itr = current_usecs + state->step_usecs;
		if (itr > max_usecs)
			itr = max_usecs;
		itr |= container->itr & IRQMOD_IXGBE_LATENCY;
		break;
	case IRQMOD_ITR_BAND_LATENCY:
		/*
		 * adjust_by_size with the curve halved ("avg_wire_size >>= 1").
		 * The band has fewer than 9000 bytes: a 32-bit division.
		 */
		itr = ixgbe_size_usecs(state, (uint32_t)bytes / packets, 1u, pow2_step);
		itr = ixgbe_clamp(state, itr) | IRQMOD_IXGBE_LATENCY;
		break;
	case IRQMOD_ITR_BAND_INCREASE:
		itr = current_usecs + state->step_usecs;
		if (itr > max_usecs)
			itr = max_usecs;
		break;
	case IRQMOD_ITR_BAND_HOLD:
		itr = current_usecs < max_usecs ? current_usecs : max_usecs;
		break;
	case IRQMOD_ITR_BAND_HALVE:
		itr = ixgbe_clamp(state, current_usecs >> 1);
		break;
	case IRQMOD_ITR_BAND_BULK:
	default:
		itr = ixgbe_size_usecs(state, irqmod_itr_average_bytes(bytes, packets), 0u,
				       pow2_step);
		itr = ixgbe_clamp(state, itr);
		break;
	}
	container->itr = (uint8_t)itr;
	return itr;
}

/*
 * Every vector but the usual one: a single ring, or a step that is not a
 * power of two. Out of line, so that the usual vector's path carries
 * neither the ring tests nor the step's division. Return: the key.
 */
static IRQMOD_COLD_PATH uint32_t ixgbe_other_rings(struct irqmod_ixgbe *state,
						   const struct irqmod_sample *sample,
						   uint32_t current_usecs)
{
	uint32_t key, ring_key;

	if (state->rings & IXGBE_RING_TX) {
		key = ixgbe_update_container(state, &state->tx, sample->tx_packets,
					     sample->tx_bytes, current_usecs, false);
		if (!(state->rings & IXGBE_RING_RX))
			return key;
		ring_key = ixgbe_update_container(state, &state->rx, sample->rx_packets,
						  sample->rx_bytes, current_usecs, false);
		return ring_key < key ? ring_key : key;
	}
	return ixgbe_update_container(state, &state->rx, sample->rx_packets,
				      sample->rx_bytes, current_usecs, false);
}

void irqmod_ixgbe_update(struct irqmod_ixgbe *state,
			 const struct irqmod_sample *sample,
			 struct irqmod_decision *decision)
{
	uint32_t current_usecs = state->interval_usecs;
	uint32_t key, ring_key, usecs;
	bool stale = irqmod_itr_stale(sample->now_ns, state->config.tick_ns,
				      &state->tick_start_ns, &state->updated);

	/*
	 * ixgbe_set_itr() updates TX first, then RX; both read q_vector->itr.
	 * min() over the values with their flag, then drop the flag: a bulk
	 * container beats a latency one whatever the intervals. A container
	 * without a ring takes no part (Linux leaves it at MAX | LATENCY,
	 * which never wins either; irqmod does not read it).
	 */
	if (stale) {
		/*
		 * Every ring restarts at min | LATENCY: so does their min().
		 * Both containers are written whatever the rings: a container
		 * without a ring is never read (its value no longer mirrors
		 * Linux's MAX | LATENCY), and a stale call saves a ring test
		 * per container (ixgbe idle stream: 50.5 -> 46.2 Ir per call).
		 */
		key = state->min_usecs | IRQMOD_IXGBE_LATENCY;
		state->tx.itr = (uint8_t)key;
		state->rx.itr = (uint8_t)key;
	} else if (state->rings == IXGBE_RINGS_BOTH) {
		/* The usual vector, with one test instead of three. */
		key = ixgbe_update_container(state, &state->tx, sample->tx_packets,
					     sample->tx_bytes, current_usecs, true);
		ring_key = ixgbe_update_container(state, &state->rx, sample->rx_packets,
						  sample->rx_bytes, current_usecs, true);
		if (ring_key < key)
			key = ring_key;
	} else {
		key = ixgbe_other_rings(state, sample, current_usecs);
	}
	/* Each container was just clamped into [min, max]: so is their min(). */
	usecs = key & ~IRQMOD_IXGBE_LATENCY;
	/* At most 126 us: the interval fits 32 bits. */
	irqmod_decision_rearm_units(decision, usecs, IRQMOD_NS_PER_USEC,
				    usecs != current_usecs);
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
	state->max_usecs = (uint8_t)(max_interval_ns / IRQMOD_NS_PER_USEC);
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
	irqmod_itr_scale_setup(&state->scale, ixgbe_size_shift(link_speed_mbps),
			       state->step_usecs);
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

/* Registration in the kind table: its defaults, IRQMOD_IXGBE_PRESET_IRQMOD. */
int irqmod_ixgbe_kind_defaults(void *config, uint32_t link_speed_mbps)
{
	return irqmod_ixgbe_config_preset(config, IRQMOD_IXGBE_PRESET_IRQMOD, link_speed_mbps);
}
