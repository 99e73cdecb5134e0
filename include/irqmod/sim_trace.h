/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/**
 * DOC: replay of recorded traffic in irqmod-sim
 *
 * A trace is a list of frames with their arrival times, read once at
 * setup from a CSV file (timestamp in ns, frame bytes, optional flow id)
 * or a pcap/pcapng capture (micro- or nanosecond timestamps, through
 * libpcap when the library was built with it). A source of kind
 * IRQMOD_SIM_SOURCE_TRACE replays it: time scaled, looped, from an offset,
 * its flows spread over the queues by a hash of the addresses and ports
 * (pcap) or of the flow id (CSV).
 *
 * Bad input is an error naming the record (and, for CSV, the line):
 * truncated records, timestamps going backwards, zero lengths or lengths
 * above IRQMOD_SIM_TRACE_MAX_FRAME_BYTES. A pcap record captured shorter
 * than it was on the wire (snap length) is replayed at its wire length and
 * counted in @snapped_records.
 */
#ifndef IRQMOD_SIM_TRACE_H
#define IRQMOD_SIM_TRACE_H

#include <stdint.h>

#include "irqmod/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * IRQMOD_SIM_TRACE_MAX_FRAME_BYTES - longest frame a trace may hold: the
 * simulator keeps frame sizes in 16 bits, and 65535 B is also the largest
 * IPv4 datagram (RFC 791 total length); a capture with GSO/GRO super-frames
 * above it must be made with the offloads off (scripts/capture does).
 */
#define IRQMOD_SIM_TRACE_MAX_FRAME_BYTES 65535u

/**
 * IRQMOD_SIM_TRACE_MAX_SPAN_NS - longest time from a trace's first record
 * to its last: the longest run the simulator accepts (one hour), so the
 * scaled times cannot overflow.
 */
#define IRQMOD_SIM_TRACE_MAX_SPAN_NS 3600000000000ull

/**
 * IRQMOD_SIM_TRACE_MAX_RECORDS - most records one trace may hold (2^26,
 * 1 GiB of records at 16 B each): a bound on the setup's allocation.
 */
#define IRQMOD_SIM_TRACE_MAX_RECORDS (1u << 26)

/**
 * enum irqmod_sim_trace_format - how to read a trace file.
 * @IRQMOD_SIM_TRACE_AUTO: pcap or pcapng by the magic number, else CSV.
 * @IRQMOD_SIM_TRACE_CSV: "time_ns,bytes[,flow]" lines; '#' comments and a
 *	first line that does not start with a digit (a header) are skipped.
 * @IRQMOD_SIM_TRACE_PCAP: pcap (micro- or nanosecond) or pcapng, through libpcap.
 * @IRQMOD_SIM_TRACE_FORMAT_COUNT: one past the last value.
 */
enum irqmod_sim_trace_format {
	IRQMOD_SIM_TRACE_AUTO = 0,
	IRQMOD_SIM_TRACE_CSV,
	IRQMOD_SIM_TRACE_PCAP,
	IRQMOD_SIM_TRACE_FORMAT_COUNT
};

/**
 * struct irqmod_sim_trace_record - one frame of a trace.
 * @time_ns: arrival time, from the trace's first record (which is at 0).
 * @bytes: frame size without FCS, as on the wire (pcap: the wire length).
 * @flow_hash: RSS input: a hash of the addresses and ports (pcap; 0 for a
 *	frame that is not IPv4/IPv6), or of the CSV flow id (0 when absent).
 */
struct irqmod_sim_trace_record {
	uint64_t time_ns;
	uint32_t bytes;
	uint32_t flow_hash;
};

/**
 * struct irqmod_sim_trace_file - a trace in memory.
 * @records: @count records, times non-decreasing, first at 0.
 * @count: records (at least 1 after a successful load).
 * @span_ns: time of the last record.
 * @format: IRQMOD_SIM_TRACE_CSV or IRQMOD_SIM_TRACE_PCAP (what was read).
 * @nanosecond: the file's timestamps had nanosecond resolution.
 * @snapped_records: pcap records captured shorter than their wire length.
 * @non_ip_records: pcap records that were not IPv4/IPv6 over Ethernet (or
 *	Linux cooked capture); they hash to flow 0.
 */
struct irqmod_sim_trace_file {
	struct irqmod_sim_trace_record *records;
	uint64_t count;
	uint64_t span_ns;
	uint32_t format;
	bool nanosecond;
	uint64_t snapped_records;
	uint64_t non_ip_records;
};

/**
 * struct irqmod_sim_trace_error - why a trace was rejected.
 * @record: the bad record, from 1 (0: the file as a whole).
 * @line: CSV: its line, from 1 (0 for pcap).
 * @message: a sentence naming the file, the record and what is wrong.
 */
struct irqmod_sim_trace_error {
	uint64_t record;
	uint64_t line;
	char message[512];
};

/**
 * irqmod_sim_trace_load() - read a trace file into memory.
 * @trace: filled in on success (free with irqmod_sim_trace_free()); all
 *	zero on failure.
 * @path: file to read.
 * @format: an enum irqmod_sim_trace_format value.
 * @error: if not NULL, filled in on failure.
 * Return: 0; -IRQMOD_EINVAL for NULL arguments, a bad @format, a file that
 * cannot be read, pcap without libpcap in this build, or an empty trace;
 * -IRQMOD_EFRAME for a record of zero length or above
 * IRQMOD_SIM_TRACE_MAX_FRAME_BYTES, or a truncated record; -IRQMOD_ERANGE
 * for a timestamp before the previous one, a span above
 * IRQMOD_SIM_TRACE_MAX_SPAN_NS, more than IRQMOD_SIM_TRACE_MAX_RECORDS
 * records, or memory that could not be allocated.
 */
IRQMOD_API int irqmod_sim_trace_load(struct irqmod_sim_trace_file *trace, const char *path,
				     uint32_t format, struct irqmod_sim_trace_error *error);

/**
 * irqmod_sim_trace_free() - release a loaded trace; it becomes empty.
 * @trace: a trace from irqmod_sim_trace_load(), or all zero, or NULL.
 */
IRQMOD_API void irqmod_sim_trace_free(struct irqmod_sim_trace_file *trace);

/**
 * irqmod_sim_trace_has_pcap() - whether this build reads pcap files.
 * Return: true when libirqmod-sim was built with libpcap.
 */
IRQMOD_API bool irqmod_sim_trace_has_pcap(void);

/**
 * irqmod_sim_trace_format_name() - short name of a trace format.
 * @format: an enum irqmod_sim_trace_format value.
 * Return: "auto", "csv" or "pcap"; "unknown" out of range.
 */
IRQMOD_API const char *irqmod_sim_trace_format_name(uint32_t format);

#ifdef __cplusplus
}
#endif

#endif /* IRQMOD_SIM_TRACE_H */
