/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Fuzz harness: the simulator's trace reader (lib/sim/trace.c) and the
 * replay of what it accepts. The first byte picks the format (0: CSV,
 * 1: pcap/pcapng, 2: auto, 3: auto, then a looped replay from a random
 * offset); the rest is written to a temporary file and loaded.
 * Invariants: the return is 0, -IRQMOD_EINVAL, -IRQMOD_EFRAME or
 * -IRQMOD_ERANGE; an error names the file in its message and leaves the
 * trace empty; a loaded trace starts at 0, never goes backwards, ends at
 * its span and holds frames of 1..65535 bytes; its replay conserves frames
 * (offered = delivered + dropped + in flight) and, without a loop, offers
 * no more frames than the trace holds.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "irqmod/scenario.h"
#include "irqmod/sim.h"

/* The replayed run: short, so each input stays fast. */
#define FUZZ_TRACE_DURATION_NS 2000000ull

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint32_t formats[4] = { IRQMOD_SIM_TRACE_CSV, IRQMOD_SIM_TRACE_PCAP,
					     IRQMOD_SIM_TRACE_AUTO, IRQMOD_SIM_TRACE_AUTO };
	struct irqmod_sim_trace_file trace;
	struct irqmod_sim_trace_error error;
	char path[512];
	uint8_t mode;
	uint64_t i;
	int fd, status;
	FILE *file;

	if (size == 0)
		return 0;
	mode = data[0] & 3u;
	/* In $TMPDIR, else the current folder (libpcap reads a path). */
	snprintf(path, sizeof(path), "%s/irqmod-fuzz-trace-XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : ".");
	fd = mkstemp(path);
	FUZZ_CHECK(fd >= 0, "a temporary file");
	file = fdopen(fd, "wb");
	FUZZ_CHECK(file != NULL, "a temporary file");
	FUZZ_CHECK(fwrite(data + 1, 1, size - 1, file) == size - 1, "the input written");
	FUZZ_CHECK(fclose(file) == 0, "the input written");
	status = irqmod_sim_trace_load(&trace, path, formats[mode], &error);
	unlink(path);
	FUZZ_CHECK(status == 0 || status == -IRQMOD_EINVAL || status == -IRQMOD_EFRAME ||
			   status == -IRQMOD_ERANGE,
		   "0 or a documented error");
	if (status) {
		FUZZ_CHECK(strstr(error.message, path) != NULL, "the error names the file");
		FUZZ_CHECK(trace.records == NULL && trace.count == 0, "nothing left on error");
		return 0;
	}
	FUZZ_CHECK(trace.count >= 1 && trace.records != NULL, "a loaded trace has records");
	FUZZ_CHECK(trace.records[0].time_ns == 0, "times count from the first record");
	for (i = 0; i < trace.count; i++) {
		FUZZ_CHECK(trace.records[i].bytes >= 1 &&
				   trace.records[i].bytes <= IRQMOD_SIM_TRACE_MAX_FRAME_BYTES,
			   "frame sizes in range");
		if (i > 0)
			FUZZ_CHECK(trace.records[i].time_ns >= trace.records[i - 1].time_ns,
				   "times never go backwards");
	}
	FUZZ_CHECK(trace.span_ns == trace.records[trace.count - 1].time_ns, "span is the last time");
	{
		struct irqmod_sim_config config;
		struct irqmod_sim_controller controller;
		static struct irqmod_sim_results results;

		irqmod_sim_default_config(&config);
		config.duration_ns = FUZZ_TRACE_DURATION_NS;
		config.warmup_ns = 0;
		config.queues = 2;
		irqmod_sim_default_source(&config.sources[0], IRQMOD_SIM_SOURCE_TRACE);
		config.sources[0].trace = &trace;
		config.sources[0].trace_speed_milli = 1u + (uint32_t)(size % 4000u);
		if (mode == 3 && trace.count >= 2) {
			config.sources[0].trace_loop = true;
			config.sources[0].trace_random_offset = true;
		}
		FUZZ_CHECK(irqmod_scenario_controller_by_name(&controller, "ixgbe",
							 config.link_speed_mbps) == 0,
			   "the ixgbe controller");
		FUZZ_CHECK(irqmod_sim_run(&config, &controller, NULL, &results) == 0,
			   "a loaded trace replays");
		FUZZ_CHECK(results.totals.offered_frames ==
				   results.totals.delivered_frames + results.totals.dropped_frames +
					   results.totals.in_flight_frames,
			   "offered = delivered + dropped + in flight");
		if (!config.sources[0].trace_loop)
			FUZZ_CHECK(results.totals.offered_frames <= trace.count,
				   "each record at most once");
	}
	irqmod_sim_trace_free(&trace);
	return 0;
}
