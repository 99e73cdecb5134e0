/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * What the units of irqmod-sim share: the metric table's types, the
 * columns and rows of the outputs, the parsed options, the plan every run
 * follows, and each unit's entry points. main.c calls them in order:
 * options.c reads the command line, plan.c the scenario and the runs it
 * makes, jobs.c makes the runs (here or in worker processes), metrics.c
 * turns results into columns, output.c writes the table, CSV and JSON,
 * merge.c joins the outputs of shards, paths.c checks the files written.
 */
#ifndef IRQMOD_TOOLS_SIMTOOL_H
#define IRQMOD_TOOLS_SIMTOOL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "irqmod/scenario.h"
#include "irqmod/sim.h"

/*
 * Version of the simulated model as its outputs see it: raised whenever a
 * change to lib/sim or this tool changes a figure for the same scenario,
 * so two outputs with the same irqmod and simulator versions compare.
 * 2: units in every column name, RTT in us, null for no sample.
 */
#define IRQMOD_SIM_MODEL_VERSION "2"

/* Exit codes. */
#define EXIT_BAD_INPUT 2
#define EXIT_RUN_FAILED 1
/* Seeds averaged at most, and sweep points at most. */
#define MAX_SEEDS 1000u
#define MAX_POINTS 10000u
/* At most this many worker processes (-j). */
#define MAX_JOBS 256u
/* At most this many --set options. */
#define MAX_SETS 256u
/* Longest --sweep key. */
#define SWEEP_KEY_BYTES 128u

/*
 * A metric: one column of the outputs, or one per core, source or queue.
 * The table in metrics.c is the only place a metric is declared; the
 * columns, the table, the CSV, the JSON and its header read it.
 */
enum metric_scope {
	METRIC_RUN,	/* one column for the run */
	METRIC_CORE,	/* one per core: "%u" in the name is the core */
	METRIC_SOURCE,	/* one per source */
	METRIC_QUEUE,	/* one per queue, only with several queues */
};

/* What a metric's value is, and so how the CSV and JSON print it. */
enum metric_statistic {
	STAT_COUNT,	/* a count: an integer for one seed */
	STAT_FIGURE,	/* a rate, a share or a ratio */
	/* A statistic of a latency distribution, in us. */
	STAT_MEAN,
	STAT_P50,
	STAT_P99,
	STAT_P999,
	STAT_MIN,
	STAT_MAX,
	STAT_STDDEV,
};

/*
 * When a run has a value for a metric: the outputs show the others as null
 * (JSON), an empty cell (CSV) or '-' (table), never as 0.
 */
enum metric_defined {
	DEFINED_ALWAYS,
	DEFINED_WITH_SAMPLE,	/* its distribution got a sample */
	DEFINED_WITH_DATAGRAMS,	/* a datagram was read: it divides by their count */
};

/* Shown in the table (the CSV and JSON show every metric). */
#define METRIC_IN_TABLE 0x1u
/* Only rows that run a hybrid have it: '-' or empty for the others, and
 * the table leaves it out when no row runs a hybrid. */
#define METRIC_HYBRID 0x2u
/* In the table only when a run sent pings or requests. */
#define METRIC_PING 0x4u

/* What a metric's value is taken from: one run's results. */
struct metric_input {
	const struct irqmod_sim_results *results;
	/* The hybrid counters summed over the queues that ran a hybrid. */
	const struct irqmod_hybrid_counters *hybrid;
	uint32_t queues;
	/* The core, source or queue of a per-core, -source or -queue metric. */
	uint32_t index;
};

/*
 * Every column's name ends in its unit (docs/simulator.md "Output"): _us
 * for every time, _mbps, _per_s, _pct, or for a count the plural of what
 * it counts (_frames, _datagrams, _requests, ...).
 */
struct metric {
	/* The column name; "%u" stands for the core, source or queue. */
	const char *name;
	/* The JSON header's spelling of the unit. */
	const char *unit;
	enum metric_scope scope;
	enum metric_statistic statistic;
	/* Decimals in the table (the CSV and JSON add 3). */
	int precision;
	/* METRIC_IN_TABLE, METRIC_HYBRID, METRIC_PING. */
	uint32_t flags;
	enum metric_defined defined;
	/* STAT_COUNT and STAT_FIGURE: the value. */
	double (*value)(const struct metric_input *in);
	/* The other statistics: the distribution they summarise. */
	const struct irqmod_sim_latency *(*distribution)(const struct metric_input *in);
};

/* Metrics of each scope in the table (irqmod_tool_build_columns() checks them). */
#define METRICS_RUN 42
#define METRICS_CORE 2
#define METRICS_SOURCE 9
#define METRICS_QUEUE 14

/* Columns at most: the run's, and those of every core, source and queue. */
#define MAX_COLUMNS (METRICS_RUN + METRICS_CORE * IRQMOD_SIM_MAX_CORES + \
		     METRICS_SOURCE * IRQMOD_SIM_MAX_SOURCES + \
		     METRICS_QUEUE * IRQMOD_SIM_MAX_QUEUES)

struct column {
	const struct metric *metric;
	/* The core, source or queue; 0 for a metric of the run. */
	uint32_t index;
	char name[32];
};

/* One row: a controller at one sweep point, over all seeds. */
struct row {
	char controller[IRQMOD_SCENARIO_NAME_BYTES];
	uint64_t sweep_value;
	double mean[MAX_COLUMNS];
	double ci[MAX_COLUMNS];
	/* Seeds in which the metric had a value (its @defined); 0: none. */
	uint32_t samples[MAX_COLUMNS];
	/* Ping summary of the first seed. */
	struct irqmod_sim_results first;
	/* The row runs a hybrid: its metrics are meaningful. */
	bool hybrid;
};

/* The command line, as typed (plan.c checks what it means). */
struct options {
	const char *scenario_path; /* NULL: defaults and --set only */
	const char *csv_path;
	const char *json_path;
	const char *trace_path;
	const char *timeseries_path;
	const char *timeseries_interval; /* NULL: the default */
	const char *sweep;		 /* KEY=FROM:TO:STEP, or NULL */
	const char *controllers;	 /* -c, or NULL */
	const char *seed;		 /* --seed, or NULL */
	const char *duration;		 /* --duration, or NULL */
	const char *sets[MAX_SETS];
	uint32_t set_count;
	uint32_t seeds;
	uint32_t jobs;
	uint32_t shard;		/* --shard K/N: K, from 1 */
	uint32_t shard_count;	/* N */
	bool quiet;
	bool progress;		/* --progress */
	bool estimate;		/* --estimate */
	bool print_config;	/* --print-config */
	bool merge;		/* --merge: merge_paths are the files */
	char **merge_paths;
	int merge_count;
};

/* What every run of the command shares, and which of them this one makes. */
struct plan {
	const struct irqmod_scenario *scenario;
	struct column columns[MAX_COLUMNS];
	int column_count;
	const char *sweep_key; /* NULL without --sweep, else sweep_text */
	char sweep_text[SWEEP_KEY_BYTES];
	uint64_t sweep_from;
	uint64_t sweep_step;
	uint32_t points;	/* sweep points; 1 without --sweep */
	uint32_t seeds;
	/* Rows row_begin .. row_end - 1 of points x controllers (--shard). */
	uint32_t row_begin;
	uint32_t row_end;
	uint32_t job_count;	/* runs: rows x seeds */
	uint32_t jobs;		/* processes (-j), at most one per run */
	double estimate_sim_s;	/* simulated seconds of this shard's runs */
	double estimate_s;	/* seconds they take on @jobs processes, about */
	bool show_progress;	/* progress on stderr */
	bool progress;		/* per-run progress on stderr (-j 1 only) */
	FILE *trace;		/* -j 1 only */
	FILE *timeseries;	/* -j 1 only */
	uint64_t timeseries_interval_ns;
};

/* The rows a command made, and what its runs showed. */
struct batch {
	struct row *rows;
	uint32_t row_count;
	bool show_rtt;		/* a run pinged: the table's RTT columns and ping lines */
	bool progress_shown;	/* a progress line on stderr is to be cleared */
	bool stopped;		/* the command stops without outputs */
};

/*
 * One run: a row (a controller at one sweep point) with one seed. With
 * -j N the runs are made by forked workers and come back through a pipe
 * as this plain struct (the same binary on both ends, no pointers), and
 * the parent folds them into the rows in the order -j 1 runs them, so the
 * sums, and every byte of the output, are the same.
 */
struct job_result {
	/* 0; EXIT_RUN_FAILED for a run that failed (the row stops there);
	 * fatal: the whole command stops with this status. */
	int status;
	int fatal;
	char message[2048];
	bool hybrid;
	bool rtt;
	double value[MAX_COLUMNS];
	bool defined[MAX_COLUMNS];
	struct irqmod_sim_results results;
};

/* irqmod_tool_parse_options(): go on with the command. */
#define IRQMOD_TOOL_GO_ON (-1)

/* options.c */
int irqmod_tool_parse_options(int argc, char **argv, struct options *options);

/* plan.c */
int irqmod_tool_load_scenario(struct irqmod_scenario *scenario, const struct options *options);
int irqmod_tool_plan_points(struct plan *plan, const struct irqmod_scenario *scenario,
			    const struct options *options);
int irqmod_tool_check_run_options(struct plan *plan, const struct options *options);
void irqmod_tool_plan_rows(struct plan *plan, const struct options *options);
void irqmod_tool_print_estimate(struct plan *plan, const struct options *options);
void irqmod_tool_seed_phases(struct irqmod_sim_config *run, const struct irqmod_sim_config *base);

/* metrics.c */
void irqmod_tool_print_metric_names(FILE *out, const char *indent, size_t width);
int irqmod_tool_build_columns(struct column *columns, uint32_t cores, uint32_t sources,
			      uint32_t queues);
uint32_t irqmod_tool_column_queues(const struct column *columns, int column_count);
void irqmod_tool_measure(const struct column *columns, int column_count,
			 const struct irqmod_sim_results *results, uint32_t queues,
			 double *value, bool *defined);
void irqmod_tool_summarise_row(struct row *row, const double *sum, const double *squares,
			       int column_count);

/* jobs.c */
/* Simulated time of the probe of each controller for the estimate (50 ms). */
#define ESTIMATE_PROBE_NS 50000000ull
int irqmod_tool_run_batch(const struct plan *plan, struct batch *batch);
double irqmod_tool_probe_cpu_s(const struct plan *plan);

/* output.c */
int irqmod_tool_open_outputs(struct plan *plan, const struct options *options);
int irqmod_tool_close_run_outputs(struct plan *plan, const struct options *options);
void irqmod_tool_drop_run_outputs(struct plan *plan);
void irqmod_tool_write_trace_row(FILE *f, const char *label, const struct irqmod_sim_trace *t);
void irqmod_tool_write_bucket(FILE *f, const char *label, uint32_t queues,
			      const struct irqmod_sim_bucket *b);
int irqmod_tool_write_outputs(const struct plan *plan, const struct options *options,
			      const struct batch *batch);

/* paths.c */
bool irqmod_tool_is_stdout(const char *path);
FILE *irqmod_tool_open_output(const char *path);
bool irqmod_tool_stdout_taken(const struct options *options);
int irqmod_tool_check_output_paths(const struct options *options);

/* merge.c */
int irqmod_tool_merge(int count, char **paths);

#endif /* IRQMOD_TOOLS_SIMTOOL_H */
