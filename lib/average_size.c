/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "irqmod/average_size.h"
#include "config_error.h"
#include "decision.h"
#include "deps.h"
#include "itr_encoding_internal.h"
#include "kind_defaults.h"

_Static_assert(sizeof(struct irqmod_average_size) <= 36, "average-size state above 36 bytes");

/* Mid-range and outer divisors of igb_update_ring_itr / ixgbe_perform_aim. */
#define MID_RANGE_DIVISOR 3u
#define OUTER_RANGE_DIVISOR 2u
/*
 * FreeBSD if_ix.c: ixgbe_max_interrupt_rate = 4000000 / IXGBE_LOW_LATENCY
 * (128), programmed at init as (4000000 / rate) & 0xFF8 = 128: 32 us.
 */
#define FREEBSD_IX_START_EITR 128u
/*
 * FreeBSD em_ring_itr: rate = EM_AIM_DIVIDEND / value. The em constant was
 * not found in the sources read; igc's twin, if_igc.h IGC_AIM_DIVIDEND, is
 * 1000000 << 2, and that figure reproduces em_ring_itr's own comments
 * (~95k ints/s for 60-byte frames, ~2.7k for jumbo).
 */
#define FREEBSD_EM_AIM_DIVIDEND 4000000u
/* FreeBSD EM_INTS_20K / EM_INTS_4K and the 8000 ints/s default rate. */
#define FREEBSD_EM_MAX_RATE_PER_S 20000u
#define FREEBSD_EM_SLOW_RATE_PER_S 4000u
#define FREEBSD_EM_START_RATE_PER_S 8000u
/* A rate dividend must give >= 100 ints/s for the largest value, 1500. */
#define MIN_RATE_DIVIDEND (IRQMOD_ITR_RATE_MIN_PER_S * IRQMOD_AVERAGE_SIZE_VALUE_MAX)

/* irqmod_average_size_value(), inline into the update. */
static IRQMOD_ALWAYS_INLINE uint32_t average_size_value(uint64_t average_bytes)
{
	uint32_t size;

	if (average_bytes >= IRQMOD_AVERAGE_SIZE_CAP_BYTES -
			     IRQMOD_WIRE_OVERHEAD_BYTES)
		size = IRQMOD_AVERAGE_SIZE_CAP_BYTES;
	else
		size = (uint32_t)average_bytes + IRQMOD_WIRE_OVERHEAD_BYTES;
	if (size > IRQMOD_AVERAGE_SIZE_MID_LOW_BYTES &&
	    size < IRQMOD_AVERAGE_SIZE_MID_HIGH_BYTES)
		return size / MID_RANGE_DIVISOR;
	return size / OUTER_RANGE_DIVISOR;
}

uint32_t irqmod_average_size_value(uint64_t average_bytes)
{
	return average_size_value(average_bytes);
}

int irqmod_average_size_preset(struct irqmod_average_size_config *config,
			       uint32_t preset, uint32_t link_speed_mbps)
{
	if (!config)
		return -IRQMOD_EINVAL;
	if (link_speed_mbps == 0)
		return -IRQMOD_ELINK;
	if (preset >= IRQMOD_AVERAGE_SIZE_PRESET_COUNT)
		return -IRQMOD_EPRESET;
	/* Field by field: no memset/memcpy in the freestanding core. */
	config->min_value = 0;
	config->rate_dividend = 0;
	config->max_rate_per_s = 0;
	config->slow_link_level = 0;
	config->output = IRQMOD_AVERAGE_SIZE_OUTPUT_REGISTER;
	config->use_tx = true;
	switch (preset) {
	case IRQMOD_AVERAGE_SIZE_PRESET_IGB:
		config->start_level = IRQMOD_IGB_START_ITR;
		config->min_value = IRQMOD_IGB_20K_ITR;
		config->slow_link_level = IRQMOD_IGB_4K_ITR;
		config->encoding = IRQMOD_ITR_ENCODING_IGB_EITR;
		break;
	case IRQMOD_AVERAGE_SIZE_PRESET_FREEBSD_IX:
		config->start_level = FREEBSD_IX_START_EITR;
		config->encoding = IRQMOD_ITR_ENCODING_IXGBE_EITR;
		/* if_ix.c ixgbe_perform_aim: TX accounting is a FIXME. */
		config->use_tx = false;
		break;
	default: /* IRQMOD_AVERAGE_SIZE_PRESET_FREEBSD_EM */
		config->start_level = FREEBSD_EM_START_RATE_PER_S;
		config->rate_dividend = FREEBSD_EM_AIM_DIVIDEND;
		config->max_rate_per_s = FREEBSD_EM_MAX_RATE_PER_S;
		config->slow_link_level = FREEBSD_EM_SLOW_RATE_PER_S;
		config->encoding = IRQMOD_ITR_ENCODING_EITR_RATE;
		config->output = IRQMOD_AVERAGE_SIZE_OUTPUT_RATE;
		break;
	}
	config->link_speed_mbps = link_speed_mbps;
	return 0;
}

#define KIND "average-size"

int irqmod_average_size_config_check(const struct irqmod_average_size_config *config,
				     struct irqmod_config_error *error)
{
	bool rate, rate_output;
	int code;

	if (!config)
		return irqmod_reject_null(error, KIND);
	code = irqmod_enum_reject(error, KIND, "encoding", config->encoding,
				  IRQMOD_ITR_ENCODING_COUNT);
	if (!code)
		code = irqmod_enum_reject(error, KIND, "output", config->output,
					  IRQMOD_AVERAGE_SIZE_OUTPUT_COUNT);
	if (code)
		return code;
	rate = irqmod_itr_encoding_is_rate(config->encoding);
	rate_output = config->output == IRQMOD_AVERAGE_SIZE_OUTPUT_RATE;
	if (rate != rate_output)
		return irqmod_reject(error, KIND, "output", config->output,
				     rate ? "must be rate output for rate encoding" :
					    "must be register output for register encoding",
				     NULL, config->encoding, -IRQMOD_EINVAL);
	if (config->link_speed_mbps == 0)
		return irqmod_reject(error, KIND, "link_speed_mbps", 0,
				     "must be at least", NULL, 1, -IRQMOD_ELINK);
	code = irqmod_itr_encoding_level_reject(config->encoding,
						config->start_level, KIND,
						"start_level", error);
	if (!code && config->slow_link_level)
		code = irqmod_itr_encoding_level_reject(config->encoding,
							config->slow_link_level,
							KIND, "slow_link_level",
							error);
	if (code)
		return code;
	if (config->min_value > IRQMOD_AVERAGE_SIZE_VALUE_MAX)
		return irqmod_reject(error, KIND, "min_value", config->min_value,
				     "is above", "the largest formula value",
				     IRQMOD_AVERAGE_SIZE_VALUE_MAX, -IRQMOD_ERANGE);
	if (!rate)
		return 0;
	if (config->rate_dividend < MIN_RATE_DIVIDEND)
		return irqmod_reject(error, KIND, "rate_dividend",
				     config->rate_dividend, "is below",
				     "the smallest usable dividend",
				     MIN_RATE_DIVIDEND, -IRQMOD_ERANGE);
	return irqmod_itr_encoding_level_reject(config->encoding,
						config->max_rate_per_s, KIND,
						"max_rate_per_s", error);
}

/*
 * The igb path's cached decision word: interval_ns and max_rate_per_s
 * (unused there), adjacent, copied as one 8-byte word addressed from the
 * start of the struct (it spans two fields; see lib/decision.h on
 * FORTIFY_SOURCE). Storing it stores interval_ns too.
 */
_Static_assert(offsetof(struct irqmod_average_size, max_rate_per_s) ==
	       offsetof(struct irqmod_average_size, interval_ns) + sizeof(uint32_t),
	       "the cached interval word spans interval_ns and max_rate_per_s");
#define BOTH_OFFSET offsetof(struct irqmod_average_size, interval_ns)

/*
 * The igb path's levels, IRQMOD_AVERAGE_SIZE_VALUE_MIN..MAX, all keep a bit
 * of the igb EITR field: none is the all-zero field igb_write_itr() raises
 * to IRQMOD_IGB_EITR_MIN, so that path masks without testing.
 */
_Static_assert((IRQMOD_AVERAGE_SIZE_VALUE_MIN >= IRQMOD_IGB_EITR_MIN) &&
	       (IRQMOD_IGB_EITR_MIN & IRQMOD_IGB_EITR_MASK) == IRQMOD_IGB_EITR_MIN &&
	       (IRQMOD_IGB_EITR_MIN - 1u) == (~IRQMOD_IGB_EITR_MASK & (IRQMOD_IGB_EITR_MIN - 1u)) &&
	       IRQMOD_AVERAGE_SIZE_VALUE_MAX <= IRQMOD_IGB_EITR_MASK,
	       "IGB_FIELD_NEVER_ZERO: every formula value has a bit in the igb EITR field");

_Static_assert((uint64_t)(IRQMOD_IGB_EITR_MASK >> IRQMOD_EITR_USECS_SHIFT) *
	       IRQMOD_NS_PER_USEC <= UINT32_MAX,
	       "the igb path's interval fits one half of the decision word");

/*
 * irqmod_igb_eitr_ns() of a masked field as one multiplication: the field's
 * bits below IRQMOD_EITR_USECS_SHIFT are zero and a microsecond is a whole
 * number of those quarter steps, so (field >> 2) * 1000 is field * 250.
 */
#define IGB_FIELD_NS (IRQMOD_NS_PER_USEC >> IRQMOD_EITR_USECS_SHIFT)
_Static_assert((IRQMOD_IGB_EITR_MASK & ((1u << IRQMOD_EITR_USECS_SHIFT) - 1u)) == 0 &&
	       IGB_FIELD_NS << IRQMOD_EITR_USECS_SHIFT == IRQMOD_NS_PER_USEC,
	       "IGB_FIELD_NS: field * IGB_FIELD_NS is irqmod_igb_eitr_ns(field)");

/* The igb path's cached word from @interval_ns. */
static IRQMOD_ALWAYS_INLINE uint64_t cache_both(struct irqmod_average_size *state)
{
	uint64_t both = state->interval_ns * IRQMOD_DECISION_BOTH_HALVES;

	IRQMOD_MEMCPY((unsigned char *)state + BOTH_OFFSET, &both, sizeof(both));
	return both;
}

/* The one place the level changes: its register value and interval follow. */
static void program_level(struct irqmod_average_size *state, uint32_t level)
{
	state->level = level;
	irqmod_encoding_program(state->encoding, level, &state->register_value,
				&state->interval_ns);
	if (state->formula_both)
		cache_both(state);
}

int irqmod_average_size_init(struct irqmod_average_size *state,
			     const struct irqmod_average_size_config *config)
{
	int error;

	if (!state)
		return -IRQMOD_EINVAL;
	error = irqmod_average_size_config_check(config, NULL);
	if (error)
		return error;
	state->start_level = config->start_level;
	state->min_value = config->min_value;
	state->rate_dividend = config->rate_dividend;
	state->max_rate_per_s = config->max_rate_per_s;
	state->slow_link_level = config->link_speed_mbps < IRQMOD_GIGABIT_MBPS ?
				 config->slow_link_level : 0;
	state->encoding = config->encoding;
	state->output = config->output;
	state->use_tx = config->use_tx;
	state->formula_both = !state->slow_link_level && state->use_tx &&
			      state->output == IRQMOD_AVERAGE_SIZE_OUTPUT_REGISTER &&
			      state->encoding == IRQMOD_ITR_ENCODING_IGB_EITR;
	irqmod_average_size_reset(state);
	return 0;
}

void irqmod_average_size_reset(struct irqmod_average_size *state)
{
	program_level(state, state->start_level);
}

/* The larger per-direction average; 0 when no direction carried packets. */
static uint64_t largest_average(const struct irqmod_average_size *state,
				const struct irqmod_sample *sample)
{
	uint64_t average = 0, tx_average;

	if (sample->rx_packets)
		average = IRQMOD_DIV_U64_U32(sample->rx_bytes, sample->rx_packets);
	if (state->use_tx && sample->tx_packets) {
		tx_average = IRQMOD_DIV_U64_U32(sample->tx_bytes, sample->tx_packets);
		if (tx_average > average)
			average = tx_average;
	}
	return average;
}

/*
 * Every preset but igb's: a slow link's fixed level, or the formula with
 * its options. Out of line, so that what it keeps in registers is not set
 * up on every call of the igb path (which jumps here on its first test).
 */
static IRQMOD_COLD_PATH void general_update(struct irqmod_average_size *state,
					    const struct irqmod_sample *sample,
					    struct irqmod_decision *decision)
{
	uint32_t previous_register;
	uint64_t average;
	uint32_t value, level;

	if (state->slow_link_level) {
		level = state->slow_link_level;
	} else {
		average = largest_average(state, sample);
		/* "if avg_wire_size isn't set no work was done": keep the level. */
		if (average == 0)
			goto unchanged;
		value = average_size_value(average);
		if (value < state->min_value)
			value = state->min_value;
		level = value;
		if (state->output == IRQMOD_AVERAGE_SIZE_OUTPUT_RATE) {
			level = state->rate_dividend / value;
			if (level > state->max_rate_per_s)
				level = state->max_rate_per_s;
		}
	}
	if (level == state->level)
		goto unchanged;
	/* Only a new level can change the register: compare it only then. */
	previous_register = state->register_value;
	program_level(state, level);
	irqmod_decision_rearm(decision, state->interval_ns,
			      state->register_value != previous_register);
	return;
unchanged:
	irqmod_decision_rearm(decision, state->interval_ns, false);
}

void irqmod_average_size_update(struct irqmod_average_size *state,
				const struct irqmod_sample *sample,
				struct irqmod_decision *decision)
{
	uint32_t register_value, level;
	uint64_t average, both, previous_both;

	if (!state->formula_both) {
		general_update(state, sample, decision);
		return;
	}
	/* The igb preset's path, with none of the other tests. */
	average = 0;
	if (sample->rx_packets)
		average = IRQMOD_DIV_U64_U32(sample->rx_bytes, sample->rx_packets);
	if (sample->tx_packets) {
		uint64_t tx_average = IRQMOD_DIV_U64_U32(sample->tx_bytes, sample->tx_packets);

		if (tx_average > average)
			average = tx_average;
	}
	if (average == 0)
		goto unchanged_both;
	level = average_size_value(average);
	if (level < state->min_value)
		level = state->min_value;
	if (level == state->level)
		goto unchanged_both;
	/*
	 * program_level() for the igb encoding, without its switch or the
	 * raise of an all-zero field: level is at least the formula's
	 * smallest value here (see IGB_FIELD_NEVER_ZERO).
	 */
	state->level = level;
	register_value = level & IRQMOD_IGB_EITR_MASK;
	state->register_value = register_value;
	/*
	 * irqmod_igb_eitr_ns() in both halves with one multiplication (at
	 * most 8191 us, so each half fits). The interval is a one-to-one
	 * function of the register field, so the field changed exactly when
	 * the cached word does: one comparison with memory, no old field.
	 */
	both = (uint64_t)register_value * (IGB_FIELD_NS * IRQMOD_DECISION_BOTH_HALVES);
	IRQMOD_MEMCPY(&previous_both, (const unsigned char *)state + BOTH_OFFSET,
		      sizeof(previous_both));
	IRQMOD_MEMCPY((unsigned char *)state + BOTH_OFFSET, &both, sizeof(both));
	irqmod_decision_store(decision, both, both != previous_both);
	return;
unchanged_both:
	/* The cached word: no spreading of interval_ns. */
	IRQMOD_MEMCPY(&both, (const unsigned char *)state + BOTH_OFFSET, sizeof(both));
	irqmod_decision_store(decision, both, false);
}

void irqmod_average_size_current(const struct irqmod_average_size *state,
				 struct irqmod_decision *decision)
{
	irqmod_decision_rearm(decision, state->interval_ns, false);
}

/* Registration in the kind table: Linux igb multi-vector path, rx-usecs 3. */
int irqmod_average_size_kind_defaults(void *config, uint32_t link_speed_mbps)
{
	return irqmod_average_size_preset(config, IRQMOD_AVERAGE_SIZE_PRESET_IGB,
					  link_speed_mbps);
}
