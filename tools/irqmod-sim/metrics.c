/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * irqmod-sim's metrics: the one table that declares each (its name, unit,
 * statistic, precision, where its value comes from and when it has one),
 * the columns it gives a scenario, and a row's mean and CI over seeds.
 */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "simtool.h"

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

/* Short names keep a row of the table on one line or two. */
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
 * Every metric's column name, in the table's order, for --help: "%u" as N
 * (cpuN_pct), comma-separated, each line starting with @indent and kept
 * under @width characters.
 */
void irqmod_tool_print_metric_names(FILE *out, const char *indent, size_t width)
{
	size_t count = sizeof(metrics) / sizeof(metrics[0]), column = 0, i;

	for (i = 0; i < count; i++) {
		char name[sizeof(((struct column *)0)->name)];
		const char *from = metrics[i].name;
		size_t length = 0;

		for (; *from && length + 1 < sizeof(name); from++) {
			if (from[0] == '%' && from[1] == 'u') {
				name[length++] = 'N';
				from++;
			} else {
				name[length++] = *from;
			}
		}
		name[length] = '\0';
		/* The name and its comma, or the full stop after the last. */
		length++;
		if (column == 0) {
			fputs(indent, out);
			column = strlen(indent);
		} else if (column + 1 + length >= width) {
			fprintf(out, "\n%s", indent);
			column = strlen(indent);
		} else {
			fputc(' ', out);
			column++;
		}
		fprintf(out, "%s%c", name, i + 1 < count ? ',' : '.');
		column += length;
	}
	fputc('\n', out);
}

/*
 * The columns of runs on @cores cores with @sources sources and @queues
 * queues: the run's metrics, each per-core metric for every core, every
 * source's metrics, and every queue's with several queues (one queue's
 * are the run's). Return: how many.
 */
int irqmod_tool_build_columns(struct column *columns, uint32_t cores, uint32_t sources,
			      uint32_t queues)
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
uint32_t irqmod_tool_column_queues(const struct column *columns, int column_count)
{
	uint32_t queues = 0;
	int c;

	for (c = 0; c < column_count; c++)
		if (columns[c].metric->scope == METRIC_QUEUE && columns[c].index >= queues)
			queues = columns[c].index + 1;
	return queues;
}

/*
 * Every column's value in one run (@queues: the run's queues), and
 * whether the run has one.
 */
void irqmod_tool_measure(const struct column *columns, int column_count,
			 const struct irqmod_sim_results *results, uint32_t queues,
			 double *value, bool *defined)
{
	struct irqmod_hybrid_counters hybrid;
	struct metric_input in = { .results = results, .hybrid = &hybrid, .queues = queues };
	int c;

	hybrid_window(results, &hybrid);
	for (c = 0; c < column_count; c++) {
		in.index = columns[c].index;
		value[c] = metric_value(columns[c].metric, &in);
		defined[c] = metric_defined(columns[c].metric, &in);
	}
}

/*
 * A row's mean and 95% CI of each column over the seeds in which the
 * metric had a value (@row->samples of them), from the sums of the values
 * and of their squares.
 */
void irqmod_tool_summarise_row(struct row *row, const double *sum, const double *squares,
			       int column_count)
{
	int c;

	for (c = 0; c < column_count; c++) {
		uint32_t k = row->samples[c];
		double n = (double)k;
		double mean = k ? sum[c] / n : 0.0;
		double variance = k > 1 ? (squares[c] - n * mean * mean) / (n - 1) : 0.0;
		double t = k >= 2 && k - 1 <= 30 ? student_t975[k - 1] : 1.96;

		row->mean[c] = mean;
		row->ci[c] = k > 1 && variance > 0 ? t * sqrt(variance / n) : 0.0;
	}
}
