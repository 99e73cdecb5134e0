/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * irqmod-sim's plan: the scenario with the options that set its keys, the
 * sweep points (each checked as a whole scenario before anything runs),
 * the rows of this shard, the processes, and the estimate of how long the
 * runs take; also each seed's phase of the periodic sources.
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "simtool.h"

/* --timeseries-interval's default: 100 us, ten buckets of a 10 us-scale
 * controller's reaction and 1000 of a 100 ms run. */
#define TIMESERIES_DEFAULT_INTERVAL_NS 100000u

/*
 * Per-seed phase of the sources with no random input of their own
 * (constant, UDP stream, flood at a fixed spacing, ping, RR): seed s
 * starts each (s - 1) * 7919 ns late, modulo its period (one frame's
 * spacing, or one datagram's wire time at line rate), as irqmod-repro
 * does (tools/repro.c), so --seeds measures the phase against the
 * interrupt timer instead of repeating one run. Seed 1, the default, has
 * phase 0. A prime step spreads the phases.
 */
#define SEED_PHASE_STEP_NS 7919u
/* Bits per byte times ps per bit at 1 Mb/s: the wire time numerator. */
#define PS_PER_BYTE_AT_1MBPS 8000000ull
#define SEED_PS_PER_NS 1000ull
/* Ethernet 14 + IPv4 20 header bytes of a UDP stream fragment; 8 UDP. */
#define SEED_FRAGMENT_HEADER_BYTES 34u
#define SEED_UDP_HEADER_BYTES 8u
#define SEED_FRAGMENT_ALIGN 8u
#define SEED_NS_PER_S 1000000000ull

static uint64_t source_period_ns(const struct irqmod_sim_config *config,
				 const struct irqmod_sim_source *s)
{
	uint64_t frames = 1, bytes = s->frame_bytes;

	switch (s->kind) {
	case IRQMOD_SIM_SOURCE_UDP_STREAM: {
		uint32_t per = (s->mtu_bytes - 20u) & ~(SEED_FRAGMENT_ALIGN - 1);
		uint64_t payload = (uint64_t)s->message_bytes + SEED_UDP_HEADER_BYTES;

		frames = per ? (payload + per - 1) / per : 1;
		bytes = payload + frames * SEED_FRAGMENT_HEADER_BYTES;
		break;
	}
	case IRQMOD_SIM_SOURCE_CONSTANT:
	case IRQMOD_SIM_SOURCE_FLOOD:
		break;
	case IRQMOD_SIM_SOURCE_PING:
	case IRQMOD_SIM_SOURCE_RR:
		/* One request's wire time plus the peer's turnaround. */
		return (((uint64_t)s->request_bytes + config->wire_overhead_bytes) *
			PS_PER_BYTE_AT_1MBPS / config->link_speed_mbps) / SEED_PS_PER_NS +
		       s->remote_turnaround_ns + 1;
	default:
		return 0; /* random arrivals, or a trace: no phase */
	}
	if (s->rate_pps != 0)
		return frames * SEED_NS_PER_S / s->rate_pps + 1;
	return ((bytes + frames * config->wire_overhead_bytes) * PS_PER_BYTE_AT_1MBPS /
		config->link_speed_mbps) / SEED_PS_PER_NS + 1;
}

static bool source_is_periodic(const struct irqmod_sim_source *s)
{
	return (s->kind == IRQMOD_SIM_SOURCE_FLOOD && !s->poisson_arrivals) ||
	       s->kind == IRQMOD_SIM_SOURCE_CONSTANT || s->kind == IRQMOD_SIM_SOURCE_UDP_STREAM ||
	       s->kind == IRQMOD_SIM_SOURCE_PING || s->kind == IRQMOD_SIM_SOURCE_RR;
}

void irqmod_tool_seed_phases(struct irqmod_sim_config *run, const struct irqmod_sim_config *base)
{
	uint32_t i;

	for (i = 0; i < IRQMOD_SIM_MAX_SOURCES; i++) {
		const struct irqmod_sim_source *s = &base->sources[i];
		uint64_t period = source_is_periodic(s) ? source_period_ns(base, s) : 0;

		if (period != 0)
			run->sources[i].start_ns = s->start_ns +
						   (run->seed - 1) * SEED_PHASE_STEP_NS % period;
	}
}

/*
 * Simulated frames per second of CPU time one process makes, for the
 * estimate before a long run: the delivered-frame figure of
 * docs/performance.md, "The simulator's speed" (bench-sim 1514 B,
 * 30.0-32.1 M; the ring drops of 60 B line rate go 5x faster, so this errs
 * long).
 */
#define ESTIMATE_FRAMES_PER_S 30000000.0
/* An estimate is printed for runs expected to take at least this long. */
#define ESTIMATE_SHOWN_S 10.0

/* Frames per second @s offers at most (its rate, or line rate). */
static double source_frames_per_s(const struct irqmod_sim_config *config,
				  const struct irqmod_sim_source *s)
{
	double line = (double)config->link_speed_mbps * 1e6 / 8.0 /
		      (double)(s->frame_bytes + config->wire_overhead_bytes + 1u);
	double rate = s->rate_pps ? (double)s->rate_pps : line;
	uint64_t period;

	switch (s->kind) {
	case IRQMOD_SIM_SOURCE_OFF:
		return 0.0;
	case IRQMOD_SIM_SOURCE_ONOFF:
		return s->on_mean_ns + s->off_mean_ns
			       ? rate * (double)s->on_mean_ns /
					 (double)(s->on_mean_ns + s->off_mean_ns)
			       : rate;
	case IRQMOD_SIM_SOURCE_PING:
	case IRQMOD_SIM_SOURCE_RR:
		period = source_period_ns(config, s);
		return period ? 2.0 * s->outstanding * 1e9 / (double)period : 0.0;
	case IRQMOD_SIM_SOURCE_UDP_STREAM: {
		uint32_t per = (s->mtu_bytes - 20u) & ~(SEED_FRAGMENT_ALIGN - 1);
		uint64_t payload = (uint64_t)s->message_bytes + SEED_UDP_HEADER_BYTES;
		double frames = per ? (double)((payload + per - 1) / per) : 1.0;

		period = source_period_ns(config, s);
		return period ? frames * 1e9 / (double)period : 0.0;
	}
	case IRQMOD_SIM_SOURCE_TRACE:
		if (!s->trace || s->trace->span_ns == 0)
			return 0.0;
		return (double)s->trace->count * 1e9 / (double)s->trace->span_ns *
		       (double)s->trace_speed_milli / 1000.0;
	default:
		return rate < line ? rate : line;
	}
}

/* Frames one run of @config simulates, about. */
static double run_frames(const struct irqmod_sim_config *config, unsigned int sources)
{
	double per_s = 0.0;
	unsigned int i;

	for (i = 0; i < sources && i < IRQMOD_SIM_MAX_SOURCES; i++)
		per_s += source_frames_per_s(config, &config->sources[i]);
	return per_s * (double)config->duration_ns / 1e9;
}

/*
 * Set @assignment (KEY=VALUE) in @scenario, named @origin in a message.
 * Return: 0, or EXIT_BAD_INPUT after the message.
 */
static int set_as(struct irqmod_scenario *scenario, const char *assignment, const char *origin)
{
	char message[2048];

	if (irqmod_scenario_set_as(scenario, assignment, origin, message, sizeof(message))) {
		fprintf(stderr, "irqmod-sim: %s\n", message);
		return EXIT_BAD_INPUT;
	}
	return 0;
}

/*
 * Options that set a key: --seed, --duration, every --set, --controllers,
 * in that order over the scenario file, each named as typed in a message.
 * Return: 0, or EXIT_BAD_INPUT after a message.
 */
static int set_option_keys(struct irqmod_scenario *scenario, const struct options *options)
{
	char message[2048], assignment[4200], origin[512];
	uint32_t i;

	if (options->seed) {
		snprintf(assignment, sizeof(assignment), "run.seed=%s", options->seed);
		snprintf(origin, sizeof(origin), "--seed %s", options->seed);
		if (set_as(scenario, assignment, origin))
			return EXIT_BAD_INPUT;
	}
	if (options->duration) {
		snprintf(assignment, sizeof(assignment), "run.duration=%s", options->duration);
		snprintf(origin, sizeof(origin), "--duration %s", options->duration);
		if (set_as(scenario, assignment, origin))
			return EXIT_BAD_INPUT;
	}
	for (i = 0; i < options->set_count; i++) {
		if (irqmod_scenario_set(scenario, options->sets[i], message, sizeof(message))) {
			fprintf(stderr, "irqmod-sim: %s\n", message);
			return EXIT_BAD_INPUT;
		}
	}
	if (options->controllers) {
		snprintf(assignment, sizeof(assignment), "run.controllers=%s", options->controllers);
		if (set_as(scenario, assignment, "--controllers"))
			return EXIT_BAD_INPUT;
	}
	return 0;
}

/*
 * The scenario: its file, the options that set keys, the traces it
 * replays, and every kind when it names no controller.
 * Return: 0, or EXIT_BAD_INPUT after a message.
 */
int irqmod_tool_load_scenario(struct irqmod_scenario *scenario, const struct options *options)
{
	char message[2048];
	uint32_t i;

	if (options->scenario_path &&
	    irqmod_scenario_parse_file(scenario, options->scenario_path, message, sizeof(message))) {
		fprintf(stderr, "irqmod-sim: %s\n", message);
		return EXIT_BAD_INPUT;
	}
	if (set_option_keys(scenario, options))
		return EXIT_BAD_INPUT;
	if (irqmod_scenario_load_traces(scenario, message, sizeof(message))) {
		fprintf(stderr, "irqmod-sim: %s\n", message);
		return EXIT_BAD_INPUT;
	}
	if (scenario->controller_count == 0) {
		for (i = 0; i < IRQMOD_KIND_COUNT && i < IRQMOD_SCENARIO_MAX_CONTROLLERS; i++)
			snprintf(scenario->controllers[scenario->controller_count++],
				 IRQMOD_SCENARIO_NAME_BYTES, "%s", irqmod_kind_name(i));
	}
	return 0;
}

/*
 * --sweep KEY=FROM:TO:STEP into @plan: the key, its first value, its step
 * and the number of points. Return: 0, or EXIT_BAD_INPUT after a message.
 */
static int parse_sweep(struct plan *plan, const char *sweep)
{
	const char *equals = strchr(sweep, '=');
	char range[256], *from, *to, *step;
	uint64_t sweep_to, count;

	if (!equals || (size_t)(equals - sweep) >= sizeof(plan->sweep_text) ||
	    strlen(equals + 1) >= sizeof(range)) {
		fprintf(stderr, "irqmod-sim: --sweep expects KEY=FROM:TO:STEP\n");
		return EXIT_BAD_INPUT;
	}
	memcpy(plan->sweep_text, sweep, (size_t)(equals - sweep));
	plan->sweep_text[equals - sweep] = '\0';
	if (!irqmod_scenario_key_is_numeric(plan->sweep_text)) {
		fprintf(stderr, "irqmod-sim: --sweep: '%s' is not a numeric scenario key "
				"(see --help)\n", plan->sweep_text);
		return EXIT_BAD_INPUT;
	}
	strcpy(range, equals + 1);
	from = range;
	to = strchr(from, ':');
	step = to ? strchr(to + 1, ':') : NULL;
	if (!to || !step) {
		fprintf(stderr, "irqmod-sim: --sweep expects KEY=FROM:TO:STEP\n");
		return EXIT_BAD_INPUT;
	}
	*to++ = '\0';
	*step++ = '\0';
	if (irqmod_scenario_parse_value(plan->sweep_text, from, &plan->sweep_from) ||
	    irqmod_scenario_parse_value(plan->sweep_text, to, &sweep_to) ||
	    irqmod_scenario_parse_value(plan->sweep_text, step, &plan->sweep_step) ||
	    plan->sweep_step == 0 || sweep_to < plan->sweep_from) {
		fprintf(stderr, "irqmod-sim: --sweep %s: bad range (FROM <= TO, STEP > 0, "
				"values in the key's units)\n", sweep);
		return EXIT_BAD_INPUT;
	}
	count = (sweep_to - plan->sweep_from) / plan->sweep_step + 1;
	if (count > MAX_POINTS) {
		fprintf(stderr, "irqmod-sim: --sweep: %" PRIu64 " points, at most %u\n", count,
			MAX_POINTS);
		return EXIT_BAD_INPUT;
	}
	plan->points = (uint32_t)count;
	plan->sweep_key = plan->sweep_text;
	return 0;
}

/*
 * Start @plan for @scenario: the sweep, and every point checked as a whole
 * scenario before anything runs, with the frames it would simulate.
 * Return: 0, or EXIT_BAD_INPUT after a message.
 */
int irqmod_tool_plan_points(struct plan *plan, const struct irqmod_scenario *scenario,
			    const struct options *options)
{
	char message[2048], assignment[4200], origin[512];
	uint32_t p;

	*plan = (struct plan){ .scenario = scenario, .sweep_step = 1, .points = 1,
			       .seeds = options->seeds, .jobs = options->jobs,
			       .timeseries_interval_ns = TIMESERIES_DEFAULT_INTERVAL_NS };
	if (options->sweep && parse_sweep(plan, options->sweep))
		return EXIT_BAD_INPUT;
	for (p = 0; p < plan->points; p++) {
		struct irqmod_scenario probe = *scenario;

		if (plan->sweep_key) {
			snprintf(assignment, sizeof(assignment), "%s=%" PRIu64, plan->sweep_key,
				 plan->sweep_from + p * plan->sweep_step);
			snprintf(origin, sizeof(origin), "--sweep %.200s (point %.200s)",
				 options->sweep, assignment);
			if (set_as(&probe, assignment, origin))
				return EXIT_BAD_INPUT;
		}
		/* The message names the file and line or --set argument itself. */
		if (irqmod_scenario_finish(&probe, message, sizeof(message))) {
			fprintf(stderr, "irqmod-sim: %s\n", message);
			return EXIT_BAD_INPUT;
		}
		plan->estimate_frames += run_frames(&probe.config, probe.sources);
	}
	return 0;
}

/*
 * The options that only make sense together: --trace and --timeseries
 * need -j 1, --timeseries-interval a --timeseries file and a duration.
 * Return: 0, or EXIT_BAD_INPUT after a message.
 */
int irqmod_tool_check_run_options(struct plan *plan, const struct options *options)
{
	if (options->jobs > 1 && options->trace_path) {
		fprintf(stderr, "irqmod-sim: --trace writes one run after another: it needs -j 1\n");
		return EXIT_BAD_INPUT;
	}
	if (options->jobs > 1 && options->timeseries_path) {
		fprintf(stderr, "irqmod-sim: --timeseries writes one run after another: it needs "
				"-j 1\n");
		return EXIT_BAD_INPUT;
	}
	if (options->timeseries_interval) {
		/* The same units as [run] duration. */
		if (irqmod_scenario_parse_value("run.duration", options->timeseries_interval,
						&plan->timeseries_interval_ns) ||
		    plan->timeseries_interval_ns < IRQMOD_SIM_TIMESERIES_MIN_INTERVAL_NS ||
		    plan->timeseries_interval_ns > IRQMOD_SIM_MAX_DURATION_NS) {
			fprintf(stderr, "irqmod-sim: --timeseries-interval '%s': a duration from "
					"1us to 3600s with its unit (e.g. 100us)\n",
				options->timeseries_interval);
			return EXIT_BAD_INPUT;
		}
		if (!options->timeseries_path) {
			fprintf(stderr, "irqmod-sim: --timeseries-interval needs --timeseries FILE\n");
			return EXIT_BAD_INPUT;
		}
	}
	/* Progress only for a person watching, or when asked for. */
	plan->show_progress = !options->quiet && (options->progress || isatty(STDERR_FILENO));
	return 0;
}

/*
 * The columns, the rows of this shard (--shard), the processes for its
 * runs, and the estimate scaled to them.
 */
void irqmod_tool_plan_rows(struct plan *plan, const struct options *options)
{
	const struct irqmod_scenario *scenario = plan->scenario;
	uint32_t total_rows = plan->points * scenario->controller_count;

	plan->column_count = irqmod_tool_build_columns(plan->columns, scenario->config.cores,
							scenario->sources, scenario->config.queues);
	/* --shard K/N: the K-th of N contiguous shares of the rows, so the
	 * shares' outputs joined in order (--merge) are the single run's. */
	plan->row_begin = (uint32_t)((uint64_t)total_rows * (options->shard - 1) /
				     options->shard_count);
	plan->row_end = (uint32_t)((uint64_t)total_rows * options->shard / options->shard_count);
	plan->job_count = (plan->row_end - plan->row_begin) * plan->seeds;
	if (plan->jobs > plan->job_count)
		plan->jobs = plan->job_count ? plan->job_count : 1;
	/* Points x controllers x seeds x simulated time, at the calibrated pace. */
	plan->estimate_frames *= (double)scenario->controller_count * plan->seeds *
				 (double)(plan->row_end - plan->row_begin) /
				 (double)(total_rows ? total_rows : 1);
	plan->estimate_s = plan->estimate_frames / ESTIMATE_FRAMES_PER_S / (double)plan->jobs;
	plan->progress = plan->show_progress && plan->jobs == 1;
}

/* The estimate: asked for (--estimate, on standard output), or a long run's. */
void irqmod_tool_print_estimate(const struct plan *plan, const struct options *options)
{
	if (options->estimate || (!options->quiet && plan->estimate_s >= ESTIMATE_SHOWN_S))
		fprintf(options->estimate ? stdout : stderr,
			"irqmod-sim: %u runs, about %.3g simulated frames: roughly %.1f s "
			"at %.0f M frames/s per process (-j %u)\n",
			plan->job_count, plan->estimate_frames, plan->estimate_s,
			ESTIMATE_FRAMES_PER_S / 1e6, plan->jobs);
}
