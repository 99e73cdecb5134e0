/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "irqmod/controller.h"
#include "config_error.h"
#include "decision.h"

/*
 * The kind table. Each kind's functions take its own struct types; the
 * table holds them in the untyped form of struct irqmod_kind_desc, through
 * one-line wrappers (calling a function through a pointer of another type
 * is undefined; a wrapper compiles to a jump). IRQMOD_KIND_FUNCTIONS(k, S, C)
 * makes the wrappers of kind k with state struct S and config struct C.
 */
#define IRQMOD_KIND_FUNCTIONS(k, state_type, config_type)                       \
	static int k##_check_any(const void *config,                           \
				 struct irqmod_config_error *error)            \
	{                                                                      \
		return irqmod_##k##_config_check((const config_type *)config,  \
						 error);                       \
	}                                                                      \
	static int k##_init_any(void *state, const void *config)               \
	{                                                                      \
		return irqmod_##k##_init((state_type *)state,                  \
					 (const config_type *)config);         \
	}                                                                      \
	static void k##_reset_any(void *state)                                 \
	{                                                                      \
		irqmod_##k##_reset((state_type *)state);                       \
	}                                                                      \
	static void k##_update_any(void *state,                                \
				   const struct irqmod_sample *sample,         \
				   struct irqmod_decision *decision)           \
	{                                                                      \
		irqmod_##k##_update((state_type *)state, sample, decision);    \
	}                                                                      \
	static void k##_current_any(const void *state,                         \
				    struct irqmod_decision *decision)          \
	{                                                                      \
		irqmod_##k##_current((const state_type *)state, decision);     \
	}

/*
 * One table entry: @kind_name, kind k's wrappers, its fastest link, its
 * defaults function and its rule inside a hybrid (NEVER_POLLS, or
 * POLLS_WHILE(config type, field) for a kind that polls by itself).
 */
#define IRQMOD_KIND_ENTRY(kind_name, k, state_type, max_link, defaults,       \
			  hybrid_rule)                                         \
	{                                                                      \
		.name = kind_name,                                             \
		.state_bytes = sizeof(state_type),                             \
		.max_link_speed_mbps = max_link,                               \
		.default_config = defaults,                                    \
		.config_check = k##_check_any,                                 \
		.init = k##_init_any,                                          \
		.reset = k##_reset_any,                                        \
		.update = k##_update_any,                                      \
		.current_decision = k##_current_any,                           \
		hybrid_rule                                                    \
	}

/* A kind that never answers POLL by itself: nothing to turn off in a hybrid. */
#define NEVER_POLLS .self_poll_field = NULL, .self_poll_offset = 0
/* A kind that polls by itself while uint32_t @field of its @config_type is not 0. */
#define POLLS_WHILE(config_type, field)                                        \
	.self_poll_field = "inner." #field,                                    \
	.self_poll_offset = offsetof(config_type, field)

IRQMOD_KIND_FUNCTIONS(static, struct irqmod_static, struct irqmod_static_config)
IRQMOD_KIND_FUNCTIONS(ixgbe, struct irqmod_ixgbe, struct irqmod_intel_itr_config)
IRQMOD_KIND_FUNCTIONS(i40e, struct irqmod_i40e, struct irqmod_intel_itr_config)
IRQMOD_KIND_FUNCTIONS(dim, struct irqmod_dim, struct irqmod_dim_config)
IRQMOD_KIND_FUNCTIONS(dim_rdma, struct irqmod_dim_rdma, struct irqmod_dim_rdma_config)
IRQMOD_KIND_FUNCTIONS(latency_class, struct irqmod_latency_class,
		      struct irqmod_latency_class_config)
IRQMOD_KIND_FUNCTIONS(average_size, struct irqmod_average_size,
		      struct irqmod_average_size_config)
IRQMOD_KIND_FUNCTIONS(ixgbe_legacy, struct irqmod_ixgbe_legacy,
		      struct irqmod_ixgbe_legacy_config)
IRQMOD_KIND_FUNCTIONS(latency_target, struct irqmod_latency_target,
		      struct irqmod_latency_target_config)
IRQMOD_KIND_FUNCTIONS(mlx4, struct irqmod_mlx4, struct irqmod_mlx4_config)

/* ixgbe's adaptive start interval, IXGBE_20K_ITR (ixgbe.h): 50 us. */
#define IRQMOD_DEFAULT_STATIC_INTERVAL_NS 50000u

static int static_defaults(void *config, uint32_t link_speed_mbps)
{
	struct irqmod_static_config *c = config;

	(void)link_speed_mbps;
	c->rx_interval_ns = IRQMOD_DEFAULT_STATIC_INTERVAL_NS;
	c->tx_interval_ns = IRQMOD_DEFAULT_STATIC_INTERVAL_NS;
	return 0;
}

static int ixgbe_defaults(void *config, uint32_t link_speed_mbps)
{
	return irqmod_ixgbe_config_preset(config, IRQMOD_IXGBE_PRESET_IRQMOD,
					  link_speed_mbps);
}

static int i40e_defaults(void *config, uint32_t link_speed_mbps)
{
	return irqmod_i40e_config_linux(config, link_speed_mbps);
}

/* Linux net_dim defaults: RX EQE table, level 1. */
static int dim_defaults(void *config, uint32_t link_speed_mbps)
{
	(void)link_speed_mbps;
	return irqmod_dim_default_config(config, IRQMOD_DIM_TABLE_RX_EQE);
}

/* ice: the DIM controller with its RX table, level 1. */
static int ice_defaults(void *config, uint32_t link_speed_mbps)
{
	(void)link_speed_mbps;
	return irqmod_dim_default_config(config, IRQMOD_DIM_TABLE_ICE_RX);
}

static int dim_rdma_defaults(void *config, uint32_t link_speed_mbps)
{
	(void)link_speed_mbps;
	return irqmod_dim_rdma_default_config(config);
}

/* Linux igb single-vector path, rx-usecs 3 (IGB_DEFAULT_ITR). */
static int latency_class_defaults(void *config, uint32_t link_speed_mbps)
{
	return irqmod_latency_class_preset(config, IRQMOD_LATENCY_CLASS_PRESET_IGB,
					   link_speed_mbps);
}

/* Linux igb multi-vector path, rx-usecs 3. */
static int average_size_defaults(void *config, uint32_t link_speed_mbps)
{
	return irqmod_average_size_preset(config, IRQMOD_AVERAGE_SIZE_PRESET_IGB,
					  link_speed_mbps);
}

/* The last published form: bulk at 12K (2015 floor patch). */
static int ixgbe_legacy_defaults(void *config, uint32_t link_speed_mbps)
{
	(void)link_speed_mbps;
	return irqmod_ixgbe_legacy_default_config(config);
}

/* The default target and bounds of irqmod_latency_target_default_config(). */
static int latency_target_defaults(void *config, uint32_t link_speed_mbps)
{
	return irqmod_latency_target_default_config(config, link_speed_mbps);
}

/* Linux mlx4_en's defaults, one RX ring, its statistics task's 250 ms window. */
static int mlx4_defaults(void *config, uint32_t link_speed_mbps)
{
	(void)link_speed_mbps;
	return irqmod_mlx4_default_config(config);
}

/* A kind whose config takes any link speed (above 0). */
#define NO_LINK_LIMIT UINT32_MAX

/*
 * Adding a kind: its enum value, one line of wrappers above, one entry
 * here, and its row of the scenario's companion table (lib/scenario/kinds.c).
 */
static const struct irqmod_kind_desc irqmod_kinds[IRQMOD_KIND_COUNT] = {
	[IRQMOD_KIND_STATIC] = IRQMOD_KIND_ENTRY("static", static, struct irqmod_static,
						 NO_LINK_LIMIT, static_defaults, NEVER_POLLS),
	[IRQMOD_KIND_IXGBE] = IRQMOD_KIND_ENTRY("ixgbe", ixgbe, struct irqmod_ixgbe,
						IRQMOD_IXGBE_MAX_LINK_SPEED_MBPS, ixgbe_defaults,
						NEVER_POLLS),
	[IRQMOD_KIND_I40E] = IRQMOD_KIND_ENTRY("i40e", i40e, struct irqmod_i40e,
					       IRQMOD_I40E_MAX_LINK_SPEED_MBPS, i40e_defaults,
					       NEVER_POLLS),
	[IRQMOD_KIND_DIM] = IRQMOD_KIND_ENTRY("dim", dim, struct irqmod_dim, NO_LINK_LIMIT,
					      dim_defaults, NEVER_POLLS),
	[IRQMOD_KIND_ICE] = IRQMOD_KIND_ENTRY("ice", dim, struct irqmod_dim, NO_LINK_LIMIT,
					      ice_defaults, NEVER_POLLS),
	[IRQMOD_KIND_DIM_RDMA] = IRQMOD_KIND_ENTRY("dim-rdma", dim_rdma, struct irqmod_dim_rdma,
						   NO_LINK_LIMIT, dim_rdma_defaults, NEVER_POLLS),
	[IRQMOD_KIND_LATENCY_CLASS] = IRQMOD_KIND_ENTRY("latency-class", latency_class,
							struct irqmod_latency_class, NO_LINK_LIMIT,
							latency_class_defaults, NEVER_POLLS),
	[IRQMOD_KIND_AVERAGE_SIZE] = IRQMOD_KIND_ENTRY("average-size", average_size,
						       struct irqmod_average_size, NO_LINK_LIMIT,
						       average_size_defaults, NEVER_POLLS),
	[IRQMOD_KIND_IXGBE_LEGACY] = IRQMOD_KIND_ENTRY("ixgbe-legacy", ixgbe_legacy,
						       struct irqmod_ixgbe_legacy, NO_LINK_LIMIT,
						       ixgbe_legacy_defaults, NEVER_POLLS),
	/* Polls by itself under steady load (docs/latency-target.md, "Polling"). */
	[IRQMOD_KIND_LATENCY_TARGET] = IRQMOD_KIND_ENTRY(
		"latency-target", latency_target, struct irqmod_latency_target, NO_LINK_LIMIT,
		latency_target_defaults,
		POLLS_WHILE(struct irqmod_latency_target_config, poll_packets)),
	[IRQMOD_KIND_MLX4] = IRQMOD_KIND_ENTRY("mlx4", mlx4, struct irqmod_mlx4, NO_LINK_LIMIT,
					       mlx4_defaults, NEVER_POLLS),
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
