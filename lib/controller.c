/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "irqmod/controller.h"
#include "decision.h"
#include "dim_internal.h"

static const char *const irqmod_kind_names[IRQMOD_KIND_COUNT] = {
	[IRQMOD_KIND_STATIC] = "static",
	[IRQMOD_KIND_DIM] = "dim",
	[IRQMOD_KIND_ICE] = "ice",
	[IRQMOD_KIND_DIM_RDMA] = "dim-rdma",
	[IRQMOD_KIND_LATENCY_CLASS] = "latency-class",
	[IRQMOD_KIND_AVERAGE_SIZE] = "average-size",
	[IRQMOD_KIND_IXGBE_LEGACY] = "ixgbe-legacy",
	[IRQMOD_KIND_IXGBE] = "ixgbe",
	[IRQMOD_KIND_I40E] = "i40e",
	[IRQMOD_KIND_LATENCY_TARGET] = "latency-target",
};

const char *irqmod_kind_name(uint32_t kind)
{
	return kind < IRQMOD_KIND_COUNT ? irqmod_kind_names[kind] : "unknown";
}

/* sizeof of each kind's own state struct (ice runs struct irqmod_dim). */
static const size_t irqmod_kind_state_sizes[IRQMOD_KIND_COUNT] = {
	[IRQMOD_KIND_STATIC] = sizeof(struct irqmod_static),
	[IRQMOD_KIND_DIM] = sizeof(struct irqmod_dim),
	[IRQMOD_KIND_ICE] = sizeof(struct irqmod_dim),
	[IRQMOD_KIND_DIM_RDMA] = sizeof(struct irqmod_dim_rdma),
	[IRQMOD_KIND_LATENCY_CLASS] = sizeof(struct irqmod_latency_class),
	[IRQMOD_KIND_AVERAGE_SIZE] = sizeof(struct irqmod_average_size),
	[IRQMOD_KIND_IXGBE_LEGACY] = sizeof(struct irqmod_ixgbe_legacy),
	[IRQMOD_KIND_IXGBE] = sizeof(struct irqmod_ixgbe),
	[IRQMOD_KIND_I40E] = sizeof(struct irqmod_i40e),
	[IRQMOD_KIND_LATENCY_TARGET] = sizeof(struct irqmod_latency_target),
};

size_t irqmod_kind_state_bytes(uint32_t kind)
{
	return kind < IRQMOD_KIND_COUNT ? irqmod_kind_state_sizes[kind] : 0;
}

/* DIM and ice share one controller; only the default table differs. */
static int irqmod_controller_dim_defaults(struct irqmod_controller_config *config,
					  uint32_t kind, uint32_t table)
{
	int error = irqmod_dim_default_config(&config->config.dim_config, table);

	if (error == 0)
		config->kind = kind;
	return error;
}

/* ixgbe's adaptive start interval, IXGBE_20K_ITR (ixgbe.h): 50 us. */
#define IRQMOD_DEFAULT_STATIC_INTERVAL_NS 50000u

int irqmod_controller_default_config(struct irqmod_controller_config *config,
				     uint32_t kind, uint32_t link_speed_mbps)
{
	int error = 0;

	if (!config)
		return -IRQMOD_EINVAL;
	if (link_speed_mbps == 0)
		return -IRQMOD_ELINK;
	switch (kind) {
	case IRQMOD_KIND_STATIC:
		config->config.static_config.rx_interval_ns =
			IRQMOD_DEFAULT_STATIC_INTERVAL_NS;
		config->config.static_config.tx_interval_ns =
			IRQMOD_DEFAULT_STATIC_INTERVAL_NS;
		break;
	case IRQMOD_KIND_DIM: /* Linux net_dim defaults: RX EQE table, level 1 */
		return irqmod_controller_dim_defaults(config, kind,
						      IRQMOD_DIM_TABLE_RX_EQE);
	case IRQMOD_KIND_ICE: /* ice: its RX table, level 1 */
		return irqmod_controller_dim_defaults(config, kind,
						      IRQMOD_DIM_TABLE_ICE_RX);
	case IRQMOD_KIND_DIM_RDMA:
		(void)irqmod_dim_rdma_default_config(&config->config.dim_rdma_config);
		break;
	case IRQMOD_KIND_LATENCY_CLASS:
		/* Linux igb single-vector path, rx-usecs 3 (IGB_DEFAULT_ITR). */
		error = irqmod_latency_class_preset(&config->config.latency_class,
						    IRQMOD_LATENCY_CLASS_PRESET_IGB,
						    link_speed_mbps);
		break;
	case IRQMOD_KIND_AVERAGE_SIZE:
		/* Linux igb multi-vector path, rx-usecs 3. */
		error = irqmod_average_size_preset(&config->config.average_size,
						   IRQMOD_AVERAGE_SIZE_PRESET_IGB,
						   link_speed_mbps);
		break;
	case IRQMOD_KIND_IXGBE_LEGACY:
		/* The last published form: bulk at 12K (2015 floor patch). */
		error = irqmod_ixgbe_legacy_default_config(&config->config.ixgbe_legacy);
		break;
	case IRQMOD_KIND_IXGBE:
		error = irqmod_ixgbe_config_preset(&config->config.ixgbe_config,
						   IRQMOD_IXGBE_PRESET_IRQMOD,
						   link_speed_mbps);
		break;
	case IRQMOD_KIND_I40E:
		error = irqmod_i40e_config_linux(&config->config.i40e_config,
						 link_speed_mbps);
		break;
	case IRQMOD_KIND_LATENCY_TARGET:
		error = irqmod_latency_target_default_config(&config->config.latency_target,
							     link_speed_mbps);
		break;
	default:
		return -IRQMOD_EKIND;
	}
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
	switch (config->kind) {
	case IRQMOD_KIND_STATIC:
		error = irqmod_static_init(&controller->state.static_state,
					   &config->config.static_config);
		break;
	case IRQMOD_KIND_DIM:
	case IRQMOD_KIND_ICE:
		error = irqmod_dim_init(&controller->state.dim_state,
					&config->config.dim_config);
		break;
	case IRQMOD_KIND_DIM_RDMA:
		error = irqmod_dim_rdma_init(&controller->state.dim_rdma_state,
					     &config->config.dim_rdma_config);
		break;
	case IRQMOD_KIND_LATENCY_CLASS:
		error = irqmod_latency_class_init(&controller->state.latency_class,
						  &config->config.latency_class);
		break;
	case IRQMOD_KIND_AVERAGE_SIZE:
		error = irqmod_average_size_init(&controller->state.average_size,
						 &config->config.average_size);
		break;
	case IRQMOD_KIND_IXGBE_LEGACY:
		error = irqmod_ixgbe_legacy_init(&controller->state.ixgbe_legacy,
						 &config->config.ixgbe_legacy);
		break;
	case IRQMOD_KIND_IXGBE:
		error = irqmod_ixgbe_init(&controller->state.ixgbe_state,
					  &config->config.ixgbe_config);
		break;
	case IRQMOD_KIND_I40E:
		error = irqmod_i40e_init(&controller->state.i40e_state,
					 &config->config.i40e_config);
		break;
	case IRQMOD_KIND_LATENCY_TARGET:
		error = irqmod_latency_target_init(&controller->state.latency_target,
						   &config->config.latency_target);
		break;
	default:
		return -IRQMOD_EKIND;
	}
	if (error == 0)
		controller->kind = config->kind;
	return error;
}

void irqmod_controller_reset(struct irqmod_controller *controller)
{
	switch (controller->kind) {
	case IRQMOD_KIND_STATIC:
		irqmod_static_reset(&controller->state.static_state);
		break;
	case IRQMOD_KIND_DIM:
	case IRQMOD_KIND_ICE:
		irqmod_dim_reset(&controller->state.dim_state);
		break;
	case IRQMOD_KIND_DIM_RDMA:
		irqmod_dim_rdma_reset(&controller->state.dim_rdma_state);
		break;
	case IRQMOD_KIND_LATENCY_CLASS:
		irqmod_latency_class_reset(&controller->state.latency_class);
		break;
	case IRQMOD_KIND_AVERAGE_SIZE:
		irqmod_average_size_reset(&controller->state.average_size);
		break;
	case IRQMOD_KIND_IXGBE_LEGACY:
		irqmod_ixgbe_legacy_reset(&controller->state.ixgbe_legacy);
		break;
	case IRQMOD_KIND_IXGBE:
		irqmod_ixgbe_reset(&controller->state.ixgbe_state);
		break;
	case IRQMOD_KIND_I40E:
		irqmod_i40e_reset(&controller->state.i40e_state);
		break;
	case IRQMOD_KIND_LATENCY_TARGET:
		irqmod_latency_target_reset(&controller->state.latency_target);
		break;
	default:
		break;
	}
}

void irqmod_controller_current(const struct irqmod_controller *controller,
			       struct irqmod_decision *decision)
{
	const struct irqmod_dim *dim = &controller->state.dim_state;
	const struct irqmod_dim_rdma *rdma = &controller->state.dim_rdma_state;
	const struct irqmod_i40e *i40e = &controller->state.i40e_state;

	switch (controller->kind) {
	case IRQMOD_KIND_STATIC:
		irqmod_decision_rearm(decision,
				      controller->state.static_state.rx_interval_ns,
				      false);
		decision->tx_interval_ns =
			controller->state.static_state.tx_interval_ns;
		break;
	case IRQMOD_KIND_IXGBE:
		irqmod_decision_rearm(decision,
				      controller->state.ixgbe_state.interval_usecs *
					      IRQMOD_NS_PER_USEC,
				      false);
		break;
	case IRQMOD_KIND_I40E:
		/* current_itr is usecs | IRQMOD_I40E_LATENCY, as Linux keeps it. */
		irqmod_decision_rearm(decision,
				      (uint32_t)(i40e->rx.current_itr &
						 ~IRQMOD_I40E_LATENCY) *
					      IRQMOD_NS_PER_USEC,
				      false);
		decision->tx_interval_ns =
			(uint32_t)(i40e->tx.current_itr & ~IRQMOD_I40E_LATENCY) *
			IRQMOD_NS_PER_USEC;
		break;
	case IRQMOD_KIND_DIM:
	case IRQMOD_KIND_ICE:
		irqmod_dim_answer(dim->profiles, dim->walk.level, dim->walk.level,
				  decision);
		break;
	case IRQMOD_KIND_DIM_RDMA:
		irqmod_dim_answer(rdma->profiles, rdma->walk.level,
				  rdma->walk.level, decision);
		break;
	case IRQMOD_KIND_LATENCY_CLASS:
		irqmod_decision_rearm(decision,
				      controller->state.latency_class.interval_ns,
				      false);
		break;
	case IRQMOD_KIND_AVERAGE_SIZE:
		irqmod_decision_rearm(decision,
				      controller->state.average_size.interval_ns,
				      false);
		break;
	case IRQMOD_KIND_IXGBE_LEGACY:
		irqmod_decision_rearm(decision,
				      controller->state.ixgbe_legacy.interval_ns,
				      false);
		break;
	case IRQMOD_KIND_LATENCY_TARGET:
		irqmod_latency_target_current(&controller->state.latency_target,
					      decision);
		break;
	default:
		irqmod_decision_rearm(decision, 0, false);
		break;
	}
}

void irqmod_controller_update(struct irqmod_controller *controller,
			      const struct irqmod_sample *sample,
			      struct irqmod_decision *decision)
{
	switch (controller->kind) {
	case IRQMOD_KIND_STATIC:
		irqmod_static_update(&controller->state.static_state, sample,
				     decision);
		break;
	case IRQMOD_KIND_DIM:
	case IRQMOD_KIND_ICE:
		irqmod_dim_update(&controller->state.dim_state, sample, decision);
		break;
	case IRQMOD_KIND_DIM_RDMA:
		irqmod_dim_rdma_update(&controller->state.dim_rdma_state, sample,
				       decision);
		break;
	case IRQMOD_KIND_LATENCY_CLASS:
		irqmod_latency_class_update(&controller->state.latency_class,
					    sample, decision);
		break;
	case IRQMOD_KIND_AVERAGE_SIZE:
		irqmod_average_size_update(&controller->state.average_size,
					   sample, decision);
		break;
	case IRQMOD_KIND_IXGBE_LEGACY:
		irqmod_ixgbe_legacy_update(&controller->state.ixgbe_legacy,
					   sample, decision);
		break;
	case IRQMOD_KIND_IXGBE:
		irqmod_ixgbe_update(&controller->state.ixgbe_state, sample,
				    decision);
		break;
	case IRQMOD_KIND_I40E:
		irqmod_i40e_update(&controller->state.i40e_state, sample,
				   decision);
		break;
	case IRQMOD_KIND_LATENCY_TARGET:
		irqmod_latency_target_update(&controller->state.latency_target,
					     sample, decision);
		break;
	default:
		/* Unreachable after a successful init; answer "re-arm, off". */
		irqmod_decision_rearm(decision, 0, false);
		break;
	}
}
