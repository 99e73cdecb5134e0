/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/**
 * DOC: generic controller
 *
 * A tagged union over every controller, for simulators and drivers that pick
 * a controller at run time. Drivers that know their controller call its
 * update function directly instead.
 *
 * Every kind is one entry of the kind list, irqmod/kinds.h, from which the
 * enum, the unions below and the kind table of struct irqmod_kind_desc
 * (lib/controller.c) derive: its name, state size, default config and its
 * config-check, init, reset, update and current functions. The generic
 * functions below dispatch through it; irqmod_kind_describe() hands an
 * entry to callers that hold a kind's own state (a hybrid's inner
 * controller, irqmod_inner_of_kind()).
 */
#ifndef IRQMOD_CONTROLLER_H
#define IRQMOD_CONTROLLER_H

#include "irqmod/common.h"
#include "irqmod/hybrid_base.h"

/* Every kind's header (the rows expand to nothing here). */
#define IRQMOD_KIND(...)
#define IRQMOD_KIND_PRESET(...)
#include "irqmod/kinds.h"
#undef IRQMOD_KIND
#undef IRQMOD_KIND_PRESET

#ifdef __cplusplus
extern "C" {
#endif

/**
 * enum irqmod_kind - which controller a generic instance runs.
 * @IRQMOD_KIND_STATIC: one value per row of irqmod/kinds.h, in its order
 *                      (IRQMOD_KIND_STATIC, IRQMOD_KIND_IXGBE, ...); the
 *                      kind's own header describes it.
 * @IRQMOD_KIND_COUNT: one past the last kind.
 */
enum irqmod_kind {
#define IRQMOD_KIND(E, k, ...) IRQMOD_KIND_##E,
#define IRQMOD_KIND_PRESET(E, k, p) IRQMOD_KIND_##E,
#include "irqmod/kinds.h"
#undef IRQMOD_KIND
#undef IRQMOD_KIND_PRESET
	IRQMOD_KIND_COUNT
};

/**
 * struct irqmod_controller_config - settings of a generic instance.
 * @kind: an enum irqmod_kind value; selects the member of @config.
 * @config: the selected controller's settings (@config.dim_config for
 *          both IRQMOD_KIND_DIM and IRQMOD_KIND_ICE).
 */
struct irqmod_controller_config {
	uint32_t kind;
	union {
#define IRQMOD_KIND(E, k, name, config_type, state_member, config_member, ...) \
		config_type config_member;
#define IRQMOD_KIND_PRESET(E, k, p)
#include "irqmod/kinds.h"
#undef IRQMOD_KIND
#undef IRQMOD_KIND_PRESET
	} config;
};

/**
 * struct irqmod_controller - state of a generic instance (caller-owned).
 * @kind: the running controller, set by irqmod_controller_init().
 * @state: that controller's state (@state.dim_state for IRQMOD_KIND_DIM
 *         and IRQMOD_KIND_ICE).
 */
struct irqmod_controller {
	uint32_t kind;
	union {
#define IRQMOD_KIND(E, k, name, config_type, state_member, ...) \
		struct irqmod_##k state_member;
#define IRQMOD_KIND_PRESET(E, k, p)
#include "irqmod/kinds.h"
#undef IRQMOD_KIND
#undef IRQMOD_KIND_PRESET
	} state;
};

/*
 * irqmod_inner_of_<k>(inner, state) for each kind's module k: make @inner
 * call irqmod_<k>_update() on @state (struct irqmod_<k>, set up by its init;
 * the caller keeps it). Unlike irqmod_inner_of_kind() it needs no kind
 * table, so a driver that puts one controller inside a hybrid links that
 * controller alone. irqmod_<k>_update_untyped() is that update on an
 * untyped state, the form of struct irqmod_inner's @update.
 */
#define IRQMOD_KIND(E, k, ...)                                                       \
	static inline void irqmod_##k##_update_untyped(void *state,                  \
						       const struct irqmod_sample *sample, \
						       struct irqmod_decision *decision) \
	{                                                                            \
		irqmod_##k##_update((struct irqmod_##k *)state, sample, decision);   \
	}                                                                            \
	static inline void irqmod_inner_of_##k(struct irqmod_inner *inner,           \
					       struct irqmod_##k *state)             \
	{                                                                            \
		inner->update = irqmod_##k##_update_untyped;                         \
		inner->state = state;                                                \
	}
#define IRQMOD_KIND_PRESET(E, k, p)
#include "irqmod/kinds.h"
#undef IRQMOD_KIND
#undef IRQMOD_KIND_PRESET

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
 * irqmod_controller_current() - the decision in force, without a sample.
 * @controller: instance set up by irqmod_controller_init().
 * @decision: filled in with the intervals (and frame threshold, rate limit)
 *            the controller considers programmed, action re-arm and
 *            @changed false; latency-target, which answers POLL itself,
 *            repeats its last action (POLL with its delay while it polls).
 *
 * After init or reset this is the start interval: what a driver programs
 * when it sets up the queue, and what the first update's @changed is judged
 * against. After an update it repeats that update's intervals. Drivers that
 * call one controller directly read the start value from its config.
 */
IRQMOD_API void irqmod_controller_current(const struct irqmod_controller *controller,
					  struct irqmod_decision *decision);

/**
 * irqmod_kind_name() - short name of a controller kind ("static", "ixgbe", ...).
 * @kind: an enum irqmod_kind value.
 * Return: a static string; "unknown" for values out of range.
 */
IRQMOD_API const char *irqmod_kind_name(uint32_t kind);

/**
 * irqmod_kind_state_bytes() - size of a kind's own state struct.
 * @kind: an enum irqmod_kind value.
 *
 * The bytes a driver embeds per queue when it calls that controller
 * directly (sizeof(struct irqmod_dim) for IRQMOD_KIND_DIM), not the size of
 * the generic struct irqmod_controller, which holds the largest of them.
 * For benchmarks and docs; every kind keeps it at most 64 bytes.
 *
 * Return: the size in bytes, or 0 for values out of range.
 */
IRQMOD_API size_t irqmod_kind_state_bytes(uint32_t kind);

/**
 * struct irqmod_kind_desc - one controller kind, as the kind table holds it.
 * @name: short name ("ixgbe"), static string.
 * @state_bytes: sizeof the kind's own state struct.
 * @max_link_speed_mbps: fastest link its config accepts (UINT32_MAX when
 *                       the kind has no bound of its own).
 * @default_config: fills the kind's own config struct (the member of
 *                  struct irqmod_controller_config's union) with its
 *                  documented defaults for a link of @link_speed_mbps.
 * @config_check: the kind's irqmod_<kind>_config_check() on its own config.
 * @init: the kind's irqmod_<kind>_init() on its own state and config.
 * @reset: the kind's irqmod_<kind>_reset().
 * @update: the kind's irqmod_<kind>_update(); the @update of a struct
 *          irqmod_inner around that kind's state.
 * @current_decision: the kind's irqmod_<kind>_current() (not "current":
 *                    a kernel macro).
 * @self_poll_field: its rule inside a hybrid. A kind that answers POLL by
 *                   itself while a uint32_t of its config is not 0
 *                   (latency-target's poll_packets) names that field here,
 *                   as a hybrid's config names it ("inner.poll_packets");
 *                   NULL for a kind that never polls. A hybrid does the
 *                   polling, so inside one the field must be 0:
 *                   irqmod_hybrid_default_config() turns it off and
 *                   irqmod_hybrid_config_check() refuses another value.
 * @self_poll_offset: that field's offset in the kind's config struct (the
 *                    member of struct irqmod_controller_config's union);
 *                    0 and unused when @self_poll_field is NULL.
 *
 * The pointers take the kind's own structs as untyped pointers. The
 * layers above the core keep what they alone need per kind in one
 * companion table of their own (the scenario grammar's knobs and how a
 * kind fits a scenario: lib/scenario/kinds.c), one row per kind too.
 */
struct irqmod_kind_desc {
	const char *name;
	size_t state_bytes;
	uint32_t max_link_speed_mbps;
	int (*default_config)(void *config, uint32_t link_speed_mbps);
	int (*config_check)(const void *config, struct irqmod_config_error *error);
	int (*init)(void *state, const void *config);
	void (*reset)(void *state);
	irqmod_update_fn update;
	void (*current_decision)(const void *state,
				 struct irqmod_decision *decision);
	const char *self_poll_field;
	size_t self_poll_offset;
};

/**
 * irqmod_kind_describe() - the table entry of a kind.
 * @kind: an enum irqmod_kind value.
 * Return: a pointer to the static entry, or NULL for values out of range.
 */
IRQMOD_API const struct irqmod_kind_desc *irqmod_kind_describe(uint32_t kind);

/**
 * irqmod_inner_of_kind() - make @inner call kind @kind's update on @state.
 * @inner: filled in.
 * @kind: an enum irqmod_kind value.
 * @state: that kind's own state (struct irqmod_ixgbe * for
 *         IRQMOD_KIND_IXGBE), set up by its init; the caller keeps it.
 * Return: 0, -IRQMOD_EINVAL for NULL, -IRQMOD_EKIND for an unknown kind.
 */
IRQMOD_API int irqmod_inner_of_kind(struct irqmod_inner *inner, uint32_t kind,
				    void *state);

/**
 * irqmod_inner_of_controller() - make @inner run a generic instance's kind directly.
 * @inner: filled in with @controller's kind's update on &@controller->state
 *         (no generic dispatch per call); valid while @controller keeps
 *         that kind (init it again with another kind: fill @inner again).
 * @controller: instance set up by irqmod_controller_init().
 * Return: 0, -IRQMOD_EINVAL for NULL, -IRQMOD_EKIND for an instance never
 * set up.
 */
IRQMOD_API int irqmod_inner_of_controller(struct irqmod_inner *inner,
					  struct irqmod_controller *controller);

/**
 * irqmod_controller_config_check() - validate @config as irqmod_controller_init() does.
 * @config: kind and settings.
 * @error: filled with the offending field and the bound it breaks on
 *         rejection ("ixgbe: max_interval_ns 10000 is below
 *         initial_interval_ns 50000"); may be NULL. Untouched on success.
 *
 * Order: NULL, kind, then the kind's own check in its documented order.
 *
 * Return: 0, -IRQMOD_EINVAL for NULL, -IRQMOD_EKIND, or the kind's own
 * check's code.
 */
IRQMOD_API int irqmod_controller_config_check(const struct irqmod_controller_config *config,
					      struct irqmod_config_error *error);

#ifdef __cplusplus
}
#endif

#endif /* IRQMOD_CONTROLLER_H */
