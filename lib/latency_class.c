/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "irqmod/latency_class.h"
#include "config_error.h"
#include "irqmod/convert.h"
#include "decision.h"
#include "deps.h"
#include "itr_encoding_internal.h"
#include "kind_defaults.h"

/*
 * Linux e1000_update_itr (e1000_main.c, e1000e netdev.c): every number of
 * the state machine; e1000 and e1000e return a bulk class to low when fewer
 * than 6000 bytes arrived. Linux igb_main.c igb_update_itr (and
 * igc_update_itr) and FreeBSD if_igc.c igc_neweitr use the same numbers
 * except IGB_BULK_QUIET_LOW_BYTES; FreeBSD writes "packets < 3" where Linux
 * writes "packets <= 2".
 */
static const struct irqmod_latency_thresholds e1000_thresholds = {
	.jumbo_bytes_per_packet = 8000,
	.lowest_to_low_packets = 5,
	.lowest_to_low_bytes = 512,
	.low_busy_bytes = 10000,
	.low_busy_bulk_packets = 10,
	.low_busy_bulk_bytes_per_packet = 1200,
	.low_busy_lowest_packets = 35,
	.low_quiet_bulk_bytes_per_packet = 2000,
	.low_quiet_lowest_packets = 2,
	.low_quiet_lowest_bytes = 512,
	.bulk_busy_bytes = 25000,
	.bulk_busy_low_packets = 35,
	.bulk_quiet_low_bytes = 6000,
};

/* igb_update_itr, igc_neweitr: bulk returns to low below 1500 bytes. */
#define IGB_BULK_QUIET_LOW_BYTES 1500u

/* Class rates of e1000_set_itr and FreeBSD IGC_INTS_70K/20K/4K: ints/s. */
#define RATE_LOWEST_PER_S 70000u
#define RATE_LOW_PER_S 20000u
#define RATE_BULK_PER_S 4000u
/* e1000/e1000e param.c: InterruptThrottleRate 1 and 3 start at 20000 ints/s. */
#define E1000_START_RATE_PER_S 20000u
/* FreeBSD if_igc.h IGC_INTS_DEFAULT: the starting max_interrupt_rate. */
#define FREEBSD_START_RATE_PER_S 8000u

/* The thresholds of a preset or a config (IRQMOD_MEMCPY of deps.h). */
static void copy_thresholds(struct irqmod_latency_thresholds *to,
			    const struct irqmod_latency_thresholds *from)
{
	IRQMOD_MEMCPY(to, from, sizeof(*to));
}

int irqmod_latency_class_preset(struct irqmod_latency_class_config *config,
				uint32_t preset, uint32_t link_speed_mbps)
{
	uint32_t lowest, low, bulk, start, bulk_quiet_low_bytes;
	uint8_t encoding, combine, conservative, smoothing, start_class;

	if (!config)
		return -IRQMOD_EINVAL;
	if (link_speed_mbps == 0)
		return -IRQMOD_ELINK;
	switch (preset) {
	case IRQMOD_LATENCY_CLASS_PRESET_E1000:
	case IRQMOD_LATENCY_CLASS_PRESET_E1000E:
		bulk_quiet_low_bytes = e1000_thresholds.bulk_quiet_low_bytes;
		lowest = RATE_LOWEST_PER_S;
		low = RATE_LOW_PER_S;
		bulk = RATE_BULK_PER_S;
		start = E1000_START_RATE_PER_S;
		encoding = IRQMOD_ITR_ENCODING_E1000_ITR_RATE;
		combine = IRQMOD_LATENCY_COMBINE_MAX_CLASS;
		conservative = IRQMOD_LATENCY_CONSERVATIVE_STORED;
		smoothing = IRQMOD_LATENCY_SMOOTHING_RAMP_UP;
		start_class = IRQMOD_LATENCY_LOWEST;
		break;
	case IRQMOD_LATENCY_CLASS_PRESET_IGB:
		bulk_quiet_low_bytes = IGB_BULK_QUIET_LOW_BYTES;
		lowest = IRQMOD_IGB_70K_ITR;
		low = IRQMOD_IGB_20K_ITR;
		bulk = IRQMOD_IGB_4K_ITR;
		start = IRQMOD_IGB_START_ITR;
		encoding = IRQMOD_ITR_ENCODING_IGB_EITR;
		combine = IRQMOD_LATENCY_COMBINE_MAX_CLASS;
		conservative = IRQMOD_LATENCY_CONSERVATIVE_OUTPUT;
		smoothing = IRQMOD_LATENCY_SMOOTHING_NONE;
		start_class = IRQMOD_LATENCY_LOWEST;
		break;
	case IRQMOD_LATENCY_CLASS_PRESET_FREEBSD_AIM:
		bulk_quiet_low_bytes = IGB_BULK_QUIET_LOW_BYTES;
		lowest = RATE_LOWEST_PER_S;
		low = RATE_LOW_PER_S;
		bulk = RATE_BULK_PER_S;
		start = FREEBSD_START_RATE_PER_S;
		encoding = IRQMOD_ITR_ENCODING_EITR_RATE;
		combine = IRQMOD_LATENCY_COMBINE_MAX_INPUTS;
		conservative = IRQMOD_LATENCY_CONSERVATIVE_STORED;
		smoothing = IRQMOD_LATENCY_SMOOTHING_NONE;
		start_class = IRQMOD_LATENCY_BOOTSTRAP;
		break;
	default:
		return -IRQMOD_EPRESET;
	}
	copy_thresholds(&config->thresholds, &e1000_thresholds);
	config->thresholds.bulk_quiet_low_bytes = bulk_quiet_low_bytes;
	config->class_level[IRQMOD_LATENCY_LOWEST] = lowest;
	config->class_level[IRQMOD_LATENCY_LOW] = low;
	config->class_level[IRQMOD_LATENCY_BULK] = bulk;
	config->start_level = start;
	config->link_speed_mbps = link_speed_mbps;
	config->encoding = encoding;
	config->combine = combine;
	config->conservative = conservative;
	config->smoothing = smoothing;
	config->start_class = start_class;
	return 0;
}

/* Lowest must program the shortest interval and bulk the longest. */
static bool levels_ordered(uint32_t encoding, const uint32_t *level)
{
	if (irqmod_itr_encoding_is_rate(encoding))
		return level[IRQMOD_LATENCY_LOWEST] > level[IRQMOD_LATENCY_LOW] &&
		       level[IRQMOD_LATENCY_LOW] > level[IRQMOD_LATENCY_BULK];
	return level[IRQMOD_LATENCY_LOWEST] < level[IRQMOD_LATENCY_LOW] &&
	       level[IRQMOD_LATENCY_LOW] < level[IRQMOD_LATENCY_BULK];
}

_Static_assert(sizeof(struct irqmod_latency_class) <= 64, "latency-class state above 64 bytes");

/*
 * &struct irqmod_latency_class.path: the e1000/e1000e presets' settings and
 * igb's, each a path of the update with its encoding and smoothing as
 * constants; anything else is general.
 */
#define LC_PATH_GENERAL 0u
#define LC_PATH_E1000 1u
#define LC_PATH_IGB 2u

#define KIND "latency-class"

int irqmod_latency_class_config_check(const struct irqmod_latency_class_config *config,
				      struct irqmod_config_error *error)
{
	uint32_t i;
	int code;

	if (!config)
		return irqmod_reject_null(error, KIND);
	code = irqmod_enum_reject(error, KIND, "encoding", config->encoding,
				  IRQMOD_ITR_ENCODING_COUNT);
	if (!code)
		code = irqmod_enum_reject(error, KIND, "combine", config->combine,
					  IRQMOD_LATENCY_COMBINE_COUNT);
	if (!code)
		code = irqmod_enum_reject(error, KIND, "conservative",
					  config->conservative,
					  IRQMOD_LATENCY_CONSERVATIVE_COUNT);
	if (!code)
		code = irqmod_enum_reject(error, KIND, "smoothing",
					  config->smoothing,
					  IRQMOD_LATENCY_SMOOTHING_COUNT);
	if (code)
		return code;
	/* The ramp adds rates; it means nothing on register units. */
	if (config->smoothing == IRQMOD_LATENCY_SMOOTHING_RAMP_UP &&
	    !irqmod_itr_encoding_is_rate(config->encoding))
		return irqmod_reject(error, KIND, "smoothing", config->smoothing,
				     "needs a rate encoding, not encoding", NULL,
				     config->encoding, -IRQMOD_EINVAL);
	/* Only FreeBSD's single class bootstraps; two classes start at lowest. */
	if (config->start_class != IRQMOD_LATENCY_LOWEST &&
	    !(config->start_class == IRQMOD_LATENCY_BOOTSTRAP &&
	      config->combine == IRQMOD_LATENCY_COMBINE_MAX_INPUTS))
		return irqmod_reject(error, KIND, "start_class",
				     config->start_class,
				     "is allowed only with combine max-inputs, not combine",
				     NULL, config->combine, -IRQMOD_EINVAL);
	if (config->link_speed_mbps == 0)
		return irqmod_reject(error, KIND, "link_speed_mbps", 0,
				     "must be at least", NULL, 1, -IRQMOD_ELINK);
	for (i = 0; i < IRQMOD_LATENCY_CLASS_COUNT; i++) {
		code = irqmod_itr_encoding_level_reject(config->encoding,
							config->class_level[i],
							KIND, "class_level[]",
							error);
		if (code)
			return code;
	}
	code = irqmod_itr_encoding_level_reject(config->encoding,
						config->start_level, KIND,
						"start_level", error);
	if (code)
		return code;
	if (!levels_ordered(config->encoding, config->class_level))
		return irqmod_reject(error, KIND, "class_level[]",
				     config->class_level[IRQMOD_LATENCY_LOW],
				     "(the low class) is not strictly between its neighbours, lowest",
				     NULL, config->class_level[IRQMOD_LATENCY_LOWEST],
				     -IRQMOD_ETABLE);
	return 0;
}

/* The one place the level changes: its register value and interval follow. */
static void program_level(struct irqmod_latency_class *state, uint32_t level)
{
	state->level = level;
	irqmod_encoding_program(state->encoding, level, &state->register_value,
				&state->interval_ns);
}

int irqmod_latency_class_init(struct irqmod_latency_class *state,
			      const struct irqmod_latency_class_config *config)
{
	uint32_t i;
	int error;

	if (!state)
		return -IRQMOD_EINVAL;
	error = irqmod_latency_class_config_check(config, NULL);
	if (error)
		return error;
	copy_thresholds(&state->thresholds, &config->thresholds);
	for (i = 0; i < IRQMOD_LATENCY_CLASS_COUNT; i++)
		state->class_level[i] = config->class_level[i];
	/*
	 * igb_set_itr's conservative mode raises a lowest vector class to
	 * low: program low's level for it, so the update needs no test.
	 */
	if (config->conservative == IRQMOD_LATENCY_CONSERVATIVE_OUTPUT)
		state->class_level[IRQMOD_LATENCY_LOWEST] =
			config->class_level[IRQMOD_LATENCY_LOW];
	state->start_level = config->start_level;
	state->start_class = config->start_class;
	state->encoding = config->encoding;
	state->combine = config->combine;
	state->conservative = config->conservative;
	state->smoothing = config->smoothing;
	state->slow_link = config->link_speed_mbps < IRQMOD_GIGABIT_MBPS;
	state->path = LC_PATH_GENERAL;
	if (state->combine == IRQMOD_LATENCY_COMBINE_MAX_CLASS && !state->slow_link) {
		if (state->conservative == IRQMOD_LATENCY_CONSERVATIVE_STORED &&
		    state->encoding == IRQMOD_ITR_ENCODING_E1000_ITR_RATE &&
		    state->smoothing == IRQMOD_LATENCY_SMOOTHING_RAMP_UP)
			state->path = LC_PATH_E1000;
		else if (state->conservative != IRQMOD_LATENCY_CONSERVATIVE_STORED &&
			 state->encoding == IRQMOD_ITR_ENCODING_IGB_EITR)
			/* No smoothing: the ramp needs a rate encoding (config check). */
			state->path = LC_PATH_IGB;
	}
	irqmod_latency_class_reset(state);
	return 0;
}

void irqmod_latency_class_reset(struct irqmod_latency_class *state)
{
	state->rx_class = state->start_class;
	state->tx_class = state->start_class;
	program_level(state, state->start_level);
}

/* The average latency_step() reads: divided there, or given. */
static IRQMOD_ALWAYS_INLINE uint64_t step_average(uint64_t bytes, uint32_t packets,
						  uint64_t given,
						  bool divide)
{
	return divide ? IRQMOD_DIV_U64_U32(bytes, packets) : given;
}

/*
 * irqmod_latency_class_step(), inline into the update's two directions.
 * With @divide (a constant at each call) the average is computed here, in
 * the branches that read it, as the drivers do: a bulk class never divides.
 * Otherwise @given is the average.
 */
static IRQMOD_ALWAYS_INLINE uint8_t
latency_step(const struct irqmod_latency_thresholds *thresholds, uint8_t current_class,
	     uint64_t bytes, uint32_t packets, uint64_t given,
	     bool divide)
{
	const struct irqmod_latency_thresholds *t = thresholds;

	if (packets == 0)
		return current_class;
	switch (current_class) { /* GCOVR_EXCL_BR_LINE: two-class paths never bootstrap */
	case IRQMOD_LATENCY_LOWEST:
		if (step_average(bytes, packets, given, divide) >
		    t->jumbo_bytes_per_packet)
			return IRQMOD_LATENCY_BULK;
		if (packets < t->lowest_to_low_packets &&
		    bytes > t->lowest_to_low_bytes)
			return IRQMOD_LATENCY_LOW;
		return IRQMOD_LATENCY_LOWEST;
	case IRQMOD_LATENCY_LOW:
		if (bytes > t->low_busy_bytes) {
			if (step_average(bytes, packets, given, divide) >
			    t->jumbo_bytes_per_packet)
				return IRQMOD_LATENCY_BULK;
			if (packets < t->low_busy_bulk_packets ||
			    step_average(bytes, packets, given, divide) >
			    t->low_busy_bulk_bytes_per_packet)
				return IRQMOD_LATENCY_BULK;
			if (packets > t->low_busy_lowest_packets)
				return IRQMOD_LATENCY_LOWEST;
			return IRQMOD_LATENCY_LOW;
		}
		if (step_average(bytes, packets, given, divide) >
		    t->low_quiet_bulk_bytes_per_packet)
			return IRQMOD_LATENCY_BULK;
		if (packets <= t->low_quiet_lowest_packets &&
		    bytes < t->low_quiet_lowest_bytes)
			return IRQMOD_LATENCY_LOWEST;
		return IRQMOD_LATENCY_LOW;
	case IRQMOD_LATENCY_BULK:
		if (bytes > t->bulk_busy_bytes) {
			if (packets > t->bulk_busy_low_packets)
				return IRQMOD_LATENCY_LOW;
			return IRQMOD_LATENCY_BULK;
		}
		if (bytes < t->bulk_quiet_low_bytes)
			return IRQMOD_LATENCY_LOW;
		return IRQMOD_LATENCY_BULK;
	default:
		/* Bootstrap (FreeBSD eitr_latency_disabled) and anything else. */
		return IRQMOD_LATENCY_LOW;
	}
}

uint8_t irqmod_latency_class_step(const struct irqmod_latency_thresholds *thresholds,
				  uint8_t current_class, uint64_t bytes,
				  uint32_t packets, uint64_t bytes_per_packet)
{
	return latency_step(thresholds, current_class, bytes, packets, bytes_per_packet,
			    false);
}

/*
 * FreeBSD igc_neweitr/em_newitr: the larger bytes, average and packets of the
 * directions that carried both bytes and packets. Return: false when neither
 * did (FreeBSD returns before touching anything on an idle interrupt; with
 * bytes but no packets its accumulators were never set, so irqmod treats
 * that as idle too).
 */
static bool combine_inputs(const struct irqmod_sample *sample, uint64_t *bytes,
			   uint32_t *packets, uint64_t *bytes_per_packet)
{
	bool seen = false;
	uint64_t average;

	*bytes = 0;
	*packets = 0;
	*bytes_per_packet = 0;
	if (sample->tx_bytes && sample->tx_packets) {
		*bytes = sample->tx_bytes;
		*packets = sample->tx_packets;
		*bytes_per_packet = IRQMOD_DIV_U64_U32(sample->tx_bytes,
						       sample->tx_packets);
		seen = true;
	}
	if (sample->rx_bytes && sample->rx_packets) {
		average = IRQMOD_DIV_U64_U32(sample->rx_bytes, sample->rx_packets);
		if (sample->rx_bytes > *bytes)
			*bytes = sample->rx_bytes;
		if (sample->rx_packets > *packets)
			*packets = sample->rx_packets;
		if (average > *bytes_per_packet)
			*bytes_per_packet = average;
		seen = true;
	}
	return seen;
}

/*
 * Both classes of a two-class vector, TX first, then RX, with STORED
 * conservative mode when @stored (a constant at each call): the class they
 * make together. e1000_set_itr applies conservative mode to each stored
 * class after e1000_update_itr, also when that saw no packets: an idle
 * direction still leaves lowest on the first update.
 */
static IRQMOD_ALWAYS_INLINE uint8_t two_class_step(struct irqmod_latency_class *state,
						   const struct irqmod_sample *sample,
						   bool stored)
{
	uint8_t tx_class = latency_step(&state->thresholds, state->tx_class,
					sample->tx_bytes, sample->tx_packets, 0, true);
	uint8_t rx_class;

	if (stored && tx_class == IRQMOD_LATENCY_LOWEST)
		tx_class = IRQMOD_LATENCY_LOW;
	state->tx_class = tx_class;
	rx_class = latency_step(&state->thresholds, state->rx_class,
				sample->rx_bytes, sample->rx_packets, 0, true);
	if (stored && rx_class == IRQMOD_LATENCY_LOWEST)
		rx_class = IRQMOD_LATENCY_LOW;
	state->rx_class = rx_class;
	return rx_class > tx_class ? rx_class : tx_class;
}

/*
 * The level of @vector_class. Every class a step returns is below
 * IRQMOD_LATENCY_CLASS_COUNT (bootstrap is stepped first, the two-class
 * paths never bootstrap), but a state does not show that to scripts/eva:
 * the read saturates at bulk, a test both ways taken, so no line is dead.
 * CONSERVATIVE_OUTPUT is folded into class_level at init.
 */
static IRQMOD_ALWAYS_INLINE uint32_t class_target(const struct irqmod_latency_class *state,
						  uint8_t vector_class)
{
	return state->class_level[vector_class < IRQMOD_LATENCY_BULK ? vector_class :
				  IRQMOD_LATENCY_BULK];
}

/*
 * The e1000 ITR rate encoding without its cap of a level outside the
 * encoding's range: on the e1000 preset path every level is a class level
 * or start level init checked against that range
 * (irqmod_itr_encoding_level_valid()), or a ramp between two of them, and
 * a rate of at least 100 ints/s fits the 16-bit ITR field.
 * (The igb path keeps irqmod_encoding_program(): without its zero test gcc
 * pairs the level and register stores in a vector register, 2 more.)
 */
_Static_assert(IRQMOD_E1000_ITR_DIVIDEND / IRQMOD_ITR_RATE_MIN_PER_S <= IRQMOD_E1000_ITR_MAX &&
	       IRQMOD_ITR_RATE_MIN_PER_S > 0,
	       "e1000_program(): a rate in range needs no cap");

static IRQMOD_ALWAYS_INLINE void e1000_program(uint32_t level, uint32_t *register_value,
					       uint32_t *interval_ns)
{
	/*
	 * The zero test is never true here (as irqmod_encoding_register(), a
	 * level of 0 gives 0); it shows scripts/eva a divisor it cannot prove
	 * non-zero from a caller-owned state.
	 */
	/* GCOVR_EXCL_BR_START: levels in range, see above */
	*register_value = level ? IRQMOD_E1000_ITR_DIVIDEND / level : 0;
	/* GCOVR_EXCL_BR_STOP */
	*interval_ns = *register_value * IRQMOD_E1000_ITR_UNIT_NS;
}

/*
 * The level a vector class asks for, ramped up (e1000_set_itr: climb by a
 * quarter of the new rate per update) when @ramp_up; then, when it moved,
 * the register and interval of @encoding (constants at the preset paths,
 * so the encoding's switch folds away; e1000_program() when @e1000) and
 * the decision.
 */
static IRQMOD_ALWAYS_INLINE void apply_target(struct irqmod_latency_class *state,
					      uint32_t target, uint32_t encoding,
					      bool ramp_up, bool e1000,
					      struct irqmod_decision *decision)
{
	uint32_t previous_register, level = target;

	if (ramp_up && target > state->level) {
		uint32_t raised = state->level + target / 4;

		level = raised < target ? raised : target;
	}
	if (level == state->level) {
		irqmod_decision_rearm(decision, state->interval_ns, false);
		return;
	}
	/* Only a new level can change the register: compare it only then. */
	previous_register = state->register_value;
	state->level = level;
	if (e1000) {
		/* GCOVR_EXCL_BR_START: e1000_program()'s zero test, inlined here */
		e1000_program(level, &state->register_value, &state->interval_ns);
		/* GCOVR_EXCL_BR_STOP */
	} else {
		/*
		 * Inlined with igb's constant encoding, the encoding's zero
		 * test is never taken: init checked the levels against the
		 * encoding's range (irqmod_itr_encoding_level_valid()).
		 */
		/* GCOVR_EXCL_BR_START: levels in range, see above */
		irqmod_encoding_program(encoding, level, &state->register_value,
					&state->interval_ns);
		/* GCOVR_EXCL_BR_STOP */
	}
	irqmod_decision_rearm(decision, state->interval_ns,
			      state->register_value != previous_register);
}

/*
 * Every config off the two preset paths: a single class (FreeBSD), a slow
 * link, or two classes with another encoding, conservative mode or
 * smoothing. Out of line, so that what it keeps in registers is not set up
 * on the preset paths.
 */
static IRQMOD_COLD_PATH void general_update(struct irqmod_latency_class *state,
					    const struct irqmod_sample *sample,
					    struct irqmod_decision *decision)
{
	bool ramp_up = state->smoothing == IRQMOD_LATENCY_SMOOTHING_RAMP_UP;
	uint32_t target;
	uint8_t vector_class;

	if (state->combine == IRQMOD_LATENCY_COMBINE_MAX_CLASS && !state->slow_link) {
		vector_class = two_class_step(state, sample, state->conservative ==
					      IRQMOD_LATENCY_CONSERVATIVE_STORED);
		target = class_target(state, vector_class);
	} else if (state->combine == IRQMOD_LATENCY_COMBINE_MAX_CLASS) {
		/* Below gigabit every one of these drivers fixes the bulk level. */
		target = state->class_level[IRQMOD_LATENCY_BULK];
	} else {
		uint64_t bytes, bytes_per_packet;
		uint32_t packets;

		/* FreeBSD returns before anything else on an idle interrupt. */
		if (!combine_inputs(sample, &bytes, &packets, &bytes_per_packet)) {
			irqmod_decision_rearm(decision, state->interval_ns, false);
			return;
		}
		if (state->slow_link) {
			target = state->class_level[IRQMOD_LATENCY_BULK];
		} else {
			/* GCOVR_EXCL_BR_START: packets > 0 here, so one branch never runs */
			vector_class = latency_step(&state->thresholds, state->rx_class,
						    bytes, packets, bytes_per_packet, false);
			/* GCOVR_EXCL_BR_STOP */
			if (state->conservative == IRQMOD_LATENCY_CONSERVATIVE_STORED &&
			    vector_class == IRQMOD_LATENCY_LOWEST)
				vector_class = IRQMOD_LATENCY_LOW;
			state->rx_class = vector_class;
			target = class_target(state, vector_class);
		}
	}
	apply_target(state, target, state->encoding, ramp_up, false, decision);
}

void irqmod_latency_class_update(struct irqmod_latency_class *state,
				 const struct irqmod_sample *sample,
				 struct irqmod_decision *decision)
{
	/* The e1000/e1000e and igb presets, each with nothing else to test. */
	if (state->path == LC_PATH_E1000)
		apply_target(state, class_target(state, two_class_step(state, sample, true)),
			     IRQMOD_ITR_ENCODING_E1000_ITR_RATE, true, true, decision);
	else if (state->path == LC_PATH_IGB)
		apply_target(state, class_target(state, two_class_step(state, sample, false)),
			     IRQMOD_ITR_ENCODING_IGB_EITR, false, false, decision);
	else
		general_update(state, sample, decision);
}

void irqmod_latency_class_current(const struct irqmod_latency_class *state,
				  struct irqmod_decision *decision)
{
	irqmod_decision_rearm(decision, state->interval_ns, false);
}

/* Registration in the kind table: Linux igb single-vector path, rx-usecs 3 (IGB_DEFAULT_ITR). */
int irqmod_latency_class_kind_defaults(void *config, uint32_t link_speed_mbps)
{
	return irqmod_latency_class_preset(config, IRQMOD_LATENCY_CLASS_PRESET_IGB,
					   link_speed_mbps);
}
