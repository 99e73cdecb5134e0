/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/**
 * DOC: interrupt-throttle register encodings of the Intel GbE/10GbE drivers
 *
 * The class and average-size controllers keep a "level" in the unit the
 * original driver keeps it in: interrupts per second (e1000, e1000e, the
 * FreeBSD em/igb/igc AIM) or a raw register value (Linux igb itr_val, the
 * FreeBSD ix and older Linux ixgbe EITR value). An encoding turns that level
 * into the register value the driver writes and the interval it programs, so
 * that rounding is exactly the driver's.
 */
#ifndef IRQMOD_ITR_ENCODING_H
#define IRQMOD_ITR_ENCODING_H

#include "irqmod/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * enum irqmod_itr_encoding - how a level becomes a register value.
 * @IRQMOD_ITR_ENCODING_E1000_ITR_RATE: the level is interrupts/s; the register
 *	is 1e9 / (256 * rate) in 256 ns units (Linux e1000_main.c e1000_set_itr,
 *	e1000e netdev.c e1000e_write_itr), at most 0xFFFF.
 * @IRQMOD_ITR_ENCODING_EITR_RATE: the level is interrupts/s; the register is
 *	((1000000 / rate) << 2) & 0x7FFC, whole microseconds in bits 14:2
 *	(FreeBSD if_igc.h IGC_INTS_TO_EITR; if_em.c IGB_INTS_TO_EITR).
 * @IRQMOD_ITR_ENCODING_IGB_EITR: the level is the igb itr_val in 0.25 us
 *	units; the register is level & 0x7FFC, and 0 becomes 4 (Linux igb_main.c
 *	igb_write_itr).
 * @IRQMOD_ITR_ENCODING_IXGBE_EITR: the level is an ixgbe EITR value (usecs << 2);
 *	the register keeps bits 11:3, level & 0xFF8 (Linux ixgbe_main.c
 *	ixgbe_write_eitr, IXGBE_MAX_EITR; FreeBSD if_ix.c ixgbe_perform_aim).
 * @IRQMOD_ITR_ENCODING_COUNT: one past the last encoding.
 */
enum irqmod_itr_encoding {
	IRQMOD_ITR_ENCODING_E1000_ITR_RATE = 0,
	IRQMOD_ITR_ENCODING_EITR_RATE = 1,
	IRQMOD_ITR_ENCODING_IGB_EITR = 2,
	IRQMOD_ITR_ENCODING_IXGBE_EITR = 3,
	IRQMOD_ITR_ENCODING_COUNT
};

/*
 * IRQMOD_ITR_RATE_MIN_PER_S / IRQMOD_ITR_RATE_MAX_PER_S - the range of a rate
 * level: the fixed InterruptThrottleRate range 100..100000 ints/s of Linux
 * e1000e param.c (e1000e_check_options, MIN_ITR / MAX_ITR). Every rate in it
 * encodes without wrapping in both rate encodings.
 */
/** IRQMOD_ITR_RATE_MIN_PER_S - lowest accepted rate level (e1000e param.c MIN_ITR). */
#define IRQMOD_ITR_RATE_MIN_PER_S 100u
/** IRQMOD_ITR_RATE_MAX_PER_S - highest accepted rate level (e1000e param.c MAX_ITR). */
#define IRQMOD_ITR_RATE_MAX_PER_S 100000u

/*
 * The igb itr_val levels (0.25 us units, IRQMOD_ITR_ENCODING_IGB_EITR) of
 * Linux igb.h, used by the latency-class and average-size igb presets.
 */
/** IRQMOD_IGB_70K_ITR - IGB_70K_ITR = 56: 14 us, the lowest-latency class. */
#define IRQMOD_IGB_70K_ITR 56u
/** IRQMOD_IGB_20K_ITR - IGB_20K_ITR = 196: 49 us, the low class and igb's rx-usecs 3 floor. */
#define IRQMOD_IGB_20K_ITR 196u
/** IRQMOD_IGB_4K_ITR - IGB_4K_ITR = 980: 245 us, the bulk class and the below-gigabit level. */
#define IRQMOD_IGB_4K_ITR 980u
/** IRQMOD_IGB_START_ITR - IGB_START_ITR = 648: 162 us (~6000 ints/s), programmed at setup. */
#define IRQMOD_IGB_START_ITR 648u

/**
 * irqmod_itr_encoding_is_rate() - whether levels of @encoding are interrupts/s.
 * @encoding: an enum irqmod_itr_encoding value.
 * Return: true for the two rate encodings, false otherwise (also for unknown values).
 */
IRQMOD_API bool irqmod_itr_encoding_is_rate(uint32_t encoding);

/**
 * irqmod_itr_encoding_level_valid() - whether @level is usable with @encoding.
 * @encoding: an enum irqmod_itr_encoding value.
 * @level: rate in [IRQMOD_ITR_RATE_MIN_PER_S, IRQMOD_ITR_RATE_MAX_PER_S] for
 *	rate encodings; register value in [4, 0x7FFC] (igb) or [8, 0xFF8] (ixgbe).
 * Return: true when @level lies in that range.
 */
IRQMOD_API bool irqmod_itr_encoding_level_valid(uint32_t encoding, uint32_t level);

/**
 * irqmod_itr_encoding_register() - the register value the driver writes for @level.
 * @encoding: an enum irqmod_itr_encoding value; unknown values give 0.
 * @level: a level in @encoding's unit; a rate of 0 gives 0 (throttling off).
 * Return: the interval field only (no CNT_WDIS / CNT_IGNR flag bits).
 */
IRQMOD_API uint32_t irqmod_itr_encoding_register(uint32_t encoding, uint32_t level);

/**
 * irqmod_itr_encoding_interval_ns() - the interval a register value programs.
 * @encoding: an enum irqmod_itr_encoding value; unknown values give 0.
 * @register_value: as returned by irqmod_itr_encoding_register().
 * Return: nanoseconds (256 ns steps for e1000 ITR, 1 us for igb, 2 us for ixgbe).
 */
IRQMOD_API uint32_t irqmod_itr_encoding_interval_ns(uint32_t encoding,
						    uint32_t register_value);

/**
 * irqmod_itr_encoding_program() - the register value and interval of @level,
 * in one call: what the latency-class and average-size controllers keep of
 * the level they program.
 * @encoding: an enum irqmod_itr_encoding value; unknown values give 0s.
 * @level: a level in @encoding's unit.
 * @register_value: set to irqmod_itr_encoding_register(@encoding, @level).
 * @interval_ns: set to irqmod_itr_encoding_interval_ns() of that register.
 */
IRQMOD_API void irqmod_itr_encoding_program(uint32_t encoding, uint32_t level,
					    uint32_t *register_value,
					    uint32_t *interval_ns);

#ifdef __cplusplus
}
#endif

#endif /* IRQMOD_ITR_ENCODING_H */
