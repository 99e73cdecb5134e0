/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#define _POSIX_C_SOURCE 200809L /* strtok_r() */
/*
 * The controller-name grammar of both tools: [HYBRID[(KNOBS)]+]INNER[(KNOBS)],
 * e.g. "idle-poll+ixgbe", "defer-irq(defer_hard_irqs=2)+static:50us",
 * "ixgbe(max=84us)", "latency-target(target_p99=30us,min=2us)"; the inner
 * name is a kind, none, static or static:<interval>. See
 * irqmod_scenario_controller(); ethtool specs are ethtool_spec.c's.
 */
#include "scenario_internal.h"

#include <inttypes.h>
#include <string.h>

/* Every name form, for the messages that refuse a name. */
void irqmod_scenario_controller_choices(char *out, size_t bytes)
{
	uint32_t kind;

	snprintf(out, bytes, "none, static:<interval> (e.g. static:84us)");
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++) {
		strncat(out, ", ", bytes - strlen(out) - 1);
		strncat(out, irqmod_kind_name(kind), bytes - strlen(out) - 1);
	}
	strncat(out, "; or HYBRID+CONTROLLER with HYBRID one of ", bytes - strlen(out) - 1);
	for (kind = IRQMOD_HYBRID_NONE + 1; kind < IRQMOD_HYBRID_COUNT; kind++) {
		strncat(out, irqmod_hybrid_kind_name(kind), bytes - strlen(out) - 1);
		strncat(out, kind + 1 < IRQMOD_HYBRID_COUNT ? ", " : "", bytes - strlen(out) - 1);
	}
}

/* "idle-poll, defer-irq, recheck": the hybrids, for the message that refuses one. */
static void hybrid_choices(char *out, size_t bytes)
{
	uint32_t kind;

	out[0] = '\0';
	for (kind = IRQMOD_HYBRID_NONE + 1; kind < IRQMOD_HYBRID_COUNT; kind++) {
		if (out[0])
			strncat(out, ", ", bytes - strlen(out) - 1);
		strncat(out, irqmod_hybrid_kind_name(kind), bytes - strlen(out) - 1);
	}
}

/*
 * Split "name(knobs)" in place: @text keeps the name, *@list the knobs
 * (NULL without parentheses). False for unbalanced or trailing text.
 */
bool irqmod_scenario_split_knobs(char *text, char **list)
{
	char *open = strchr(text, '(');
	size_t length;

	*list = NULL;
	if (!open)
		return strchr(text, ')') == NULL;
	length = strlen(open);
	if (length < 2 || open[length - 1] != ')' || strchr(open + 1, '(') ||
	    strchr(open + 1, ')') != open + length - 1)
		return false;
	open[length - 1] = '\0';
	*open = '\0';
	*list = open + 1;
	return true;
}

/* The knobs in a name's parentheses ("a=1,b=2us") into @config, named after @owner. */
static int apply_knobs(struct irqmod_hybrid_config *config, uint32_t hybrid, const char *owner,
		       char *list, const char *prefix, char *message, size_t bytes)
{
	char *item, *save = NULL, choices[256];
	size_t i, count = irqmod_scenario_knob_count();

	for (item = strtok_r(list, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
		char *equals = strchr(item, '=');
		const struct irqmod_scenario_knob *knob = NULL;
		uint64_t value;

		irqmod_scenario_knob_choices(hybrid, config->inner.kind, choices, sizeof(choices));
		if (equals)
			*equals = '\0';
		item = irqmod_scenario_trim(item);
		for (i = 0; i < count; i++) {
			if (irqmod_scenario_knob_applies(irqmod_scenario_knob_at(i), hybrid,
							 config->inner.kind) &&
			    strcmp(irqmod_scenario_knob_at(i)->name, item) == 0)
				knob = irqmod_scenario_knob_at(i);
		}
		if (!knob)
			return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECONTROLLER,
						    "%s%s has no knob '%s'; valid: %s", prefix,
						    owner, item, choices);
		if (!equals ||
		    !irqmod_scenario_parse_number(irqmod_scenario_trim(equals + 1),
						  irqmod_scenario_knob_units(knob), &value) ||
		    value > irqmod_scenario_knob_max(knob))
			return irqmod_scenario_fail(
				message, bytes, IRQMOD_SCENARIO_ECONTROLLER,
				"%s%s knob '%s' takes %s", prefix, owner, knob->name,
				knob->duration ? irqmod_scenario_type_form(IRQMOD_VALUE_DURATION)
					       : irqmod_scenario_type_form(IRQMOD_VALUE_U32));
		irqmod_scenario_knob_store(config, knob, value);
	}
	return 0;
}

/*
 * Defaults of @kind's own settings: the core's (irqmod_<hybrid>_default_config()).
 * A hybrid named without knobs gets them: the values of the worked examples
 * in each hybrid's page, so a reader can follow the timeline.
 */
static void hybrid_defaults(struct irqmod_hybrid_config *config, uint32_t kind)
{
	const struct irqmod_kind_desc *desc;

	config->kind = kind;
	memset(&config->config, 0, sizeof(config->config));
	switch (kind) {
	case IRQMOD_HYBRID_IDLE_POLL:
		(void)irqmod_idle_poll_default_config(&config->config.idle_poll);
		break;
	case IRQMOD_HYBRID_DEFER_IRQ:
		(void)irqmod_defer_irq_default_config(&config->config.defer_irq);
		break;
	case IRQMOD_HYBRID_RECHECK:
		(void)irqmod_recheck_default_config(&config->config.recheck);
		break;
	default:
		break;
	}
	/* A kind that polls by itself (latency-target) does not inside a
	 * hybrid, which does the polling (the kind table's self_poll_field). */
	desc = irqmod_kind_describe(config->inner.kind);
	if (kind != IRQMOD_HYBRID_NONE && desc->self_poll_field)
		memset((unsigned char *)&config->inner.config + desc->self_poll_offset, 0,
		       sizeof(uint32_t));
}

/* "800 Gb/s" or "2500 Mb/s". */
static void format_speed(char *out, size_t bytes, uint64_t mbps)
{
	if (mbps >= 1000 && mbps % 1000 == 0)
		snprintf(out, bytes, "%" PRIu64 " Gb/s", mbps / 1000);
	else
		snprintf(out, bytes, "%" PRIu64 " Mb/s", mbps);
}

void irqmod_scenario_link_sentence(char *out, size_t bytes, const char *kind,
				   uint64_t max_mbps, uint64_t link_mbps)
{
	char max[32], link[32];

	format_speed(max, sizeof(max), max_mbps);
	format_speed(link, sizeof(link), link_mbps);
	snprintf(out, bytes, "%s supports links up to %s; the scenario has %s", kind, max, link);
}

int irqmod_scenario_explain(const struct irqmod_hybrid_config *config, char *line,
			    size_t bytes)
{
	struct irqmod_config_error error;
	int code = irqmod_hybrid_config_check(config, &error);

	if (code == 0)
		return 0;
	if (code == -IRQMOD_ELINK && error.limit_name && error.value > error.limit)
		irqmod_scenario_link_sentence(line, bytes, error.kind, error.limit,
					      error.value);
	else
		irqmod_config_error_format(&error, line, bytes);
	return code;
}

/*
 * The one parser of interval-controller names: "none", plain "static" (at
 * @scenario's static_interval, or the kind's default without a scenario),
 * "static:<interval>" with a unit (0 needs none: 0 is 0 in every unit), or
 * a kind name (irqmod_kind_name()), with the kind's defaults for the link.
 * Return: 0 or an irqmod error (-IRQMOD_EKIND for a name that is none of
 * these, -IRQMOD_ERANGE for an interval above the static maximum), with
 * the sentence that says why in @why.
 */
static int parse_inner(const struct irqmod_scenario *scenario, const char *name,
		       uint32_t link_speed_mbps, struct irqmod_controller_config *inner, char *why,
		       size_t bytes)
{
	static const char static_prefix[] = "static:";
	const size_t prefix_length = sizeof(static_prefix) - 1;
	uint64_t interval = 0;
	uint32_t kind;
	int error;

	if (strcmp(name, "none") == 0 || strncmp(name, static_prefix, prefix_length) == 0) {
		const char *text = name + prefix_length;

		if (name[0] == 's' &&
		    irqmod_scenario_parse_number(text, irqmod_scenario_plain_units, &interval)) {
			/* A bare number would silently be nanoseconds: ask for the unit. */
			if (interval != 0) {
				snprintf(why, bytes,
					 "static:%s has no unit; write static:%sus (or ns, ms, s)",
					 text, text);
				return -IRQMOD_EKIND;
			}
		} else if (name[0] == 's' &&
			   (!irqmod_scenario_parse_number(text, irqmod_scenario_duration_units,
							  &interval) ||
			    interval > IRQMOD_STATIC_MAX_INTERVAL_NS)) {
			snprintf(why, bytes,
				 "static takes an interval up to 1s with a unit, e.g. static:84us");
			return irqmod_scenario_parse_number(text, irqmod_scenario_duration_units,
							    &interval)
				       ? -IRQMOD_ERANGE
				       : -IRQMOD_EKIND;
		}
		error = irqmod_controller_default_config(inner, IRQMOD_KIND_STATIC,
							 link_speed_mbps);
		if (error) {
			snprintf(why, bytes, "%s", irqmod_strerror(error));
			return error;
		}
		inner->config.static_config.rx_interval_ns = (uint32_t)interval;
		inner->config.static_config.tx_interval_ns = (uint32_t)interval;
		return 0;
	}
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++) {
		const struct irqmod_kind_desc *desc = irqmod_kind_describe(kind);

		if (strcmp(name, desc->name) != 0)
			continue;
		error = irqmod_controller_default_config(inner, kind, link_speed_mbps);
		if (error == -IRQMOD_ELINK && link_speed_mbps > desc->max_link_speed_mbps)
			irqmod_scenario_link_sentence(why, bytes, desc->name,
						      desc->max_link_speed_mbps, link_speed_mbps);
		else if (error)
			snprintf(why, bytes, "%s", irqmod_strerror(error));
		/* The plain kind in a scenario: its row's fit (the ring, the
		 * timer, [run] static_interval for "static"). */
		if (error == 0 && scenario)
			irqmod_scenario_kind_fit(inner, scenario, link_speed_mbps);
		return error;
	}
	{
		char choices[512];

		irqmod_scenario_controller_choices(choices, sizeof(choices));
		snprintf(why, bytes, "unknown controller '%s'; valid: %s", name, choices);
	}
	return -IRQMOD_EKIND;
}

/* The inner interval controller of a controller name, as a scenario message. */
static int resolve_inner(const struct irqmod_scenario *scenario, char *name,
			 uint32_t link_speed_mbps, struct irqmod_controller_config *inner,
			 const char *prefix, char *message, size_t bytes)
{
	char why[1024];

	if (parse_inner(scenario, irqmod_scenario_trim(name), link_speed_mbps, inner, why,
			sizeof(why)))
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECONTROLLER, "%s%s",
					    prefix, why);
	return 0;
}

int irqmod_scenario_controller_by_name(struct irqmod_sim_controller *controller, const char *name,
				       uint32_t link_speed_mbps)
{
	char why[1024];

	/* The full grammar's limit (irqmod_scenario_controller()), so both take the same names. */
	if (!controller || !name || strlen(name) >= IRQMOD_SCENARIO_NAME_BYTES)
		return -IRQMOD_EINVAL;
	memset(controller, 0, sizeof(*controller));
	controller->name = name;
	return parse_inner(NULL, name, link_speed_mbps, &controller->generic, why, sizeof(why));
}

/* The parts of "HYBRID(KNOBS)+INNER(KNOBS)", cut in place in one copy of the name. */
struct irqmod_scenario_spec_parts {
	char *hybrid;		/* NULL: no hybrid */
	char *hybrid_knobs;	/* NULL: none in parentheses */
	char *inner;
	char *inner_knobs;	/* NULL: none in parentheses */
};

/* Cut @copy at its '+' and parentheses; @prefix leads the messages. */
static int split_spec(char *copy, struct irqmod_scenario_spec_parts *parts, const char *prefix,
		      char *message, size_t bytes)
{
	char *plus = strchr(copy, '+');

	parts->hybrid = NULL;
	parts->hybrid_knobs = NULL;
	parts->inner = copy;
	parts->inner_knobs = NULL;
	if (plus) {
		*plus = '\0';
		parts->hybrid = copy;
		parts->inner = plus + 1;
		if (strchr(parts->inner, '+'))
			return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECONTROLLER,
						    "%sone hybrid at most (HYBRID+CONTROLLER)",
						    prefix);
	}
	if ((parts->hybrid && !irqmod_scenario_split_knobs(parts->hybrid, &parts->hybrid_knobs)) ||
	    !irqmod_scenario_split_knobs(parts->inner, &parts->inner_knobs))
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECONTROLLER,
					    "%sknobs go in one pair of parentheses after a name, "
					    "e.g. idle-poll(idle_time=200us)+ixgbe(max=84us)",
					    prefix);
	return 0;
}

/* The enum irqmod_hybrid_kind named @name. */
static int find_hybrid(char *name, uint32_t *kind, const char *prefix, char *message,
		       size_t bytes)
{
	char choices[256];

	name = irqmod_scenario_trim(name);
	for (*kind = IRQMOD_HYBRID_NONE + 1; *kind < IRQMOD_HYBRID_COUNT; (*kind)++) {
		if (strcmp(name, irqmod_hybrid_kind_name(*kind)) == 0)
			return 0;
	}
	hybrid_choices(choices, sizeof(choices));
	return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECONTROLLER,
				    "%sunknown hybrid '%s'; valid: %s", prefix, name, choices);
}

/*
 * The scenario's knobs of hybrid @kind and of the inner kind. They come
 * after the name's own, so a sweep varies every controller.
 */
static void apply_scenario_knobs(const struct irqmod_scenario *scenario,
				 struct irqmod_hybrid_config *config, uint32_t kind)
{
	size_t i, count = irqmod_scenario_knob_count();

	for (i = 0; i < count; i++) {
		const struct irqmod_scenario_knob *knob = irqmod_scenario_knob_at(i);

		if ((scenario->knobs_set & (1u << i)) &&
		    (irqmod_scenario_knob_applies(knob, kind, config->inner.kind) ||
		     irqmod_scenario_knob_applies(knob, IRQMOD_HYBRID_NONE, config->inner.kind)))
			irqmod_scenario_knob_store(config, knob, scenario->knob_values[i]);
	}
}

/* Whether the core takes @config, and if not, a message that names the knob to change. */
static int check_config(const struct irqmod_hybrid_config *config, uint32_t kind,
			const char *prefix, char *message, size_t bytes)
{
	struct irqmod_hybrid probe;
	char choices[256];
	int error;

	error = irqmod_hybrid_init(&probe, config);
	if (error && irqmod_scenario_kind(config->inner.kind)->check_names_knob) {
		struct irqmod_config_error field;
		char line[160];

		/* This kind's check names the field: say which knob is wrong. */
		if (irqmod_kind_describe(config->inner.kind)
			    ->config_check(&config->inner.config, &field) != 0) {
			irqmod_config_error_format(&field, line, sizeof(line));
			return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECONTROLLER,
						    "%s%s", prefix, line);
		}
	}
	if (error) {
		char line[256] = "rejected", inner[256];

		(void)irqmod_scenario_explain(config, line, sizeof(line));
		irqmod_scenario_knob_choices(kind, config->inner.kind, choices, sizeof(choices));
		if (kind == IRQMOD_HYBRID_NONE)
			return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECONTROLLER,
						    "%s%s: %s (knobs: %s; limits: irqmod-sim --help)",
						    prefix, line, irqmod_strerror(error), choices);
		/* The rejected knob may be the hybrid's or the inner controller's. */
		irqmod_scenario_knob_choices(IRQMOD_HYBRID_NONE, config->inner.kind, inner,
					     sizeof(inner));
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECONTROLLER,
					    "%s%s: %s (%s knobs: %s; %s knobs: %s; limits: "
					    "irqmod-sim --help)",
					    prefix, line, irqmod_strerror(error),
					    irqmod_hybrid_kind_name(kind), choices,
					    irqmod_kind_name(config->inner.kind), inner);
	}
	return 0;
}

int irqmod_scenario_controller(const struct irqmod_scenario *scenario, const char *spec,
			       uint32_t link_speed_mbps, struct irqmod_hybrid_config *config,
			       char *message, size_t bytes)
{
	char copy[IRQMOD_SCENARIO_NAME_BYTES], prefix[IRQMOD_SCENARIO_NAME_BYTES + 16];
	struct irqmod_scenario_spec_parts parts;
	uint32_t kind = IRQMOD_HYBRID_NONE;
	int error;

	if (!spec || strlen(spec) >= sizeof(copy))
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECONTROLLER,
					    "controller '%.40s...': longer than %d characters",
					    spec ? spec : "", IRQMOD_SCENARIO_NAME_BYTES - 1);
	strcpy(copy, spec);
	if (strncmp(copy, "ethtool:", 8) == 0 || strncmp(copy, "ethtool(", 8) == 0)
		return irqmod_scenario_ethtool_spec(spec, link_speed_mbps, config, message, bytes);
	/* Messages about a plain name read as before: "unknown controller 'x'". */
	prefix[0] = '\0';
	if (strpbrk(spec, "+()"))
		snprintf(prefix, sizeof(prefix), "controller '%s': ", spec);
	memset(config, 0, sizeof(*config));
	error = split_spec(copy, &parts, prefix, message, bytes);
	if (!error && parts.hybrid)
		error = find_hybrid(parts.hybrid, &kind, prefix, message, bytes);
	if (!error)
		error = resolve_inner(scenario, parts.inner, link_speed_mbps, &config->inner,
				      prefix, message, bytes);
	if (error)
		return error;
	hybrid_defaults(config, kind);
	if (parts.inner_knobs) {
		const char *owner = irqmod_kind_name(config->inner.kind);

		error = apply_knobs(config, IRQMOD_HYBRID_NONE, owner, parts.inner_knobs, prefix,
				    message, bytes);
		if (error)
			return error;
	}
	if (parts.hybrid_knobs) {
		error = apply_knobs(config, kind, irqmod_hybrid_kind_name(kind), parts.hybrid_knobs,
				    prefix, message, bytes);
		if (error)
			return error;
	}
	apply_scenario_knobs(scenario, config, kind);
	if (irqmod_scenario_kind(config->inner.kind)->settle)
		irqmod_scenario_kind(config->inner.kind)->settle(&config->inner.config);
	return check_config(config, kind, prefix, message, bytes);
}
