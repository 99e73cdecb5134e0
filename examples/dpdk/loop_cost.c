/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* The DPDK example's report arithmetic (loop_cost.h). */
#include "loop_cost.h"

void irqmod_loop_cost(const struct irqmod_loop_window *w, struct irqmod_loop_cost *cost)
{
	double rest_ns;

	cost->poll_ns = w->empty_polls ? w->empty_poll_ns / (double)w->empty_polls : 0;
	if (w->poll_cal_ns > 0)
		cost->packet_poll_ns = w->poll_cal_ns;
	else if (w->empty_polls >= IRQMOD_LOOP_COST_MIN_EMPTY_POLLS)
		cost->packet_poll_ns = cost->poll_ns;
	else
		cost->packet_poll_ns = 0;
	cost->packet_ns = 0;
	cost->packet_wall_ns = 0;
	if (w->packets == 0)
		return;
	rest_ns = w->cpu_ns - w->wait_cpu_ns - w->sleep_cpu_ns - w->spin_ns -
		  (double)w->polls * cost->packet_poll_ns;
	cost->packet_ns = rest_ns > 0 ? rest_ns / (double)w->packets : 0;
	cost->packet_wall_ns = (w->busy_poll_ns -
				(double)(w->polls - w->empty_polls) * cost->packet_poll_ns) /
			       (double)w->packets;
}
