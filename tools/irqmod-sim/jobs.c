/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * irqmod-sim's runs: each row (a controller at one sweep point) with each
 * seed, made here or by worker processes (-j), folded into the rows in one
 * order whatever the number of processes, so the output is the same.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "queue_controllers.h"
#include "simtool.h"

/* Context of the hooks of one run: its progress, --trace and --timeseries. */
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

static void on_trace(void *context, const struct irqmod_sim_trace *t)
{
	struct progress *p = context;

	irqmod_tool_write_trace_row(p->trace, p->label, t);
}

static void on_bucket(void *context, const struct irqmod_sim_bucket *b)
{
	struct progress *p = context;

	irqmod_tool_write_bucket(p->timeseries, p->label, p->queues, b);
}

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

/*
 * Make one run, global row @row_index with the @seed-th seed, into @out:
 * a plain struct, so that a worker can send it through its pipe.
 */
static void run_job(const struct plan *plan, unsigned int row_index, unsigned int seed,
		    struct job_result *out)
{
	const struct irqmod_scenario *scenario = plan->scenario;
	const char *name = row_controller(plan, row_index);
	uint64_t sweep_value = row_sweep_value(plan, row_index);
	struct irqmod_scenario run = *scenario;
	struct irqmod_sim_controller controllers[IRQMOD_SIM_MAX_QUEUES];
	struct irqmod_queue_controllers *row = malloc(sizeof(*row));
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
	int error;
	uint32_t c;

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
	irqmod_tool_seed_phases(&run.config, &scenario->config);
	error = irqmod_sim_run_queues(&run.config, controllers, row->count, &hooks, &out->results);
	for (c = 0; c < row->count; c++)
		out->hybrid |= row->configs[c].kind != IRQMOD_HYBRID_NONE;
	if (progress.shown)
		fprintf(stderr, "\r%60s\r", "");
	if (error) {
		snprintf(out->message, sizeof(out->message), "%s: run failed: %s", name,
			 irqmod_strerror(error));
		out->status = EXIT_RUN_FAILED;
	} else {
		out->rtt = out->results.rtt.count > 0 || out->results.counters.requests_sent > 0;
		irqmod_tool_measure(plan->columns, plan->column_count, &out->results,
				    run.config.queues, out->value, out->defined);
	}
	free(row);
}

/* A worker process (-j) and the read end of its pipe. */
struct worker {
	pid_t pid;
	int fd;
};

/*
 * A pipe's writes and reads may move part of the bytes, or be interrupted:
 * these two go on until all of them moved. Return: 0, or -1.
 */
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

/* The runs so far, folded into rows in the order -j 1 makes them. */
struct collector {
	const struct plan *plan;
	struct worker *workers; /* -j N */
	struct job_result *result;
	struct timespec start;
	uint32_t runs_done;
	int status;	/* EXIT_RUN_FAILED once a run failed */
	struct batch *batch;
};

/*
 * Batches of short runs report progress per run, with the time left at the
 * pace so far.
 */
static void show_batch_progress(struct collector *k)
{
	double spent;

	if (!k->plan->show_progress || elapsed_s(&k->start) < 1.0)
		return;
	spent = elapsed_s(&k->start);
	k->batch->progress_shown = true;
	fprintf(stderr, "\rrun %u of %u, about %.0f s left  ", k->runs_done, k->plan->job_count,
		spent / k->runs_done * (double)(k->plan->job_count - k->runs_done));
	fflush(stderr);
}

/*
 * The next run of row @r with seed @s, made here with -j 1 or read from
 * its worker. Return: 0, or -1 after a message when its worker is gone.
 */
static int next_result(struct collector *k, uint32_t r, uint32_t s)
{
	const struct plan *plan = k->plan;
	uint32_t j = (r - plan->row_begin) * plan->seeds + s;

	if (plan->jobs == 1) {
		run_job(plan, r, s, k->result);
		return 0;
	}
	if (read_all(k->workers[j % plan->jobs].fd, k->result, sizeof(*k->result)) == 0)
		return 0;
	fprintf(stderr, "irqmod-sim: -j: a worker stopped before run %u\n", j + 1);
	stop_workers(k->workers, plan->jobs, true);
	return -1;
}

/*
 * Row @r over every seed into @row. A failed run is named and ends the
 * row's runs (a worker's are still read, in order); a fatal one ends the
 * command. Return: 0, or the status the command stops with.
 */
static int collect_row(struct collector *k, uint32_t r, struct row *row)
{
	const struct plan *plan = k->plan;
	const struct job_result *result = k->result;
	double sum[MAX_COLUMNS] = { 0 };
	double squares[MAX_COLUMNS] = { 0 };
	bool failed = false;
	uint32_t s;
	int c;

	snprintf(row->controller, sizeof(row->controller), "%s", row_controller(plan, r));
	row->sweep_value = row_sweep_value(plan, r);
	for (s = 0; s < plan->seeds; s++) {
		if (failed && plan->jobs == 1)
			continue;
		if (next_result(k, r, s))
			return EXIT_RUN_FAILED;
		if (failed)
			continue;
		if (result->fatal) {
			fprintf(stderr, "irqmod-sim: %s\n", result->message);
			if (plan->jobs > 1)
				stop_workers(k->workers, plan->jobs, true);
			return result->fatal;
		}
		row->hybrid = result->hybrid;
		k->runs_done++;
		show_batch_progress(k);
		if (result->status) {
			fprintf(stderr, "irqmod-sim: %s\n", result->message);
			k->status = EXIT_RUN_FAILED;
			failed = true;
			continue;
		}
		if (s == 0)
			row->first = result->results;
		if (result->rtt)
			k->batch->show_rtt = true;
		for (c = 0; c < plan->column_count; c++) {
			if (!result->defined[c])
				continue;
			row->samples[c]++;
			sum[c] += result->value[c];
			squares[c] += result->value[c] * result->value[c];
		}
	}
	irqmod_tool_summarise_row(row, sum, squares, plan->column_count);
	return 0;
}

/*
 * Make the plan's runs into @batch's rows. Return: 0, or EXIT_RUN_FAILED
 * when a run or a worker failed; with @batch->stopped, the status the
 * command stops with at once (after the message).
 */
int irqmod_tool_run_batch(const struct plan *plan, struct batch *batch)
{
	struct worker workers[MAX_JOBS];
	struct collector k = { .plan = plan, .workers = workers, .batch = batch };
	uint32_t r;
	int stop = 0;

	clock_gettime(CLOCK_MONOTONIC, &k.start);
	batch->stopped = true;
	/* Workers first: they inherit nothing they would have to free. */
	if (plan->jobs > 1 &&
	    start_workers(plan, plan->row_begin * plan->seeds, plan->job_count, workers, plan->jobs))
		return EXIT_RUN_FAILED;
	batch->rows = calloc((size_t)(plan->row_end - plan->row_begin) + 1, sizeof(*batch->rows));
	k.result = malloc(sizeof(*k.result));
	if (!batch->rows || !k.result) {
		if (plan->jobs > 1)
			stop_workers(workers, plan->jobs, true);
		free(k.result);
		return EXIT_RUN_FAILED;
	}
	for (r = plan->row_begin; r < plan->row_end && stop == 0; r++)
		stop = collect_row(&k, r, &batch->rows[batch->row_count++]);
	free(k.result);
	if (stop)
		return stop;
	batch->stopped = false;
	if (plan->jobs > 1 && stop_workers(workers, plan->jobs, false)) {
		fprintf(stderr, "irqmod-sim: -j: a worker failed\n");
		k.status = EXIT_RUN_FAILED;
	}
	return k.status;
}

/*
 * CPU seconds one process spends per simulated second, for the estimate:
 * each controller of this shard's first sweep point run once for
 * ESTIMATE_PROBE_NS (or the duration, if shorter), with no output, and
 * the mean of their measured CPU times. Frames alone do not predict it: a
 * request-response source costs 50 times what a stream does per frame
 * (scripts/estimate-bench). Return: the seconds, 0 when nothing ran.
 */
double irqmod_tool_probe_cpu_s(const struct plan *plan)
{
	struct irqmod_scenario scenario = *plan->scenario;
	struct plan probe = *plan;
	struct job_result *result = malloc(sizeof(*result));
	uint32_t count = scenario.controller_count, first, c;
	struct timespec start, end;
	double cpu_s = 0.0, sim_s = 0.0;

	if (!result || count == 0) {
		free(result);
		return 0.0;
	}
	if (scenario.config.duration_ns > ESTIMATE_PROBE_NS)
		scenario.config.duration_ns = ESTIMATE_PROBE_NS;
	scenario.config.warmup_ns = 0;
	probe.scenario = &scenario;
	probe.trace = NULL;
	probe.timeseries = NULL;
	probe.progress = false;
	first = plan->row_begin / count * count;
	for (c = 0; c < count; c++) {
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &start);
		run_job(&probe, first + c, 0, result);
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &end);
		if (result->fatal || result->status)
			continue; /* the real run reports it */
		cpu_s += (double)(end.tv_sec - start.tv_sec) +
			 (double)(end.tv_nsec - start.tv_nsec) / 1e9;
		sim_s += (double)scenario.config.duration_ns / 1e9;
	}
	free(result);
	return sim_s > 0.0 ? cpu_s / sim_s : 0.0;
}
