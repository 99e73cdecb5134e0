/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * knobs-client: an open-loop UDP request source for knobs-server. It sends
 * requests at a constant or Poisson rate for a bounded time (the next send
 * does not wait for a response, as a loaded server's clients do not), and
 * prints the rate achieved and the round-trip latency's percentiles.
 *
 * usage: knobs-client --to ADDR [--port P] --rate-per-s R --seconds S
 *          [--arrivals poisson|constant] [--seed N] [--payload-bytes B]
 *          [--send-log FILE]
 *
 * --send-log writes each request's send time (ns from the run's start) and
 * its frame size as "time_ns,bytes" lines, irqmod-sim's trace CSV, so that
 * scripts/knobs-compare can replay the arrivals the client really made.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include "options.h"
#include "wire.h"

/* Bounds that keep a run short and its latency array small. */
#define KNOBS_MAX_SECONDS 600u
#define KNOBS_MAX_RATE_PER_S 2000000u
/* How long responses still count after the last send. */
#define KNOBS_DRAIN_NS 200000000u
/* The request's headers on the wire: Ethernet 14, IPv4 20, UDP 8 (RFC 791,
 * RFC 768), and Ethernet's 60-byte minimum frame without FCS (IEEE 802.3). */
#define KNOBS_HEADERS_BYTES 42u
#define KNOBS_MIN_FRAME_BYTES 60u

struct client_options {
	const char *to_addr;
	uint16_t port;
	uint32_t rate_per_s;
	uint32_t seconds;
	uint32_t payload_bytes;
	uint64_t seed;
	bool poisson;
	const char *send_log; /* NULL: no log */
};

struct client_run {
	uint64_t *latency_ns; /* one per response, in arrival order */
	uint64_t *send_ns;    /* one per request sent, from the start (--send-log) */
	uint64_t capacity;
	uint64_t sent;
	uint64_t received;
	uint64_t stale; /* responses from before this run (another sequence) */
	uint64_t send_errors;
	uint64_t max_lag_ns; /* how far the sends fell behind their schedule */
};

static void usage(FILE *out)
{
	fprintf(out, "usage: knobs-client --to ADDR [--port P] --rate-per-s R --seconds S\n"
		     "         [--arrivals poisson|constant] [--seed N] [--payload-bytes B]\n"
		     "         [--send-log FILE]\n");
}

/* number(): an option's whole number in [min, max], or -1 with a message. */
static int number(const char *name, const char *text, uint32_t min, uint32_t max, uint32_t *out)
{
	return irqmod_knobs_parse_u32("knobs-client", name, text, min, max, out);
}

static int parse_options(int argc, char **argv, struct client_options *opt)
{
	uint32_t value;
	int i;

	memset(opt, 0, sizeof(*opt));
	opt->port = IRQMOD_KNOBS_DEFAULT_PORT;
	opt->payload_bytes = IRQMOD_KNOBS_HEADER_BYTES;
	opt->seed = 1;
	opt->poisson = true;
	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];
		const char *next = i + 1 < argc ? argv[i + 1] : NULL;

		if (strcmp(arg, "--help") == 0) {
			usage(stdout);
			exit(0);
		}
		if (next == NULL) {
			fprintf(stderr, "knobs-client: %s needs a value\n", arg);
			return -1;
		}
		i++;
		if (strcmp(arg, "--to") == 0) {
			opt->to_addr = next;
		} else if (strcmp(arg, "--port") == 0) {
			if (number(arg, next, 1, UINT16_MAX, &value) != 0)
				return -1;
			opt->port = (uint16_t)value;
		} else if (strcmp(arg, "--rate-per-s") == 0) {
			if (number(arg, next, 1, KNOBS_MAX_RATE_PER_S, &opt->rate_per_s) != 0)
				return -1;
		} else if (strcmp(arg, "--seconds") == 0) {
			if (number(arg, next, 1, KNOBS_MAX_SECONDS, &opt->seconds) != 0)
				return -1;
		} else if (strcmp(arg, "--payload-bytes") == 0) {
			if (number(arg, next, IRQMOD_KNOBS_HEADER_BYTES,
				      IRQMOD_KNOBS_MAX_PAYLOAD_BYTES, &opt->payload_bytes) != 0)
				return -1;
		} else if (strcmp(arg, "--seed") == 0) {
			if (number(arg, next, 0, UINT32_MAX, &value) != 0)
				return -1;
			opt->seed = value;
		} else if (strcmp(arg, "--send-log") == 0) {
			opt->send_log = next;
		} else if (strcmp(arg, "--arrivals") == 0) {
			if (strcmp(next, "poisson") == 0) {
				opt->poisson = true;
			} else if (strcmp(next, "constant") == 0) {
				opt->poisson = false;
			} else {
				fprintf(stderr, "knobs-client: --arrivals is poisson or constant, not '%s'\n",
					next);
				return -1;
			}
		} else {
			fprintf(stderr, "knobs-client: unknown option '%s'\n", arg);
			usage(stderr);
			return -1;
		}
	}
	if (opt->to_addr == NULL || opt->rate_per_s == 0 || opt->seconds == 0) {
		fprintf(stderr, "knobs-client: --to, --rate-per-s and --seconds are required\n");
		return -1;
	}
	return 0;
}

/* xorshift64* (Vigna, 2016): a seeded, reproducible uniform source. */
static uint64_t next_random(uint64_t *state)
{
	*state ^= *state >> 12;
	*state ^= *state << 25;
	*state ^= *state >> 27;
	return *state * UINT64_C(2685821657736338717);
}

/* next_gap_ns(): the time to the next request, exponential for Poisson. */
static uint64_t next_gap_ns(const struct client_options *opt, uint64_t *state)
{
	double mean_ns = 1e9 / (double)opt->rate_per_s;
	/* (0, 1]: the top 53 bits plus one, so log() never sees zero. */
	double uniform = ((double)(next_random(state) >> 11) + 1.0) / 9007199254740992.0;

	if (!opt->poisson)
		return (uint64_t)mean_ns;
	return (uint64_t)(-log(uniform) * mean_ns);
}

static int open_socket(const struct client_options *opt)
{
	struct sockaddr_in addr;
	int fd;

	memset(&addr, 0, sizeof(addr));
	addr.sin_family = AF_INET;
	addr.sin_port = htons(opt->port);
	if (inet_pton(AF_INET, opt->to_addr, &addr.sin_addr) != 1) {
		fprintf(stderr, "knobs-client: --to takes an IPv4 address, not '%s'\n", opt->to_addr);
		return -1;
	}
	fd = socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK, 0);
	if (fd < 0) {
		perror("knobs-client: socket");
		return -1;
	}
	if (connect(fd, (struct sockaddr *)&addr, sizeof(addr)) != 0) {
		fprintf(stderr, "knobs-client: connect %s:%u: %s\n", opt->to_addr, opt->port,
			strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

/* drain(): take every response waiting, recording its round trip. */
static void drain(int fd, struct client_run *run)
{
	unsigned char buffer[IRQMOD_KNOBS_MAX_PAYLOAD_BYTES];
	struct irqmod_knobs_header header;
	ssize_t got;

	while ((got = recv(fd, buffer, sizeof(buffer), MSG_DONTWAIT)) >= 0) {
		uint64_t now_ns = irqmod_knobs_now_ns();

		if ((size_t)got < sizeof(header))
			continue;
		memcpy(&header, buffer, sizeof(header));
		if (header.sequence >= run->sent || header.send_ns > now_ns ||
		    run->received >= run->capacity) {
			run->stale++;
			continue;
		}
		run->latency_ns[run->received++] = now_ns - header.send_ns;
	}
}

/* wait_readable(): sleep in ppoll() until a response or until_ns. */
static void wait_readable(int fd, uint64_t until_ns)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	uint64_t now_ns = irqmod_knobs_now_ns();
	struct timespec timeout;

	if (until_ns <= now_ns)
		return;
	timeout.tv_sec = (time_t)((until_ns - now_ns) / 1000000000u);
	timeout.tv_nsec = (long)((until_ns - now_ns) % 1000000000u);
	ppoll(&pfd, 1, &timeout, NULL);
}

static int compare_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* percentile(): the nearest-rank percentile of a sorted array (0 if empty). */
static uint64_t percentile(const uint64_t *sorted, uint64_t count, uint32_t per_mille)
{
	uint64_t rank;

	if (count == 0)
		return 0;
	rank = (count * per_mille + 999u) / 1000u;
	return sorted[rank == 0 ? 0 : rank - 1];
}

/* write_send_log(): the requests' send times as trace CSV; 0, or -1 with a
 * message naming the file. */
static int write_send_log(const struct client_options *opt, const struct client_run *run)
{
	uint32_t frame_bytes = opt->payload_bytes + KNOBS_HEADERS_BYTES;
	uint64_t logged = run->sent < run->capacity ? run->sent : run->capacity;
	FILE *log = fopen(opt->send_log, "w");
	uint64_t i;
	int failed;

	if (log == NULL) {
		fprintf(stderr, "knobs-client: --send-log %s: %s\n", opt->send_log, strerror(errno));
		return -1;
	}
	if (frame_bytes < KNOBS_MIN_FRAME_BYTES)
		frame_bytes = KNOBS_MIN_FRAME_BYTES;
	fprintf(log, "time_ns,bytes\n");
	for (i = 0; i < logged; i++)
		fprintf(log, "%" PRIu64 ",%" PRIu32 "\n", run->send_ns[i], frame_bytes);
	failed = ferror(log);
	if (fclose(log) != 0 || failed) {
		fprintf(stderr, "knobs-client: --send-log %s: write failed\n", opt->send_log);
		return -1;
	}
	return 0;
}

static void report(const struct client_options *opt, struct client_run *run, uint64_t elapsed_ns)
{
	struct rusage usage;
	double achieved = (double)run->received * 1e9 / (double)elapsed_ns;

	qsort(run->latency_ns, (size_t)run->received, sizeof(run->latency_ns[0]), compare_u64);
	getrusage(RUSAGE_SELF, &usage);
	printf("client offered_per_s=%" PRIu32 " arrivals=%s seconds=%" PRIu32 " sent=%" PRIu64
	       " received=%" PRIu64 " lost=%" PRIu64 " stale=%" PRIu64 " send_errors=%" PRIu64
	       " achieved_per_s=%.0f p50_ns=%" PRIu64 " p90_ns=%" PRIu64 " p99_ns=%" PRIu64
	       " max_ns=%" PRIu64 " max_lag_ns=%" PRIu64 " cpu_user_ns=%" PRIu64
	       " cpu_system_ns=%" PRIu64 "\n",
	       opt->rate_per_s, opt->poisson ? "poisson" : "constant", opt->seconds, run->sent,
	       run->received, run->sent - run->received, run->stale, run->send_errors, achieved,
	       percentile(run->latency_ns, run->received, 500),
	       percentile(run->latency_ns, run->received, 900),
	       percentile(run->latency_ns, run->received, 990),
	       run->received ? run->latency_ns[run->received - 1] : 0, run->max_lag_ns,
	       irqmod_knobs_timeval_ns(usage.ru_utime), irqmod_knobs_timeval_ns(usage.ru_stime));
}

int main(int argc, char **argv)
{
	struct client_options opt;
	struct client_run run = { 0 };
	unsigned char request[IRQMOD_KNOBS_MAX_PAYLOAD_BYTES] = { 0 };
	uint64_t random_state, start_ns, end_ns, next_ns, now_ns;
	int fd, status;

	if (parse_options(argc, argv, &opt) != 0)
		return 2;
	/* Twice the offered count: a Poisson run can exceed its mean. */
	run.capacity = (uint64_t)opt.rate_per_s * opt.seconds * 2u + 64u;
	run.latency_ns = calloc((size_t)run.capacity, sizeof(run.latency_ns[0]));
	if (opt.send_log != NULL)
		run.send_ns = calloc((size_t)run.capacity, sizeof(run.send_ns[0]));
	if (run.latency_ns == NULL || (opt.send_log != NULL && run.send_ns == NULL)) {
		fprintf(stderr, "knobs-client: cannot hold %" PRIu64 " latencies\n", run.capacity);
		free(run.latency_ns);
		free(run.send_ns);
		return 1;
	}
	fd = open_socket(&opt);
	if (fd < 0) {
		free(run.latency_ns);
		free(run.send_ns);
		return 1;
	}
	/* A zero state would stay zero: mix the seed into a non-zero constant. */
	random_state = (opt.seed + 1u) * UINT64_C(0x9E3779B97F4A7C15);
	start_ns = irqmod_knobs_now_ns();
	end_ns = start_ns + (uint64_t)opt.seconds * 1000000000u;
	next_ns = start_ns;
	while ((now_ns = irqmod_knobs_now_ns()) < end_ns) {
		if (now_ns < next_ns) {
			wait_readable(fd, next_ns);
			drain(fd, &run);
			continue;
		}
		if (now_ns - next_ns > run.max_lag_ns)
			run.max_lag_ns = now_ns - next_ns;
		{
			struct irqmod_knobs_header header = { run.sent, now_ns };

			memcpy(request, &header, sizeof(header));
		}
		if (send(fd, request, opt.payload_bytes, MSG_DONTWAIT) == (ssize_t)opt.payload_bytes) {
			if (run.send_ns != NULL && run.sent < run.capacity)
				run.send_ns[run.sent] = now_ns - start_ns;
			run.sent++;
		} else
			run.send_errors++;
		next_ns += next_gap_ns(&opt, &random_state);
		drain(fd, &run);
	}
	while ((now_ns = irqmod_knobs_now_ns()) < end_ns + KNOBS_DRAIN_NS) {
		wait_readable(fd, end_ns + KNOBS_DRAIN_NS);
		drain(fd, &run);
	}
	report(&opt, &run, end_ns - start_ns);
	close(fd);
	status = opt.send_log != NULL && write_send_log(&opt, &run) != 0 ? 1 : 0;
	free(run.latency_ns);
	free(run.send_ns);
	return status;
}
