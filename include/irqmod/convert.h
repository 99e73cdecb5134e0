/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/**
 * DOC: unit and register conversions
 *
 * Controllers speak nanoseconds; hardware speaks register units. These
 * helpers convert with clamping so a driver needs no arithmetic of its own.
 * An interval of 0 ns means "no throttling" and maps to register value 0.
 */
#ifndef IRQMOD_CONVERT_H
#define IRQMOD_CONVERT_H

#include "irqmod/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** IRQMOD_NS_PER_USEC - nanoseconds in a microsecond. */
#define IRQMOD_NS_PER_USEC 1000u
/** IRQMOD_NS_PER_SEC - nanoseconds in a second. */
#define IRQMOD_NS_PER_SEC 1000000000u

/**
 * IRQMOD_WIRE_OVERHEAD_BYTES - bytes a frame occupies on the wire beyond
 * its length without FCS: FCS 4, preamble and SFD 8, inter-frame gap 12
 * (IEEE 802.3). The "+ 24" of Linux igb_update_ring_itr ("CRC, preamble,
 * and gap") and of ixgbe_update_itr's comment; used by the average-size
 * formula and the socket-buffer floor.
 */
#define IRQMOD_WIRE_OVERHEAD_BYTES 24u

/**
 * IRQMOD_GIGABIT_MBPS - SPEED_1000: below it the Intel gigabit drivers
 * (e1000, e1000e, igb, FreeBSD em/igb) fix the bulk rate instead of
 * adapting (e1000_set_itr, igb_set_itr, igb_update_ring_itr).
 */
#define IRQMOD_GIGABIT_MBPS 1000u

/* ixgbe EITR: interval field bits 11:3 in 2 us steps, stored as usecs << 2
 * (Linux ixgbe.h IXGBE_MAX_EITR 0x00000FF8, IXGBE_MIN_EITR 8). */
#define IRQMOD_IXGBE_EITR_MASK 0x0FF8u
#define IRQMOD_IXGBE_EITR_MIN 0x0008u
/* e1000/8254x ITR and 82575/82598 EITR: 256 ns units, 16-bit field
 * (Intel 8254x SDM 13.4.18). */
#define IRQMOD_E1000_ITR_UNIT_NS 256u
#define IRQMOD_E1000_ITR_MAX 0xFFFFu
/* igb (I210) EITR: interval bits 14:2 in 1 us steps, stored as usecs << 2
 * and masked with 0x7FFC (Linux igb_main.c igb_write_itr; I210 datasheet 8.8.14). */
#define IRQMOD_IGB_EITR_MASK 0x7FFCu
#define IRQMOD_IGB_EITR_MIN 0x0004u
/* i40e: interval field in 2 us units, at most I40E_MAX_ITR = 8160 us
 * (Linux i40e_txrx.h I40E_MAX_ITR 0x0FF0, i40e_buildreg_itr). */
#define IRQMOD_I40E_ITR_UNIT_NS 2000u
#define IRQMOD_I40E_ITR_MAX 0x0FF0u

/**
 * irqmod_ns_to_usecs() - whole microseconds in an interval, rounded down.
 * @interval_ns: interval in ns.
 * Return: microseconds.
 */
IRQMOD_API uint32_t irqmod_ns_to_usecs(uint32_t interval_ns);

/**
 * irqmod_usecs_to_ns() - nanoseconds in @usecs, saturating at UINT32_MAX.
 * @usecs: microseconds.
 * Return: nanoseconds.
 */
IRQMOD_API uint32_t irqmod_usecs_to_ns(uint32_t usecs);

/**
 * irqmod_interval_ns_to_rate_per_s() - interrupts per second an interval allows.
 * @interval_ns: interval in ns; 0 (no throttling) gives 0, read as "no limit".
 * Return: 1e9 / @interval_ns, rounded down.
 */
IRQMOD_API uint32_t irqmod_interval_ns_to_rate_per_s(uint32_t interval_ns);

/**
 * irqmod_rate_per_s_to_interval_ns() - interval that gives @rate_per_s interrupts/s.
 * @rate_per_s: interrupts per second; 0 gives 0 (no throttling).
 * Return: 1e9 / @rate_per_s, rounded down.
 */
IRQMOD_API uint32_t irqmod_rate_per_s_to_interval_ns(uint32_t rate_per_s);

/**
 * irqmod_ixgbe_eitr_from_ns() - ixgbe (82599/X540/X550) EITR interval field.
 * @interval_ns: interval; 0 gives 0 (throttling off).
 * Return: (usecs << 2) & 0xFF8, clamped to [8, 0xFF8] for non-zero intervals.
 */
IRQMOD_API uint32_t irqmod_ixgbe_eitr_from_ns(uint32_t interval_ns);
/**
 * irqmod_ixgbe_eitr_to_ns() - interval an ixgbe EITR value programs.
 * @eitr: register.
 *
 * Return: ns.
 */
IRQMOD_API uint32_t irqmod_ixgbe_eitr_to_ns(uint32_t eitr);

/**
 * irqmod_e1000_itr_from_ns() - e1000/8254x ITR (256 ns units).
 * @interval_ns: interval; 0 gives 0.
 * Return: @interval_ns / 256, clamped to [1, 0xFFFF] for non-zero intervals.
 */
IRQMOD_API uint32_t irqmod_e1000_itr_from_ns(uint32_t interval_ns);
/** irqmod_e1000_itr_to_ns() - interval an e1000 ITR value programs. @itr: register. Return: ns. */
IRQMOD_API uint32_t irqmod_e1000_itr_to_ns(uint32_t itr);

/**
 * irqmod_igb_eitr_from_ns() - igb/I210 EITR (usecs << 2, 0.25 us per LSB).
 * @interval_ns: interval; 0 gives 0.
 * Return: (usecs << 2) & 0x7FFC, clamped to [4, 0x7FFC] for non-zero intervals.
 */
IRQMOD_API uint32_t irqmod_igb_eitr_from_ns(uint32_t interval_ns);
/** irqmod_igb_eitr_to_ns() - interval an igb EITR value programs. @eitr: register. Return: ns. */
IRQMOD_API uint32_t irqmod_igb_eitr_to_ns(uint32_t eitr);

/**
 * irqmod_i40e_itr_from_ns() - i40e interval field (2 us units).
 * @interval_ns: interval; 0 gives 0.
 * Return: @interval_ns / 2000, clamped to [1, 0xFF0] for non-zero intervals.
 */
IRQMOD_API uint32_t irqmod_i40e_itr_from_ns(uint32_t interval_ns);
/** irqmod_i40e_itr_to_ns() - interval an i40e ITR field programs. @itr: field. Return: ns. */
IRQMOD_API uint32_t irqmod_i40e_itr_to_ns(uint32_t itr);

#ifdef __cplusplus
}
#endif

#endif /* IRQMOD_CONVERT_H */
