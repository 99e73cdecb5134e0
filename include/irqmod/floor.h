/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/**
 * DOC: socket-buffer-derived floor
 *
 * The longest interrupt interval that a receive socket buffer survives: in
 * one interval, a stream of back-to-back frames must not deliver more frames
 * than the buffer holds. The arithmetic follows Alexander Duyck's post
 * "ixgbe: Limit lowest interrupt rate for adaptive interrupt moderation to
 * 12K" (intel-wired-lan, 2015): 212992 / 2994 = 71.14 frames fit, a 1514-byte
 * stream at 10 Gb/s delivers 812744 frames/s, so the buffer fills in about
 * 87.5 us, and with some margin the interval becomes 84 us (12K ints/s).
 *
 * fill_ns     = rcvbuf * (frame + 24) * 8000 / (truesize * link_speed_mbps)
 * interval_ns = rcvbuf * (frame + 24) * 80 * (100 - margin) /
 *               (truesize * link_speed_mbps), rounded down to a step
 *
 * Each is one 64-bit division, so the fractional frame count is kept (no
 * rounding of 71.14 to 71). All inputs are bounded so no product overflows:
 * 2^31 * (65535 + 24) * 8000 < 2^64.
 */
#ifndef IRQMOD_FLOOR_H
#define IRQMOD_FLOOR_H

#include "irqmod/common.h"
#include "irqmod/convert.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * IRQMOD_FLOOR_DEFAULT_RCVBUF_BYTES - Linux rmem_default/wmem_default on
 * x86-64: SKB_TRUESIZE(256) * 256 = 832 * 256 (include/net/sock.h
 * SK_RMEM_MAX); the figure in Duyck's 2015 12K post.
 */
#define IRQMOD_FLOOR_DEFAULT_RCVBUF_BYTES 212992u

/**
 * IRQMOD_FLOOR_DEFAULT_TRUESIZE_BYTES - skb->truesize of one received
 * 1514-byte frame as measured in Duyck's 2015 12K post (ixgbe, 4 KiB pages).
 */
#define IRQMOD_FLOOR_DEFAULT_TRUESIZE_BYTES 2994u

/**
 * IRQMOD_FLOOR_DEFAULT_FRAME_BYTES - a full MTU-1500 Ethernet frame without
 * FCS (14-byte header + 1500), the netperf UDP_STREAM case of the 2015 post.
 */
#define IRQMOD_FLOOR_DEFAULT_FRAME_BYTES 1514u

/**
 * IRQMOD_FLOOR_DEFAULT_MARGIN_PERCENT - irqmod's default safety margin. With
 * it the 87.5 us fill time becomes 84.03 us, which the 2 us step turns into
 * the published 84 us (12K ints/s). The post calls it "a bit of wiggle room"
 * and gives no percentage: 4% is irqmod's choice that reproduces 84 us.
 */
#define IRQMOD_FLOOR_DEFAULT_MARGIN_PERCENT 4u

/**
 * IRQMOD_FLOOR_DEFAULT_STEP_NS - default rounding step: the 2 us resolution
 * of the ixgbe EITR interval field (Linux ixgbe.h IXGBE_ITR_ADAPTIVE_MIN_INC).
 */
#define IRQMOD_FLOOR_DEFAULT_STEP_NS 2000u

/**
 * IRQMOD_FLOOR_DEFAULT_MIN_INTERVAL_NS - default lower clamp: 10 us, ixgbe's
 * IXGBE_ITR_ADAPTIVE_MIN_USECS (Linux ixgbe.h).
 */
#define IRQMOD_FLOOR_DEFAULT_MIN_INTERVAL_NS 10000u

/** IRQMOD_FLOOR_MAX_RCVBUF_BYTES - largest accepted buffer: 2^31 bytes. */
#define IRQMOD_FLOOR_MAX_RCVBUF_BYTES 0x80000000u
/** IRQMOD_FLOOR_MAX_TRUESIZE_BYTES - largest accepted truesize: 2^31 bytes. */
#define IRQMOD_FLOOR_MAX_TRUESIZE_BYTES 0x80000000u
/** IRQMOD_FLOOR_MAX_FRAME_BYTES - largest accepted frame: 65535 bytes. */
#define IRQMOD_FLOOR_MAX_FRAME_BYTES 65535u
/** IRQMOD_FLOOR_MAX_LINK_SPEED_MBPS - fastest accepted link: 800 Gb/s. */
#define IRQMOD_FLOOR_MAX_LINK_SPEED_MBPS 800000u
/** IRQMOD_FLOOR_MAX_MARGIN_PERCENT - largest accepted margin: 99%. */
#define IRQMOD_FLOOR_MAX_MARGIN_PERCENT 99u

/**
 * IRQMOD_FLOOR_CLAMPED - positive status: the derived interval was below
 * @min_interval_ns and the result is @min_interval_ns (the buffer cannot be
 * protected by moderation alone at this link speed).
 */
#define IRQMOD_FLOOR_CLAMPED 1
/**
 * IRQMOD_FLOOR_SATURATED - positive status: the derived interval does not fit
 * in 32 bits of nanoseconds; the result is the largest multiple of @step_ns
 * that does.
 */
#define IRQMOD_FLOOR_SATURATED 2

/**
 * struct irqmod_floor_params - inputs of the floor derivation.
 * @rcvbuf_bytes: receive buffer limit (sk_rcvbuf), 1..2^31.
 * @truesize_bytes: memory charged per received frame (skb->truesize), 1..2^31.
 * @frame_bytes: frame length without FCS, 1..65535.
 * @link_speed_mbps: link speed in Mb/s, 1..800000.
 * @margin_percent: safety margin taken off the fill time, 0..99.
 * @step_ns: the result is rounded down to a multiple of this; non-zero.
 * @min_interval_ns: lower clamp (the controller's minimum); 0 for none.
 */
struct irqmod_floor_params {
	uint32_t rcvbuf_bytes;
	uint32_t truesize_bytes;
	uint32_t frame_bytes;
	uint32_t link_speed_mbps;
	uint32_t margin_percent;
	uint32_t step_ns;
	uint32_t min_interval_ns;
};

/**
 * struct irqmod_floor_result - outputs of the floor derivation.
 * @fill_ns: time a back-to-back stream takes to fill the buffer, no margin,
 *           rounded down (87529 ns in the 2015 example); up to ~1.1e18.
 * @frames_milli: frames that fit in the buffer, in thousandths, rounded down
 *                (71139 for 212992 / 2994).
 * @interval_ns: the longest safe interval: the fill time less the margin,
 *               rounded down to @step_ns, clamped to at least
 *               @min_interval_ns and at most UINT32_MAX.
 */
struct irqmod_floor_result {
	uint64_t fill_ns;
	uint64_t frames_milli;
	uint32_t interval_ns;
};

/**
 * irqmod_floor_default_params() - the 2015 12K-post inputs for a link speed.
 * @params: filled with 212992 B, 2994 B, 1514 B, @link_speed_mbps, 4%,
 *          2000 ns step and 10000 ns minimum.
 * @link_speed_mbps: link speed in Mb/s (not validated here).
 */
IRQMOD_API void irqmod_floor_default_params(struct irqmod_floor_params *params,
					    uint32_t link_speed_mbps);

/**
 * irqmod_floor_interval() - derive the longest safe interrupt interval.
 * @params: the inputs; see struct irqmod_floor_params for the ranges.
 * @result: filled in on success (return value >= 0); untouched on error.
 *
 * Return: 0 when the derived interval lies in range, IRQMOD_FLOOR_CLAMPED when
 * it was raised to @min_interval_ns, IRQMOD_FLOOR_SATURATED when it was cut
 * to fit 32 bits; or -IRQMOD_EINVAL for NULL, -IRQMOD_EFRAME for a buffer,
 * truesize or frame size of 0 or above its limit, -IRQMOD_ELINK for a link
 * speed of 0 or above 800 Gb/s, -IRQMOD_ERANGE for a margin above 99%,
 * -IRQMOD_ESTEP for a zero step.
 */
IRQMOD_API int irqmod_floor_interval(const struct irqmod_floor_params *params,
				     struct irqmod_floor_result *result);

/**
 * irqmod_floor_params_check() - validate @params as irqmod_floor_interval() does.
 * @params: inputs to check.
 * @error: filled with the offending field and the bound it breaks on
 *         rejection ("floor: link_speed_mbps 900000 is above the supported
 *         maximum 800000"); may be NULL. Untouched on success.
 * Return: 0, -IRQMOD_EINVAL for NULL, -IRQMOD_EFRAME, -IRQMOD_ELINK,
 * -IRQMOD_ERANGE (margin) or -IRQMOD_ESTEP (step 0).
 */
IRQMOD_API int irqmod_floor_params_check(const struct irqmod_floor_params *params,
					 struct irqmod_config_error *error);

#ifdef __cplusplus
}
#endif

#endif /* IRQMOD_FLOOR_H */
