/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/**
 * DOC: generic controller
 *
 * A tagged union over every controller, for simulators and drivers that pick
 * a controller at run time. Drivers that know their controller call its
 * update function directly instead.
 */
#ifndef IRQMOD_CONTROLLER_H
#define IRQMOD_CONTROLLER_H

#include "irqmod/common.h"
#include "irqmod/ixgbe.h"
#include "irqmod/static.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * enum irqmod_kind - which controller a generic instance runs.
 * @IRQMOD_KIND_STATIC: struct irqmod_static.
 * @IRQMOD_KIND_IXGBE: struct irqmod_ixgbe (Intel adaptive, ixgbe since 2017).
 * @IRQMOD_KIND_COUNT: one past the last kind.
 */
enum irqmod_kind {
	IRQMOD_KIND_STATIC = 0,
	IRQMOD_KIND_IXGBE = 1,
	IRQMOD_KIND_COUNT
};

/**
 * struct irqmod_controller_config - settings of a generic instance.
 * @kind: an enum irqmod_kind value; selects the member of @config.
 * @config: the selected controller's settings.
 */
struct irqmod_controller_config {
	uint32_t kind;
	union {
		struct irqmod_static_config static_config;
		struct irqmod_ixgbe_config ixgbe_config;
	} config;
};

/**
 * struct irqmod_controller - state of a generic instance (caller-owned).
 * @kind: the running controller, set by irqmod_controller_init().
 * @state: that controller's state.
 */
struct irqmod_controller {
	uint32_t kind;
	union {
		struct irqmod_static static_state;
		struct irqmod_ixgbe ixgbe_state;
	} state;
};

/**
 * irqmod_controller_init() - validate @config and set up @controller.
 * @controller: caller-owned instance.
 * @config: kind and settings.
 * Return: 0, -IRQMOD_EINVAL for NULL, -IRQMOD_EKIND for an unknown kind, or
 * the selected controller's init error. @controller is untouched on error.
 */
IRQMOD_API int irqmod_controller_init(struct irqmod_controller *controller,
				      const struct irqmod_controller_config *config);

/** irqmod_controller_reset() - clear history, keep the config. @controller: instance. */
IRQMOD_API void irqmod_controller_reset(struct irqmod_controller *controller);

/**
 * irqmod_controller_update() - dispatch one sample to the running controller.
 * @controller: instance set up by irqmod_controller_init().
 * @sample: what the poll completed.
 * @decision: filled in; never fails.
 */
IRQMOD_API void irqmod_controller_update(struct irqmod_controller *controller,
					 const struct irqmod_sample *sample,
					 struct irqmod_decision *decision);

/**
 * irqmod_controller_default_config() - the documented defaults of a kind.
 * @config: filled in with @kind and its defaults for a link of @link_speed_mbps
 *          (ixgbe: IRQMOD_IXGBE_PRESET_IRQMOD).
 * @kind: an enum irqmod_kind value.
 * @link_speed_mbps: link speed in Mb/s (10000 for 10 GbE).
 * Return: 0, -IRQMOD_EINVAL for NULL, -IRQMOD_EKIND, -IRQMOD_ELINK.
 */
IRQMOD_API int irqmod_controller_default_config(struct irqmod_controller_config *config,
						uint32_t kind, uint32_t link_speed_mbps);

/**
 * irqmod_kind_name() - short name of a controller kind ("static", "ixgbe", ...).
 * @kind: an enum irqmod_kind value.
 * Return: a static string; "unknown" for values out of range.
 */
IRQMOD_API const char *irqmod_kind_name(uint32_t kind);

#ifdef __cplusplus
}
#endif

#endif /* IRQMOD_CONTROLLER_H */
