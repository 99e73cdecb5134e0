/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The key table: every key a scenario file or --set may name, where its
 * value lives, the range the reader accepts and the help line that --help,
 * --list-keys and docs/simulator.md print; and the lookups in it.
 */
#include "scenario_internal.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define CONFIG(member) IRQMOD_BASE_CONFIG, offsetof(struct irqmod_sim_config, member), #member
#define SOURCE(member) IRQMOD_BASE_SOURCE, offsetof(struct irqmod_sim_source, member), #member
#define SCENARIO(member) IRQMOD_BASE_SCENARIO, offsetof(struct irqmod_scenario, member), #member
#define NO_FIELD IRQMOD_BASE_NONE, 0, ""
#define HOUR_NS IRQMOD_SIM_MAX_DURATION_NS
#define SECOND_NS 1000000000ull

const struct irqmod_scenario_key irqmod_scenario_keys[] = {
	{ "run", "duration", IRQMOD_VALUE_DURATION, CONFIG(duration_ns), 1000, HOUR_NS,
	  "simulated time (1us..1h)" },
	{ "run", "warmup", IRQMOD_VALUE_DURATION, CONFIG(warmup_ns), 0, HOUR_NS,
	  "leading time excluded from the metrics (< duration)" },
	{ "run", "seed", IRQMOD_VALUE_U64, CONFIG(seed), 0, UINT64_MAX, "random seed" },
	{ "run", "controllers", IRQMOD_VALUE_CONTROLLERS, NO_FIELD, 0, 0,
	  "comma-separated controllers to compare: kind names, none, static:<interval>, "
	  "HYBRID+CONTROLLER, knobs in parentheses (see CONTROLLERS below); default: all kinds" },
	{ "run", "static_interval", IRQMOD_VALUE_DURATION32, SCENARIO(static_interval_ns), 0,
	  SECOND_NS,
	  "interval of the controller named plain 'static' (sweepable); default: its controller.h default" },
	{ "link", "speed", IRQMOD_VALUE_SPEED, CONFIG(link_speed_mbps), 1, 1600000,
	  "link speed in Mb/s, or with a suffix: 100M, 10G" },
	{ "link", "wire_overhead", IRQMOD_VALUE_U32, CONFIG(wire_overhead_bytes), 0, 1000,
	  "bytes added per frame on the wire: FCS 4 + preamble/SFD 8 + IFG 12 (IEEE 802.3)" },
	{ "link", "propagation", IRQMOD_VALUE_DURATION, CONFIG(propagation_ns), 0, SECOND_NS,
	  "one-way propagation delay to the peer" },
	{ "nic", "ring_size", IRQMOD_VALUE_U32, CONFIG(ring_size), 1, 65536,
	  "RX descriptors per queue (ixgbe.h IXGBE_DEFAULT_RXD 512)" },
	{ "nic", "timer", IRQMOD_VALUE_TIMER, CONFIG(timer), 0, 0,
	  "interrupt timer: throttle (min gap since last IRQ, ixgbe EITR), absolute (holdoff from first frame, rx-usecs), packet (re-armed per frame, RDTR)" },
	{ "nic", "rx_frames", IRQMOD_VALUE_U32, CONFIG(rx_frames), 0, 65535,
	  "frame-count threshold (ethtool rx-frames), 0: none; ignored by the throttle timer" },
	{ "nic", "tx_interrupts", IRQMOD_VALUE_BOOL, CONFIG(tx_interrupts), 0, 1,
	  "TX completions raise causes on the same vector" },
	{ "nic", "tx_completion_delay", IRQMOD_VALUE_DURATION, CONFIG(tx_completion_delay_ns), 0,
	  SECOND_NS, "end of transmission to completion write-back" },
	{ "nic", "throttle_late", IRQMOD_VALUE_DURATION, CONFIG(throttle_late_ns), 0, SECOND_NS,
	  "a throttle wait at re-arm that sleeps (at least nic.throttle_spin) ends this late: a DPDK loop's clock_nanosleep() (its sleep_late_ns); default 0: punctual" },
	{ "nic", "throttle_spin", IRQMOD_VALUE_DURATION, CONFIG(throttle_spin_ns), 0, SECOND_NS,
	  "throttle waits at re-arm shorter than this are spun, on time (a DPDK loop's spin-below-us option); longer ones sleep, nic.throttle_late late" },
	{ "host", "cores", IRQMOD_VALUE_U32, CONFIG(cores), 1, IRQMOD_SIM_MAX_CORES, "host cores" },
	{ "host", "queues", IRQMOD_VALUE_U32, CONFIG(queues), 1, IRQMOD_SIM_MAX_QUEUES,
	  "RX queues (RSS), each with its own vector and controller" },
	{ "host", "queue_cores", IRQMOD_VALUE_CORE_LIST, CONFIG(queue_core), 0,
	  IRQMOD_SIM_MAX_CORES - 1,
	  "core of each queue, comma-separated (default: all on core 0)" },
	{ "host", "irq_cost", IRQMOD_VALUE_DURATION, CONFIG(irq_ns), 0, SECOND_NS,
	  "CPU per hard interrupt (assumption; 1998 measurement: 21us, anchors 1.2)" },
	{ "host", "timer_irq_cost", IRQMOD_VALUE_DURATION, CONFIG(timer_irq_ns), 0, SECOND_NS,
	  "CPU per timer interrupt driving a deferred poll (gro_flush_timeout's hrtimer; 1us, calibrated from the IRQ-suspension cover letter; docs/kernel-knobs.md)" },
	{ "host", "poll_spin", IRQMOD_VALUE_DURATION, CONFIG(poll_spin_ns), 0, SECOND_NS,
	  "deferred polls up to this delay are spun: the core busy, no timer interrupt (default 0: none)" },
	{ "host", "poll_cost", IRQMOD_VALUE_DURATION, CONFIG(poll_ns), 0, SECOND_NS,
	  "CPU per NAPI poll call, besides packets (assumption)" },
	{ "host", "packet_cost", IRQMOD_VALUE_DURATION, CONFIG(packet_ns), 0, SECOND_NS,
	  "CPU per received frame through the stack (assumption)" },
	{ "host", "tx_clean_cost", IRQMOD_VALUE_DURATION, CONFIG(tx_clean_ns), 0, SECOND_NS,
	  "CPU per TX completion cleaned (assumption)" },
	{ "host", "response_cost", IRQMOD_VALUE_DURATION, CONFIG(response_ns), 0, SECOND_NS,
	  "CPU per flood response sent (assumption)" },
	{ "host", "napi_budget", IRQMOD_VALUE_U32, CONFIG(napi_budget), 1, 65536,
	  "frames per poll (netdevice.h NAPI_POLL_WEIGHT 64)" },
	{ "host", "softirq_budget_packets", IRQMOD_VALUE_U32, CONFIG(softirq_budget_packets), 1,
	  UINT32_MAX, "frames per softirq run (net/core netdev_budget 300)" },
	{ "host", "softirq_budget_time", IRQMOD_VALUE_DURATION, CONFIG(softirq_budget_ns), 1,
	  SECOND_NS, "time per softirq run (netdev_budget_usecs 2000)" },
	{ "host", "controller_on_budget_exhausted", IRQMOD_VALUE_BOOL,
	  CONFIG(controller_on_budget_exhausted), 0, 1,
	  "also call the controller after polls that used the whole budget" },
	{ "host", "poll_rescan", IRQMOD_VALUE_BOOL, CONFIG(poll_rescan), 0, 1,
	  "a poll also takes frames arriving while it runs (Linux drivers); false: only those present at its start" },
	{ "load", "core", IRQMOD_VALUE_CORE, CONFIG(load_core), 0, IRQMOD_SIM_MAX_CORES - 1,
	  "core of the competing CPU task, or none" },
	{ "load", "busy", IRQMOD_VALUE_DURATION, CONFIG(load_busy_ns), 1, HOUR_NS,
	  "mean time the task holds the core (delays IRQs, softirq, applications)" },
	{ "load", "idle", IRQMOD_VALUE_DURATION, CONFIG(load_idle_ns), 0, HOUR_NS,
	  "mean time between the task's busy periods" },
	{ "load", "distribution", IRQMOD_VALUE_DISTRIBUTION, CONFIG(load_distribution), 0, 0,
	  "law of both periods" },
	{ "socket", "rcvbuf", IRQMOD_VALUE_U32, CONFIG(rcvbuf_bytes), 1, 64u << 20,
	  "receive buffer bytes (include/net/sock.h SK_RMEM_MAX 212992)" },
	{ "socket", "truesize", IRQMOD_VALUE_U32, CONFIG(truesize_bytes), 128, 1u << 20,
	  "bytes charged per frame (ixgbe build_skb: 2048 + 256 = 2304)" },
	{ "app", "core", IRQMOD_VALUE_U32, CONFIG(app_core), 0, IRQMOD_SIM_MAX_CORES - 1,
	  "core of the applications (own core, or the interrupt core)" },
	{ "app", "wakeup", IRQMOD_VALUE_DURATION, CONFIG(app_wakeup_ns), 0, SECOND_NS,
	  "wake-up latency of a sleeping application (assumption)" },
	{ "app", "datagram_cost", IRQMOD_VALUE_DURATION, CONFIG(app_datagram_ns), 0, SECOND_NS,
	  "CPU per datagram read (assumption)" },
	{ "app", "byte_cost_ps", IRQMOD_VALUE_U64, CONFIG(app_byte_ps), 0, SECOND_NS,
	  "CPU per payload byte read, picoseconds (assumption: 100 = 10 GB/s)" },
	{ "app", "send_cost", IRQMOD_VALUE_DURATION, CONFIG(app_send_ns), 0, SECOND_NS,
	  "CPU per ping/RR request sent (assumption)" },
	{ "app", "batch", IRQMOD_VALUE_U32, CONFIG(app_batch), 1, 4096,
	  "datagrams read per application run (1 when sharing the interrupt core)" },
	/* The kernel's NAPI knobs (net/core/dev.c napi_complete_done(),
	 * napi_suspend_irqs()), beside any controller. */
	{ "napi", "defer_hard_irqs", IRQMOD_VALUE_U32, CONFIG(napi_defer_hard_irqs), 0, 2147483647,
	  "polls that keep the IRQ masked after work (napi_defer_hard_irqs; Linux 5.8, per NAPI 6.13; 0: none)" },
	{ "napi", "gro_flush_timeout", IRQMOD_VALUE_DURATION, CONFIG(gro_flush_timeout_ns), 0,
	  SECOND_NS, "delay of each deferred poll, the NAPI's hrtimer (gro_flush_timeout; 0: no deferral)" },
	{ "napi", "irq_suspend_timeout", IRQMOD_VALUE_DURATION, CONFIG(irq_suspend_timeout_ns), 0,
	  SECOND_NS,
	  "IRQ suspension: each epoll wait returning events restarts the timer with it (Linux 6.13, netlink napi-set; needs busy_poll.prefer)" },
	{ "napi", "threaded", IRQMOD_VALUE_BOOL, CONFIG(napi_threaded), 0, 1,
	  "threaded NAPI (sysfs threaded, Linux 5.12): polls in a kernel thread woken by the interrupt (app.wakeup), after the core's runnable applications" },
	/* The application's busy polling (fs/eventpoll.c EPIOCSPARAMS, or
	 * SO_BUSY_POLL on the socket). */
	{ "busy_poll", "usecs", IRQMOD_VALUE_U32, CONFIG(busy_poll_usecs), 0, 2147483647,
	  "microseconds the application busy-polls per wait (EPIOCSPARAMS busy_poll_usecs, Linux 6.9; SO_BUSY_POLL, 3.11; 0: none)" },
	{ "busy_poll", "budget", IRQMOD_VALUE_U32, CONFIG(busy_poll_budget), 1, 65535,
	  "frames per busy poll (busy_poll_budget, SO_BUSY_POLL_BUDGET; busy_poll.h BUSY_POLL_BUDGET 8)" },
	{ "busy_poll", "prefer", IRQMOD_VALUE_BOOL, CONFIG(prefer_busy_poll), 0, 1,
	  "prefer_busy_poll (SO_PREFER_BUSY_POLL, Linux 5.11): the stop arms the NAPI timer, not the softirq; epoll polls even at 0 usecs" },
	{ "busy_poll", "read", IRQMOD_VALUE_BOOL, CONFIG(busy_poll_read), 0, 1,
	  "busy-poll from a blocking read (SO_BUSY_POLL) instead of epoll_wait(): no IRQ suspension" },
	{ "busy_poll", "wait_timeout", IRQMOD_VALUE_DURATION, CONFIG(busy_poll_wait_timeout_ns), 0,
	  SECOND_NS,
	  "timeout of the application's wait: after a busy loop that found nothing it sleeps at most this long from the wait's start, then waits again (0: until woken, epoll_wait's -1)" },
	{ "source", "kind", IRQMOD_VALUE_KIND, SOURCE(kind), 0, 0,
	  "first key of a [source]: constant, poisson, onoff, ping, rr, udp_stream, flood, trace" },
	{ "source", "frame_bytes", IRQMOD_VALUE_U32, SOURCE(frame_bytes), 60, 65535,
	  "frame size without FCS (60..65535); reply size for ping/rr" },
	{ "source", "rate", IRQMOD_VALUE_RATE, SOURCE(rate_pps), 0, 10000000000ull,
	  "frames per second (k/M/G suffixes); 0: line rate (constant, udp_stream)" },
	{ "source", "flows", IRQMOD_VALUE_U32, SOURCE(flows), 1, 65535,
	  "flows (RSS spreads them over queues)" },
	{ "source", "period_distribution", IRQMOD_VALUE_DISTRIBUTION, SOURCE(period_distribution),
	  0, 0, "onoff period law" },
	{ "source", "on_mean", IRQMOD_VALUE_DURATION, SOURCE(on_mean_ns), 1, HOUR_NS,
	  "onoff mean on period" },
	{ "source", "off_mean", IRQMOD_VALUE_DURATION, SOURCE(off_mean_ns), 0, HOUR_NS,
	  "onoff mean off period" },
	{ "source", "pareto_shape_milli", IRQMOD_VALUE_U32, SOURCE(pareto_shape_milli), 1001,
	  100000, "Pareto shape x1000 (1500 = 1.5)" },
	{ "source", "outstanding", IRQMOD_VALUE_U32, SOURCE(outstanding), 1, 512,
	  "ping/rr requests in flight at the start" },
	{ "source", "timeout", IRQMOD_VALUE_DURATION, SOURCE(timeout_ns), 0, HOUR_NS,
	  "ping: send after this long without one (10ms); rr: resend after (200ms)" },
	{ "source", "request_bytes", IRQMOD_VALUE_U32, SOURCE(request_bytes), 60, 65535,
	  "ping/rr request frame size (ping: 98)" },
	{ "source", "turnaround", IRQMOD_VALUE_DURATION, SOURCE(remote_turnaround_ns), 0, HOUR_NS,
	  "ping/rr: the peer's answer time" },
	{ "source", "message_bytes", IRQMOD_VALUE_U32, SOURCE(message_bytes), 1, 65507,
	  "udp_stream message size (netperf: 65507)" },
	{ "source", "mtu", IRQMOD_VALUE_U32, SOURCE(mtu_bytes), 68, 65521, "udp_stream IP MTU" },
	{ "source", "response_limit", IRQMOD_VALUE_U32, SOURCE(response_limit_per_s), 0, UINT32_MAX,
	  "flood: responses per second (FreeBSD icmplim 200), 0: none" },
	{ "source", "response_bytes", IRQMOD_VALUE_U32, SOURCE(response_bytes), 60, 65535,
	  "flood: response frame size" },
	{ "source", "poisson", IRQMOD_VALUE_BOOL, SOURCE(poisson_arrivals), 0, 1,
	  "flood: exponential gaps instead of constant spacing" },
	{ "source", "start", IRQMOD_VALUE_DURATION, SOURCE(start_ns), 0, HOUR_NS,
	  "time the source starts" },
	{ "source", "gap_shape_micro", IRQMOD_VALUE_U32, SOURCE(gap_shape_micro), 0, 999999,
	  "poisson: 0 exponential gaps; else GPareto gaps of shape xi x10^6 and mean 1/rate (mutilate ETC: 154971)" },
	{ "source", "size_law", IRQMOD_VALUE_SIZE_LAW, SOURCE(size_law), 0, 0,
	  "constant/poisson/onoff frame sizes: constant (frame_bytes), gpareto or gev (size_* keys)" },
	{ "source", "size_location_milli", IRQMOD_VALUE_U64, SOURCE(size_location_milli), 0,
	  65535000, "size law location mu, thousandths of a byte (ETC key GEV: 30798)" },
	{ "source", "size_scale_milli", IRQMOD_VALUE_U64, SOURCE(size_scale_milli), 0, 65535000,
	  "size law scale sigma, thousandths of a byte (ETC key GEV: 8204)" },
	{ "source", "size_shape_micro", IRQMOD_VALUE_U32, SOURCE(size_shape_micro), 0, 1000000,
	  "size law shape xi x10^6 (ETC key GEV: 78688)" },
	{ "source", "size_offset", IRQMOD_VALUE_U32, SOURCE(size_offset_bytes), 0, 65535,
	  "bytes added to each size variate (headers; memcached GET over UDP: 56)" },
	{ "source", "trace.file", IRQMOD_VALUE_PATH, NO_FIELD, 0, 0,
	  "trace: CSV (time_ns,bytes[,flow]) or pcap/pcapng file to replay (relative: from the scenario's folder)" },
	{ "source", "trace.format", IRQMOD_VALUE_TRACE_FORMAT, NO_FIELD, 0, 0,
	  "trace: csv, pcap or auto (pcap/pcapng by the magic number, else CSV)" },
	{ "source", "trace.speed", IRQMOD_VALUE_SPEED_MILLI, SOURCE(trace_speed_milli), 1,
	  IRQMOD_SIM_TRACE_MAX_SPEED_MILLI,
	  "trace: replay speed, a decimal with up to 3 places (2: gaps halved; 0.001..1000)" },
	{ "source", "trace.loop", IRQMOD_VALUE_BOOL, SOURCE(trace_loop), 0, 1,
	  "trace: start again after the last record (a lap: span + mean gap)" },
	{ "source", "trace.start_offset", IRQMOD_VALUE_OFFSET, SOURCE(trace_start_offset_ns), 0,
	  HOUR_NS,
	  "trace: replay from this far into the trace (sweepable), or random (needs trace.loop; drawn from the seed)" },
	/* [repro]: irqmod-repro's experiment and the controllers it builds
	 * (tools/repro.c); the limits are the experiments' (docs/reproductions.md). */
	{ "repro", "experiment", IRQMOD_VALUE_EXPERIMENT, SCENARIO(repro.experiment), 0, 0,
	  "the published experiment: floor (ixgbe 12K, 2015), idle-poll (NAPI, 2007), recheck (FreeBSD, 2001)" },
	{ "repro", "seeds", IRQMOD_VALUE_U32, SCENARIO(repro.seeds), 1, 1000,
	  "seeds each figure is averaged over (run.seed, run.seed + 1, ...)" },
	{ "repro", "sweep_from", IRQMOD_VALUE_RATE, SCENARIO(repro.sweep_from), 0, 100000000,
	  "first swept rate (floor: interrupts/s; recheck: offered frames/s)" },
	{ "repro", "sweep_to", IRQMOD_VALUE_RATE, SCENARIO(repro.sweep_to), 0, 100000000,
	  "last swept rate" },
	{ "repro", "sweep_step", IRQMOD_VALUE_RATE, SCENARIO(repro.sweep_step), 0, 100000000,
	  "sweep increment; 0: no sweep" },
	{ "repro", "interval", IRQMOD_VALUE_DURATION32, SCENARIO(repro.interval_ns), 0, SECOND_NS,
	  "idle-poll, recheck: the static interval both runs program (0: none, as the posts' NICs)" },
	{ "repro", "poll_spacing", IRQMOD_VALUE_DURATION32, SCENARIO(repro.poll_spacing_ns), 0,
	  SECOND_NS, "idle-poll: delay between idle polls" },
	{ "repro", "idle_time", IRQMOD_VALUE_DURATION32, SCENARIO(repro.idle_time_ns), 0, SECOND_NS,
	  "idle-poll: idle time before re-arming" },
	{ "repro", "idle_polls", IRQMOD_VALUE_U32, SCENARIO(repro.idle_polls), 0, 65535,
	  "idle-poll: empty polls before re-arming" },
	{ "repro", "max_rounds", IRQMOD_VALUE_U32, SCENARIO(repro.max_rounds), 0, 65535,
	  "recheck: immediate re-polls per interrupt" },
	{ "repro", "saturation_cpu_pct", IRQMOD_VALUE_U32, SCENARIO(repro.saturation_cpu_pct), 1,
	  100, "recheck: busy share of core 0, percent, that counts as saturated" },
	{ "repro", "sweep_link_speed", IRQMOD_VALUE_SPEED, SCENARIO(repro.sweep_link_speed_mbps), 0,
	  1600000, "recheck: link speed of the sweep, Mb/s or with M/G/T (0: link.speed)" },
};

#define KEY_COUNT (sizeof(irqmod_scenario_keys) / sizeof(irqmod_scenario_keys[0]))
_Static_assert(KEY_COUNT <= IRQMOD_SCENARIO_MAX_KEYS, "struct irqmod_scenario origins");
const size_t irqmod_scenario_key_count = KEY_COUNT;

/* The tools a key is read by (enum irqmod_scenario_tool bits). */
uint32_t irqmod_scenario_key_tools(const struct irqmod_scenario_key *key)
{
	if (strcmp(key->section, "repro") == 0)
		return IRQMOD_SCENARIO_FOR_REPRO;
	/* irqmod-repro builds the experiments' controllers itself. */
	if (strcmp(key->section, "run") == 0 &&
	    (strcmp(key->name, "controllers") == 0 || strcmp(key->name, "static_interval") == 0))
		return IRQMOD_SCENARIO_FOR_SIM;
	return IRQMOD_SCENARIO_FOR_SIM | IRQMOD_SCENARIO_FOR_REPRO;
}

const char *irqmod_scenario_tool_name(uint32_t tools)
{
	return tools == IRQMOD_SCENARIO_FOR_SIM	    ? "irqmod-sim"
	       : tools == IRQMOD_SCENARIO_FOR_REPRO ? "irqmod-repro"
						    : "both";
}

static const char *const sections[] = { "run", "link", "nic", "host", "load", "socket", "app",
					"napi", "busy_poll", "source", "repro" };
#define SECTION_COUNT (sizeof(sections) / sizeof(sections[0]))

const struct irqmod_scenario_key *irqmod_scenario_find_key(const char *section, const char *name)
{
	size_t i;

	for (i = 0; i < KEY_COUNT; i++)
		if (strcmp(irqmod_scenario_keys[i].section, section) == 0 &&
		    strcmp(irqmod_scenario_keys[i].name, name) == 0)
			return &irqmod_scenario_keys[i];
	return NULL;
}

bool irqmod_scenario_known_section(const char *section)
{
	size_t i;

	for (i = 0; i < SECTION_COUNT; i++)
		if (strcmp(sections[i], section) == 0)
			return true;
	return false;
}

void irqmod_scenario_section_keys(const char *section, char *out, size_t bytes)
{
	size_t i;

	out[0] = '\0';
	for (i = 0; i < KEY_COUNT; i++) {
		if (strcmp(irqmod_scenario_keys[i].section, section) != 0)
			continue;
		if (out[0])
			strncat(out, ", ", bytes - strlen(out) - 1);
		strncat(out, irqmod_scenario_keys[i].name, bytes - strlen(out) - 1);
	}
}

/* The key of config field @field ("ring_size", "sources[1].frame_bytes"), or NULL. */
const struct irqmod_scenario_key *irqmod_scenario_key_of_field(const char *field,
							       unsigned int *source)
{
	size_t i;

	*source = 0;
	if (strncmp(field, "sources[", 8) == 0) {
		const char *close = strchr(field, ']');

		if (!close || close[1] != '.')
			return NULL;
		*source = (unsigned int)strtoul(field + 8, NULL, 10);
		if (*source >= IRQMOD_SIM_MAX_SOURCES)
			return NULL;
		for (i = 0; i < KEY_COUNT; i++)
			if (irqmod_scenario_keys[i].base == IRQMOD_BASE_SOURCE &&
			    strcmp(irqmod_scenario_keys[i].field, close + 2) == 0)
				return &irqmod_scenario_keys[i];
		return NULL;
	}
	for (i = 0; i < KEY_COUNT; i++)
		if (irqmod_scenario_keys[i].base == IRQMOD_BASE_CONFIG &&
		    strcmp(irqmod_scenario_keys[i].field, field) == 0)
			return &irqmod_scenario_keys[i];
	return NULL;
}

/* "1us..1h": @key's accepted range in its units. */
void irqmod_scenario_key_range(char *out, size_t bytes, const struct irqmod_scenario_key *key)
{
	char low[32], high[32];

	irqmod_scenario_format_number(low, sizeof(low), key->type, key->min);
	irqmod_scenario_format_number(high, sizeof(high), key->type, key->max);
	snprintf(out, bytes, "%s..%s", low, high);
}

/* "run, link, ...": the sections of the key table, for a message. */
void irqmod_scenario_section_names(char *out, size_t bytes)
{
	size_t i;

	out[0] = '\0';
	for (i = 0; i < SECTION_COUNT; i++) {
		if (out[0])
			strncat(out, ", ", bytes - strlen(out) - 1);
		strncat(out, sections[i], bytes - strlen(out) - 1);
	}
}

int irqmod_scenario_key_is_numeric(const char *key_text)
{
	char copy[128], *dot, *digits;
	const struct irqmod_scenario_key *key;

	if (strlen(key_text) >= sizeof(copy))
		return 0;
	strcpy(copy, key_text);
	dot = strchr(copy, '.');
	if (!dot)
		return 0;
	*dot = '\0';
	if (irqmod_scenario_knob_section(copy))
		return irqmod_scenario_find_knob(copy, dot + 1) >= 0;
	digits = copy + strcspn(copy, "0123456789");
	if (strncmp(copy, "source", 6) == 0)
		*digits = '\0';
	key = irqmod_scenario_find_key(copy, dot + 1);
	if (!key)
		return 0;
	switch (key->type) {
	case IRQMOD_VALUE_U32:
	case IRQMOD_VALUE_U64:
	case IRQMOD_VALUE_DURATION:
	case IRQMOD_VALUE_DURATION32:
	case IRQMOD_VALUE_RATE:
	case IRQMOD_VALUE_SPEED:
	case IRQMOD_VALUE_OFFSET: /* trace.start_offset, in ns */
		return 1;
	default:
		return 0;
	}
}

int irqmod_scenario_parse_value(const char *key_text, const char *text, uint64_t *value)
{
	char copy[128], *dot, *digits;
	const struct irqmod_scenario_key *key;

	if (strlen(key_text) >= sizeof(copy))
		return -IRQMOD_SCENARIO_EKEY;
	strcpy(copy, key_text);
	dot = strchr(copy, '.');
	if (!dot)
		return -IRQMOD_SCENARIO_EKEY;
	*dot = '\0';
	if (irqmod_scenario_knob_section(copy)) {
		int index = irqmod_scenario_find_knob(copy, dot + 1);
		const struct irqmod_scenario_unit *units;

		if (index < 0)
			return -IRQMOD_SCENARIO_EKEY;
		units = irqmod_scenario_knob_units(irqmod_scenario_knob_at((size_t)index));
		if (!irqmod_scenario_parse_number(text, units, value))
			return -IRQMOD_SCENARIO_EVALUE;
		return 0;
	}
	digits = copy + strcspn(copy, "0123456789");
	if (strncmp(copy, "source", 6) == 0)
		*digits = '\0';
	key = irqmod_scenario_find_key(copy, dot + 1);
	if (!key)
		return -IRQMOD_SCENARIO_EKEY;
	if (!irqmod_scenario_parse_number(text, irqmod_scenario_type_units(key->type), value))
		return -IRQMOD_SCENARIO_EVALUE;
	return 0;
}
