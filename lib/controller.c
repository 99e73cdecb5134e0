/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "irqmod/controller.h"
#include "config_error.h"
#include "decision.h"
#include "kind_defaults.h"

/*
 * The kind table, one entry per row of irqmod/kinds.h. Each kind's
 * functions take its own struct types; the table holds them in the
 * untyped form of struct irqmod_kind_desc, through one-line wrappers
 * that pass the untyped pointers on, which C converts to the kind's types
 * (calling a function through a pointer of another type is undefined; a
 * wrapper compiles to a jump). The update wrapper is the header's
 * irqmod_<k>_update_untyped(), the one irqmod_inner_of_<k>() uses.
 */
#define IRQMOD_KIND_FUNCTIONS(k)                                               \
	static int k##_check_any(const void *config,                           \
				 struct irqmod_config_error *error)            \
	{                                                                      \
		return irqmod_##k##_config_check(config, error);               \
	}                                                                      \
	static int k##_init_any(void *state, const void *config)               \
	{                                                                      \
		return irqmod_##k##_init(state, config);                       \
	}                                                                      \
	static void k##_reset_any(void *state)                                 \
	{                                                                      \
		irqmod_##k##_reset(state);                                     \
	}                                                                      \
	static void k##_current_any(const void *state,                         \
				    struct irqmod_decision *decision)          \
	{                                                                      \
		irqmod_##k##_current(state, decision);                         \
	}

/*
 * One table entry: @kind_name, module k's wrappers, its fastest link, its
 * defaults function and its rule inside a hybrid.
 */
#define IRQMOD_KIND_ENTRY(kind_name, k, max_link, defaults, hybrid_rule)       \
	{                                                                      \
		.name = kind_name,                                             \
		.state_bytes = sizeof(struct irqmod_##k),                      \
		.max_link_speed_mbps = max_link,                               \
		.default_config = defaults,                                    \
		.config_check = k##_check_any,                                 \
		.init = k##_init_any,                                          \
		.reset = k##_reset_any,                                        \
		.update = irqmod_##k##_update_untyped,                         \
		.current_decision = k##_current_any,                           \
		hybrid_rule                                                    \
	}

/* The wrappers of each module. */
#define IRQMOD_KIND(E, k, ...) IRQMOD_KIND_FUNCTIONS(k)
#define IRQMOD_KIND_PRESET(E, k, p)
#include "irqmod/kinds.h"
#undef IRQMOD_KIND
#undef IRQMOD_KIND_PRESET

/*
 * A row's rule inside a hybrid, IRQMOD_NEVER_POLLS or
 * IRQMOD_POLLS_WHILE(field), becomes "how, field" and then the two
 * members for its config type (the comma splits only in the second step).
 */
#define IRQMOD_NEVER_POLLS IRQMOD_NO_SELF_POLL, unused
#define IRQMOD_POLLS_WHILE(field) IRQMOD_SELF_POLL, field
#define IRQMOD_NO_SELF_POLL(config_type, unused) .self_poll_field = NULL, .self_poll_offset = 0
#define IRQMOD_SELF_POLL(config_type, field)                                   \
	.self_poll_field = "inner." #field, .self_poll_offset = offsetof(config_type, field)
#define IRQMOD_KIND_RULE(config_type, ...) IRQMOD_KIND_RULE_2(config_type, __VA_ARGS__)
#define IRQMOD_KIND_RULE_2(config_type, how, field) how(config_type, field)

static const struct irqmod_kind_desc irqmod_kinds[IRQMOD_KIND_COUNT] = {
#define IRQMOD_KIND(E, k, name, config_type, state_member, config_member, max_link,     \
		    hybrid_rule, ...)                                                  \
	[IRQMOD_KIND_##E] = IRQMOD_KIND_ENTRY(name, k, max_link, irqmod_##k##_kind_defaults, \
					      IRQMOD_KIND_RULE(config_type, hybrid_rule)),
#define IRQMOD_KIND_PRESET(E, k, p)                                                    \
	[IRQMOD_KIND_##E] = IRQMOD_KIND_ENTRY(#p, k, UINT32_MAX, irqmod_##p##_kind_defaults, \
					      IRQMOD_KIND_RULE(void, IRQMOD_NEVER_POLLS)),
#include "irqmod/kinds.h"
#undef IRQMOD_KIND
#undef IRQMOD_KIND_PRESET
};

const struct irqmod_kind_desc *irqmod_kind_describe(uint32_t kind)
{
	return kind < IRQMOD_KIND_COUNT ? &irqmod_kinds[kind] : NULL;
}

const char *irqmod_kind_name(uint32_t kind)
{
	return kind < IRQMOD_KIND_COUNT ? irqmod_kinds[kind].name : "unknown";
}

size_t irqmod_kind_state_bytes(uint32_t kind)
{
	return kind < IRQMOD_KIND_COUNT ? irqmod_kinds[kind].state_bytes : 0;
}

int irqmod_inner_of_kind(struct irqmod_inner *inner, uint32_t kind, void *state)
{
	if (!inner || !state)
		return -IRQMOD_EINVAL;
	if (kind >= IRQMOD_KIND_COUNT)
		return -IRQMOD_EKIND;
	inner->update = irqmod_kinds[kind].update;
	inner->state = state;
	return 0;
}

int irqmod_inner_of_controller(struct irqmod_inner *inner,
			       struct irqmod_controller *controller)
{
	if (!controller)
		return -IRQMOD_EINVAL;
	return irqmod_inner_of_kind(inner, controller->kind, &controller->state);
}

static int controller_kind_reject(uint32_t kind, struct irqmod_config_error *error)
{
	return irqmod_reject(error, "controller", "kind", kind, "is not below",
			     "the number of kinds", IRQMOD_KIND_COUNT,
			     -IRQMOD_EKIND);
}

int irqmod_controller_config_check(const struct irqmod_controller_config *config,
				   struct irqmod_config_error *error)
{
	if (!config)
		return irqmod_reject_null(error, "controller");
	if (config->kind >= IRQMOD_KIND_COUNT)
		return controller_kind_reject(config->kind, error);
	return irqmod_kinds[config->kind].config_check(&config->config, error);
}

int irqmod_controller_default_config(struct irqmod_controller_config *config,
				     uint32_t kind, uint32_t link_speed_mbps)
{
	int error;

	if (!config)
		return -IRQMOD_EINVAL;
	if (link_speed_mbps == 0)
		return -IRQMOD_ELINK;
	if (kind >= IRQMOD_KIND_COUNT)
		return -IRQMOD_EKIND;
	error = irqmod_kinds[kind].default_config(&config->config,
						  link_speed_mbps);
	if (error)
		return error;
	config->kind = kind;
	return 0;
}

int irqmod_controller_init(struct irqmod_controller *controller,
			   const struct irqmod_controller_config *config)
{
	int error;

	if (!controller || !config)
		return -IRQMOD_EINVAL;
	if (config->kind >= IRQMOD_KIND_COUNT)
		return -IRQMOD_EKIND;
	error = irqmod_kinds[config->kind].init(&controller->state,
						&config->config);
	if (error == 0)
		controller->kind = config->kind;
	return error;
}

void irqmod_controller_reset(struct irqmod_controller *controller)
{
	if (controller->kind < IRQMOD_KIND_COUNT)
		irqmod_kinds[controller->kind].reset(&controller->state);
}

void irqmod_controller_current(const struct irqmod_controller *controller,
			       struct irqmod_decision *decision)
{
	if (controller->kind < IRQMOD_KIND_COUNT)
		irqmod_kinds[controller->kind].current_decision(&controller->state,
								decision);
	else
		irqmod_decision_rearm(decision, 0, false);
}

void irqmod_controller_update(struct irqmod_controller *controller,
			      const struct irqmod_sample *sample,
			      struct irqmod_decision *decision)
{
	if (controller->kind < IRQMOD_KIND_COUNT)
		irqmod_kinds[controller->kind].update(&controller->state, sample,
						      decision);
	else /* Unreachable after a successful init; answer "re-arm, off". */
		irqmod_decision_rearm(decision, 0, false);
}
