/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/**
 * DOC: ixgbe-legacy controller (Linux ixgbe/ixgbevf 3.x to 4.14)
 *
 * The ixgbe algorithm before the 2017 rewrite: RX and TX each keep a latency
 * class moved by the bytes per microsecond of the *programmed* interval (not
 * of measured time), one step per update; the vector takes the slower class
 * and maps it to 100K, 20K or bulk ints/s, then smooths toward it with
 * new = 10 * new * old / (9 * new + old) in interval units. Bulk is 8K
 * (IXGBE_8K_ITR) or, with the 2015 floor patch, 12K (IXGBE_12K_ITR).
 * See docs/ixgbe-legacy.md.
 */
#ifndef IRQMOD_IXGBE_LEGACY_H
#define IRQMOD_IXGBE_LEGACY_H

#include "irqmod/common.h"
#include "irqmod/latency_class.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Interval values are usecs << 2, as q_vector->itr keeps them (Linux ixgbe.h
 * IXGBE_100K_ITR 40, IXGBE_20K_ITR 200, IXGBE_12K_ITR 336, IXGBE_10K_ITR 400,
 * IXGBE_8K_ITR 500).
 */
/** IRQMOD_IXGBE_LEGACY_100K_ITR - lowest class: 10 us (IXGBE_100K_ITR). */
#define IRQMOD_IXGBE_LEGACY_100K_ITR 40u
/** IRQMOD_IXGBE_LEGACY_20K_ITR - low class and RX start: 50 us (IXGBE_20K_ITR). */
#define IRQMOD_IXGBE_LEGACY_20K_ITR 200u
/** IRQMOD_IXGBE_LEGACY_12K_ITR - bulk with the floor patch: 84 us (IXGBE_12K_ITR). */
#define IRQMOD_IXGBE_LEGACY_12K_ITR 336u
/** IRQMOD_IXGBE_LEGACY_10K_ITR - TX-only start without the patch: 100 us (IXGBE_10K_ITR). */
#define IRQMOD_IXGBE_LEGACY_10K_ITR 400u
/** IRQMOD_IXGBE_LEGACY_8K_ITR - bulk without the floor patch: 125 us (IXGBE_8K_ITR). */
#define IRQMOD_IXGBE_LEGACY_8K_ITR 500u
/**
 * IRQMOD_IXGBE_LEGACY_LOW_BYTES_PER_USEC - lowest/low boundary
 * (ixgbe_update_itr; eitr_low = 10).
 */
#define IRQMOD_IXGBE_LEGACY_LOW_BYTES_PER_USEC 10u
/**
 * IRQMOD_IXGBE_LEGACY_BULK_BYTES_PER_USEC - low/bulk boundary
 * (ixgbe_update_itr; eitr_high = 20).
 */
#define IRQMOD_IXGBE_LEGACY_BULK_BYTES_PER_USEC 20u

/**
 * struct irqmod_ixgbe_legacy_config - settings.
 * @low_bytes_per_usec: above this a lowest class moves to low, at or below
 *	it a low class moves to lowest (10).
 * @bulk_bytes_per_usec: above this a low class moves to bulk, at or below it
 *	a bulk class moves to low (20). Not below @low_bytes_per_usec.
 * @floor_12k: true: bulk is IXGBE_12K_ITR (84 us) as after "ixgbe: Limit
 *	lowest interrupt rate for adaptive interrupt moderation to 12K"
 *	(2015); false: IXGBE_8K_ITR (125 us) as before it.
 * @tx_only: the vector serves only TX rings: it starts at the TX start value
 *	(12K with the patch, IXGBE_10K_ITR before it) instead of 20K.
 */
struct irqmod_ixgbe_legacy_config {
	uint32_t low_bytes_per_usec;
	uint32_t bulk_bytes_per_usec;
	bool floor_12k;
	bool tx_only;
};

/**
 * struct irqmod_ixgbe_legacy - controller state (caller-owned, <= 64 bytes).
 * @low_bytes_per_usec: copied from the config.
 * @bulk_bytes_per_usec: copied from the config.
 * @bulk_itr: bulk interval in usecs << 2 (336 or 500).
 * @start_itr: interval after init and reset (200, or 336/400 for TX only).
 * @itr: the current q_vector->itr value, usecs << 2, smoothed.
 * @register_value: @itr & 0xFF8, what ixgbe_write_eitr programs.
 * @interval_ns: interval @register_value programs (2 us steps).
 * @rx_class: RX ring container class: IRQMOD_LATENCY_LOWEST, _LOW or _BULK
 *	(enum irqmod_latency_class_value, ixgbe's enum latency_range: the
 *	same three classes as e1000e's and igb's, 100K, 20K and 8K or 12K
 *	ints/s here).
 * @tx_class: TX ring container class, likewise.
 */
struct irqmod_ixgbe_legacy {
	uint32_t low_bytes_per_usec;
	uint32_t bulk_bytes_per_usec;
	uint32_t bulk_itr;
	uint32_t start_itr;
	uint32_t itr;
	uint32_t register_value;
	uint32_t interval_ns;
	uint8_t rx_class;
	uint8_t tx_class;
};

/**
 * irqmod_ixgbe_legacy_default_config() - the drivers' numbers.
 * @config: filled with 10 and 20 bytes/us, @floor_12k true, @tx_only false.
 * Return: 0 or -IRQMOD_EINVAL for NULL.
 */
IRQMOD_API int irqmod_ixgbe_legacy_default_config(struct irqmod_ixgbe_legacy_config *config);

/**
 * irqmod_ixgbe_legacy_init() - validate @config and set up @state.
 * @state: caller-owned state.
 * @config: settings.
 * Return: 0, -IRQMOD_EINVAL for NULL, -IRQMOD_ETABLE when
 * @bulk_bytes_per_usec is below @low_bytes_per_usec. @state is untouched on
 * error.
 */
IRQMOD_API int irqmod_ixgbe_legacy_init(struct irqmod_ixgbe_legacy *state,
					const struct irqmod_ixgbe_legacy_config *config);

/** irqmod_ixgbe_legacy_reset() - classes to lowest, interval to the start value. @state: state. */
IRQMOD_API void irqmod_ixgbe_legacy_reset(struct irqmod_ixgbe_legacy *state);

/**
 * irqmod_ixgbe_legacy_update() - ixgbe_set_itr at the end of a poll.
 * @state: state set up by irqmod_ixgbe_legacy_init().
 * @sample: bytes and packets per direction since the previous update; time
 *	is not used (the driver divides by the programmed interval).
 * @decision: the vector's one interval in both fields, in 2 us steps from
 *	10 us up to 84 us with @floor_12k or 125 us without (the smoothed
 *	value always lies between the start value and the class values);
 *	@changed when @register_value differs from the previous one.
 */
IRQMOD_API void irqmod_ixgbe_legacy_update(struct irqmod_ixgbe_legacy *state,
					   const struct irqmod_sample *sample,
					   struct irqmod_decision *decision);

/**
 * irqmod_ixgbe_legacy_config_check() - validate @config as irqmod_ixgbe_legacy_init() does.
 * @config: settings to check.
 * @error: filled with the offending field and the bound it breaks on
 *         rejection; may be NULL. Untouched on success.
 *
 * Order: NULL, then its one rule, bulk_bytes_per_usec not below
 * low_bytes_per_usec (-IRQMOD_ETABLE); no config has two faults.
 *
 * Return: 0 or the -IRQMOD_E... code irqmod_ixgbe_legacy_init() would return.
 */
IRQMOD_API int irqmod_ixgbe_legacy_config_check(const struct irqmod_ixgbe_legacy_config *config,
						struct irqmod_config_error *error);

/**
 * irqmod_ixgbe_legacy_current() - the decision in force, without a sample.
 * @state: state set up by irqmod_ixgbe_legacy_init().
 * @decision: the interval last returned (the start interval after init or
 *            reset), action re-arm, @changed false.
 */
IRQMOD_API void irqmod_ixgbe_legacy_current(const struct irqmod_ixgbe_legacy *state,
					    struct irqmod_decision *decision);

#ifdef __cplusplus
}
#endif

#endif /* IRQMOD_IXGBE_LEGACY_H */
