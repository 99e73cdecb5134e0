/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/**
 * DOC: static controller
 *
 * A fixed throttle interval, what `ethtool -C ethX adaptive-rx off rx-usecs N`
 * gives. It is the baseline every adaptive controller is compared against.
 */
#ifndef IRQMOD_STATIC_H
#define IRQMOD_STATIC_H

#include "irqmod/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** IRQMOD_STATIC_MAX_INTERVAL_NS - longest accepted interval: 1 s. */
#define IRQMOD_STATIC_MAX_INTERVAL_NS 1000000000u

/**
 * struct irqmod_static_config - static controller settings.
 * @rx_interval_ns: RX interval; 0 disables throttling.
 * @tx_interval_ns: TX interval; 0 disables throttling.
 */
struct irqmod_static_config {
	uint32_t rx_interval_ns;
	uint32_t tx_interval_ns;
};

/**
 * struct irqmod_static - static controller state (caller-owned).
 * @rx_interval_ns: configured RX interval.
 * @tx_interval_ns: configured TX interval.
 */
struct irqmod_static {
	uint32_t rx_interval_ns;
	uint32_t tx_interval_ns;
};

/**
 * irqmod_static_init() - validate @config and set up @state.
 * @state: caller-owned state.
 * @config: settings; both intervals at most IRQMOD_STATIC_MAX_INTERVAL_NS.
 *
 * The driver programs @config's intervals when it sets up the queue; the
 * controller never reports them as changed.
 *
 * Return: 0, -IRQMOD_EINVAL for a NULL pointer, -IRQMOD_ERANGE for an
 * interval above 1 s. @state is untouched on error.
 */
IRQMOD_API int irqmod_static_init(struct irqmod_static *state,
				  const struct irqmod_static_config *config);

/** irqmod_static_reset() - clear history (none); kept for a uniform API. @state: state. */
IRQMOD_API void irqmod_static_reset(struct irqmod_static *state);

/**
 * irqmod_static_update() - the decision after a poll: always the fixed interval.
 * @state: state set up by irqmod_static_init().
 * @sample: ignored, present for a uniform signature.
 * @decision: filled in; never fails.
 */
IRQMOD_API void irqmod_static_update(struct irqmod_static *state,
				     const struct irqmod_sample *sample,
				     struct irqmod_decision *decision);

/**
 * irqmod_static_config_check() - validate @config as irqmod_static_init() does.
 * @config: settings to check.
 * @error: filled with the offending field and its bound on rejection; may
 *         be NULL. Untouched on success.
 *
 * Order: a config with several faults gets the error of the first check it
 * fails: NULL, rx_interval_ns, tx_interval_ns.
 *
 * Return: 0, -IRQMOD_EINVAL for NULL, -IRQMOD_ERANGE for an interval above 1 s.
 */
IRQMOD_API int irqmod_static_config_check(const struct irqmod_static_config *config,
					  struct irqmod_config_error *error);

/**
 * irqmod_static_current() - the decision in force: the fixed intervals.
 * @state: state set up by irqmod_static_init().
 * @decision: filled in, action re-arm, @changed false.
 */
IRQMOD_API void irqmod_static_current(const struct irqmod_static *state,
				      struct irqmod_decision *decision);

#ifdef __cplusplus
}
#endif

#endif /* IRQMOD_STATIC_H */
