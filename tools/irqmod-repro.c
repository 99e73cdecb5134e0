/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * irqmod-repro: run the three published moderation experiments in the
 * simulator (scenarios/repro-*.ini), print published and simulated figures
 * side by side and write CSV for scripts/plots. docs/reproductions.md
 * shows a run.
 *
 *   irqmod-repro [--out DIR] [--seeds N] [--duration TIME] SCENARIO...
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "repro.h"

/*
 * Published figures. Seed 001: Alexander Duyck, intel-wired-lan, 2015,
 * "ixgbe: Limit lowest interrupt rate for adaptive interrupt moderation to
 * 12K", netperf UDP_STREAM 65507 B, VM to VM over a direct-assigned ixgbe.
 */
#define PUBLISHED_8K_SEND_MBPS 9613.4
#define PUBLISHED_8K_RECV_MBPS 4135.4
#define PUBLISHED_12K_SEND_MBPS 9611.2
#define PUBLISHED_12K_RECV_MBPS 8508.3
/* Seed 000: James Chapman's ping -f figures as quoted by Bill Fink, netdev, Sep 2007. */
#define PUBLISHED_PLAIN_RTT_MIN_MS 0.902
#define PUBLISHED_PLAIN_RTT_AVG_MS 1.843
#define PUBLISHED_PLAIN_RTT_MAX_MS 101.727
#define PUBLISHED_PLAIN_RTT_MDEV_MS 4.659
#define PUBLISHED_PLAIN_PACKETS 6200.0
#define PUBLISHED_PLAIN_CPU_PCT 62.0
#define PUBLISHED_PLAIN_INTERRUPTS_PER_PACKET 2.0 /* "twice as many interrupts as packets" */
#define PUBLISHED_PLAIN_PIPE 9.0 /* the post's ping line: "pipe 9" */
#define PUBLISHED_IDLE_RTT_MIN_MS 0.898
#define PUBLISHED_IDLE_RTT_AVG_MS 1.117
#define PUBLISHED_IDLE_RTT_MAX_MS 28.371
#define PUBLISHED_IDLE_RTT_MDEV_MS 0.689
#define PUBLISHED_IDLE_PACKETS 8510.0
#define PUBLISHED_IDLE_PIPE 3.0
#define PUBLISHED_IDLE_CPU_PCT 100.0
/* Seed 002: Mike Silbersack, freebsd-current, Oct 2001: "~46000 ints/sec,
 * 57-63% processor usage due to interrupts" before, "~38000, 50-60%" after. */
#define PUBLISHED_PLAIN_INTERRUPTS_PER_S 46000.0
#define PUBLISHED_PLAIN_INTERRUPT_CPU "57-63"
#define PUBLISHED_RECHECK_INTERRUPTS_PER_S 38000.0
#define PUBLISHED_RECHECK_INTERRUPT_CPU "50-60"

#define NS_PER_S 1000000000.0

static const char *out_dir = ".";

/* Set when a CSV file could not be written: the exit status says so. */
static bool csv_failed;

/* The files one experiment writes, by suffix of the scenario's stem. */
#define MAX_OUTPUTS 3
static const char *const experiment_outputs[][MAX_OUTPUTS] = {
	[IRQMOD_REPRO_FLOOR] = { ".csv", "-sweep.csv", "-knees.gp" },
	[IRQMOD_REPRO_IDLE_POLL] = { ".csv", "-ratios.csv", NULL },
	[IRQMOD_REPRO_RECHECK] = { ".csv", "-sweep.csv", "-saturation.gp" },
};
static FILE *outputs[MAX_OUTPUTS];
static const char *output_suffixes[MAX_OUTPUTS];

static void output_name(char *name, size_t bytes, const char *path, const char *suffix)
{
	const char *base = strrchr(path, '/');
	char stem[256];

	snprintf(stem, sizeof(stem), "%s", base ? base + 1 : path);
	if (strrchr(stem, '.'))
		*strrchr(stem, '.') = '\0';
	snprintf(name, bytes, "%s/%s%s", out_dir, stem, suffix);
}

/*
 * Open every file @experiment writes before it runs, so a folder that does
 * not exist or cannot be written fails at once (exit 2), not after minutes
 * of simulation. Return: 0, or -1 with the message printed.
 */
static int open_outputs(const char *path, uint32_t experiment)
{
	char name[1024];
	unsigned int i;

	for (i = 0; i < MAX_OUTPUTS; i++) {
		output_suffixes[i] = experiment_outputs[experiment][i];
		outputs[i] = NULL;
		if (!output_suffixes[i])
			continue;
		output_name(name, sizeof(name), path, output_suffixes[i]);
		outputs[i] = fopen(name, "w");
		if (!outputs[i]) {
			fprintf(stderr, "irqmod-repro: cannot write %s: %s\n", name, strerror(errno));
			while (i-- > 0)
				if (outputs[i])
					fclose(outputs[i]);
			return -1;
		}
	}
	return 0;
}

/* The file of @suffix open_outputs() opened (each is handed out once). */
static FILE *open_csv(const char *path, const char *suffix)
{
	unsigned int i;

	(void)path;
	for (i = 0; i < MAX_OUTPUTS; i++) {
		if (outputs[i] && strcmp(output_suffixes[i], suffix) == 0) {
			FILE *file = outputs[i];

			outputs[i] = NULL;
			return file;
		}
	}
	return NULL;
}

static void close_csv(FILE *file);

/* Close what an experiment that failed early left unwritten. */
static void close_outputs(void)
{
	unsigned int i;

	for (i = 0; i < MAX_OUTPUTS; i++) {
		if (outputs[i])
			close_csv(outputs[i]);
		outputs[i] = NULL;
	}
}

/*
 * Close a CSV file and report a write that failed at any point (a full
 * disk): the run then exits 1 instead of leaving a short file unnoticed.
 */
static void close_csv(FILE *file)
{
	int failed = ferror(file);
	int saved_errno = errno;

	if (fclose(file) != 0) {
		failed = 1;
		saved_errno = errno;
	}
	if (failed) {
		fprintf(stderr, "irqmod-repro: write error on a CSV file: %s\n",
			saved_errno ? strerror(saved_errno) : "unknown");
		csv_failed = true;
	}
}

static double change_pct(double before, double after)
{
	return before != 0 ? 100.0 * (after - before) / before : 0;
}

static double ratio(double before, double after)
{
	return after != 0 ? before / after : 0;
}

static int floor_experiment(const struct irqmod_repro *repro, const char *path)
{
	struct irqmod_repro_metrics rows[6], point;
	uint32_t speed = repro->scenario.config.link_speed_mbps;
	struct irqmod_hybrid_config hybrid;
	uint64_t fill_ns, model_knee_ns, rate;
	double measured_knee = 0;
	uint32_t interval_ns, i;
	FILE *csv;
	int error;

	if ((error = irqmod_repro_ixgbe_legacy(&hybrid, false)) ||
	    (error = irqmod_repro_run(repro, &hybrid, "ixgbe-legacy bulk 8K", &rows[0])) ||
	    (error = irqmod_repro_ixgbe_legacy(&hybrid, true)) ||
	    (error = irqmod_repro_run(repro, &hybrid, "ixgbe-legacy bulk 12K", &rows[1])))
		return error;
	irqmod_repro_static(&hybrid, 125000);
	if ((error = irqmod_repro_run(repro, &hybrid, "static 125 us", &rows[2])))
		return error;
	irqmod_repro_static(&hybrid, 84000);
	if ((error = irqmod_repro_run(repro, &hybrid, "static 84 us", &rows[3])))
		return error;
	if ((error = irqmod_repro_ixgbe(&hybrid, IRQMOD_IXGBE_PRESET_LINUX, speed)) ||
	    (error = irqmod_repro_run(repro, &hybrid, "ixgbe, max 126 us", &rows[4])) ||
	    (error = irqmod_repro_ixgbe(&hybrid, IRQMOD_IXGBE_PRESET_IRQMOD, speed)) ||
	    (error = irqmod_repro_run(repro, &hybrid, "ixgbe, max = floor", &rows[5])))
		return error;
	printf("== 12K floor (ixgbe 2015, seed 001): netperf UDP_STREAM 65507 B, 10 GbE, rcvbuf %u, truesize %u\n",
	       repro->scenario.config.rcvbuf_bytes, repro->scenario.config.truesize_bytes);
	printf("%-22s %10s %10s %10s %10s %10s %12s\n", "controller", "pub_send", "pub_recv",
	       "sim_send", "sim_recv", "sim_ints/s", "sock_drop_%");
	for (i = 0; i < 6; i++) {
		char pub_send[16] = "-", pub_recv[16] = "-";

		if (i < 2) {
			snprintf(pub_send, sizeof(pub_send), "%.1f",
				 i ? PUBLISHED_12K_SEND_MBPS : PUBLISHED_8K_SEND_MBPS);
			snprintf(pub_recv, sizeof(pub_recv), "%.1f",
				 i ? PUBLISHED_12K_RECV_MBPS : PUBLISHED_8K_RECV_MBPS);
		}
		printf("%-22s %10s %10s %10.1f %10.1f %10.0f %12.2f\n", rows[i].label, pub_send,
		       pub_recv, rows[i].offered_mbps, rows[i].throughput_mbps,
		       rows[i].interrupts_per_s, rows[i].socket_drop_pct);
	}
	printf("8K/12K received: published %.2f, simulated %.2f\n",
	       PUBLISHED_8K_RECV_MBPS / PUBLISHED_12K_RECV_MBPS,
	       rows[0].throughput_mbps / rows[1].throughput_mbps);
	csv = open_csv(path, ".csv");
	if (csv) {
		fprintf(csv, "controller,published_send_mbps,published_recv_mbps,send_mbps,recv_mbps,interrupts_per_s,socket_drop_pct\n");
		for (i = 0; i < 6; i++)
			fprintf(csv, "%s,%.1f,%.1f,%.1f,%.1f,%.0f,%.3f\n", rows[i].label,
				i == 0 ? PUBLISHED_8K_SEND_MBPS : i == 1 ? PUBLISHED_12K_SEND_MBPS : 0.0,
				i == 0 ? PUBLISHED_8K_RECV_MBPS : i == 1 ? PUBLISHED_12K_RECV_MBPS : 0.0,
				rows[i].offered_mbps, rows[i].throughput_mbps, rows[i].interrupts_per_s,
				rows[i].socket_drop_pct);
		close_csv(csv);
	}

	if ((error = irqmod_repro_floor_knee(repro, &fill_ns, &interval_ns)))
		return error;
	model_knee_ns = irqmod_repro_model_knee_ns(repro);
	csv = open_csv(path, "-sweep.csv");
	if (csv)
		fprintf(csv, "floor_ints_per_s,interval_ns,interrupts_per_s,send_mbps,recv_mbps,socket_drop_pct\n");
	printf("\nfloor sweep (static interval = 1 s / rate):\n%12s %12s %10s %10s %12s\n",
	       "floor_ints/s", "interval_ns", "ints/s", "recv_Mb/s", "sock_drop_%");
	for (rate = repro->scenario.repro.sweep_from; rate <= repro->scenario.repro.sweep_to && repro->scenario.repro.sweep_step;
	     rate += repro->scenario.repro.sweep_step) {
		char label[40];

		interval_ns = (uint32_t)(1000000000ull / rate);
		snprintf(label, sizeof(label), "static %u ns", interval_ns);
		irqmod_repro_static(&hybrid, interval_ns);
		if ((error = irqmod_repro_run(repro, &hybrid, label, &point)))
			break;
		if (measured_knee == 0 && point.socket_drop_pct < 0.1)
			measured_knee = (double)rate;
		printf("%12" PRIu64 " %12u %10.0f %10.1f %12.2f\n", rate, interval_ns,
		       point.interrupts_per_s, point.throughput_mbps, point.socket_drop_pct);
		if (csv)
			fprintf(csv, "%" PRIu64 ",%u,%.0f,%.1f,%.1f,%.3f\n", rate, interval_ns,
				point.interrupts_per_s, point.offered_mbps, point.throughput_mbps,
				point.socket_drop_pct);
	}
	if (csv)
		close_csv(csv);
	irqmod_repro_floor_knee(repro, &fill_ns, &interval_ns);
	printf("knee: floor math (irqmod_floor_interval) fill %.1f us = %.0f ints/s, with margin %.0f us = %.0f ints/s;\n"
	       "      model admission rule %.1f us = %.0f ints/s; first swept floor with socket drops < 0.1%%: %.0f ints/s\n",
	       fill_ns / 1e3, NS_PER_S / (double)fill_ns, interval_ns / 1e3,
	       NS_PER_S / (double)interval_ns, model_knee_ns / 1e3,
	       NS_PER_S / (double)model_knee_ns, measured_knee);
	csv = open_csv(path, "-knees.gp");
	if (csv) {
		fprintf(csv, "# gnuplot variables written by irqmod-repro\n");
		fprintf(csv, "knee_math = %.1f\nknee_margin = %.1f\nknee_model = %.1f\nknee_measured = %.1f\n",
			NS_PER_S / (double)fill_ns, NS_PER_S / (double)interval_ns,
			NS_PER_S / (double)model_knee_ns, measured_knee);
		close_csv(csv);
	}
	return error;
}

static void idle_row(const char *label, double min, double avg, double max, double mdev,
		     double pipe, double packets, double cpu, const char *ipp_text)
{
	printf("%-22s %7.3f %7.3f %8.3f %7.3f %5.1f %8.0f %8s %6.1f\n", label, min, avg, max, mdev,
	       pipe, packets, ipp_text, cpu);
}

static int idle_poll_experiment(const struct irqmod_repro *repro, const char *path)
{
	struct irqmod_repro_metrics plain, idle;
	struct irqmod_hybrid_config hybrid;
	char text[16];
	FILE *csv;
	int error;

	irqmod_repro_static(&hybrid, repro->scenario.repro.interval_ns);
	if ((error = irqmod_repro_run(repro, &hybrid, "plain NAPI", &plain)))
		return error;
	irqmod_repro_with_hybrid(repro, &hybrid);
	if ((error = irqmod_repro_run(repro, &hybrid, "idle poll", &idle)))
		return error;
	printf("== NAPI idle poll (2007, seed 000): ping -f, 100 Mb/s, one CPU, TX and RX on one vector\n");
	printf("%-22s %7s %7s %8s %7s %5s %8s %8s %6s\n", "", "min_ms", "avg_ms", "max_ms", "mdev_ms",
	       "pipe", "packets", "ints/pkt", "cpu_%");
	idle_row("published plain", PUBLISHED_PLAIN_RTT_MIN_MS, PUBLISHED_PLAIN_RTT_AVG_MS,
		 PUBLISHED_PLAIN_RTT_MAX_MS, PUBLISHED_PLAIN_RTT_MDEV_MS, PUBLISHED_PLAIN_PIPE,
		 PUBLISHED_PLAIN_PACKETS, PUBLISHED_PLAIN_CPU_PCT, "~2");
	idle_row("published idle poll", PUBLISHED_IDLE_RTT_MIN_MS, PUBLISHED_IDLE_RTT_AVG_MS,
		 PUBLISHED_IDLE_RTT_MAX_MS, PUBLISHED_IDLE_RTT_MDEV_MS, PUBLISHED_IDLE_PIPE,
		 PUBLISHED_IDLE_PACKETS, PUBLISHED_IDLE_CPU_PCT, "-");
	snprintf(text, sizeof(text), "%.2f", plain.interrupts_per_packet);
	idle_row("simulated plain", plain.rtt_min_ms, plain.rtt_avg_ms, plain.rtt_max_ms,
		 plain.rtt_mdev_ms, plain.pipe, plain.packets, plain.cpu_pct, text);
	snprintf(text, sizeof(text), "%.2f", idle.interrupts_per_packet);
	idle_row("simulated idle poll", idle.rtt_min_ms, idle.rtt_avg_ms, idle.rtt_max_ms,
		 idle.rtt_mdev_ms, idle.pipe, idle.packets, idle.cpu_pct, text);
	printf("%-22s %9s %10s %10s %10s %10s\n", "idle poll vs plain", "avg_rtt_%", "max_ratio",
	       "mdev_ratio", "packets_%", "cpu_pts");
	printf("%-22s %9.1f %10.2f %10.2f %10.1f %10.1f\n", "published",
	       change_pct(PUBLISHED_PLAIN_RTT_AVG_MS, PUBLISHED_IDLE_RTT_AVG_MS),
	       ratio(PUBLISHED_PLAIN_RTT_MAX_MS, PUBLISHED_IDLE_RTT_MAX_MS),
	       ratio(PUBLISHED_PLAIN_RTT_MDEV_MS, PUBLISHED_IDLE_RTT_MDEV_MS),
	       change_pct(PUBLISHED_PLAIN_PACKETS, PUBLISHED_IDLE_PACKETS),
	       PUBLISHED_IDLE_CPU_PCT - PUBLISHED_PLAIN_CPU_PCT);
	printf("%-22s %9.1f %10.2f %10.2f %10.1f %10.1f\n", "simulated",
	       change_pct(plain.rtt_avg_ms, idle.rtt_avg_ms), ratio(plain.rtt_max_ms, idle.rtt_max_ms),
	       ratio(plain.rtt_mdev_ms, idle.rtt_mdev_ms), change_pct(plain.packets, idle.packets),
	       idle.cpu_pct - plain.cpu_pct);
	csv = open_csv(path, ".csv");
	if (csv) {
		fprintf(csv, "run,rtt_min_ms,rtt_avg_ms,rtt_max_ms,rtt_mdev_ms,pipe,packets,interrupts_per_packet,cpu_pct,interrupt_cpu_pct\n");
		fprintf(csv, "published plain,%.3f,%.3f,%.3f,%.3f,%.0f,%.0f,%.2f,%.1f,\n",
			PUBLISHED_PLAIN_RTT_MIN_MS, PUBLISHED_PLAIN_RTT_AVG_MS, PUBLISHED_PLAIN_RTT_MAX_MS,
			PUBLISHED_PLAIN_RTT_MDEV_MS, PUBLISHED_PLAIN_PIPE, PUBLISHED_PLAIN_PACKETS,
			PUBLISHED_PLAIN_INTERRUPTS_PER_PACKET, PUBLISHED_PLAIN_CPU_PCT);
		fprintf(csv, "published idle poll,%.3f,%.3f,%.3f,%.3f,%.0f,%.0f,,%.1f,\n",
			PUBLISHED_IDLE_RTT_MIN_MS, PUBLISHED_IDLE_RTT_AVG_MS, PUBLISHED_IDLE_RTT_MAX_MS,
			PUBLISHED_IDLE_RTT_MDEV_MS, PUBLISHED_IDLE_PIPE, PUBLISHED_IDLE_PACKETS,
			PUBLISHED_IDLE_CPU_PCT);
		fprintf(csv, "simulated plain,%.3f,%.3f,%.3f,%.3f,%.1f,%.0f,%.3f,%.1f,%.1f\n", plain.rtt_min_ms,
			plain.rtt_avg_ms, plain.rtt_max_ms, plain.rtt_mdev_ms, plain.pipe, plain.packets,
			plain.interrupts_per_packet, plain.cpu_pct, plain.interrupt_cpu_pct);
		fprintf(csv, "simulated idle poll,%.3f,%.3f,%.3f,%.3f,%.1f,%.0f,%.3f,%.1f,%.1f\n", idle.rtt_min_ms,
			idle.rtt_avg_ms, idle.rtt_max_ms, idle.rtt_mdev_ms, idle.pipe, idle.packets,
			idle.interrupts_per_packet, idle.cpu_pct, idle.interrupt_cpu_pct);
		close_csv(csv);
	}
	/* Idle poll over plain, published and simulated, one metric a row. */
	csv = open_csv(path, "-ratios.csv");
	if (csv) {
		fprintf(csv, "metric,published,simulated\n");
		fprintf(csv, "\"avg RTT\",%.3f,%.3f\n", PUBLISHED_IDLE_RTT_AVG_MS / PUBLISHED_PLAIN_RTT_AVG_MS,
			idle.rtt_avg_ms / plain.rtt_avg_ms);
		fprintf(csv, "\"max RTT\",%.3f,%.3f\n", PUBLISHED_IDLE_RTT_MAX_MS / PUBLISHED_PLAIN_RTT_MAX_MS,
			idle.rtt_max_ms / plain.rtt_max_ms);
		fprintf(csv, "\"mdev\",%.3f,%.3f\n", PUBLISHED_IDLE_RTT_MDEV_MS / PUBLISHED_PLAIN_RTT_MDEV_MS,
			idle.rtt_mdev_ms / plain.rtt_mdev_ms);
		fprintf(csv, "\"packets\",%.3f,%.3f\n", PUBLISHED_IDLE_PACKETS / PUBLISHED_PLAIN_PACKETS,
			idle.packets / plain.packets);
		fprintf(csv, "\"CPU\",%.3f,%.3f\n", PUBLISHED_IDLE_CPU_PCT / PUBLISHED_PLAIN_CPU_PCT,
			idle.cpu_pct / plain.cpu_pct);
		close_csv(csv);
	}
	return 0;
}

static int recheck_experiment(const struct irqmod_repro *repro, const char *path)
{
	struct irqmod_repro_metrics plain, recheck;
	struct irqmod_hybrid_config plain_config, recheck_config;
	static struct irqmod_repro sweep;
	double saturation[2] = { 0, 0 };
	uint64_t rate;
	FILE *csv;
	int error;

	sweep = *repro;
	if (repro->scenario.repro.sweep_link_speed_mbps)
		sweep.scenario.config.link_speed_mbps = repro->scenario.repro.sweep_link_speed_mbps;
	irqmod_repro_static(&plain_config, repro->scenario.repro.interval_ns);
	irqmod_repro_with_hybrid(repro, &recheck_config);
	if ((error = irqmod_repro_run(repro, &plain_config, "plain", &plain)) ||
	    (error = irqmod_repro_run(repro, &recheck_config, "re-check", &recheck)))
		return error;
	printf("== Re-check before re-arm (FreeBSD 2001, seed 002): SYN flood, 100 Mb/s, %.0f frames/s offered\n",
	       plain.offered_pps);
	printf("%-12s %12s %12s %12s %14s %10s\n", "", "pub_ints/s", "pub_int_cpu", "sim_ints/s",
	       "sim_int_cpu_%", "sim_cpu_%");
	printf("%-12s %12.0f %12s %12.0f %14.1f %10.1f\n", "before", PUBLISHED_PLAIN_INTERRUPTS_PER_S,
	       PUBLISHED_PLAIN_INTERRUPT_CPU, plain.interrupts_per_s, plain.interrupt_cpu_pct,
	       plain.cpu_pct);
	printf("%-12s %12.0f %12s %12.0f %14.1f %10.1f\n", "re-check",
	       PUBLISHED_RECHECK_INTERRUPTS_PER_S, PUBLISHED_RECHECK_INTERRUPT_CPU,
	       recheck.interrupts_per_s, recheck.interrupt_cpu_pct, recheck.cpu_pct);
	printf("interrupts: published %.1f%%, simulated %.1f%%\n",
	       change_pct(PUBLISHED_PLAIN_INTERRUPTS_PER_S, PUBLISHED_RECHECK_INTERRUPTS_PER_S),
	       change_pct(plain.interrupts_per_s, recheck.interrupts_per_s));
	csv = open_csv(path, ".csv");
	if (csv) {
		fprintf(csv, "run,published_interrupts_per_s,published_interrupt_cpu,interrupts_per_s,interrupt_cpu_pct,cpu_pct\n");
		fprintf(csv, "plain,%.0f,%s,%.0f,%.2f,%.2f\n", PUBLISHED_PLAIN_INTERRUPTS_PER_S,
			PUBLISHED_PLAIN_INTERRUPT_CPU, plain.interrupts_per_s, plain.interrupt_cpu_pct,
			plain.cpu_pct);
		fprintf(csv, "re-check,%.0f,%s,%.0f,%.2f,%.2f\n", PUBLISHED_RECHECK_INTERRUPTS_PER_S,
			PUBLISHED_RECHECK_INTERRUPT_CPU, recheck.interrupts_per_s,
			recheck.interrupt_cpu_pct, recheck.cpu_pct);
		close_csv(csv);
	}
	csv = open_csv(path, "-sweep.csv");
	if (csv)
		fprintf(csv, "offered_pps,plain_interrupts_per_s,plain_cpu_pct,plain_delivered_pct,recheck_interrupts_per_s,recheck_cpu_pct,recheck_delivered_pct\n");
	printf("\noffered rate sweep on %u Mb/s (saturated: core 0 busy >= %u%%):\n%10s %12s %9s %9s %12s %9s %9s\n",
	       sweep.scenario.config.link_speed_mbps, repro->scenario.repro.saturation_cpu_pct, "offered", "plain_ints", "plain_cpu", "plain_del", "rchk_ints",
	       "rchk_cpu", "rchk_del");
	for (rate = repro->scenario.repro.sweep_from; rate <= repro->scenario.repro.sweep_to && repro->scenario.repro.sweep_step;
	     rate += repro->scenario.repro.sweep_step) {
		uint32_t i;

		for (i = 0; i < IRQMOD_SIM_MAX_SOURCES; i++)
			if (sweep.scenario.config.sources[i].kind != IRQMOD_SIM_SOURCE_OFF)
				sweep.scenario.config.sources[i].rate_pps = rate;
		if ((error = irqmod_repro_run(&sweep, &plain_config, "plain", &plain)) ||
		    (error = irqmod_repro_run(&sweep, &recheck_config, "re-check", &recheck)))
			break;
		if (saturation[0] == 0 && plain.cpu_pct >= repro->scenario.repro.saturation_cpu_pct)
			saturation[0] = (double)rate;
		if (saturation[1] == 0 && recheck.cpu_pct >= repro->scenario.repro.saturation_cpu_pct)
			saturation[1] = (double)rate;
		printf("%10" PRIu64 " %12.0f %9.1f %9.1f %12.0f %9.1f %9.1f\n", rate,
		       plain.interrupts_per_s, plain.cpu_pct, plain.delivered_pct,
		       recheck.interrupts_per_s, recheck.cpu_pct, recheck.delivered_pct);
		if (csv)
			fprintf(csv, "%" PRIu64 ",%.0f,%.2f,%.2f,%.0f,%.2f,%.2f\n", rate,
				plain.interrupts_per_s, plain.cpu_pct, plain.delivered_pct,
				recheck.interrupts_per_s, recheck.cpu_pct, recheck.delivered_pct);
	}
	if (csv)
		close_csv(csv);
	printf("saturation (first offered rate with core 0 >= %u%% busy): plain %.0f frames/s, re-check %.0f frames/s (0: not reached)\n",
	       repro->scenario.repro.saturation_cpu_pct, saturation[0], saturation[1]);
	csv = open_csv(path, "-saturation.gp");
	if (csv) {
		fprintf(csv, "# gnuplot variables written by irqmod-repro\nsaturation_plain = %.0f\nsaturation_recheck = %.0f\n",
			saturation[0], saturation[1]);
		close_csv(csv);
	}
	return error;
}

/* Longest value an option such as --seeds takes (a duration with its unit fits). */
#define OPTION_VALUE_BYTES 64

/*
 * --seeds N and --duration D: the key they set, through the reader's ranges,
 * named in messages as typed. Return: 0, or -1 with the message.
 */
static int set_option(struct irqmod_repro *repro, const char *key, const char *option,
		      const char *text, char *message, size_t message_bytes)
{
	char assignment[OPTION_VALUE_BYTES + 32], origin[OPTION_VALUE_BYTES + 32];

	if (strlen(text) >= OPTION_VALUE_BYTES) {
		snprintf(message, message_bytes, "%s: a value of %zu characters; at most %d",
			 option, strlen(text), OPTION_VALUE_BYTES - 1);
		return -1;
	}
	snprintf(assignment, sizeof(assignment), "%s=%s", key, text);
	snprintf(origin, sizeof(origin), "%s %s", option, text);
	return irqmod_scenario_set_as(&repro->scenario, assignment, origin, message,
				      message_bytes) ? -1 : 0;
}

/* Where `meson install` puts the three scenario files (tools/meson.build). */
#ifndef IRQMOD_REPRO_SCENARIO_DIR
#define IRQMOD_REPRO_SCENARIO_DIR "scenarios"
#endif

static void usage(FILE *out)
{
	fprintf(out, "usage: irqmod-repro [--out DIR] [--seeds N] [--duration TIME] [--set KEY=VALUE]... SCENARIO...\n"
		     "  runs the published experiments of repro-12k-floor.ini, repro-idle-poll.ini and\n"
		     "  repro-recheck.ini (scenarios/ of the source, installed in\n"
		     "  " IRQMOD_REPRO_SCENARIO_DIR ")\n"
		     "  --out DIR        write the CSV files there (default: .)\n"
		     "  --seeds N        override [repro] seeds\n"
		     "  --duration TIME  override [run] duration (e.g. 2s, 300ms)\n"
		     "  --set KEY=VALUE  override a scenario key (load.busy=2ms) or a [repro]\n"
		     "                   key (repro.scenario.repro.max_rounds=4) in every scenario given\n"
		     "  --version        print the irqmod version and exit\n");
}

int main(int argc, char **argv)
{
	static struct irqmod_repro repro;
	char message[512];
	const char *seeds_text = NULL, *duration_text = NULL;
	const char *sets[32];
	int i, j, set_count = 0, status = 0;

	for (i = 1; i < argc && argv[i][0] == '-'; i++) {
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			usage(stdout);
			return 0;
		}
		if (strcmp(argv[i], "--version") == 0) {
			uint32_t v = irqmod_version();

			printf("irqmod-repro (irqmod) %u.%u.%u\n", v >> 16, (v >> 8) & 0xffu, v & 0xffu);
			return 0;
		}
		if (i + 1 >= argc) {
			usage(stderr);
			return 2;
		}
		if (strcmp(argv[i], "--out") == 0) {
			out_dir = argv[++i];
		} else if (strcmp(argv[i], "--seeds") == 0) {
			seeds_text = argv[++i];
		} else if (strcmp(argv[i], "--set") == 0) {
			if (set_count == 32) {
				fprintf(stderr, "irqmod-repro: more than 32 --set\n");
				return 2;
			}
			sets[set_count++] = argv[++i];
		} else if (strcmp(argv[i], "--duration") == 0) {
			duration_text = argv[++i];
		} else {
			usage(stderr);
			return 2;
		}
	}
	if (i >= argc) {
		usage(stderr);
		return 2;
	}
	for (; i < argc; i++) {
		int error;

		if (irqmod_repro_parse_file(&repro, argv[i], message, sizeof(message)) != 0) {
			fprintf(stderr, "irqmod-repro: %s\n", message);
			return 2;
		}
		/* --set, --seeds and --duration through the one reader, its ranges and
		 * messages; the whole scenario is checked once, after all of them. */
		for (j = 0; j < set_count; j++) {
			if (irqmod_scenario_set(&repro.scenario, sets[j], message, sizeof(message)) != 0) {
				fprintf(stderr, "irqmod-repro: %s\n", message);
				return 2;
			}
		}
		if ((seeds_text && set_option(&repro, "repro.seeds", "--seeds", seeds_text, message,
					      sizeof(message))) ||
		    (duration_text && set_option(&repro, "run.duration", "--duration", duration_text,
						 message, sizeof(message)))) {
			fprintf(stderr, "irqmod-repro: %s\n", message);
			return 2;
		}
		if (duration_text) {
			/* A shorter run keeps a tenth of it as warm-up. */
			if (repro.scenario.config.warmup_ns >= repro.scenario.config.duration_ns)
				repro.scenario.config.warmup_ns = repro.scenario.config.duration_ns / 10;
		}
		if (irqmod_scenario_finish(&repro.scenario, message, sizeof(message)) != 0) {
			fprintf(stderr, "irqmod-repro: %s\n", message);
			return 2;
		}
		if (open_outputs(argv[i], repro.scenario.repro.experiment) != 0)
			return 2;
		printf("\n# %s (%u seeds, %.3f s simulated each)\n", argv[i], repro.scenario.repro.seeds,
		       repro.scenario.config.duration_ns / NS_PER_S);
		switch (repro.scenario.repro.experiment) {
		case IRQMOD_REPRO_FLOOR:
			error = floor_experiment(&repro, argv[i]);
			break;
		case IRQMOD_REPRO_IDLE_POLL:
			error = idle_poll_experiment(&repro, argv[i]);
			break;
		default:
			error = recheck_experiment(&repro, argv[i]);
			break;
		}
		close_outputs();
		if (error) {
			fprintf(stderr, "irqmod-repro: %s: %s\n", argv[i], irqmod_strerror(error));
			status = 1;
		}
	}
	if (csv_failed)
		status = 1;
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "irqmod-repro: standard output: write error: %s\n", strerror(errno));
		status = 1;
	}
	return status;
}
