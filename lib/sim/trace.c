/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Trace files for the simulator's replay source: CSV written by hand or by
 * a script, and pcap/pcapng captures read through libpcap. Everything is
 * read once, at setup, into one array; the model only walks it.
 */
#define _POSIX_C_SOURCE 200809L
/* libpcap's headers use the BSD types u_int and u_char. */
#define _DEFAULT_SOURCE
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "irqmod/sim_trace.h"

#ifdef IRQMOD_HAVE_PCAP
#include <pcap/pcap.h>
#endif

/* Growth of the record array: start with this many, then double. */
#define TRACE_INITIAL_RECORDS 1024u
#define NS_PER_S 1000000000ull

/* pcap magic numbers (pcap-savefile(5)): microsecond and nanosecond
 * files (read in both byte orders), and the pcapng Section Header Block type
 * (draft-ietf-opsawg-pcapng, 0x0A0D0D0A, the same in both orders). */
#define PCAP_MAGIC_US 0xA1B2C3D4u
#define PCAP_MAGIC_NS 0xA1B23C4Du
#define PCAPNG_MAGIC 0x0A0D0D0Au

/*
 * Compressed files, by their leading bytes: gzip 1f 8b (RFC 1952 section
 * 2.3.1), bzip2 "BZh" and the block size '1'..'9' (bzip2's own header),
 * xz fd 37 7a 58 5a 00 (the .xz file format, section 2.1.1.1), zstd
 * 28 b5 2f fd (RFC 8878 section 3.1.1, little-endian 0xFD2FB528). Neither
 * libpcap nor the CSV reader decompresses, so such a file is refused by
 * name instead of as a NUL byte in its first "line".
 */
#define TRACE_HEAD_BYTES 6u
static const struct compression {
	const char *name;
	const char *command;
	unsigned char magic[TRACE_HEAD_BYTES];
	size_t length;
} compressions[] = {
	{ "gzip", "gunzip -k", { 0x1f, 0x8b }, 2 },
	{ "bzip2", "bunzip2 -k", { 'B', 'Z', 'h' }, 3 },
	{ "xz", "unxz -k", { 0xfd, '7', 'z', 'X', 'Z', 0x00 }, 6 },
	{ "zstd", "unzstd", { 0x28, 0xb5, 0x2f, 0xfd }, 4 },
};

/* The compression whose magic @head (@got bytes) starts with, or NULL. */
static const struct compression *compression_of(const unsigned char *head, size_t got)
{
	size_t i;

	for (i = 0; i < sizeof(compressions) / sizeof(compressions[0]); i++) {
		const struct compression *k = &compressions[i];

		if (got < k->length || memcmp(head, k->magic, k->length) != 0)
			continue;
		/* bzip2's fourth byte is the block size, '1' to '9'. */
		if (k->length == 3 && (got < 4 || head[3] < '1' || head[3] > '9'))
			continue;
		return k;
	}
	return NULL;
}

/* FNV-1a, 32 bits (Fowler, Noll, Vo; draft-eastlake-fnv): the flow hash. */
#define FNV32_OFFSET_BASIS 0x811C9DC5u
#define FNV32_PRIME 0x01000193u

static const char *const format_names[IRQMOD_SIM_TRACE_FORMAT_COUNT] = {
	[IRQMOD_SIM_TRACE_AUTO] = "auto",
	[IRQMOD_SIM_TRACE_CSV] = "csv",
	[IRQMOD_SIM_TRACE_PCAP] = "pcap",
};

const char *irqmod_sim_trace_format_name(uint32_t format)
{
	return format < IRQMOD_SIM_TRACE_FORMAT_COUNT ? format_names[format] : "unknown";
}

bool irqmod_sim_trace_has_pcap(void)
{
#ifdef IRQMOD_HAVE_PCAP
	return true;
#else
	return false;
#endif
}

void irqmod_sim_trace_free(struct irqmod_sim_trace_file *trace)
{
	if (!trace)
		return;
	free(trace->records);
	memset(trace, 0, sizeof(*trace));
}

/* Collects records while a file is read. */
struct reader {
	struct irqmod_sim_trace_file *trace;
	const char *path;
	uint64_t capacity;
	uint64_t first_ns;
	uint64_t previous_ns;
	struct irqmod_sim_trace_error *error;
};

static int reject(struct reader *r, int code, uint64_t record, uint64_t line, const char *format,
		  ...)
{
	struct irqmod_sim_trace_error *e = r->error;
	char detail[192];
	va_list args;

	if (!e)
		return code;
	va_start(args, format);
	vsnprintf(detail, sizeof(detail), format, args);
	va_end(args);
	e->record = record;
	e->line = line;
	if (line != 0)
		snprintf(e->message, sizeof(e->message), "%s:%" PRIu64 ": record %" PRIu64 ": %s",
			 r->path, line, record, detail);
	else if (record != 0)
		snprintf(e->message, sizeof(e->message), "%s: record %" PRIu64 ": %s", r->path,
			 record, detail);
	else
		snprintf(e->message, sizeof(e->message), "%s: %s", r->path, detail);
	return code;
}

/* Append one record after the checks every format shares. */
static int add_record(struct reader *r, uint64_t line, uint64_t time_ns, uint64_t bytes,
		      uint32_t flow_hash)
{
	struct irqmod_sim_trace_file *t = r->trace;
	uint64_t number = t->count + 1;

	if (bytes == 0)
		return reject(r, -IRQMOD_EFRAME, number, line, "frame length is 0");
	if (bytes > IRQMOD_SIM_TRACE_MAX_FRAME_BYTES)
		return reject(r, -IRQMOD_EFRAME, number, line,
			      "frame length %" PRIu64 " is above %u (capture with GSO/GRO off)",
			      bytes, IRQMOD_SIM_TRACE_MAX_FRAME_BYTES);
	if (t->count == 0) {
		r->first_ns = time_ns;
		r->previous_ns = time_ns;
	}
	if (time_ns < r->previous_ns)
		return reject(r, -IRQMOD_ERANGE, number, line,
			      "timestamp %" PRIu64 " ns is before the previous record's %" PRIu64
			      " ns (timestamps must not go backwards)",
			      time_ns, r->previous_ns);
	if (time_ns - r->first_ns > IRQMOD_SIM_TRACE_MAX_SPAN_NS)
		return reject(r, -IRQMOD_ERANGE, number, line,
			      "timestamp is %" PRIu64 " ns after the first record's, above %" PRIu64
			      " ns (one hour)",
			      time_ns - r->first_ns, IRQMOD_SIM_TRACE_MAX_SPAN_NS);
	if (t->count >= IRQMOD_SIM_TRACE_MAX_RECORDS)
		return reject(r, -IRQMOD_ERANGE, number, line, "more than %u records",
			      IRQMOD_SIM_TRACE_MAX_RECORDS);
	if (t->count == r->capacity) {
		uint64_t capacity = r->capacity ? r->capacity * 2 : TRACE_INITIAL_RECORDS;
		struct irqmod_sim_trace_record *grown;

		grown = realloc(t->records, (size_t)capacity * sizeof(*grown));
		if (!grown)
			return reject(r, -IRQMOD_ERANGE, number, line, "out of memory");
		t->records = grown;
		r->capacity = capacity;
	}
	t->records[t->count].time_ns = time_ns - r->first_ns;
	t->records[t->count].bytes = (uint32_t)bytes;
	t->records[t->count].flow_hash = flow_hash;
	t->count++;
	t->span_ns = time_ns - r->first_ns;
	r->previous_ns = time_ns;
	return 0;
}

static uint32_t fnv1a(uint32_t hash, const unsigned char *bytes, size_t length)
{
	size_t i;

	for (i = 0; i < length; i++) {
		hash ^= bytes[i];
		hash *= FNV32_PRIME;
	}
	return hash;
}

/* ------------------------------------------------------------------ */
/* CSV                                                                 */
/* ------------------------------------------------------------------ */

/* A decimal number without sign; *end past it. False: none or overflow. */
static bool parse_decimal(const char *text, const char **end, uint64_t *value)
{
	uint64_t v = 0;
	const char *p = text;

	if (*p < '0' || *p > '9')
		return false;
	while (*p >= '0' && *p <= '9') {
		uint64_t digit = (uint64_t)(*p - '0');

		if (v > (UINT64_MAX - digit) / 10)
			return false;
		v = v * 10 + digit;
		p++;
	}
	*end = p;
	*value = v;
	return true;
}

static const char *skip_blanks(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\r')
		p++;
	return p;
}

static int parse_csv_line(struct reader *r, const char *text, size_t length, uint64_t line,
			  bool *header_allowed)
{
	uint64_t number = r->trace->count + 1, time_ns, bytes, flow = 0;
	const char *p = skip_blanks(text), *end;
	uint32_t hash = 0;

	if (strlen(text) != length)
		return reject(r, -IRQMOD_EINVAL, number, line, "NUL byte in the line");
	if (*p == '\0' || *p == '\n' || *p == '#')
		return 0;
	if (*header_allowed && (*p < '0' || *p > '9')) {
		*header_allowed = false; /* a header such as "time_ns,bytes,flow" */
		return 0;
	}
	*header_allowed = false;
	if (!parse_decimal(p, &end, &time_ns))
		return reject(r, -IRQMOD_EINVAL, number, line,
			      "expected time_ns,bytes[,flow] (unsigned decimal integers)");
	p = skip_blanks(end);
	if (*p == '\0' || *p == '\n')
		return reject(r, -IRQMOD_EFRAME, number, line,
			      "truncated record: no frame length after the timestamp");
	if (*p != ',' || !parse_decimal(skip_blanks(p + 1), &end, &bytes))
		return reject(r, -IRQMOD_EINVAL, number, line,
			      "expected time_ns,bytes[,flow] (unsigned decimal integers)");
	p = skip_blanks(end);
	if (*p == ',') {
		unsigned char id[8];
		int i;

		if (!parse_decimal(skip_blanks(p + 1), &end, &flow))
			return reject(r, -IRQMOD_EINVAL, number, line,
				      "expected a flow id (unsigned decimal) after the frame length");
		for (i = 0; i < 8; i++)
			id[i] = (unsigned char)(flow >> (8 * i));
		hash = fnv1a(FNV32_OFFSET_BASIS, id, sizeof(id));
		p = skip_blanks(end);
	}
	if (*p != '\0' && *p != '\n')
		return reject(r, -IRQMOD_EINVAL, number, line,
			      "unexpected text after the record (expected time_ns,bytes[,flow])");
	return add_record(r, line, time_ns, bytes, hash);
}

static int load_csv(struct reader *r, FILE *file)
{
	char *text = NULL;
	size_t size = 0;
	ssize_t length;
	uint64_t line = 0;
	bool header_allowed = true;
	int error = 0;

	r->trace->format = IRQMOD_SIM_TRACE_CSV;
	r->trace->nanosecond = true;
	while ((length = getline(&text, &size, file)) >= 0) {
		line++;
		error = parse_csv_line(r, text, (size_t)length, line, &header_allowed);
		if (error)
			break;
	}
	if (!error && ferror(file))
		error = reject(r, -IRQMOD_EINVAL, 0, 0, "read error");
	free(text);
	return error;
}

/* ------------------------------------------------------------------ */
/* pcap                                                                */
/* ------------------------------------------------------------------ */

#ifdef IRQMOD_HAVE_PCAP
/* Link-layer types as pcap_datalink() reports them: libpcap's DLT_ values
 * (pcap/dlt.h), which it maps from the file's LINKTYPE_ values
 * (https://www.tcpdump.org/linktypes.html; LINKTYPE_RAW 101 is DLT_RAW). */
#ifndef DLT_LINUX_SLL2
#define DLT_LINUX_SLL2 276
#endif
#ifndef DLT_IPV4
#define DLT_IPV4 228
#endif
#ifndef DLT_IPV6
#define DLT_IPV6 229
#endif
#define ETHERTYPE_IPV4 0x0800u
#define ETHERTYPE_IPV6 0x86DDu
#define ETHERTYPE_VLAN 0x8100u
#define ETHERTYPE_QINQ 0x88A8u
#define ETH_HEADER_BYTES 14u
#define VLAN_TAG_BYTES 4u
#define SLL_HEADER_BYTES 16u
#define SLL2_HEADER_BYTES 20u
#define IPV4_MIN_HEADER_BYTES 20u
#define IPV6_HEADER_BYTES 40u
#define IPPROTO_TCP_NUMBER 6u
#define IPPROTO_UDP_NUMBER 17u
/* IPv4 fragment offset: the low 13 bits of bytes 6-7 (RFC 791); a later
 * fragment (offset > 0) carries no ports. */
#define IPV4_OFFSET_MASK 0x1FFFu

static uint32_t be16(const unsigned char *p)
{
	return ((uint32_t)p[0] << 8) | p[1];
}

/* The flow hash of an IP packet: addresses, protocol and, for TCP/UDP
 * (not a later IPv4 fragment), ports. False: not IP or too short. */
static bool hash_ip(const unsigned char *p, size_t length, uint32_t *hash)
{
	unsigned char protocol;
	size_t header, address_bytes;
	const unsigned char *addresses;
	bool ports;

	if (length < 1)
		return false;
	if ((p[0] >> 4) == 4) {
		header = (size_t)(p[0] & 0x0F) * 4;
		if (length < IPV4_MIN_HEADER_BYTES || header < IPV4_MIN_HEADER_BYTES)
			return false;
		protocol = p[9];
		addresses = p + 12;
		address_bytes = 8;
		ports = (be16(p + 6) & IPV4_OFFSET_MASK) == 0;
	} else if ((p[0] >> 4) == 6) {
		if (length < IPV6_HEADER_BYTES)
			return false;
		header = IPV6_HEADER_BYTES;
		protocol = p[6]; /* extension headers are not followed */
		addresses = p + 8;
		address_bytes = 32;
		ports = true;
	} else {
		return false;
	}
	*hash = fnv1a(FNV32_OFFSET_BASIS, addresses, address_bytes);
	*hash = fnv1a(*hash, &protocol, 1);
	if (ports && (protocol == IPPROTO_TCP_NUMBER || protocol == IPPROTO_UDP_NUMBER) &&
	    length >= header + 4)
		*hash = fnv1a(*hash, p + header, 4);
	return true;
}

static bool hash_frame(int linktype, const unsigned char *p, size_t length, uint32_t *hash)
{
	size_t offset;
	uint32_t ethertype;

	switch (linktype) {
	case DLT_EN10MB:
		if (length < ETH_HEADER_BYTES)
			return false;
		ethertype = be16(p + 12);
		offset = ETH_HEADER_BYTES;
		while ((ethertype == ETHERTYPE_VLAN || ethertype == ETHERTYPE_QINQ) &&
		       length >= offset + VLAN_TAG_BYTES) {
			ethertype = be16(p + offset + 2);
			offset += VLAN_TAG_BYTES;
		}
		break;
	case DLT_LINUX_SLL:
		if (length < SLL_HEADER_BYTES)
			return false;
		ethertype = be16(p + 14);
		offset = SLL_HEADER_BYTES;
		break;
	case DLT_LINUX_SLL2:
		if (length < SLL2_HEADER_BYTES)
			return false;
		ethertype = be16(p);
		offset = SLL2_HEADER_BYTES;
		break;
	case DLT_RAW:
	case DLT_IPV4:
	case DLT_IPV6:
		return hash_ip(p, length, hash);
	default:
		return false;
	}
	if (ethertype != ETHERTYPE_IPV4 && ethertype != ETHERTYPE_IPV6)
		return false;
	return hash_ip(p + offset, length - offset, hash);
}

static int load_pcap(struct reader *r, bool nanosecond)
{
	char errbuf[PCAP_ERRBUF_SIZE];
	struct pcap_pkthdr *header;
	const unsigned char *data;
	int linktype, status;
	pcap_t *pcap;

	r->trace->format = IRQMOD_SIM_TRACE_PCAP;
	r->trace->nanosecond = nanosecond;
	errbuf[0] = '\0';
	pcap = pcap_open_offline_with_tstamp_precision(r->path, PCAP_TSTAMP_PRECISION_NANO, errbuf);
	if (!pcap)
		return reject(r, -IRQMOD_EINVAL, 0, 0, "not a readable pcap/pcapng file: %s",
			      errbuf);
	linktype = pcap_datalink(pcap);
	while ((status = pcap_next_ex(pcap, &header, &data)) == 1) {
		uint64_t number = r->trace->count + 1;
		uint64_t time_ns;
		uint32_t hash = 0;
		int error;

		if (header->ts.tv_sec < 0 || header->ts.tv_usec < 0 ||
		    (uint64_t)header->ts.tv_usec >= NS_PER_S) {
			pcap_close(pcap);
			return reject(r, -IRQMOD_ERANGE, number, 0, "bad timestamp");
		}
		time_ns = (uint64_t)header->ts.tv_sec * NS_PER_S + (uint64_t)header->ts.tv_usec;
		if (!hash_frame(linktype, data, header->caplen, &hash))
			r->trace->non_ip_records++;
		error = add_record(r, 0, time_ns, header->len, hash);
		if (error) {
			pcap_close(pcap);
			return error;
		}
		/* A snap length shorter than the frame: the wire length counts. */
		if (header->caplen < header->len)
			r->trace->snapped_records++;
	}
	if (status != PCAP_ERROR_BREAK) {
		/* libpcap says "truncated dump file; tried to read N header
		 * bytes, only got M" for a cut-off record. */
		int error = reject(r, -IRQMOD_EFRAME, r->trace->count + 1, 0,
				   "truncated or unreadable record: %s", pcap_geterr(pcap));

		pcap_close(pcap);
		return error;
	}
	pcap_close(pcap);
	return 0;
}
#endif

int irqmod_sim_trace_load(struct irqmod_sim_trace_file *trace, const char *path, uint32_t format,
			  struct irqmod_sim_trace_error *error)
{
	struct reader r = { .trace = trace, .path = path ? path : "(null)", .error = error };
	unsigned char head[TRACE_HEAD_BYTES] = { 0 };
	const struct compression *compressed;
	uint32_t magic_be, magic_le;
	struct stat info;
	size_t got;
	FILE *file;
	int status;

	if (error)
		memset(error, 0, sizeof(*error));
	if (!trace || !path)
		return reject(&r, -IRQMOD_EINVAL, 0, 0, "no trace or no path given");
	memset(trace, 0, sizeof(*trace));
	if (format >= IRQMOD_SIM_TRACE_FORMAT_COUNT)
		return reject(&r, -IRQMOD_EINVAL, 0, 0, "unknown trace format %" PRIu32
			      " (valid: auto, csv, pcap)", format);
	file = fopen(path, "rb");
	if (!file)
		return reject(&r, -IRQMOD_EINVAL, 0, 0, "cannot open the trace");
	/* A directory opens for reading on Linux; only its reads fail. */
	if (fstat(fileno(file), &info) == 0 && S_ISDIR(info.st_mode)) {
		fclose(file);
		return reject(&r, -IRQMOD_EINVAL, 0, 0, "is a directory, not a trace file");
	}
	got = fread(head, 1, sizeof(head), file);
	magic_be = ((uint32_t)head[0] << 24) | ((uint32_t)head[1] << 16) |
		   ((uint32_t)head[2] << 8) | head[3];
	magic_le = ((uint32_t)head[3] << 24) | ((uint32_t)head[2] << 16) |
		   ((uint32_t)head[1] << 8) | head[0];
	compressed = compression_of(head, got);
	if (compressed) {
		fclose(file);
		return reject(&r, -IRQMOD_EINVAL, 0, 0,
			      "%s-compressed (traces are read uncompressed): decompress it "
			      "first, e.g. %s FILE, and give the decompressed file",
			      compressed->name, compressed->command);
	}
	if (format == IRQMOD_SIM_TRACE_AUTO) {
		bool pcap_magic = got >= 4 &&
				  (magic_be == PCAP_MAGIC_US || magic_le == PCAP_MAGIC_US ||
				   magic_be == PCAP_MAGIC_NS || magic_le == PCAP_MAGIC_NS ||
				   magic_be == PCAPNG_MAGIC);

		format = pcap_magic ? IRQMOD_SIM_TRACE_PCAP : IRQMOD_SIM_TRACE_CSV;
	}
	if (format == IRQMOD_SIM_TRACE_CSV) {
		rewind(file);
		status = load_csv(&r, file);
		fclose(file);
	} else {
		fclose(file);
#ifdef IRQMOD_HAVE_PCAP
		status = load_pcap(&r, magic_be == PCAP_MAGIC_NS || magic_le == PCAP_MAGIC_NS);
#else
		status = reject(&r, -IRQMOD_EINVAL, 0, 0,
				"pcap traces need libpcap, and this build has none "
				"(meson configure -Dpcap=enabled)");
#endif
	}
	if (!status && trace->count == 0)
		status = reject(&r, -IRQMOD_EINVAL, 0, 0, "the trace has no records");
	if (status)
		irqmod_sim_trace_free(trace);
	return status;
}
