/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The knobs: the settings a controller name takes in parentheses
 * ("ixgbe(max=84us)") and a scenario sets for every controller ("[ixgbe]
 * max = 84us", --set ixgbe.max=84us, --sweep), each a field of a hybrid's
 * own config or of a kind's. The hybrids' are here, each kind's in its row
 * of kinds.c; and the lookups in them, as one list.
 */
#include "scenario_internal.h"

#include <inttypes.h>
#include <string.h>

/* A knob of hybrid @hybrid: uint32_t @member of its @config_type. */
#define HYBRID_KNOB(hybrid_kind, config_type, member, knob_name, is_duration, help_text)      \
	{                                                                                   \
		.hybrid = hybrid_kind, .kind = 0, .name = knob_name,                        \
		.offset = offsetof(config_type, member),                                    \
		.width = sizeof(((config_type *)0)->member), .duration = is_duration,       \
		.help = help_text                                                           \
	}

/* The hybrids' knobs; each kind's are in its row of kinds.c. */
static const struct irqmod_scenario_knob hybrid_knobs[] = {
	HYBRID_KNOB(IRQMOD_HYBRID_IDLE_POLL, struct irqmod_idle_poll_config, poll_spacing_ns,
		    "poll_spacing", true,
		    "delay between idle polls, <= 1s (default 10us; 0 = at once)"),
	HYBRID_KNOB(IRQMOD_HYBRID_IDLE_POLL, struct irqmod_idle_poll_config, idle_time_ns,
		    "idle_time", true, "idle time before re-arming, <= 1s (default 50us; 0 = none)"),
	HYBRID_KNOB(IRQMOD_HYBRID_IDLE_POLL, struct irqmod_idle_poll_config, idle_polls,
		    "idle_polls", false,
		    "empty polls before re-arming, <= 65535 (default 0: idle_time / poll_spacing, "
		    "which must then be > 0 and <= 65535)"),
	HYBRID_KNOB(IRQMOD_HYBRID_DEFER_IRQ, struct irqmod_defer_irq_config, defer_hard_irqs,
		    "defer_hard_irqs", false,
		    "empty polls before re-arming, napi_defer_hard_irqs, <= 65535 (default 10)"),
	HYBRID_KNOB(IRQMOD_HYBRID_DEFER_IRQ, struct irqmod_defer_irq_config,
		    gro_flush_timeout_ns, "gro_flush_timeout", true,
		    "delay between deferred polls, gro_flush_timeout, <= 1s (default 20us)"),
	HYBRID_KNOB(IRQMOD_HYBRID_DEFER_IRQ, struct irqmod_defer_irq_config,
		    irq_suspend_timeout_ns, "irq_suspend_timeout", true,
		    "IRQ suspension while the application finds events, <= 1s (default 0: off)"),
	HYBRID_KNOB(IRQMOD_HYBRID_DEFER_IRQ, struct irqmod_defer_irq_config, suspend_polls,
		    "suspend_polls", false,
		    "empty polls that end a suspension, <= 65535, > 0 with a suspension (default 0)"),
	HYBRID_KNOB(IRQMOD_HYBRID_RECHECK, struct irqmod_recheck_config, max_rounds, "max_rounds",
		    false, "immediate re-polls while work is found, <= 65535 (default 4)"),
};

#define HYBRID_KNOB_COUNT (sizeof(hybrid_knobs) / sizeof(hybrid_knobs[0]))

size_t irqmod_scenario_knob_count(void)
{
	size_t count = HYBRID_KNOB_COUNT;
	uint32_t kind;

	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++)
		count += irqmod_scenario_kind(kind)->knob_count;
	return count;
}

const struct irqmod_scenario_knob *irqmod_scenario_knob_at(size_t index)
{
	uint32_t kind;

	if (index < HYBRID_KNOB_COUNT)
		return &hybrid_knobs[index];
	index -= HYBRID_KNOB_COUNT;
	for (kind = 0; index >= irqmod_scenario_kind(kind)->knob_count; kind++)
		index -= irqmod_scenario_kind(kind)->knob_count;
	return &irqmod_scenario_kind(kind)->knobs[index];
}

uint64_t irqmod_scenario_knob_max(const struct irqmod_scenario_knob *knob)
{
	return (UINT64_C(1) << (8 * knob->width)) - 1;
}

void irqmod_scenario_knob_store(struct irqmod_hybrid_config *config,
				const struct irqmod_scenario_knob *knob, uint64_t value)
{
	unsigned char *field = knob->hybrid != IRQMOD_HYBRID_NONE
				       ? (unsigned char *)&config->config
				       : (unsigned char *)&config->inner.config;
	uint32_t u32 = (uint32_t)value;
	uint16_t u16 = (uint16_t)value;
	uint8_t u8 = (uint8_t)value;

	field += knob->offset;
	if (knob->width == sizeof(u32))
		memcpy(field, &u32, sizeof(u32));
	else if (knob->width == sizeof(u16))
		memcpy(field, &u16, sizeof(u16));
	else
		memcpy(field, &u8, sizeof(u8));
}

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
	size_t i, count = irqmod_scenario_knob_count();

	for (i = 0; i < count; i++)
		if (strcmp(knob_owner(irqmod_scenario_knob_at(i)), owner) == 0 &&
		    strcmp(irqmod_scenario_knob_at(i)->name, name) == 0)
			return (int)i;
	return -1;
}

/* Whether @section names a knob owner: "[idle-poll]" holds its knobs. */
bool irqmod_scenario_knob_section(const char *section)
{
	size_t i, count = irqmod_scenario_knob_count();

	for (i = 0; i < count; i++)
		if (strcmp(knob_owner(irqmod_scenario_knob_at(i)), section) == 0)
			return true;
	return false;
}

/* "a, b" of the knob owners, each once. */
void irqmod_scenario_knob_owners(char *out, size_t bytes)
{
	size_t i, count = irqmod_scenario_knob_count();

	out[0] = '\0';
	for (i = 0; i < count; i++) {
		const char *owner = knob_owner(irqmod_scenario_knob_at(i));

		if (i > 0 && strcmp(knob_owner(irqmod_scenario_knob_at(i - 1)), owner) == 0)
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
	size_t i, count = irqmod_scenario_knob_count();

	out[0] = '\0';
	for (i = 0; i < count; i++) {
		if (!irqmod_scenario_knob_applies(irqmod_scenario_knob_at(i), hybrid, kind))
			continue;
		if (out[0])
			strncat(out, ", ", bytes - strlen(out) - 1);
		strncat(out, irqmod_scenario_knob_at(i)->name, bytes - strlen(out) - 1);
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
	size_t i, count = irqmod_scenario_knob_count();

	if (index < 0) {
		for (i = 0; i < count; i++) {
			if (strcmp(knob_owner(irqmod_scenario_knob_at(i)), owner) == 0) {
				irqmod_scenario_knob_choices(irqmod_scenario_knob_at(i)->hybrid,
							     irqmod_scenario_knob_at(i)->kind, choices,
							     sizeof(choices));
				break;
			}
		}
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EKEY,
					    "%s: %s has no knob '%s'; valid: %s", where, owner,
					    name, choices);
	}
	knob = irqmod_scenario_knob_at((size_t)index);
	form = irqmod_scenario_type_form(knob->duration ? IRQMOD_VALUE_DURATION : IRQMOD_VALUE_U32);
	if (!irqmod_scenario_parse_number(value, irqmod_scenario_knob_units(knob), &number))
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EVALUE,
					    "%s: %s.%s takes %s", where, owner, name, form);
	if (number > irqmod_scenario_knob_max(knob))
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ERANGE,
					    "%s: %s.%s above %" PRIu64, where, owner, name,
					    irqmod_scenario_knob_max(knob));
	scenario->knobs_set |= 1u << index;
	scenario->knob_values[index] = (uint32_t)number;
	return 0;
}
