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
#include <stdio.h>
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

/* The simulator's check found a field named @field (scenario->model holds its error). */
static bool model_names(const struct irqmod_config_error *model, const char *field)
{
	return model->code != 0 && strcmp(model->field, field) == 0;
}

/*
 * The simulator refused run.warmup (not below run.duration); the message
 * leads with the one set.
 */
static int finish_warmup(const struct irqmod_scenario *scenario,
			 const struct irqmod_config_error *model, char *message, size_t bytes)
{
	const struct irqmod_scenario_key *duration = irqmod_scenario_find_key("run", "duration");
	const struct irqmod_scenario_key *warmup = irqmod_scenario_find_key("run", "warmup");
	const struct irqmod_scenario_key *lead = set_one(scenario, warmup, duration);
	char first[1024], second[1024], range[80];
	struct irqmod_sim_config defaults;

	if (!model_names(model, "warmup_ns"))
		return 0;
	irqmod_sim_default_config(&defaults);
	irqmod_scenario_key_statement(first, sizeof(first), scenario, lead, 0, true);
	irqmod_scenario_key_statement(second, sizeof(second), scenario,
				      lead == warmup ? duration : warmup, 0, false);
	irqmod_scenario_format_number(range, sizeof(range), IRQMOD_VALUE_DURATION,
				      defaults.warmup_ns);
	return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECHECK,
				    "%s is not %s %s; accepted: 0 <= run.warmup < run.duration; "
				    "default run.warmup %s",
				    first, lead == warmup ? "shorter than" : "longer than", second,
				    range);
}

/* The simulator refused a queue or task on a core the host does not have. */
static int finish_cores(const struct irqmod_scenario *scenario,
			const struct irqmod_config_error *model, char *message, size_t bytes)
{
	const struct irqmod_scenario_key *cores = irqmod_scenario_find_key("host", "cores");
	const struct irqmod_sim_config *config = &scenario->config;
	const struct irqmod_scenario_key *key;
	char first[1024], second[1024];
	unsigned int i;

	if (model_names(model, "queue_core")) {
		/* The check names the first queue on a missing core: the first on that core. */
		for (i = 0; i + 1 < config->queues && config->queue_core[i] != model->value; i++)
			;
		key = irqmod_scenario_find_key("host", "queue_cores");
		irqmod_scenario_describe_origin(first, sizeof(first), scenario, key, 0);
		irqmod_scenario_key_statement(second, sizeof(second), scenario, cores, 0, false);
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECHECK,
					    "%s: host.queue_cores puts queue %u on core %" PRIu64
					    ", but %s; accepted: cores 0..%" PRIu64,
					    first, i, model->value, second, model->limit - 1);
	}
	if (model_names(model, "app_core"))
		key = irqmod_scenario_find_key("app", "core");
	else if (model_names(model, "load_core"))
		key = irqmod_scenario_find_key("load", "core");
	else
		return 0;
	irqmod_scenario_key_statement(first, sizeof(first), scenario, key, 0, true);
	irqmod_scenario_key_statement(second, sizeof(second), scenario, cores, 0, false);
	return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECHECK,
				    "%s is not below %s; accepted: %s0..%" PRIu64, first, second,
				    key->type == IRQMOD_VALUE_CORE ? "none or " : "",
				    model->limit - 1);
}

/*
 * host.queue_cores entries past host.queues place no queue, so the
 * simulator never checks them; a core the host lacks there is still a
 * mistake (a list written for more queues), named rather than ignored.
 */
static int finish_unused_queue_cores(const struct irqmod_scenario *scenario, char *message,
				     size_t bytes)
{
	const struct irqmod_sim_config *config = &scenario->config;
	char origin[1024], cores[1024], queues[1024];
	unsigned int i;

	for (i = config->queues; i < IRQMOD_SIM_MAX_QUEUES; i++)
		if (config->queue_core[i] >= config->cores)
			break;
	if (i == IRQMOD_SIM_MAX_QUEUES)
		return 0;
	irqmod_scenario_describe_origin(origin, sizeof(origin), scenario,
					irqmod_scenario_find_key("host", "queue_cores"), 0);
	irqmod_scenario_key_statement(cores, sizeof(cores), scenario,
				      irqmod_scenario_find_key("host", "cores"), 0, false);
	irqmod_scenario_key_statement(queues, sizeof(queues), scenario,
				      irqmod_scenario_find_key("host", "queues"), 0, false);
	return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECHECK,
				    "%s: host.queue_cores names core %" PRIu32
				    " (entry %u, past %s), but %s; accepted: cores 0..%" PRIu32
				    " in every entry",
				    origin, config->queue_core[i], i, queues, cores, config->cores - 1);
}

/*
 * Trace source @i: its file was given and loaded, and a random offset
 * loops; then what the simulator refused of its offset and looping.
 */
static int finish_trace(const struct irqmod_scenario *scenario, unsigned int i,
			const struct irqmod_config_error *model, char *message, size_t bytes)
{
	const struct irqmod_sim_source *source = &scenario->config.sources[i];
	const struct irqmod_scenario_key *offset =
		irqmod_scenario_find_key("source", "trace.start_offset");
	char first[1024], second[1024], field[64];

	irqmod_scenario_key_statement(first, sizeof(first), scenario,
				      irqmod_scenario_find_key("source", "kind"), i, true);
	if (scenario->trace_paths[i][0] == '\0')
		return irqmod_scenario_fail(
			message, bytes, IRQMOD_SCENARIO_ECHECK,
			"%s without source.trace.file: a trace source replays a file", first);
	irqmod_scenario_describe_origin(second, sizeof(second), scenario,
					irqmod_scenario_find_key("source", "trace.file"), i);
	if (!source->trace)
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECHECK,
					    "%s: source%u trace.file %s was not loaded", second, i,
					    scenario->trace_paths[i]);
	if (source->trace_random_offset && !source->trace_loop) {
		irqmod_scenario_describe_origin(first, sizeof(first), scenario, offset, i);
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECHECK,
					    "%s: source%u trace.start_offset = random needs "
					    "trace.loop = true (a random offset without looping "
					    "would drop the records before it)",
					    first, i);
	}
	snprintf(field, sizeof(field), "sources[%u].trace_start_offset_ns", i);
	if (model_names(model, field)) {
		irqmod_scenario_key_statement(first, sizeof(first), scenario, offset, i, true);
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECHECK,
					    "%s is beyond the trace's span; accepted: 0..%" PRIu64
					    "ns (%s)",
					    first, model->limit, scenario->trace_paths[i]);
	}
	snprintf(field, sizeof(field), "sources[%u].trace", i);
	if (model_names(model, field) && model->limit_name &&
	    strcmp(model->limit_name, IRQMOD_SIM_TRACE_LOOP_RECORDS) == 0) {
		irqmod_scenario_key_statement(first, sizeof(first), scenario,
					      irqmod_scenario_find_key("source", "trace.loop"), i,
					      true);
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECHECK,
					    "%s needs at least %" PRIu64 " records; %s has %" PRIu64,
					    first, model->limit, scenario->trace_paths[i],
					    model->value);
	}
	return 0;
}

/* Every [source] has a kind, and every trace source a usable trace. */
static int finish_sources(const struct irqmod_scenario *scenario,
			  const struct irqmod_config_error *model, char *message, size_t bytes)
{
	char where[1024], kinds[256];
	unsigned int i;
	int error;

	for (i = 0; i < scenario->sources; i++) {
		if (scenario->config.sources[i].kind == IRQMOD_SIM_SOURCE_OFF) {
			irqmod_scenario_describe_origin(where, sizeof(where), scenario,
							irqmod_scenario_find_key("source", "kind"),
							i);
			irqmod_scenario_enum_choices(IRQMOD_VALUE_KIND, kinds, sizeof(kinds));
			return irqmod_scenario_fail(
				message, bytes, IRQMOD_SCENARIO_ECHECK,
				"%s: [source] number %u (from 0) has no kind; its first key is "
				"kind = one of %s",
				strcmp(where, "default") == 0
					? (scenario->path[0] ? scenario->path : "command line")
					: where,
				i, kinds);
		}
		if (scenario->config.sources[i].kind != IRQMOD_SIM_SOURCE_TRACE)
			continue;
		error = finish_trace(scenario, i, model, message, bytes);
		if (error)
			return error;
	}
	return 0;
}

/*
 * What the simulator's check refused that no message above words: the
 * field it names told as the key that sets it.
 */
static int finish_model(const struct irqmod_scenario *scenario,
			const struct irqmod_config_error *model, char *message, size_t bytes)
{
	const struct irqmod_scenario_key *key;
	const char *field = model->field;
	char first[1024], range[80];
	unsigned int source;
	int error = model->code;

	if (!error)
		return 0;
	key = irqmod_scenario_key_of_field(field, &source);
	if (!key)
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECHECK,
					    "%s: scenario: invalid %s: %s",
					    scenario->path[0] ? scenario->path : "command line",
					    field, irqmod_strerror(error));
	irqmod_scenario_key_statement(first, sizeof(first), scenario, key, source, true);
	irqmod_scenario_key_range(range, sizeof(range), key);
	return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECHECK,
				    "%s is rejected by the model (%s: %s); the key takes %s, "
				    "and the simulator's check (irqmod_sim_check(), "
				    "docs/simulator.md) the rest",
				    first, field, irqmod_strerror(error), range);
}

/* The controller list again: the scenario's knobs and queue count may have come after it. */
static int finish_controllers(const struct irqmod_scenario *scenario, char *message,
			      size_t bytes)
{
	struct irqmod_queue_controllers row;
	char first[1024], detail[1024];
	unsigned int i;

	for (i = 0; i < scenario->controller_count; i++) {
		if (irqmod_queue_controllers_resolve(scenario, scenario->controllers[i],
						     scenario->config.link_speed_mbps,
						     scenario->config.queues, &row, detail,
						     sizeof(detail)) == 0)
			continue;
		irqmod_scenario_describe_origin(first, sizeof(first), scenario,
						irqmod_scenario_find_key("run", "controllers"), 0);
		return irqmod_scenario_fail(message, bytes, IRQMOD_SCENARIO_ECONTROLLER, "%s: %s",
					    first, detail);
	}
	return 0;
}

/*
 * The checks run in this order: a scenario with several faults gets the
 * first's message. The simulator's check runs once, before the scenario's
 * own: its error (the first fault in its documented order) is worded by the
 * step that knows the keys involved (warm-up, cores, a trace source), or
 * else by finish_model().
 */
int irqmod_scenario_finish(const struct irqmod_scenario *scenario, char *message, size_t bytes)
{
	struct irqmod_config_error model = { .code = 0 };
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
	irqmod_sim_check(&scenario->config, &model);
	error = finish_warmup(scenario, &model, message, bytes);
	if (!error)
		error = finish_cores(scenario, &model, message, bytes);
	if (!error)
		error = finish_sources(scenario, &model, message, bytes);
	if (!error)
		error = finish_model(scenario, &model, message, bytes);
	if (!error)
		error = finish_unused_queue_cores(scenario, message, bytes);
	if (!error)
		error = finish_controllers(scenario, message, bytes);
	return error;
}
