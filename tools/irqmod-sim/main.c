/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * irqmod-sim: run a scenario through several controllers on identical
 * traffic and compare them. See --help and docs/simulator.md; simtool.h
 * says which unit does what.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simtool.h"

/* --estimate: the estimate is printed, nothing runs. */
static int finish_estimate(struct plan *plan, struct irqmod_scenario *scenario)
{
	irqmod_tool_drop_run_outputs(plan);
	irqmod_scenario_free_traces(scenario);
	return fflush(stdout) != 0 || ferror(stdout) ? EXIT_RUN_FAILED : 0;
}

/* --print-config: the checked scenario as key=value lines, nothing runs. */
static int print_config(struct irqmod_scenario *scenario)
{
	irqmod_scenario_print_config(stdout, scenario);
	irqmod_scenario_free_traces(scenario);
	return fflush(stdout) != 0 || ferror(stdout) ? EXIT_RUN_FAILED : 0;
}

/*
 * The command's steps: read the options, plan the runs (every input is
 * checked before anything runs), make the runs, write the outputs.
 */
int main(int argc, char **argv)
{
	/* Large, and alive until the end: not on the stack. */
	static struct irqmod_scenario scenario;
	static struct options options;
	static struct plan plan;
	struct batch batch = { 0 };
	int status;

	irqmod_scenario_init(&scenario);
	status = irqmod_tool_parse_options(argc, argv, &options);
	if (status != IRQMOD_TOOL_GO_ON)
		return status;
	if (options.merge)
		return irqmod_tool_merge(options.merge_count, options.merge_paths);
	status = irqmod_tool_load_scenario(&scenario, &options);
	if (status == 0)
		status = irqmod_tool_plan_points(&plan, &scenario, &options);
	if (status == 0 && options.print_config)
		return print_config(&scenario);
	if (status == 0)
		status = irqmod_tool_check_run_options(&plan, &options);
	if (status == 0)
		status = irqmod_tool_open_outputs(&plan, &options);
	if (status != 0)
		return status;
	irqmod_tool_plan_rows(&plan, &options);
	irqmod_tool_print_estimate(&plan, &options);
	if (options.estimate)
		return finish_estimate(&plan, &scenario);

	status = irqmod_tool_run_batch(&plan, &batch);
	if (batch.stopped) {
		irqmod_tool_drop_run_outputs(&plan);
		return status;
	}
	if (irqmod_tool_close_run_outputs(&plan, &options))
		status = EXIT_RUN_FAILED;
	if (batch.progress_shown)
		fprintf(stderr, "\r%60s\r", "");

	if (irqmod_tool_write_outputs(&plan, &options, &batch))
		status = EXIT_RUN_FAILED;
	free(batch.rows);
	irqmod_scenario_free_traces(&scenario);
	/* The table itself: standard output may be a full disk too. */
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "irqmod-sim: standard output: write error: %s\n", strerror(errno));
		status = EXIT_RUN_FAILED;
	}
	return status;
}
