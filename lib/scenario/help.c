/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#define _POSIX_C_SOURCE 200809L /* open_memstream() */
/*
 * The printers of the help and list options: the controller names
 * (--list-controllers), the knobs and the keys with their defaults
 * (--help), and the key table as Markdown (--list-keys, which
 * docs/simulator.md holds and a test keeps equal).
 */
#include "scenario_internal.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

void irqmod_scenario_print_controllers(FILE *out)
{
	uint32_t kind;

	fprintf(out, "none\nstatic:<interval>\n");
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++)
		fprintf(out, "%s\n", irqmod_kind_name(kind));
	for (kind = IRQMOD_HYBRID_NONE + 1; kind < IRQMOD_HYBRID_COUNT; kind++)
		fprintf(out, "%s+<controller>\n", irqmod_hybrid_kind_name(kind));
}

void irqmod_scenario_print_knobs(FILE *out)
{
	size_t i, count = irqmod_scenario_knob_count();

	for (i = 0; i < count; i++) {
		const struct irqmod_scenario_knob *knob = irqmod_scenario_knob_at(i);

		fprintf(out, "  %-10s %-20s %s: %s\n",
			knob->hybrid ? irqmod_hybrid_kind_name(knob->hybrid)
				     : irqmod_kind_name(knob->kind),
			knob->name, knob->duration ? "duration" : "count", knob->help);
	}
}

/* @key's default as --help and the key table show it (@scenario and @source hold the defaults). */
static void print_default(FILE *out, const struct irqmod_scenario_key *key,
			  const struct irqmod_scenario *scenario,
			  const struct irqmod_sim_source *source)
{
	const unsigned char *base = key->base == IRQMOD_BASE_SCENARIO
					    ? (const unsigned char *)scenario
				    : key->base == IRQMOD_BASE_SOURCE
					    ? (const unsigned char *)source
					    : (const unsigned char *)&scenario->config;
	uint64_t v64 = 0;
	uint32_t v32 = 0;
	bool b = false;
	char text[32];

	switch (key->type) {
	case IRQMOD_VALUE_CONTROLLERS:
		fprintf(out, "every kind");
		return;
	case IRQMOD_VALUE_BOOL:
		memcpy(&b, base + key->offset, sizeof(b));
		fprintf(out, "%s", b ? "true" : "false");
		return;
	case IRQMOD_VALUE_CORE_LIST:
		fprintf(out, "0");
		return;
	case IRQMOD_VALUE_KIND:
	case IRQMOD_VALUE_EXPERIMENT:
		fprintf(out, "(required)");
		return;
	case IRQMOD_VALUE_PATH:
		fprintf(out, "(none)");
		return;
	case IRQMOD_VALUE_TRACE_FORMAT:
		fprintf(out, "auto");
		return;
	case IRQMOD_VALUE_SPEED_MILLI:
		fprintf(out, "1");
		return;
	case IRQMOD_VALUE_OFFSET:
		fprintf(out, "0");
		return;
	case IRQMOD_VALUE_TIMER:
	case IRQMOD_VALUE_DISTRIBUTION:
	case IRQMOD_VALUE_SIZE_LAW:
		memcpy(&v32, base + key->offset, sizeof(v32));
		fprintf(out, "%s", irqmod_scenario_enum_name(key->type, v32));
		return;
	case IRQMOD_VALUE_CORE:
		memcpy(&v32, base + key->offset, sizeof(v32));
		if (v32 == IRQMOD_SIM_NO_CORE)
			fprintf(out, "none");
		else
			fprintf(out, "%" PRIu32, v32);
		return;
	case IRQMOD_VALUE_U64:
	case IRQMOD_VALUE_DURATION:
	case IRQMOD_VALUE_RATE:
		memcpy(&v64, base + key->offset, sizeof(v64));
		break;
	default:
		memcpy(&v32, base + key->offset, sizeof(v32));
		v64 = v32;
		break;
	}
	irqmod_scenario_format_number(text, sizeof(text), key->type, v64);
	fputs(text, out);
}

/* Room for one default as print_default() writes it. */
#define DEFAULT_TEXT_BYTES 64

/*
 * A [source] key's default, which may depend on the kind: the value most
 * kinds share, then each other value with its kinds, e.g. "1M; 0 for
 * constant, udp_stream", so the table says what the library does.
 */
static void print_source_default(FILE *out, const struct irqmod_scenario_key *key,
				 const struct irqmod_scenario *scenario)
{
	char text[IRQMOD_SIM_SOURCE_COUNT][DEFAULT_TEXT_BYTES];
	struct irqmod_sim_source source;
	uint32_t kind, other, common = IRQMOD_SIM_SOURCE_CONSTANT, most = 0;

	for (kind = IRQMOD_SIM_SOURCE_CONSTANT; kind < IRQMOD_SIM_SOURCE_COUNT; kind++) {
		FILE *cell = fmemopen(text[kind], sizeof(text[kind]), "w");

		text[kind][0] = '\0';
		if (!cell)
			continue;
		irqmod_sim_default_source(&source, kind);
		print_default(cell, key, scenario, &source);
		fclose(cell);
	}
	for (kind = IRQMOD_SIM_SOURCE_CONSTANT; kind < IRQMOD_SIM_SOURCE_COUNT; kind++) {
		uint32_t same = 0;

		for (other = IRQMOD_SIM_SOURCE_CONSTANT; other < IRQMOD_SIM_SOURCE_COUNT; other++)
			same += strcmp(text[kind], text[other]) == 0;
		if (same > most) {
			most = same;
			common = kind;
		}
	}
	fputs(text[common], out);
	for (kind = IRQMOD_SIM_SOURCE_CONSTANT; kind < IRQMOD_SIM_SOURCE_COUNT; kind++) {
		bool first = true;

		/* Each other value once, at the first kind that has it. */
		for (other = IRQMOD_SIM_SOURCE_CONSTANT; other < kind; other++)
			first &= strcmp(text[kind], text[other]) != 0;
		if (!first || strcmp(text[kind], text[common]) == 0)
			continue;
		fprintf(out, "; %s for ", text[kind]);
		for (other = kind; other < IRQMOD_SIM_SOURCE_COUNT; other++)
			if (strcmp(text[kind], text[other]) == 0)
				fprintf(out, "%s%s", other == kind ? "" : ", ",
					irqmod_sim_source_kind_name(other));
	}
}

/* @key's default, per kind for a [source] key. */
static void print_key_default(FILE *out, const struct irqmod_scenario_key *key,
			      const struct irqmod_scenario *scenario)
{
	struct irqmod_sim_source source;

	if (key->base == IRQMOD_BASE_SOURCE) {
		print_source_default(out, key, scenario);
		return;
	}
	irqmod_sim_default_source(&source, IRQMOD_SIM_SOURCE_CONSTANT);
	print_default(out, key, scenario, &source);
}

void irqmod_scenario_print_keys(FILE *out)
{
	static struct irqmod_scenario scenario;
	const char *section = "";
	size_t i;

	irqmod_scenario_init(&scenario);
	for (i = 0; i < irqmod_scenario_key_count; i++) {
		const struct irqmod_scenario_key *key = &irqmod_scenario_keys[i];

		if (strcmp(section, key->section) != 0) {
			section = key->section;
			fprintf(out, "\n  [%s]%s\n", section,
				strcmp(section, "source") == 0
					? " (repeat for a mix; some defaults depend on the kind)"
				: strcmp(section, "repro") == 0
					? " (read by irqmod-repro only: the published experiments)"
					: "");
		}
		fprintf(out, "    %-24s default ", key->name);
		print_key_default(out, key, &scenario);
		fprintf(out, "\n      %s\n", key->help);
	}
}

/* The unit column of the key table. */
static const char *key_unit(const struct irqmod_scenario_key *key)
{
	static const struct {
		const char *suffix;
		const char *unit;
	} suffixes[] = {
		{ "_bytes", "bytes" },	    { "_milli", "thousandths" }, { "_micro", "millionths" },
		{ "_per_s", "per second" }, { "_pct", "percent" },	 { "_ps", "ps" },
	};
	size_t i, length = strlen(key->field);

	switch (key->type) {
	case IRQMOD_VALUE_DURATION:
	case IRQMOD_VALUE_DURATION32:
		return "duration: ns, us, ms, s";
	case IRQMOD_VALUE_OFFSET:
		return "duration: ns, us, ms, s; or random";
	case IRQMOD_VALUE_RATE:
		return "per second; k, M, G";
	case IRQMOD_VALUE_SPEED:
		return "Mb/s; M, G, T";
	case IRQMOD_VALUE_SPEED_MILLI:
		return "decimal, 3 places";
	case IRQMOD_VALUE_BOOL:
		return "true, false, yes, no, on, off, 1, 0";
	case IRQMOD_VALUE_CORE:
		return "core number, or none";
	case IRQMOD_VALUE_CORE_LIST:
		return "core numbers, comma-separated";
	case IRQMOD_VALUE_CONTROLLERS:
		return "controller names, comma-separated";
	case IRQMOD_VALUE_PATH:
		return "file path";
	case IRQMOD_VALUE_TIMER:
	case IRQMOD_VALUE_DISTRIBUTION:
	case IRQMOD_VALUE_SIZE_LAW:
	case IRQMOD_VALUE_KIND:
	case IRQMOD_VALUE_EXPERIMENT:
	case IRQMOD_VALUE_TRACE_FORMAT:
		return "name";
	default:
		break;
	}
	for (i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++) {
		size_t n = strlen(suffixes[i].suffix);

		if (length >= n && strcmp(key->field + length - n, suffixes[i].suffix) == 0)
			return suffixes[i].unit;
	}
	return "count";
}

/* The accepted-range column of the key table. */
static void key_accepted(char *out, size_t bytes, const struct irqmod_scenario_key *key)
{
	uint32_t i;

	switch (key->type) {
	case IRQMOD_VALUE_TIMER:
	case IRQMOD_VALUE_DISTRIBUTION:
	case IRQMOD_VALUE_SIZE_LAW:
	case IRQMOD_VALUE_KIND:
	case IRQMOD_VALUE_EXPERIMENT:
		irqmod_scenario_enum_choices(key->type, out, bytes);
		return;
	case IRQMOD_VALUE_TRACE_FORMAT:
		out[0] = '\0';
		for (i = 0; i < IRQMOD_SIM_TRACE_FORMAT_COUNT; i++) {
			if (out[0])
				strncat(out, ", ", bytes - strlen(out) - 1);
			strncat(out, irqmod_sim_trace_format_name(i), bytes - strlen(out) - 1);
		}
		return;
	case IRQMOD_VALUE_BOOL:
		snprintf(out, bytes, "-");
		return;
	case IRQMOD_VALUE_CONTROLLERS:
		snprintf(out, bytes, "up to %d (irqmod-sim --list-controllers)",
			 IRQMOD_SCENARIO_MAX_CONTROLLERS);
		return;
	case IRQMOD_VALUE_PATH:
		snprintf(out, bytes, "up to %d bytes", IRQMOD_SCENARIO_PATH_BYTES - 1);
		return;
	case IRQMOD_VALUE_SPEED_MILLI:
		snprintf(out, bytes, "0.001..%" PRIu64, key->max / 1000);
		return;
	case IRQMOD_VALUE_CORE:
	case IRQMOD_VALUE_CORE_LIST:
		snprintf(out, bytes, "0..%" PRIu64 " (below host.cores)", key->max);
		return;
	default:
		irqmod_scenario_key_range(out, bytes, key);
		return;
	}
}

/* Table cells hold no '|' and no line break. */
static void print_cell(FILE *out, const char *text)
{
	for (; *text; text++) {
		if (*text == '|')
			fputs("\\|", out);
		else
			fputc(*text == '\n' ? ' ' : *text, out);
	}
}

void irqmod_scenario_print_key_table(FILE *out)
{
	static struct irqmod_scenario scenario;
	char accepted[256], *text = NULL;
	size_t i, length = 0;

	irqmod_scenario_init(&scenario);
	fprintf(out, "| key | unit | accepted | default | read by | meaning |\n");
	fprintf(out, "|---|---|---|---|---|---|\n");
	for (i = 0; i < irqmod_scenario_key_count; i++) {
		const struct irqmod_scenario_key *key = &irqmod_scenario_keys[i];
		FILE *cell = open_memstream(&text, &length);

		if (cell) {
			print_key_default(cell, key, &scenario);
			fclose(cell);
		}
		key_accepted(accepted, sizeof(accepted), key);
		fprintf(out, "| `%s.%s` | ", key->section, key->name);
		print_cell(out, key_unit(key));
		fputs(" | ", out);
		print_cell(out, accepted);
		fputs(" | ", out);
		print_cell(out, cell && text ? text : "?");
		fprintf(out, " | %s | ", irqmod_scenario_tool_name(irqmod_scenario_key_tools(key)));
		print_cell(out, key->help);
		fputs(" |\n", out);
		free(text);
		text = NULL;
	}
}
