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
	const struct irqmod_sim_source *s = &scenario->config.sources[source];
	const unsigned char *base = key->base == IRQMOD_BASE_SCENARIO
					    ? (const unsigned char *)scenario
				    : key->base == IRQMOD_BASE_SOURCE
					    ? (const unsigned char *)s
					    : (const unsigned char *)&scenario->config;
	uint64_t v64 = 0;
	uint32_t v32 = 0, i;
	bool b = false;

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
	case IRQMOD_VALUE_BOOL:
		memcpy(&b, base + key->offset, sizeof(b));
		fputs(b ? "true" : "false", out);
		return;
	case IRQMOD_VALUE_CORE_LIST:
		for (i = 0; i < scenario->config.queues && i < IRQMOD_SIM_MAX_QUEUES; i++)
			fprintf(out, "%s%" PRIu32, i ? "," : "", scenario->config.queue_core[i]);
		return;
	case IRQMOD_VALUE_OFFSET:
		if (s->trace_random_offset) {
			fputs("random", out);
			return;
		}
		memcpy(&v64, base + key->offset, sizeof(v64));
		fprintf(out, "%" PRIu64, v64);
		return;
	case IRQMOD_VALUE_U64:
	case IRQMOD_VALUE_DURATION:
	case IRQMOD_VALUE_RATE:
		memcpy(&v64, base + key->offset, sizeof(v64));
		fprintf(out, "%" PRIu64, v64);
		return;
	default:
		break;
	}
	memcpy(&v32, base + key->offset, sizeof(v32));
	switch (key->type) {
	case IRQMOD_VALUE_TIMER:
	case IRQMOD_VALUE_DISTRIBUTION:
	case IRQMOD_VALUE_SIZE_LAW:
	case IRQMOD_VALUE_KIND:
	case IRQMOD_VALUE_EXPERIMENT:
		fputs(irqmod_scenario_enum_name(key->type, v32), out);
		return;
	case IRQMOD_VALUE_CORE:
		if (v32 == IRQMOD_SIM_NO_CORE)
			fputs("none", out);
		else
			fprintf(out, "%" PRIu32, v32);
		return;
	case IRQMOD_VALUE_SPEED_MILLI:
		fprintf(out, "%" PRIu32 ".%03" PRIu32, v32 / 1000u, v32 % 1000u);
		return;
	default:
		fprintf(out, "%" PRIu32, v32);
		return;
	}
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
