/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/**
 * DOC: latency-target controller
 *
 * Told how long a frame may wait for its poll because of moderation (a p99
 * target, and optionally a mean target), it picks the longest interrupt
 * interval whose predicted added delay meets the target: the fewest
 * interrupts that keep the promise. Each call adds its RX packets, and the
 * part of them above the last window's mean, to two sums; every
 * IRQMOD_LATENCY_TARGET_WINDOW_CALLS calls the window closes, recovers the
 * packets' deviation from the two, and its means estimate the arrival
 * process (packets per call and time per call, whose ratio is the arrival
 * rate, and the packets' mean absolute deviation, which measures
 * burstiness). From the estimate it derives, with integer arithmetic only,
 * and caches until the next window:
 *
 * - the interval the p99 target allows: no frame waits longer than the
 *   target, so under a holdoff T <= target_p99 - service and under a
 *   throttle (Intel EITR: a frame waits T less its time since the last
 *   interrupt, at least the interrupt's entry) T <= target_p99 - service
 *   + entry;
 * - the interval the mean target allows, (T + lambda*T^2/2) / (1 + lambda*T)
 *   <= target_mean, solved conservatively in one step;
 * - the ring and socket-buffer bound: the frames of one interval, at the
 *   estimated rate plus two deviations, must fit half the ring and the
 *   frames the socket buffer holds;
 * - under a holdoff, at very low rates and in closed loops (fewer than
 *   1.25 frames per interrupt) the shortest interval, because each frame
 *   has an interrupt of its own anyway and the interval would be its
 *   whole latency (under a throttle a lone frame fires at once: the
 *   target's interval at every rate);
 * - at high, steady load (at least @poll_packets frames per interval) it
 *   answers IRQMOD_ACTION_POLL, as deferred hard IRQs and IRQ suspension
 *   do, deferred by the target (the timer starts when a poll ends, and
 *   the frames of its entry and run are taken by it), and re-arms at the
 *   first empty poll (at once, not at the window's close).
 *
 * The model, the estimator and the measurements are in
 * docs/latency-target.md.
 */
#ifndef IRQMOD_LATENCY_TARGET_H
#define IRQMOD_LATENCY_TARGET_H

#include "irqmod/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** IRQMOD_LATENCY_TARGET_MAX_NS - longest target, interval or ceiling: 1 s (static.h bound). */
#define IRQMOD_LATENCY_TARGET_MAX_NS 1000000000u
/**
 * IRQMOD_LATENCY_TARGET_MIN_RING - smallest RX ring accepted: 2
 * descriptors, so that half the ring holds a frame (drivers' own minimum,
 * e.g. Linux ixgbe.h IXGBE_MIN_RXD 64, is theirs to enforce).
 */
#define IRQMOD_LATENCY_TARGET_MIN_RING 2u
/**
 * IRQMOD_LATENCY_TARGET_MAX_RING - largest RX ring accepted: 65536
 * descriptors (mlx5's 2^16 limit, the largest of the common drivers).
 */
#define IRQMOD_LATENCY_TARGET_MAX_RING 65536u
/** IRQMOD_LATENCY_TARGET_MAX_POLL_PACKETS - largest @poll_packets (the state keeps u16). */
#define IRQMOD_LATENCY_TARGET_MAX_POLL_PACKETS 65535u
/**
 * IRQMOD_LATENCY_TARGET_WINDOW_CALLS - calls per estimate and decision: 16.
 * The mean of 16 calls has the noise of the former per-call EWMA of weight
 * 1/8 (variance 1/16 of a call's against 1/15) and the same mean age (7.5
 * calls against 7); docs/latency-target.md, "The estimator".
 */
#define IRQMOD_LATENCY_TARGET_WINDOW_CALLS 16u
/** IRQMOD_LATENCY_TARGET_MAX_POLL_SERVICE_NS - largest @poll_service_ns (u16 in the state). */
#define IRQMOD_LATENCY_TARGET_MAX_POLL_SERVICE_NS 65535u

/**
 * enum irqmod_latency_target_mode - which rule set the last interval.
 * @IRQMOD_LATENCY_TARGET_MODE_LOW: the interval would not batch frames
 *	(fewer than 1.25 frames per interrupt, as at very low rates): the
 *	shortest interval.
 * @IRQMOD_LATENCY_TARGET_MODE_TARGET: the longest interval that meets the
 *	targets and the ring and socket bounds; interrupts re-armed.
 * @IRQMOD_LATENCY_TARGET_MODE_POLL: the same interval used as a poll delay
 *	with the interrupt masked (IRQMOD_ACTION_POLL).
 * @IRQMOD_LATENCY_TARGET_MODE_UNBATCHED: the shortest interval because the
 *	target interval was tried and did not batch: a closed loop (ping,
 *	one request in flight), whose rate follows the latency, so the rate
 *	seen at the shortest interval overstates what the target interval
 *	would batch. Left only at 8 frames per target interval.
 */
enum irqmod_latency_target_mode {
	IRQMOD_LATENCY_TARGET_MODE_LOW = 0,
	IRQMOD_LATENCY_TARGET_MODE_TARGET = 1,
	IRQMOD_LATENCY_TARGET_MODE_POLL = 2,
	IRQMOD_LATENCY_TARGET_MODE_UNBATCHED = 3,
};

/**
 * enum irqmod_latency_target_timer - which interrupt timer the NIC has.
 * @IRQMOD_LATENCY_TARGET_TIMER_THROTTLE: a minimum gap since the previous
 *	interrupt (Intel EITR on 82599 and later, 8254x ITR; the simulator's
 *	default `nic.timer = throttle`): a frame that arrives @interval after
 *	the last interrupt fires at once, one that arrives s after it waits
 *	the interval less s, and s is at least the interrupt's entry, during
 *	which arriving frames are taken by the poll it starts. The default.
 * @IRQMOD_LATENCY_TARGET_TIMER_HOLDOFF: a holdoff started by the first
 *	frame after the vector is re-armed (8254x RADV, ethtool rx-usecs on
 *	absolute-timer NICs; the simulator's `nic.timer = absolute`): that
 *	frame waits the whole interval.
 */
enum irqmod_latency_target_timer {
	IRQMOD_LATENCY_TARGET_TIMER_THROTTLE = 0,
	IRQMOD_LATENCY_TARGET_TIMER_HOLDOFF = 1,
};

/**
 * struct irqmod_latency_target_config - settings.
 * @target_p99_ns: added delay that 99 % of frames must not exceed; 1 ns
 *	to 1 s. The added delay of a frame is the time from its arrival to
 *	the signal that leads to the poll taking it: the interrupt firing, or
 *	a deferred poll's timer expiring; 0 for a frame taken by a poll
 *	already under way (the interrupt's entry and the poll's run are not
 *	moderation's). The same definition in REARM and POLL, and the one
 *	the suite measures (docs/latency-target.md, "The added delay").
 * @target_mean_ns: mean added delay to meet as well; 0 for none, else at
 *	most @target_p99_ns.
 * @service_ns: part of the added delay the interval does not control (a
 *	signal the driver sees late, a platform's interrupt latency counted
 *	in the target); taken off the targets. Below @target_p99_ns and,
 *	when set, @target_mean_ns.
 * @link_speed_mbps: link speed in Mb/s, 1..800000 (floor.h's range).
 * @ring_size: RX ring descriptors, IRQMOD_LATENCY_TARGET_MIN_RING to
 *	IRQMOD_LATENCY_TARGET_MAX_RING. One interval's frames must fit half.
 * @socket_ceiling_ns: the socket-buffer ceiling irqmod_floor_interval()
 *	derives for this link (84 us at 10 Gb/s with the 2015 defaults): the
 *	time a line-rate stream of 1514-byte frames takes to fill the buffer.
 *	The controller turns it into the frames the buffer holds and bounds
 *	the interval at the estimated rate. 0 for no socket bound; at most 1 s.
 * @min_interval_ns: shortest interval, used at very low rates and in closed
 *	loops under a holdoff and before the first estimate; 0 allowed.
 * @max_interval_ns: longest interval; 1 ns to 1 s, at least @min_interval_ns.
 * @max_rate_per_s: interrupt-rate cap: the interval is never below
 *	1e9 / @max_rate_per_s ns; 0 for none. The cap wins over the targets.
 * @poll_packets: answer IRQMOD_ACTION_POLL while at least this many frames
 *	arrive per interval (and the load is steady); 0 never polls, else 2
 *	to IRQMOD_LATENCY_TARGET_MAX_POLL_PACKETS. Set 0 when a hybrid wraps
 *	the controller: the hybrid does the polling.
 * @poll_service_ns: the interrupt entry, from a signal (the device
 *	interrupt firing or a deferred poll's timer expiring) to the poll's
 *	first look at the ring: frames that arrive in it wait no longer than
 *	the signal. Under a throttle (@timer) the interval is the p99 target
 *	plus this; a ring- or socket-bound poll delay is the interval less
 *	this (the poll's cycle is its delay plus at least this). At most
 *	IRQMOD_LATENCY_TARGET_MAX_POLL_SERVICE_NS.
 * @timer: an enum irqmod_latency_target_timer value: which timer the
 *	interval programs (default IRQMOD_LATENCY_TARGET_TIMER_THROTTLE).
 */
struct irqmod_latency_target_config {
	uint32_t target_p99_ns;
	uint32_t target_mean_ns;
	uint32_t service_ns;
	uint32_t link_speed_mbps;
	uint32_t ring_size;
	uint32_t socket_ceiling_ns;
	uint32_t min_interval_ns;
	uint32_t max_interval_ns;
	uint32_t max_rate_per_s;
	uint32_t poll_packets;
	uint32_t poll_service_ns;
	uint32_t timer;
};

/**
 * struct irqmod_latency_target - state (caller-owned, 48 bytes).
 * @window_start_ns: time of the call that opened the current window.
 * @window_packets: RX packets of the window's calls (each capped at 2^16).
 * @packets_avg_q8: RX packets per call of the last window, 24.8 fixed point
 *	(the first call's before the first window closes).
 * @window_above_q8: sum over the window's calls of max(packets -
 *	@packets_avg_q8, 0), 24.8 fixed point: with @window_packets and
 *	@packets_avg_q8 it gives the sum of |packets - @packets_avg_q8| at
 *	the close. Not next to @window_packets, so compilers add the two with
 *	plain scalar instructions instead of packing them into a vector
 *	register.
 * @interval_ns: the interval last returned with IRQMOD_ACTION_REARM (the
 *	register value); @min_interval_ns after init.
 * @poll_delay_ns: the poll delay of the cached POLL answer while polling
 *	(always above 0 then), 0 while the answer is REARM at @interval_ns.
 *	Right after @interval_ns: the REARM answer copies the two as one.
 * @p99_interval_ns: longest interval the p99 target allows: under a
 *	throttle @target_p99_ns - @service_ns + @poll_service_ns, under a
 *	holdoff @target_p99_ns - @service_ns; at most @max_interval_ns.
 * @mean_budget_ns: @target_mean_ns - @service_ns; 0 without a mean target.
 * @min_interval_ns: the configured minimum, raised to the rate cap's interval.
 * @limit_packets: frames one interval may bring: the smaller of half the
 *	ring and the frames the socket buffer holds (at most 65535).
 * @poll_service_ns: copied from the config.
 * @poll_packets: copied from the config.
 * @countdown: calls left in the current window; the window's last call
 *	decides, the others copy the cached answer (an empty poll while
 *	polling re-arms at once).
 * @mode: an enum irqmod_latency_target_mode value.
 * @primed: 0 before the first call, 1 while the first window runs, 3 once
 *	an estimate was made (only a full window leaves the minimum).
 * @holdoff: 1 for IRQMOD_LATENCY_TARGET_TIMER_HOLDOFF, 0 for the throttle.
 */
struct irqmod_latency_target {
	uint64_t window_start_ns;
	uint32_t window_packets;
	uint32_t window_above_q8;
	uint32_t packets_avg_q8;
	uint32_t interval_ns;
	uint32_t poll_delay_ns;
	uint32_t p99_interval_ns;
	uint32_t mean_budget_ns;
	uint32_t min_interval_ns;
	uint16_t limit_packets;
	uint16_t poll_service_ns;
	uint16_t poll_packets;
	uint8_t countdown;
	unsigned int mode : 4;
	unsigned int primed : 3;
	unsigned int holdoff : 1;
};

/**
 * irqmod_latency_target_default_config() - irqmod's defaults for a link.
 * @config: filled in: p99 target 50 us, no mean target, service 0, a
 *	512-descriptor ring (Linux ixgbe.h IXGBE_DEFAULT_RXD), the socket
 *	ceiling of irqmod_floor_default_params() at @link_speed_mbps, interval
 *	0 to 1 ms, no rate cap, polling from 4 frames per interval, a 2 us
 *	interrupt entry, a throttle timer (Intel EITR).
 * @link_speed_mbps: link speed in Mb/s.
 *
 * Return: 0, -IRQMOD_EINVAL for NULL, -IRQMOD_ELINK for a speed of 0 or
 * above 800 Gb/s.
 */
IRQMOD_API int irqmod_latency_target_default_config(struct irqmod_latency_target_config *config,
						    uint32_t link_speed_mbps);

/**
 * irqmod_latency_target_config_check() - validate @config, naming the bad field.
 * @config: settings.
 * @error: filled with the field, its value and the limit on rejection; may
 *	be NULL.
 *
 * Order: a config with several faults gets the error of the first check it
 * fails. NULL; target_p99_ns (0, then the maximum); target_mean_ns against
 * target_p99_ns; service_ns against target_p99_ns, then against
 * target_mean_ns; link_speed_mbps; ring_size (the minimum, then the
 * maximum); socket_ceiling_ns; max_interval_ns (0, then the maximum);
 * min_interval_ns against max_interval_ns; max_rate_per_s (one per ns,
 * then its interval against max_interval_ns); poll_packets;
 * poll_service_ns; last timer.
 *
 * Return: 0; -IRQMOD_EINVAL for NULL; -IRQMOD_ERANGE for a target, service,
 * ceiling, interval, poll threshold or timer out of range; -IRQMOD_ELINK for the
 * link speed; -IRQMOD_EFRAME for the ring size; -IRQMOD_EMINMAX for a
 * minimum above the maximum or a rate cap whose interval exceeds the maximum.
 */
IRQMOD_API int irqmod_latency_target_config_check(const struct irqmod_latency_target_config *config,
						  struct irqmod_config_error *error);

/**
 * irqmod_latency_target_init() - validate @config and set up @state.
 * @state: caller-owned state.
 * @config: settings, checked by irqmod_latency_target_config_check().
 *
 * Return: 0 or the check's error; -IRQMOD_EINVAL for NULL. @state is
 * untouched on error.
 */
IRQMOD_API int irqmod_latency_target_init(struct irqmod_latency_target *state,
					  const struct irqmod_latency_target_config *config);

/**
 * irqmod_latency_target_reset() - forget the estimate, keep the config.
 * @state: state set up by irqmod_latency_target_init().
 *
 * Back to the minimum interval and an empty estimate, as after init.
 */
IRQMOD_API void irqmod_latency_target_reset(struct irqmod_latency_target *state);

/**
 * IRQMOD_LATENCY_TARGET_MAX_PACKETS_PER_CALL - RX packets one call counts
 * at most: 2^16 (no RX ring is larger). Keeps the window's sums and every
 * product of the estimate below their widths.
 */
#define IRQMOD_LATENCY_TARGET_MAX_PACKETS_PER_CALL 65536u
/** IRQMOD_LATENCY_TARGET_Q8_SHIFT - fraction bits of the packet averages (24.8). */
#define IRQMOD_LATENCY_TARGET_Q8_SHIFT 8u

/**
 * irqmod_latency_target_update() - one call after a poll completed.
 * @state: state set up by irqmod_latency_target_init().
 * @sample: what the poll completed (RX packets and the time are used). A
 *	clock that stalls or steps back leaves the estimate as it is.
 * @decision: REARM with the interval (changed when it differs from the
 *	last one returned), or POLL with zero intervals and the interval as
 *	@poll_delay_ns. Never fails.
 *
 * Most calls (1 to IRQMOD_LATENCY_TARGET_MAX_PACKETS_PER_CALL RX packets)
 * only add their packets and the part above @packets_avg_q8 to the
 * window's sums, count down and answer the cached decision; one call in
 * IRQMOD_LATENCY_TARGET_WINDOW_CALLS closes the window and decides.
 */
IRQMOD_API void irqmod_latency_target_update(struct irqmod_latency_target *state,
					     const struct irqmod_sample *sample,
					     struct irqmod_decision *decision);

/**
 * irqmod_latency_target_current() - repeat the last decision without a sample.
 * @state: state set up by irqmod_latency_target_init().
 * @decision: the last answer's action, intervals and poll delay, with
 *	@changed false; after init or reset, REARM with the minimum interval.
 */
IRQMOD_API void irqmod_latency_target_current(const struct irqmod_latency_target *state,
					      struct irqmod_decision *decision);

/*
 * IRQMOD_LATENCY_TARGET_KNOBS(KNOB, ctx) - the knobs of latency-target in the
 * scenario grammar (latency-target(max=100us)): its targets, bounds, rate cap
 * and own polling. KNOB(ctx, config field, name, is a duration, help) each;
 * include/irqmod/kinds.h names this macro in the row of latency-target,
 * lib/scenario/kinds.c expands it.
 */
#define IRQMOD_LATENCY_TARGET_KNOBS(KNOB, ctx) \
	KNOB(ctx, target_p99_ns, "target_p99", true, \
	     "p99 added-delay target, <= 1s (default 50us)") \
	KNOB(ctx, target_mean_ns, "target_mean", true, \
	     "mean added-delay target, <= target_p99 (default 0: none)") \
	KNOB(ctx, service_ns, "service", true, \
	     "delay the interval does not control, taken off the targets (default 0)") \
	KNOB(ctx, min_interval_ns, "min", true, \
	     "shortest interval, used at very low rates (default 0)") \
	KNOB(ctx, max_interval_ns, "max", true, \
	     "longest interval, <= 1s (default 1ms)") \
	KNOB(ctx, max_rate_per_s, "max_rate", false, \
	     "interrupt-rate cap per second (default 0: none)") \
	KNOB(ctx, poll_packets, "poll_packets", false, \
	     "poll instead of interrupts from this many frames per interval, 0 or " \
	     "2..65535 (default 4; 0 inside a hybrid)")

#ifdef __cplusplus
}
#endif

#endif /* IRQMOD_LATENCY_TARGET_H */
