/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "irqmod/controller.h"

static const char *const irqmod_kind_names[IRQMOD_KIND_COUNT] = {
	[IRQMOD_KIND_STATIC] = "static",
	[IRQMOD_KIND_IXGBE] = "ixgbe",
};

const char *irqmod_kind_name(uint32_t kind)
{
	return kind < IRQMOD_KIND_COUNT ? irqmod_kind_names[kind] : "unknown";
}

/* ixgbe's adaptive start interval, IXGBE_20K_ITR (ixgbe.h): 50 us. */
#define IRQMOD_DEFAULT_STATIC_INTERVAL_NS 50000u

int irqmod_controller_default_config(struct irqmod_controller_config *config,
				     uint32_t kind, uint32_t link_speed_mbps)
{
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
	case IRQMOD_KIND_IXGBE: {
		int error = irqmod_ixgbe_config_preset(&config->config.ixgbe_config,
						       IRQMOD_IXGBE_PRESET_IRQMOD,
						       link_speed_mbps);
		if (error)
			return error;
		break;
	}
	default:
		return -IRQMOD_EKIND;
	}
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
	case IRQMOD_KIND_IXGBE:
		error = irqmod_ixgbe_init(&controller->state.ixgbe_state,
					  &config->config.ixgbe_config);
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
	case IRQMOD_KIND_IXGBE:
		irqmod_ixgbe_reset(&controller->state.ixgbe_state);
		break;
	default:
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
	case IRQMOD_KIND_IXGBE:
		irqmod_ixgbe_update(&controller->state.ixgbe_state, sample,
				    decision);
		break;
	default:
		/*
		 * Unreachable after a successful init; answer "re-arm, off".
		 * Field by field: clang -O0 turns a compound-literal copy into
		 * a memset call, which the freestanding core must not need.
		 */
		decision->rx_interval_ns = 0;
		decision->tx_interval_ns = 0;
		decision->poll_delay_ns = 0;
		decision->rate_limit_ns = 0;
		decision->frames = 0;
		decision->action = IRQMOD_ACTION_REARM;
		decision->changed = false;
		break;
	}
}
