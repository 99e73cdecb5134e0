/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The three published moderation experiments (issue 6), shared by
 * irqmod-repro and tests/test_repro.c. A scenario file is an irqmod-sim
 * scenario plus a [repro] section (which experiment, the hybrid's
 * settings, the sweep), all read by libirqmod-scenario.
 */
#ifndef IRQMOD_TOOLS_REPRO_H
#define IRQMOD_TOOLS_REPRO_H

#include "irqmod/hybrid.h"
#include "irqmod/scenario.h"
#include "irqmod/sim.h"

/*
 * The experiments, by their [repro] experiment names (enum
 * irqmod_scenario_experiment of irqmod/scenario.h, which reads the section).
 */
#define IRQMOD_REPRO_FLOOR IRQMOD_SCENARIO_EXPERIMENT_FLOOR
#define IRQMOD_REPRO_IDLE_POLL IRQMOD_SCENARIO_EXPERIMENT_IDLE_POLL
#define IRQMOD_REPRO_RECHECK IRQMOD_SCENARIO_EXPERIMENT_RECHECK

/**
 * struct irqmod_repro - a parsed reproduction scenario.
 * @scenario: the whole file, read by the one scenario reader for
 *	irqmod-repro (tool IRQMOD_SCENARIO_FOR_REPRO): the simulator part and
 *	@scenario.repro, the [repro] section (experiment, seeds, sweep, the
 *	hybrid's settings; keys and ranges in irqmod-sim --list-keys).
 */
struct irqmod_repro {
	struct irqmod_scenario scenario;
};

/**
 * struct irqmod_repro_metrics - one row: the mean over the seeds.
 * @label: what ran.
 * @x: the swept value (0 outside sweeps).
 * @offered_mbps: payload sent (netperf's send line).
 * @throughput_mbps: payload the application read (netperf's receive line).
 * @socket_drop_pct: datagrams dropped by the socket, percent of those offered.
 * @interrupts_per_s: hardware interrupts per second.
 * @offered_pps: frames reaching the NIC per second.
 * @delivered_pct: frames handed to the stack, percent of those offered.
 * @rtt_min_ms: ping rtt minimum (mean over seeds).
 * @rtt_avg_ms: ping rtt mean.
 * @rtt_max_ms: ping rtt maximum.
 * @rtt_mdev_ms: ping mdev (standard deviation).
 * @packets: ping replies read in the window.
 * @pipe: most ping requests in flight at once (ping's "pipe").
 * @interrupts_per_packet: interrupts / replies.
 * @cpu_pct: busy share of core 0 (everything, the competing task included).
 * @interrupt_cpu_pct: hard interrupts and softirq on core 0.
 * @app_cpu_pct: applications on the application core.
 */
struct irqmod_repro_metrics {
	char label[40];
	double x;
	double offered_mbps;
	double throughput_mbps;
	double socket_drop_pct;
	double interrupts_per_s;
	double offered_pps;
	double delivered_pct;
	double rtt_min_ms;
	double rtt_avg_ms;
	double rtt_max_ms;
	double rtt_mdev_ms;
	double packets;
	double pipe;
	double interrupts_per_packet;
	double cpu_pct;
	double interrupt_cpu_pct;
	double app_cpu_pct;
};

/**
 * irqmod_repro_parse_file() - read a reproduction scenario.
 * @repro: filled in.
 * @path: file.
 * @message: error message buffer.
 * @message_bytes: its size.
 * Return: 0, or -1 with a message naming the file and line, the key, the
 * value and the accepted range.
 */
int irqmod_repro_parse_file(struct irqmod_repro *repro, const char *path, char *message,
			    size_t message_bytes);

/**
 * irqmod_repro_set() - override one setting, as irqmod-repro --set does.
 * @repro: parsed scenario.
 * @assignment: "section.key=value" (irqmod-sim keys) or "repro.key=value".
 * @message: error message buffer.
 * @message_bytes: its size.
 * Return: 0 or -1 with a message.
 */
int irqmod_repro_set(struct irqmod_repro *repro, const char *assignment, char *message,
		     size_t message_bytes);

/**
 * irqmod_repro_run() - run one controller over @repro->seeds seeds.
 * @repro: scenario (its config is copied; seed and phase vary per seed).
 * @hybrid: controller: a hybrid kind (IRQMOD_HYBRID_NONE for a plain
 *	interval controller) and the inner controller.
 * @label: row label.
 * @metrics: filled with the means.
 * Return: 0 or a negative irqmod error.
 */
int irqmod_repro_run(const struct irqmod_repro *repro, const struct irqmod_hybrid_config *hybrid,
		     const char *label, struct irqmod_repro_metrics *metrics);

/**
 * irqmod_repro_static() - a plain static controller of @interval_ns.
 * @hybrid: filled in.
 * @interval_ns: throttle interval (0: an interrupt per cause).
 */
void irqmod_repro_static(struct irqmod_hybrid_config *hybrid, uint32_t interval_ns);

/**
 * irqmod_repro_ixgbe_legacy() - ixgbe's 2015 adaptive ITR, bulk at 8K or 12K.
 * @hybrid: filled in.
 * @floor_12k: true: the 12K floor (84 us); false: 8K (125 us).
 * Return: 0 or the default-config error.
 */
int irqmod_repro_ixgbe_legacy(struct irqmod_hybrid_config *hybrid, bool floor_12k);

/**
 * irqmod_repro_ixgbe() - today's ixgbe adaptive ITR with a preset's ceiling.
 * @hybrid: filled in.
 * @preset: IRQMOD_IXGBE_PRESET_LINUX (126 us ceiling) or
 *	IRQMOD_IXGBE_PRESET_IRQMOD (the socket-buffer floor, 84 us at 10 GbE).
 * @link_speed_mbps: link speed for the preset.
 * Return: 0 or the preset's error.
 */
int irqmod_repro_ixgbe(struct irqmod_hybrid_config *hybrid, enum irqmod_ixgbe_preset preset,
		       uint32_t link_speed_mbps);

/**
 * irqmod_repro_with_hybrid() - wrap the static controller of @repro's
 * interval (default 0: an interrupt per cause, as the e100 and fxp of the
 * posts) in the hybrid @repro describes (idle poll or re-check).
 * @repro: scenario.
 * @hybrid: filled in.
 */
void irqmod_repro_with_hybrid(const struct irqmod_repro *repro,
			      struct irqmod_hybrid_config *hybrid);

/**
 * irqmod_repro_floor_knee() - the knee the floor math predicts for @repro.
 * @repro: floor scenario (rcvbuf, truesize, link speed; 1514-byte frames).
 * @fill_ns: receives the buffer fill time without margin (87.5 us in 2015).
 * @interval_ns: receives the interval with irqmod's default margin (84 us).
 * Return: 0 or irqmod_floor_interval()'s error.
 */
int irqmod_repro_floor_knee(const struct irqmod_repro *repro, uint64_t *fill_ns,
			    uint32_t *interval_ns);

/**
 * irqmod_repro_model_knee_ns() - the interval at which the model's socket
 * starts to drop: the admission rule lets datagrams in while the memory
 * already charged is at most rcvbuf, so floor(rcvbuf / datagram truesize)
 * + 1 whole datagrams fit; one interval may deliver that many frames.
 * @repro: floor scenario.
 * Return: the interval in ns (the application draining nothing meanwhile).
 */
uint64_t irqmod_repro_model_knee_ns(const struct irqmod_repro *repro);

#endif /* IRQMOD_TOOLS_REPRO_H */
