/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Checks of the DPDK example's report arithmetic (loop_cost.c) on windows
 * built by hand from known costs: 20 us per wake-up, 6.2 us per packet,
 * 500 ns per poll, so each case knows the packet cost it must give back,
 * whether the window had no empty poll (static 0 re-arms after every
 * frame), one (a single sample's time, here a slow one) or many (idle
 * poll), and without a calibration.
 */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "loop_cost.h"

#define WAKEUP_NS 20000.0
#define PACKET_NS 6200.0
#define POLL_NS 500.0

/* @a equals @b within a thousandth of a nanosecond (sums of whole ns). */
static int near(double a, double b)
{
	return fabs(a - b) < 1e-3;
}

/*
 * A window of @packets frames, one wake-up and one poll finding frames
 * each, plus @empty polls that found nothing, each of which took
 * @empty_each_ns by the TSC but POLL_NS of CPU on average.
 */
static struct irqmod_loop_window window(uint64_t packets, uint64_t empty, double empty_each_ns,
					double poll_cal_ns)
{
	struct irqmod_loop_window w = { 0 };

	w.packets = packets;
	w.polls = packets + empty;
	w.empty_polls = empty;
	w.wait_cpu_ns = (double)packets * WAKEUP_NS;
	w.cpu_ns = w.wait_cpu_ns + (double)packets * PACKET_NS + (double)w.polls * POLL_NS;
	w.busy_poll_ns = (double)packets * (PACKET_NS + POLL_NS);
	w.empty_poll_ns = (double)empty * empty_each_ns;
	w.poll_cal_ns = poll_cal_ns;
	return w;
}

static void check_calibrated(void)
{
	/* None, one (a slow one: 2.8 us, the kind that halved a static 0
	 * run's packet cost) and many empty polls (timed at 700 ns: the whole
	 * iteration, the loop's own counters included). */
	static const struct {
		uint64_t empty;
		double each_ns;
	} cases[] = { { 0, 0 }, { 1, 2800 }, { 1, 100 }, { 50000, 700 } };
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct irqmod_loop_window w = window(10000, cases[i].empty, cases[i].each_ns, POLL_NS);
		struct irqmod_loop_cost cost;

		irqmod_loop_cost(&w, &cost);
		CHECK(near(cost.packet_poll_ns, POLL_NS));
		CHECK(near(cost.packet_ns, PACKET_NS));
		CHECK(near(cost.packet_wall_ns, PACKET_NS));
		CHECK(near(cost.poll_ns, cases[i].each_ns));
		/* What a model charges (the calibrated poll each, the packet
		 * cost each; scripts/dpdk-compare) is the CPU the wake-ups
		 * left: nothing counted twice, nothing left out. */
		CHECK(near((double)w.polls * w.poll_cal_ns + (double)w.packets * cost.packet_ns,
			   w.cpu_ns - w.wait_cpu_ns));
	}
}

static void check_uncalibrated(void)
{
	struct irqmod_loop_window w;
	struct irqmod_loop_cost cost;

	/* No calibration, no empty poll: nothing to take out, so the packet
	 * cost holds the poll's, and packet_poll_ns = 0 says so. */
	w = window(10000, 0, 0, 0);
	irqmod_loop_cost(&w, &cost);
	CHECK(cost.packet_poll_ns == 0);
	CHECK(near(cost.packet_ns, PACKET_NS + POLL_NS));
	/* One empty poll is no measure of the poll: still nothing taken out. */
	w = window(10000, 1, 2800, 0);
	irqmod_loop_cost(&w, &cost);
	CHECK(cost.packet_poll_ns == 0);
	CHECK(near(cost.poll_ns, 2800));
	CHECK(near(cost.packet_ns, PACKET_NS + POLL_NS * 10001 / 10000));
	/* Enough of them (a calibration batch's worth) stand for it. */
	w = window(10000, IRQMOD_LOOP_COST_MIN_EMPTY_POLLS, POLL_NS, 0);
	irqmod_loop_cost(&w, &cost);
	CHECK(near(cost.packet_poll_ns, POLL_NS));
	CHECK(near(cost.packet_ns, PACKET_NS));
}

static void check_no_packets(void)
{
	struct irqmod_loop_window w = window(0, 100, 600, POLL_NS);
	struct irqmod_loop_cost cost;

	irqmod_loop_cost(&w, &cost);
	CHECK(cost.packet_ns == 0 && cost.packet_wall_ns == 0);
	CHECK(near(cost.poll_ns, 600));
	/* Less CPU than the polls' share leaves nothing, not a negative cost. */
	w = window(10, 0, 0, 1e9);
	irqmod_loop_cost(&w, &cost);
	CHECK(cost.packet_ns == 0);
}

int main(void)
{
	check_calibrated();
	check_uncalibrated();
	check_no_packets();
	return irqmod_check_result("test_dpdk_loop_cost");
}
