/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * irqmod-sim's outputs: the table on standard output, the CSV and JSON
 * files of every metric, the per-call trace and the time series, each
 * checked for lost bytes when it is closed.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "queue_controllers.h"
#include "simtool.h"

/*
 * A controller name as a CSV field: quoted when its knobs hold commas
 * (validated names hold no double quote).
 */
static void csv_name(FILE *f, const char *name)
{
	fprintf(f, strchr(name, ',') ? "\"%s\"" : "%s", name);
}

/* One controller call of run @label as a --trace CSV line. */
void irqmod_tool_write_trace_row(FILE *f, const char *label, const struct irqmod_sim_trace *t)
{
	csv_name(f, label);
	fprintf(f, ",%" PRIu64 ",%" PRIu32 ",%" PRIu32 ",%" PRIu64 ",%" PRIu32 ",%" PRIu32
		   ",%" PRIu32 ",%" PRIu32 ",%u,%" PRIu32 ",%u\n",
		t->now_ns, t->queue, t->sample.rx_packets, t->sample.rx_bytes,
		t->sample.tx_packets, t->sample.events, t->sample.flags, t->decision.rx_interval_ns,
		t->decision.action, t->decision.poll_delay_ns, t->decision.frames);
}

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

/*
 * One bucket of run @label as a --timeseries CSV line; @queues: the
 * header's per-queue columns.
 */
void irqmod_tool_write_bucket(FILE *f, const char *label, uint32_t queues,
			      const struct irqmod_sim_bucket *b)
{
	double seconds = (double)(b->end_ns - b->start_ns) / 1e9;
	uint32_t q;

	csv_name(f, label);
	fprintf(f, ",%.3f,%.3f,%.1f,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
		   ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64,
		(double)b->start_ns / 1e3, (double)b->end_ns / 1e3,
		seconds > 0 ? (double)b->interrupts / seconds : 0.0, b->interrupts,
		b->timer_interrupts, b->polls, b->offered_frames, b->delivered_frames,
		b->drops_ring, b->drops_socket, b->drops_reassembly);
	timeseries_latency(f, &b->added_delay);
	timeseries_latency(f, &b->to_app);
	/* Queues the run does not have (a sweep of nic.queues) stay empty. */
	for (q = 0; q < queues; q++) {
		if (q < b->queues)
			fprintf(f, ",%.3f,%" PRIu32 ",%" PRIu32,
				(double)b->interval_ns[q] / 1e3, b->ring_frames[q],
				b->ring_max_frames[q]);
		else
			fputs(",,,", f);
	}
	fputc('\n', f);
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

	/* Standard output ("-") stays open for the rest of the command. */
	if (f == stdout ? fflush(f) != 0 : fclose(f) != 0) {
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

	if (!path || irqmod_tool_is_stdout(path))
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
 * Before the runs: check that --csv and --json can be written, and open
 * --trace and --timeseries with their header lines.
 * Return: 0, or EXIT_BAD_INPUT after a message.
 */
int irqmod_tool_open_outputs(struct plan *plan, const struct options *options)
{
	/* Output files are checked before a run that may take long. */
	if (check_output("--csv", options->csv_path) || check_output("--json", options->json_path))
		return EXIT_BAD_INPUT;
	if (options->trace_path) {
		plan->trace = irqmod_tool_open_output(options->trace_path);
		if (!plan->trace) {
			fprintf(stderr, "irqmod-sim: --trace %s: cannot write: %s\n",
				options->trace_path, strerror(errno));
			return EXIT_BAD_INPUT;
		}
		fprintf(plan->trace, "run,now_ns,queue,rx_packets,rx_bytes,tx_packets,events,flags,"
				     "interval_ns,action,poll_delay_ns,frames\n");
	}
	if (options->timeseries_path) {
		plan->timeseries = irqmod_tool_open_output(options->timeseries_path);
		if (!plan->timeseries) {
			fprintf(stderr, "irqmod-sim: --timeseries %s: cannot write: %s\n",
				options->timeseries_path, strerror(errno));
			irqmod_tool_drop_run_outputs(plan);
			return EXIT_BAD_INPUT;
		}
		write_timeseries_header(plan->timeseries, plan->scenario->config.queues);
	}
	return 0;
}

/* After the runs: close --trace and --timeseries. Return: 0, or -1 after a message. */
int irqmod_tool_close_run_outputs(struct plan *plan, const struct options *options)
{
	int status = 0;

	if (plan->trace && close_output(plan->trace, "--trace", options->trace_path))
		status = -1;
	if (plan->timeseries &&
	    close_output(plan->timeseries, "--timeseries", options->timeseries_path))
		status = -1;
	plan->trace = NULL;
	plan->timeseries = NULL;
	return status;
}

/* Close --trace and --timeseries of a command that stops early, unchecked. */
void irqmod_tool_drop_run_outputs(struct plan *plan)
{
	if (plan->trace && plan->trace != stdout)
		fclose(plan->trace);
	if (plan->timeseries && plan->timeseries != stdout)
		fclose(plan->timeseries);
	plan->trace = NULL;
	plan->timeseries = NULL;
}

/* ping's closing lines for a row, from its first seed. */
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

/* What each replayed trace was, and whether its seeds can differ. */
static void print_trace_sources(const struct irqmod_scenario *scenario, uint32_t seeds)
{
	uint32_t i;

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
		if (seeds > 1 && !source->trace_random_offset)
			printf("source%u: deterministic: every seed replays the same frames, so its "
			       "CI is 0 by construction; set trace.loop = true and "
			       "trace.start_offset = random to vary the start by seed\n", i);
	}
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
	FILE *f = irqmod_tool_open_output(path);
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
	if (irqmod_tool_column_queues(columns, column_count) > 0)
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
	uint32_t queues = irqmod_tool_column_queues(columns, column_count), q;

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
	FILE *f = irqmod_tool_open_output(path);
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
 * The rows: the table, the replayed traces and the ping lines on standard
 * output, then --csv and --json. Return: 0, or -1 when a file lost bytes.
 */
int irqmod_tool_write_outputs(const struct plan *plan, const struct options *options,
			      const struct batch *batch)
{
	const struct irqmod_scenario *scenario = plan->scenario;
	int status = 0;
	uint32_t i;

	/* An output file given as "-" has standard output to itself. */
	if (!irqmod_tool_stdout_taken(options)) {
		print_table(batch->rows, batch->row_count, plan->columns, plan->column_count,
			    plan->sweep_key, batch->show_rtt, plan->seeds);
		print_trace_sources(scenario, plan->seeds);
	}
	if (batch->show_rtt && !plan->sweep_key && !irqmod_tool_stdout_taken(options)) {
		printf("\n");
		for (i = 0; i < batch->row_count; i++)
			print_ping(&batch->rows[i]);
	}
	if (options->csv_path &&
	    write_csv(options->csv_path, batch->rows, batch->row_count, plan->columns,
		      plan->column_count, plan->sweep_key, plan->seeds))
		status = -1;
	if (options->json_path) {
		struct json_header header = { .scenario_path = options->scenario_path,
					      .seed = scenario->config.seed,
					      .seeds = plan->seeds,
					      .sweep_key = plan->sweep_key };

		if (write_json(options->json_path, batch->rows, batch->row_count, plan->columns,
			       plan->column_count, &header))
			status = -1;
	}
	return status;
}
