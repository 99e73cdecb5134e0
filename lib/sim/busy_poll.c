/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * An application that busy-polls its NAPI, and IRQ suspension. Each rule
 * follows a Linux function (docs/busy-poll.md has the versions):
 *
 *	napi_busy_loop()	net/core/dev.c: polls of busy_poll_budget frames
 *				until events, the time limit or another task
 *	busy_poll_stop()	net/core/dev.c: the last poll, the timer instead of
 *				the softirq when busy polling is preferred
 *	ep_busy_loop(), ep_poll() fs/eventpoll.c: busy poll when nothing is
 *				ready; events returned suspend IRQs
 *	napi_suspend_irqs(),	net/core/dev.c (Linux 6.13): the timer restarted
 *	napi_resume_irqs()	with irq_suspend_timeout; the NAPI scheduled at
 *				once when a busy poll found nothing
 *	sk_busy_loop()		include/net/busy_poll.h: the same from a read
 *
 * An epoll context busy-polls one NAPI, so busy polling runs with one queue
 * (irqmod_sim_check()). Its polls are the application's time on its core:
 * napi_busy_loop() and busy_poll_stop() call the driver's poll in process
 * context, so Linux counts them to the task, not to softirq. What the
 * busy poller schedules, it schedules on its own core, and the NAPI's
 * timer it starts fires there (napi.c). The NAPI's own rules are napi.c's.
 */
#include "sim_internal.h"

IRQMOD_SIM_PRIVATE void irqmod_sim_busy_setup(struct irqmod_sim_model *sim)
{
	const struct irqmod_sim_config *c = sim->config;
	uint32_t i;

	/* sk_can_busy_loop() needs SO_BUSY_POLL's time; ep_busy_loop_on()
	 * (Linux 6.13) also busy-polls for prefer_busy_poll alone. */
	sim->busy_poll = c->busy_poll_usecs != 0 || (c->prefer_busy_poll && !c->busy_poll_read);
	for (i = 0; i < IRQMOD_SIM_MAX_SOURCES; i++) {
		sim->sockets[i].wait_deadline_ns = UINT64_MAX;
		sim->sockets[i].wait_event_ns = UINT64_MAX;
	}
}

/* A wait returns events: napi_suspend_irqs() when suspension is set up. */
IRQMOD_SIM_PRIVATE void irqmod_sim_wait_returns(struct irqmod_sim_model *sim,
					       const struct irqmod_sim_core *core, uint64_t now)
{
	const struct irqmod_sim_config *c = sim->config;

	sim->wait_found_events = true;
	if (c->prefer_busy_poll && !c->busy_poll_read && c->irq_suspend_timeout_ns != 0)
		irqmod_sim_napi_timer_start(sim, &sim->napi[0], 0, core,
					    now + c->irq_suspend_timeout_ns);
}

/*
 * Sleep in the wait: until data wakes the application or, with a wait
 * timeout, until the timeout from the wait's start. One live heap event per
 * application: deadlines only grow, so a live one that comes first moves
 * itself on to the newest deadline.
 */
static void wait_sleep(struct irqmod_sim_model *sim, struct irqmod_sim_socket *sock,
		       uint32_t index)
{
	uint64_t timeout = sim->config->busy_poll_wait_timeout_ns;

	sock->app_state = APP_SLEEPING;
	if (timeout == 0)
		return;
	sock->wait_deadline_ns = sock->busy_start_ns + timeout;
	if (sock->wait_event_ns == UINT64_MAX) {
		sock->wait_event_ns = sock->wait_deadline_ns;
		irqmod_sim_schedule(sim, sock->wait_deadline_ns, EVENT_WAIT_TIMEOUT, index);
	}
}

IRQMOD_SIM_PRIVATE void irqmod_sim_wait_timeout(struct irqmod_sim_model *sim,
						struct irqmod_sim_src *src, uint64_t now)
{
	struct irqmod_sim_socket *sock = &sim->sockets[src->index];

	sock->wait_event_ns = UINT64_MAX;
	if (sock->app_state != APP_SLEEPING || sock->wait_deadline_ns == UINT64_MAX)
		return; /* data woke it first */
	if (sock->wait_deadline_ns > now) {
		sock->wait_event_ns = sock->wait_deadline_ns;
		irqmod_sim_schedule(sim, sock->wait_deadline_ns, EVENT_WAIT_TIMEOUT, src->index);
		return;
	}
	/* The wait returns nothing; the event loop calls it again once the
	 * scheduler runs the thread (a timer wake-up, app_wakeup_ns). */
	sock->wait_deadline_ns = UINT64_MAX;
	irqmod_sim_app_wake(sim, sock, src->index, now);
}

static bool events_ready(const struct irqmod_sim_socket *sock)
{
	return sock->scheduled < sock->count || sock->pending_sends > 0;
}

/* busy_loop_timeout(): busy_poll_usecs since the loop began (0: one pass). */
static bool busy_timed_out(const struct irqmod_sim_model *sim, const struct irqmod_sim_socket *sock,
			   uint64_t now)
{
	return now - sock->busy_start_ns >= (uint64_t)sim->config->busy_poll_usecs * NS_PER_US;
}

/* Another job waits for the core: need_resched() in napi_busy_loop(). */
static bool core_wanted(const struct irqmod_sim_core *core)
{
	return core->load_due || core->irq_mask != 0 || core->timer_mask != 0 ||
	       core->napi_count != 0 || core->apps_count != 0;
}

/*
 * One pass of napi_busy_loop(): poll the NAPI with the busy-poll budget if
 * this application holds it or can take it (nobody scheduled it); else the
 * pass only spins for one poll call's time.
 */
static void busy_pass(struct irqmod_sim_model *sim, struct irqmod_sim_core *core,
		      struct irqmod_sim_src *src, uint64_t now)
{
	struct irqmod_sim_socket *sock = &sim->sockets[src->index];
	struct irqmod_sim_napi *napi = &sim->napi[0];
	struct irqmod_sim_queue *q = &sim->queues[0];

	if (!sock->busy_owner && !napi->busy && !napi->sched) {
		napi->busy = true;
		sock->busy_owner = true;
	}
	if (!sock->busy_owner) {
		/* NAPI_STATE_PREFER_BUSY_POLL: the softirq hands it over. */
		napi->prefer_busy |= sim->config->prefer_busy_poll;
		irqmod_sim_start_job(sim, core, JOB_BUSY, src->index, now,
				     irqmod_sim_max_u64(sim->config->poll_ns, MIN_JOB_NS),
				     &core->time.app_ns);
		return;
	}
	/* The poll is its own signal: its frames waited for no moderation. */
	q->signal_ns = now;
	irqmod_sim_start_job(sim, core, JOB_BUSY, src->index, now,
			     irqmod_sim_poll_begin(sim, q, sim->config->busy_poll_budget, now),
			     &core->time.app_ns);
}

/*
 * The loop is over (events, time, or the core wanted): busy_poll_stop()
 * when this application held the NAPI: with busy polling preferred the
 * timer, not the softirq, polls next, after irq_suspend_timeout (Linux
 * 6.13) or else, the deferral count reloaded, gro_flush_timeout; then one
 * last poll, whose completion is napi_complete_done()'s with the NAPI
 * still preferred.
 */
static void busy_stop(struct irqmod_sim_model *sim, struct irqmod_sim_core *core,
		      struct irqmod_sim_src *src, uint64_t now, bool yield);

/* After the loop: ep_busy_loop() and ep_poll() (or the read) decide. */
static void busy_after(struct irqmod_sim_model *sim, struct irqmod_sim_core *core,
		       struct irqmod_sim_src *src, uint64_t now, bool yield)
{
	const struct irqmod_sim_config *c = sim->config;
	struct irqmod_sim_socket *sock = &sim->sockets[src->index];
	struct irqmod_sim_napi *napi = &sim->napi[0];

	if (yield) {
		/* cond_resched(): the other work runs, the loop resumes. */
		sock->busy_resume = true;
		irqmod_sim_app_runnable(sim, src, now);
		return;
	}
	if (events_ready(sock)) {
		irqmod_sim_app_start(sim, core, src, now);
		return;
	}
	sim->wait_found_events = false;
	sock->wait_deadline_ns = UINT64_MAX;
	/* napi_resume_irqs(): the deferral takes over from suspension now
	 * (kick_cores() starts the softirq). */
	if (c->prefer_busy_poll && !c->busy_poll_read && c->irq_suspend_timeout_ns != 0 &&
	    !napi->sched && !napi->busy)
		irqmod_sim_napi_wake(sim, core, 0, now);
	if (c->busy_poll_wait_timeout_ns != 0 &&
	    now - sock->busy_start_ns >= c->busy_poll_wait_timeout_ns) {
		/* The busy loop outlasted the timeout: the wait returns at
		 * once and the event loop waits again. */
		irqmod_sim_busy_wait(sim, core, src, now);
		return;
	}
	wait_sleep(sim, sock, src->index);
}

static void busy_stop(struct irqmod_sim_model *sim, struct irqmod_sim_core *core,
		      struct irqmod_sim_src *src, uint64_t now, bool yield)
{
	const struct irqmod_sim_config *c = sim->config;
	struct irqmod_sim_socket *sock = &sim->sockets[src->index];
	struct irqmod_sim_napi *napi = &sim->napi[0];
	struct irqmod_sim_queue *q = &sim->queues[0];

	if (!sock->busy_owner) {
		busy_after(sim, core, src, now, yield);
		return;
	}
	napi->busy = false;
	napi->missed = false;
	sock->busy_skip_schedule = false;
	sock->busy_resume = yield;
	if (c->prefer_busy_poll) {
		uint64_t timeout = c->irq_suspend_timeout_ns;

		napi->prefer_busy = true;
		if (timeout == 0) {
			napi->defer_count = c->napi_defer_hard_irqs;
			if (napi->defer_count != 0)
				timeout = c->gro_flush_timeout_ns;
		}
		if (timeout != 0) {
			irqmod_sim_napi_timer_start(sim, napi, 0, core, now + timeout);
			sock->busy_skip_schedule = true;
		}
	}
	q->signal_ns = now;
	irqmod_sim_start_job(sim, core, JOB_BUSY_STOP, src->index, now,
			     irqmod_sim_poll_begin(sim, q, c->busy_poll_budget, now),
			     &core->time.app_ns);
}

/*
 * After a step of the loop: the application's core and the queue's take
 * their next job, once each step has started at most one job on the
 * application's core (the queue's core may be the same one).
 */
static void kick_cores(struct irqmod_sim_model *sim, struct irqmod_sim_core *core, uint64_t now)
{
	irqmod_sim_core_kick(sim, core, now);
	irqmod_sim_core_kick(sim, &sim->cores[sim->queues[0].core], now);
}

IRQMOD_SIM_PRIVATE void irqmod_sim_busy_wait(struct irqmod_sim_model *sim,
					     struct irqmod_sim_core *core,
					     struct irqmod_sim_src *src, uint64_t now)
{
	struct irqmod_sim_socket *sock = &sim->sockets[src->index];

	sock->app_state = APP_RUNNING;
	sock->busy_start_ns = now;
	busy_pass(sim, core, src, now);
}

IRQMOD_SIM_PRIVATE void irqmod_sim_busy_resume(struct irqmod_sim_model *sim,
					       struct irqmod_sim_core *core,
					       struct irqmod_sim_src *src, uint64_t now)
{
	struct irqmod_sim_socket *sock = &sim->sockets[src->index];

	sock->busy_resume = false;
	sock->app_state = APP_RUNNING;
	if (events_ready(sock) || busy_timed_out(sim, sock, now))
		busy_after(sim, core, src, now, false);
	else
		busy_pass(sim, core, src, now);
	kick_cores(sim, core, now);
}

IRQMOD_SIM_PRIVATE void irqmod_sim_busy_done(struct irqmod_sim_model *sim,
					     struct irqmod_sim_core *core, uint64_t now)
{
	struct irqmod_sim_src *src = &sim->sources[core->job_index];
	struct irqmod_sim_socket *sock = &sim->sockets[src->index];

	core->job = JOB_NONE;
	if (sock->busy_owner)
		irqmod_sim_poll_deliver(sim, &sim->queues[0], now);
	if (events_ready(sock) || busy_timed_out(sim, sock, now))
		busy_stop(sim, core, src, now, false);
	else if (core_wanted(core))
		busy_stop(sim, core, src, now, true);
	else
		busy_pass(sim, core, src, now);
	kick_cores(sim, core, now);
}

IRQMOD_SIM_PRIVATE void irqmod_sim_busy_stop_done(struct irqmod_sim_model *sim,
						  struct irqmod_sim_core *core, uint64_t now)
{
	struct irqmod_sim_src *src = &sim->sources[core->job_index];
	struct irqmod_sim_socket *sock = &sim->sockets[src->index];
	struct irqmod_sim_queue *q = &sim->queues[0];
	uint32_t work = irqmod_sim_poll_deliver(sim, q, now);
	bool yield = sock->busy_resume;

	core->job = JOB_NONE;
	sock->busy_owner = false;
	sock->busy_resume = false;
	if (work < sim->config->busy_poll_budget) {
		irqmod_sim_napi_done(sim, core, q, work, now);
		if (sim->napi[0].spin_ns != 0) {
			/* A hybrid's short delay: no softirq poll to spin after. */
			irqmod_sim_schedule(sim, now + sim->napi[0].spin_ns, EVENT_REPOLL, 0);
			sim->napi[0].spin_ns = 0;
		}
	} else if (!sock->busy_skip_schedule) {
		/* __busy_poll_stop(): more work, the softirq takes the NAPI. */
		irqmod_sim_napi_wake(sim, core, q->index, now);
	}
	busy_after(sim, core, src, now, yield);
	kick_cores(sim, core, now);
}
