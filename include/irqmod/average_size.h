/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/**
 * DOC: average-size controller (igb multi-queue, FreeBSD ix, later FreeBSD em)
 *
 * The interval follows the average frame size of the last measurement: add
 * 24 bytes of preamble, CRC and gap, cap at 3000, divide by 3 in the mid range
 * (300 < size < 1200) and by 2 otherwise. The result is an interval in the
 * driver's register unit (igb: 0.25 us; FreeBSD ix: a raw EITR value of which
 * bits 11:3 count 2 us each) or, in the later FreeBSD em, it is turned into a
 * rate and capped. An update without packets keeps the previous interval.
 * See docs/average-size.md.
 */
#ifndef IRQMOD_AVERAGE_SIZE_H
#define IRQMOD_AVERAGE_SIZE_H

#include "irqmod/common.h"
#include "irqmod/convert.h"
#include "irqmod/itr_encoding.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * IRQMOD_AVERAGE_SIZE_CAP_BYTES - "Don't starve jumbo frames" cap
 * (igb_update_ring_itr, ixgbe_perform_aim).
 */
#define IRQMOD_AVERAGE_SIZE_CAP_BYTES 3000u
/** IRQMOD_AVERAGE_SIZE_MID_LOW_BYTES - mid range starts above this (exclusive). */
#define IRQMOD_AVERAGE_SIZE_MID_LOW_BYTES 300u
/** IRQMOD_AVERAGE_SIZE_MID_HIGH_BYTES - mid range ends below this (exclusive). */
#define IRQMOD_AVERAGE_SIZE_MID_HIGH_BYTES 1200u
/** IRQMOD_AVERAGE_SIZE_VALUE_MIN - smallest formula value: (1 + 24) / 2. */
#define IRQMOD_AVERAGE_SIZE_VALUE_MIN 12u
/** IRQMOD_AVERAGE_SIZE_VALUE_MAX - largest formula value: 3000 / 2. */
#define IRQMOD_AVERAGE_SIZE_VALUE_MAX 1500u

/**
 * enum irqmod_average_size_output - what the formula value becomes.
 * @IRQMOD_AVERAGE_SIZE_OUTPUT_REGISTER: the value is the register level
 *	itself (igb itr_val; FreeBSD ix EITR). Needs a register encoding.
 * @IRQMOD_AVERAGE_SIZE_OUTPUT_RATE: rate = @rate_dividend / value, capped at
 *	@max_rate_per_s (FreeBSD em_ring_itr). Needs a rate encoding.
 * @IRQMOD_AVERAGE_SIZE_OUTPUT_COUNT: one past the last value.
 */
enum irqmod_average_size_output {
	IRQMOD_AVERAGE_SIZE_OUTPUT_REGISTER = 0,
	IRQMOD_AVERAGE_SIZE_OUTPUT_RATE = 1,
	IRQMOD_AVERAGE_SIZE_OUTPUT_COUNT
};

/**
 * enum irqmod_average_size_preset - published parameter sets.
 * @IRQMOD_AVERAGE_SIZE_PRESET_IGB: Linux igb igb_update_ring_itr (used with
 *	more than one vector), default rx-usecs 3: value at least IGB_20K_ITR.
 * @IRQMOD_AVERAGE_SIZE_PRESET_FREEBSD_IX: FreeBSD if_ix.c ixgbe_perform_aim
 *	(iflib): RX only, raw EITR, no floor or ceiling.
 * @IRQMOD_AVERAGE_SIZE_PRESET_FREEBSD_EM: the later FreeBSD if_em.c
 *	em_ring_itr: a rate of 4000000 / value, capped at 20000 (enable_aim=1),
 *	on an igb-class EITR.
 * @IRQMOD_AVERAGE_SIZE_PRESET_COUNT: one past the last preset.
 */
enum irqmod_average_size_preset {
	IRQMOD_AVERAGE_SIZE_PRESET_IGB = 0,
	IRQMOD_AVERAGE_SIZE_PRESET_FREEBSD_IX = 1,
	IRQMOD_AVERAGE_SIZE_PRESET_FREEBSD_EM = 2,
	IRQMOD_AVERAGE_SIZE_PRESET_COUNT
};

/**
 * struct irqmod_average_size_config - settings (fill with irqmod_average_size_preset()).
 * @start_level: level before the first update, in the encoding's unit.
 * @min_value: floor on the formula value (igb mode 3: 196, "at most ~20K");
 *	0 for none. At most IRQMOD_AVERAGE_SIZE_VALUE_MAX.
 * @rate_dividend: OUTPUT_RATE only: rate = dividend / value (FreeBSD em:
 *	4000000, the value read as 0.25 us units). At least 150000, so that
 *	the slowest value (1500) still gives 100 ints/s.
 * @max_rate_per_s: OUTPUT_RATE only: cap (enable_aim=1: 20000, 2: 70000),
 *	within the rate-level range of irqmod_itr_encoding_level_valid().
 * @slow_link_level: level used while @link_speed_mbps is below 1000 (igb
 *	IGB_4K_ITR 980; em 4000 ints/s); 0 to run the formula at every speed
 *	(FreeBSD ix).
 * @link_speed_mbps: link speed; not 0.
 * @encoding: an enum irqmod_itr_encoding value.
 * @output: an enum irqmod_average_size_output value.
 * @use_tx: include the TX average (max of RX and TX averages); FreeBSD's
 *	iflib ix driver leaves TX out ("FIXME").
 */
struct irqmod_average_size_config {
	uint32_t start_level;
	uint32_t min_value;
	uint32_t rate_dividend;
	uint32_t max_rate_per_s;
	uint32_t slow_link_level;
	uint32_t link_speed_mbps;
	uint8_t encoding;
	uint8_t output;
	bool use_tx;
};

/**
 * struct irqmod_average_size - controller state (caller-owned, <= 64 bytes).
 * @start_level: copied from the config.
 * @min_value: copied from the config.
 * @rate_dividend: copied from the config for rate output.
 * @slow_link_level: copied from the config; 0 when the link is 1 Gb/s or more.
 * @level: current level (register units or ints/s).
 * @register_value: register field for @level (no flag bits).
 * @interval_ns: interval @register_value programs.
 * @max_rate_per_s: copied from the config for rate output. With
 *	@formula_both (register output, where the rate fields are unused)
 *	it holds @interval_ns too, so that the two are the decision's RX and
 *	TX words as stored: the update copies them as one 8-byte word.
 * @encoding: copied from the config.
 * @output: copied from the config.
 * @use_tx: copied from the config.
 * @formula_both: derived at init: the formula runs at this link speed on
 *	both directions' averages in register units of the igb EITR encoding
 *	(the igb preset), so the update tests this one flag instead of
 *	@slow_link_level, @use_tx, @output and @encoding.
 */
struct irqmod_average_size {
	uint32_t start_level;
	uint32_t min_value;
	uint32_t rate_dividend;
	uint32_t slow_link_level;
	uint32_t level;
	uint32_t register_value;
	uint32_t interval_ns;
	uint32_t max_rate_per_s;
	uint8_t encoding;
	uint8_t output;
	bool use_tx;
	bool formula_both;
};

/**
 * irqmod_average_size_value() - the shared formula.
 * @average_bytes: average frame size in bytes; any value (capped inside).
 * Return: (min(average + 24, 3000)) / 3 when 300 < that < 1200, else / 2;
 * between IRQMOD_AVERAGE_SIZE_VALUE_MIN and _MAX for @average_bytes >= 1.
 */
IRQMOD_API uint32_t irqmod_average_size_value(uint64_t average_bytes);

/**
 * irqmod_average_size_preset() - fill @config with a driver's defaults.
 * @config: filled in on success.
 * @preset: an enum irqmod_average_size_preset value.
 * @link_speed_mbps: the link speed to store.
 * Return: 0, -IRQMOD_EINVAL for NULL, -IRQMOD_EPRESET, -IRQMOD_ELINK for 0.
 */
IRQMOD_API int irqmod_average_size_preset(struct irqmod_average_size_config *config,
					  uint32_t preset, uint32_t link_speed_mbps);

/**
 * irqmod_average_size_init() - validate @config and set up @state.
 * @state: caller-owned state.
 * @config: settings.
 * Return: 0; -IRQMOD_EINVAL for NULL, an unknown enum value or an output that
 * does not suit the encoding; -IRQMOD_ELINK for a zero link speed;
 * -IRQMOD_ERANGE for a start, slow-link or cap level outside the encoding's
 * range, a @min_value above 1500 or a @rate_dividend below 150000. @state is
 * untouched on error.
 */
IRQMOD_API int irqmod_average_size_init(struct irqmod_average_size *state,
					const struct irqmod_average_size_config *config);

/** irqmod_average_size_reset() - back to the start level. @state: state. */
IRQMOD_API void irqmod_average_size_reset(struct irqmod_average_size *state);

/**
 * irqmod_average_size_update() - one update at the end of an interrupt's poll.
 * @state: state set up by irqmod_average_size_init().
 * @sample: bytes and packets since the previous update; time is not used.
 * @decision: the vector's one interval in both fields; @changed when the
 *	register value differs from the previous one.
 */
IRQMOD_API void irqmod_average_size_update(struct irqmod_average_size *state,
					   const struct irqmod_sample *sample,
					   struct irqmod_decision *decision);

/**
 * irqmod_average_size_config_check() - validate @config as irqmod_average_size_init() does.
 * @config: settings to check.
 * @error: filled with the offending field and the bound it breaks on
 *         rejection; may be NULL. Untouched on success.
 *
 * Order: a config with several faults gets the error of the first check it
 * fails. NULL; the enums (encoding, output; -IRQMOD_EINVAL); output
 * against encoding (-IRQMOD_EINVAL); link_speed_mbps (-IRQMOD_ELINK);
 * start_level, then slow_link_level, in the encoding's range; min_value;
 * with a rate encoding, rate_dividend, then max_rate_per_s
 * (all -IRQMOD_ERANGE).
 *
 * Return: 0 or the -IRQMOD_E... code irqmod_average_size_init() would return.
 */
IRQMOD_API int irqmod_average_size_config_check(const struct irqmod_average_size_config *config,
						struct irqmod_config_error *error);

/**
 * irqmod_average_size_current() - the decision in force, without a sample.
 * @state: state set up by irqmod_average_size_init().
 * @decision: the interval last returned (the start interval after init or
 *            reset), action re-arm, @changed false.
 */
IRQMOD_API void irqmod_average_size_current(const struct irqmod_average_size *state,
					    struct irqmod_decision *decision);

#ifdef __cplusplus
}
#endif

#endif /* IRQMOD_AVERAGE_SIZE_H */
