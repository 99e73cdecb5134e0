/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#define _POSIX_C_SOURCE 200809L /* strtok_r() */
/*
 * The INI reader: scenario files ("key = value" lines under [section]
 * headers, '#' comments) and --set assignments, each value checked against
 * the key table (keys.c) or the knob table (knobs.c) and remembered with
 * where it came from (origin.c). The whole scenario is checked later, by
 * irqmod_scenario_finish() (finish.c).
 */
#include "scenario_internal.h"
#include "queue_controllers.h"

#include <stddef.h>
#include <ctype.h>
#include <errno.h>
#include <sys/stat.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

void irqmod_scenario_init(struct irqmod_scenario *scenario)
{
	struct irqmod_controller_config defaults;

	memset(scenario, 0, sizeof(*scenario));
	irqmod_sim_default_config(&scenario->config);
	if (irqmod_controller_default_config(&defaults, IRQMOD_KIND_STATIC,
					     scenario->config.link_speed_mbps) == 0)
		scenario->static_interval_ns = defaults.config.static_config.rx_interval_ns;
	scenario->tool = IRQMOD_SCENARIO_FOR_SIM;
	/* [repro] defaults: one seed; a core 99 % busy is saturated. */
	scenario->repro.seeds = 1;
	scenario->repro.saturation_cpu_pct = 99;
}

/*
 * [run] controllers: each entry is resolved here, so a bad name is refused
 * at its line; the queue count is checked with the whole scenario.
 */
static int set_controllers(struct irqmod_scenario *scenario, const char *where, const char *value,
			   char *message, size_t bytes)
{
	char copy[4096], *token, *next, normalised[IRQMOD_SCENARIO_NAME_BYTES], detail[1024];
	struct irqmod_queue_controllers row;
	int depth = 0, error;

	if (strlen(value) >= sizeof(copy))
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EVALUE,
					    "%s: controller list too long", where);
	strcpy(copy, value);
	scenario->controller_count = 0;
	/* Split at the commas outside parentheses: knobs are comma-separated too. */
	for (token = copy; token; token = next) {
		for (next = token; *next && (*next != ',' || depth > 0); next++)
			depth += *next == '(' ? 1 : *next == ')' ? -1 : 0;
		if (*next)
			*next++ = '\0';
		else
			next = NULL;
		token = irqmod_scenario_trim(token);
		if (*token == '\0')
			continue;
		if (scenario->controller_count == IRQMOD_SCENARIO_MAX_CONTROLLERS)
			return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECOUNT,
						    "%s: more than %d controllers", where,
						    IRQMOD_SCENARIO_MAX_CONTROLLERS);
		/*
		 * "static:0.084ms"-like spellings are kept in one form, the
		 * largest unit that is exact: "static:84000ns" becomes
		 * "static:84us". A bare number is left for the resolver to
		 * refuse (it has no unit).
		 */
		if (strncmp(token, "static:", 7) == 0) {
			uint64_t interval;

			if (!irqmod_scenario_parse_number(token + 7, irqmod_scenario_plain_units,
							  &interval) &&
			    irqmod_scenario_parse_number(token + 7, irqmod_scenario_duration_units,
							 &interval) &&
			    interval <= IRQMOD_STATIC_MAX_INTERVAL_NS)
				snprintf(normalised, sizeof(normalised), "static:%" PRIu64 "%s",
					 interval % 1000000 == 0 && interval ? interval / 1000000 :
					 interval % 1000 == 0 && interval    ? interval / 1000 :
									       interval,
					 interval % 1000000 == 0 && interval ? "ms" :
					 interval % 1000 == 0 && interval    ? "us" :
									       "ns");
			else
				snprintf(normalised, sizeof(normalised), "%s", token);
			token = normalised;
		}
		/* A per-queue row (queue_controllers.h); the queue count is
		 * checked with the whole scenario. */
		error = irqmod_queue_controllers_resolve(scenario, token,
							 scenario->config.link_speed_mbps, 0, &row,
							 detail, sizeof(detail));
		if (error)
			return irqmod_scenario_fail(message, bytes, -error, "%s: %s", where,
						    detail);
		strcpy(scenario->controllers[scenario->controller_count++], token);
	}
	return 0;
}

/* source.trace.file: relative paths are read from the scenario's folder. */
static int set_trace_file(struct irqmod_scenario *scenario, size_t index, const char *where,
			  const char *value, char *message, size_t bytes)
{
	char *path = scenario->trace_paths[index];
	int length;

	if (value[0] != '/' && scenario->base_dir[0] != '\0')
		length = snprintf(path, IRQMOD_SCENARIO_PATH_BYTES, "%s/%s", scenario->base_dir,
				  value);
	else
		length = snprintf(path, IRQMOD_SCENARIO_PATH_BYTES, "%s", value);
	if (length < 0 || length >= IRQMOD_SCENARIO_PATH_BYTES) {
		path[0] = '\0';
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EVALUE,
					    "%s: source.trace.file: path longer than %d bytes",
					    where, IRQMOD_SCENARIO_PATH_BYTES - 1);
	}
	return 0;
}

/* source.trace.format: auto, csv or pcap. */
static int set_trace_format(struct irqmod_scenario *scenario, size_t index, const char *where,
			    const char *value, char *message, size_t bytes)
{
	uint32_t i;

	for (i = 0; i < IRQMOD_SIM_TRACE_FORMAT_COUNT; i++) {
		if (strcmp(value, irqmod_sim_trace_format_name(i)) == 0) {
			scenario->trace_formats[index] = i;
			return 0;
		}
	}
	return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EVALUE,
				    "%s: bad value '%s' for source.trace.format; valid: auto, csv, "
				    "pcap",
				    where, value);
}

/* source.trace.speed: a decimal with up to three places, kept in thousandths. */
static int set_trace_speed(const struct irqmod_scenario_key *key,
			   struct irqmod_sim_source *source, const char *where, const char *value,
			   char *message, size_t bytes)
{
	const char *p = value;
	uint64_t number = 0;
	uint32_t places = 0;

	/* Integer part, then up to three decimals, in thousandths. */
	if (*p < '0' || *p > '9')
		goto bad_number;
	while (*p >= '0' && *p <= '9') {
		number = number * 10 + (uint64_t)(*p++ - '0');
		if (number > key->max)
			goto out_of_range;
	}
	number *= 1000;
	if (*p == '.') {
		uint64_t scale = 100;

		p++;
		if (*p < '0' || *p > '9')
			goto bad_number;
		while (*p >= '0' && *p <= '9') {
			if (++places > 3)
				return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EVALUE,
							    "%s: source.trace.speed '%s' has more "
							    "than 3 decimal places",
							    where, value);
			number += scale * (uint64_t)(*p++ - '0');
			scale /= 10;
		}
	}
	if (*p != '\0')
		goto bad_number;
	if (number < key->min || number > key->max)
		goto out_of_range;
	source->trace_speed_milli = (uint32_t)number;
	return 0;
out_of_range:
	return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ERANGE,
				    "%s: source.trace.speed = %s is out of range (0.001..1000)",
				    where, value);
bad_number:
	return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EVALUE,
				    "%s: bad value '%s' for source.trace.speed; expected %s", where,
				    value, irqmod_scenario_type_form(key->type));
}

/* source.trace.start_offset: a duration, or random (drawn from the seed). */
static int set_trace_offset(const struct irqmod_scenario_key *key,
			    struct irqmod_sim_source *source, const char *where, const char *value,
			    char *message, size_t bytes)
{
	uint64_t number = 0;

	if (strcmp(value, "random") == 0) {
		source->trace_random_offset = true;
		source->trace_start_offset_ns = 0;
		return 0;
	}
	if (!irqmod_scenario_parse_number(value, irqmod_scenario_duration_units, &number))
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EVALUE,
					    "%s: bad value '%s' for source.trace.start_offset; "
					    "expected %s",
					    where, value, irqmod_scenario_type_form(key->type));
	if (number > key->max)
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ERANGE,
					    "%s: source.trace.start_offset = %s is out of range "
					    "(0..%" PRIu64 " ns)",
					    where, value, key->max);
	source->trace_random_offset = false;
	source->trace_start_offset_ns = number;
	return 0;
}

/* The trace.* keys that are not plain numbers. */
static int set_trace_key(struct irqmod_scenario *scenario, const struct irqmod_scenario_key *key,
			 struct irqmod_sim_source *source, const char *where, const char *value,
			 char *message, size_t bytes)
{
	size_t index = (size_t)(source - scenario->config.sources);

	switch (key->type) {
	case IRQMOD_VALUE_PATH:
		return set_trace_file(scenario, index, where, value, message, bytes);
	case IRQMOD_VALUE_TRACE_FORMAT:
		return set_trace_format(scenario, index, where, value, message, bytes);
	case IRQMOD_VALUE_SPEED_MILLI:
		return set_trace_speed(key, source, where, value, message, bytes);
	default: /* IRQMOD_VALUE_OFFSET */
		return set_trace_offset(key, source, where, value, message, bytes);
	}
}

/* A name of @key's enumerated values; a source's kind resets the source to its defaults. */
static int set_enum(const struct irqmod_scenario_key *key, unsigned char *base,
		    struct irqmod_sim_source *source, const char *where, const char *value,
		    char *message, size_t bytes)
{
	char choices[256];
	uint32_t i;

	/* "off" and "none" are not values to choose. */
	for (i = (key->type == IRQMOD_VALUE_KIND || key->type == IRQMOD_VALUE_EXPERIMENT ? 1 : 0);
	     i < irqmod_scenario_enum_count(key->type); i++) {
		if (strcmp(value, irqmod_scenario_enum_name(key->type, i)) != 0)
			continue;
		if (key->type == IRQMOD_VALUE_KIND)
			irqmod_sim_default_source(source, i);
		else
			memcpy(base + key->offset, &i, sizeof(i));
		return 0;
	}
	irqmod_scenario_enum_choices(key->type, choices, sizeof(choices));
	return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EVALUE,
				    "%s: bad value '%s' for %s.%s; valid: %s", where, value,
				    key->section, key->name, choices);
}

/* true, yes, on, 1 or false, no, off, 0. */
static int set_bool(const struct irqmod_scenario_key *key, unsigned char *base, const char *where,
		    const char *value, char *message, size_t bytes)
{
	static const char *const yes[] = { "true", "yes", "on", "1" };
	static const char *const no[] = { "false", "no", "off", "0" };
	uint32_t i;
	bool v;

	for (i = 0; i < 4; i++) {
		if (strcmp(value, yes[i]) == 0 || strcmp(value, no[i]) == 0) {
			v = strcmp(value, yes[i]) == 0;
			memcpy(base + key->offset, &v, sizeof(v));
			return 0;
		}
	}
	return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EVALUE,
				    "%s: bad value '%s' for %s.%s; valid: %s", where, value,
				    key->section, key->name, irqmod_scenario_type_form(key->type));
}

/* host.queue_cores: a core per queue; queues past the list take its last core. */
static int set_core_list(struct irqmod_scenario *scenario, const struct irqmod_scenario_key *key,
			 const char *where, const char *value, char *message, size_t bytes)
{
	char copy[256], *token, *save = NULL;
	uint32_t cores[IRQMOD_SIM_MAX_QUEUES], count = 0, i;
	uint64_t number = 0;

	if (strlen(value) >= sizeof(copy))
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EVALUE,
					    "%s: list too long", where);
	strcpy(copy, value);
	for (token = strtok_r(copy, ",", &save); token; token = strtok_r(NULL, ",", &save)) {
		token = irqmod_scenario_trim(token);
		if (!irqmod_scenario_parse_number(token, irqmod_scenario_plain_units, &number))
			return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EVALUE,
						    "%s: bad value '%s' for %s.%s; valid: %s",
						    where, token, key->section, key->name,
						    irqmod_scenario_type_form(key->type));
		if (number > key->max)
			return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ERANGE,
						    "%s: %s.%s: core %" PRIu64
						    " out of range (0..%" PRIu64 ")",
						    where, key->section, key->name, number,
						    key->max);
		if (count == IRQMOD_SIM_MAX_QUEUES)
			return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECOUNT,
						    "%s: more than %d queues", where,
						    IRQMOD_SIM_MAX_QUEUES);
		cores[count++] = (uint32_t)number;
	}
	if (count == 0)
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EVALUE,
					    "%s: empty list for %s.%s", where, key->section,
					    key->name);
	for (i = 0; i < IRQMOD_SIM_MAX_QUEUES; i++)
		scenario->config.queue_core[i] = cores[i < count ? i : count - 1];
	return 0;
}

/* A number in @key's units and range, stored as 64 or 32 bits as its field is. */
static int set_number(const struct irqmod_scenario_key *key, unsigned char *base,
		      const char *where, const char *value, char *message, size_t bytes)
{
	uint64_t number = 0;

	/* The trace offset, the one other duration, is set_trace_key()'s. */
	if (!irqmod_scenario_parse_number(value, irqmod_scenario_type_units(key->type), &number))
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EVALUE,
					    "%s: bad value '%s' for %s.%s; expected %s", where,
					    value, key->section, key->name,
					    irqmod_scenario_type_form(key->type));
	if (number < key->min || number > key->max) {
		bool duration = key->type == IRQMOD_VALUE_DURATION ||
				key->type == IRQMOD_VALUE_DURATION32;

		/* "--duration 5" meant seconds: a bare number is read as ns. */
		if (duration && number < key->min && isdigit((unsigned char)value[strlen(value) - 1]))
			return irqmod_scenario_fail(
				message, bytes, IRQMOD_SCENARIO_ERANGE,
				"%s: %s.%s = %s has no unit, so it is %s ns, out of range (%" PRIu64
				"..%" PRIu64 " ns); durations need a unit: ns, us, ms or s (e.g. "
				"%ss)", where, key->section, key->name, value, value, key->min,
				key->max, value);
		return irqmod_scenario_fail(
			message, bytes, IRQMOD_SCENARIO_ERANGE,
			"%s: %s.%s = %s is out of range (%" PRIu64 "..%" PRIu64 "%s)", where,
			key->section, key->name, value, key->min, key->max, duration ? " ns" : "");
	}
	if (key->type == IRQMOD_VALUE_U64 || key->type == IRQMOD_VALUE_DURATION ||
	    key->type == IRQMOD_VALUE_RATE) {
		memcpy(base + key->offset, &number, sizeof(number));
	} else {
		uint32_t v = (uint32_t)number;

		memcpy(base + key->offset, &v, sizeof(v));
	}
	return 0;
}

/* Set @key (of @source, for a [source] key) to @value, written as a person writes it. */
static int set_key(struct irqmod_scenario *scenario, const struct irqmod_scenario_key *key,
		   struct irqmod_sim_source *source, const char *where, const char *value,
		   char *message, size_t bytes)
{
	unsigned char *base = key->base == IRQMOD_BASE_SCENARIO ? (unsigned char *)scenario
			      : key->base == IRQMOD_BASE_SOURCE
				      ? (unsigned char *)source
				      : (unsigned char *)&scenario->config;

	switch (key->type) {
	case IRQMOD_VALUE_CONTROLLERS:
		return set_controllers(scenario, where, value, message, bytes);
	case IRQMOD_VALUE_PATH:
	case IRQMOD_VALUE_TRACE_FORMAT:
	case IRQMOD_VALUE_SPEED_MILLI:
	case IRQMOD_VALUE_OFFSET:
		return set_trace_key(scenario, key, source, where, value, message, bytes);
	case IRQMOD_VALUE_TIMER:
	case IRQMOD_VALUE_DISTRIBUTION:
	case IRQMOD_VALUE_SIZE_LAW:
	case IRQMOD_VALUE_KIND:
	case IRQMOD_VALUE_EXPERIMENT:
		return set_enum(key, base, source, where, value, message, bytes);
	case IRQMOD_VALUE_BOOL:
		return set_bool(key, base, where, value, message, bytes);
	case IRQMOD_VALUE_CORE_LIST:
		return set_core_list(scenario, key, where, value, message, bytes);
	case IRQMOD_VALUE_CORE:
		if (strcmp(value, "none") == 0) {
			uint32_t v = IRQMOD_SIM_NO_CORE;

			memcpy(base + key->offset, &v, sizeof(v));
			return 0;
		}
		/* fall through */
	default:
		return set_number(key, base, where, value, message, bytes);
	}
}

/* A key its section lacks: the message lists the keys the section has. */
static int unknown_key(const char *where, const char *section, const char *name, char *message,
		       size_t bytes)
{
	char valid[1024];

	irqmod_scenario_section_keys(section, valid, sizeof(valid));
	return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EKEY,
				    "%s: unknown key '%s' in [%s]; valid: %s", where, name, section,
				    valid);
}

/* Neither a section of the key table nor a knob owner: the message lists both. */
static int unknown_section(const char *where, const char *section, char *message, size_t bytes)
{
	char valid[256], owners[128];

	irqmod_scenario_section_names(valid, sizeof(valid));
	irqmod_scenario_knob_owners(owners, sizeof(owners));
	return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ESECTION,
				    "%s: unknown section [%s]; valid: %s, or the knobs of %s",
				    where, section, valid, owners);
}

/* A section only the other tool reads: [repro], or a knob section in a [repro] file. */
static int section_for_tool(const struct irqmod_scenario *scenario, const char *where,
			    const char *section, char *message, size_t bytes)
{
	if (strcmp(section, "repro") == 0 && scenario->tool != IRQMOD_SCENARIO_FOR_REPRO)
		return irqmod_scenario_fail(
			message, bytes, IRQMOD_SCENARIO_ESECTION,
			"%s: [repro] is read by irqmod-repro only (the published experiments); "
			"run this file with irqmod-repro, or drop the section",
			where);
	if (irqmod_scenario_knob_section(section) && scenario->tool == IRQMOD_SCENARIO_FOR_REPRO)
		return irqmod_scenario_fail(
			message, bytes, IRQMOD_SCENARIO_ESECTION,
			"%s: controller knobs ([%s]) do not apply to irqmod-repro; its [repro] "
			"keys (poll_spacing, idle_time, idle_polls, max_rounds, interval) set "
			"the controllers",
			where, section);
	return 0;
}

/* A key only the other tool reads ([run] controllers in a [repro] file). */
static int key_for_tool(const struct irqmod_scenario *scenario, const char *where,
			const struct irqmod_scenario_key *key, char *message, size_t bytes)
{
	if (irqmod_scenario_key_tools(key) & scenario->tool)
		return 0;
	return irqmod_scenario_fail(
		message, bytes, IRQMOD_SCENARIO_EKEY, "%s: %s.%s is read by %s only%s", where,
		key->section, key->name, irqmod_scenario_tool_name(irqmod_scenario_key_tools(key)),
		scenario->tool == IRQMOD_SCENARIO_FOR_REPRO
			? "; irqmod-repro builds each experiment's controllers from [repro]"
			: "");
}

/* A key set twice in one file is refused, naming the line of the first. */
static int duplicate_key(const char *where, const char *section, const char *name,
			 unsigned int first_line, char *message, size_t bytes)
{
	return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EKEY,
				    "%s: %s.%s set twice (first on line %u); keep one", where,
				    section, name, first_line);
}

/* What the reader keeps from line to line of one text. */
struct irqmod_scenario_reader {
	struct irqmod_scenario *scenario;
	char section[64];	/* the current [section], "" before the first */
	bool source_has_kind;	/* the current [source] has had its kind */
	/* Line each key was set on (0: not yet), to refuse a second setting. */
	unsigned int config_lines[IRQMOD_SCENARIO_MAX_KEYS];
	unsigned int source_lines[IRQMOD_SIM_MAX_SOURCES][IRQMOD_SCENARIO_MAX_KEYS];
	unsigned int knob_lines[IRQMOD_SCENARIO_MAX_KNOBS];
};

/* "[name]" at line @number (@s, trimmed): a section of the key table or a knob owner. */
static int read_section(struct irqmod_scenario_reader *reader, char *s, const char *where,
			unsigned int number, char *message, size_t bytes)
{
	struct irqmod_scenario *scenario = reader->scenario;
	char *close = strchr(s, ']');
	int error;

	if (!close || close[1] != '\0')
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ESYNTAX,
					    "%s: malformed section header '%s'; expected [name]",
					    where, s);
	*close = '\0';
	s = irqmod_scenario_trim(s + 1);
	if (!irqmod_scenario_known_section(s) && !irqmod_scenario_knob_section(s))
		return unknown_section(where, s, message, bytes);
	error = section_for_tool(scenario, where, s, message, bytes);
	if (error)
		return error;
	snprintf(reader->section, sizeof(reader->section), "%s", s);
	if (strcmp(reader->section, "source") != 0)
		return 0;
	if (scenario->sources == IRQMOD_SIM_MAX_SOURCES)
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECOUNT,
					    "%s: more than %d [source] sections", where,
					    IRQMOD_SIM_MAX_SOURCES);
	scenario->sources++;
	reader->source_has_kind = false;
	/* Until its kind is set, a source is named by its header's line. */
	irqmod_scenario_origin_line(scenario, irqmod_scenario_find_key("source", "kind"),
				    scenario->sources - 1, number);
	return 0;
}

/* "name = value" in a knob owner's section: the knob for every controller. */
static int read_knob(struct irqmod_scenario_reader *reader, const char *name, const char *value,
		     const char *where, unsigned int number, char *message, size_t bytes)
{
	int knob = irqmod_scenario_find_knob(reader->section, name);
	int error;

	if (knob >= 0 && reader->knob_lines[knob])
		return duplicate_key(where, reader->section, name, reader->knob_lines[knob],
				     message, bytes);
	error = irqmod_scenario_set_knob(reader->scenario, reader->section, name, where, value,
					 message, bytes);
	if (error)
		return error;
	/* irqmod_scenario_set_knob() refused a name that is no knob. */
	reader->knob_lines[knob] = number;
	return 0;
}

/* "name = value" in a section of the key table; a [source]'s first key is its kind. */
static int read_key(struct irqmod_scenario_reader *reader, const char *name, const char *value,
		    const char *where, unsigned int number, char *message, size_t bytes)
{
	struct irqmod_scenario *scenario = reader->scenario;
	unsigned int source = scenario->sources ? scenario->sources - 1 : 0;
	const struct irqmod_scenario_key *key;
	unsigned int *first;
	int error;

	key = irqmod_scenario_find_key(reader->section, name);
	if (!key)
		return unknown_key(where, reader->section, name, message, bytes);
	error = key_for_tool(scenario, where, key, message, bytes);
	if (error)
		return error;
	if (strcmp(reader->section, "source") == 0) {
		if (key->type != IRQMOD_VALUE_KIND && !reader->source_has_kind)
			return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EORDER,
						    "%s: 'kind' must be the first key of a "
						    "[source]",
						    where);
		reader->source_has_kind = true;
		first = &reader->source_lines[scenario->sources - 1][key - irqmod_scenario_keys];
	} else {
		first = &reader->config_lines[key - irqmod_scenario_keys];
	}
	if (*first)
		return duplicate_key(where, reader->section, name, *first, message, bytes);
	*first = number;
	error = set_key(scenario, key, &scenario->config.sources[source], where, value, message,
			bytes);
	if (error)
		return error;
	irqmod_scenario_origin_line(scenario, key, source, number);
	return 0;
}

/* A line that is not a section header (@s, trimmed): "key = value" under a section. */
static int read_assignment(struct irqmod_scenario_reader *reader, char *s, const char *where,
			   unsigned int number, char *message, size_t bytes)
{
	char *equals = strchr(s, '='), *name, *value;

	if (!equals)
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ESYNTAX,
					    "%s: expected 'key = value' or '[section]', got '%s'",
					    where, s);
	*equals = '\0';
	name = irqmod_scenario_trim(s);
	value = irqmod_scenario_trim(equals + 1);
	if (reader->section[0] == '\0')
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EORDER,
					    "%s: key '%s' before any [section]", where, name);
	if (*value == '\0')
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EVALUE,
					    "%s: empty value for %s.%s", where, reader->section,
					    name);
	if (irqmod_scenario_knob_section(reader->section))
		return read_knob(reader, name, value, where, number, message, bytes);
	return read_key(reader, name, value, where, number, message, bytes);
}

/* The UTF-8 byte-order mark (U+FEFF encoded), which some editors write first. */
#define UTF8_BOM "\xef\xbb\xbf"

int irqmod_scenario_parse_text(struct irqmod_scenario *scenario, const char *name, const char *text,
			       char *message, size_t bytes)
{
	struct irqmod_scenario_reader reader = { .scenario = scenario };
	char line[1024], where[512];
	unsigned int number = 0;
	const char *p = text;

	snprintf(scenario->path, sizeof(scenario->path), "%s", name);
	/* Editors on Windows start UTF-8 files with a byte-order mark: it is no text. */
	if (strncmp(p, UTF8_BOM, sizeof(UTF8_BOM) - 1) == 0)
		p += sizeof(UTF8_BOM) - 1;
	while (*p) {
		const char *end = strchr(p, '\n');
		size_t length = end ? (size_t)(end - p) : strlen(p);
		char *s, *hash;
		int error;

		number++;
		snprintf(where, sizeof(where), "%s:%u", name, number);
		if (length >= sizeof(line))
			return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ESYNTAX,
						    "%s: line too long", where);
		memcpy(line, p, length);
		line[length] = '\0';
		p = end ? end + 1 : p + length;
		hash = strchr(line, '#');
		if (hash)
			*hash = '\0';
		s = irqmod_scenario_trim(line);
		if (*s == '\0')
			continue;
		if (*s == '[')
			error = read_section(&reader, s, where, number, message, bytes);
		else
			error = read_assignment(&reader, s, where, number, message, bytes);
		if (error)
			return error;
	}
	return 0;
}

int irqmod_scenario_parse_file(struct irqmod_scenario *scenario, const char *path, char *message,
			       size_t bytes)
{
	FILE *file = fopen(path, "r");
	struct stat info;
	char *text, *nul;
	long size;
	int error;

	if (!file)
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EIO,
					    "%s: cannot open: %s", path, strerror(errno));
	/* A directory opens for reading on Linux; only its reads fail. */
	if (fstat(fileno(file), &info) == 0 && S_ISDIR(info.st_mode)) {
		fclose(file);
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EIO,
					    "%s: is a directory, not a scenario file", path);
	}
	if (fseek(file, 0, SEEK_END) != 0 || (size = ftell(file)) < 0 ||
	    fseek(file, 0, SEEK_SET) != 0) {
		fclose(file);
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EIO,
					    "%s: cannot read: %s", path, strerror(errno));
	}
	if (size > IRQMOD_SCENARIO_MAX_FILE_BYTES) {
		fclose(file);
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EIO,
					    "%s: %ld bytes, larger than a scenario file may be "
					    "(%d bytes, 1 MiB)", path, size,
					    IRQMOD_SCENARIO_MAX_FILE_BYTES);
	}
	text = malloc((size_t)size + 1);
	if (!text || fread(text, 1, (size_t)size, file) != (size_t)size) {
		free(text);
		fclose(file);
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EIO, "%s: cannot read",
					    path);
	}
	text[size] = '\0';
	fclose(file);
	/* The text reader stops at a NUL: one inside the file is an error. */
	nul = memchr(text, '\0', (size_t)size);
	if (nul) {
		unsigned int line = 1;
		long offset = (long)(nul - text);
		const char *c;

		for (c = text; c < nul; c++)
			line += *c == '\n';
		free(text);
		return irqmod_scenario_fail(
			message, bytes, IRQMOD_SCENARIO_ESYNTAX,
			"%s:%u: NUL byte at offset %ld; a scenario is a text file", path, line,
			offset);
	}
	/* Relative trace paths are read from the scenario's own folder. */
	{
		const char *slash = strrchr(path, '/');
		size_t length = slash ? (size_t)(slash - path) : 0;

		if (slash && length == 0)
			length = 1; /* "/file.ini": the root */
		if (length >= sizeof(scenario->base_dir))
			length = 0;
		memcpy(scenario->base_dir, path, length);
		scenario->base_dir[length] = '\0';
	}
	error = irqmod_scenario_parse_text(scenario, path, text, message, bytes);
	scenario->base_dir[0] = '\0';
	free(text);
	return error;
}

int irqmod_scenario_set(struct irqmod_scenario *scenario, const char *assignment, char *message,
			size_t bytes)
{
	return irqmod_scenario_set_as(scenario, assignment, NULL, message, bytes);
}

int irqmod_scenario_set_as(struct irqmod_scenario *scenario, const char *assignment,
			   const char *origin, char *message, size_t bytes)
{
	char copy[1024], *equals, *dot, *section, *name, *value, where[1100];
	const struct irqmod_scenario_key *key;
	unsigned long index = 0;
	char *digits;
	int error;

	if (origin)
		snprintf(where, sizeof(where), "%s", origin);
	else
		snprintf(where, sizeof(where), "--set %s", assignment);
	if (strlen(assignment) >= sizeof(copy))
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ESYNTAX, "%s: too long",
					    where);
	strcpy(copy, assignment);
	equals = strchr(copy, '=');
	dot = strchr(copy, '.');
	if (!equals || !dot || dot > equals)
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ESYNTAX,
					    "%s: expected section.key=value", where);
	*equals = '\0';
	*dot = '\0';
	section = irqmod_scenario_trim(copy);
	name = irqmod_scenario_trim(dot + 1);
	value = irqmod_scenario_trim(equals + 1);
	/* "source" is the last [source]; "sourceN" the N-th from 0. */
	digits = section + strcspn(section, "0123456789");
	if (strncmp(section, "source", 6) == 0 && *digits) {
		index = strtoul(digits, NULL, 10);
		*digits = '\0';
	} else if (strcmp(section, "source") == 0) {
		index = scenario->sources ? scenario->sources - 1 : 0;
	}
	if (irqmod_scenario_knob_section(section)) {
		if (*value == '\0')
			return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EVALUE,
						    "%s: empty value", where);
		error = section_for_tool(scenario, where, section, message, bytes);
		if (error)
			return error;
		return irqmod_scenario_set_knob(scenario, section, name, where, value, message,
						bytes);
	}
	if (!irqmod_scenario_known_section(section))
		return unknown_section(where, section, message, bytes);
	error = section_for_tool(scenario, where, section, message, bytes);
	if (error)
		return error;
	key = irqmod_scenario_find_key(section, name);
	if (!key)
		return unknown_key(where, section, name, message, bytes);
	error = key_for_tool(scenario, where, key, message, bytes);
	if (error)
		return error;
	if (strcmp(section, "source") == 0) {
		if (index >= IRQMOD_SIM_MAX_SOURCES)
			return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECOUNT,
						    "%s: source index %lu above %d", where, index,
						    IRQMOD_SIM_MAX_SOURCES - 1);
		if (key->type != IRQMOD_VALUE_KIND &&
		    scenario->config.sources[index].kind == IRQMOD_SIM_SOURCE_OFF)
			return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EORDER,
						    "%s: set source%lu.kind first", where, index);
		if (index >= scenario->sources)
			scenario->sources = (unsigned int)index + 1;
	}
	if (*value == '\0')
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EVALUE,
					    "%s: empty value", where);
	error = set_key(scenario, key, &scenario->config.sources[index], where, value, message,
			bytes);
	if (error == 0)
		irqmod_scenario_origin_set(scenario, key, (unsigned int)index, where);
	return error;
}
