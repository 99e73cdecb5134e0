/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * irqmod-dpdk: a DPDK receive loop whose interrupt moderation is an irqmod
 * controller or hybrid.
 *
 * One RX queue of a DPDK port (the tap PMD: --vdev=net_tap0,iface=dtap0,
 * so no NIC or hugepages are needed with --no-huge) is served by one lcore
 * that sleeps on the queue's RX interrupt (intr_conf.rxq, rte_epoll_wait)
 * and, once woken, polls bursts like a NAPI poll. When a poll completes
 * under budget the loop calls the controller, exactly where a driver would:
 *
 * - REARM with interval I: the interrupt is re-enabled no earlier than I
 *   after the last wake-up (the throttle a NIC's ITR/EITR register applies,
 *   done in software as DPDK's l3fwd-power does with its own heuristics).
 *   If frames are already waiting when it is re-enabled, that counts as a
 *   wake-up at once, as a NIC raises an interrupt on unmask with a pending
 *   cause.
 * - POLL with delay d: keep the interrupt off and poll again d later
 *   (spinning below --spin-below-us, sleeping above).
 *
 * It answers ARP, ICMP echo and UDP echo for --ip (echo.c), so ping and
 * sockperf measure it from a network namespace, and it reports wake-ups/s,
 * packets per wake-up, its CPU time (getrusage) and its own costs: per
 * empty poll, per packet, per wake-up.
 *
 *   irqmod-dpdk -l 1 --no-huge -m 128 --in-memory --no-pci \
 *       --vdev=net_tap0,iface=dtap0 -- --controller ixgbe --ip 10.199.0.2
 *
 * Options after "--" are the loop's (--help lists them); they are checked
 * before the EAL starts, so a bad controller name fails without root.
 * SIGUSR1 starts a new measurement window (counters reset), SIGUSR2 prints
 * the report of the window so far and goes on, SIGINT or SIGTERM ends the
 * run and prints the report; --duration-s and --packets
 * bound it.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <inttypes.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <time.h>

#include <rte_cycles.h>
#include <rte_eal.h>
#include <rte_epoll.h>
#include <rte_errno.h>
#include <rte_ethdev.h>
#include <rte_interrupts.h>
#include <rte_lcore.h>
#include <rte_mbuf.h>
#include <rte_pause.h>

#include "echo.h"
#include "loop_cost.h"
#include "irqmod/hybrid.h"
#include "irqmod/scenario.h"

/* Frames per rx_burst, which is also the poll budget (NAPI's weight is 64;
 * DPDK examples use bursts of 32, MAX_PKT_BURST in l3fwd). */
#define DEFAULT_BURST 32u
#define MAX_BURST 256u
/* Descriptors per ring (l3fwd's RX_DESC_DEFAULT / TX_DESC_DEFAULT). */
#define RX_DESCRIPTORS 1024u
#define TX_DESCRIPTORS 1024u
/* Mbufs: both rings plus bursts in flight, as l3fwd sizes its pool. */
#define POOL_MBUFS 4095u
#define POOL_CACHE 256u
/* Waits shorter than this are spun: a clock_nanosleep() costs about as
 * much as it waits on a VM (docs/dpdk.md: sleeps woke the loop 18-34 us
 * late and cost 44-83 us of CPU each). */
#define DEFAULT_SPIN_BELOW_US 20u
/* Longest blocking wait before the loop checks its stop flags again. */
#define EPOLL_TIMEOUT_MS 50
/* Default bound of a run. */
#define DEFAULT_DURATION_S 30u
/* Link speed the adaptive controllers' defaults assume (10 GbE). */
#define DEFAULT_LINK_MBPS 10000u
#define LOOP_NS_PER_S 1000000000ull
#define LOOP_NS_PER_US 1000ull

struct options {
	const char *controller;
	uint32_t link_mbps;
	uint32_t burst;
	uint64_t spin_below_ns;
	uint64_t duration_ns;
	uint64_t max_packets;
	uint8_t ipv4_be[4];
	const char *ready_file;
	uint32_t realtime_priority;
	bool dry_run;
};

/* Counters of one measurement window. */
struct counters {
	uint64_t start_ns;
	uint64_t cpu_start_ns;
	uint64_t process_cpu_start_ns;
	uint64_t wakeups;
	uint64_t wakeups_pending;
	uint64_t wakeups_empty;
	uint64_t packets;
	uint64_t bytes;
	uint64_t replies;
	uint64_t polls;
	uint64_t empty_polls;
	uint64_t controller_calls;
	uint64_t poll_answers;
	uint64_t throttle_waits;
	uint64_t poll_sleeps;
	uint64_t empty_poll_cycles;
	uint64_t busy_poll_cycles;
	uint64_t spin_cycles;
	uint64_t wait_cpu_ns;
	uint64_t sleep_cpu_ns;
	uint64_t timed_sleeps;
	uint64_t sleep_late_ns;
	uint64_t throttle_cpu_ns;
	uint64_t peek_cpu_ns;
	uint64_t irq_wait_ns;
	uint64_t epoll_timeouts;
};

/* The empty poll's cost measured before traffic (calibrate_poll()). */
static struct {
	double median_ns;
	double min_ns;
	double max_ns;
} poll_calibration;

static volatile sig_atomic_t stop_requested;
static volatile sig_atomic_t reset_requested;
static volatile sig_atomic_t report_requested;

static void on_stop(int signo)
{
	(void)signo;
	stop_requested = 1;
}

static void on_reset(int signo)
{
	(void)signo;
	reset_requested = 1;
}

static void on_report(int signo)
{
	(void)signo;
	report_requested = 1;
}

static uint64_t clock_ns(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (uint64_t)ts.tv_sec * LOOP_NS_PER_S + (uint64_t)ts.tv_nsec;
}

static uint64_t now_ns(void)
{
	return clock_ns(CLOCK_MONOTONIC);
}

static uint64_t thread_cpu_ns(void)
{
	return clock_ns(CLOCK_THREAD_CPUTIME_ID);
}

/*
 * The tap PMD learns that its queue has frames from a signal: the queue's
 * file descriptor is O_ASYNC with a real-time signal set by F_SETSIG, so
 * the kernel signals the process for every frame, and rx_burst reads only
 * after the signal's handler has bumped a counter (rte_eth_tap.c,
 * tap_trigger). Left alone, that signal would wake the sleeping lcore once
 * per frame whatever the moderation decided. So once the port is up the
 * loop clears O_ASYNC on the queue's descriptor (no signal at all; the
 * descriptor's readiness in epoll stays the RX interrupt) and calls the
 * PMD's handler itself, as a plain function, before every rx_burst: each
 * poll then reads the queue, like a driver reading its descriptor ring.
 */
static void (*frame_trigger)(int);
static int frame_signal;

static uint16_t poll_queue(uint16_t port, struct rte_mbuf **rx, uint16_t burst)
{
	if (frame_trigger != NULL)
		frame_trigger(frame_signal);
	return rte_eth_rx_burst(port, 0, rx, burst);
}

/* Take over the tap PMD's frame signal (see above); other PMDs have none. */
static void take_frame_signal(uint16_t port)
{
	struct sigaction action;
	int fd = rte_eth_dev_rx_intr_ctl_q_get_fd(port, 0);
	int flags, sig;

	if (fd < 0)
		return;
	flags = fcntl(fd, F_GETFL);
	if (flags < 0 || !(flags & O_ASYNC))
		return;
	sig = fcntl(fd, F_GETSIG);
	if (sig <= 0)
		sig = SIGIO;
	if (sigaction(sig, NULL, &action) != 0 || (action.sa_flags & SA_SIGINFO) ||
	    action.sa_handler == SIG_DFL || action.sa_handler == SIG_IGN)
		return;
	if (fcntl(fd, F_SETFL, flags & ~O_ASYNC) != 0)
		return;
	frame_signal = sig;
	frame_trigger = action.sa_handler;
}

static uint64_t rusage_ns(int who)
{
	struct rusage usage;

	if (getrusage(who, &usage) != 0)
		return 0;
	return ((uint64_t)usage.ru_utime.tv_sec + (uint64_t)usage.ru_stime.tv_sec) * LOOP_NS_PER_S +
	       ((uint64_t)usage.ru_utime.tv_usec + (uint64_t)usage.ru_stime.tv_usec) * 1000u;
}

static double cycles_to_ns(uint64_t cycles)
{
	return (double)cycles * 1e9 / (double)rte_get_tsc_hz();
}

static void usage(FILE *out)
{
	fprintf(out,
		"usage: irqmod-dpdk [EAL options] -- [options]\n"
		"  --controller SPEC   irqmod controller or hybrid (default static:0), e.g.\n"
		"                      ixgbe, static:50us, dim, idle-poll+static:0,\n"
		"                      defer-irq+ixgbe, 'idle-poll(idle_time=1s)+static:0'\n"
		"  --ip A.B.C.D        address answered (ARP, ICMP echo, UDP echo); required\n"
		"  --link-mbps N       link speed for the controllers' defaults (default %u)\n"
		"  --burst N           frames per rx_burst = poll budget (default %u, max %u)\n"
		"  --spin-below-us N   spin poll delays below N us, sleep longer ones (default %u)\n"
		"  --duration-s N      end the run after N s (default %u)\n"
		"  --packets N         end the run after N frames received (default: no limit)\n"
		"  --ready-file PATH   create PATH once the port is up\n"
		"  --realtime N        run the loop thread SCHED_FIFO at priority N (1..99) once\n"
		"                      the port is up (the EAL's own threads keep their class)\n"
		"  --dry-run           check the options and the controller, print it, exit\n"
		"SIGUSR1 resets the counters, SIGUSR2 prints the report so far;\n"
		"SIGINT/SIGTERM end the run with the report.\n"
		"Controller names:\n",
		DEFAULT_LINK_MBPS, DEFAULT_BURST, MAX_BURST, DEFAULT_SPIN_BELOW_US, DEFAULT_DURATION_S);
	irqmod_scenario_print_controllers(out);
}

static int parse_u64(const char *option, const char *text, uint64_t min, uint64_t max,
		     uint64_t *value)
{
	char *end;
	unsigned long long parsed;

	if (text == NULL) {
		fprintf(stderr, "irqmod-dpdk: %s needs a value\n", option);
		return -1;
	}
	errno = 0;
	parsed = strtoull(text, &end, 10);
	if (errno != 0 || end == text || *end != '\0' || text[0] == '-' || parsed < min ||
	    parsed > max) {
		fprintf(stderr, "irqmod-dpdk: %s '%s' is not a number in %" PRIu64 "..%" PRIu64 "\n",
			option, text, min, max);
		return -1;
	}
	*value = parsed;
	return 0;
}

static int parse_options(int argc, char **argv, struct options *options)
{
	bool have_ip = false;
	uint64_t value;
	int i;

	memset(options, 0, sizeof(*options));
	options->controller = "static:0";
	options->link_mbps = DEFAULT_LINK_MBPS;
	options->burst = DEFAULT_BURST;
	options->spin_below_ns = DEFAULT_SPIN_BELOW_US * LOOP_NS_PER_US;
	options->duration_ns = DEFAULT_DURATION_S * LOOP_NS_PER_S;
	for (i = 0; i < argc; i++) {
		const char *arg = argv[i];
		const char *next = i + 1 < argc ? argv[i + 1] : NULL;

		if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
			usage(stdout);
			exit(0);
		} else if (strcmp(arg, "--dry-run") == 0) {
			options->dry_run = true;
			continue;
		} else if (strcmp(arg, "--controller") == 0 && next != NULL) {
			options->controller = next;
		} else if (strcmp(arg, "--ready-file") == 0 && next != NULL) {
			options->ready_file = next;
		} else if (strcmp(arg, "--ip") == 0 && next != NULL) {
			if (inet_pton(AF_INET, next, options->ipv4_be) != 1) {
				fprintf(stderr, "irqmod-dpdk: --ip '%s' is not an IPv4 address\n", next);
				return -1;
			}
			have_ip = true;
		} else if (strcmp(arg, "--link-mbps") == 0) {
			if (parse_u64(arg, next, 1, 1600000, &value) != 0)
				return -1;
			options->link_mbps = (uint32_t)value;
		} else if (strcmp(arg, "--burst") == 0) {
			if (parse_u64(arg, next, 1, MAX_BURST, &value) != 0)
				return -1;
			options->burst = (uint32_t)value;
		} else if (strcmp(arg, "--spin-below-us") == 0) {
			if (parse_u64(arg, next, 0, 1000000, &value) != 0)
				return -1;
			options->spin_below_ns = value * LOOP_NS_PER_US;
		} else if (strcmp(arg, "--duration-s") == 0) {
			if (parse_u64(arg, next, 1, 3600, &value) != 0)
				return -1;
			options->duration_ns = value * LOOP_NS_PER_S;
		} else if (strcmp(arg, "--realtime") == 0) {
			if (parse_u64(arg, next, 1, 99, &value) != 0)
				return -1;
			options->realtime_priority = (uint32_t)value;
		} else if (strcmp(arg, "--packets") == 0) {
			if (parse_u64(arg, next, 1, UINT64_MAX, &value) != 0)
				return -1;
			options->max_packets = value;
		} else {
			fprintf(stderr, "irqmod-dpdk: unknown option or missing value: '%s' (--help lists them)\n",
				arg);
			return -1;
		}
		i++;
	}
	if (!have_ip) {
		fprintf(stderr, "irqmod-dpdk: --ip is required (the address to answer)\n");
		return -1;
	}
	return 0;
}

static int setup_controller(const struct options *options, struct irqmod_hybrid *hybrid)
{
	struct irqmod_scenario scenario;
	struct irqmod_hybrid_config config;
	char message[256];
	int err;

	irqmod_scenario_init(&scenario);
	err = irqmod_scenario_controller(&scenario, options->controller, options->link_mbps, &config,
					 message, sizeof(message));
	if (err != 0) {
		fprintf(stderr, "irqmod-dpdk: --controller: %s\n", message);
		return -1;
	}
	err = irqmod_hybrid_init(hybrid, &config);
	if (err != 0) {
		fprintf(stderr, "irqmod-dpdk: --controller '%s': %s\n", options->controller,
			irqmod_strerror(err));
		return -1;
	}
	return 0;
}

static void reset_counters(struct counters *c)
{
	memset(c, 0, sizeof(*c));
	c->start_ns = now_ns();
	c->cpu_start_ns = rusage_ns(RUSAGE_THREAD);
	c->process_cpu_start_ns = rusage_ns(RUSAGE_SELF);
}

/*
 * The loop's own costs, from its counters:
 * - wake-up: thread CPU time (CLOCK_THREAD_CPUTIME_ID) from arming the
 *   interrupt to running again, per wake-up (the drain, the pending check,
 *   the epoll_wait system call and the context switches it causes);
 * - empty poll: TSC time of an rx_burst that found nothing plus the
 *   controller call, per empty poll;
 * - packet: the thread's CPU time (getrusage) left when the wake-ups, the
 *   sleeps, the spins and every poll's own share are taken out, per packet;
 *   a poll's share is the empty poll calibrated before traffic
 *   (packet_poll_ns; irqmod_loop_cost() in loop_cost.c says why).
 *   Frames are answered with a write into the tap, and the kernel's receive
 *   path of that write runs in this thread, so it is part of the cost.
 *   The TSC time of busy polls is also printed (packet_wall_ns): it counts
 *   time the thread was preempted, so it exceeds the CPU time on a busy host.
 */
static void report(const struct options *options, const struct counters *c)
{
	double window_s = (double)(now_ns() - c->start_ns) / 1e9;
	double cpu_ns = (double)(rusage_ns(RUSAGE_THREAD) - c->cpu_start_ns);
	double process_cpu_ns = (double)(rusage_ns(RUSAGE_SELF) - c->process_cpu_start_ns);
	double wakeup_ns = c->wakeups ? (double)c->wait_cpu_ns / (double)c->wakeups : 0;
	const struct irqmod_loop_window window = {
		.cpu_ns = cpu_ns,
		.wait_cpu_ns = (double)c->wait_cpu_ns,
		.sleep_cpu_ns = (double)c->sleep_cpu_ns,
		.spin_ns = cycles_to_ns(c->spin_cycles),
		.busy_poll_ns = cycles_to_ns(c->busy_poll_cycles),
		.empty_poll_ns = cycles_to_ns(c->empty_poll_cycles),
		.polls = c->polls,
		.empty_polls = c->empty_polls,
		.packets = c->packets,
		.poll_cal_ns = poll_calibration.median_ns,
	};
	struct irqmod_loop_cost cost;

	irqmod_loop_cost(&window, &cost);
	if (window_s <= 0)
		window_s = 1e-9;
	printf("irqmod-dpdk: controller=%s window_s=%.3f wakeups=%" PRIu64 " wakeups_per_s=%.1f"
	       " wakeups_pending=%" PRIu64 " wakeups_empty=%" PRIu64 " packets=%" PRIu64
	       " packets_per_s=%.1f packets_per_wakeup=%.3f wakeups_per_packet=%.4f replies=%" PRIu64
	       " polls=%" PRIu64 " empty_polls=%" PRIu64 " controller_calls=%" PRIu64
	       " poll_answers=%" PRIu64 " throttle_waits=%" PRIu64 " poll_sleeps=%" PRIu64
	       " cpu_pct=%.2f process_cpu_pct=%.2f poll_ns=%.0f packet_poll_ns=%.0f packet_ns=%.0f"
	       " packet_wall_ns=%.0f"
	       " wakeup_ns=%.0f sleep_ns=%.0f spin_pct=%.2f timed_sleeps=%" PRIu64
	       " sleep_late_ns=%.0f throttle_cpu_ns=%.0f peek_cpu_ns=%.0f poll_cal_ns=%.0f"
	       " poll_cal_min_ns=%.0f poll_cal_max_ns=%.0f irq_wait_pct=%.2f epoll_timeouts=%" PRIu64
	       "\n",
	       options->controller, window_s, c->wakeups, (double)c->wakeups / window_s,
	       c->wakeups_pending, c->wakeups_empty, c->packets, (double)c->packets / window_s,
	       c->wakeups ? (double)c->packets / (double)c->wakeups : 0.0,
	       c->packets ? (double)c->wakeups / (double)c->packets : 0.0, c->replies, c->polls,
	       c->empty_polls, c->controller_calls, c->poll_answers, c->throttle_waits, c->poll_sleeps,
	       100.0 * cpu_ns / (window_s * 1e9), 100.0 * process_cpu_ns / (window_s * 1e9), cost.poll_ns,
	       cost.packet_poll_ns, cost.packet_ns, cost.packet_wall_ns, wakeup_ns,
	       c->poll_sleeps ? (double)c->sleep_cpu_ns / (double)c->poll_sleeps : 0.0,
	       100.0 * cycles_to_ns(c->spin_cycles) / (window_s * 1e9), c->timed_sleeps,
	       c->timed_sleeps ? (double)c->sleep_late_ns / (double)c->timed_sleeps : 0.0,
	       c->throttle_waits ? (double)c->throttle_cpu_ns / (double)c->throttle_waits : 0.0,
	       c->wakeups ? (double)c->peek_cpu_ns / (double)c->wakeups : 0.0,
	       poll_calibration.median_ns, poll_calibration.min_ns, poll_calibration.max_ns,
	       100.0 * (double)c->irq_wait_ns / (window_s * 1e9), c->epoll_timeouts);
	fflush(stdout);
}

struct loop {
	const struct options *options;
	uint16_t port;
	struct rte_ether_addr mac;
	struct irqmod_hybrid hybrid;
	struct counters counters;
	uint64_t end_ns;
	uint64_t last_wakeup_ns;
	bool intr_ops_supported;
	struct rte_mbuf *rx[MAX_BURST];
};

static bool should_stop(struct loop *loop, uint64_t t)
{
	if (report_requested) {
		report_requested = 0;
		report(loop->options, &loop->counters);
	}
	if (reset_requested) {
		reset_requested = 0;
		reset_counters(&loop->counters);
	}
	return stop_requested || t >= loop->end_ns ||
	       (loop->options->max_packets && loop->counters.packets >= loop->options->max_packets);
}

/* Wait until @until_ns: spin when it is close, else sleep. Spin cycles are
 * counted; a sleep's thread CPU time goes to the poll sleeps (@count_sleep)
 * or to the wake-ups (a throttle wait before re-arming). */
static void wait_until(struct loop *loop, uint64_t until_ns, bool count_sleep)
{
	uint64_t t = now_ns();

	if (until_ns <= t)
		return;
	if (until_ns - t < loop->options->spin_below_ns) {
		uint64_t start = rte_rdtsc();

		while (now_ns() < until_ns)
			rte_pause();
		loop->counters.spin_cycles += rte_rdtsc() - start;
	} else {
		struct timespec ts = { .tv_sec = (time_t)(until_ns / LOOP_NS_PER_S),
				       .tv_nsec = (long)(until_ns % LOOP_NS_PER_S) };
		uint64_t cpu = thread_cpu_ns();

		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR &&
		       !stop_requested)
			;
		/* How late the timer woke the loop: the software timer's granularity. */
		loop->counters.timed_sleeps++;
		loop->counters.sleep_late_ns += now_ns() - until_ns;
		if (count_sleep) {
			loop->counters.poll_sleeps++;
			loop->counters.sleep_cpu_ns += thread_cpu_ns() - cpu;
		} else {
			loop->counters.wait_cpu_ns += thread_cpu_ns() - cpu;
			loop->counters.throttle_cpu_ns += thread_cpu_ns() - cpu;
		}
	}
}

/* Process a burst: answer what is ours, free the rest. Returns its bytes. */
static uint64_t answer(struct loop *loop, uint16_t count)
{
	struct rte_mbuf *tx[MAX_BURST];
	uint16_t replies = 0, i, sent;
	uint64_t bytes = 0;

	for (i = 0; i < count; i++) {
		struct rte_mbuf *m = loop->rx[i];

		bytes += rte_pktmbuf_pkt_len(m);
		if (rte_pktmbuf_is_contiguous(m)) {
			int result = irqmod_echo_reply(rte_pktmbuf_mtod(m, uint8_t *),
						       rte_pktmbuf_data_len(m), loop->mac.addr_bytes,
						       loop->options->ipv4_be);

			if (result != IRQMOD_ECHO_DROP && result != IRQMOD_ECHO_SOCKPERF_QUIET) {
				tx[replies++] = m;
				continue;
			}
		}
		rte_pktmbuf_free(m);
	}
	sent = replies ? rte_eth_tx_burst(loop->port, 0, tx, replies) : 0;
	loop->counters.replies += sent;
	for (i = sent; i < replies; i++)
		rte_pktmbuf_free(tx[i]);
	return bytes;
}

/* Sleep until the RX interrupt (or frames already pending at re-enable).
 * Returns the frames a pending-at-unmask check found (already in loop->rx),
 * or -1 when the run should end. */
static int sleep_until_interrupt(struct loop *loop)
{
	struct rte_epoll_event event;
	uint64_t cpu = thread_cpu_ns(), t;
	uint16_t pending;
	int n;

	if (loop->intr_ops_supported)
		rte_eth_dev_rx_intr_enable(loop->port, 0);
	/* Forget readiness left by frames the polls already took. */
	while (rte_epoll_wait(RTE_EPOLL_PER_THREAD, &event, 1, 0) > 0)
		;
	pending = poll_queue(loop->port, loop->rx, (uint16_t)loop->options->burst);
	loop->counters.peek_cpu_ns += thread_cpu_ns() - cpu;
	if (pending > 0) {
		loop->counters.wakeups_pending++;
		n = pending;
	} else {
		uint64_t asleep = now_ns();

		n = 0;
		for (;;) {
			if (should_stop(loop, now_ns())) {
				n = -1;
				break;
			}
			if (rte_epoll_wait(RTE_EPOLL_PER_THREAD, &event, 1, EPOLL_TIMEOUT_MS) > 0)
				break;
			loop->counters.epoll_timeouts++;
		}
		/* Wall time asleep waiting for the RX interrupt (a window reset
		 * while asleep counts from the reset). */
		t = now_ns();
		loop->counters.irq_wait_ns += t - (asleep > loop->counters.start_ns ? asleep
									: loop->counters.start_ns);
	}
	if (loop->intr_ops_supported)
		rte_eth_dev_rx_intr_disable(loop->port, 0);
	loop->counters.wait_cpu_ns += thread_cpu_ns() - cpu;
	return n;
}

static void run(struct loop *loop)
{
	struct irqmod_sample sample;
	struct irqmod_decision decision;
	bool from_interrupt = true;
	int pending;

	memset(&sample, 0, sizeof(sample));
	loop->end_ns = now_ns() + loop->options->duration_ns;
	reset_counters(&loop->counters);
	pending = sleep_until_interrupt(loop);
	if (pending < 0)
		return;
	loop->counters.wakeups++;
	loop->last_wakeup_ns = now_ns();
	for (;;) {
		uint64_t start = rte_rdtsc(), t;
		uint16_t count;
		bool stop;

		if (pending > 0) {
			count = (uint16_t)pending;
			pending = 0;
		} else {
			count = poll_queue(loop->port, loop->rx, (uint16_t)loop->options->burst);
		}
		loop->counters.polls++;
		if (count > 0) {
			uint64_t bytes = answer(loop, count);

			loop->counters.packets += count;
			loop->counters.bytes += bytes;
			sample.rx_bytes += bytes;
		} else if (from_interrupt) {
			loop->counters.wakeups_empty++;
		}
		sample.rx_packets += count;
		if (count == loop->options->burst) {
			/* Budget used up: poll again at once, no controller call (as NAPI). */
			loop->counters.busy_poll_cycles += rte_rdtsc() - start;
			continue;
		}
		t = now_ns();
		sample.now_ns = t;
		sample.events = from_interrupt ? 1u : 0u;
		sample.flags = (from_interrupt ? IRQMOD_SAMPLE_FROM_INTERRUPT : 0u) |
			       (count > 0 ? IRQMOD_SAMPLE_APP_FOUND_EVENTS : 0u);
		irqmod_hybrid_update(&loop->hybrid, &sample, &decision);
		loop->counters.controller_calls++;
		from_interrupt = false;
		memset(&sample, 0, sizeof(sample));
		stop = should_stop(loop, t);
		/* A poll's cost: the whole iteration up to the wait it ends in. */
		if (count > 0) {
			loop->counters.busy_poll_cycles += rte_rdtsc() - start;
		} else {
			loop->counters.empty_polls++;
			loop->counters.empty_poll_cycles += rte_rdtsc() - start;
		}
		if (stop)
			return;
		if (decision.action == IRQMOD_ACTION_POLL) {
			loop->counters.poll_answers++;
			if (decision.poll_delay_ns > 0)
				wait_until(loop, t + decision.poll_delay_ns, true);
			continue;
		}
		/* REARM: not before the interval after the last wake-up. */
		if (now_ns() < loop->last_wakeup_ns + decision.rx_interval_ns) {
			loop->counters.throttle_waits++;
			wait_until(loop, loop->last_wakeup_ns + decision.rx_interval_ns, false);
		}
		pending = sleep_until_interrupt(loop);
		if (pending < 0)
			return;
		loop->counters.wakeups++;
		loop->last_wakeup_ns = now_ns();
		from_interrupt = true;
	}
}

/*
 * The empty poll's cost, measured before traffic starts. The in-run
 * poll_ns counts only polls that found nothing, and a loop that re-arms
 * after every frame has none (static 0 at one frame per wake-up: poll_ns
 * was printed as 0), so the simulator's poll cost is taken here: batches
 * of CALIBRATION_POLLS iterations of exactly what an empty poll runs
 * (the PMD's trigger, rx_burst, the clock read, the controller call on a
 * scratch copy of its state, the stop check), TSC around each batch; the
 * median over the batches, with the smallest and largest, is printed as
 * poll_cal_ns, poll_cal_min_ns and poll_cal_max_ns. Frames found are freed.
 */
#define CALIBRATION_BATCHES 11u
#define CALIBRATION_POLLS 1000u

static int compare_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void calibrate_poll(struct loop *loop)
{
	struct irqmod_hybrid scratch = loop->hybrid;
	double batch_ns[CALIBRATION_BATCHES];
	uint32_t b, i;

	for (b = 0; b < CALIBRATION_BATCHES; b++) {
		uint64_t start = rte_rdtsc();

		for (i = 0; i < CALIBRATION_POLLS; i++) {
			struct irqmod_sample sample;
			struct irqmod_decision decision;
			uint16_t count = poll_queue(loop->port, loop->rx, (uint16_t)loop->options->burst);
			uint16_t k;

			for (k = 0; k < count; k++)
				rte_pktmbuf_free(loop->rx[k]);
			memset(&sample, 0, sizeof(sample));
			sample.now_ns = now_ns();
			irqmod_hybrid_update(&scratch, &sample, &decision);
			if (stop_requested || reset_requested || report_requested)
				break;
		}
		batch_ns[b] = cycles_to_ns(rte_rdtsc() - start) / (double)CALIBRATION_POLLS;
	}
	qsort(batch_ns, CALIBRATION_BATCHES, sizeof(batch_ns[0]), compare_doubles);
	poll_calibration.median_ns = batch_ns[CALIBRATION_BATCHES / 2];
	poll_calibration.min_ns = batch_ns[0];
	poll_calibration.max_ns = batch_ns[CALIBRATION_BATCHES - 1];
}

static int setup_port(struct loop *loop)
{
	struct rte_eth_conf conf;
	struct rte_mempool *pool;
	int err;

	if (rte_eth_dev_count_avail() == 0) {
		fprintf(stderr, "irqmod-dpdk: no DPDK port (give --vdev=net_tap0,iface=dtap0)\n");
		return -1;
	}
	loop->port = 0;
	pool = rte_pktmbuf_pool_create("irqmod_mbufs", POOL_MBUFS, POOL_CACHE, 0,
				       RTE_MBUF_DEFAULT_BUF_SIZE, (int)rte_socket_id());
	if (pool == NULL) {
		fprintf(stderr, "irqmod-dpdk: mbuf pool: %s\n", rte_strerror(rte_errno));
		return -1;
	}
	memset(&conf, 0, sizeof(conf));
	conf.intr_conf.rxq = 1;
	err = rte_eth_dev_configure(loop->port, 1, 1, &conf);
	if (err == 0)
		err = rte_eth_rx_queue_setup(loop->port, 0, RX_DESCRIPTORS,
					     (unsigned int)rte_eth_dev_socket_id(loop->port), NULL, pool);
	if (err == 0)
		err = rte_eth_tx_queue_setup(loop->port, 0, TX_DESCRIPTORS,
					     (unsigned int)rte_eth_dev_socket_id(loop->port), NULL);
	if (err == 0)
		err = rte_eth_dev_start(loop->port);
	if (err != 0) {
		fprintf(stderr, "irqmod-dpdk: port %u setup: %s\n", loop->port, rte_strerror(-err));
		return -1;
	}
	err = rte_eth_dev_rx_intr_ctl_q(loop->port, 0, RTE_EPOLL_PER_THREAD, RTE_INTR_EVENT_ADD,
					NULL);
	if (err != 0) {
		fprintf(stderr, "irqmod-dpdk: RX interrupt of port %u queue 0: %s\n", loop->port,
			rte_strerror(-err));
		return -1;
	}
	/* The tap PMD's RX "interrupt" is its queue's file descriptor: always
	 * armed, no enable/disable op. Other PMDs get the calls. */
	err = rte_eth_dev_rx_intr_enable(loop->port, 0);
	loop->intr_ops_supported = err == 0;
	if (err == 0)
		rte_eth_dev_rx_intr_disable(loop->port, 0);
	rte_eth_macaddr_get(loop->port, &loop->mac);
	take_frame_signal(loop->port);
	return 0;
}

int main(int argc, char **argv)
{
	static struct loop loop;
	struct options options;
	int app_start = argc, eal_args, i;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0) {
			app_start = i;
			break;
		}
	}
	if (parse_options(argc - app_start - 1 > 0 ? argc - app_start - 1 : 0,
			  argv + app_start + (app_start < argc ? 1 : 0), &options) != 0)
		return 2;
	loop.options = &options;
	if (setup_controller(&options, &loop.hybrid) != 0)
		return 2;
	if (options.dry_run) {
		struct irqmod_decision current;

		irqmod_controller_current(&loop.hybrid.inner, &current);
		printf("irqmod-dpdk: controller=%s hybrid=%s inner=%s start_interval_ns=%" PRIu32 "\n",
		       options.controller, irqmod_hybrid_kind_name(loop.hybrid.kind),
		       irqmod_kind_name(loop.hybrid.inner.kind), current.rx_interval_ns);
		return 0;
	}
	eal_args = rte_eal_init(app_start, argv);
	if (eal_args < 0) {
		fprintf(stderr, "irqmod-dpdk: EAL init: %s\n", rte_strerror(rte_errno));
		return 1;
	}
	signal(SIGINT, on_stop);
	signal(SIGTERM, on_stop);
	signal(SIGUSR1, on_reset);
	signal(SIGUSR2, on_report);
	/* Sleeps end when asked, not up to 50 us later (the default slack). */
	prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
	if (setup_port(&loop) != 0) {
		rte_eal_cleanup();
		return 1;
	}
	if (options.realtime_priority > 0) {
		struct sched_param param = { .sched_priority = (int)options.realtime_priority };
		int err = pthread_setschedparam(pthread_self(), SCHED_FIFO, &param);

		if (err != 0) {
			fprintf(stderr, "irqmod-dpdk: --realtime %u: %s\n", options.realtime_priority,
				strerror(err));
			rte_eth_dev_stop(loop.port);
			rte_eth_dev_close(loop.port);
			rte_eal_cleanup();
			return 1;
		}
	}
	/* Before the ready file: the tap is not in the namespace yet, so no
	 * frame arrives while the empty poll is measured. */
	calibrate_poll(&loop);
	if (options.ready_file != NULL) {
		FILE *ready = fopen(options.ready_file, "w");

		if (ready == NULL) {
			fprintf(stderr, "irqmod-dpdk: --ready-file %s: %s\n", options.ready_file,
				strerror(errno));
			rte_eal_cleanup();
			return 1;
		}
		fprintf(ready, "%02x:%02x:%02x:%02x:%02x:%02x\n", loop.mac.addr_bytes[0],
			loop.mac.addr_bytes[1], loop.mac.addr_bytes[2], loop.mac.addr_bytes[3],
			loop.mac.addr_bytes[4], loop.mac.addr_bytes[5]);
		fclose(ready);
	}
	printf("irqmod-dpdk: port %u up on lcore %u, controller %s, RX interrupt enable/disable %s,"
	       " frame signal %s\n",
	       loop.port, rte_lcore_id(), options.controller,
	       loop.intr_ops_supported ? "supported" : "not needed (fd readiness)",
	       frame_trigger != NULL ? "taken over" : "none");
	fflush(stdout);
	run(&loop);
	report(&options, &loop.counters);
	rte_eth_dev_stop(loop.port);
	rte_eth_dev_close(loop.port);
	rte_eal_cleanup();
	return 0;
}
