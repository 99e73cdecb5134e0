/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/**
 * DOC: generic hybrid
 *
 * One wrapper for simulators and drivers that pick at run time: an interval
 * controller (struct irqmod_controller, any kind) plus at most one hybrid
 * around it. Drivers that know their hybrid embed its state and call its
 * update with their own inner controller instead.
 */
#ifndef IRQMOD_HYBRID_H
#define IRQMOD_HYBRID_H

#include "irqmod/common.h"
#include "irqmod/controller.h"
#include "irqmod/defer_irq.h"
#include "irqmod/hybrid_base.h"
#include "irqmod/idle_poll.h"
#include "irqmod/recheck.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * enum irqmod_hybrid_kind - which hybrid wraps the interval controller.
 * @IRQMOD_HYBRID_NONE: none; every call goes to the interval controller.
 * @IRQMOD_HYBRID_IDLE_POLL: struct irqmod_idle_poll.
 * @IRQMOD_HYBRID_DEFER_IRQ: struct irqmod_defer_irq.
 * @IRQMOD_HYBRID_RECHECK: struct irqmod_recheck.
 * @IRQMOD_HYBRID_COUNT: one past the last kind.
 */
enum irqmod_hybrid_kind {
	IRQMOD_HYBRID_NONE = 0,
	IRQMOD_HYBRID_IDLE_POLL = 1,
	IRQMOD_HYBRID_DEFER_IRQ = 2,
	IRQMOD_HYBRID_RECHECK = 3,
	IRQMOD_HYBRID_COUNT
};

/**
 * struct irqmod_hybrid_config - settings of a generic hybrid.
 * @kind: an enum irqmod_hybrid_kind value; selects the member of @config.
 * @config: the hybrid's own settings (unused for IRQMOD_HYBRID_NONE).
 * @inner: the wrapped interval controller's settings.
 */
struct irqmod_hybrid_config {
	uint32_t kind;
	union {
		struct irqmod_idle_poll_config idle_poll;
		struct irqmod_defer_irq_config defer_irq;
		struct irqmod_recheck_config recheck;
	} config;
	struct irqmod_controller_config inner;
};

/**
 * struct irqmod_hybrid - state of a generic hybrid (caller-owned).
 * @inner: the wrapped interval controller.
 * @inner_update: the inner kind's own update (its kind table entry), set by
 *                irqmod_hybrid_init(); the hybrid calls it on
 *                &@inner.state, skipping the generic dispatch.
 * @kind: the running hybrid, set by irqmod_hybrid_init().
 * @own: that hybrid's state (at most 32 bytes).
 */
struct irqmod_hybrid {
	struct irqmod_controller inner;
	irqmod_update_fn inner_update;
	uint32_t kind;
	union {
		struct irqmod_idle_poll idle_poll;
		struct irqmod_defer_irq defer_irq;
		struct irqmod_recheck recheck;
	} own;
};

/**
 * irqmod_hybrid_init() - validate @config and set up @hybrid.
 * @hybrid: caller-owned instance.
 * @config: hybrid kind and settings, and the inner controller's.
 * Return: 0, -IRQMOD_EINVAL for NULL, -IRQMOD_EKIND for an unknown hybrid
 * or inner kind, or the error of the hybrid's or inner controller's init.
 * @hybrid is untouched on error.
 */
IRQMOD_API int irqmod_hybrid_init(struct irqmod_hybrid *hybrid,
				  const struct irqmod_hybrid_config *config);

/** irqmod_hybrid_reset() - reset the hybrid and its inner controller. @hybrid: instance. */
IRQMOD_API void irqmod_hybrid_reset(struct irqmod_hybrid *hybrid);

/**
 * irqmod_hybrid_update() - dispatch one sample to the running hybrid.
 * @hybrid: instance set up by irqmod_hybrid_init().
 * @sample: what the poll found.
 * @decision: filled in; never fails.
 */
IRQMOD_API void irqmod_hybrid_update(struct irqmod_hybrid *hybrid,
				     const struct irqmod_sample *sample,
				     struct irqmod_decision *decision);

/**
 * irqmod_hybrid_kind_name() - short name of a hybrid kind ("idle-poll", ...).
 * @kind: an enum irqmod_hybrid_kind value.
 * Return: a static string; "unknown" for values out of range.
 */
IRQMOD_API const char *irqmod_hybrid_kind_name(uint32_t kind);

/**
 * irqmod_hybrid_default_config() - a hybrid's default knobs around a kind's defaults.
 * @config: filled in: @kind with the knobs of its docs page's worked example
 *          (idle-poll: spacing 10 us, idle time 50 us; defer-irq: 10
 *          deferrals of 20 us; recheck: 4 rounds), and @inner_kind's
 *          defaults for @link_speed_mbps (irqmod_controller_default_config()).
 * @kind: an enum irqmod_hybrid_kind value.
 * @inner_kind: an enum irqmod_kind value.
 * @link_speed_mbps: link speed in Mb/s.
 * Return: 0, -IRQMOD_EINVAL for NULL, -IRQMOD_EKIND, or the inner default's error.
 */
IRQMOD_API int irqmod_hybrid_default_config(struct irqmod_hybrid_config *config,
					    uint32_t kind, uint32_t inner_kind,
					    uint32_t link_speed_mbps);

/**
 * irqmod_hybrid_config_check() - validate @config as irqmod_hybrid_init() does.
 * @config: hybrid kind and settings, and the inner controller's.
 * @error: filled with the offending field of the hybrid's or the inner
 *         controller's settings on rejection; may be NULL.
 *
 * Order: a config with several faults gets the error of the first check it
 * fails: NULL; kind; the hybrid's own settings (in its kind's
 * irqmod_<kind>_config_check() order); the inner controller's
 * (irqmod_controller_config_check()); last the inner controller's own
 * polling, which must be off inside a hybrid.
 *
 * Return: 0 or the code irqmod_hybrid_init() would return; -IRQMOD_ERANGE
 * (field inner.poll_packets) for a latency-target inner controller that
 * would answer POLL itself inside a hybrid, which does the polling.
 */
IRQMOD_API int irqmod_hybrid_config_check(const struct irqmod_hybrid_config *config,
					  struct irqmod_config_error *error);

#ifdef __cplusplus
}
#endif

#endif /* IRQMOD_HYBRID_H */
