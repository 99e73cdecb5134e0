/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * irqmod-sim's command line: the options as typed, --help and --version.
 * What a value means for the scenario is plan.c's to check, so that a
 * message names the option as the scenario reader words it.
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simtool.h"

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
		"      --csv FILE          write every metric as CSV; FILE '-' is standard output,\n"
		"                          instead of the table (so for every FILE below)\n"
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
		"      --estimate          print the runs' simulated time and the CPU time they\n"
		"                          would take, measured on 50 ms of each controller,\n"
		"                          and exit (runs that would take 10 s or more print\n"
		"                          it anyway)\n"
		"      --print-config      check the scenario with the options that set keys and\n"
		"                          print it resolved as key=value lines (numbers in the\n"
		"                          key's base unit: ns, per second, Mb/s) and exit\n"
		"      --version           print the irqmod and simulator versions and exit\n"
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
		"  for one seed (docs/irqmod-sim-output.schema.json). The total_ counts run\n"
		"  from time 0 (offered = delivered + dropped + in flight); N is a core,\n"
		"  source or queue (qN_ only with several queues). Columns:\n");
	irqmod_tool_print_metric_names(out, "  ", 80);
	fprintf(out,
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

static void print_version(FILE *out)
{
	uint32_t v = irqmod_version();

	fprintf(out, "irqmod-sim (irqmod) %u.%u.%u\nsimulator model %s\n", v >> 16,
		(v >> 8) & 0xffu, v & 0xffu, IRQMOD_SIM_MODEL_VERSION);
}

static int parse_unsigned(const char *text, uint32_t max, uint32_t *value)
{
	char *end;
	unsigned long v;

	if (!text || !*text || *text == '-')
		return -1;
	v = strtoul(text, &end, 10);
	if (*end || v == 0 || v > max)
		return -1;
	*value = (uint32_t)v;
	return 0;
}

/* K/N of --shard. Return: 0, or -1 for anything but 1 <= K <= N <= MAX_POINTS. */
static int parse_shard(const char *text, uint32_t *shard, uint32_t *count)
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
	{ "print-config", no_argument, NULL, 'R' },
	{ "list-controllers", no_argument, NULL, 'L' },
	{ "list-keys", no_argument, NULL, 'G' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

/*
 * One option @opt with its argument @arg. The ones that print something
 * (--help, --version, the lists) do it at once, as typed, and end the
 * command. Return: IRQMOD_TOOL_GO_ON, or the exit status.
 */
static int take_option(int opt, const char *arg, struct options *o)
{
	switch (opt) {
	case 'c': o->controllers = arg; break;
	case 's':
		if (o->set_count == MAX_SETS) {
			fprintf(stderr, "irqmod-sim: too many --set options\n");
			return EXIT_BAD_INPUT;
		}
		o->sets[o->set_count++] = arg;
		break;
	case 'S': o->seed = arg; break;
	case 'N':
		if (parse_unsigned(arg, MAX_SEEDS, &o->seeds)) {
			fprintf(stderr, "irqmod-sim: --seeds takes 1..%u, got '%s'\n", MAX_SEEDS, arg);
			return EXIT_BAD_INPUT;
		}
		break;
	case 'D': o->duration = arg; break;
	case 'W': o->sweep = arg; break;
	case 'C': o->csv_path = arg; break;
	case 'J': o->json_path = arg; break;
	case 'T': o->trace_path = arg; break;
	case 'Y': o->timeseries_path = arg; break;
	case 'I': o->timeseries_interval = arg; break;
	case 'q': o->quiet = true; break;
	case 'P': o->progress = true; break;
	case 'j':
		if (parse_unsigned(arg, MAX_JOBS, &o->jobs)) {
			fprintf(stderr, "irqmod-sim: -j takes 1..%u processes, got '%s'\n", MAX_JOBS,
				arg);
			return EXIT_BAD_INPUT;
		}
		break;
	case 'K':
		if (parse_shard(arg, &o->shard, &o->shard_count)) {
			fprintf(stderr, "irqmod-sim: --shard takes K/N with 1 <= K <= N <= %u, "
					"got '%s'\n", MAX_POINTS, arg);
			return EXIT_BAD_INPUT;
		}
		break;
	case 'M': o->merge = true; break;
	case 'E': o->estimate = true; break;
	case 'R': o->print_config = true; break;
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
	return IRQMOD_TOOL_GO_ON;
}

/*
 * Read the command line into @options: the options in order, then the
 * scenario file or, with --merge, the files to merge.
 * Return: IRQMOD_TOOL_GO_ON, or the status to exit with.
 */
int irqmod_tool_parse_options(int argc, char **argv, struct options *options)
{
	int opt, status;

	*options = (struct options){ .seeds = 1, .jobs = 1, .shard = 1, .shard_count = 1 };
	while ((opt = getopt_long(argc, argv, "c:s:qj:h", long_options, NULL)) != -1) {
		status = take_option(opt, optarg, options);
		if (status != IRQMOD_TOOL_GO_ON)
			return status;
	}
	if (options->merge) {
		options->merge_paths = argv + optind;
		options->merge_count = argc - optind;
		return IRQMOD_TOOL_GO_ON;
	}
	if (optind < argc)
		options->scenario_path = argv[optind++];
	if (optind < argc) {
		fprintf(stderr, "irqmod-sim: unexpected argument '%s'; try --help\n", argv[optind]);
		return EXIT_BAD_INPUT;
	}
	/* Before the scenario is read: "--csv scenario.ini" took its name. */
	if (irqmod_tool_check_output_paths(options))
		return EXIT_BAD_INPUT;
	return IRQMOD_TOOL_GO_ON;
}
