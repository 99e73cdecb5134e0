/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * irqmod-sim --merge: the CSV or JSON files of the shards of one command
 * joined into the single run's, as text, without running anything.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simtool.h"

/* Longest line --merge takes (a CSV row of every column fits). */
#define MERGE_LINE_BYTES (1u << 20)

/* How the second line of irqmod-sim's JSON starts (output.c). */
#define JSON_HEADER_START "  \"header\": "

/*
 * Whether @line opens an output of irqmod-sim: "{" for the JSON, or a CSV
 * header whose first column, or second after a sweep key, is controller.
 */
static bool irqmod_sim_output_head(const char *line)
{
	const char *comma = strchr(line, ',');

	if (strcmp(line, "{\n") == 0 || strncmp(line, "controller,", 11) == 0)
		return true;
	return comma && strncmp(comma + 1, "controller,", 11) == 0;
}

/*
 * --merge FILE...: join the CSV or JSON outputs of the shards of one
 * command (--shard 1/N ... N/N, given in that order) into what the
 * single run writes, on standard output. The shares must agree on the
 * CSV header, or on the JSON's "header" line.
 */
int irqmod_tool_merge(int count, char **paths)
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
			if (number == 1 && !irqmod_sim_output_head(line)) {
				fprintf(stderr, "irqmod-sim: --merge %s:1: not a CSV or JSON file of "
						"irqmod-sim (its first line is the CSV header, "
						"with a controller column, or '{'); --merge joins "
						"the --csv or --json files of --shard runs\n",
					paths[i]);
				status = EXIT_BAD_INPUT;
				break;
			}
			if (number == 2 && json && strncmp(line, JSON_HEADER_START,
							  strlen(JSON_HEADER_START)) != 0) {
				fprintf(stderr, "irqmod-sim: --merge %s:2: not a JSON file of "
						"irqmod-sim (no \"header\" line)\n", paths[i]);
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
