/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The scenario layer's companion to the kind table of lib/controller.c:
 * one row per kind, in enum irqmod_kind order, with what the controller
 * grammar, the knob listings and the checks ask of a kind and the
 * freestanding core has no use for: its knobs, how its config fits a
 * scenario, how a rejected config is worded, and whether ethtool's
 * rx-profile applies to it. The generic code of lib/scenario/ reads these
 * columns and names no kind; a static assertion holds the row count to
 * IRQMOD_KIND_COUNT and tests/test_kind_table.c each row to its kind.
 */
#include "scenario_internal.h"

#include <string.h>

/* A knob of kind @owner: uint32_t @member of its @config_type. */
#define KIND_KNOB(owner, config_type, member, knob_name, is_duration, help_text)             \
	{                                                                                   \
		.hybrid = IRQMOD_HYBRID_NONE, .kind = owner, .name = knob_name,             \
		.offset = offsetof(config_type, member),                                    \
		.width = sizeof(((config_type *)0)->member), .duration = is_duration,       \
		.help = help_text                                                           \
	}

#define ARRAY_COUNT(a) (sizeof(a) / sizeof((a)[0]))
/* A row's knobs: @array and its length. */
#define KNOBS(array) .knobs = array, .knob_count = ARRAY_COUNT(array)

/* ixgbe: the floor and ceiling of its Intel ITR config. */
static const struct irqmod_scenario_knob ixgbe_knobs[] = {
	KIND_KNOB(IRQMOD_KIND_IXGBE, struct irqmod_intel_itr_config, min_interval_ns, "min", true,
		  "floor, whole us, >= 1us (default 10us)"),
	KIND_KNOB(IRQMOD_KIND_IXGBE, struct irqmod_intel_itr_config, max_interval_ns, "max", true,
		  "ceiling, whole us up to 126us (default: the socket-buffer floor, 84us at 10G)"),
};

/* i40e: the same fields, i40e's limits. */
static const struct irqmod_scenario_knob i40e_knobs[] = {
	KIND_KNOB(IRQMOD_KIND_I40E, struct irqmod_intel_itr_config, min_interval_ns, "min", true,
		  "floor, even us, >= 2us (default 2us)"),
	KIND_KNOB(IRQMOD_KIND_I40E, struct irqmod_intel_itr_config, max_interval_ns, "max", true,
		  "ceiling, even us up to 8160us (default 126us, I40E_ITR_ADAPTIVE_MAX_USECS)"),
};

/* latency-target: its targets, bounds, rate cap and own polling. */
static const struct irqmod_scenario_knob latency_target_knobs[] = {
	KIND_KNOB(IRQMOD_KIND_LATENCY_TARGET, struct irqmod_latency_target_config, target_p99_ns,
		  "target_p99", true, "p99 added-delay target, <= 1s (default 50us)"),
	KIND_KNOB(IRQMOD_KIND_LATENCY_TARGET, struct irqmod_latency_target_config, target_mean_ns,
		  "target_mean", true, "mean added-delay target, <= target_p99 (default 0: none)"),
	KIND_KNOB(IRQMOD_KIND_LATENCY_TARGET, struct irqmod_latency_target_config, service_ns,
		  "service", true,
		  "delay the interval does not control, taken off the targets (default 0)"),
	KIND_KNOB(IRQMOD_KIND_LATENCY_TARGET, struct irqmod_latency_target_config,
		  min_interval_ns, "min", true,
		  "shortest interval, used at very low rates (default 0)"),
	KIND_KNOB(IRQMOD_KIND_LATENCY_TARGET, struct irqmod_latency_target_config,
		  max_interval_ns, "max", true, "longest interval, <= 1s (default 1ms)"),
	KIND_KNOB(IRQMOD_KIND_LATENCY_TARGET, struct irqmod_latency_target_config,
		  max_rate_per_s, "max_rate", false,
		  "interrupt-rate cap per second (default 0: none)"),
	KIND_KNOB(IRQMOD_KIND_LATENCY_TARGET, struct irqmod_latency_target_config, poll_packets,
		  "poll_packets", false,
		  "poll instead of interrupts from this many frames per interval, 0 or 2..65535 "
		  "(default 4; 0 inside a hybrid)"),
};

/* mlx4: its rate thresholds, the intervals they map to and its window. */
static const struct irqmod_scenario_knob mlx4_knobs[] = {
	KIND_KNOB(IRQMOD_KIND_MLX4, struct irqmod_mlx4_config, pkt_rate_low_per_s, "rate_low",
		  false, "at or below this packet rate, usecs_low (default 400000/s)"),
	KIND_KNOB(IRQMOD_KIND_MLX4, struct irqmod_mlx4_config, pkt_rate_high_per_s, "rate_high",
		  false, "at or above this packet rate, usecs_high (default 450000/s)"),
	KIND_KNOB(IRQMOD_KIND_MLX4, struct irqmod_mlx4_config, rx_usecs_low, "usecs_low", false,
		  "interval in us at low rates, <= 65535 (default 0)"),
	KIND_KNOB(IRQMOD_KIND_MLX4, struct irqmod_mlx4_config, rx_usecs_high, "usecs_high",
		  false, "interval in us at high rates, usecs_low..65535 (default 128)"),
	KIND_KNOB(IRQMOD_KIND_MLX4, struct irqmod_mlx4_config, rx_rings, "rings", false,
		  "RX rings sharing the 7812/s threshold, >= 1 (default 1)"),
};

/* Plain "static" runs at [run] static_interval, so a sweep can vary it. */
static void static_fit(void *config, const struct irqmod_scenario_fit *scenario)
{
	struct irqmod_static_config *c = config;

	c->rx_interval_ns = scenario->static_interval_ns;
	c->tx_interval_ns = scenario->static_interval_ns;
}

/*
 * A new floor or ceiling moves the starting interval inside it, as
 * irqmod_ixgbe_config_preset() does for its ceiling (ixgbe and i40e).
 */
static void intel_settle(void *config)
{
	struct irqmod_intel_itr_config *intel = config;

	if (intel->initial_interval_ns > intel->max_interval_ns)
		intel->initial_interval_ns = intel->max_interval_ns;
	if (intel->initial_interval_ns < intel->min_interval_ns)
		intel->initial_interval_ns = intel->min_interval_ns;
}

/*
 * latency-target bounds its interval by the ring the scenario has, and is
 * told the NIC's timer: the throttle's, else the holdoff (for `packet` too,
 * the nearer of the two: a frame waits the interval).
 */
static void latency_target_fit(void *config, const struct irqmod_scenario_fit *scenario)
{
	struct irqmod_latency_target_config *target = config;

	target->ring_size = scenario->ring_size;
	target->timer = scenario->timer == IRQMOD_SIM_TIMER_THROTTLE
				? IRQMOD_LATENCY_TARGET_TIMER_THROTTLE
				: IRQMOD_LATENCY_TARGET_TIMER_HOLDOFF;
}

const struct irqmod_scenario_kind irqmod_scenario_kinds[] = {
	{ .name = "static", .fit = static_fit },
	{ .name = "ixgbe", KNOBS(ixgbe_knobs), .settle = intel_settle },
	{ .name = "i40e", KNOBS(i40e_knobs), .settle = intel_settle },
	{ .name = "dim", .dim_profile = true },
	{ .name = "ice", .dim_profile = true },
	{ .name = "dim-rdma" },
	{ .name = "latency-class" },
	{ .name = "average-size" },
	{ .name = "ixgbe-legacy" },
	{ .name = "latency-target", KNOBS(latency_target_knobs), .fit = latency_target_fit,
	  .check_names_knob = true },
	{ .name = "mlx4", KNOBS(mlx4_knobs) },
};

_Static_assert(ARRAY_COUNT(irqmod_scenario_kinds) == IRQMOD_KIND_COUNT,
	       "one row of irqmod_scenario_kinds per enum irqmod_kind value");

const struct irqmod_scenario_kind *irqmod_scenario_kind(uint32_t kind)
{
	return &irqmod_scenario_kinds[kind];
}

void irqmod_scenario_kind_fit(struct irqmod_controller_config *inner,
			      const struct irqmod_scenario *scenario, uint32_t link_speed_mbps)
{
	const struct irqmod_scenario_kind *row = irqmod_scenario_kind(inner->kind);
	struct irqmod_scenario_fit fit;

	if (!row->fit)
		return;
	fit.ring_size = scenario->config.ring_size;
	fit.timer = scenario->config.timer;
	fit.link_speed_mbps = link_speed_mbps;
	fit.static_interval_ns = scenario->static_interval_ns;
	row->fit(&inner->config, &fit);
}
