/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "irqmod/i40e.h"

#include "irqmod/convert.h"

#include "decision.h"
#include "deps.h"
#include "itr_curve.h"
#include "kind_defaults.h"

/* I40E_ITR_MASK (i40e_txrx.h): the usecs part of a u16 value, even only. */
#define I40E_ITR_MASK 0x1FFEu

/*
 * The size curve of i40e_update_itr(), in 1/256 us at 10 Gb/s: 4096 up to
 * 60 B ("250K ints/sec"), 40s + 1696 up to 380 B, 15s + 11452 up to 1084 B,
 * 5s + 22420 up to 1980 B, then 32256.
 */
static const struct irqmod_itr_curve i40e_curve = {
	.start_limit_bytes = 60,
	.start_value = 4096,
	.limit_bytes = { 380, 1084, 1980 },
	.slope = { 40, 15, 5 },
	.offset = { 1696, 11452, 22420 },
	.plateau_value = 32256,
};

/*
 * Packet bands of i40e_update_itr(): latency below 4 packets and 9000 bytes
 * (RX only, and only while TX is in latency mode), +MIN_INC below 56, hold
 * up to 112, halve up to 256, bulk above.
 */
static const struct irqmod_itr_bands i40e_bands = {
	.latency_packets = 4,
	.latency_bytes = 9000,
	.increase_packets = 56,
	.hold_packets = 113,
	.halve_packets = 257,
};

/* TX with fewer packets than this may relax to max | latency. */
#define I40E_TX_FEW_PACKETS 4u
/* TX with more packets than this leaves latency mode. */
#define I40E_TX_BULK_PACKETS 32u

/*
 * i40e_itr_divisor(): MIN_INC times 1024 at 40G, 512 at 25G and 20G, 32 at
 * 1G and 100M, 256 at 10G and every other speed. Kept as the log2 of the
 * scale: irqmod_itr_size_usecs() divides by it with a shift.
 */
#define I40E_SCALE_SHIFT_40G 10u	/* 1024 */
#define I40E_SCALE_SHIFT_25G_20G 9u	/* 512 */
#define I40E_SCALE_SHIFT_1G_100M 5u	/* 32 */
#define I40E_SCALE_SHIFT_OTHER 8u	/* 256, 10G and the default */

static uint8_t i40e_size_shift(uint32_t link_speed_mbps)
{
	switch (link_speed_mbps) {
	case 40000:
		return I40E_SCALE_SHIFT_40G;
	case 25000:
	case 20000:
		return I40E_SCALE_SHIFT_25G_20G;
	case 1000:
	case 100:
		return I40E_SCALE_SHIFT_1G_100M;
	default:
		return I40E_SCALE_SHIFT_OTHER;
	}
}

/*
 * What irqmod_i40e_init() accepts: even microseconds, as the register counts
 * 2 us (IRQMOD_I40E_ITR_UNIT_NS, i40e_buildreg_itr), up to I40E_MAX_ITR.
 */
static const struct irqmod_itr_limits i40e_limits = {
	.kind = "i40e",
	.granule_ns = IRQMOD_I40E_ITR_UNIT_NS,
	.max_step_ns = IRQMOD_I40E_MAX_INTERVAL_NS,
	.max_interval_ns = IRQMOD_I40E_INTERVAL_LIMIT_NS,
	.max_link_speed_mbps = IRQMOD_I40E_MAX_LINK_SPEED_MBPS,
};

/* irqmod_i40e_config_linux(); the link speed is the caller's. */
static const struct irqmod_intel_itr_config i40e_linux_config = {
	.min_interval_ns = IRQMOD_I40E_MIN_INTERVAL_NS,
	.max_interval_ns = IRQMOD_I40E_MAX_INTERVAL_NS,
	.step_ns = IRQMOD_I40E_STEP_NS,
	.initial_interval_ns = IRQMOD_I40E_INITIAL_INTERVAL_NS,
	.tick_ns = IRQMOD_I40E_TICK_NS,
	.rx_ring = true,
	.tx_ring = true,
};

int irqmod_i40e_config_linux(struct irqmod_intel_itr_config *config,
			     uint32_t link_speed_mbps)
{
	int error;

	if (!config)
		return -IRQMOD_EINVAL;
	error = irqmod_itr_link_check(link_speed_mbps,
				      IRQMOD_I40E_MAX_LINK_SPEED_MBPS);
	if (error)
		return error;
	irqmod_itr_config_copy(config, &i40e_linux_config);
	config->link_speed_mbps = link_speed_mbps;
	return 0;
}

_Static_assert(sizeof(struct irqmod_i40e) <= 56, "i40e state above 56 bytes");

/* &struct irqmod_i40e.rings: which containers the update steps. */
#define I40E_RING_RX 1u
#define I40E_RING_TX 2u
#define I40E_RINGS_BOTH (I40E_RING_RX | I40E_RING_TX)

int irqmod_i40e_init(struct irqmod_i40e *state,
		     const struct irqmod_intel_itr_config *config)
{
	int error;

	if (!state || !config)
		return -IRQMOD_EINVAL;
	error = irqmod_i40e_config_check(config, NULL);
	if (error)
		return error;
	irqmod_itr_config_copy(&state->config, config);
	state->rings = (uint8_t)((config->rx_ring ? I40E_RING_RX : 0u) |
				 (config->tx_ring ? I40E_RING_TX : 0u));
	/* At most 8160 us and a 126 us step (the check above). */
	state->min_usecs = (uint16_t)(config->min_interval_ns / IRQMOD_NS_PER_USEC);
	state->max_usecs = (uint16_t)(config->max_interval_ns / IRQMOD_NS_PER_USEC);
	state->step_usecs = (uint8_t)(config->step_ns / IRQMOD_NS_PER_USEC);
	irqmod_itr_scale_setup(&state->scale, i40e_size_shift(config->link_speed_mbps),
			       state->step_usecs);
	irqmod_i40e_reset(state);
	return 0;
}

void irqmod_i40e_reset(struct irqmod_i40e *state)
{
	/* ITR_TO_REG() of the setting drops the DYNAMIC bit: bulk mode. */
	uint16_t initial = (uint16_t)(state->config.initial_interval_ns / IRQMOD_NS_PER_USEC);

	state->rx.target_itr = initial;
	state->rx.current_itr = initial;
	state->tx.target_itr = initial;
	state->tx.current_itr = initial;
	state->countdown = 0;
	state->tick_start_ns = IRQMOD_ITR_TICK_START_NONE;
	state->updated = false;
}

/*
 * adjust_by_size: the curve's interval (halved in latency mode), at most the
 * maximum as in Linux and, for an irqmod minimum above 2 us, at least the
 * minimum. Every other path keeps the value within [min, max] by itself.
 */
static inline uint32_t i40e_size_usecs(const struct irqmod_i40e *state,
				       uint32_t packets, uint64_t bytes,
				       uint32_t latency_shift)
{
	uint32_t usecs = irqmod_itr_size_usecs(&i40e_curve,
					       irqmod_itr_average_bytes(bytes, packets),
					       latency_shift, &state->scale,
					       state->step_usecs);

	if (usecs > state->max_usecs)
		return state->max_usecs;
	if (usecs < state->min_usecs)
		return state->min_usecs;
	return usecs;
}

/*
 * i40e_update_itr() for one container (@is_rx is a constant once inlined).
 * Every value stored lies within [min, max]: the stale restarts are min and
 * max, the countdown keeps the target, +step stops at max, hold and halve
 * read current values (earlier targets) and floor at min, and the size
 * paths clamp.
 */
static IRQMOD_ALWAYS_INLINE void i40e_update_container(struct irqmod_i40e *state, bool is_rx,
						       uint32_t packets, uint64_t bytes, bool stale)
{
	struct irqmod_i40e_container *container = is_rx ? &state->rx : &state->tx;
	uint32_t max_usecs = state->max_usecs;
	uint32_t itr;
	enum irqmod_itr_band band;

	/* RX is pushed up from low latency, TX pulled down from high latency. */
	if (stale) {
		itr = (is_rx ? state->min_usecs : max_usecs) | IRQMOD_I40E_LATENCY;
		goto store;
	}
	/* A write in the last few calls fired early interrupts: keep the target. */
	if (state->countdown)
		return;

	band = irqmod_itr_band_of(&i40e_bands, packets, bytes);
	if (is_rx) {
		/* Not both ways: RX-only, tx keeps its flagless start. */
		if (band == IRQMOD_ITR_BAND_LATENCY &&
		    (state->tx.target_itr & IRQMOD_I40E_LATENCY)) { /* GCOVR_EXCL_BR_LINE */
			itr = IRQMOD_I40E_LATENCY |
			      i40e_size_usecs(state, packets, bytes, 1u);
			goto store;
		}
	} else if (packets < I40E_TX_FEW_PACKETS) {
		/* Both at the ceiling, TX in bulk: let RX relax (max | latency). */
		if (container->target_itr == max_usecs &&
		    (state->rx.target_itr & I40E_ITR_MASK) == max_usecs) {
			itr = max_usecs | IRQMOD_I40E_LATENCY;
			goto store;
		}
	} else if (packets > I40E_TX_BULK_PACKETS) {
		container->target_itr &= (uint16_t)~IRQMOD_I40E_LATENCY;
	}

	switch (band) {
	case IRQMOD_ITR_BAND_NONE:
	case IRQMOD_ITR_BAND_LATENCY:
	case IRQMOD_ITR_BAND_INCREASE:
		/*
		 * Linux masks the sum with I40E_ITR_MASK before it compares it
		 * with the ceiling, which is safe only for its 126 us ceiling.
		 * Near I40E_MAX_ITR (8160 us) the sum passes 0x1FFE and the mask
		 * would wrap it to a few microseconds, so compare the unmasked
		 * usecs (at most 8160 + 126, far below the flag bit).
		 */
		itr = (uint32_t)(container->target_itr & ~IRQMOD_I40E_LATENCY) +
		      state->step_usecs;
		if (itr > max_usecs)
			itr = max_usecs;
		itr |= container->target_itr & IRQMOD_I40E_LATENCY;
		break;
	case IRQMOD_ITR_BAND_HOLD:
	case IRQMOD_ITR_BAND_HALVE:
		itr = state->tx.current_itr < state->rx.current_itr ?
		      state->tx.current_itr : state->rx.current_itr;
		itr &= I40E_ITR_MASK;
		if (band == IRQMOD_ITR_BAND_HALVE) {
			itr = (itr / 2) & I40E_ITR_MASK;
			if (itr < state->min_usecs)
				itr = state->min_usecs;
		}
		break;
	case IRQMOD_ITR_BAND_BULK:
	default:
		itr = i40e_size_usecs(state, packets, bytes, 0u);
		break;
	}
store:
	container->target_itr = (uint16_t)itr;
}

void irqmod_i40e_update(struct irqmod_i40e *state,
			const struct irqmod_sample *sample,
			struct irqmod_decision *decision)
{
	struct irqmod_i40e_container *rx = &state->rx;
	struct irqmod_i40e_container *tx = &state->tx;
	bool written = true;
	bool stale = irqmod_itr_stale(sample->now_ns, state->config.tick_ns,
				      &state->tick_start_ns, &state->updated);

	/*
	 * i40e_update_enable_itr(): TX first, then RX. The usual vector has
	 * both rings: one test of the byte init derived instead of two flags.
	 */
	if (state->rings == I40E_RINGS_BOTH) {
		i40e_update_container(state, false, sample->tx_packets,
				      sample->tx_bytes, stale);
		i40e_update_container(state, true, sample->rx_packets,
				      sample->rx_bytes, stale);
	} else if (state->rings == I40E_RING_TX) {
		i40e_update_container(state, false, sample->tx_packets,
				      sample->tx_bytes, stale);
	} else {
		i40e_update_container(state, true, sample->rx_packets,
				      sample->rx_bytes, stale);
	}

	/*
	 * One register write per interrupt. The comparisons include the flag
	 * bit and the differences are signed, as in the driver (u16 values
	 * promoted to int).
	 */
	if (rx->target_itr < rx->current_itr) {
		rx->current_itr = rx->target_itr;          /* RX decrease */
	} else if (tx->target_itr < tx->current_itr ||
		   (int32_t)rx->target_itr - (int32_t)rx->current_itr <
		   (int32_t)tx->target_itr - (int32_t)tx->current_itr) {
		tx->current_itr = tx->target_itr;          /* TX down, or up more */
	} else if (rx->current_itr != rx->target_itr) {
		rx->current_itr = rx->target_itr;          /* RX increase */
	} else {
		written = false;
		if (state->countdown)
			state->countdown--;
	}
	if (written)
		state->countdown = IRQMOD_I40E_COUNTDOWN_CALLS;

	irqmod_decision_rearm(decision,
			      (rx->current_itr & I40E_ITR_MASK) * IRQMOD_NS_PER_USEC,
			      written);
	decision->tx_interval_ns = (tx->current_itr & I40E_ITR_MASK) * IRQMOD_NS_PER_USEC;
}

int irqmod_i40e_config_check(const struct irqmod_intel_itr_config *config,
			     struct irqmod_config_error *error)
{
	return irqmod_itr_config_check(config, &i40e_limits, error);
}

void irqmod_i40e_current(const struct irqmod_i40e *state,
			 struct irqmod_decision *decision)
{
	/* current_itr is usecs | IRQMOD_I40E_LATENCY, as Linux keeps it. */
	irqmod_decision_rearm(decision,
			      (uint32_t)(state->rx.current_itr & ~IRQMOD_I40E_LATENCY) *
				      IRQMOD_NS_PER_USEC,
			      false);
	decision->tx_interval_ns =
		(uint32_t)(state->tx.current_itr & ~IRQMOD_I40E_LATENCY) *
		IRQMOD_NS_PER_USEC;
}

/* Registration in the kind table: its defaults, Linux's. */
int irqmod_i40e_kind_defaults(void *config, uint32_t link_speed_mbps)
{
	return irqmod_i40e_config_linux(config, link_speed_mbps);
}
