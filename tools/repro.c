/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#define _POSIX_C_SOURCE 200809L
#include "repro.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int irqmod_repro_parse_file(struct irqmod_repro *repro, const char *path, char *message,
			    size_t message_bytes)
{
	irqmod_scenario_init(&repro->scenario);
	repro->scenario.tool = IRQMOD_SCENARIO_FOR_REPRO;
	if (irqmod_scenario_parse_file(&repro->scenario, path, message, message_bytes) != 0 ||
	    irqmod_scenario_finish(&repro->scenario, message, message_bytes) != 0)
		return -1;
	return 0;
}

int irqmod_repro_set(struct irqmod_repro *repro, const char *assignment, char *message,
		     size_t message_bytes)
{
	if (irqmod_scenario_set(&repro->scenario, assignment, message, message_bytes) != 0 ||
	    irqmod_scenario_finish(&repro->scenario, message, message_bytes) != 0)
		return -1;
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
	irqmod_repro_static(hybrid, repro->scenario.repro.interval_ns);
	if (repro->scenario.repro.experiment == IRQMOD_REPRO_IDLE_POLL) {
		hybrid->kind = IRQMOD_HYBRID_IDLE_POLL;
		hybrid->config.idle_poll.poll_spacing_ns = repro->scenario.repro.poll_spacing_ns;
		hybrid->config.idle_poll.idle_polls = repro->scenario.repro.idle_polls;
		hybrid->config.idle_poll.idle_time_ns = repro->scenario.repro.idle_time_ns;
	} else if (repro->scenario.repro.experiment == IRQMOD_REPRO_RECHECK) {
		hybrid->kind = IRQMOD_HYBRID_RECHECK;
		hybrid->config.recheck.max_rounds = repro->scenario.repro.max_rounds;
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
	double n = repro->scenario.repro.seeds;
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
	for (seed = 1; seed <= repro->scenario.repro.seeds && error == 0; seed++) {
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
