/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Values as text, for every file of the scenario library: numbers with
 * their units ("84us", "10G", "60k"), the names of enumerated values, the
 * form a value takes as messages say it, and the message helper.
 */
#include "scenario_internal.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

/* The suffixes each kind of number takes, and what they multiply by. */
const struct irqmod_scenario_unit irqmod_scenario_duration_units[] = {
	{ "ns", 1 }, { "us", 1000 }, { "ms", 1000000 }, { "s", 1000000000 }, { "", 1 }, { NULL, 0 }
};
const struct irqmod_scenario_unit irqmod_scenario_rate_units[] = { { "k", 1000 },
								   { "M", 1000000 },
								   { "G", 1000000000 },
								   { "", 1 },
								   { NULL, 0 } };
const struct irqmod_scenario_unit irqmod_scenario_speed_units[] = { { "M", 1 },
								    { "G", 1000 },
								    { "T", 1000000 },
								    { "", 1 },
								    { NULL, 0 } };
const struct irqmod_scenario_unit irqmod_scenario_plain_units[] = { { "", 1 }, { NULL, 0 } };

/* The scenario codes follow the core's, in one error space (scenario.h). */
_Static_assert((int)IRQMOD_ERROR_COUNT <= (int)IRQMOD_SCENARIO_EIO,
	       "the scenario error codes start after the core's");

static const char *const scenario_error_messages[IRQMOD_SCENARIO_ERROR_END -
						 IRQMOD_SCENARIO_EIO] = {
	[IRQMOD_SCENARIO_EIO - IRQMOD_SCENARIO_EIO] = "a scenario or trace file cannot be read",
	[IRQMOD_SCENARIO_ESYNTAX - IRQMOD_SCENARIO_EIO] =
		"a scenario line is neither a section, a key = value nor a comment",
	[IRQMOD_SCENARIO_ESECTION - IRQMOD_SCENARIO_EIO] = "unknown scenario section",
	[IRQMOD_SCENARIO_EKEY - IRQMOD_SCENARIO_EIO] = "unknown scenario key",
	[IRQMOD_SCENARIO_EVALUE - IRQMOD_SCENARIO_EIO] = "a scenario value does not parse",
	[IRQMOD_SCENARIO_ERANGE - IRQMOD_SCENARIO_EIO] =
		"a scenario number is outside its key's range",
	[IRQMOD_SCENARIO_EORDER - IRQMOD_SCENARIO_EIO] =
		"a scenario key comes before its section or its source's kind",
	[IRQMOD_SCENARIO_ECOUNT - IRQMOD_SCENARIO_EIO] =
		"too many sources or controllers in a scenario",
	[IRQMOD_SCENARIO_ECONTROLLER - IRQMOD_SCENARIO_EIO] =
		"unknown controller or hybrid name, or a bad knob",
	[IRQMOD_SCENARIO_ECHECK - IRQMOD_SCENARIO_EIO] =
		"the scenario as a whole fails the simulator's check",
};

const char *irqmod_scenario_strerror(int error)
{
	/* Accept both signs, as irqmod_strerror() does; avoid negating INT_MIN. */
	unsigned int code = error < 0 ? 0u - (unsigned int)error : (unsigned int)error;

	if (code >= IRQMOD_SCENARIO_EIO && code < IRQMOD_SCENARIO_ERROR_END)
		return scenario_error_messages[code - IRQMOD_SCENARIO_EIO];
	return irqmod_strerror(error);
}

/*
 * Every error of the library is a negative code with a sentence in the
 * caller's buffer; this keeps the two in one return statement.
 */
int irqmod_scenario_fail(char *message, size_t bytes, int error, const char *format, ...)
{
	va_list args;

	if (message && bytes) {
		va_start(args, format);
		vsnprintf(message, bytes, format, args);
		va_end(args);
	}
	return -error;
}

/* The types written with ns, us, ms or s. */
static bool is_duration(enum irqmod_scenario_value_type type)
{
	return type == IRQMOD_VALUE_DURATION || type == IRQMOD_VALUE_DURATION32 ||
	       type == IRQMOD_VALUE_OFFSET;
}

/* @value in @type's units as a person writes it: "84us", "10G", "60k", "3". */
void irqmod_scenario_format_number(char *out, size_t bytes, enum irqmod_scenario_value_type type,
				   uint64_t value)
{
	if (is_duration(type) && value != 0) {
		if (value % 1000000000 == 0)
			snprintf(out, bytes, "%" PRIu64 "s", value / 1000000000);
		else if (value % 1000000 == 0)
			snprintf(out, bytes, "%" PRIu64 "ms", value / 1000000);
		else if (value % 1000 == 0)
			snprintf(out, bytes, "%" PRIu64 "us", value / 1000);
		else
			snprintf(out, bytes, "%" PRIu64 "ns", value);
	} else if (type == IRQMOD_VALUE_SPEED && value != 0 && value % 1000 == 0) {
		snprintf(out, bytes, "%" PRIu64 "G", value / 1000);
	} else {
		snprintf(out, bytes, "%" PRIu64, value);
	}
}

char *irqmod_scenario_trim(char *s)
{
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}

/* The suffixes a number of @type takes: a duration's, a rate's, a speed's, or none. */
const struct irqmod_scenario_unit *irqmod_scenario_type_units(enum irqmod_scenario_value_type type)
{
	if (is_duration(type))
		return irqmod_scenario_duration_units;
	if (type == IRQMOD_VALUE_RATE)
		return irqmod_scenario_rate_units;
	if (type == IRQMOD_VALUE_SPEED)
		return irqmod_scenario_speed_units;
	return irqmod_scenario_plain_units;
}

/* Parse an unsigned integer followed by an optional suffix from @units. */
bool irqmod_scenario_parse_number(const char *text, const struct irqmod_scenario_unit *units,
				  uint64_t *value)
{
	uint64_t number = 0;
	const char *p = text;

	if (!isdigit((unsigned char)*p))
		return false;
	for (; isdigit((unsigned char)*p); p++) {
		uint64_t digit = (uint64_t)(*p - '0');

		/* The whole 0..2^64-1 range, and nothing above it. */
		if (number > (UINT64_MAX - digit) / 10)
			return false;
		number = number * 10 + digit;
	}
	while (*p == ' ')
		p++;
	for (; units->suffix; units++) {
		if (strcmp(p, units->suffix) == 0) {
			if (units->factor != 0 && number > UINT64_MAX / units->factor)
				return false;
			*value = number * units->factor;
			return true;
		}
	}
	return false;
}

const char *irqmod_scenario_type_form(enum irqmod_scenario_value_type type)
{
	switch (type) {
	case IRQMOD_VALUE_DURATION:
	case IRQMOD_VALUE_DURATION32:
		return "an integer with a unit: ns, us, ms or s (e.g. 84us)";
	case IRQMOD_VALUE_RATE:
		return "an integer, optionally with k, M or G (e.g. 60k)";
	case IRQMOD_VALUE_SPEED:
		return "Mb/s as an integer, or with M, G or T (e.g. 10G)";
	case IRQMOD_VALUE_BOOL:
		return "true, false, yes, no, on, off, 1 or 0";
	case IRQMOD_VALUE_CORE:
		return "a core number or none";
	case IRQMOD_VALUE_CORE_LIST:
		return "comma-separated core numbers";
	case IRQMOD_VALUE_SPEED_MILLI:
		return "a decimal number with up to 3 places (e.g. 0.5, 2)";
	case IRQMOD_VALUE_OFFSET:
		return "a duration with a unit (e.g. 10ms), or random";
	default:
		return "a non-negative integer";
	}
}

/* [repro] experiment names, by enum irqmod_scenario_experiment. */
static const char *const experiment_names[IRQMOD_SCENARIO_EXPERIMENT_COUNT] = {
	"none", "floor", "idle-poll", "recheck",
};

const char *irqmod_scenario_enum_name(enum irqmod_scenario_value_type type, uint32_t value)
{
	switch (type) {
	case IRQMOD_VALUE_EXPERIMENT:
		return value < IRQMOD_SCENARIO_EXPERIMENT_COUNT ? experiment_names[value]
								: "unknown";
	case IRQMOD_VALUE_TIMER:
		return irqmod_sim_timer_name(value);
	case IRQMOD_VALUE_DISTRIBUTION:
		return irqmod_sim_distribution_name(value);
	case IRQMOD_VALUE_SIZE_LAW:
		return irqmod_sim_size_law_name(value);
	case IRQMOD_VALUE_KIND:
		return irqmod_sim_source_kind_name(value);
	default:
		return "unknown";
	}
}

uint32_t irqmod_scenario_enum_count(enum irqmod_scenario_value_type type)
{
	switch (type) {
	case IRQMOD_VALUE_TIMER:
		return IRQMOD_SIM_TIMER_COUNT;
	case IRQMOD_VALUE_DISTRIBUTION:
		return IRQMOD_SIM_DIST_COUNT;
	case IRQMOD_VALUE_SIZE_LAW:
		return IRQMOD_SIM_SIZE_COUNT;
	case IRQMOD_VALUE_EXPERIMENT:
		return IRQMOD_SCENARIO_EXPERIMENT_COUNT;
	default:
		return IRQMOD_SIM_SOURCE_COUNT;
	}
}

void irqmod_scenario_enum_choices(enum irqmod_scenario_value_type type, char *out, size_t bytes)
{
	uint32_t i;

	out[0] = '\0';
	/* "off" and "none" are not values to choose. */
	for (i = (type == IRQMOD_VALUE_KIND || type == IRQMOD_VALUE_EXPERIMENT ? 1 : 0);
	     i < irqmod_scenario_enum_count(type); i++) {
		if (out[0])
			strncat(out, ", ", bytes - strlen(out) - 1);
		strncat(out, irqmod_scenario_enum_name(type, i), bytes - strlen(out) - 1);
	}
}
