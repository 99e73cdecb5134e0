/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Trace files (lib/sim/trace.c) and their replay in the model: small CSV,
 * pcap (micro- and nanosecond) and pcapng files written by the test, the
 * error for each kind of bad record with its number, and what the replay
 * source does with time scaling, looping, a start offset and RSS.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "irqmod/scenario.h"
#include "irqmod/sim.h"
#include "irqmod/sim_trace.h"

static char path[512];

static int make_path(void **state)
{
	int fd;

	(void)state;
	/* In $TMPDIR, else the folder the test runs in (the build's). */
	snprintf(path, sizeof(path), "%s/irqmod-trace-test-XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : ".");
	fd = mkstemp(path);
	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

static int remove_path(void **state)
{
	(void)state;
	unlink(path);
	return 0;
}

static void write_file(const void *data, size_t bytes)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, bytes, f), bytes);
	assert_int_equal(fclose(f), 0);
}

static void write_text(const char *text)
{
	write_file(text, strlen(text));
}

/* ------------------------------------------------------------------ */
/* pcap writer (pcap-savefile(5), little-endian)                       */
/* ------------------------------------------------------------------ */

struct buffer {
	unsigned char data[8192];
	size_t used;
};

static void put32(struct buffer *b, uint32_t v)
{
	assert_true(b->used + 4 <= sizeof(b->data));
	b->data[b->used++] = (unsigned char)v;
	b->data[b->used++] = (unsigned char)(v >> 8);
	b->data[b->used++] = (unsigned char)(v >> 16);
	b->data[b->used++] = (unsigned char)(v >> 24);
}

static void put16(struct buffer *b, uint16_t v)
{
	b->data[b->used++] = (unsigned char)v;
	b->data[b->used++] = (unsigned char)(v >> 8);
}

static void put_bytes(struct buffer *b, const unsigned char *p, size_t n)
{
	assert_true(b->used + n <= sizeof(b->data));
	memcpy(b->data + b->used, p, n);
	b->used += n;
}

#define TEST_SNAPLEN 128u

static void pcap_header(struct buffer *b, bool nanosecond)
{
	b->used = 0;
	put32(b, nanosecond ? 0xA1B23C4Du : 0xA1B2C3D4u);
	put16(b, 2);
	put16(b, 4);
	put32(b, 0);
	put32(b, 0);
	put32(b, TEST_SNAPLEN);
	put32(b, 1); /* LINKTYPE_ETHERNET */
}

/* An Ethernet + IPv4 + UDP frame from 10.77.0.1:sport to 10.77.0.2:dport. */
static size_t udp_frame(unsigned char *f, uint16_t sport, uint16_t dport)
{
	memset(f, 0, 42);
	f[12] = 0x08; /* IPv4 */
	f[14] = 0x45;
	f[23] = 17; /* UDP */
	f[26] = 10, f[27] = 77, f[28] = 0, f[29] = 1;
	f[30] = 10, f[31] = 77, f[32] = 0, f[33] = 2;
	f[34] = (unsigned char)(sport >> 8), f[35] = (unsigned char)sport;
	f[36] = (unsigned char)(dport >> 8), f[37] = (unsigned char)dport;
	return 42;
}

/* One record: @fraction is us or ns; @wire the original length. */
static void pcap_record(struct buffer *b, uint32_t seconds, uint32_t fraction, uint32_t wire,
			uint16_t sport)
{
	unsigned char frame[64];
	size_t captured = udp_frame(frame, sport, 5201);

	if (captured > wire)
		captured = wire;
	put32(b, seconds);
	put32(b, fraction);
	put32(b, (uint32_t)captured);
	put32(b, wire);
	put_bytes(b, frame, captured);
}

static struct irqmod_sim_trace_file trace;
static struct irqmod_sim_trace_error error;

/* ------------------------------------------------------------------ */
/* CSV                                                                 */
/* ------------------------------------------------------------------ */

static void test_trace_csv_header_comments_and_flows_load(void **unused)
{
	(void)unused;
	write_text("time_ns,bytes,flow\n# a comment\n\n5000,60,1\n5100,1514,2\n 6000 , 98 \n"
		   "6000,1514,1\n");
	assert_int_equal(irqmod_sim_trace_load(&trace, path, IRQMOD_SIM_TRACE_AUTO, &error), 0);
	assert_int_equal(trace.format, IRQMOD_SIM_TRACE_CSV);
	assert_int_equal(trace.count, 4);
	assert_int_equal(trace.span_ns, 1000);
	/* Times from the first record. */
	assert_int_equal(trace.records[0].time_ns, 0);
	assert_int_equal(trace.records[1].time_ns, 100);
	assert_int_equal(trace.records[2].time_ns, 1000);
	assert_int_equal(trace.records[3].time_ns, 1000);
	assert_int_equal(trace.records[1].bytes, 1514);
	assert_int_equal(trace.records[2].bytes, 98);
	/* Equal flow ids hash alike, different ones apart; no id is 0. */
	assert_int_equal(trace.records[0].flow_hash, trace.records[3].flow_hash);
	assert_int_not_equal(trace.records[0].flow_hash, trace.records[1].flow_hash);
	assert_int_equal(trace.records[2].flow_hash, 0);
	irqmod_sim_trace_free(&trace);
	assert_null(trace.records);
	assert_int_equal(trace.count, 0);
}

/* Spaces, tabs and carriage returns around every field are blanks. */
static void test_trace_csv_blanks_around_every_field(void **unused)
{
	(void)unused;
	write_text(" \t\r100 \t\r, \t\r60 \t\r, \t\r7 \t\r\n"
		   "\t300\t,\t1514\t,\t7\t\r\n"
		   "\r400\r,\r98\r\n");
	assert_int_equal(irqmod_sim_trace_load(&trace, path, IRQMOD_SIM_TRACE_CSV, &error), 0);
	assert_int_equal(trace.count, 3);
	assert_int_equal(trace.span_ns, 300);
	assert_int_equal(trace.records[1].time_ns, 200);
	assert_int_equal(trace.records[0].bytes, 60);
	assert_int_equal(trace.records[1].bytes, 1514);
	assert_int_equal(trace.records[2].bytes, 98);
	assert_int_equal(trace.records[0].flow_hash, trace.records[1].flow_hash);
	assert_int_not_equal(trace.records[0].flow_hash, 0);
	assert_int_equal(trace.records[2].flow_hash, 0);
	irqmod_sim_trace_free(&trace);
	/* A blank between the time and a missing comma is still an error. */
	write_text("100 \t60\n");
	assert_int_equal(irqmod_sim_trace_load(&trace, path, IRQMOD_SIM_TRACE_CSV, &error),
			 -IRQMOD_EINVAL);
	assert_int_equal(error.record, 1);
	assert_non_null(strstr(error.message, "expected time_ns,bytes"));
	write_text("100,\t\n");
	assert_int_equal(irqmod_sim_trace_load(&trace, path, IRQMOD_SIM_TRACE_CSV, &error),
			 -IRQMOD_EINVAL);
	assert_non_null(strstr(error.message, "expected time_ns,bytes"));
}

struct bad_csv {
	const char *text;
	int code;
	uint64_t record;
	uint64_t line;
	const char *says;
};

static void test_trace_csv_bad_records_name_record_and_line(void **unused)
{
	static const struct bad_csv cases[] = {
		{ "100,60\n200\n", -IRQMOD_EFRAME, 2, 2, "truncated record" },
		{ "100,60\n300,60\n200,60\n", -IRQMOD_ERANGE, 3, 3, "before the previous" },
		{ "#c\n100,0\n", -IRQMOD_EFRAME, 1, 2, "frame length is 0" },
		{ "100,65536\n", -IRQMOD_EFRAME, 1, 1, "above 65535" },
		{ "100,60\n100,60x\n", -IRQMOD_EINVAL, 2, 2, "unexpected text" },
		{ "100,60\nabc,60\n", -IRQMOD_EINVAL, 2, 2, "expected time_ns,bytes" },
		{ "100,60,\n", -IRQMOD_EINVAL, 1, 1, "flow id" },
		{ "0,60\n3600000000001,60\n", -IRQMOD_ERANGE, 2, 2, "one hour" },
		{ "99999999999999999999999,60\n", -IRQMOD_EINVAL, 1, 1, "expected time_ns" },
		{ "# only a comment\n", -IRQMOD_EINVAL, 0, 0, "no records" },
	};
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		write_text(cases[i].text);
		assert_int_equal(irqmod_sim_trace_load(&trace, path, IRQMOD_SIM_TRACE_CSV, &error),
				 cases[i].code);
		assert_int_equal(error.record, cases[i].record);
		assert_int_equal(error.line, cases[i].line);
		assert_non_null(strstr(error.message, cases[i].says));
		assert_non_null(strstr(error.message, path));
		/* Nothing is left allocated or half filled. */
		assert_null(trace.records);
		assert_int_equal(trace.count, 0);
	}
}

static void test_trace_csv_nul_byte_is_an_error(void **unused)
{
	static const char text[] = "100,60\n2\0000,60\n";

	(void)unused;
	write_file(text, sizeof(text) - 1);
	assert_int_equal(irqmod_sim_trace_load(&trace, path, IRQMOD_SIM_TRACE_CSV, &error),
			 -IRQMOD_EINVAL);
	assert_int_equal(error.line, 2);
	assert_non_null(strstr(error.message, "NUL"));
}

/* A directory given as the trace is named as one, in every format. */
static void test_trace_directory_is_named(void **unused)
{
	static const uint32_t formats[] = { IRQMOD_SIM_TRACE_AUTO, IRQMOD_SIM_TRACE_CSV,
					    IRQMOD_SIM_TRACE_PCAP };
	size_t f;

	(void)unused;
	for (f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
		assert_int_equal(irqmod_sim_trace_load(&trace, ".", formats[f], &error),
				 -IRQMOD_EINVAL);
		assert_string_equal(error.message, ".: is a directory, not a trace file");
	}
}

/*
 * A compressed capture or CSV (gzip, bzip2, xz, zstd) is refused by the
 * name of its compression and the command that undoes it, whatever
 * format was asked for; it used to read as a CSV whose first line held a
 * NUL byte. The files are each magic followed by bytes of a real gzip
 * stream (NULs included), enough for the reader to see.
 */
static void test_trace_compressed_file_is_named(void **unused)
{
	static const struct {
		unsigned char head[8];
		const char *name;
		const char *command;
	} cases[] = {
		{ { 0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00 }, "gzip-compressed", "gunzip" },
		{ { 'B', 'Z', 'h', '9', '1', 'A', 'Y', '&' }, "bzip2-compressed", "bunzip2" },
		{ { 0xfd, '7', 'z', 'X', 'Z', 0x00, 0x00, 0x04 }, "xz-compressed", "unxz" },
		{ { 0x28, 0xb5, 0x2f, 0xfd, 0x24, 0x00, 0x00, 0x00 }, "zstd-compressed", "unzstd" },
	};
	static const uint32_t formats[] = { IRQMOD_SIM_TRACE_AUTO, IRQMOD_SIM_TRACE_CSV,
					    IRQMOD_SIM_TRACE_PCAP };
	size_t i, f;

	(void)unused;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		for (f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
			write_file(cases[i].head, sizeof(cases[i].head));
			assert_int_equal(irqmod_sim_trace_load(&trace, path, formats[f], &error),
					 -IRQMOD_EINVAL);
			assert_non_null(strstr(error.message, cases[i].name));
			assert_non_null(strstr(error.message, cases[i].command));
			assert_non_null(strstr(error.message, path));
			assert_null(trace.records);
		}
	}
	/* "BZh" followed by anything but a block size ('1' to '9') is a CSV header line. */
	write_file("BZh,x\n100,60\n", 13);
	assert_int_equal(irqmod_sim_trace_load(&trace, path, IRQMOD_SIM_TRACE_AUTO, &error), 0);
	assert_int_equal(trace.count, 1);
	irqmod_sim_trace_free(&trace);
	write_file("BZhz,x\n100,60\n", 14);
	assert_int_equal(irqmod_sim_trace_load(&trace, path, IRQMOD_SIM_TRACE_AUTO, &error), 0);
	assert_int_equal(trace.count, 1);
	irqmod_sim_trace_free(&trace);
	/* And a file of the three bytes alone is too short to be bzip2's. */
	write_file("BZh", 3);
	irqmod_sim_trace_load(&trace, path, IRQMOD_SIM_TRACE_AUTO, &error);
	assert_null(strstr(error.message, "bzip2"));
	irqmod_sim_trace_free(&trace);
}

static void test_trace_bad_arguments_are_rejected(void **unused)
{
	(void)unused;
	assert_int_equal(irqmod_sim_trace_load(NULL, path, 0, &error), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_sim_trace_load(&trace, NULL, 0, NULL), -IRQMOD_EINVAL);
	assert_int_equal(irqmod_sim_trace_load(&trace, path, IRQMOD_SIM_TRACE_FORMAT_COUNT, &error),
			 -IRQMOD_EINVAL);
	assert_non_null(strstr(error.message, "unknown trace format"));
	assert_int_equal(irqmod_sim_trace_load(&trace, "/nonexistent/x.csv", 0, &error),
			 -IRQMOD_EINVAL);
	assert_non_null(strstr(error.message, "cannot open"));
	irqmod_sim_trace_free(NULL);
	assert_string_equal(irqmod_sim_trace_format_name(IRQMOD_SIM_TRACE_PCAP), "pcap");
	assert_string_equal(irqmod_sim_trace_format_name(99), "unknown");
}

/* ------------------------------------------------------------------ */
/* pcap                                                                */
/* ------------------------------------------------------------------ */

static void test_trace_pcap_micro_and_nano_give_ns(void **unused)
{
	struct buffer b;
	int nano;

	(void)unused;
	if (!irqmod_sim_trace_has_pcap())
		skip();
	for (nano = 0; nano <= 1; nano++) {
		pcap_header(&b, nano);
		pcap_record(&b, 10, 5 * (nano ? 1000 : 1), 60, 1000);
		pcap_record(&b, 10, 7 * (nano ? 1000 : 1) + (nano ? 3 : 0), 1514, 1001);
		pcap_record(&b, 11, 0, 98, 1000);
		write_file(b.data, b.used);
		assert_int_equal(irqmod_sim_trace_load(&trace, path, IRQMOD_SIM_TRACE_AUTO, &error),
				 0);
		assert_int_equal(trace.format, IRQMOD_SIM_TRACE_PCAP);
		assert_int_equal(trace.nanosecond, nano);
		assert_int_equal(trace.count, 3);
		assert_int_equal(trace.records[1].time_ns, 2000 + (nano ? 3 : 0));
		assert_int_equal(trace.records[2].time_ns, 1000000000ull - 5000);
		/* The 1514-byte frame was captured at 42 bytes: its wire
		 * length counts, and it is counted as snapped. */
		assert_int_equal(trace.records[1].bytes, 1514);
		assert_int_equal(trace.snapped_records, 3);
		assert_int_equal(trace.non_ip_records, 0);
		/* Same 5-tuple, same hash; another source port, another hash. */
		assert_int_equal(trace.records[0].flow_hash, trace.records[2].flow_hash);
		assert_int_not_equal(trace.records[0].flow_hash, trace.records[1].flow_hash);
		irqmod_sim_trace_free(&trace);
	}
}

static void test_trace_pcapng_loads(void **unused)
{
	struct buffer b = { .used = 0 };
	unsigned char frame[64];
	size_t n = udp_frame(frame, 7, 9);

	(void)unused;
	if (!irqmod_sim_trace_has_pcap())
		skip();
	/* Section Header Block. */
	put32(&b, 0x0A0D0D0Au);
	put32(&b, 28);
	put32(&b, 0x1A2B3C4Du);
	put16(&b, 1);
	put16(&b, 0);
	put32(&b, 0xFFFFFFFFu);
	put32(&b, 0xFFFFFFFFu);
	put32(&b, 28);
	/* Interface Description Block: Ethernet, default microseconds. */
	put32(&b, 1);
	put32(&b, 20);
	put16(&b, 1);
	put16(&b, 0);
	put32(&b, 0);
	put32(&b, 20);
	/* Two Enhanced Packet Blocks (42 captured bytes padded to 44). */
	for (int i = 0; i < 2; i++) {
		put32(&b, 6);
		put32(&b, 32 + 44);
		put32(&b, 0); /* interface */
		put32(&b, 0); /* timestamp, high word */
		put32(&b, 1000000u + (uint32_t)i * 250u); /* us */
		put32(&b, (uint32_t)n);
		put32(&b, 200);
		put_bytes(&b, frame, n);
		put16(&b, 0);
		put32(&b, 32 + 44);
	}
	write_file(b.data, b.used);
	if (irqmod_sim_trace_load(&trace, path, IRQMOD_SIM_TRACE_AUTO, &error) != 0)
		fail_msg("%s", error.message);
	assert_int_equal(trace.count, 2);
	assert_int_equal(trace.records[1].time_ns, 250000);
	assert_int_equal(trace.records[0].bytes, 200);
	irqmod_sim_trace_free(&trace);
}

static void test_trace_pcap_bad_records_name_the_record(void **unused)
{
	struct buffer b;

	(void)unused;
	if (!irqmod_sim_trace_has_pcap())
		skip();
	/* Truncated: the third record's header is cut. */
	pcap_header(&b, true);
	pcap_record(&b, 1, 0, 60, 1);
	pcap_record(&b, 1, 10, 60, 1);
	put32(&b, 1);
	write_file(b.data, b.used);
	assert_int_equal(irqmod_sim_trace_load(&trace, path, IRQMOD_SIM_TRACE_PCAP, &error),
			 -IRQMOD_EFRAME);
	assert_int_equal(error.record, 3);
	assert_non_null(strstr(error.message, "truncated"));
	assert_null(trace.records);
	/* Truncated inside the data of record 2. */
	pcap_header(&b, true);
	pcap_record(&b, 1, 0, 60, 1);
	pcap_record(&b, 1, 10, 60, 1);
	write_file(b.data, b.used - 5);
	assert_int_equal(irqmod_sim_trace_load(&trace, path, IRQMOD_SIM_TRACE_PCAP, &error),
			 -IRQMOD_EFRAME);
	assert_int_equal(error.record, 2);
	/* Backwards. */
	pcap_header(&b, false);
	pcap_record(&b, 2, 0, 60, 1);
	pcap_record(&b, 1, 999999, 60, 1);
	write_file(b.data, b.used);
	assert_int_equal(irqmod_sim_trace_load(&trace, path, IRQMOD_SIM_TRACE_AUTO, &error),
			 -IRQMOD_ERANGE);
	assert_int_equal(error.record, 2);
	assert_non_null(strstr(error.message, "before the previous"));
	/* A wire length of 0 (captured 0 too). */
	pcap_header(&b, false);
	pcap_record(&b, 1, 0, 60, 1);
	pcap_record(&b, 1, 1, 60, 1);
	pcap_record(&b, 1, 2, 0, 1);
	write_file(b.data, b.used);
	assert_int_equal(irqmod_sim_trace_load(&trace, path, IRQMOD_SIM_TRACE_AUTO, &error),
			 -IRQMOD_EFRAME);
	assert_int_equal(error.record, 3);
	assert_non_null(strstr(error.message, "length is 0"));
	/* Oversized: a 70000-byte wire length (a GSO super-frame). */
	pcap_header(&b, false);
	pcap_record(&b, 1, 0, 70000, 1);
	write_file(b.data, b.used);
	assert_int_equal(irqmod_sim_trace_load(&trace, path, IRQMOD_SIM_TRACE_AUTO, &error),
			 -IRQMOD_EFRAME);
	assert_int_equal(error.record, 1);
	assert_non_null(strstr(error.message, "70000"));
	/* Not a pcap at all, read as one. */
	write_text("100,60\n");
	assert_int_equal(irqmod_sim_trace_load(&trace, path, IRQMOD_SIM_TRACE_PCAP, &error),
			 -IRQMOD_EINVAL);
	assert_int_equal(error.record, 0);
	assert_non_null(strstr(error.message, "pcap"));
}


/* One record holding @frame (captured whole), at @index microseconds. */
static void pcap_raw_record(struct buffer *b, uint32_t index, const unsigned char *frame,
			    size_t bytes)
{
	put32(b, 1);
	put32(b, index);
	put32(b, (uint32_t)bytes);
	put32(b, (uint32_t)bytes);
	put_bytes(b, frame, bytes);
}

static void test_trace_pcap_flow_hash_reads_vlan_ipv6_and_fragments(void **unused)
{
	unsigned char f[128];
	struct buffer b;
	size_t n;

	(void)unused;
	if (!irqmod_sim_trace_has_pcap())
		skip();
	pcap_header(&b, false);
	n = udp_frame(f, 1000, 5201);
	pcap_raw_record(&b, 0, f, n); /* 1: IPv4 UDP 1000 -> 5201 */
	/* 2: the same datagram behind an 802.1Q tag. */
	{
		unsigned char tagged[128];

		memcpy(tagged, f, 12);
		tagged[12] = 0x81, tagged[13] = 0x00, tagged[14] = 0x00, tagged[15] = 0x05;
		memcpy(tagged + 16, f + 12, n - 12);
		pcap_raw_record(&b, 1, tagged, n + 4);
	}
	/* 3 and 4: later fragments (offset 185 * 8) whose first payload bytes
	 * differ: no ports, so the same hash. */
	f[20] = 0x00, f[21] = 0xB9;
	pcap_raw_record(&b, 2, f, n);
	f[34] ^= 0xFF;
	pcap_raw_record(&b, 3, f, n);
	/* 5: ARP, not IP. */
	memset(f, 0, 60);
	f[12] = 0x08, f[13] = 0x06;
	pcap_raw_record(&b, 4, f, 60);
	/* 6 and 7: IPv6 TCP, two source ports. */
	memset(f, 0, 80);
	f[12] = 0x86, f[13] = 0xDD;
	f[14] = 0x60;
	f[20] = 6; /* next header: TCP */
	f[14 + 8 + 15] = 1;  /* source ::1 */
	f[14 + 24 + 15] = 2; /* destination ::2 */
	f[54] = 0x13, f[55] = 0x88;
	pcap_raw_record(&b, 5, f, 74);
	f[55] = 0x89;
	pcap_raw_record(&b, 6, f, 74);
	/* 8: a frame too short for its Ethernet header. */
	pcap_raw_record(&b, 7, f, 10);
	write_file(b.data, b.used);
	assert_int_equal(irqmod_sim_trace_load(&trace, path, IRQMOD_SIM_TRACE_PCAP, &error), 0);
	assert_int_equal(trace.count, 8);
	assert_int_equal(trace.snapped_records, 0);
	assert_int_equal(trace.non_ip_records, 2);
	assert_int_equal(trace.records[0].flow_hash, trace.records[1].flow_hash);
	assert_int_equal(trace.records[2].flow_hash, trace.records[3].flow_hash);
	assert_int_not_equal(trace.records[0].flow_hash, trace.records[2].flow_hash);
	assert_int_equal(trace.records[4].flow_hash, 0);
	assert_int_not_equal(trace.records[5].flow_hash, trace.records[6].flow_hash);
	assert_int_not_equal(trace.records[5].flow_hash, 0);
	assert_int_equal(trace.records[7].flow_hash, 0);
	assert_int_equal(trace.records[7].bytes, 10);
	irqmod_sim_trace_free(&trace);
}

/* Linux cooked capture (tcpdump -i any) and raw IP link types. */
static void test_trace_pcap_cooked_and_raw_links_hash_like_ethernet(void **unused)
{
	static const uint32_t linktypes[3] = { 113, 276, 101 };
	unsigned char eth[64], frame[64];
	uint32_t hashes[3];
	struct buffer b;
	size_t n = udp_frame(eth, 4000, 53);
	int i;

	(void)unused;
	if (!irqmod_sim_trace_has_pcap())
		skip();
	for (i = 0; i < 3; i++) {
		size_t header = linktypes[i] == 113 ? 16 : linktypes[i] == 276 ? 20 : 0;

		memset(frame, 0, sizeof(frame));
		if (linktypes[i] == 113)
			frame[14] = 0x08; /* protocol IPv4 */
		else if (linktypes[i] == 276)
			frame[0] = 0x08;
		memcpy(frame + header, eth + 14, n - 14);
		pcap_header(&b, false);
		b.used -= 4;
		put32(&b, linktypes[i]);
		pcap_raw_record(&b, 0, frame, header + n - 14);
		write_file(b.data, b.used);
		assert_int_equal(irqmod_sim_trace_load(&trace, path, IRQMOD_SIM_TRACE_AUTO, &error),
				 0);
		assert_int_equal(trace.non_ip_records, 0);
		hashes[i] = trace.records[0].flow_hash;
		irqmod_sim_trace_free(&trace);
	}
	assert_int_equal(hashes[0], hashes[1]);
	assert_int_equal(hashes[1], hashes[2]);
	assert_int_not_equal(hashes[0], 0);
}

/* ------------------------------------------------------------------ */
/* Replay                                                              */
/* ------------------------------------------------------------------ */

/* @count frames of 1514 B, 10 us apart, over @flows flows. */
static void make_trace(struct irqmod_sim_trace_file *t, struct irqmod_sim_trace_record *records,
		       uint32_t count, uint32_t flows)
{
	uint32_t i;

	for (i = 0; i < count; i++) {
		records[i].time_ns = (uint64_t)i * 10000;
		records[i].bytes = i % 7 == 0 ? 42 : 1514; /* 42: padded to 60 */
		records[i].flow_hash = (i % flows) * 0x9E3779B1u;
	}
	memset(t, 0, sizeof(*t));
	t->records = records;
	t->count = count;
	t->span_ns = records[count - 1].time_ns;
}

static void setup_replay(struct irqmod_sim_config *c, const struct irqmod_sim_trace_file *t)
{
	irqmod_sim_default_config(c);
	c->warmup_ns = 0;
	irqmod_sim_default_source(&c->sources[0], IRQMOD_SIM_SOURCE_TRACE);
	c->sources[0].trace = t;
}

static int replay(const struct irqmod_sim_config *c, const struct irqmod_sim_hooks *hooks,
		  struct irqmod_sim_results *r)
{
	struct irqmod_sim_controller controller;

	assert_int_equal(irqmod_scenario_controller_by_name(&controller, "static:20us",
							c->link_speed_mbps), 0);
	return irqmod_sim_run(c, &controller, hooks, r);
}

static void assert_conserved(const struct irqmod_sim_results *r)
{
	assert_int_equal(r->totals.offered_frames,
			 r->totals.delivered_frames + r->totals.dropped_frames +
				 r->totals.in_flight_frames);
}

static struct irqmod_sim_trace_record records[1000];
static struct irqmod_sim_results results;

static void test_replay_offers_every_record_once(void **unused)
{
	struct irqmod_sim_trace_file t;
	struct irqmod_sim_config c;

	(void)unused;
	make_trace(&t, records, 1000, 4);
	setup_replay(&c, &t);
	c.duration_ns = 20000000; /* the trace lasts 9.99 ms */
	assert_int_equal(replay(&c, NULL, &results), 0);
	assert_int_equal(results.totals.offered_frames, 1000);
	assert_conserved(&results);
	/* 143 of the frames were 42 B and go on the wire as 60 B. */
	assert_int_equal(results.counters.offered_bytes, 143 * 60 + 857 * 1514);
	/* A 10 us gap with a 20 us throttle: interrupts well below frames. */
	assert_true(results.counters.interrupts < 1000 && results.counters.interrupts > 100);
}

static void test_replay_speed_scales_time(void **unused)
{
	struct irqmod_sim_trace_file t;
	struct irqmod_sim_config c;

	(void)unused;
	make_trace(&t, records, 1000, 1);
	setup_replay(&c, &t);
	/* 5 ms: half of the trace as recorded, all of it at twice the pace
	 * (its last frame is desired at 4.995 ms), a quarter at half speed. */
	c.duration_ns = 5000000;
	assert_int_equal(replay(&c, NULL, &results), 0);
	assert_int_equal(results.totals.offered_frames, 500);
	c.sources[0].trace_speed_milli = 2000;
	assert_int_equal(replay(&c, NULL, &results), 0);
	assert_int_equal(results.totals.offered_frames, 1000);
	c.sources[0].trace_speed_milli = 500;
	assert_int_equal(replay(&c, NULL, &results), 0);
	assert_int_equal(results.totals.offered_frames, 250);
	assert_conserved(&results);
}

static void test_replay_loop_and_offset(void **unused)
{
	struct irqmod_sim_trace_file t;
	struct irqmod_sim_config c;

	(void)unused;
	make_trace(&t, records, 1000, 1);
	setup_replay(&c, &t);
	/* A lap is 9.99 ms + 10 us = 10 ms: three laps in 30 ms. */
	c.sources[0].trace_loop = true;
	c.duration_ns = 30000000 - 1;
	assert_int_equal(replay(&c, NULL, &results), 0);
	assert_int_equal(results.totals.offered_frames, 3000);
	assert_conserved(&results);
	/* Without the loop, starting 2.5 ms in skips 250 records. */
	c.sources[0].trace_loop = false;
	c.sources[0].trace_start_offset_ns = 2500000;
	assert_int_equal(replay(&c, NULL, &results), 0);
	assert_int_equal(results.totals.offered_frames, 750);
	/* Looping from the offset brings them back at the end of the lap. */
	c.sources[0].trace_loop = true;
	c.duration_ns = 10000000 - 1;
	assert_int_equal(replay(&c, NULL, &results), 0);
	assert_int_equal(results.totals.offered_frames, 1000);
}

struct first_call {
	uint64_t now_ns;
	uint32_t queues_seen;
};

static void on_call(void *context, const struct irqmod_sim_trace *record)
{
	struct first_call *first = context;

	if (first->now_ns == 0)
		first->now_ns = record->now_ns;
	first->queues_seen |= 1u << record->queue;
}

static void test_replay_random_offset_varies_with_seed(void **unused)
{
	struct irqmod_sim_trace_file t;
	struct irqmod_sim_config c;
	uint64_t firsts[4];
	uint32_t s, distinct = 0;

	(void)unused;
	/* Uneven gaps so the offset changes the first gap too. */
	make_trace(&t, records, 100, 1);
	for (s = 0; s < 100; s++)
		records[s].time_ns = (uint64_t)s * s * 1000;
	t.span_ns = records[99].time_ns;
	setup_replay(&c, &t);
	c.sources[0].trace_loop = true;
	c.sources[0].trace_random_offset = true;
	c.duration_ns = 20000000;
	for (s = 0; s < 4; s++) {
		struct first_call first = { 0, 0 };
		struct irqmod_sim_hooks hooks = { .trace = on_call, .context = &first };

		c.seed = s + 1;
		assert_int_equal(replay(&c, &hooks, &results), 0);
		assert_conserved(&results);
		firsts[s] = results.totals.offered_frames;
		if (s == 0 || firsts[s] != firsts[s - 1])
			distinct++;
	}
	assert_true(distinct >= 3);
	/* The same seed gives the same replay. */
	c.seed = 1;
	assert_int_equal(replay(&c, NULL, &results), 0);
	assert_int_equal(results.totals.offered_frames, firsts[0]);
}

static void test_replay_rss_spreads_flows_over_queues(void **unused)
{
	struct irqmod_sim_trace_file t;
	struct irqmod_sim_config c;
	struct first_call seen = { 0, 0 };
	struct irqmod_sim_hooks hooks = { .trace = on_call, .context = &seen };
	uint32_t q, used = 0;

	(void)unused;
	make_trace(&t, records, 1000, 64);
	setup_replay(&c, &t);
	c.queues = 4;
	c.cores = 4;
	c.app_core = 0;
	for (q = 0; q < 4; q++)
		c.queue_core[q] = q;
	c.duration_ns = 20000000;
	assert_int_equal(replay(&c, &hooks, &results), 0);
	assert_int_equal(results.totals.offered_frames, 1000);
	for (q = 0; q < 4; q++)
		used += (seen.queues_seen >> q) & 1u;
	assert_int_equal(used, 4);
	/* One flow: one queue. */
	make_trace(&t, records, 1000, 1);
	seen.queues_seen = 0;
	assert_int_equal(replay(&c, &hooks, &results), 0);
	assert_int_equal(__builtin_popcount(seen.queues_seen), 1);
}

static void test_replay_bad_configs_name_the_field(void **unused)
{
	struct irqmod_sim_trace_file t;
	struct irqmod_sim_config c;
	struct irqmod_config_error error = { .field = NULL };

	(void)unused;
	make_trace(&t, records, 10, 1);
	setup_replay(&c, &t);
	assert_int_equal(irqmod_sim_check(&c, &error), 0);
	c.sources[0].trace = NULL;
	assert_int_equal(irqmod_sim_check(&c, &error), -IRQMOD_EINVAL);
	assert_string_equal(error.field, "sources[0].trace");
	c.sources[0].trace = &t;
	c.sources[0].trace_speed_milli = 0;
	assert_int_equal(irqmod_sim_check(&c, &error), -IRQMOD_ERANGE);
	assert_string_equal(error.field, "sources[0].trace_speed_milli");
	c.sources[0].trace_speed_milli = IRQMOD_SIM_TRACE_MAX_SPEED_MILLI + 1;
	assert_int_equal(irqmod_sim_check(&c, &error), -IRQMOD_ERANGE);
	c.sources[0].trace_speed_milli = 1000;
	c.sources[0].trace_start_offset_ns = t.span_ns + 1;
	assert_int_equal(irqmod_sim_check(&c, &error), -IRQMOD_ERANGE);
	assert_string_equal(error.field, "sources[0].trace_start_offset_ns");
	c.sources[0].trace_start_offset_ns = 0;
	t.count = 1;
	c.sources[0].trace_loop = true;
	assert_int_equal(irqmod_sim_check(&c, &error), -IRQMOD_EINVAL);
	assert_string_equal(error.field, "sources[0].trace");
	assert_string_equal(irqmod_sim_source_kind_name(IRQMOD_SIM_SOURCE_TRACE), "trace");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_trace_csv_header_comments_and_flows_load,
						make_path, remove_path),
		cmocka_unit_test_setup_teardown(test_trace_csv_bad_records_name_record_and_line,
						make_path, remove_path),
		cmocka_unit_test_setup_teardown(test_trace_csv_nul_byte_is_an_error, make_path,
						remove_path),
		cmocka_unit_test(test_trace_directory_is_named),
		cmocka_unit_test_setup_teardown(test_trace_compressed_file_is_named, make_path,
						remove_path),
		cmocka_unit_test_setup_teardown(test_trace_bad_arguments_are_rejected, make_path,
						remove_path),
		cmocka_unit_test_setup_teardown(test_trace_pcap_micro_and_nano_give_ns, make_path,
						remove_path),
		cmocka_unit_test_setup_teardown(test_trace_pcapng_loads, make_path, remove_path),
		cmocka_unit_test_setup_teardown(test_trace_pcap_flow_hash_reads_vlan_ipv6_and_fragments,
						make_path, remove_path),
		cmocka_unit_test_setup_teardown(test_trace_pcap_cooked_and_raw_links_hash_like_ethernet,
						make_path, remove_path),
		cmocka_unit_test_setup_teardown(test_trace_pcap_bad_records_name_the_record,
						make_path, remove_path),
		cmocka_unit_test(test_replay_offers_every_record_once),
		cmocka_unit_test(test_replay_speed_scales_time),
		cmocka_unit_test(test_replay_loop_and_offset),
		cmocka_unit_test(test_replay_random_offset_varies_with_seed),
		cmocka_unit_test(test_replay_rss_spreads_flows_over_queues),
		cmocka_unit_test(test_replay_bad_configs_name_the_field),
		cmocka_unit_test_setup_teardown(test_trace_csv_blanks_around_every_field, make_path,
						remove_path),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
