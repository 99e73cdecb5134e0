/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The DPDK example's report arithmetic: from one window's counters, the
 * loop's cost per empty poll and per packet. Plain numbers in and out (no
 * DPDK types), so a test checks it without a NIC, hugepages or root.
 */
#ifndef IRQMOD_DPDK_LOOP_COST_H
#define IRQMOD_DPDK_LOOP_COST_H

#include <stdint.h>

/**
 * IRQMOD_LOOP_COST_MIN_EMPTY_POLLS - empty polls a window needs before
 * their mean stands for the poll's cost when there is no calibration:
 * as many as one batch of the calibration before traffic
 * (CALIBRATION_POLLS in irqmod_dpdk.c). One or a few samples are one
 * iteration's time, a cache miss or a preemption included.
 */
#define IRQMOD_LOOP_COST_MIN_EMPTY_POLLS 1000u

/**
 * struct irqmod_loop_window - one measurement window of the loop.
 * @cpu_ns: the thread's CPU time over the window.
 * @wait_cpu_ns: CPU time of the wake-ups (arming to running again).
 * @sleep_cpu_ns: CPU time of the timed sleeps.
 * @spin_ns: time spun waiting for a deferred poll (TSC).
 * @busy_poll_ns: TSC time of the polls that found frames.
 * @empty_poll_ns: TSC time of the polls that found nothing.
 * @polls: polls, empty or not.
 * @empty_polls: polls that found nothing.
 * @packets: frames received.
 * @poll_cal_ns: the empty poll's cost calibrated before traffic (median
 *	per iteration); 0 when there is none.
 */
struct irqmod_loop_window {
	double cpu_ns;
	double wait_cpu_ns;
	double sleep_cpu_ns;
	double spin_ns;
	double busy_poll_ns;
	double empty_poll_ns;
	uint64_t polls;
	uint64_t empty_polls;
	uint64_t packets;
	double poll_cal_ns;
};

/**
 * struct irqmod_loop_cost - the loop's costs in one window.
 * @poll_ns: mean TSC time of the window's empty polls; 0 without one.
 * @packet_poll_ns: the cost of one poll taken out of every poll (empty or
 *	not) before the rest is shared among the packets: @poll_cal_ns when
 *	the loop calibrated, else @poll_ns when the window has at least
 *	IRQMOD_LOOP_COST_MIN_EMPTY_POLLS empty polls, else 0 (then
 *	@packet_ns holds the polls' cost, and this field says so).
 * @packet_ns: CPU time left when the wake-ups, the sleeps, the spins and
 *	@polls x @packet_poll_ns are taken out, per packet; 0 without packets
 *	or when nothing is left.
 * @packet_wall_ns: the same from the TSC time of the polls that found
 *	frames, less their @packet_poll_ns each, per packet.
 */
struct irqmod_loop_cost {
	double poll_ns;
	double packet_poll_ns;
	double packet_ns;
	double packet_wall_ns;
};

/**
 * irqmod_loop_cost() - a window's costs per empty poll and per packet.
 * @window: the window's counters.
 * @cost: filled.
 *
 * The poll's cost taken out of the packets' is the calibration before
 * traffic, not the window's empty polls: a loop that re-arms after every
 * frame has none (static 0), and one or two of them are one sample's time
 * (one moved a static 0 run's packet_ns from about 6.2 to 3.4 us). So the
 * packet's cost does not depend on how many polls of the window found
 * nothing, and a model that charges @packet_poll_ns per poll and
 * @packet_ns per packet counts each nanosecond once.
 */
void irqmod_loop_cost(const struct irqmod_loop_window *window, struct irqmod_loop_cost *cost);

#endif /* IRQMOD_DPDK_LOOP_COST_H */
