/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Where each key's value came from (a line of the file, a --set argument or
 * the default), kept in struct irqmod_scenario's origins, so that a message
 * about a value can name the place to change it.
 */
#include "scenario_internal.h"

#include <inttypes.h>
#include <string.h>

/* Row and column of @key's entry in the scenario's origins. */
static uint32_t *key_origin(struct irqmod_scenario *scenario, const struct irqmod_scenario_key *key,
			    unsigned int source)
{
	return &scenario->origins[key->base == IRQMOD_BASE_SOURCE ? source + 1 : 0]
				 [key - irqmod_scenario_keys];
}

/* Remember that @key got its value at line @line of the file. */
void irqmod_scenario_origin_line(struct irqmod_scenario *scenario,
				 const struct irqmod_scenario_key *key, unsigned int source,
				 unsigned int line)
{
	*key_origin(scenario, key, source) = line & ~IRQMOD_SCENARIO_ORIGIN_SET;
}

/* Remember that @key got its value from @where ("--set run.warmup=10ms", "--duration 2s"). */
void irqmod_scenario_origin_set(struct irqmod_scenario *scenario,
				const struct irqmod_scenario_key *key, unsigned int source,
				const char *where)
{
	uint32_t index = scenario->set_count;

	/* The same argument again (a sweep's copies) reuses its entry. */
	if (index > 0 && strncmp(scenario->sets[index - 1], where,
				 IRQMOD_SCENARIO_SET_BYTES - 1) == 0)
		index--;
	else if (index < IRQMOD_SCENARIO_MAX_SETS)
		snprintf(scenario->sets[scenario->set_count++], IRQMOD_SCENARIO_SET_BYTES, "%.*s",
			 IRQMOD_SCENARIO_SET_BYTES - 1, where); /* cut: a long one is still named */
	else
		index = IRQMOD_SCENARIO_MAX_SETS; /* too many: named as "--set" */
	*key_origin(scenario, key, source) = IRQMOD_SCENARIO_ORIGIN_SET | index;
}

/* "file.ini:3", "--set run.warmup=10ms" or "default": where @key's value came from. */
void irqmod_scenario_describe_origin(char *out, size_t bytes,
				     const struct irqmod_scenario *scenario,
				     const struct irqmod_scenario_key *key, unsigned int source)
{
	uint32_t origin = scenario->origins[key->base == IRQMOD_BASE_SOURCE ? source + 1 : 0]
					   [key - irqmod_scenario_keys];
	uint32_t index = origin & ~IRQMOD_SCENARIO_ORIGIN_SET;

	if (origin == 0)
		snprintf(out, bytes, "default");
	else if (!(origin & IRQMOD_SCENARIO_ORIGIN_SET))
		snprintf(out, bytes, "%s:%" PRIu32, scenario->path[0] ? scenario->path : "scenario",
			 origin);
	else if (index < scenario->set_count)
		snprintf(out, bytes, "%s", scenario->sets[index]);
	else
		snprintf(out, bytes, "--set");
}

uint64_t irqmod_scenario_key_value(const struct irqmod_scenario *scenario,
				   const struct irqmod_scenario_key *key, unsigned int source)
{
	const unsigned char *base =
		key->base == IRQMOD_BASE_SCENARIO ? (const unsigned char *)scenario
		: key->base == IRQMOD_BASE_SOURCE
			? (const unsigned char *)&scenario->config.sources[source]
			: (const unsigned char *)&scenario->config;
	uint64_t v64 = 0;
	uint32_t v32 = 0;
	bool b = false;

	switch (key->type) {
	case IRQMOD_VALUE_U64:
	case IRQMOD_VALUE_DURATION:
	case IRQMOD_VALUE_RATE:
	case IRQMOD_VALUE_OFFSET:
		memcpy(&v64, base + key->offset, sizeof(v64));
		return v64;
	case IRQMOD_VALUE_BOOL:
		memcpy(&b, base + key->offset, sizeof(b));
		return b;
	case IRQMOD_VALUE_CORE_LIST:
	case IRQMOD_VALUE_CONTROLLERS:
	case IRQMOD_VALUE_PATH:
	case IRQMOD_VALUE_TRACE_FORMAT:
		return 0;
	default:
		memcpy(&v32, base + key->offset, sizeof(v32));
		return v32;
	}
}

/*
 * Where @key of @source got its value, the key ("sourceN." when there are
 * several sources) and the value as written: "file.ini:3: run.warmup =
 * 10ms" to lead a message, or "run.duration = 10ms (file.ini:2)" after it.
 */
void irqmod_scenario_key_statement(char *out, size_t bytes, const struct irqmod_scenario *scenario,
				   const struct irqmod_scenario_key *key, unsigned int source,
				   bool lead)
{
	char where[IRQMOD_SCENARIO_PATH_BYTES + 16], value[32], name[48];
	uint64_t number = irqmod_scenario_key_value(scenario, key, source);

	irqmod_scenario_describe_origin(where, sizeof(where), scenario, key, source);
	if (key->base == IRQMOD_BASE_SOURCE && scenario->sources > 1)
		snprintf(name, sizeof(name), "source%u.%s", source, key->name);
	else
		snprintf(name, sizeof(name), "%s.%s", key->section, key->name);
	switch (key->type) {
	case IRQMOD_VALUE_TIMER:
	case IRQMOD_VALUE_DISTRIBUTION:
	case IRQMOD_VALUE_SIZE_LAW:
	case IRQMOD_VALUE_KIND:
	case IRQMOD_VALUE_EXPERIMENT:
		snprintf(value, sizeof(value), "%s",
			 irqmod_scenario_enum_name(key->type, (uint32_t)number));
		break;
	case IRQMOD_VALUE_BOOL:
		snprintf(value, sizeof(value), "%s", number ? "true" : "false");
		break;
	case IRQMOD_VALUE_CORE:
		if (number == IRQMOD_SIM_NO_CORE) {
			snprintf(value, sizeof(value), "none");
			break;
		}
		/* fall through */
	default:
		irqmod_scenario_format_number(value, sizeof(value), key->type, number);
		break;
	}
	if (lead)
		snprintf(out, bytes, "%s: %s = %s", where, name, value);
	else
		snprintf(out, bytes, "%s = %s (%s)", name, value, where);
}
