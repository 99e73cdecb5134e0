/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Runs a fuzz harness on files (and on every file of directories) without
 * libFuzzer, so the seed corpora and the regression inputs of past findings
 * run as ordinary tests in every build (gcc, clang, sanitizers, coverage).
 * Usage: fuzz-replay-NAME PATH...; exits 1 if a path cannot be read.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Inputs above this size are not made by the fuzzer (-max_len is lower). */
#define REPLAY_MAX_BYTES (1u << 20)

static int replay_file(const char *path)
{
	static uint8_t data[REPLAY_MAX_BYTES];
	FILE *file = fopen(path, "rb");
	size_t size;

	if (!file) {
		perror(path);
		return 1;
	}
	size = fread(data, 1, sizeof(data), file);
	if (ferror(file)) {
		perror(path);
		fclose(file);
		return 1;
	}
	fclose(file);
	/* A copy of exactly @size bytes, so ASan sees reads past the end. */
	uint8_t *copy = malloc(size ? size : 1);
	if (!copy) {
		fprintf(stderr, "%s: out of memory\n", path);
		return 1;
	}
	memcpy(copy, data, size);
	LLVMFuzzerTestOneInput(copy, size);
	free(copy);
	return 0;
}

static int replay_path(const char *path, unsigned int *count)
{
	struct stat info;
	struct dirent **entries;
	char child[4096];
	int n, i, failed = 0;

	if (stat(path, &info) != 0) {
		perror(path);
		return 1;
	}
	if (!S_ISDIR(info.st_mode)) {
		(*count)++;
		return replay_file(path);
	}
	n = scandir(path, &entries, NULL, alphasort);
	if (n < 0) {
		perror(path);
		return 1;
	}
	for (i = 0; i < n; i++) {
		if (entries[i]->d_name[0] != '.') {
			snprintf(child, sizeof(child), "%s/%s", path, entries[i]->d_name);
			failed |= replay_path(child, count);
		}
		free(entries[i]);
	}
	free(entries);
	return failed;
}

int main(int argc, char **argv)
{
	unsigned int count = 0;
	int i, failed = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE-OR-DIRECTORY...\n", argv[0]);
		return 2;
	}
	for (i = 1; i < argc; i++)
		failed |= replay_path(argv[i], &count);
	printf("%u inputs replayed\n", count);
	return failed || count == 0;
}
