/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The files irqmod-sim writes (--csv, --json, --trace, --timeseries): "-"
 * is standard output, and the paths are checked against each other and
 * against the scenario before anything is written, so no output silently
 * overwrites another or the scenario it was run on.
 */
#define _XOPEN_SOURCE 700 /* realpath() */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "simtool.h"

/* The output options, in the order the messages name them. */
#define OUTPUT_COUNT 4

struct output_path {
	const char *option;
	const char *path;
};

static void list_outputs(const struct options *o, struct output_path out[OUTPUT_COUNT])
{
	out[0] = (struct output_path){ "--csv", o->csv_path };
	out[1] = (struct output_path){ "--json", o->json_path };
	out[2] = (struct output_path){ "--trace", o->trace_path };
	out[3] = (struct output_path){ "--timeseries", o->timeseries_path };
}

bool irqmod_tool_is_stdout(const char *path)
{
	return path && strcmp(path, "-") == 0;
}

FILE *irqmod_tool_open_output(const char *path)
{
	return irqmod_tool_is_stdout(path) ? stdout : fopen(path, "w");
}

bool irqmod_tool_stdout_taken(const struct options *o)
{
	return irqmod_tool_is_stdout(o->csv_path) || irqmod_tool_is_stdout(o->json_path) ||
	       irqmod_tool_is_stdout(o->trace_path) || irqmod_tool_is_stdout(o->timeseries_path);
}

/*
 * @path with its folder resolved ("./o" and "o" alike), in @out; the file
 * itself need not exist yet. Return: false when the folder does not resolve.
 */
static bool resolve(const char *path, char out[PATH_MAX])
{
	char folder[PATH_MAX], resolved[PATH_MAX];
	const char *slash = strrchr(path, '/');
	size_t length = slash ? (size_t)(slash - path) : 0;

	if (length >= sizeof(folder))
		return false;
	memcpy(folder, path, length);
	folder[length] = '\0';
	if (!realpath(slash ? (length ? folder : "/") : ".", resolved))
		return false;
	return snprintf(out, PATH_MAX, "%s/%s", resolved, slash ? slash + 1 : path) < PATH_MAX;
}

/* Whether @a and @b name one file: the same text, folder and name, or file. */
static bool same_file(const char *a, const char *b)
{
	char ra[PATH_MAX], rb[PATH_MAX];
	struct stat sa, sb;

	if (strcmp(a, b) == 0)
		return true;
	if (irqmod_tool_is_stdout(a) || irqmod_tool_is_stdout(b))
		return false;
	if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	return resolve(a, ra) && resolve(b, rb) && strcmp(ra, rb) == 0;
}

/* Whether @path ends in ".ini", the scenarios' suffix. */
static bool scenario_name(const char *path)
{
	size_t length = strlen(path);

	return length >= 4 && strcmp(path + length - 4, ".ini") == 0;
}

int irqmod_tool_check_output_paths(const struct options *o)
{
	struct output_path out[OUTPUT_COUNT];
	int i, j;

	list_outputs(o, out);
	for (i = 0; i < OUTPUT_COUNT; i++) {
		if (!out[i].path)
			continue;
		/* "--csv --json x.json" or "--csv -q": the FILE was left out. */
		if (out[i].path[0] == '\0' ||
		    (out[i].path[0] == '-' && !irqmod_tool_is_stdout(out[i].path))) {
			fprintf(stderr, "irqmod-sim: %s '%s': %s takes the FILE to write "
					"(or - for standard output), not an option\n",
				out[i].option, out[i].path, out[i].option);
			return EXIT_BAD_INPUT;
		}
		/* "--csv scenario.ini": the scenario was taken as the FILE. */
		if (scenario_name(out[i].path) ||
		    (o->scenario_path && same_file(out[i].path, o->scenario_path))) {
			fprintf(stderr, "irqmod-sim: %s %s: would overwrite a scenario file; %s "
					"takes the FILE to write, e.g. %s out.%s\n",
				out[i].option, out[i].path, out[i].option, out[i].option,
				i == 1 ? "json" : "csv");
			return EXIT_BAD_INPUT;
		}
		for (j = 0; j < i; j++) {
			if (out[j].path && same_file(out[j].path, out[i].path)) {
				fprintf(stderr, "irqmod-sim: %s %s and %s %s are the same file: "
						"one would overwrite the other; give each its "
						"own\n",
					out[j].option, out[j].path, out[i].option, out[i].path);
				return EXIT_BAD_INPUT;
			}
		}
	}
	return 0;
}
