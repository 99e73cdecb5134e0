/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The resolved scenario as "key=value" lines (irqmod-sim --print-config),
 * so that a program reads a scenario through this reader instead of
 * parsing INI files itself: every key the scenario's tool reads, each
 * source's keys as sourceN.KEY, and the knobs a file or --set gave.
 */
#include "scenario_internal.h"

#include <inttypes.h>
#include <string.h>

/* @text with a backslash doubled and every control byte as \xNN, so that a value is one line. */
static void print_text(FILE *out, const char *text)
{
	for (; *text; text++) {
		unsigned char c = (unsigned char)*text;

		if (c == '\\')
			fputs("\\\\", out);
		else if (c < 0x20 || c == 0x7f)
			fprintf(out, "\\x%02x", c);
		else
			fputc(c, out);
	}
}

/* The value of @key in @scenario, source @source for a [source] key; numbers in the base unit. */
static void print_value(FILE *out, const struct irqmod_scenario_key *key,
			const struct irqmod_scenario *scenario, unsigned int source)
{
	uint64_t value = irqmod_scenario_key_value(scenario, key, source);
	uint32_t i;

	switch (key->type) {
	case IRQMOD_VALUE_CONTROLLERS:
		for (i = 0; i < scenario->controller_count; i++)
			fprintf(out, "%s%s", i ? "," : "", scenario->controllers[i]);
		return;
	case IRQMOD_VALUE_PATH:
		print_text(out, scenario->trace_paths[source]);
		return;
	case IRQMOD_VALUE_TRACE_FORMAT:
		fputs(irqmod_sim_trace_format_name(scenario->trace_formats[source]), out);
		return;
	case IRQMOD_VALUE_CORE_LIST:
		for (i = 0; i < scenario->config.queues && i < IRQMOD_SIM_MAX_QUEUES; i++)
			fprintf(out, "%s%" PRIu32, i ? "," : "", scenario->config.queue_core[i]);
		return;
	case IRQMOD_VALUE_BOOL:
		fputs(value ? "true" : "false", out);
		return;
	case IRQMOD_VALUE_TIMER:
	case IRQMOD_VALUE_DISTRIBUTION:
	case IRQMOD_VALUE_SIZE_LAW:
	case IRQMOD_VALUE_KIND:
	case IRQMOD_VALUE_EXPERIMENT:
		fputs(irqmod_scenario_enum_name(key->type, (uint32_t)value), out);
		return;
	case IRQMOD_VALUE_CORE:
		if (value == IRQMOD_SIM_NO_CORE)
			fputs("none", out);
		else
			fprintf(out, "%" PRIu64, value);
		return;
	case IRQMOD_VALUE_SPEED_MILLI:
		fprintf(out, "%" PRIu64 ".%03" PRIu64, value / 1000u, value % 1000u);
		return;
	case IRQMOD_VALUE_OFFSET:
		if (scenario->config.sources[source].trace_random_offset) {
			fputs("random", out);
			return;
		}
		break;
	default:
		break;
	}
	fprintf(out, "%" PRIu64, value);
}

void irqmod_scenario_print_config(FILE *out, const struct irqmod_scenario *scenario)
{
	size_t i, count = irqmod_scenario_knob_count();
	unsigned int source;

	for (i = 0; i < irqmod_scenario_key_count; i++) {
		const struct irqmod_scenario_key *key = &irqmod_scenario_keys[i];

		if (!(irqmod_scenario_key_tools(key) & scenario->tool) ||
		    strcmp(key->section, "source") == 0)
			continue;
		fprintf(out, "%s.%s=", key->section, key->name);
		print_value(out, key, scenario, 0);
		fputc('\n', out);
	}
	fprintf(out, "sources=%u\n", scenario->sources);
	for (source = 0; source < scenario->sources && source < IRQMOD_SIM_MAX_SOURCES; source++) {
		for (i = 0; i < irqmod_scenario_key_count; i++) {
			const struct irqmod_scenario_key *key = &irqmod_scenario_keys[i];

			if (strcmp(key->section, "source") != 0)
				continue;
			fprintf(out, "source%u.%s=", source, key->name);
			print_value(out, key, scenario, source);
			fputc('\n', out);
		}
	}
	for (i = 0; i < count && i < IRQMOD_SCENARIO_MAX_KNOBS; i++) {
		const struct irqmod_scenario_knob *knob = irqmod_scenario_knob_at(i);

		if (!(scenario->knobs_set & (1u << i)))
			continue;
		fprintf(out, "%s.%s=%" PRIu32 "\n",
			knob->hybrid ? irqmod_hybrid_kind_name(knob->hybrid)
				     : irqmod_kind_name(knob->kind),
			knob->name, scenario->knob_values[i]);
	}
}
