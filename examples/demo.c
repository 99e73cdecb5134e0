/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * irqmod demo: what interval does each controller choose for typical traffic?
 *
 * Five traffic patterns on a 10 Gb/s link go through every controller kind
 * the library has (IRQMOD_KIND_COUNT, so a new controller shows up here
 * without an edit), each with the defaults of irqmod_controller_default_config().
 * The loop is closed: the interval a controller chooses decides when the next
 * interrupt fires, and so how many packets the next call reports.
 *
 * The model, kept simple on purpose (the simulator models the host):
 * - Frames arrive at line rate within a burst, bursts repeat with a period.
 *   A frame is counted without its 4-byte FCS; on the wire it takes 24 more
 *   bytes (FCS, preamble, inter-frame gap).
 * - The NIC raises an interrupt when a frame is pending and the interval
 *   chosen last has passed since the previous interrupt (the EITR rule).
 * - The driver's NAPI poll takes the pending frames in polls of 64 (the
 *   budget); every poll that uses its whole budget is followed by another,
 *   and the one that completes under budget calls the controller with the
 *   frames of the whole cycle. At most a ring of 512 frames waits between
 *   interrupts; frames beyond it are dropped. Processing takes no time.
 * - A controller that answers IRQMOD_ACTION_POLL (a hybrid) is called again
 *   after its poll delay, without an interrupt.
 * Figures are taken over the second half of each run, after the controller
 * settled. Floating point is fine here: this is a host program, not the core.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <irqmod/irqmod.h>

/* The link the defaults are chosen for: 10 Gb/s, in Mb/s. */
#define DEMO_LINK_SPEED_MBPS 10000u
/* Bits per nanosecond at that speed. */
#define DEMO_LINK_BITS_PER_NS (DEMO_LINK_SPEED_MBPS / 1000.0)
/* NAPI poll budget, NAPI_POLL_WEIGHT in Linux include/linux/netdevice.h. */
#define DEMO_NAPI_BUDGET 64u
/* RX ring size, IXGBE_DEFAULT_RXD in Linux drivers/net/ethernet/intel/ixgbe/ixgbe.h. */
#define DEMO_RING_FRAMES 512u
/* Shortest gap between two polls of a hybrid that polls again at once; an
 * assumed cost of one poll round, not a measured figure. */
#define DEMO_MIN_POLL_GAP_NS 1000.0
/* Ping-pong: time from our reply to the peer's next request: the peer's
 * interrupt, stack and application plus the wire both ways. Assumed. */
#define DEMO_PING_PONG_TURNAROUND_NS 20000.0
/* A run stops at this many calls per half even if its time is not up, so a
 * controller that does not throttle cannot make the demo slow. */
#define DEMO_MAX_CALLS_PER_HALF 200000u
/* Default length of a run, in ms of traffic; --duration-ms changes it. */
#define DEMO_DEFAULT_DURATION_MS 1000u
/* The clock the controllers see starts here, not at 0, as a real one would. */
#define DEMO_CLOCK_START_NS 1000000000.0

/**
 * struct demo_pattern - one kind of traffic.
 * @name: row label.
 * @frame_bytes: RX frame size without FCS.
 * @last_frame_bytes: size of the last frame of a burst (a message's tail).
 * @burst_frames: frames per burst, back to back at line rate.
 * @period_ns: time from one burst to the next; 0 for ping-pong.
 * @tx_per_rx: TX frames sent per RX frame (TCP ACKs, replies).
 * @tx_frame_bytes: size of those TX frames.
 */
struct demo_pattern {
	const char *name;
	uint32_t frame_bytes;
	uint32_t last_frame_bytes;
	uint32_t burst_frames;
	double period_ns;
	double tx_per_rx;
	uint32_t tx_frame_bytes;
};

/* Wire time of one frame at the demo's link speed. */
static double wire_ns(uint32_t frame_bytes)
{
	return (frame_bytes + IRQMOD_WIRE_OVERHEAD_BYTES) * 8.0 / DEMO_LINK_BITS_PER_NS;
}

/*
 * The patterns. Sizes are as the driver counts them, without FCS: the 64 B
 * flood is 88 B on the wire, 14.2 Mpps at 10 Gb/s. A 64 KiB UDP message is 65536 + 8 bytes of IP payload in
 * 1480-byte fragments: 44 full 1514-byte frames and a last one carrying 424
 * bytes (424 + 20 IP + 14 Ethernet = 458 bytes).
 */
static const struct demo_pattern demo_patterns[] = {
	{ "idle (100 pps, 64 B)", 64, 64, 1, 10000000.0, 0.0, 0 },
	{ "ping-pong (64 B)", 64, 64, 1, 0.0, 1.0, 64 },
	{ "flood (64 B, line rate)", 64, 64, 1, 0.0 /* wire time */, 0.0, 0 },
	{ "bulk (1514 B, line rate)", 1514, 1514, 1, 0.0 /* wire time */, 0.5, 66 },
	{ "UDP 64 KiB (10k msg/s)", 1514, 458, 45, 100000.0, 0.0, 0 },
};
#define DEMO_PATTERN_COUNT (sizeof(demo_patterns) / sizeof(demo_patterns[0]))
/* Index of the pattern whose requests answer our replies. */
#define DEMO_PING_PONG 1u

/* Bursts every period_ns; a period of 0 means back to back at line rate. */
static double period_of(const struct demo_pattern *pattern)
{
	return pattern->period_ns > 0.0 ? pattern->period_ns :
					  wire_ns(pattern->frame_bytes);
}

/* Frames that arrived in [0, t], and how many of them closed a burst. */
static void arrivals(const struct demo_pattern *pattern, double t,
		     uint64_t *frames, uint64_t *last_frames)
{
	double period = period_of(pattern);
	double gap = wire_ns(pattern->frame_bytes);
	uint64_t bursts = (uint64_t)(t / period);
	double within = t - bursts * period;
	uint64_t in_burst = (uint64_t)(within / gap) + 1;

	if (in_burst > pattern->burst_frames)
		in_burst = pattern->burst_frames;
	*frames = bursts * pattern->burst_frames + in_burst;
	*last_frames = bursts + (in_burst == pattern->burst_frames);
}

/* Time of the first arrival after t. */
static double next_arrival(const struct demo_pattern *pattern, double t)
{
	double period = period_of(pattern);
	double gap = wire_ns(pattern->frame_bytes);
	double bursts = (double)(uint64_t)(t / period);
	double within = t - bursts * period;
	uint64_t next_in_burst = (uint64_t)(within / gap) + 1;

	if (next_in_burst < pattern->burst_frames)
		return bursts * period + next_in_burst * gap;
	return (bursts + 1) * period;
}

/**
 * struct demo_result - what one controller did with one pattern.
 * @interval_sum_ns: sum of the RX intervals chosen in the measured half.
 * @interval_min_ns: shortest of them.
 * @interval_max_ns: longest of them.
 * @rearms: calls answered with IRQMOD_ACTION_REARM in the measured half.
 * @interrupts: interrupts in the measured half.
 * @frames: frames reported in the measured half.
 * @dropped: frames dropped for a full ring in the measured half.
 * @span_ns: length of the measured half.
 */
struct demo_result {
	double interval_sum_ns;
	uint32_t interval_min_ns;
	uint32_t interval_max_ns;
	uint64_t rearms;
	uint64_t interrupts;
	uint64_t frames;
	uint64_t dropped;
	double span_ns;
};

/**
 * struct demo_loop - the closed loop between the traffic and a controller.
 * @pattern: the traffic.
 * @controller: the controller under test.
 * @now: time of the last call, ns since the start of the run.
 * @request_at: ping-pong only: when the peer's next request arrives.
 * @frames_seen: arrivals up to @now, taken or dropped.
 * @lasts_seen: burst-closing arrivals up to @now.
 * @decision: the controller's last answer.
 * @calls: calls made in the current half.
 */
struct demo_loop {
	const struct demo_pattern *pattern;
	struct irqmod_controller controller;
	double now;
	double request_at;
	uint64_t frames_seen;
	uint64_t lasts_seen;
	struct irqmod_decision decision;
	uint64_t calls;
};

/* Time of the first frame to arrive after the last call. */
static double demo_first_arrival(const struct demo_loop *loop)
{
	if (loop->pattern == &demo_patterns[DEMO_PING_PONG])
		return loop->request_at;
	return next_arrival(loop->pattern, loop->now);
}

/* One interrupt cycle (or poll): advance time, report, take the answer. */
static void demo_step(struct demo_loop *loop, struct demo_result *result)
{
	const struct demo_pattern *pattern = loop->pattern;
	bool ping_pong = pattern == &demo_patterns[DEMO_PING_PONG];
	bool interrupt = loop->decision.action == IRQMOD_ACTION_REARM;
	struct irqmod_sample sample;
	uint64_t frames, lasts, taken, dropped;
	double next;

	if (interrupt) {
		/* EITR: a pending frame, and the interval since the last interrupt. */
		next = demo_first_arrival(loop);
		if (next < loop->now + loop->decision.rx_interval_ns)
			next = loop->now + loop->decision.rx_interval_ns;
	} else {
		next = loop->now + (loop->decision.poll_delay_ns > DEMO_MIN_POLL_GAP_NS ?
					    loop->decision.poll_delay_ns :
					    DEMO_MIN_POLL_GAP_NS);
	}

	if (ping_pong) {
		/* At most one request is outstanding; our reply goes out at once. */
		frames = loop->frames_seen + (loop->request_at <= next);
		lasts = frames;
	} else {
		arrivals(pattern, next, &frames, &lasts);
	}
	taken = frames - loop->frames_seen;
	dropped = taken > DEMO_RING_FRAMES ? taken - DEMO_RING_FRAMES : 0;
	taken -= dropped;
	if (ping_pong && taken)
		loop->request_at = next + DEMO_PING_PONG_TURNAROUND_NS;

	memset(&sample, 0, sizeof(sample));
	sample.now_ns = (uint64_t)(DEMO_CLOCK_START_NS + next);
	sample.rx_packets = (uint32_t)taken;
	/* Bytes of the frames taken: burst tails are shorter. */
	sample.rx_bytes = taken * pattern->frame_bytes;
	if (lasts - loop->lasts_seen <= taken)
		sample.rx_bytes -= (lasts - loop->lasts_seen) *
				   (uint64_t)(pattern->frame_bytes - pattern->last_frame_bytes);
	sample.tx_packets = (uint32_t)(taken * pattern->tx_per_rx);
	sample.tx_bytes = (uint64_t)sample.tx_packets * pattern->tx_frame_bytes;
	/* One completion-queue entry per RX frame and TX descriptor. */
	sample.completions = sample.rx_packets + sample.tx_packets;
	sample.events = interrupt ? 1 : 0;
	sample.flags = interrupt ? IRQMOD_SAMPLE_FROM_INTERRUPT : 0;
	/* Polls of the cycle that used their whole budget are summed into this
	 * call, made by the poll that completed under budget. */

	irqmod_controller_update(&loop->controller, &sample, &loop->decision);

	if (result) {
		result->frames += taken;
		result->dropped += dropped;
		result->interrupts += interrupt;
		result->span_ns += next - loop->now;
		if (loop->decision.action == IRQMOD_ACTION_REARM) {
			uint32_t interval = loop->decision.rx_interval_ns;

			result->interval_sum_ns += interval;
			if (result->rearms == 0 || interval < result->interval_min_ns)
				result->interval_min_ns = interval;
			if (result->rearms == 0 || interval > result->interval_max_ns)
				result->interval_max_ns = interval;
			result->rearms++;
		}
	}
	loop->now = next;
	loop->frames_seen = frames;
	loop->lasts_seen = lasts;
	loop->calls++;
}

/* Runs one pattern through one controller kind; 0 or an irqmod error. */
static int demo_run(uint32_t kind, const struct demo_pattern *pattern,
		    double half_ns, struct demo_result *result)
{
	struct irqmod_controller_config config;
	struct demo_loop loop;
	int error;

	memset(&loop, 0, sizeof(loop));
	memset(result, 0, sizeof(*result));
	error = irqmod_controller_default_config(&config, kind, DEMO_LINK_SPEED_MBPS);
	if (error == 0)
		error = irqmod_controller_init(&loop.controller, &config);
	if (error != 0)
		return error;
	loop.pattern = pattern;
	/* Before the first call the driver programmed the configured start
	 * interval; a first call at the first arrival stands in for it. */
	loop.decision.action = IRQMOD_ACTION_REARM;

	while (loop.now < half_ns && loop.calls < DEMO_MAX_CALLS_PER_HALF)
		demo_step(&loop, NULL);
	loop.calls = 0;
	while (result->span_ns < half_ns && loop.calls < DEMO_MAX_CALLS_PER_HALF)
		demo_step(&loop, result);
	return 0;
}

static void print_rule(int width)
{
	while (width-- > 0)
		putchar('-');
	putchar('\n');
}

int main(int argc, char **argv)
{
	unsigned long duration_ms = DEMO_DEFAULT_DURATION_MS;
	int pattern_width = (int)strlen("pattern");
	int kind_width = (int)strlen("controller");
	int failures = 0;
	int line_width;
	uint32_t kind;
	size_t index;

	if (argc == 3 && strcmp(argv[1], "--duration-ms") == 0) {
		duration_ms = strtoul(argv[2], NULL, 10);
	} else if (argc != 1) {
		fprintf(stderr, "usage: %s [--duration-ms N]\n", argv[0]);
		return 2;
	}
	if (duration_ms < 2 || duration_ms > 60000) {
		fprintf(stderr, "--duration-ms: 2 to 60000\n");
		return 2;
	}

	for (index = 0; index < DEMO_PATTERN_COUNT; index++)
		if ((int)strlen(demo_patterns[index].name) > pattern_width)
			pattern_width = (int)strlen(demo_patterns[index].name);
	for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++)
		if ((int)strlen(irqmod_kind_name(kind)) > kind_width)
			kind_width = (int)strlen(irqmod_kind_name(kind));

	printf("irqmod %u.%u.%u demo: %u Gb/s link, NAPI budget %u, ring %u frames, %lu ms per run;\n",
	       (unsigned int)(irqmod_version() >> 16),
	       (unsigned int)((irqmod_version() >> 8) & 0xFF),
	       (unsigned int)(irqmod_version() & 0xFF), DEMO_LINK_SPEED_MBPS / 1000,
	       DEMO_NAPI_BUDGET, DEMO_RING_FRAMES, duration_ms);
	printf("figures over the second half of each run. interval: the RX interval the\n"
	       "controller chose at each call (mean, and min..max), in microseconds.\n\n");
	line_width = printf("%-*s  %-*s  %9s  %15s  %10s  %9s  %6s\n", pattern_width,
			    "pattern", kind_width, "controller", "interval", "min..max",
			    "irqs/s", "pkts/irq", "drops") - 1;
	print_rule(line_width);

	for (index = 0; index < DEMO_PATTERN_COUNT; index++) {
		const struct demo_pattern *pattern = &demo_patterns[index];

		for (kind = 0; kind < IRQMOD_KIND_COUNT; kind++) {
			struct demo_result result;
			char range[32];
			double seconds, per_irq, drops;
			int error = demo_run(kind, pattern, duration_ms * 1e6 / 2, &result);

			if (error != 0) {
				printf("%-*s  %-*s  error: %s\n", pattern_width,
				       kind == 0 ? pattern->name : "", kind_width,
				       irqmod_kind_name(kind), irqmod_strerror(error));
				failures++;
				continue;
			}
			seconds = result.span_ns / 1e9;
			per_irq = result.interrupts ?
					  (double)result.frames / result.interrupts : 0.0;
			drops = result.frames + result.dropped ?
					100.0 * result.dropped /
						(result.frames + result.dropped) :
					0.0;
			if (result.rearms)
				snprintf(range, sizeof(range), "%.1f..%.1f",
					 result.interval_min_ns / 1e3,
					 result.interval_max_ns / 1e3);
			else
				snprintf(range, sizeof(range), "polling");
			printf("%-*s  %-*s  %9.1f  %15s  %10.0f  %9.1f  %5.1f%%\n",
			       pattern_width, kind == 0 ? pattern->name : "",
			       kind_width, irqmod_kind_name(kind),
			       result.rearms ? result.interval_sum_ns / result.rearms / 1e3 : 0.0,
			       range, seconds > 0 ? result.interrupts / seconds : 0.0,
			       per_irq, drops);
		}
		if (index + 1 < DEMO_PATTERN_COUNT)
			putchar('\n');
	}
	return failures ? 1 : 0;
}
