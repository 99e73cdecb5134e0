/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * irqmod-sim: run a scenario through several controllers on identical
 * traffic and compare them. See --help and docs/simulator.md.
 */
#define _POSIX_C_SOURCE 200809L
#include <assert.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "irqmod/sim.h"
#include "irqmod/scenario.h"
#include "queue_controllers.h"

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

/*
 * A metric: one column of the outputs, or one per core, source or queue.
 * The table below is the only place a metric is declared; the columns,
 * the table, the CSV, the JSON and its header read it.
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

/* Metrics of each scope in the table (build_columns() checks them). */
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

/*
 * The hybrid counters of a row: the sum over the queues that ran a hybrid
 * (the simulator counts each queue's, after the warm-up).
 */
static void hybrid_window(const struct irqmod_sim_results *r,
			  struct irqmod_hybrid_counters *window)
{
	uint32_t q;

	memset(window, 0, sizeof(*window));
	for (q = 0; q < r->queues; q++) {
		const struct irqmod_hybrid_counters *h = &r->queue[q].hybrid_counters;

		if (!r->queue[q].hybrid)
			continue;
		window->interrupts_armed += h->interrupts_armed;
		window->polls_deferred += h->polls_deferred;
		window->empty_polls += h->empty_polls;
		window->idle_polling_ns += h->idle_polling_ns;
	}
}

static double seconds(const struct metric_input *in)
{
	return (double)in->results->window_ns / 1e9;
}

static const struct irqmod_sim_counters *counters(const struct metric_input *in)
{
	return &in->results->counters;
}

static const struct irqmod_sim_source_results *source(const struct metric_input *in)
{
	return &in->results->source[in->index % IRQMOD_SIM_MAX_SOURCES];
}

static const struct irqmod_sim_queue_results *queue(const struct metric_input *in)
{
	return &in->results->queue[in->index % IRQMOD_SIM_MAX_QUEUES];
}

/* The distributions. */
static const struct irqmod_sim_latency *to_socket(const struct metric_input *in)
{
	return &in->results->to_socket;
}

static const struct irqmod_sim_latency *to_app(const struct metric_input *in)
{
	return &in->results->to_app;
}

static const struct irqmod_sim_latency *rtt(const struct metric_input *in)
{
	return &in->results->rtt;
}

static const struct irqmod_sim_latency *added(const struct metric_input *in)
{
	return &in->results->added_delay;
}

static const struct irqmod_sim_latency *source_to_app(const struct metric_input *in)
{
	return &source(in)->to_app;
}

static const struct irqmod_sim_latency *source_added(const struct metric_input *in)
{
	return &source(in)->added_delay;
}

static const struct irqmod_sim_latency *queue_to_app(const struct metric_input *in)
{
	return &queue(in)->to_app;
}

static const struct irqmod_sim_latency *queue_added(const struct metric_input *in)
{
	return &queue(in)->added_delay;
}

/* The run's figures and counts. */
static double offered_mbps(const struct metric_input *in)
{
	return in->results->offered_mbps;
}

static double throughput_mbps(const struct metric_input *in)
{
	return in->results->throughput_mbps;
}

static double interrupts_per_s(const struct metric_input *in)
{
	return in->results->interrupts_per_s;
}

static double polls_per_s(const struct metric_input *in)
{
	return (double)counters(in)->polls / seconds(in);
}

static double offered_frames(const struct metric_input *in)
{
	return (double)counters(in)->offered_frames;
}

static double delivered_frames(const struct metric_input *in)
{
	return (double)counters(in)->delivered_frames;
}

static double drops_ring(const struct metric_input *in)
{
	return (double)counters(in)->drops_ring;
}

static double drops_socket(const struct metric_input *in)
{
	return (double)counters(in)->drops_socket;
}

static double drops_reassembly(const struct metric_input *in)
{
	return (double)counters(in)->drops_reassembly;
}

static double received_datagrams(const struct metric_input *in)
{
	return (double)counters(in)->received_datagrams;
}

static double sent_requests(const struct metric_input *in)
{
	return (double)counters(in)->requests_sent;
}

static double received_replies(const struct metric_input *in)
{
	return (double)counters(in)->replies_received;
}

static double max_in_flight(const struct metric_input *in)
{
	return (double)in->results->requests_in_flight_max;
}

static double sent_responses(const struct metric_input *in)
{
	return (double)counters(in)->responses;
}

static double softirq_squeezes(const struct metric_input *in)
{
	return (double)counters(in)->softirq_squeezes;
}

/* Without a datagram the ratio is undefined (DEFINED_WITH_DATAGRAMS). */
static double interrupts_per_datagram(const struct metric_input *in)
{
	const struct irqmod_sim_counters *k = counters(in);

	return k->received_datagrams ? (double)k->interrupts / (double)k->received_datagrams : 0.0;
}

static double polls_deferred_per_s(const struct metric_input *in)
{
	return (double)in->hybrid->polls_deferred / seconds(in);
}

static double empty_polls_per_s(const struct metric_input *in)
{
	return (double)in->hybrid->empty_polls / seconds(in);
}

/* Of the time of every queue of the run. */
static double idle_polling_pct(const struct metric_input *in)
{
	return 100.0 * (double)in->hybrid->idle_polling_ns /
	       ((double)in->results->window_ns * in->queues);
}

static double timer_interrupts_per_s(const struct metric_input *in)
{
	return (double)counters(in)->timer_interrupts / seconds(in);
}

static double all_interrupts_per_s(const struct metric_input *in)
{
	return (double)(counters(in)->interrupts + counters(in)->timer_interrupts) / seconds(in);
}

static double drops(const struct metric_input *in)
{
	const struct irqmod_sim_counters *k = counters(in);

	return (double)(k->drops_ring + k->drops_socket + k->drops_reassembly);
}

/*
 * Interrupts, softirq and applications on every core, in % of one core;
 * the competing task is left out.
 */
static double host_cpu_pct(const struct metric_input *in)
{
	const struct irqmod_sim_results *r = in->results;
	double host = 0.0;
	uint32_t i;

	for (i = 0; i < r->cores; i++)
		host += (double)(r->core[i].irq_ns + r->core[i].softirq_ns + r->core[i].app_ns);
	return 100.0 * host / (double)r->window_ns;
}

static double total_offered(const struct metric_input *in)
{
	return (double)in->results->totals.offered_frames;
}

static double total_delivered(const struct metric_input *in)
{
	return (double)in->results->totals.delivered_frames;
}

static double total_dropped(const struct metric_input *in)
{
	return (double)in->results->totals.dropped_frames;
}

static double total_in_flight(const struct metric_input *in)
{
	return (double)in->results->totals.in_flight_frames;
}

/* Per core. */
static double cpu_pct(const struct metric_input *in)
{
	return in->results->core[in->index].utilisation * 100.0;
}

static double irq_cpu_pct(const struct metric_input *in)
{
	return in->results->core[in->index].interrupt_utilisation * 100.0;
}

/* Per source. */
static double source_drops(const struct metric_input *in)
{
	return (double)source(in)->drops;
}

/* Per queue. */
static double queue_throughput_mbps(const struct metric_input *in)
{
	return queue(in)->throughput_mbps;
}

static double queue_offered_frames(const struct metric_input *in)
{
	return (double)queue(in)->counters.offered_frames;
}

static double queue_drops_ring(const struct metric_input *in)
{
	return (double)queue(in)->counters.drops_ring;
}

static double queue_drops_socket(const struct metric_input *in)
{
	return (double)queue(in)->counters.drops_socket;
}

static double queue_interrupts_per_s(const struct metric_input *in)
{
	return queue(in)->interrupts_per_s;
}

static double queue_polls_per_s(const struct metric_input *in)
{
	return (double)queue(in)->counters.polls / seconds(in);
}

#define RUN METRIC_RUN
#define CORE METRIC_CORE
#define SOURCE METRIC_SOURCE
#define QUEUE METRIC_QUEUE
#define TABLE METRIC_IN_TABLE
#define ALWAYS DEFINED_ALWAYS
#define SAMPLED DEFINED_WITH_SAMPLE

/*
 * Every metric, in the order of the columns: the run's, then the per-core,
 * per-source and per-queue ones. Name, unit, scope, statistic, table
 * decimals, flags, when defined, and where the value comes from.
 */
static const struct metric metrics[] = {
	{ "offered_mbps", "Mb/s", RUN, STAT_FIGURE, 1, 0, ALWAYS, offered_mbps, NULL },
	{ "throughput_mbps", "Mb/s", RUN, STAT_FIGURE, 1, TABLE, ALWAYS, throughput_mbps, NULL },
	{ "interrupts_per_s", "1/s", RUN, STAT_FIGURE, 0, TABLE, ALWAYS, interrupts_per_s, NULL },
	{ "polls_per_s", "1/s", RUN, STAT_FIGURE, 0, TABLE, ALWAYS, polls_per_s, NULL },
	{ "offered_frames", "frames", RUN, STAT_COUNT, 0, 0, ALWAYS, offered_frames, NULL },
	{ "delivered_frames", "frames", RUN, STAT_COUNT, 0, 0, ALWAYS, delivered_frames, NULL },
	{ "drops_ring_frames", "frames", RUN, STAT_COUNT, 0, TABLE, ALWAYS, drops_ring, NULL },
	{ "drops_socket_frames", "frames", RUN, STAT_COUNT, 0, TABLE, ALWAYS, drops_socket, NULL },
	{ "drops_reassembly_frames", "frames", RUN, STAT_COUNT, 0, 0, ALWAYS, drops_reassembly,
	  NULL },
	{ "received_datagrams", "datagrams", RUN, STAT_COUNT, 0, 0, ALWAYS, received_datagrams,
	  NULL },
	{ "socket_p50_us", "us", RUN, STAT_P50, 1, 0, SAMPLED, NULL, to_socket },
	{ "socket_p99_us", "us", RUN, STAT_P99, 1, 0, SAMPLED, NULL, to_socket },
	{ "app_mean_us", "us", RUN, STAT_MEAN, 1, 0, SAMPLED, NULL, to_app },
	{ "app_p50_us", "us", RUN, STAT_P50, 1, TABLE, SAMPLED, NULL, to_app },
	{ "app_p99_us", "us", RUN, STAT_P99, 1, TABLE, SAMPLED, NULL, to_app },
	{ "app_p999_us", "us", RUN, STAT_P999, 1, 0, SAMPLED, NULL, to_app },
	{ "app_max_us", "us", RUN, STAT_MAX, 1, 0, SAMPLED, NULL, to_app },
	{ "rtt_min_us", "us", RUN, STAT_MIN, 1, 0, SAMPLED, NULL, rtt },
	{ "rtt_avg_us", "us", RUN, STAT_MEAN, 1, TABLE | METRIC_PING, SAMPLED, NULL, rtt },
	{ "rtt_max_us", "us", RUN, STAT_MAX, 1, TABLE | METRIC_PING, SAMPLED, NULL, rtt },
	{ "rtt_mdev_us", "us", RUN, STAT_STDDEV, 1, 0, SAMPLED, NULL, rtt },
	{ "sent_requests", "requests", RUN, STAT_COUNT, 0, 0, ALWAYS, sent_requests, NULL },
	{ "received_replies", "replies", RUN, STAT_COUNT, 0, TABLE | METRIC_PING, ALWAYS,
	  received_replies, NULL },
	{ "max_in_flight_requests", "requests", RUN, STAT_COUNT, 0, 0, ALWAYS, max_in_flight,
	  NULL },
	{ "sent_responses", "responses", RUN, STAT_COUNT, 0, 0, ALWAYS, sent_responses, NULL },
	{ "softirq_squeezes", "squeezes", RUN, STAT_COUNT, 0, 0, ALWAYS, softirq_squeezes, NULL },
	{ "interrupts_per_datagram", "interrupts/datagram", RUN, STAT_FIGURE, 3, 0,
	  DEFINED_WITH_DATAGRAMS, interrupts_per_datagram, NULL },
	/* The hybrid adapters' counters, after the warm-up. */
	{ "polls_deferred_per_s", "1/s", RUN, STAT_FIGURE, 0, TABLE | METRIC_HYBRID, ALWAYS,
	  polls_deferred_per_s, NULL },
	{ "empty_polls_per_s", "1/s", RUN, STAT_FIGURE, 0, TABLE | METRIC_HYBRID, ALWAYS,
	  empty_polls_per_s, NULL },
	{ "idle_polling_pct", "%", RUN, STAT_FIGURE, 1, TABLE | METRIC_HYBRID, ALWAYS,
	  idle_polling_pct, NULL },
	{ "added_mean_us", "us", RUN, STAT_MEAN, 2, 0, SAMPLED, NULL, added },
	{ "added_p50_us", "us", RUN, STAT_P50, 2, 0, SAMPLED, NULL, added },
	{ "added_p99_us", "us", RUN, STAT_P99, 2, 0, SAMPLED, NULL, added },
	{ "added_p999_us", "us", RUN, STAT_P999, 2, 0, SAMPLED, NULL, added },
	{ "timer_interrupts_per_s", "1/s", RUN, STAT_FIGURE, 0, 0, ALWAYS, timer_interrupts_per_s,
	  NULL },
	{ "all_interrupts_per_s", "1/s", RUN, STAT_FIGURE, 0, 0, ALWAYS, all_interrupts_per_s,
	  NULL },
	{ "drops_frames", "frames", RUN, STAT_COUNT, 0, 0, ALWAYS, drops, NULL },
	{ "host_cpu_pct", "% of one core", RUN, STAT_FIGURE, 2, 0, ALWAYS, host_cpu_pct, NULL },
	/* Since time 0, for offered = delivered + dropped + in flight. */
	{ "total_offered_frames", "frames", RUN, STAT_COUNT, 0, 0, ALWAYS, total_offered, NULL },
	{ "total_delivered_frames", "frames", RUN, STAT_COUNT, 0, 0, ALWAYS, total_delivered,
	  NULL },
	{ "total_dropped_frames", "frames", RUN, STAT_COUNT, 0, 0, ALWAYS, total_dropped, NULL },
	{ "total_in_flight_frames", "frames", RUN, STAT_COUNT, 0, 0, ALWAYS, total_in_flight,
	  NULL },
	{ "cpu%u_pct", "%", CORE, STAT_FIGURE, 1, TABLE, ALWAYS, cpu_pct, NULL },
	{ "cpu%u_irq_pct", "%", CORE, STAT_FIGURE, 1, TABLE, ALWAYS, irq_cpu_pct, NULL },
	{ "src%u_app_mean_us", "us", SOURCE, STAT_MEAN, 2, 0, SAMPLED, NULL, source_to_app },
	{ "src%u_app_p50_us", "us", SOURCE, STAT_P50, 2, 0, SAMPLED, NULL, source_to_app },
	{ "src%u_app_p99_us", "us", SOURCE, STAT_P99, 2, 0, SAMPLED, NULL, source_to_app },
	{ "src%u_app_p999_us", "us", SOURCE, STAT_P999, 2, 0, SAMPLED, NULL, source_to_app },
	{ "src%u_added_mean_us", "us", SOURCE, STAT_MEAN, 2, 0, SAMPLED, NULL, source_added },
	{ "src%u_added_p50_us", "us", SOURCE, STAT_P50, 2, 0, SAMPLED, NULL, source_added },
	{ "src%u_added_p99_us", "us", SOURCE, STAT_P99, 2, 0, SAMPLED, NULL, source_added },
	{ "src%u_added_p999_us", "us", SOURCE, STAT_P999, 2, 0, SAMPLED, NULL, source_added },
	{ "src%u_drops_frames", "frames", SOURCE, STAT_COUNT, 0, 0, ALWAYS, source_drops, NULL },
	{ "q%u_throughput_mbps", "Mb/s", QUEUE, STAT_FIGURE, 1, 0, ALWAYS, queue_throughput_mbps,
	  NULL },
	{ "q%u_offered_frames", "frames", QUEUE, STAT_COUNT, 0, 0, ALWAYS, queue_offered_frames,
	  NULL },
	{ "q%u_drops_ring_frames", "frames", QUEUE, STAT_COUNT, 0, 0, ALWAYS, queue_drops_ring,
	  NULL },
	{ "q%u_drops_socket_frames", "frames", QUEUE, STAT_COUNT, 0, 0, ALWAYS, queue_drops_socket,
	  NULL },
	{ "q%u_interrupts_per_s", "1/s", QUEUE, STAT_FIGURE, 0, 0, ALWAYS, queue_interrupts_per_s,
	  NULL },
	{ "q%u_polls_per_s", "1/s", QUEUE, STAT_FIGURE, 0, 0, ALWAYS, queue_polls_per_s, NULL },
	{ "q%u_app_mean_us", "us", QUEUE, STAT_MEAN, 2, 0, SAMPLED, NULL, queue_to_app },
	{ "q%u_app_p50_us", "us", QUEUE, STAT_P50, 2, 0, SAMPLED, NULL, queue_to_app },
	{ "q%u_app_p99_us", "us", QUEUE, STAT_P99, 2, 0, SAMPLED, NULL, queue_to_app },
	{ "q%u_app_p999_us", "us", QUEUE, STAT_P999, 2, 0, SAMPLED, NULL, queue_to_app },
	{ "q%u_added_mean_us", "us", QUEUE, STAT_MEAN, 2, 0, SAMPLED, NULL, queue_added },
	{ "q%u_added_p50_us", "us", QUEUE, STAT_P50, 2, 0, SAMPLED, NULL, queue_added },
	{ "q%u_added_p99_us", "us", QUEUE, STAT_P99, 2, 0, SAMPLED, NULL, queue_added },
	{ "q%u_added_p999_us", "us", QUEUE, STAT_P999, 2, 0, SAMPLED, NULL, queue_added },
};

#undef RUN
#undef CORE
#undef SOURCE
#undef QUEUE
#undef TABLE
#undef ALWAYS
#undef SAMPLED

_Static_assert(sizeof(metrics) / sizeof(metrics[0]) ==
		       METRICS_RUN + METRICS_CORE + METRICS_SOURCE + METRICS_QUEUE,
	       "METRICS_RUN and the others count the table's rows");

/* A statistic of a distribution, in us. */
static double distribution_us(const struct irqmod_sim_latency *l, enum metric_statistic statistic)
{
	switch (statistic) {
	case STAT_MEAN: return l->mean_ns / 1e3;
	case STAT_P50: return (double)l->p50_ns / 1e3;
	case STAT_P99: return (double)l->p99_ns / 1e3;
	case STAT_P999: return (double)l->p999_ns / 1e3;
	case STAT_MIN: return (double)l->min_ns / 1e3;
	case STAT_MAX: return (double)l->max_ns / 1e3;
	case STAT_STDDEV: return l->stddev_ns / 1e3;
	case STAT_COUNT:
	case STAT_FIGURE:
		break;
	}
	return 0.0;
}

static double metric_value(const struct metric *m, const struct metric_input *in)
{
	if (m->distribution)
		return distribution_us(m->distribution(in), m->statistic);
	return m->value(in);
}

static bool metric_defined(const struct metric *m, const struct metric_input *in)
{
	switch (m->defined) {
	case DEFINED_WITH_SAMPLE:
		return m->distribution(in)->count > 0;
	case DEFINED_WITH_DATAGRAMS:
		return counters(in)->received_datagrams > 0;
	case DEFINED_ALWAYS:
		break;
	}
	return true;
}

/* Two-sided 97.5% Student t quantiles for 1..30 degrees of freedom. */
static const double student_t975[31] = {
	0, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
	2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
	2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
};

struct options {
	const char *scenario_path;
	const char *csv_path;
	const char *json_path;
	const char *trace_path;
	const char *timeseries_path;
	uint64_t timeseries_interval_ns;
	const char *sweep;
	unsigned int seeds;
	bool quiet;
};

/* Context of the hooks. */
struct progress {
	struct timespec start;
	const char *label;
	bool shown;
	bool quiet;
	FILE *trace;
	FILE *timeseries;
	unsigned int queues; /* per-queue time-series columns */
};

static double elapsed_s(const struct timespec *start)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

static void on_progress(void *context, uint64_t now_ns, uint64_t duration_ns)
{
	struct progress *p = context;

	if (p->quiet || elapsed_s(&p->start) < 1.0)
		return;
	p->shown = true;
	fprintf(stderr, "\r%s: %5.1f%% of %.3f s simulated", p->label,
		100.0 * (double)now_ns / (double)duration_ns, (double)duration_ns / 1e9);
	fflush(stderr);
}

/*
 * A controller name as a CSV field: quoted when its knobs hold commas
 * (validated names hold no double quote).
 */
static void csv_name(FILE *f, const char *name)
{
	fprintf(f, strchr(name, ',') ? "\"%s\"" : "%s", name);
}

static void on_trace(void *context, const struct irqmod_sim_trace *t)
{
	struct progress *tc = context;

	csv_name(tc->trace, tc->label);
	fprintf(tc->trace, ",%" PRIu64 ",%" PRIu32 ",%" PRIu32 ",%" PRIu64 ",%" PRIu32 ",%" PRIu32
			  ",%" PRIu32 ",%" PRIu32 ",%u,%" PRIu32 ",%u\n",
		t->now_ns, t->queue, t->sample.rx_packets, t->sample.rx_bytes,
		t->sample.tx_packets, t->sample.events, t->sample.flags, t->decision.rx_interval_ns,
		t->decision.action, t->decision.poll_delay_ns, t->decision.frames);
}

/* --timeseries-interval's default: 100 us, ten buckets of a 10 us-scale
 * controller's reaction and 1000 of a 100 ms run. */
#define TIMESERIES_DEFAULT_INTERVAL_NS 100000u

/* The --timeseries CSV's columns before the per-queue ones. */
static const char timeseries_columns[] =
	"run,start_us,end_us,interrupts_per_s,interrupts,timer_interrupts,polls,offered_frames,"
	"delivered_frames,drops_ring_frames,drops_socket_frames,drops_reassembly_frames,"
	"added_mean_us,added_p99_us,app_mean_us,app_p99_us";

static void write_timeseries_header(FILE *f, unsigned int queues)
{
	unsigned int q;

	fputs(timeseries_columns, f);
	for (q = 0; q < queues; q++)
		fprintf(f, ",q%u_interval_us,q%u_ring_end_frames,q%u_ring_max_frames", q, q, q);
	fputc('\n', f);
}

/* A latency's mean and p99 in us, two empty cells without a sample. */
static void timeseries_latency(FILE *f, const struct irqmod_sim_latency *latency)
{
	if (latency->count == 0)
		fputs(",,", f);
	else
		fprintf(f, ",%.3f,%.3f", latency->mean_ns / 1e3, (double)latency->p99_ns / 1e3);
}

static void on_bucket(void *context, const struct irqmod_sim_bucket *b)
{
	struct progress *p = context;
	double seconds = (double)(b->end_ns - b->start_ns) / 1e9;
	unsigned int q;

	csv_name(p->timeseries, p->label);
	fprintf(p->timeseries, ",%.3f,%.3f,%.1f,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
			       ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64,
		(double)b->start_ns / 1e3, (double)b->end_ns / 1e3,
		seconds > 0 ? (double)b->interrupts / seconds : 0.0, b->interrupts,
		b->timer_interrupts, b->polls, b->offered_frames, b->delivered_frames,
		b->drops_ring, b->drops_socket, b->drops_reassembly);
	timeseries_latency(p->timeseries, &b->added_delay);
	timeseries_latency(p->timeseries, &b->to_app);
	/* Queues the run does not have (a sweep of nic.queues) stay empty. */
	for (q = 0; q < p->queues; q++) {
		if (q < b->queues)
			fprintf(p->timeseries, ",%.3f,%" PRIu32 ",%" PRIu32,
				(double)b->interval_ns[q] / 1e3, b->ring_frames[q],
				b->ring_max_frames[q]);
		else
			fputs(",,,", p->timeseries);
	}
	fputc('\n', p->timeseries);
}

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

static void seed_phases(struct irqmod_sim_config *run, const struct irqmod_sim_config *base)
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
 * docs/simulator.md "Speed" (bench-sim 1514 B, 30.0-32.1 M; the ring drops
 * of 60 B line rate go 5x faster, so this errs long).
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

static void usage(FILE *out)
{
	uint32_t kind;

	fprintf(out,
		"usage: irqmod-sim [options] [SCENARIO]\n"
		"\n"
		"Simulate the NIC receive path (traffic, link, RX ring, interrupt timer,\n"
		"NAPI, sockets, applications) and compare interrupt-moderation\n"
		"controllers on identical traffic (same seed).\n"
		"\n"
		"options:\n"
		"  -c, --controllers LIST  comma-separated controllers (default: [run] controllers,\n"
		"                          else every kind); names: none, static:<interval> (84us)");
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++)
		fprintf(out, ", %s", irqmod_kind_name(kind));
	fprintf(out, ";\n                          a hybrid around any of them: HYBRID+CONTROLLER,\n"
		     "                          HYBRID one of ");
	for (kind = IRQMOD_HYBRID_NONE + 1; kind < IRQMOD_HYBRID_COUNT; kind++)
		fprintf(out, "%s%s", irqmod_hybrid_kind_name(kind),
			kind + 1 < IRQMOD_HYBRID_COUNT ? ", " : "");
	fprintf(out,
		"\n"
		"  -s, --set SECTION.KEY=VALUE  override a scenario key (sourceN.KEY for the N-th\n"
		"                          source, from 0; source.KEY for the last one)\n"
		"      --seed N            base seed ([run] seed)\n"
		"      --seeds N           repeat over seeds seed..seed+N-1; report mean and 95%% CI\n"
		"      --duration D        [run] duration (e.g. 2s)\n"
		"      --sweep KEY=FROM:TO:STEP  run every value of a numeric key or knob (units\n"
		"                          allowed, e.g. --sweep run.static_interval=40us:250us:10us,\n"
		"                          --sweep idle-poll.idle_time=10us:200us:10us)\n"
		"      --csv FILE          write every metric as CSV\n"
		"      --json FILE         write every metric as JSON\n"
		"      --trace FILE        write every controller call as CSV\n"
		"      --timeseries FILE   write each run's time series as CSV: per bucket, the\n"
		"                          interrupt rate and counts, polls, drops, added and\n"
		"                          to-app latency (mean, p99; empty without a sample)\n"
		"                          and per queue the interval in force and the RX ring\n"
		"                          occupancy (at the end, and its maximum); from time 0,\n"
		"                          warm-up included; needs -j 1\n"
		"      --timeseries-interval D  bucket length (default 100us, at least 1us)\n"
		"  -j, --jobs N            make the runs (sweep points x controllers x seeds) on N\n"
		"                          processes; the output is the same as with -j 1\n"
		"      --shard K/N         run only the K-th of N equal shares of the rows (sweep\n"
		"                          points x controllers), for a job array across machines\n"
		"      --merge FILE...     join the shares' --csv or --json files (given in shard\n"
		"                          order) into the single run's, on standard output\n"
		"  -q, --quiet             no progress on stderr\n"
		"      --progress          progress on stderr even when it is not a terminal\n"
		"      --estimate          print the runs' size and the time they would take\n"
		"                          (runs that would take 10 s or more print it anyway)\n"
		"                          and exit\n"		"      --version           print the irqmod and simulator versions and exit\n"
		"      --list-controllers  print the controller names and exit\n"
		"      --list-keys         print every scenario key (unit, range, default, tool)\n"
		"                          as a Markdown table and exit\n"
		"  -h, --help              this text, including every scenario key\n"
		"\n"
		"Scenario files hold 'key = value' lines under [section] headers; '#' starts a\n"
		"comment. Durations take ns, us, ms or s; rates k, M or G; link speeds M or G.\n"
		"Unknown sections, keys and bad values are errors naming the file and line.\n"
		"Exit status: 0 success, 1 a run failed, 2 bad input.\n"
		"\n");
	fprintf(out,
		"output: every CSV column name ends in its unit: _us (every time), _mbps,\n"
		"  _per_s, _pct, or for a count the plural of what it counts (_frames,\n"
		"  _datagrams, _requests, _replies, _responses, _squeezes; interrupts and\n"
		"  polls in the time series); controller, run and the sweep key (in the key's\n"
		"  base unit) are labels; NAME_ci95 with --seeds. A metric without a sample\n"
		"  in any seed (no datagram read, no ping reply) is empty in the CSV, null in\n"
		"  the JSON, '-' in the table. The JSON starts with a header (versions,\n"
		"  scenario, seed, seeds, sweep, the unit of every field); counts are integers\n"
		"  for one seed (docs/irqmod-sim-output.schema.json). Columns: offered_mbps,\n"
		"  throughput_mbps, interrupts_per_s, polls_per_s, offered_frames,\n"
		"  delivered_frames, drops_{ring,socket,reassembly}_frames, drops_frames,\n"
		"  received_datagrams, socket_{p50,p99}_us, app_{mean,p50,p99,p999,max}_us,\n"
		"  rtt_{min,avg,max,mdev}_us, sent_requests, received_replies,\n"
		"  max_in_flight_requests, sent_responses, softirq_squeezes,\n"
		"  interrupts_per_datagram, added_{mean,p50,p99,p999}_us,\n"
		"  timer_interrupts_per_s, all_interrupts_per_s, host_cpu_pct,\n"
		"  total_{offered,delivered,dropped,in_flight}_frames (since time 0: offered =\n"
		"  delivered + dropped + in flight), cpuN_pct, cpuN_irq_pct,\n"
		"  srcN_{app,added}_{mean,p50,p99,p999}_us, srcN_drops_frames.\n"
		"  --timeseries: run (controller/sweep value/seed index), start_us, end_us,\n"
		"  interrupts_per_s, interrupts, timer_interrupts, polls, offered_frames,\n"
		"  delivered_frames, drops_{ring,socket,reassembly}_frames,\n"
		"  added_{mean,p99}_us, app_{mean,p99}_us (empty without a sample), and per\n"
		"  queue qN_interval_us (in force at the end), qN_ring_end_frames,\n"
		"  qN_ring_max_frames.\n"
		"\n");
	fprintf(out,
		"controllers:\n"
		"  [HYBRID[(KNOB=VALUE,...)]+]CONTROLLER[(KNOB=VALUE,...)], e.g. idle-poll+ixgbe,\n"
		"  defer-irq+static:50us, recheck(max_rounds=8)+latency-class, ixgbe(max=84us),\n"
		"  idle-poll(poll_spacing=2us,idle_time=200us)+ixgbe(max=84us). Plain 'static'\n"
		"  uses [run] static_interval. Knobs not given keep the defaults below\n"
		"  (docs/hybrid-contract.md); hybrid rows add polls_deferred_per_s,\n"
		"  empty_polls_per_s and idle_polling_pct (share of the queues' time spent in\n"
		"  polled mode finding nothing, interrupt masked; the CPU it costs is in\n"
		"  cpuN_pct), counted after the warm-up; '-' for interval controllers.\n"
		"knobs (also scenario keys: '[idle-poll] idle_time = 200us', or --set and\n"
		"--sweep idle-poll.idle_time=..., set the knob in every controller it belongs\n"
		"to, over the knobs the controller's name gives):\n");
	irqmod_scenario_print_knobs(out);
	fprintf(out,
		"\n"
		"keys:\n");
	irqmod_scenario_print_keys(out);
}

static void add_column(struct column *column, const struct metric *m, uint32_t index)
{
	column->metric = m;
	column->index = index;
	snprintf(column->name, sizeof(column->name), m->name, index);
}

#ifndef NDEBUG
/*
 * The table as the rest of the tool takes it: METRICS_RUN and the others
 * count its rows of each scope (MAX_COLUMNS holds the columns), and each
 * row has one source for its value, a value function or the distribution
 * its statistic (and its being defined) comes from.
 */
static bool table_is_whole(void)
{
	uint32_t m, count[METRIC_QUEUE + 1] = { 0 };

	for (m = 0; m < sizeof(metrics) / sizeof(metrics[0]); m++) {
		const struct metric *row = &metrics[m];
		bool of_distribution = row->statistic != STAT_COUNT &&
				       row->statistic != STAT_FIGURE;

		if (of_distribution ? !row->distribution || row->value ||
					      row->defined != DEFINED_WITH_SAMPLE
				    : !row->value || row->distribution ||
					      row->defined == DEFINED_WITH_SAMPLE)
			return false;
		count[row->scope]++;
	}
	return count[METRIC_RUN] == METRICS_RUN && count[METRIC_CORE] == METRICS_CORE &&
	       count[METRIC_SOURCE] == METRICS_SOURCE && count[METRIC_QUEUE] == METRICS_QUEUE;
}
#endif

/*
 * The columns of runs on @cores cores with @sources sources and @queues
 * queues: the run's metrics, each per-core metric for every core, every
 * source's metrics, and every queue's with several queues (one queue's
 * are the run's). Return: how many.
 */
static int build_columns(struct column *columns, unsigned int cores, unsigned int sources,
			 unsigned int queues)
{
	const uint32_t metric_count = sizeof(metrics) / sizeof(metrics[0]);
	uint32_t m, i;
	int count = 0;

	assert(table_is_whole());
	for (m = 0; m < metric_count; m++)
		if (metrics[m].scope == METRIC_RUN)
			add_column(&columns[count++], &metrics[m], 0);
	for (m = 0; m < metric_count; m++)
		for (i = 0; metrics[m].scope == METRIC_CORE && i < cores; i++)
			add_column(&columns[count++], &metrics[m], i);
	for (i = 0; i < sources; i++)
		for (m = 0; m < metric_count; m++)
			if (metrics[m].scope == METRIC_SOURCE)
				add_column(&columns[count++], &metrics[m], i);
	for (i = 0; queues > 1 && i < queues; i++)
		for (m = 0; m < metric_count; m++)
			if (metrics[m].scope == METRIC_QUEUE)
				add_column(&columns[count++], &metrics[m], i);
	return count;
}

/* Queues with columns of their own: 0 with one queue. */
static uint32_t column_queues(const struct column *columns, int column_count)
{
	uint32_t queues = 0;
	int c;

	for (c = 0; c < column_count; c++)
		if (columns[c].metric->scope == METRIC_QUEUE && columns[c].index >= queues)
			queues = columns[c].index + 1;
	return queues;
}

/* A column's value in one run, and whether the run has one. */
static void column_value(const struct column *column, const struct irqmod_sim_results *results,
			 const struct irqmod_hybrid_counters *hybrid, uint32_t queues,
			 double *value, bool *defined)
{
	const struct metric_input in = { .results = results, .hybrid = hybrid, .queues = queues,
					 .index = column->index };

	*value = metric_value(column->metric, &in);
	*defined = metric_defined(column->metric, &in);
}

/* One row: a controller at one sweep point, over all seeds. */
struct row {
	char controller[IRQMOD_SCENARIO_NAME_BYTES];
	uint64_t sweep_value;
	double mean[MAX_COLUMNS];
	double ci[MAX_COLUMNS];
	/* Seeds in which the metric had a value (metric_defined()); 0: none. */
	unsigned int samples[MAX_COLUMNS];
	/* Ping summary of the first seed. */
	struct irqmod_sim_results first;
	/* The row runs a hybrid: its metrics are meaningful. */
	bool hybrid;
};

static void print_ping(const struct row *row)
{
	const struct irqmod_sim_results *r = &row->first;
	const struct irqmod_sim_counters *k = &r->counters;
	double loss = k->requests_sent ? 100.0 * (double)(k->requests_sent - k->replies_received) /
						 (double)k->requests_sent
				       : 0.0;

	printf("--- %s: %" PRIu64 " packets transmitted, %" PRIu64 " received, %.0f%% packet loss\n",
	       row->controller, k->requests_sent, k->replies_received, loss < 0 ? 0.0 : loss);
	/* ping's own line adds "ewma", the last value of a 1/8-weight RTT
	 * average, which the simulator does not keep. */
	printf("rtt min/avg/max/mdev = %.3f/%.3f/%.3f/%.3f ms, pipe %" PRIu32 ", ipg %.3f ms\n",
	       (double)r->rtt.min_ns / 1e6, r->rtt.mean_ns / 1e6, (double)r->rtt.max_ns / 1e6,
	       r->rtt.stddev_ns / 1e6, r->requests_in_flight_max,
	       k->requests_sent ? (double)r->window_ns / 1e6 / (double)k->requests_sent : 0.0);
}

/* A row without the column's metric: a hybrid's, in a row without one. */
static bool row_lacks(const struct row *row, const struct column *column)
{
	return (column->metric->flags & METRIC_HYBRID) && !row->hybrid;
}

/*
 * The table shows its metrics, the hybrids' only when a row runs a hybrid,
 * the ping figures only when a run pinged.
 */
static bool table_shows(const struct column *column, bool any_hybrid, bool show_rtt)
{
	uint32_t flags = column->metric->flags;

	return (flags & METRIC_IN_TABLE) && (any_hybrid || !(flags & METRIC_HYBRID)) &&
	       (show_rtt || !(flags & METRIC_PING));
}

static void print_table(const struct row *rows, unsigned int row_count, const struct column *columns,
			int column_count, const char *sweep_key, bool show_rtt, unsigned int seeds)
{
	unsigned int i;
	int c;
	int width;
	int key_width = sweep_key && strlen(sweep_key) > 14 ? (int)strlen(sweep_key) : 14;
	int name_width = 16;
	bool any_hybrid = false;

	for (i = 0; i < row_count; i++) {
		if ((int)strlen(rows[i].controller) > name_width)
			name_width = (int)strlen(rows[i].controller);
		any_hybrid |= rows[i].hybrid;
	}
	if (sweep_key)
		printf("%-*s ", key_width, sweep_key);
	printf("%-*s", name_width, "controller");
	for (c = 0; c < column_count; c++) {
		if (!table_shows(&columns[c], any_hybrid, show_rtt))
			continue;
		width = (int)strlen(columns[c].name) + (seeds > 1 ? 8 : 0);
		printf(" %*s", width < 10 ? 10 : width, columns[c].name);
	}
	printf("\n");
	for (i = 0; i < row_count; i++) {
		if (sweep_key)
			printf("%-*" PRIu64 " ", key_width, rows[i].sweep_value);
		printf("%-*s", name_width, rows[i].controller);
		for (c = 0; c < column_count; c++) {
			int precision = columns[c].metric->precision;
			char cell[64];

			if (!table_shows(&columns[c], any_hybrid, show_rtt))
				continue;
			if (row_lacks(&rows[i], &columns[c]) || rows[i].samples[c] == 0)
				snprintf(cell, sizeof(cell), "-");
			else if (seeds > 1)
				snprintf(cell, sizeof(cell), "%.*f±%.*f", precision, rows[i].mean[c],
					 precision, rows[i].ci[c]);
			else
				snprintf(cell, sizeof(cell), "%.*f", precision, rows[i].mean[c]);
			width = (int)strlen(columns[c].name) + (seeds > 1 ? 8 : 0);
			printf(" %*s", width < 10 ? 10 : width, cell);
		}
		printf("\n");
	}
}

/*
 * Close an output stream and report what was lost: a write that failed at
 * any point (a full disk, /dev/full) sets the stream's error flag, and the
 * last buffered bytes fail only at fclose(). Return: 0, or -1 after a
 * message naming the option and the file.
 */
static int close_output(FILE *f, const char *option, const char *path)
{
	int failed = ferror(f);
	int saved_errno = errno;

	if (fclose(f) != 0) {
		failed = 1;
		saved_errno = errno;
	}
	if (!failed)
		return 0;
	fprintf(stderr, "irqmod-sim: %s %s: write error: %s\n", option, path,
		saved_errno ? strerror(saved_errno) : "unknown");
	return -1;
}

/* Check before the simulation that @path can be created or overwritten. */
static int check_output(const char *option, const char *path)
{
	FILE *f;

	if (!path)
		return 0;
	f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "irqmod-sim: %s %s: cannot write: %s\n", option, path,
			strerror(errno));
		return -1;
	}
	return close_output(f, option, path);
}

/*
 * Decimals of a value in the CSV and JSON: none for a count of one seed
 * (an exact integer), the table's plus 3 for the rest and for means over
 * seeds.
 */
static int value_decimals(const struct column *column, unsigned int seeds)
{
	const struct metric *m = column->metric;

	return m->statistic == STAT_COUNT && seeds == 1 ? 0 : m->precision + 3;
}

static int write_csv(const char *path, const struct row *rows, unsigned int row_count,
		     const struct column *columns, int column_count, const char *sweep_key,
		     unsigned int seeds)
{
	FILE *f = fopen(path, "w");
	unsigned int i;
	int c;

	if (!f) {
		fprintf(stderr, "irqmod-sim: cannot write %s: %s\n", path, strerror(errno));
		return -1;
	}
	if (sweep_key)
		fprintf(f, "%s,", sweep_key);
	fprintf(f, "controller");
	for (c = 0; c < column_count; c++) {
		fprintf(f, ",%s", columns[c].name);
		if (seeds > 1)
			fprintf(f, ",%s_ci95", columns[c].name);
	}
	fprintf(f, "\n");
	for (i = 0; i < row_count; i++) {
		if (sweep_key)
			fprintf(f, "%" PRIu64 ",", rows[i].sweep_value);
		csv_name(f, rows[i].controller);
		for (c = 0; c < column_count; c++) {
			/* Empty cells: a metric the row's controller does not
			 * have, or one without a sample in any seed. */
			if (row_lacks(&rows[i], &columns[c]) || rows[i].samples[c] == 0) {
				fprintf(f, seeds > 1 ? ",," : ",");
				continue;
			}
			fprintf(f, ",%.*f", value_decimals(&columns[c], seeds), rows[i].mean[c]);
			if (seeds > 1)
				fprintf(f, ",%.*f", columns[c].metric->precision + 3, rows[i].ci[c]);
		}
		fprintf(f, "\n");
	}
	return close_output(f, "--csv", path);
}

/* A JSON string: @text with quotes, backslashes and control bytes escaped. */
static void json_string(FILE *f, const char *text)
{
	const unsigned char *p = (const unsigned char *)text;

	fputc('"', f);
	for (; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p < 0x20)
			fprintf(f, "\\u%04x", *p);
		else
			fputc(*p, f);
	}
	fputc('"', f);
}

/* What the JSON header says about the runs (write_json()). */
struct json_header {
	const char *scenario_path; /* NULL: defaults and --set only */
	uint64_t seed;		   /* the first seed */
	unsigned int seeds;
	const char *sweep_key;	   /* NULL without --sweep */
};

/* The scenario's name: its file name without the directory and ".ini". */
static void scenario_name(const char *path, char *name, size_t bytes)
{
	const char *base = strrchr(path, '/');
	size_t n;

	base = base ? base + 1 : path;
	n = strlen(base);
	if (n > 4 && strcmp(base + n - 4, ".ini") == 0)
		n -= 4;
	snprintf(name, bytes, "%.*s", (int)n, base);
}

/*
 * The header is one line (--merge compares it between shards): the
 * versions, the scenario, the seeds, and the unit of every field a run
 * may hold.
 */
static void write_json_header(FILE *f, const struct json_header *h, const struct column *columns,
			      int column_count)
{
	uint32_t v = irqmod_version();
	char name[256];
	int c;

	fprintf(f, "  \"header\": {\"irqmod_version\": \"%u.%u.%u\", \"simulator_model\": \"%s\", "
		   "\"scenario\": {\"file\": ", v >> 16, (v >> 8) & 0xffu, v & 0xffu,
		IRQMOD_SIM_MODEL_VERSION);
	if (h->scenario_path) {
		scenario_name(h->scenario_path, name, sizeof(name));
		json_string(f, h->scenario_path);
		fprintf(f, ", \"name\": ");
		json_string(f, name);
	} else {
		fprintf(f, "null, \"name\": null");
	}
	fprintf(f, "}, \"seed\": %" PRIu64 ", \"seeds\": %u, \"sweep\": ", h->seed, h->seeds);
	if (h->sweep_key)
		json_string(f, h->sweep_key);
	else
		fprintf(f, "null");
	fprintf(f, ", \"units\": {\"controller\": \"label\"");
	if (column_queues(columns, column_count) > 0)
		fprintf(f, ", \"queue_controllers\": \"label\"");
	if (h->sweep_key) {
		fprintf(f, ", ");
		json_string(f, h->sweep_key);
		fprintf(f, ": \"the key's base unit\"");
	}
	for (c = 0; c < column_count; c++) {
		const char *unit = columns[c].metric->unit;

		fprintf(f, ", \"%s\": \"%s\"", columns[c].name, unit);
		if (h->seeds > 1)
			fprintf(f, ", \"%s_ci95\": \"%s\"", columns[c].name, unit);
	}
	fprintf(f, "}},\n");
}

/* With several queues, the controller each ran: "queue_controllers": [...]. */
static void json_queue_controllers(FILE *f, const char *controller, const struct column *columns,
				   int column_count)
{
	char name[IRQMOD_SCENARIO_NAME_BYTES];
	uint32_t queues = column_queues(columns, column_count), q;

	if (queues == 0)
		return;
	fprintf(f, ", \"queue_controllers\": [");
	for (q = 0; q < queues; q++) {
		irqmod_queue_controllers_name(controller, q, name, sizeof(name));
		fputs(q ? ", " : "", f);
		json_string(f, name);
	}
	fprintf(f, "]");
}

static int write_json(const char *path, const struct row *rows, unsigned int row_count,
		      const struct column *columns, int column_count,
		      const struct json_header *header)
{
	FILE *f = fopen(path, "w");
	unsigned int i, seeds = header->seeds;
	int c;

	if (!f) {
		fprintf(stderr, "irqmod-sim: cannot write %s: %s\n", path, strerror(errno));
		return -1;
	}
	fprintf(f, "{\n");
	write_json_header(f, header, columns, column_count);
	fprintf(f, "  \"runs\": [\n");
	for (i = 0; i < row_count; i++) {
		fprintf(f, "    {\"controller\": ");
		json_string(f, rows[i].controller);
		json_queue_controllers(f, rows[i].controller, columns, column_count);
		if (header->sweep_key) {
			fprintf(f, ", ");
			json_string(f, header->sweep_key);
			fprintf(f, ": %" PRIu64, rows[i].sweep_value);
		}
		for (c = 0; c < column_count; c++) {
			/* A metric the row's controller does not have is left out;
			 * one without a sample in any seed is null. */
			if (row_lacks(&rows[i], &columns[c]))
				continue;
			if (rows[i].samples[c] == 0) {
				fprintf(f, ", \"%s\": null", columns[c].name);
				if (seeds > 1)
					fprintf(f, ", \"%s_ci95\": null", columns[c].name);
				continue;
			}
			fprintf(f, ", \"%s\": %.*f", columns[c].name,
				value_decimals(&columns[c], seeds), rows[i].mean[c]);
			if (seeds > 1)
				fprintf(f, ", \"%s_ci95\": %.*f", columns[c].name,
					columns[c].metric->precision + 3, rows[i].ci[c]);
		}
		fprintf(f, "}%s\n", i + 1 < row_count ? "," : "");
	}
	fprintf(f, "  ]\n}\n");
	return close_output(f, "--json", path);
}

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

/* What every run of the command shares. */
struct plan {
	const struct irqmod_scenario *scenario;
	const struct column *columns;
	int column_count;
	const char *sweep_key; /* NULL without --sweep */
	uint64_t sweep_from;
	uint64_t sweep_step;
	unsigned int seeds;
	bool progress; /* per-run progress on stderr (-j 1 only) */
	FILE *trace;   /* -j 1 only */
	FILE *timeseries; /* -j 1 only */
	uint64_t timeseries_interval_ns;
};

/* The controller of global row @row_index (point-major order). */
static const char *row_controller(const struct plan *plan, unsigned int row_index)
{
	return plan->scenario->controllers[row_index % plan->scenario->controller_count];
}

static uint64_t row_sweep_value(const struct plan *plan, unsigned int row_index)
{
	return plan->sweep_from +
	       (uint64_t)(row_index / plan->scenario->controller_count) * plan->sweep_step;
}

static void run_job(const struct plan *plan, unsigned int row_index, unsigned int seed,
		    struct job_result *out)
{
	const struct irqmod_scenario *scenario = plan->scenario;
	const char *name = row_controller(plan, row_index);
	uint64_t sweep_value = row_sweep_value(plan, row_index);
	struct irqmod_scenario run = *scenario;
	struct irqmod_sim_controller controllers[IRQMOD_SIM_MAX_QUEUES];
	struct irqmod_queue_controllers *row = malloc(sizeof(*row));
	struct irqmod_hybrid_counters counters;
	char label[IRQMOD_SCENARIO_NAME_BYTES + 64], message[2048], assignment[4200];
	struct progress progress = { .label = label, .quiet = !plan->progress,
				     .trace = plan->trace, .timeseries = plan->timeseries,
				     .queues = scenario->config.queues };
	struct irqmod_sim_hooks hooks = {
		.trace = plan->trace ? on_trace : NULL,
		.progress = on_progress,
		.context = &progress,
		.timeseries = plan->timeseries ? on_bucket : NULL,
		.timeseries_interval_ns = plan->timeseries_interval_ns,
	};
	int error, c;

	memset(out, 0, sizeof(*out));
	if (plan->sweep_key) {
		snprintf(assignment, sizeof(assignment), "%s=%" PRIu64, plan->sweep_key,
			 sweep_value);
		irqmod_scenario_set(&run, assignment, message, sizeof(message));
	}
	/* The same resolution the list was checked with, now for this run's
	 * link speed and static interval. */
	if (!row) {
		snprintf(out->message, sizeof(out->message), "%s: out of memory", name);
		out->fatal = EXIT_RUN_FAILED;
		return;
	}
	if (irqmod_queue_controllers_resolve(&run, name, run.config.link_speed_mbps,
					     run.config.queues, row, message, sizeof(message))) {
		snprintf(out->message, sizeof(out->message), "%s", message);
		out->fatal = EXIT_BAD_INPUT;
		free(row);
		return;
	}
	/* The simulator keeps each queue's controller or hybrid, afresh each seed. */
	irqmod_queue_controllers_fill(row, controllers);
	if (row->count == 1)
		controllers[0].name = name;
	snprintf(label, sizeof(label), "%s/%" PRIu64 "/%u", name, sweep_value, seed);
	clock_gettime(CLOCK_MONOTONIC, &progress.start);
	run.config.seed = scenario->config.seed + seed;
	seed_phases(&run.config, &scenario->config);
	error = irqmod_sim_run_queues(&run.config, controllers, row->count, &hooks, &out->results);
	hybrid_window(&out->results, &counters);
	for (c = 0; c < (int)row->count; c++)
		out->hybrid |= row->configs[c].kind != IRQMOD_HYBRID_NONE;
	if (progress.shown)
		fprintf(stderr, "\r%60s\r", "");
	if (error) {
		snprintf(out->message, sizeof(out->message), "%s: run failed: %s", name,
			 irqmod_strerror(error));
		out->status = EXIT_RUN_FAILED;
	} else {
		out->rtt = out->results.rtt.count > 0 || out->results.counters.requests_sent > 0;
		for (c = 0; c < plan->column_count; c++)
			column_value(&plan->columns[c], &out->results, &counters, run.config.queues,
				     &out->value[c], &out->defined[c]);
	}
	free(row);
}

/* At most this many worker processes (-j). */
#define MAX_JOBS 256u

struct worker {
	pid_t pid;
	int fd;
};

static int write_all(int fd, const void *buffer, size_t bytes)
{
	const char *p = buffer;

	while (bytes > 0) {
		ssize_t n = write(fd, p, bytes);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		bytes -= (size_t)n;
	}
	return 0;
}

static int read_all(int fd, void *buffer, size_t bytes)
{
	char *p = buffer;

	while (bytes > 0) {
		ssize_t n = read(fd, p, bytes);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		bytes -= (size_t)n;
	}
	return 0;
}

/*
 * Close the pipes and reap the workers; @early: stop those still running
 * (the parent gave up early). Return: 0, or -1 if one failed.
 */
static int stop_workers(struct worker *workers, unsigned int count, bool early)
{
	unsigned int k;
	int failed = 0;

	for (k = 0; k < count; k++)
		if (workers[k].fd >= 0)
			close(workers[k].fd);
	for (k = 0; k < count; k++) {
		int wstatus;

		if (workers[k].pid <= 0)
			continue;
		/* A worker still running has nobody to write to: stop it. */
		if (early)
			kill(workers[k].pid, SIGTERM);
		if (waitpid(workers[k].pid, &wstatus, 0) < 0 ||
		    (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) != 0))
			failed = -1;
	}
	return failed;
}

/*
 * Start @count workers; worker k makes the runs k, k + count, ... of the
 * @job_count runs from @first_job (run j is row j / seeds, seed j % seeds)
 * and writes each job_result, in that order, to its pipe.
 */
static int start_workers(const struct plan *plan, unsigned int first_job, unsigned int job_count,
			 struct worker *workers, unsigned int count)
{
	unsigned int k, m;

	for (k = 0; k < count; k++)
		workers[k] = (struct worker){ .pid = -1, .fd = -1 };
	fflush(NULL);
	for (k = 0; k < count; k++) {
		int fds[2];
		pid_t pid;

		if (pipe(fds) != 0) {
			fprintf(stderr, "irqmod-sim: -j: pipe: %s\n", strerror(errno));
			stop_workers(workers, k, true);
			return -1;
		}
		pid = fork();
		if (pid < 0) {
			fprintf(stderr, "irqmod-sim: -j: fork: %s\n", strerror(errno));
			close(fds[0]);
			close(fds[1]);
			stop_workers(workers, k, true);
			return -1;
		}
		if (pid == 0) {
			struct job_result *result = malloc(sizeof(*result));
			unsigned int j;

			close(fds[0]);
			for (m = 0; m < k; m++)
				close(workers[m].fd);
			if (!result)
				_exit(EXIT_RUN_FAILED);
			for (j = k; j < job_count; j += count) {
				unsigned int job = first_job + j;

				run_job(plan, job / plan->seeds, job % plan->seeds, result);
				if (write_all(fds[1], result, sizeof(*result))) {
					free(result);
					_exit(EXIT_RUN_FAILED);
				}
			}
			free(result);
			_exit(0);
		}
		close(fds[1]);
		workers[k].pid = pid;
		workers[k].fd = fds[0];
	}
	return 0;
}

static int parse_unsigned(const char *text, unsigned int max, unsigned int *value)
{
	char *end;
	unsigned long v;

	if (!text || !*text || *text == '-')
		return -1;
	v = strtoul(text, &end, 10);
	if (*end || v == 0 || v > max)
		return -1;
	*value = (unsigned int)v;
	return 0;
}

/* K/N of --shard. Return: 0, or -1 for anything but 1 <= K <= N <= MAX_POINTS. */
static int parse_shard(const char *text, unsigned int *shard, unsigned int *count)
{
	char copy[32], *slash;

	if (strlen(text) >= sizeof(copy))
		return -1;
	strcpy(copy, text);
	slash = strchr(copy, '/');
	if (!slash)
		return -1;
	*slash = '\0';
	if (parse_unsigned(copy, MAX_POINTS, shard) || parse_unsigned(slash + 1, MAX_POINTS, count) ||
	    *shard > *count)
		return -1;
	return 0;
}

static void print_version(FILE *out)
{
	uint32_t v = irqmod_version();

	fprintf(out, "irqmod-sim (irqmod) %u.%u.%u\nsimulator model %s\n", v >> 16,
		(v >> 8) & 0xffu, v & 0xffu, IRQMOD_SIM_MODEL_VERSION);
}

/* Longest line --merge takes (a CSV row of every column fits). */
#define MERGE_LINE_BYTES (1u << 20)

/*
 * --merge FILE...: join the CSV or JSON outputs of the shards of one
 * command (--shard 1/N ... N/N, given in that order) into what the
 * single run writes, on standard output. The shares must agree on the
 * CSV header, or on the JSON's "header" line.
 */
static int merge_outputs(int count, char **paths)
{
	char *line = malloc(MERGE_LINE_BYTES), *head = malloc(MERGE_LINE_BYTES);
	char *pending = malloc(MERGE_LINE_BYTES);
	bool json = false, have_pending = false;
	int i, status = 0;

	if (!line || !head || !pending) {
		free(line);
		free(head);
		free(pending);
		return EXIT_RUN_FAILED;
	}
	if (count < 1) {
		fprintf(stderr, "irqmod-sim: --merge needs the shards' CSV or JSON files\n");
		status = EXIT_BAD_INPUT;
	}
	for (i = 0; i < count && status == 0; i++) {
		FILE *f = fopen(paths[i], "r");
		unsigned int number = 0;

		if (!f) {
			fprintf(stderr, "irqmod-sim: --merge %s: %s\n", paths[i], strerror(errno));
			status = EXIT_BAD_INPUT;
			break;
		}
		while (status == 0 && fgets(line, (int)MERGE_LINE_BYTES, f)) {
			size_t n = strlen(line);

			number++;
			if (n == 0 || line[n - 1] != '\n') {
				fprintf(stderr, "irqmod-sim: --merge %s:%u: line too long or not "
						"ended\n", paths[i], number);
				status = EXIT_BAD_INPUT;
				break;
			}
			if (number == 1) {
				if (i == 0) {
					json = strcmp(line, "{\n") == 0;
					if (!json)
						fputs(line, stdout);
				} else if (json != (strcmp(line, "{\n") == 0) ||
					   (!json && strcmp(line, head) != 0)) {
					fprintf(stderr, "irqmod-sim: --merge %s: its columns differ "
							"from %s's\n", paths[i], paths[0]);
					status = EXIT_BAD_INPUT;
					break;
				}
				if (i == 0)
					strcpy(head, line);
				continue;
			}
			if (!json) {
				fputs(line, stdout);
				continue;
			}
			if (number == 2) {
				/* The header line: every shard ran the same
				 * scenario, seeds and columns. */
				if (i == 0) {
					fputs("{\n", stdout);
					fputs(line, stdout);
					strcpy(head, line);
				} else if (strcmp(line, head) != 0) {
					fprintf(stderr, "irqmod-sim: --merge %s:2: its header (scenario, "
							"seeds, columns) differs from %s's\n", paths[i],
						paths[0]);
					status = EXIT_BAD_INPUT;
				}
				continue;
			}
			if (strncmp(line, "    {", 5) != 0) {
				if (number == 3 && i == 0)
					fputs(line, stdout);
				continue; /* the "runs" line, and the closing lines */
			}
			/* A run: the commas go between runs of all the files. */
			if (have_pending)
				printf("%s,\n", pending);
			line[n - 1] = '\0';
			if (n >= 2 && line[n - 2] == ',')
				line[n - 2] = '\0';
			strcpy(pending, line);
			have_pending = true;
		}
		if (status == 0 && ferror(f)) {
			fprintf(stderr, "irqmod-sim: --merge %s: read error\n", paths[i]);
			status = EXIT_BAD_INPUT;
		}
		fclose(f);
	}
	if (status == 0 && json) {
		if (have_pending)
			printf("%s\n", pending);
		printf("  ]\n}\n");
	}
	free(line);
	free(head);
	free(pending);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "irqmod-sim: standard output: write error: %s\n", strerror(errno));
		status = EXIT_RUN_FAILED;
	}
	return status;
}

int main(int argc, char **argv)
{
	static const struct option long_options[] = {
		{ "controllers", required_argument, NULL, 'c' },
		{ "set", required_argument, NULL, 's' },
		{ "seed", required_argument, NULL, 'S' },
		{ "seeds", required_argument, NULL, 'N' },
		{ "duration", required_argument, NULL, 'D' },
		{ "sweep", required_argument, NULL, 'W' },
		{ "csv", required_argument, NULL, 'C' },
		{ "json", required_argument, NULL, 'J' },
		{ "trace", required_argument, NULL, 'T' },
		{ "timeseries", required_argument, NULL, 'Y' },
		{ "timeseries-interval", required_argument, NULL, 'I' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "progress", no_argument, NULL, 'P' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "shard", required_argument, NULL, 'K' },
		{ "merge", no_argument, NULL, 'M' },
		{ "version", no_argument, NULL, 'V' },
		{ "estimate", no_argument, NULL, 'E' },
		{ "list-controllers", no_argument, NULL, 'L' },
		{ "list-keys", no_argument, NULL, 'G' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static struct irqmod_scenario scenario_storage;
	struct irqmod_scenario *scenario = &scenario_storage;
	struct options options = { .seeds = 1,
				   .timeseries_interval_ns = TIMESERIES_DEFAULT_INTERVAL_NS };
	const char *timeseries_interval_text = NULL;
	char message[2048], assignment[4200], origin[512];
	char *sets[256];
	unsigned int set_count = 0, i, s, p, point_count = 1, row_count = 0, runs_done = 0;
	struct timespec batch_start;
	bool batch_shown = false;
	const char *controller_list = NULL, *seed_text = NULL, *duration_text = NULL;
	char sweep_key[128] = "";
	uint64_t sweep_from = 0, sweep_to = 0, sweep_step = 1;
	struct column columns[MAX_COLUMNS];
	int column_count, opt, status = 0;
	struct row *rows;
	FILE *trace_file = NULL, *timeseries_file = NULL;
	bool show_rtt = false, show_progress = false, progress_forced = false, merge = false;
	bool estimate_only = false;
	unsigned int jobs = 1, shard = 1, shard_count = 1, total_rows, row_begin, row_end, job_count, r;
	struct worker workers[MAX_JOBS];
	struct job_result *result;
	struct plan plan;
	double estimate_frames = 0.0, estimate_s;

	irqmod_scenario_init(scenario);
	while ((opt = getopt_long(argc, argv, "c:s:qj:h", long_options, NULL)) != -1) {
		switch (opt) {
		case 'c': controller_list = optarg; break;
		case 's':
			if (set_count == sizeof(sets) / sizeof(sets[0])) {
				fprintf(stderr, "irqmod-sim: too many --set options\n");
				return EXIT_BAD_INPUT;
			}
			sets[set_count++] = optarg;
			break;
		case 'S': seed_text = optarg; break;
		case 'N':
			if (parse_unsigned(optarg, MAX_SEEDS, &options.seeds)) {
				fprintf(stderr, "irqmod-sim: --seeds takes 1..%u, got '%s'\n",
					MAX_SEEDS, optarg);
				return EXIT_BAD_INPUT;
			}
			break;
		case 'D': duration_text = optarg; break;
		case 'W': options.sweep = optarg; break;
		case 'C': options.csv_path = optarg; break;
		case 'J': options.json_path = optarg; break;
		case 'T': options.trace_path = optarg; break;
		case 'Y': options.timeseries_path = optarg; break;
		case 'I': timeseries_interval_text = optarg; break;
		case 'q': options.quiet = true; break;
		case 'P': progress_forced = true; break;
		case 'j':
			if (parse_unsigned(optarg, MAX_JOBS, &jobs)) {
				fprintf(stderr, "irqmod-sim: -j takes 1..%u processes, got '%s'\n",
					MAX_JOBS, optarg);
				return EXIT_BAD_INPUT;
			}
			break;
		case 'K':
			if (parse_shard(optarg, &shard, &shard_count)) {
				fprintf(stderr, "irqmod-sim: --shard takes K/N with 1 <= K <= N <= %u, "
						"got '%s'\n", MAX_POINTS, optarg);
				return EXIT_BAD_INPUT;
			}
			break;
		case 'M': merge = true; break;
		case 'E': estimate_only = true; break;
		case 'V': print_version(stdout); return 0;
		case 'L':
			irqmod_scenario_print_controllers(stdout);
			return 0;
		case 'G':
			irqmod_scenario_print_key_table(stdout);
			return fflush(stdout) != 0 || ferror(stdout) ? EXIT_RUN_FAILED : 0;
		case 'h': usage(stdout); return 0;
		default:
			fprintf(stderr, "irqmod-sim: try --help\n");
			return EXIT_BAD_INPUT;
		}
	}
	if (merge)
		return merge_outputs(argc - optind, argv + optind);
	if (optind < argc)
		options.scenario_path = argv[optind++];
	if (optind < argc) {
		fprintf(stderr, "irqmod-sim: unexpected argument '%s'; try --help\n", argv[optind]);
		return EXIT_BAD_INPUT;
	}
	if (options.scenario_path &&
	    irqmod_scenario_parse_file(scenario, options.scenario_path, message, sizeof(message))) {
		fprintf(stderr, "irqmod-sim: %s\n", message);
		return EXIT_BAD_INPUT;
	}
	/* Options that set a key are named as typed in the messages. */
	if (seed_text) {
		snprintf(assignment, sizeof(assignment), "run.seed=%s", seed_text);
		snprintf(origin, sizeof(origin), "--seed %s", seed_text);
		if (irqmod_scenario_set_as(scenario, assignment, origin, message, sizeof(message))) {
			fprintf(stderr, "irqmod-sim: %s\n", message);
			return EXIT_BAD_INPUT;
		}
	}
	if (duration_text) {
		snprintf(assignment, sizeof(assignment), "run.duration=%s", duration_text);
		snprintf(origin, sizeof(origin), "--duration %s", duration_text);
		if (irqmod_scenario_set_as(scenario, assignment, origin, message, sizeof(message))) {
			fprintf(stderr, "irqmod-sim: %s\n", message);
			return EXIT_BAD_INPUT;
		}
	}
	for (i = 0; i < set_count; i++) {
		if (irqmod_scenario_set(scenario, sets[i], message, sizeof(message))) {
			fprintf(stderr, "irqmod-sim: %s\n", message);
			return EXIT_BAD_INPUT;
		}
	}
	if (controller_list) {
		snprintf(assignment, sizeof(assignment), "run.controllers=%s", controller_list);
		if (irqmod_scenario_set_as(scenario, assignment, "--controllers", message,
					   sizeof(message))) {
			fprintf(stderr, "irqmod-sim: %s\n", message);
			return EXIT_BAD_INPUT;
		}
	}
	if (irqmod_scenario_load_traces(scenario, message, sizeof(message))) {
		fprintf(stderr, "irqmod-sim: %s\n", message);
		return EXIT_BAD_INPUT;
	}
	if (scenario->controller_count == 0) {
		for (i = 0; i < IRQMOD_KIND_COUNT && i < IRQMOD_SCENARIO_MAX_CONTROLLERS; i++)
			snprintf(scenario->controllers[scenario->controller_count++],
				 IRQMOD_SCENARIO_NAME_BYTES, "%s", irqmod_kind_name(i));
	}
	if (options.sweep) {
		const char *equals = strchr(options.sweep, '=');
		char range[256], *from, *to, *step;
		uint64_t count;

		if (!equals || (size_t)(equals - options.sweep) >= sizeof(sweep_key) ||
		    strlen(equals + 1) >= sizeof(range)) {
			fprintf(stderr, "irqmod-sim: --sweep expects KEY=FROM:TO:STEP\n");
			return EXIT_BAD_INPUT;
		}
		memcpy(sweep_key, options.sweep, (size_t)(equals - options.sweep));
		sweep_key[equals - options.sweep] = '\0';
		if (!irqmod_scenario_key_is_numeric(sweep_key)) {
			fprintf(stderr, "irqmod-sim: --sweep: '%s' is not a numeric scenario key "
					"(see --help)\n", sweep_key);
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
		if (irqmod_scenario_parse_value(sweep_key, from, &sweep_from) ||
		    irqmod_scenario_parse_value(sweep_key, to, &sweep_to) ||
		    irqmod_scenario_parse_value(sweep_key, step, &sweep_step) || sweep_step == 0 ||
		    sweep_to < sweep_from) {
			fprintf(stderr, "irqmod-sim: --sweep %s: bad range (FROM <= TO, STEP > 0, "
					"values in the key's units)\n", options.sweep);
			return EXIT_BAD_INPUT;
		}
		count = (sweep_to - sweep_from) / sweep_step + 1;
		if (count > MAX_POINTS) {
			fprintf(stderr, "irqmod-sim: --sweep: %" PRIu64 " points, at most %u\n",
				count, MAX_POINTS);
			return EXIT_BAD_INPUT;
		}
		point_count = (unsigned int)count;
	}
	for (p = 0; p < point_count; p++) {
		struct irqmod_scenario probe = *scenario;

		if (options.sweep) {
			snprintf(assignment, sizeof(assignment), "%s=%" PRIu64, sweep_key,
				 sweep_from + p * sweep_step);
			snprintf(origin, sizeof(origin), "--sweep %.200s (point %.200s)", options.sweep,
				 assignment);
			if (irqmod_scenario_set_as(&probe, assignment, origin, message,
						   sizeof(message))) {
				fprintf(stderr, "irqmod-sim: %s\n", message);
				return EXIT_BAD_INPUT;
			}
		}
		/* The message names the file and line or --set argument itself. */
		if (irqmod_scenario_finish(&probe, message, sizeof(message))) {
			fprintf(stderr, "irqmod-sim: %s\n", message);
			return EXIT_BAD_INPUT;
		}
		estimate_frames += run_frames(&probe.config, probe.sources);
	}
	if (jobs > 1 && options.trace_path) {
		fprintf(stderr, "irqmod-sim: --trace writes one run after another: it needs -j 1\n");
		return EXIT_BAD_INPUT;
	}
	if (jobs > 1 && options.timeseries_path) {
		fprintf(stderr, "irqmod-sim: --timeseries writes one run after another: it needs "
				"-j 1\n");
		return EXIT_BAD_INPUT;
	}
	if (timeseries_interval_text) {
		/* The same units as [run] duration. */
		if (irqmod_scenario_parse_value("run.duration", timeseries_interval_text,
						&options.timeseries_interval_ns) ||
		    options.timeseries_interval_ns < IRQMOD_SIM_TIMESERIES_MIN_INTERVAL_NS ||
		    options.timeseries_interval_ns > IRQMOD_SIM_MAX_DURATION_NS) {
			fprintf(stderr, "irqmod-sim: --timeseries-interval '%s': a duration from "
					"1us to 3600s with its unit (e.g. 100us)\n",
				timeseries_interval_text);
			return EXIT_BAD_INPUT;
		}
		if (!options.timeseries_path) {
			fprintf(stderr, "irqmod-sim: --timeseries-interval needs --timeseries FILE\n");
			return EXIT_BAD_INPUT;
		}
	}
	/* Progress only for a person watching, or when asked for. */
	show_progress = !options.quiet && (progress_forced || isatty(STDERR_FILENO));
	/* Output files are checked before a run that may take long. */
	if (check_output("--csv", options.csv_path) || check_output("--json", options.json_path))
		return EXIT_BAD_INPUT;
	if (options.trace_path) {
		trace_file = fopen(options.trace_path, "w");
		if (!trace_file) {
			fprintf(stderr, "irqmod-sim: --trace %s: cannot write: %s\n",
				options.trace_path, strerror(errno));
			return EXIT_BAD_INPUT;
		}
		fprintf(trace_file, "run,now_ns,queue,rx_packets,rx_bytes,tx_packets,events,flags,"
				    "interval_ns,action,poll_delay_ns,frames\n");
	}
	if (options.timeseries_path) {
		timeseries_file = fopen(options.timeseries_path, "w");
		if (!timeseries_file) {
			fprintf(stderr, "irqmod-sim: --timeseries %s: cannot write: %s\n",
				options.timeseries_path, strerror(errno));
			if (trace_file)
				fclose(trace_file);
			if (timeseries_file)
				fclose(timeseries_file);
			return EXIT_BAD_INPUT;
		}
		write_timeseries_header(timeseries_file, scenario->config.queues);
	}

	column_count = build_columns(columns, scenario->config.cores, scenario->sources,
				     scenario->config.queues);
	total_rows = point_count * scenario->controller_count;
	/* --shard K/N: the K-th of N contiguous shares of the rows, so the
	 * shares' outputs joined in order (--merge) are the single run's. */
	row_begin = (unsigned int)((uint64_t)total_rows * (shard - 1) / shard_count);
	row_end = (unsigned int)((uint64_t)total_rows * shard / shard_count);
	job_count = (row_end - row_begin) * options.seeds;
	if (jobs > job_count)
		jobs = job_count ? job_count : 1;
	/* Points x controllers x seeds x simulated time, at the calibrated pace. */
	estimate_frames *= (double)scenario->controller_count * options.seeds *
			   (double)(row_end - row_begin) / (double)(total_rows ? total_rows : 1);
	estimate_s = estimate_frames / ESTIMATE_FRAMES_PER_S / (double)jobs;
	if (estimate_only || (!options.quiet && estimate_s >= ESTIMATE_SHOWN_S))
		fprintf(estimate_only ? stdout : stderr,
			"irqmod-sim: %u runs, about %.3g simulated frames: roughly %.1f s "
			"at %.0f M frames/s per process (-j %u)\n",
			job_count, estimate_frames, estimate_s, ESTIMATE_FRAMES_PER_S / 1e6, jobs);
	if (estimate_only) {
		if (trace_file)
			fclose(trace_file);
		if (timeseries_file)
			fclose(timeseries_file);
		irqmod_scenario_free_traces(scenario);
		return fflush(stdout) != 0 || ferror(stdout) ? EXIT_RUN_FAILED : 0;
	}
	plan = (struct plan){ .scenario = scenario, .columns = columns,
			      .column_count = column_count,
			      .sweep_key = options.sweep ? sweep_key : NULL,
			      .sweep_from = sweep_from, .sweep_step = sweep_step,
			      .seeds = options.seeds, .progress = show_progress && jobs == 1,
			      .trace = trace_file, .timeseries = timeseries_file,
			      .timeseries_interval_ns = options.timeseries_interval_ns };
	clock_gettime(CLOCK_MONOTONIC, &batch_start);
	/* Workers first: they inherit nothing they would have to free. */
	if (jobs > 1 && start_workers(&plan, row_begin * options.seeds, job_count, workers, jobs))
		return EXIT_RUN_FAILED;
	rows = calloc((size_t)(row_end - row_begin) + 1, sizeof(*rows));
	result = malloc(sizeof(*result));
	if (!rows || !result) {
		if (jobs > 1)
			stop_workers(workers, jobs, true);
		free(rows);
		free(result);
		if (trace_file)
			fclose(trace_file);
		if (timeseries_file)
			fclose(timeseries_file);
		return EXIT_RUN_FAILED;
	}
	for (r = row_begin; r < row_end; r++) {
		struct row *row = &rows[row_count++];
		double sum[MAX_COLUMNS] = { 0 };
		double squares[MAX_COLUMNS] = { 0 };
		bool failed = false;
		int c;

		snprintf(row->controller, sizeof(row->controller), "%s", row_controller(&plan, r));
		row->sweep_value = row_sweep_value(&plan, r);
		for (s = 0; s < options.seeds; s++) {
			unsigned int j = (r - row_begin) * options.seeds + s;

			if (jobs == 1) {
				/* The row stops at its first failed run. */
				if (failed)
					continue;
				run_job(&plan, r, s, result);
			} else if (read_all(workers[j % jobs].fd, result, sizeof(*result))) {
				fprintf(stderr, "irqmod-sim: -j: a worker stopped before run %u\n",
					j + 1);
				stop_workers(workers, jobs, true);
				free(rows);
				free(result);
				return EXIT_RUN_FAILED;
			}
			if (failed)
				continue;
			if (result->fatal) {
				fprintf(stderr, "irqmod-sim: %s\n", result->message);
				if (jobs > 1)
					stop_workers(workers, jobs, true);
				status = result->fatal;
				free(rows);
				free(result);
				if (trace_file)
					fclose(trace_file);
				if (timeseries_file)
					fclose(timeseries_file);
				return status;
			}
			row->hybrid = result->hybrid;
			/* Batches of short runs report progress per run, with
			 * the time left at the pace so far. */
			runs_done++;
			if (show_progress && elapsed_s(&batch_start) >= 1.0) {
				double spent = elapsed_s(&batch_start);

				batch_shown = true;
				fprintf(stderr, "\rrun %u of %u, about %.0f s left  ", runs_done,
					job_count,
					spent / runs_done * (double)(job_count - runs_done));
				fflush(stderr);
			}
			if (result->status) {
				fprintf(stderr, "irqmod-sim: %s\n", result->message);
				status = EXIT_RUN_FAILED;
				failed = true;
				continue;
			}
			if (s == 0)
				row->first = result->results;
			if (result->rtt)
				show_rtt = true;
			for (c = 0; c < column_count; c++) {
				if (!result->defined[c])
					continue;
				row->samples[c]++;
				sum[c] += result->value[c];
				squares[c] += result->value[c] * result->value[c];
			}
		}
		/* Mean and CI over the seeds in which the metric had a value. */
		for (c = 0; c < column_count; c++) {
			unsigned int k = row->samples[c];
			double n = (double)k;
			double mean = k ? sum[c] / n : 0.0;
			double variance = k > 1 ? (squares[c] - n * mean * mean) / (n - 1) : 0.0;
			double t = k >= 2 && k - 1 <= 30 ? student_t975[k - 1] : 1.96;

			row->mean[c] = mean;
			row->ci[c] = k > 1 && variance > 0 ? t * sqrt(variance / n) : 0.0;
		}
	}
	free(result);
	if (jobs > 1 && stop_workers(workers, jobs, false)) {
		fprintf(stderr, "irqmod-sim: -j: a worker failed\n");
		status = EXIT_RUN_FAILED;
	}
	if (trace_file && close_output(trace_file, "--trace", options.trace_path))
		status = EXIT_RUN_FAILED;
	if (timeseries_file &&
	    close_output(timeseries_file, "--timeseries", options.timeseries_path))
		status = EXIT_RUN_FAILED;
	if (batch_shown)
		fprintf(stderr, "\r%60s\r", "");
	print_table(rows, row_count, columns, column_count, options.sweep ? sweep_key : NULL,
		    show_rtt, options.seeds);
	for (i = 0; i < scenario->sources; i++) {
		const struct irqmod_sim_source *source = &scenario->config.sources[i];

		if (source->kind != IRQMOD_SIM_SOURCE_TRACE || !source->trace)
			continue;
		printf("\nsource%u: trace %s: %" PRIu64 " records over %" PRIu64 " ns (%s%s)%s",
		       i, scenario->trace_paths[i], source->trace->count, source->trace->span_ns,
		       irqmod_sim_trace_format_name(source->trace->format),
		       source->trace->nanosecond ? ", ns timestamps" : ", us timestamps",
		       source->trace->snapped_records
			       ? "; records cut by the snap length replayed at their wire length"
			       : "");
		if (source->trace->snapped_records)
			printf(" (%" PRIu64 ")", source->trace->snapped_records);
		printf("\n");
		if (options.seeds > 1 && !source->trace_random_offset)
			printf("source%u: deterministic: every seed replays the same frames, so its "
			       "CI is 0 by construction; set trace.loop = true and "
			       "trace.start_offset = random to vary the start by seed\n", i);
	}
	if (show_rtt && !options.sweep) {
		printf("\n");
		for (i = 0; i < row_count; i++)
			print_ping(&rows[i]);
	}
	if (options.csv_path && write_csv(options.csv_path, rows, row_count, columns, column_count,
					  options.sweep ? sweep_key : NULL, options.seeds))
		status = EXIT_RUN_FAILED;
	if (options.json_path) {
		struct json_header header = { .scenario_path = options.scenario_path,
					      .seed = scenario->config.seed,
					      .seeds = options.seeds,
					      .sweep_key = options.sweep ? sweep_key : NULL };

		if (write_json(options.json_path, rows, row_count, columns, column_count, &header))
			status = EXIT_RUN_FAILED;
	}
	free(rows);
	irqmod_scenario_free_traces(scenario);
	/* The table itself: standard output may be a full disk too. */
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "irqmod-sim: standard output: write error: %s\n", strerror(errno));
		status = EXIT_RUN_FAILED;
	}
	return status;
}
