/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The scenario layer's companion to the kind table of lib/controller.c:
 * one row per kind, in enum irqmod_kind order, with what the controller
 * grammar, the knob listings and the checks ask of a kind and the
 * freestanding core has no use for: its knobs, how its config fits a
 * scenario, how a rejected config is worded, and whether ethtool's
 * rx-profile applies to it. Its rows and knobs derive from the kind list
 * (include/irqmod/kinds.h, the knob lists of the kinds' headers); the
 * generic code of lib/scenario/ reads these columns and names no kind. A
 * static assertion holds the row count to IRQMOD_KIND_COUNT and
 * tests/test_kind_table.c each row to its kind.
 */
#include "scenario_internal.h"

#include <string.h>

#define ARRAY_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/*
 * A knob of a kind's header list (IRQMOD_MLX4_KNOBS): uint32_t @member of
 * the config type of @ctx, which is (E, config type) of the kind's row.
 */
#define KNOB_KIND(E, config_type) IRQMOD_KIND_##E
#define KNOB_CONFIG(E, config_type) config_type
#define KIND_KNOB(ctx, member, knob_name, is_duration, help_text)                            \
	{ .hybrid = IRQMOD_HYBRID_NONE, .kind = KNOB_KIND ctx, .name = knob_name,            \
	  .offset = offsetof(KNOB_CONFIG ctx, member),                                       \
	  .width = sizeof(((KNOB_CONFIG ctx *)0)->member), .duration = is_duration,          \
	  .help = help_text },
#define IRQMOD_NO_KNOBS(KNOB, ctx)

/*
 * Each module's knobs, from the knobs column of its row, and an empty
 * entry after them (ISO C has no array of length 0; the count leaves it out).
 */
#define IRQMOD_KIND(E, k, kind_name, config_type, state_member, config_member, max_link,          \
		    hybrid_rule, knobs)                                                         \
	static const struct irqmod_scenario_knob k##_knobs[] = {                              \
		knobs(KIND_KNOB, (E, config_type)){ .name = NULL }                             \
	};
#define IRQMOD_KIND_PRESET(E, k, p)
#include "irqmod/kinds.h"
#undef IRQMOD_KIND
#undef IRQMOD_KIND_PRESET

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

/*
 * One row per row of the kind list; then what a few kinds do beyond their
 * defaults and knobs (a later designator sets that member of a row).
 */
const struct irqmod_scenario_kind irqmod_scenario_kinds[] = {
#define IRQMOD_KIND(E, k, kind_name, ...)                                                     \
	[IRQMOD_KIND_##E] = { .name = kind_name, .knobs = k##_knobs,                           \
			      .knob_count = ARRAY_COUNT(k##_knobs) - 1 },
#define IRQMOD_KIND_PRESET(E, k, p)                                                           \
	[IRQMOD_KIND_##E] = { .name = #p, .knobs = k##_knobs,                                   \
			      .knob_count = ARRAY_COUNT(k##_knobs) - 1 },
#include "irqmod/kinds.h"
#undef IRQMOD_KIND
#undef IRQMOD_KIND_PRESET
	[IRQMOD_KIND_STATIC].fit = static_fit,
	[IRQMOD_KIND_IXGBE].settle = intel_settle,
	[IRQMOD_KIND_I40E].settle = intel_settle,
	[IRQMOD_KIND_DIM].dim_profile = true,
	[IRQMOD_KIND_ICE].dim_profile = true,
	[IRQMOD_KIND_LATENCY_TARGET].fit = latency_target_fit,
	[IRQMOD_KIND_LATENCY_TARGET].check_names_knob = true,
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
