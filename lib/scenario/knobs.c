/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The knob table: the settings a controller name takes in parentheses
 * ("ixgbe(max=84us)") and a scenario sets for every controller ("[ixgbe]
 * max = 84us", --set ixgbe.max=84us, --sweep), each a uint32_t field of
 * struct irqmod_hybrid_config; and the lookups in it.
 */
#include "scenario_internal.h"

#include <inttypes.h>
#include <string.h>

#define HYBRID_FIELD(member) offsetof(struct irqmod_hybrid_config, member)

const struct irqmod_scenario_knob irqmod_scenario_knobs[] = {
	{ IRQMOD_HYBRID_IDLE_POLL, 0, "poll_spacing",
	  HYBRID_FIELD(config.idle_poll.poll_spacing_ns), true,
	  "delay between idle polls, <= 1s (default 10us; 0 = at once)" },
	{ IRQMOD_HYBRID_IDLE_POLL, 0, "idle_time", HYBRID_FIELD(config.idle_poll.idle_time_ns),
	  true, "idle time before re-arming, <= 1s (default 50us; 0 = none)" },
	{ IRQMOD_HYBRID_IDLE_POLL, 0, "idle_polls", HYBRID_FIELD(config.idle_poll.idle_polls),
	  false,
	  "empty polls before re-arming, <= 65535 (default 0: idle_time / poll_spacing, "
	  "which must then be > 0 and <= 65535)" },
	{ IRQMOD_HYBRID_DEFER_IRQ, 0, "defer_hard_irqs",
	  HYBRID_FIELD(config.defer_irq.defer_hard_irqs), false,
	  "empty polls before re-arming, napi_defer_hard_irqs, <= 65535 (default 10)" },
	{ IRQMOD_HYBRID_DEFER_IRQ, 0, "gro_flush_timeout",
	  HYBRID_FIELD(config.defer_irq.gro_flush_timeout_ns), true,
	  "delay between deferred polls, gro_flush_timeout, <= 1s (default 20us)" },
	{ IRQMOD_HYBRID_DEFER_IRQ, 0, "irq_suspend_timeout",
	  HYBRID_FIELD(config.defer_irq.irq_suspend_timeout_ns), true,
	  "IRQ suspension while the application finds events, <= 1s (default 0: off)" },
	{ IRQMOD_HYBRID_DEFER_IRQ, 0, "suspend_polls", HYBRID_FIELD(config.defer_irq.suspend_polls),
	  false, "empty polls that end a suspension, <= 65535, > 0 with a suspension (default 0)" },
	{ IRQMOD_HYBRID_RECHECK, 0, "max_rounds", HYBRID_FIELD(config.recheck.max_rounds), false,
	  "immediate re-polls while work is found, <= 65535 (default 4)" },
	{ IRQMOD_HYBRID_NONE, IRQMOD_KIND_IXGBE, "min",
	  HYBRID_FIELD(inner.config.ixgbe_config.min_interval_ns), true,
	  "floor, whole us, >= 1us (default 10us)" },
	{ IRQMOD_HYBRID_NONE, IRQMOD_KIND_IXGBE, "max",
	  HYBRID_FIELD(inner.config.ixgbe_config.max_interval_ns), true,
	  "ceiling, whole us up to 126us (default: the socket-buffer floor, 84us at 10G)" },
	{ IRQMOD_HYBRID_NONE, IRQMOD_KIND_I40E, "min",
	  HYBRID_FIELD(inner.config.i40e_config.min_interval_ns), true,
	  "floor, even us, >= 2us (default 2us)" },
	{ IRQMOD_HYBRID_NONE, IRQMOD_KIND_I40E, "max",
	  HYBRID_FIELD(inner.config.i40e_config.max_interval_ns), true,
	  "ceiling, even us up to 8160us (default 126us, I40E_ITR_ADAPTIVE_MAX_USECS)" },
	{ IRQMOD_HYBRID_NONE, IRQMOD_KIND_LATENCY_TARGET, "target_p99",
	  HYBRID_FIELD(inner.config.latency_target.target_p99_ns), true,
	  "p99 added-delay target, <= 1s (default 50us)" },
	{ IRQMOD_HYBRID_NONE, IRQMOD_KIND_LATENCY_TARGET, "target_mean",
	  HYBRID_FIELD(inner.config.latency_target.target_mean_ns), true,
	  "mean added-delay target, <= target_p99 (default 0: none)" },
	{ IRQMOD_HYBRID_NONE, IRQMOD_KIND_LATENCY_TARGET, "service",
	  HYBRID_FIELD(inner.config.latency_target.service_ns), true,
	  "delay the interval does not control, taken off the targets (default 0)" },
	{ IRQMOD_HYBRID_NONE, IRQMOD_KIND_LATENCY_TARGET, "min",
	  HYBRID_FIELD(inner.config.latency_target.min_interval_ns), true,
	  "shortest interval, used at very low rates (default 0)" },
	{ IRQMOD_HYBRID_NONE, IRQMOD_KIND_LATENCY_TARGET, "max",
	  HYBRID_FIELD(inner.config.latency_target.max_interval_ns), true,
	  "longest interval, <= 1s (default 1ms)" },
	{ IRQMOD_HYBRID_NONE, IRQMOD_KIND_LATENCY_TARGET, "max_rate",
	  HYBRID_FIELD(inner.config.latency_target.max_rate_per_s), false,
	  "interrupt-rate cap per second (default 0: none)" },
	{ IRQMOD_HYBRID_NONE, IRQMOD_KIND_LATENCY_TARGET, "poll_packets",
	  HYBRID_FIELD(inner.config.latency_target.poll_packets), false,
	  "poll instead of interrupts from this many frames per interval, 0 or 2..65535 "
	  "(default 4; 0 inside a hybrid)" },
};

#define KNOB_COUNT (sizeof(irqmod_scenario_knobs) / sizeof(irqmod_scenario_knobs[0]))
_Static_assert(KNOB_COUNT <= IRQMOD_SCENARIO_MAX_KNOBS, "scenario knob bits");
const size_t irqmod_scenario_knob_count = KNOB_COUNT;

/* Units a knob's value takes: a duration, or a plain count. */
const struct irqmod_scenario_unit *irqmod_scenario_knob_units(
	const struct irqmod_scenario_knob *knob)
{
	return knob->duration ? irqmod_scenario_duration_units : irqmod_scenario_plain_units;
}

/* The name a knob is listed under: its hybrid, or its inner kind. */
static const char *knob_owner(const struct irqmod_scenario_knob *knob)
{
	return knob->hybrid != IRQMOD_HYBRID_NONE ? irqmod_hybrid_kind_name(knob->hybrid)
						  : irqmod_kind_name(knob->kind);
}

/* Index of knob @name of @owner ("idle-poll", "ixgbe"), or -1. */
int irqmod_scenario_find_knob(const char *owner, const char *name)
{
	size_t i;

	for (i = 0; i < KNOB_COUNT; i++)
		if (strcmp(knob_owner(&irqmod_scenario_knobs[i]), owner) == 0 &&
		    strcmp(irqmod_scenario_knobs[i].name, name) == 0)
			return (int)i;
	return -1;
}

/* Whether @section names a knob owner: "[idle-poll]" holds its knobs. */
bool irqmod_scenario_knob_section(const char *section)
{
	size_t i;

	for (i = 0; i < KNOB_COUNT; i++)
		if (strcmp(knob_owner(&irqmod_scenario_knobs[i]), section) == 0)
			return true;
	return false;
}

/* "a, b" of the knob owners, each once. */
void irqmod_scenario_knob_owners(char *out, size_t bytes)
{
	size_t i;

	out[0] = '\0';
	for (i = 0; i < KNOB_COUNT; i++) {
		const char *owner = knob_owner(&irqmod_scenario_knobs[i]);

		if (i > 0 && strcmp(knob_owner(&irqmod_scenario_knobs[i - 1]), owner) == 0)
			continue; /* the table lists an owner's knobs together */
		if (out[0])
			strncat(out, ", ", bytes - strlen(out) - 1);
		strncat(out, owner, bytes - strlen(out) - 1);
	}
}

bool irqmod_scenario_knob_applies(const struct irqmod_scenario_knob *knob, uint32_t hybrid,
				  uint32_t kind)
{
	return knob->hybrid == hybrid && (hybrid != IRQMOD_HYBRID_NONE || knob->kind == kind);
}

/* "a, b, c" of the knobs of @hybrid (or of inner @kind), or "none". */
void irqmod_scenario_knob_choices(uint32_t hybrid, uint32_t kind, char *out, size_t bytes)
{
	size_t i;

	out[0] = '\0';
	for (i = 0; i < KNOB_COUNT; i++) {
		if (!irqmod_scenario_knob_applies(&irqmod_scenario_knobs[i], hybrid, kind))
			continue;
		if (out[0])
			strncat(out, ", ", bytes - strlen(out) - 1);
		strncat(out, irqmod_scenario_knobs[i].name, bytes - strlen(out) - 1);
	}
	if (!out[0])
		snprintf(out, bytes, "none");
}

/* Knob @name of [@owner] for every controller of the scenario. */
int irqmod_scenario_set_knob(struct irqmod_scenario *scenario, const char *owner, const char *name,
			     const char *where, const char *value, char *message, size_t bytes)
{
	int index = irqmod_scenario_find_knob(owner, name);
	const struct irqmod_scenario_knob *knob;
	char choices[256] = "none";
	const char *form;
	uint64_t number;
	size_t i;

	if (index < 0) {
		for (i = 0; i < KNOB_COUNT; i++) {
			if (strcmp(knob_owner(&irqmod_scenario_knobs[i]), owner) == 0) {
				irqmod_scenario_knob_choices(irqmod_scenario_knobs[i].hybrid,
							     irqmod_scenario_knobs[i].kind, choices,
							     sizeof(choices));
				break;
			}
		}
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EKEY,
					    "%s: %s has no knob '%s'; valid: %s", where, owner,
					    name, choices);
	}
	knob = &irqmod_scenario_knobs[index];
	form = irqmod_scenario_type_form(knob->duration ? IRQMOD_VALUE_DURATION : IRQMOD_VALUE_U32);
	if (!irqmod_scenario_parse_number(value, irqmod_scenario_knob_units(knob), &number))
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EVALUE,
					    "%s: %s.%s takes %s", where, owner, name, form);
	if (number > UINT32_MAX)
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ERANGE,
					    "%s: %s.%s above %" PRIu32, where, owner, name,
					    UINT32_MAX);
	scenario->knobs_set |= 1u << index;
	scenario->knob_values[index] = (uint32_t)number;
	return 0;
}
