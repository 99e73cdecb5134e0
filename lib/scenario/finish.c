/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * After the text: the trace files a scenario's trace sources replay, and
 * the checks of the whole scenario (what no single key can tell, such as
 * a warm-up longer than the run or a queue on a core the host lacks), each
 * message naming where the values involved came from.
 */
#include "scenario_internal.h"
#include "queue_controllers.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

int irqmod_scenario_load_traces(struct irqmod_scenario *scenario, char *message, size_t bytes)
{
	unsigned int i;

	for (i = 0; i < scenario->sources && i < IRQMOD_SIM_MAX_SOURCES; i++) {
		struct irqmod_sim_source *source = &scenario->config.sources[i];
		struct irqmod_sim_trace_error error;
		int status;

		if (source->kind != IRQMOD_SIM_SOURCE_TRACE || scenario->traces[i])
			continue;
		if (scenario->trace_paths[i][0] == '\0') {
			char first[1024];

			irqmod_scenario_key_statement(first, sizeof(first), scenario,
						      irqmod_scenario_find_key("source", "kind"), i,
						      true);
			return irqmod_scenario_fail(
				message, bytes, IRQMOD_SCENARIO_ECHECK,
				"%s without source.trace.file: a trace source replays a file",
				first);
		}
		scenario->traces[i] = calloc(1, sizeof(*scenario->traces[i]));
		if (!scenario->traces[i])
			return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EIO,
						    "out of memory");
		status = irqmod_sim_trace_load(scenario->traces[i], scenario->trace_paths[i],
					       scenario->trace_formats[i], &error);
		if (status) {
			free(scenario->traces[i]);
			scenario->traces[i] = NULL;
			return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_EIO,
						    "source%u trace.file: %s", i, error.message);
		}
		source->trace = scenario->traces[i];
	}
	return 0;
}

void irqmod_scenario_free_traces(struct irqmod_scenario *scenario)
{
	unsigned int i;

	for (i = 0; i < IRQMOD_SIM_MAX_SOURCES; i++) {
		if (scenario->traces[i]) {
			irqmod_sim_trace_free(scenario->traces[i]);
			free(scenario->traces[i]);
			scenario->traces[i] = NULL;
		}
		scenario->config.sources[i].trace = NULL;
	}
}

/* The origin of the two keys to lead a message with: the one not left at its default. */
static const struct irqmod_scenario_key *set_one(const struct irqmod_scenario *scenario,
						 const struct irqmod_scenario_key *a,
						 const struct irqmod_scenario_key *b)
{
	return scenario->origins[0][a - irqmod_scenario_keys] == 0 &&
			       scenario->origins[0][b - irqmod_scenario_keys] != 0
		       ? b
		       : a;
}

/* The [repro] checks of a file irqmod-repro reads. */
static int finish_repro(const struct irqmod_scenario *scenario, char *message, size_t bytes)
{
	const struct irqmod_scenario_key *from = irqmod_scenario_find_key("repro", "sweep_from");
	const struct irqmod_scenario_key *to = irqmod_scenario_find_key("repro", "sweep_to");
	char first[1024], second[1024];

	if (scenario->repro.experiment == IRQMOD_SCENARIO_EXPERIMENT_NONE)
		return irqmod_scenario_fail(
			message, bytes, IRQMOD_SCENARIO_ECHECK,
			"%s: no [repro] experiment; add '[repro]' then 'experiment = floor' "
			"(floor, idle-poll or recheck)",
			scenario->path[0] ? scenario->path : "scenario");
	if (scenario->repro.sweep_step != 0 &&
	    scenario->repro.sweep_to < scenario->repro.sweep_from) {
		const struct irqmod_scenario_key *lead = set_one(scenario, to, from);

		irqmod_scenario_key_statement(first, sizeof(first), scenario, lead, 0, true);
		irqmod_scenario_key_statement(second, sizeof(second), scenario,
					      lead == to ? from : to, 0, false);
		return irqmod_scenario_fail(
			message, bytes, IRQMOD_SCENARIO_ECHECK,
			"%s is %s %s; accepted: repro.sweep_from <= repro.sweep_to, "
			"or repro.sweep_step = 0 for no sweep",
			first, lead == to ? "below" : "above", second);
	}
	return 0;
}

int irqmod_scenario_finish(const struct irqmod_scenario *scenario, char *message, size_t bytes)
{
	const struct irqmod_scenario_key *duration = irqmod_scenario_find_key("run", "duration");
	const struct irqmod_scenario_key *warmup = irqmod_scenario_find_key("run", "warmup");
	const struct irqmod_scenario_key *cores = irqmod_scenario_find_key("host", "cores");
	const char *field = "";
	char first[1024], second[1024], range[80];
	unsigned int i, source;
	const struct irqmod_scenario_key *key;
	int error;

	if (scenario->tool == IRQMOD_SCENARIO_FOR_REPRO) {
		error = finish_repro(scenario, message, bytes);
		if (error)
			return error;
	}
	if (scenario->sources == 0)
		return irqmod_scenario_fail(
			message, bytes, IRQMOD_SCENARIO_ECHECK,
			"%s: scenario: no [source]; add one, e.g. '[source]' then "
			"'kind = constant' (or --set source.kind=constant)",
			scenario->path[0] ? scenario->path : "command line");
	if (scenario->config.warmup_ns >= scenario->config.duration_ns) {
		struct irqmod_sim_config defaults;
		const struct irqmod_scenario_key *lead = set_one(scenario, warmup, duration);

		irqmod_sim_default_config(&defaults);
		irqmod_scenario_key_statement(first, sizeof(first), scenario, lead, 0, true);
		irqmod_scenario_key_statement(second, sizeof(second), scenario,
					      lead == warmup ? duration : warmup, 0, false);
		irqmod_scenario_format_number(range, sizeof(range), IRQMOD_VALUE_DURATION,
					      defaults.warmup_ns);
		return irqmod_scenario_fail(
			message, bytes, IRQMOD_SCENARIO_ECHECK,
			"%s is not %s %s; accepted: 0 <= run.warmup < run.duration; "
			"default run.warmup %s",
			first, lead == warmup ? "shorter than" : "longer than", second, range);
	}
	/* Queues and tasks on cores the host does not have. */
	for (i = 0; i < scenario->config.queues && i < IRQMOD_SIM_MAX_QUEUES; i++) {
		if (scenario->config.queue_core[i] >= scenario->config.cores) {
			key = irqmod_scenario_find_key("host", "queue_cores");
			irqmod_scenario_describe_origin(first, sizeof(first), scenario, key, 0);
			irqmod_scenario_key_statement(second, sizeof(second), scenario, cores, 0,
						      false);
			return irqmod_scenario_fail(
				message, bytes, IRQMOD_SCENARIO_ECHECK,
				"%s: host.queue_cores puts queue %u on core %" PRIu32
				", but %s; accepted: cores 0..%" PRIu32,
				first, i, scenario->config.queue_core[i], second,
				scenario->config.cores - 1);
		}
	}
	if (scenario->config.app_core >= scenario->config.cores ||
	    (scenario->config.load_core != IRQMOD_SIM_NO_CORE &&
	     scenario->config.load_core >= scenario->config.cores)) {
		key = scenario->config.app_core >= scenario->config.cores
			      ? irqmod_scenario_find_key("app", "core")
			      : irqmod_scenario_find_key("load", "core");
		irqmod_scenario_key_statement(first, sizeof(first), scenario, key, 0, true);
		irqmod_scenario_key_statement(second, sizeof(second), scenario, cores, 0, false);
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECHECK,
					    "%s is not below %s; accepted: %s0..%" PRIu32, first,
					    second,
					    key->type == IRQMOD_VALUE_CORE ? "none or " : "",
					    scenario->config.cores - 1);
	}
	for (i = 0; i < scenario->sources; i++) {
		const struct irqmod_sim_source *source_config = &scenario->config.sources[i];
		const struct irqmod_scenario_key *file = irqmod_scenario_find_key("source",
										  "trace.file");

		if (source_config->kind == IRQMOD_SIM_SOURCE_OFF) {
			char kinds[256];

			irqmod_scenario_describe_origin(first, sizeof(first), scenario,
							irqmod_scenario_find_key("source", "kind"),
							i);
			irqmod_scenario_enum_choices(IRQMOD_VALUE_KIND, kinds, sizeof(kinds));
			return irqmod_scenario_fail(
				message, bytes, IRQMOD_SCENARIO_ECHECK,
				"%s: [source] number %u (from 0) has no kind; its first key is "
				"kind = one of %s",
				strcmp(first, "default") == 0
					? (scenario->path[0] ? scenario->path : "command line")
					: first,
				i, kinds);
		}
		if (source_config->kind != IRQMOD_SIM_SOURCE_TRACE)
			continue;
		irqmod_scenario_key_statement(first, sizeof(first), scenario,
					      irqmod_scenario_find_key("source", "kind"), i, true);
		if (scenario->trace_paths[i][0] == '\0')
			return irqmod_scenario_fail(
				message, bytes, IRQMOD_SCENARIO_ECHECK,
				"%s without source.trace.file: a trace source replays a file",
				first);
		irqmod_scenario_describe_origin(second, sizeof(second), scenario, file, i);
		if (!source_config->trace)
			return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECHECK,
						    "%s: source%u trace.file %s was not loaded",
						    second, i, scenario->trace_paths[i]);
		if (source_config->trace_random_offset && !source_config->trace_loop) {
			irqmod_scenario_describe_origin(
				first, sizeof(first), scenario,
				irqmod_scenario_find_key("source", "trace.start_offset"), i);
			return irqmod_scenario_fail(
				message, bytes, IRQMOD_SCENARIO_ECHECK,
				"%s: source%u trace.start_offset = random needs "
				"trace.loop = true (a random offset without looping would "
				"drop the records before it)",
				first, i);
		}
		if (!source_config->trace_random_offset &&
		    source_config->trace_start_offset_ns > source_config->trace->span_ns) {
			irqmod_scenario_key_statement(
				first, sizeof(first), scenario,
				irqmod_scenario_find_key("source", "trace.start_offset"), i, true);
			return irqmod_scenario_fail(
				message, bytes, IRQMOD_SCENARIO_ECHECK,
				"%s is beyond the trace's span; accepted: 0..%" PRIu64 "ns (%s)",
				first, source_config->trace->span_ns, scenario->trace_paths[i]);
		}
		if (source_config->trace_loop && source_config->trace->count < 2) {
			irqmod_scenario_key_statement(
				first, sizeof(first), scenario,
				irqmod_scenario_find_key("source", "trace.loop"), i, true);
			return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECHECK,
						    "%s needs at least 2 records; %s has 1", first,
						    scenario->trace_paths[i]);
		}
	}
	error = irqmod_sim_check(&scenario->config, &field);
	if (error) {
		key = irqmod_scenario_key_of_field(field, &source);
		if (!key)
			return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECHECK,
						    "%s: scenario: invalid %s: %s",
						    scenario->path[0] ? scenario->path
								      : "command line",
						    field, irqmod_strerror(error));
		irqmod_scenario_key_statement(first, sizeof(first), scenario, key, source, true);
		irqmod_scenario_key_range(range, sizeof(range), key);
		return irqmod_scenario_fail(
			message, bytes, IRQMOD_SCENARIO_ECHECK,
			"%s is rejected by the model (%s: %s); the key takes %s, and the "
			"simulator's check (irqmod_sim_check(), docs/simulator.md) the rest",
			first, field, irqmod_strerror(error), range);
	}
	/* The scenario's knobs may have come after the controller list. */
	for (i = 0; i < scenario->controller_count; i++) {
		struct irqmod_queue_controllers row;
		char detail[1024];

		if (irqmod_queue_controllers_resolve(scenario, scenario->controllers[i],
						     scenario->config.link_speed_mbps,
						     scenario->config.queues, &row, detail,
						     sizeof(detail))) {
			irqmod_scenario_describe_origin(
				first, sizeof(first), scenario,
				irqmod_scenario_find_key("run", "controllers"), 0);
			return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECONTROLLER,
						    "%s: %s", first, detail);
		}
	}
	return 0;
}
