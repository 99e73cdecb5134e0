/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The kernel's own NAPI rules, beside whatever moderation the driver runs
 * (docs/busy-poll.md has each rule with its Linux version):
 *
 *	napi_complete_done()	net/core/dev.c: the deferral count and the timer,
 *				and irq_suspend_timeout for a preferred NAPI
 *	napi_watchdog()		net/core/dev.c: the timer schedules the NAPI
 *	napi_schedule_prep()	net/core/dev.c: no second schedule of a NAPI
 *				scheduled or held by a busy poller
 *	napi_threaded_poll()	net/core/dev.c: threaded NAPI's kernel thread
 */
#include "sim_internal.h"

IRQMOD_SIM_PRIVATE void irqmod_sim_napi_setup(struct irqmod_sim_model *sim)
{
	uint32_t i;

	for (i = 0; i < IRQMOD_SIM_MAX_QUEUES; i++) {
		sim->napi[i].timer_ns = UINT64_MAX;
		sim->napi[i].timer_event_ns = UINT64_MAX;
		sim->napi[i].timer_spare_ns = UINT64_MAX;
	}
}

/*
 * hrtimer_start() on @q's NAPI timer from @core: it expires at @when,
 * whatever it was set to, and on @core (pinned: the last start's core).
 * The heap holds one live event per timer; a later deadline waits for it
 * (irqmod_sim_napi_timer() moves it on), an earlier one pushes a new event
 * and keeps the superseded one as a spare, reused when the timer is pushed
 * out again, so restarts do not pile events up.
 */
IRQMOD_SIM_PRIVATE void irqmod_sim_napi_timer_start(struct irqmod_sim_model *sim,
						    struct irqmod_sim_napi *napi, uint32_t queue,
						    const struct irqmod_sim_core *core, uint64_t when)
{
	napi->timer_core = core->index;
	napi->timer_ns = when;
	if (napi->timer_event_ns != UINT64_MAX && napi->timer_event_ns <= when)
		return;
	if (napi->timer_event_ns != UINT64_MAX)
		napi->timer_spare_ns = napi->timer_event_ns;
	napi->timer_event_ns = when;
	irqmod_sim_schedule(sim, when, EVENT_NAPI_TIMER, queue);
}

IRQMOD_SIM_PRIVATE bool irqmod_sim_napi_complete(struct irqmod_sim_model *sim,
						 const struct irqmod_sim_core *core,
						 struct irqmod_sim_queue *q, uint32_t work,
						 uint64_t now)
{
	const struct irqmod_sim_config *c = sim->config;
	struct irqmod_sim_napi *napi = &sim->napi[q->index];
	bool prefer = napi->prefer_busy, rearm = true;
	uint64_t timeout = 0;

	/* Completion clears the preference (NAPI_STATE_PREFER_BUSY_POLL). */
	napi->prefer_busy = false;
	if (c->napi_defer_hard_irqs == 0 && c->gro_flush_timeout_ns == 0 &&
	    (!prefer || c->irq_suspend_timeout_ns == 0))
		return true;
	/* Work reloads the count and (GRO being on) arms the flush timer. */
	if (work != 0) {
		timeout = c->gro_flush_timeout_ns;
		napi->defer_count = c->napi_defer_hard_irqs;
	}
	/* A busy poller prefers this NAPI: the suspension timeout first
	 * (Linux 6.13; 0 there clears the flush timer too). */
	if (prefer) {
		timeout = c->irq_suspend_timeout_ns;
		rearm = timeout == 0;
	}
	if (rearm && napi->defer_count > 0) {
		napi->defer_count--;
		timeout = c->gro_flush_timeout_ns;
		rearm = timeout == 0;
	}
	if (timeout != 0)
		irqmod_sim_napi_timer_start(sim, napi, q->index, core, now + timeout);
	return rearm;
}

/*
 * napi_schedule() from outside the NAPI's own polls (an interrupt, the
 * timer, a busy poller): the softirq polls next, or, with threaded NAPI
 * (____napi_schedule() wakes napi_threaded_poll()'s thread), the NAPI's
 * thread once the scheduler has woken it.
 */
IRQMOD_SIM_PRIVATE void irqmod_sim_napi_wake(struct irqmod_sim_model *sim,
					     struct irqmod_sim_core *core, uint32_t queue,
					     uint64_t now)
{
	if (!sim->config->napi_threaded) {
		irqmod_sim_napi_schedule(sim, core, queue);
		return;
	}
	sim->napi[queue].sched = true;
	irqmod_sim_schedule(sim, now + sim->config->app_wakeup_ns, EVENT_NAPI_WAKE, queue);
}

IRQMOD_SIM_PRIVATE void irqmod_sim_napi_thread_runs(struct irqmod_sim_model *sim,
						    struct irqmod_sim_queue *q, uint64_t now)
{
	struct irqmod_sim_core *core = &sim->cores[q->core];

	irqmod_sim_napi_schedule(sim, core, q->index);
	irqmod_sim_core_kick(sim, core, now);
}

IRQMOD_SIM_PRIVATE void irqmod_sim_napi_signal(struct irqmod_sim_model *sim,
					       struct irqmod_sim_core *core, uint32_t queue,
					       uint64_t now)
{
	struct irqmod_sim_napi *napi = &sim->napi[queue];

	/* napi_schedule_prep() fails on a NAPI already scheduled or held
	 * by a busy poller (which then polls once more when it stops). */
	if (napi->busy)
		napi->missed = true;
	else if (!napi->sched)
		irqmod_sim_napi_wake(sim, core, queue, now);
}

IRQMOD_SIM_PRIVATE void irqmod_sim_napi_timer(struct irqmod_sim_model *sim,
					      struct irqmod_sim_queue *q, uint64_t now)
{
	struct irqmod_sim_napi *napi = &sim->napi[q->index];

	/* The spare is always later than the live event, never equal. */
	if (now == napi->timer_spare_ns) {
		napi->timer_spare_ns = UINT64_MAX;
		return;
	}
	if (now != napi->timer_event_ns)
		return; /* superseded */
	/* A live event belongs to a started timer: timer_ns is set. */
	napi->timer_event_ns = UINT64_MAX;
	if (napi->timer_ns > now) {
		/* Restarted later: the spare serves if it comes first. */
		if (napi->timer_spare_ns > now && napi->timer_spare_ns <= napi->timer_ns) {
			napi->timer_event_ns = napi->timer_spare_ns;
			napi->timer_spare_ns = UINT64_MAX;
		} else {
			napi->timer_event_ns = napi->timer_ns;
			irqmod_sim_schedule(sim, napi->timer_ns, EVENT_NAPI_TIMER, q->index);
		}
		return;
	}
	napi->timer_ns = UINT64_MAX;
	/* napi_watchdog(): only a NAPI nobody runs is scheduled, on the
	 * timer's core. */
	if (!napi->sched && !napi->busy)
		irqmod_sim_repoll(sim, q, &sim->cores[napi->timer_core], now);
}
