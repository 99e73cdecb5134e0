/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Fuzz harness: the simulator's scenario reader (lib/scenario/), as
 * irqmod-sim and irqmod-repro use it. The first byte picks the entry point:
 *  0: the bytes as a scenario file (an unnamed temporary file read with
 *     irqmod_scenario_parse_file(), NUL bytes and all), then the
 *     whole-scenario check;
 *  1: the bytes as --set assignments, one a line, then the check;
 *  2: the bytes as a controller name (-c), whose result must pass
 *     irqmod_hybrid_init(), and through irqmod_scenario_controller_by_name(),
 *     which takes a subset of the same grammar;
 *  3: a numeric key and a --sweep value (irqmod_scenario_parse_value());
 *  4: the bytes as an irqmod-repro file ([repro] section and scenario,
 *     irqmod_repro_parse_file()).
 * Invariants: every return is 0 or a negative enum irqmod_scenario_error;
 * every error leaves a non-empty message in the buffer; nothing crashes.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "repro.h"
#include "irqmod/scenario.h"

static void fuzz_check_result(int error, const char *message)
{
	FUZZ_CHECK(error == 0 ||
			   (error <= -IRQMOD_SCENARIO_EIO && error > -IRQMOD_SCENARIO_ERROR_END),
		   "0 or a negative enum irqmod_scenario_error");
	if (error)
		FUZZ_CHECK(message[0] != '\0', "an error comes with a message");
}

/* Keys a --sweep can take, as irqmod-sim's --help lists them (a sample). */
static const char *const fuzz_keys[] = {
	"run.duration", "run.warmup",      "run.seed",     "run.static_interval",
	"link.speed",   "nic.ring_size",   "nic.rx_frames", "source.rate",
	"source.size",  "idle-poll.idle_time", "ixgbe.max", "recheck.max_rounds",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct irqmod_scenario scenario;
	char message[1024];
	char *text;
	int error = 0;
	uint8_t mode;

	if (size == 0)
		return 0;
	mode = data[0] % 5u;
	data++;
	size--;
	text = malloc(size + 1);
	FUZZ_CHECK(text != NULL, "memory for the input");
	memcpy(text, data, size);
	text[size] = '\0';
	irqmod_scenario_init(&scenario);
	message[0] = '\0';

	switch (mode) {
	case 0: {
		/* An unnamed temporary file, read back through its descriptor. */
		FILE *file = tmpfile();
		char path[64];

		FUZZ_CHECK(file && fwrite(data, 1, size, file) == size && fflush(file) == 0,
			   "the input written to a temporary file");
		snprintf(path, sizeof(path), "/dev/fd/%d", fileno(file));
		error = irqmod_scenario_parse_file(&scenario, path, message, sizeof(message));
		fclose(file);
		fuzz_check_result(error, message);
		if (error == 0) {
			error = irqmod_scenario_finish(&scenario, message, sizeof(message));
			fuzz_check_result(error, message);
		}
		break;
	}
	case 1: {
		char *line = text, *end;

		while (error == 0 && line) {
			end = strchr(line, '\n');
			if (end)
				*end = '\0';
			error = irqmod_scenario_set(&scenario, line, message, sizeof(message));
			fuzz_check_result(error, message);
			line = end ? end + 1 : NULL;
		}
		if (error == 0) {
			error = irqmod_scenario_finish(&scenario, message, sizeof(message));
			fuzz_check_result(error, message);
		}
		break;
	}
	case 2: {
		struct irqmod_hybrid_config config;
		struct irqmod_hybrid hybrid;

		error = irqmod_scenario_controller(&scenario, text, 10000, &config, message,
						   sizeof(message));
		fuzz_check_result(error, message);
		if (error == 0)
			FUZZ_CHECK(irqmod_hybrid_init(&hybrid, &config) == 0,
				   "a resolved controller passes irqmod_hybrid_init()");
		{
			struct irqmod_sim_controller plain;
			int plain_error = irqmod_scenario_controller_by_name(&plain, text, 10000);

			/* The plain-name entry is the same grammar: what it takes,
			 * the full resolver takes, as that interval controller. */
			FUZZ_CHECK(plain_error <= 0, "by_name returns 0 or a negative irqmod error");
			if (plain_error == 0)
				FUZZ_CHECK(error == 0 && config.kind == IRQMOD_HYBRID_NONE &&
						   config.inner.kind == plain.generic.kind,
					   "a plain name resolves to the same kind both ways");
		}
		break;
	}
	case 4: {
		static struct irqmod_repro repro;
		FILE *file = tmpfile();
		char path[64];

		FUZZ_CHECK(file && fwrite(data, 1, size, file) == size && fflush(file) == 0,
			   "the input written to a temporary file");
		snprintf(path, sizeof(path), "/dev/fd/%d", fileno(file));
		error = irqmod_repro_parse_file(&repro, path, message, sizeof(message));
		fclose(file);
		FUZZ_CHECK(error == 0 || error == -1, "irqmod_repro_parse_file() returns 0 or -1");
		if (error)
			FUZZ_CHECK(message[0] != '\0', "an error comes with a message");
		break;
	}
	default: {
		const char *key = fuzz_keys[size ? data[0] % (sizeof(fuzz_keys) / sizeof(fuzz_keys[0])) : 0];
		uint64_t value = 0;

		error = irqmod_scenario_parse_value(key, size ? text + 1 : text, &value);
		FUZZ_CHECK(error == 0 || error == -IRQMOD_SCENARIO_EKEY ||
				   error == -IRQMOD_SCENARIO_EVALUE,
			   "parse_value returns 0, EKEY or EVALUE");
		break;
	}
	}
	free(text);
	return 0;
}
