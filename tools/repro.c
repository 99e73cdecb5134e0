/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#define _POSIX_C_SOURCE 200809L
#include "repro.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "irqmod/floor.h"

/* IP fragment payload per 1500-byte MTU: 1500 - 20 (RFC 791), a multiple of 8. */
#define REPRO_FRAGMENT_PAYLOAD_BYTES 1480u
/* UDP header (RFC 768), carried in the first fragment's payload. */
#define REPRO_UDP_HEADER_BYTES 8u
/* Ethernet 14 + IPv4 20 bytes in front of each fragment's payload. */
#define REPRO_FRAME_HEADER_BYTES 34u
/* Smallest frame without FCS (IEEE 802.3). */
#define REPRO_MIN_FRAME_BYTES 60u
/*
 * Per-seed phase of the UDP stream against the interrupt timer: seed s
 * (the simulator's config.seed) starts the sender (s - 1) * 7919 ns late,
 * modulo one datagram's wire time. The stream itself has no random input, so without a phase every
 * seed would give the same run; a prime step spreads the phases.
 */
#define REPRO_PHASE_STEP_NS 7919u

static char *trim(char *s)
{
	char *end;

	while (*s == ' ' || *s == '\t')
		s++;
	end = s + strlen(s);
	while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r' || end[-1] == '\n'))
		*--end = '\0';
	return s;
}

/* A [repro] value, parsed with the units of an irqmod-sim key of that type. */
static int repro_number(const char *unit_key, const char *text, uint64_t max, uint64_t *value)
{
	if (irqmod_scenario_parse_value(unit_key, text, value) != 0)
		return -1;
	return *value <= max ? 0 : -1;
}

static int repro_key(struct irqmod_repro *repro, const char *key, const char *value)
{
	uint32_t *duration;
	uint64_t number;

	if (strcmp(key, "experiment") == 0) {
		if (strcmp(value, "floor") == 0)
			repro->experiment = IRQMOD_REPRO_FLOOR;
		else if (strcmp(value, "idle-poll") == 0)
			repro->experiment = IRQMOD_REPRO_IDLE_POLL;
		else if (strcmp(value, "recheck") == 0)
			repro->experiment = IRQMOD_REPRO_RECHECK;
		else
			return -1;
		return 0;
	}
	if (strcmp(key, "seeds") == 0) {
		if (repro_number("run.seed", value, 1000, &number) || number == 0)
			return -1;
		repro->seeds = (uint32_t)number;
		return 0;
	}
	if (strcmp(key, "sweep_from") == 0)
		return repro_number("source.rate", value, 100000000, &repro->sweep_from);
	if (strcmp(key, "sweep_to") == 0)
		return repro_number("source.rate", value, 100000000, &repro->sweep_to);
	if (strcmp(key, "sweep_step") == 0)
		return repro_number("source.rate", value, 100000000, &repro->sweep_step);
	duration = strcmp(key, "interval") == 0       ? &repro->interval_ns
		   : strcmp(key, "poll_spacing") == 0 ? &repro->poll_spacing_ns
		   : strcmp(key, "idle_time") == 0    ? &repro->idle_time_ns
						      : NULL;
	if (duration) {
		if (repro_number("run.duration", value, 1000000000, &number))
			return -1;
		*duration = (uint32_t)number;
		return 0;
	}
	if (strcmp(key, "sweep_link_speed") == 0) {
		if (repro_number("link.speed", value, 1600000, &number))
			return -1;
		repro->sweep_link_speed_mbps = (uint32_t)number;
		return 0;
	}
	if (strcmp(key, "idle_polls") == 0 || strcmp(key, "max_rounds") == 0 ||
	    strcmp(key, "saturation_cpu_pct") == 0) {
		if (repro_number("run.seed", value, 65535, &number))
			return -1;
		if (key[0] == 'i')
			repro->idle_polls = (uint32_t)number;
		else if (key[0] == 'm')
			repro->max_rounds = (uint32_t)number;
		else
			repro->saturation_cpu_pct = (uint32_t)number;
		return 0;
	}
	return -1;
}

/*
 * The experiments build their controllers themselves (the [repro] keys set
 * the hybrid), so a scenario knob such as idle-poll.idle_time would be
 * silently ignored: refuse it.
 */
static int no_knobs(const struct irqmod_repro *repro, const char *where, char *message,
		    size_t message_bytes)
{
	if (repro->scenario.knobs_set == 0)
		return 0;
	snprintf(message, message_bytes,
		 "%s: controller knobs do not apply to irqmod-repro; its [repro] keys "
		 "(poll_spacing, idle_time, idle_polls, max_rounds, interval) set the controllers",
		 where);
	return -1;
}

int irqmod_repro_parse_file(struct irqmod_repro *repro, const char *path, char *message,
			    size_t message_bytes)
{
	char *line = NULL, *text = NULL;
	size_t used = 0, capacity = 0, line_capacity = 0;
	ssize_t line_bytes;
	unsigned int number = 0;
	bool in_repro = false;
	FILE *file;
	int error = 0;

	memset(repro, 0, sizeof(*repro));
	irqmod_scenario_init(&repro->scenario);
	repro->seeds = 1;
	repro->saturation_cpu_pct = 99;
	file = fopen(path, "r");
	if (!file) {
		snprintf(message, message_bytes, "%s: cannot open", path);
		return -1;
	}
	/* [repro] lines are read here and blanked for the scenario parser,
	 * so its messages keep the file's line numbers. */
	/* Whole lines of any length (the scenario parser refuses long ones). */
	while ((line_bytes = getline(&line, &line_capacity, file)) >= 0) {
		char *s, *equals;
		size_t length;

		number++;
		/* A NUL would silently end the line, and the file after it. */
		if (memchr(line, '\0', (size_t)line_bytes)) {
			snprintf(message, message_bytes,
				 "%s:%u: NUL byte; a scenario is a text file", path, number);
			error = -1;
			break;
		}
		s = trim(line);
		if (s[0] == '[')
			in_repro = strcmp(s, "[repro]") == 0;
		if (in_repro && s[0] != '#' && s[0] != '\0' && s[0] != '[') {
			equals = strchr(s, '=');
			if (equals)
				*equals = '\0';
			if (!equals || repro_key(repro, trim(s), trim(equals + 1)) != 0) {
				snprintf(message, message_bytes,
					 "%s:%u: bad [repro] line (keys: experiment, seeds, sweep_from, "
					 "sweep_to, sweep_step, interval, poll_spacing, idle_polls, idle_time, "
					 "max_rounds, saturation_cpu_pct, sweep_link_speed)",
					 path, number);
				error = -1;
				break;
			}
		}
		if (in_repro)
			s = "";
		length = strlen(s) + 1;
		if (used + length + 1 > capacity) {
			char *grown;

			capacity = (used + length + 1) * 2;
			grown = realloc(text, capacity);
			if (!grown) {
				error = -1;
				snprintf(message, message_bytes, "%s: out of memory", path);
				break;
			}
			text = grown;
		}
		memcpy(text + used, s, length - 1);
		used += length;
		text[used - 1] = '\n';
		text[used] = '\0';
	}
	free(line);
	fclose(file);
	if (error == 0 && repro->experiment == 0) {
		snprintf(message, message_bytes, "%s: no [repro] experiment", path);
		error = -1;
	}
	if (error == 0 &&
	    (irqmod_scenario_parse_text(&repro->scenario, path, text ? text : "", message,
					message_bytes) != 0 ||
	     irqmod_scenario_finish(&repro->scenario, message, message_bytes) != 0 ||
	     no_knobs(repro, path, message, message_bytes) != 0))
		error = -1;
	free(text);
	return error;
}

int irqmod_repro_set(struct irqmod_repro *repro, const char *assignment, char *message,
		     size_t message_bytes)
{
	static const char prefix[] = "repro.";
	char copy[256], *equals;

	if (strncmp(assignment, prefix, sizeof(prefix) - 1) != 0) {
		if (irqmod_scenario_set(&repro->scenario, assignment, message, message_bytes) != 0 ||
		    irqmod_scenario_finish(&repro->scenario, message, message_bytes) != 0 ||
		    no_knobs(repro, assignment, message, message_bytes) != 0)
			return -1;
		return 0;
	}
	snprintf(copy, sizeof(copy), "%s", assignment + sizeof(prefix) - 1);
	equals = strchr(copy, '=');
	if (equals)
		*equals = '\0';
	if (!equals || repro_key(repro, trim(copy), trim(equals + 1)) != 0) {
		snprintf(message, message_bytes, "--set %s: bad repro key or value", assignment);
		return -1;
	}
	return 0;
}

void irqmod_repro_static(struct irqmod_hybrid_config *hybrid, uint32_t interval_ns)
{
	memset(hybrid, 0, sizeof(*hybrid));
	hybrid->kind = IRQMOD_HYBRID_NONE;
	hybrid->inner.kind = IRQMOD_KIND_STATIC;
	hybrid->inner.config.static_config.rx_interval_ns = interval_ns;
	hybrid->inner.config.static_config.tx_interval_ns = interval_ns;
}

int irqmod_repro_ixgbe_legacy(struct irqmod_hybrid_config *hybrid, bool floor_12k)
{
	int error;

	memset(hybrid, 0, sizeof(*hybrid));
	hybrid->kind = IRQMOD_HYBRID_NONE;
	error = irqmod_controller_default_config(&hybrid->inner, IRQMOD_KIND_IXGBE_LEGACY, 10000);
	hybrid->inner.config.ixgbe_legacy.floor_12k = floor_12k;
	return error;
}

int irqmod_repro_ixgbe(struct irqmod_hybrid_config *hybrid, enum irqmod_ixgbe_preset preset,
		       uint32_t link_speed_mbps)
{
	const struct irqmod_kind_desc *ixgbe = irqmod_kind_describe(IRQMOD_KIND_IXGBE);
	char line[128];
	int error;

	memset(hybrid, 0, sizeof(*hybrid));
	hybrid->kind = IRQMOD_HYBRID_NONE;
	hybrid->inner.kind = IRQMOD_KIND_IXGBE;
	error = irqmod_ixgbe_config_preset(&hybrid->inner.config.ixgbe_config, preset,
					   link_speed_mbps);
	if (error == -IRQMOD_ELINK && link_speed_mbps > ixgbe->max_link_speed_mbps) {
		irqmod_scenario_link_sentence(line, sizeof(line), ixgbe->name,
					      ixgbe->max_link_speed_mbps, link_speed_mbps);
		fprintf(stderr, "irqmod-repro: %s\n", line);
	}
	return error;
}

void irqmod_repro_with_hybrid(const struct irqmod_repro *repro, struct irqmod_hybrid_config *hybrid)
{
	irqmod_repro_static(hybrid, repro->interval_ns);
	if (repro->experiment == IRQMOD_REPRO_IDLE_POLL) {
		hybrid->kind = IRQMOD_HYBRID_IDLE_POLL;
		hybrid->config.idle_poll.poll_spacing_ns = repro->poll_spacing_ns;
		hybrid->config.idle_poll.idle_polls = repro->idle_polls;
		hybrid->config.idle_poll.idle_time_ns = repro->idle_time_ns;
	} else if (repro->experiment == IRQMOD_REPRO_RECHECK) {
		hybrid->kind = IRQMOD_HYBRID_RECHECK;
		hybrid->config.recheck.max_rounds = repro->max_rounds;
	}
}

/* Wire time of one UDP_STREAM datagram (all its fragments), in ns. */
static uint64_t datagram_wire_ns(const struct irqmod_sim_config *config,
				 const struct irqmod_sim_source *source, uint32_t *fragments)
{
	uint32_t ip_payload = source->message_bytes + REPRO_UDP_HEADER_BYTES;
	uint32_t count = (ip_payload + REPRO_FRAGMENT_PAYLOAD_BYTES - 1) / REPRO_FRAGMENT_PAYLOAD_BYTES;
	uint32_t last = ip_payload - (count - 1) * REPRO_FRAGMENT_PAYLOAD_BYTES +
			REPRO_FRAME_HEADER_BYTES;
	uint64_t bits;

	if (last < REPRO_MIN_FRAME_BYTES)
		last = REPRO_MIN_FRAME_BYTES;
	bits = ((uint64_t)(count - 1) * (REPRO_FRAGMENT_PAYLOAD_BYTES + REPRO_FRAME_HEADER_BYTES +
					 config->wire_overhead_bytes) +
		last + config->wire_overhead_bytes) * 8;
	*fragments = count;
	return bits * 1000 / config->link_speed_mbps;
}

int irqmod_repro_run(const struct irqmod_repro *repro, const struct irqmod_hybrid_config *hybrid,
		     const char *label, struct irqmod_repro_metrics *metrics)
{
	struct irqmod_sim_config config = repro->scenario.config;
	struct irqmod_sim_controller controller;
	struct irqmod_sim_results results;
	uint32_t seed, i, fragments;
	double n = repro->seeds;
	int error = 0;

	char line[256];

	memset(metrics, 0, sizeof(*metrics));
	snprintf(metrics->label, sizeof(metrics->label), "%s", label);
	error = irqmod_scenario_explain(hybrid, line, sizeof(line));
	if (error) {
		fprintf(stderr, "irqmod-repro: %s: %s\n", label, line);
		return error;
	}
	/* The simulator runs the hybrid natively, afresh each run. */
	memset(&controller, 0, sizeof(controller));
	controller.name = label;
	controller.generic = hybrid->inner;
	controller.hybrid = *hybrid;
	for (seed = 1; seed <= repro->seeds && error == 0; seed++) {
		double window_s;

		config.seed = repro->scenario.config.seed + seed - 1;
		for (i = 0; i < IRQMOD_SIM_MAX_SOURCES; i++) {
			const struct irqmod_sim_source *s = &repro->scenario.config.sources[i];

			if (s->kind == IRQMOD_SIM_SOURCE_UDP_STREAM)
				config.sources[i].start_ns =
					s->start_ns + (config.seed - 1) * REPRO_PHASE_STEP_NS %
							      datagram_wire_ns(&config, s, &fragments);
		}
		error = irqmod_sim_run(&config, &controller, NULL, &results);
		if (error)
			break;
		window_s = (double)results.window_ns / 1e9;
		metrics->offered_mbps += results.offered_mbps / n;
		metrics->throughput_mbps += results.throughput_mbps / n;
		if (results.counters.offered_datagrams)
			metrics->socket_drop_pct += 100.0 * (double)results.counters.drops_socket_datagrams /
						    (double)results.counters.offered_datagrams / n;
		metrics->interrupts_per_s += results.interrupts_per_s / n;
		metrics->offered_pps += (double)results.counters.offered_frames / window_s / n;
		if (results.counters.offered_frames)
			metrics->delivered_pct += 100.0 * (double)results.counters.delivered_frames /
						  (double)results.counters.offered_frames / n;
		metrics->rtt_min_ms += (double)results.rtt.min_ns / 1e6 / n;
		metrics->rtt_avg_ms += results.rtt.mean_ns / 1e6 / n;
		metrics->rtt_max_ms += (double)results.rtt.max_ns / 1e6 / n;
		metrics->rtt_mdev_ms += results.rtt.stddev_ns / 1e6 / n;
		metrics->packets += (double)results.counters.replies_received / n;
		metrics->pipe += (double)results.requests_in_flight_max / n;
		if (results.counters.replies_received)
			metrics->interrupts_per_packet += (double)results.counters.interrupts /
							  (double)results.counters.replies_received / n;
		metrics->cpu_pct += 100.0 * results.core[0].utilisation / n;
		metrics->interrupt_cpu_pct += 100.0 * results.core[0].interrupt_utilisation / n;
		metrics->app_cpu_pct += 100.0 * (double)results.core[config.app_core].app_ns /
					(double)results.window_ns / n;
	}
	return error;
}

int irqmod_repro_floor_knee(const struct irqmod_repro *repro, uint64_t *fill_ns,
			    uint32_t *interval_ns)
{
	struct irqmod_floor_params params;
	struct irqmod_floor_result result;
	struct irqmod_config_error check;
	int error;

	irqmod_floor_default_params(&params, repro->scenario.config.link_speed_mbps);
	params.rcvbuf_bytes = repro->scenario.config.rcvbuf_bytes;
	params.truesize_bytes = repro->scenario.config.truesize_bytes;
	error = irqmod_floor_params_check(&params, &check);
	if (error) {
		char line[256];

		if (error == -IRQMOD_ELINK && check.value > check.limit)
			irqmod_scenario_link_sentence(line, sizeof(line), "the floor helper",
						      check.limit, check.value);
		else
			irqmod_config_error_format(&check, line, sizeof(line));
		fprintf(stderr, "irqmod-repro: %s\n", line);
		return error;
	}
	error = irqmod_floor_interval(&params, &result);
	if (error < 0)
		return error;
	*fill_ns = result.fill_ns;
	*interval_ns = result.interval_ns;
	return 0;
}

uint64_t irqmod_repro_model_knee_ns(const struct irqmod_repro *repro)
{
	const struct irqmod_sim_config *config = &repro->scenario.config;
	uint32_t i, fragments = 1;
	uint64_t datagram_ns = 0, datagram_truesize, fit;

	for (i = 0; i < IRQMOD_SIM_MAX_SOURCES; i++)
		if (config->sources[i].kind == IRQMOD_SIM_SOURCE_UDP_STREAM)
			datagram_ns = datagram_wire_ns(config, &config->sources[i], &fragments);
	datagram_truesize = (uint64_t)fragments * config->truesize_bytes;
	fit = config->rcvbuf_bytes / datagram_truesize + 1;
	return fit * datagram_ns;
}
