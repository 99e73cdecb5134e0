/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * knobs-server: a UDP echo server that waits in epoll_wait(), for measuring
 * the kernel's own NAPI knobs (scripts/kernel-knobs, docs/kernel-knobs.md).
 *
 * It can ask the kernel to busy-poll the socket's NAPI from epoll_wait()
 * with EPIOCSPARAMS (Linux 6.9+; fs/eventpoll.c ep_busy_loop()), which is
 * also what lets IRQ suspension (irq_suspend_timeout, 6.13+) keep the
 * queue's interrupt off while the application finds events. It runs for a
 * bounded time and prints one line of counters on exit.
 *
 * usage: knobs-server [--bind ADDR] [--port P] --seconds S
 *          [--busy-poll-usecs N] [--busy-poll-budget N] [--prefer-busy-poll]
 *        knobs-server --check   (exit 0 if EPIOCSPARAMS works, 77 if not)
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <inttypes.h>
#include <netinet/in.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include "epoll_params.h"
#include "options.h"
#include "wire.h"

/* exit status meaning "skipped", as Meson and scripts/test read it. */
#define KNOBS_EXIT_SKIP 77
/* epoll_wait's timeout, so the server notices its deadline while idle. */
#define KNOBS_WAIT_MS 100
/* The longest run the server accepts: every run is bounded. */
#define KNOBS_MAX_SECONDS 3600u

struct server_options {
	const char *bind_addr;
	uint16_t port;
	uint32_t seconds;
	struct epoll_params params;
	bool set_params;
	bool check;
};

struct server_counts {
	uint64_t requests;
	uint64_t waits;
	uint64_t empty_waits;
	uint64_t send_errors;
	uint32_t napi_id;
};

static void usage(FILE *out)
{
	fprintf(out, "usage: knobs-server [--bind ADDR] [--port P] --seconds S\n"
		     "         [--busy-poll-usecs N] [--busy-poll-budget N] [--prefer-busy-poll]\n"
		     "       knobs-server --check\n");
}

/* number(): an option's whole number in [min, max], or -1 with a message. */
static int number(const char *name, const char *text, uint32_t min, uint32_t max, uint32_t *out)
{
	return irqmod_knobs_parse_u32("knobs-server", name, text, min, max, out);
}

static int parse_options(int argc, char **argv, struct server_options *opt)
{
	uint32_t value;
	int i;

	memset(opt, 0, sizeof(*opt));
	opt->bind_addr = "0.0.0.0";
	opt->port = IRQMOD_KNOBS_DEFAULT_PORT;
	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];
		const char *next = i + 1 < argc ? argv[i + 1] : NULL;

		if (strcmp(arg, "--check") == 0) {
			opt->check = true;
			continue;
		}
		if (strcmp(arg, "--prefer-busy-poll") == 0) {
			opt->params.prefer_busy_poll = 1;
			opt->set_params = true;
			continue;
		}
		if (strcmp(arg, "--help") == 0) {
			usage(stdout);
			exit(0);
		}
		if (next == NULL) {
			fprintf(stderr, "knobs-server: %s needs a value\n", arg);
			return -1;
		}
		i++;
		if (strcmp(arg, "--bind") == 0) {
			opt->bind_addr = next;
		} else if (strcmp(arg, "--port") == 0) {
			if (number(arg, next, 0, UINT16_MAX, &value) != 0)
				return -1;
			opt->port = (uint16_t)value;
		} else if (strcmp(arg, "--seconds") == 0) {
			if (number(arg, next, 0, KNOBS_MAX_SECONDS, &opt->seconds) != 0)
				return -1;
		} else if (strcmp(arg, "--busy-poll-usecs") == 0) {
			/* ep_eventpoll_ioctl() refuses more than S32_MAX. */
			if (number(arg, next, 0, INT32_MAX, &opt->params.busy_poll_usecs) != 0)
				return -1;
			opt->set_params = true;
		} else if (strcmp(arg, "--busy-poll-budget") == 0) {
			if (number(arg, next, 0, UINT16_MAX, &value) != 0)
				return -1;
			opt->params.busy_poll_budget = (uint16_t)value;
			opt->set_params = true;
		} else {
			fprintf(stderr, "knobs-server: unknown option '%s'\n", arg);
			usage(stderr);
			return -1;
		}
	}
	if (!opt->check && opt->seconds == 0) {
		fprintf(stderr, "knobs-server: --seconds is required (every run is bounded)\n");
		return -1;
	}
	return 0;
}

/* set_epoll_params(): EPIOCSPARAMS on the epoll, with what the kernel said. */
static int set_epoll_params(int epoll_fd, const struct epoll_params *params)
{
	struct epoll_params copy = *params;

	if (ioctl(epoll_fd, EPIOCSPARAMS, &copy) == 0)
		return 0;
	fprintf(stderr, "knobs-server: EPIOCSPARAMS (busy_poll_usecs %" PRIu32
			", busy_poll_budget %u, prefer_busy_poll %u) failed: %s%s\n",
		params->busy_poll_usecs, params->busy_poll_budget, params->prefer_busy_poll,
		strerror(errno),
		errno == ENOTTY || errno == EINVAL ? " (the kernel needs 6.9 or later)" : "");
	return -1;
}

static int open_socket(const struct server_options *opt)
{
	struct sockaddr_in addr;
	int fd;

	fd = socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK, 0);
	if (fd < 0) {
		perror("knobs-server: socket");
		return -1;
	}
	memset(&addr, 0, sizeof(addr));
	addr.sin_family = AF_INET;
	addr.sin_port = htons(opt->port);
	if (inet_pton(AF_INET, opt->bind_addr, &addr.sin_addr) != 1) {
		fprintf(stderr, "knobs-server: --bind takes an IPv4 address, not '%s'\n",
			opt->bind_addr);
		close(fd);
		return -1;
	}
	if (bind(fd, (struct sockaddr *)&addr, sizeof(addr)) != 0) {
		fprintf(stderr, "knobs-server: bind %s:%u: %s\n", opt->bind_addr, opt->port,
			strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

/* echo_ready(): answer every request waiting on the socket. */
static void echo_ready(int fd, struct server_counts *counts)
{
	unsigned char buffer[IRQMOD_KNOBS_MAX_PAYLOAD_BYTES];
	struct sockaddr_in peer;
	socklen_t peer_len;
	ssize_t got;

	for (;;) {
		peer_len = sizeof(peer);
		got = recvfrom(fd, buffer, sizeof(buffer), MSG_DONTWAIT,
			       (struct sockaddr *)&peer, &peer_len);
		if (got < 0)
			return;
		counts->requests++;
		if (sendto(fd, buffer, (size_t)got, MSG_DONTWAIT, (struct sockaddr *)&peer,
			   peer_len) != got)
			counts->send_errors++;
	}
}

/*
 * The scheduler's view of the server (CONFIG_SCHED_INFO, /proc/PID/schedstat
 * in Documentation/scheduler/sched-stats.rst): time on the CPU, time spent
 * waiting on the run queue, and the number of times it was switched in;
 * false when the kernel has no such file.
 */
static bool read_schedstat(uint64_t *oncpu_ns, uint64_t *runq_wait_ns, uint64_t *timeslices)
{
	FILE *f = fopen("/proc/self/schedstat", "r");
	bool ok;

	if (f == NULL)
		return false;
	ok = fscanf(f, "%" SCNu64 " %" SCNu64 " %" SCNu64, oncpu_ns, runq_wait_ns,
		    timeslices) == 3;
	fclose(f);
	return ok;
}

static void report(const struct server_options *opt, const struct server_counts *counts)
{
	struct rusage usage;
	uint64_t oncpu_ns, runq_wait_ns, timeslices;

	getrusage(RUSAGE_SELF, &usage);
	/* Others' work on the server's core: how often the server was switched
	 * out while runnable (preemptions) and how long it waited to run. */
	if (read_schedstat(&oncpu_ns, &runq_wait_ns, &timeslices))
		printf("sched oncpu_ns=%" PRIu64 " runq_wait_ns=%" PRIu64 " timeslices=%" PRIu64
		       " voluntary_switches=%ld preemptions=%ld\n",
		       oncpu_ns, runq_wait_ns, timeslices, usage.ru_nvcsw, usage.ru_nivcsw);
	printf("server requests=%" PRIu64 " send_errors=%" PRIu64 " waits=%" PRIu64
	       " empty_waits=%" PRIu64 " napi_id=%" PRIu32 " busy_poll_usecs=%" PRIu32
	       " busy_poll_budget=%u prefer_busy_poll=%u cpu_user_ns=%" PRIu64
	       " cpu_system_ns=%" PRIu64 "\n",
	       counts->requests, counts->send_errors, counts->waits, counts->empty_waits,
	       counts->napi_id, opt->params.busy_poll_usecs, opt->params.busy_poll_budget,
	       opt->params.prefer_busy_poll, irqmod_knobs_timeval_ns(usage.ru_utime),
	       irqmod_knobs_timeval_ns(usage.ru_stime));
}

int main(int argc, char **argv)
{
	struct server_options opt;
	struct server_counts counts = { 0 };
	struct epoll_event event = { .events = EPOLLIN };
	struct epoll_event ready[8];
	uint64_t deadline_ns;
	socklen_t napi_len;
	int epoll_fd, fd;

	if (parse_options(argc, argv, &opt) != 0)
		return 2;
	epoll_fd = epoll_create1(0);
	if (epoll_fd < 0) {
		perror("knobs-server: epoll_create1");
		return 1;
	}
	if (opt.check) {
		/* Zeros are valid parameters: the ioctl's existence is the question. */
		struct epoll_params zero = { 0 };

		return set_epoll_params(epoll_fd, &zero) == 0 ? 0 : KNOBS_EXIT_SKIP;
	}
	if (opt.set_params && set_epoll_params(epoll_fd, &opt.params) != 0)
		return KNOBS_EXIT_SKIP;
	fd = open_socket(&opt);
	if (fd < 0)
		return 1;
	event.data.fd = fd;
	if (epoll_ctl(epoll_fd, EPOLL_CTL_ADD, fd, &event) != 0) {
		perror("knobs-server: epoll_ctl");
		return 1;
	}
	/* Ready for requests: the harness waits for this line. */
	printf("server listening on %s:%u\n", opt.bind_addr, opt.port);
	fflush(stdout);
	deadline_ns = irqmod_knobs_now_ns() + (uint64_t)opt.seconds * 1000000000u;
	while (irqmod_knobs_now_ns() < deadline_ns) {
		int n = epoll_wait(epoll_fd, ready, 8, KNOBS_WAIT_MS);

		counts.waits++;
		if (n <= 0) {
			counts.empty_waits++;
			continue;
		}
		echo_ready(fd, &counts);
	}
	/* The NAPI the requests came through: 0 when none (no NAPI, or no request). */
	napi_len = sizeof(counts.napi_id);
	if (getsockopt(fd, SOL_SOCKET, SO_INCOMING_NAPI_ID, &counts.napi_id, &napi_len) != 0)
		counts.napi_id = 0;
	report(&opt, &counts);
	close(fd);
	close(epoll_fd);
	return 0;
}
