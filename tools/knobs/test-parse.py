#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""scripts/kernel-knobs' parsers on made-up logs whose figures are known,
and on a recorded run (tools/knobs/testdata/: a 1 s run of each mode at
1000 requests/s and an excerpt of its timer trace, made by
`scripts/kernel-knobs --seconds 1 --runs 1 --loads 1000 --keep-trace`).

usage: test-parse.py SOURCE_ROOT
"""
import os
import subprocess
import sys
import tempfile

ROOT = sys.argv[1]
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
import kernel_knobs  # noqa: E402
import knobs_timer  # noqa: E402

TESTDATA = os.path.join(ROOT, "tools", "knobs", "testdata")
failures = []


def check(condition, what):
    print(("ok: " if condition else "FAIL: ") + what)
    if not condition:
        failures.append(what)


def stat_line(cpu, busy, idle):
    # user nice system idle iowait irq softirq steal: busy split user/softirq.
    return "cpu%d %d 0 0 %d 0 0 %d 0 0 0" % (cpu, busy - busy // 4, idle, busy // 4)


def made_up_run(mode, load, run, p99_ns, busy_after, expiries, polls=100, sched=None):
    """A run of `seconds=2` whose cores go from 100 busy / 100 idle ticks to
    100 + busy_after[i] busy and 100 + (200 - busy_after[i]) idle; SCHED,
    knobs-server's sched line's fields, adds that section."""
    lines = ["=== run mode=%s load=%d run=%d seconds=2 loadavg=1.50 server_cpu=1 client_cpu=0"
             % (mode, load, run), "--- stat-before"]
    lines += [stat_line(cpu, 100, 100) for cpu in (0, 1)]
    lines += ["--- softirqs-before", "                    CPU0       CPU1",
              "      TIMER:         10         20", "     NET_RX:        100        200",
              "    HRTIMER:          0          0",
              "--- softnet-before", "00000010 00000000 00000001", "00000020 00000000 00000000"]
    lines += ["--- stat-after"]
    lines += [stat_line(cpu, 100 + busy_after[cpu], 100 + 200 - busy_after[cpu])
              for cpu in (0, 1)]
    lines += ["--- softirqs-after", "                    CPU0       CPU1",
              "      TIMER:         30         40", "     NET_RX:        500        600",
              "    HRTIMER:          0          4",
              "--- softnet-after", "00000110 00000000 00000003", "00000020 00000000 00000000",
              "--- ksoftirqd-before", "5 10", "0 0", "--- ksoftirqd-after", "25 30", "0 1",
              "--- client",
              "client offered_per_s=%d arrivals=poisson seconds=2 sent=%d received=%d lost=0 "
              "stale=0 send_errors=0 achieved_per_s=%d p50_ns=5000 p90_ns=8000 p99_ns=%d "
              "max_ns=%d max_lag_ns=0 cpu_user_ns=0 cpu_system_ns=0"
              % (load, 2 * load, 2 * load, load, p99_ns, p99_ns),
              "--- server",
              "server requests=%d send_errors=0 waits=10 empty_waits=0 napi_id=300 "
              "busy_poll_usecs=0 busy_poll_budget=0 prefer_busy_poll=0 cpu_user_ns=100000000 "
              "cpu_system_ns=300000000" % (2 * load),
              "--- perf", "%d,,napi:napi_poll,2000000000,100.00,," % polls,
              "%d,,timer:hrtimer_expire_entry,2000000000,100.00,," % expiries,
              "7,,irq:softirq_entry,2000000000,100.00,,"]
    if sched:
        lines += ["--- sched", "sched " + " ".join("%s=%d" % kv for kv in sched.items())]
    return "\n".join(lines) + "\n"


def parse_made_up():
    text = (made_up_run("defer", 1000, 1, 10000, (30, 20), 20000)
            + made_up_run("base", 1000, 1, 40000, (20, 20), 0)
            + made_up_run("defer", 1000, 2, 30000, (30, 20), 20000)
            + made_up_run("defer", 1000, 3, 20000, (30, 20), 20000))
    rows = [kernel_knobs.run_figures(h, s) for h, s in kernel_knobs.split_runs(text)]
    first = rows[0]
    check(first["cpu0_busy_pct"] == 15.0 and first["cpu1_busy_pct"] == 10.0,
          "busy % per core from /proc/stat's deltas (30 of 200 ticks, 20 of 200)")
    check(abs(first["cpu0_softirq_pct"] - 3.5) < 1e-9, "softirq % per core (7 of 200 ticks)")
    check(first["net_rx_softirqs_per_s"] == 400.0 and first["timer_softirqs_per_s"] == 20.0,
          "softirq rows summed over the CPUs, per second (800 and 40 in 2 s)")
    check(first["softnet_processed_per_s"] == 128.0 and first["softnet_squeezed"] == 2,
          "softnet_stat's hex columns: 0x100 processed in 2 s, 2 squeezes")
    check(first["server_cpu_pct"] == 20.0, "the server's CPU: 0.4 s of 2 s")
    check(first["ksoftirqd_pct"] == 20.5, "ksoftirqd's CPU: 41 ticks of 200 (USER_HZ 100, 2 s)")
    check(first["napi_polls_per_s"] == 50.0 and first["timer_expiries_per_s"] == 10000.0,
          "perf's counts per second")
    # 7 + 5 softirq ticks of 10 ms over 100 polls.
    check(abs(first["softirq_us_per_poll"] - 1200.0) < 1e-6, "softirq time per NAPI poll")
    check(first["sent_per_s"] == 1000.0, "the rate sent: 2000 requests in 2 s")
    table = kernel_knobs.medians(rows)
    check([(r["mode"], r["runs"]) for r in table] == [("base", 1), ("defer", 3)],
          "one row per mode and load, base before defer")
    check(table[1]["p99_us"] == 20.0, "the median of three runs' p99 (10, 30, 20 us)")
    costs = kernel_knobs.timer_costs(table)
    # 25 % against 20 % over both cores: 5e7 ns/s for 10000 more expiries/s.
    check(len(costs) == 1 and abs(costs[0]["ns_per_expiry"] - 5000.0) < 1e-6,
          "the timer cost: the extra CPU over the extra expiries (5000 ns)")
    saturated = kernel_knobs.medians(
        [kernel_knobs.run_figures(h, s) for h, s in kernel_knobs.split_runs(
            made_up_run("base", 1000, 1, 1000, (199, 20), 0)
            + made_up_run("defer", 1000, 1, 1000, (200, 20), 20000))])
    check(kernel_knobs.timer_costs(saturated) == [],
          "no timer cost where a core was saturated")
    check("server_oncpu_pct" not in first, "no scheduler figures without a sched section")
    sched = {"oncpu_ns": 300000000, "runq_wait_ns": 100000000, "timeslices": 400,
             "voluntary_switches": 390, "preemptions": 10}
    scheduled = kernel_knobs.run_figures(*kernel_knobs.split_runs(
        made_up_run("busypoll", 1000, 1, 1000, (20, 40), 0, sched=sched))[0])
    check(scheduled["server_oncpu_pct"] == 15.0 and scheduled["server_runq_wait_pct"] == 5.0,
          "the server's time on the CPU and its run-queue wait: 0.3 s and 0.1 s of 2 s")
    check(scheduled["server_switch_ins_per_s"] == 200.0
          and scheduled["server_preemptions_per_s"] == 5.0
          and scheduled["server_sleeps_per_s"] == 195.0,
          "switch-ins, preemptions and sleeps per second (400, 10, 390 in 2 s)")
    check(abs(scheduled["server_core_others_pct"] - 5.0) < 1e-9 and scheduled["server_core"] == 1,
          "others on the server's core 1: its 20 % busy less the server's 15 %")
    markdown = kernel_knobs.markdown(table, costs)
    check("| 1000 | defer | 3 |" in markdown and "| 5000 |" in markdown,
          "the Markdown table has the medians and the cost")


def refuse_broken_log():
    broken = made_up_run("base", 1000, 1, 1000, (20, 20), 0).replace("--- client", "--- clint")
    with tempfile.NamedTemporaryFile("w", suffix=".log", delete=False) as log:
        log.write(broken)
    try:
        out = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "lib",
                                                           "kernel_knobs.py"), log.name],
                             capture_output=True, text=True, timeout=30)
    finally:
        os.unlink(log.name)
    check(out.returncode == 1 and "no 'client' section" in out.stderr,
          "a log without the client's line is refused, naming the section")


def parse_recorded():
    with open(os.path.join(TESTDATA, "raw-smoke.log"), encoding="utf-8") as log:
        runs = kernel_knobs.split_runs(log.read())
    table = kernel_knobs.medians([kernel_knobs.run_figures(h, s) for h, s in runs])
    by_mode = {r["mode"]: r for r in table}
    check(sorted(by_mode) == ["base", "busypoll", "defer", "suspend"], "the four modes recorded")
    check(all(r["napi_id"] > 0 for r in table), "the server's socket saw the veth NAPI")
    check(all(0 < r["p50_us"] <= r["p99_us"] for r in table), "p50 <= p99 in every row")
    recorded = os.path.join(TESTDATA, "raw-smoke.log")
    parser = os.path.join(ROOT, "scripts", "lib", "kernel_knobs.py")
    pooled = subprocess.run([sys.executable, parser, recorded, recorded],
                            capture_output=True, text=True, timeout=30)
    check(pooled.returncode == 0 and "| 1000 | defer | 2 |" in pooled.stdout,
          "two logs pool their runs (2 runs per row)")
    base, defer = by_mode["base"], by_mode["defer"]
    # veth's base: one sender kick, one poll per request at 1000/s.
    check(abs(base["napi_polls_per_s"] - base["achieved_per_s"]) < 0.1 * base["achieved_per_s"],
          "base: about one NAPI poll per request")
    check(base["timer_expiries_per_s"] == 0 and defer["timer_expiries_per_s"] > 10000,
          "the deferral timer runs in defer only (%.0f/s)" % defer["timer_expiries_per_s"])


def parse_timer_trace():
    made_up = ["[000] 1.000001000: irq_vectors:local_timer_entry: vector=236",
               "[000] 1.000001200: timer:hrtimer_expire_entry: hrtimer=0x1 function=napi_watchdog",
               "[001] 1.000002000: irq_vectors:local_timer_entry: vector=236",
               "[001] 1.000002500: irq_vectors:local_timer_exit: vector=236",
               "[000] 1.000008000: irq_vectors:local_timer_exit: vector=236",
               "[000] 1.000008100: irq:softirq_entry: vec=3 [action=NET_RX]",
               "[000] 1.000008200: napi:napi_poll: napi poll on napi struct 0x2 for device "
               "knobs-rx work 0 budget 64",
               "[000] 1.000010100: irq:softirq_exit: vec=3 [action=NET_RX]",
               "[001] 1.000011000: irq:softirq_entry: vec=3 [action=NET_RX]",
               "[001] 1.000012000: irq:softirq_exit: vec=3 [action=NET_RX]"]
    got = knobs_timer.measure(made_up)
    check(got["timer_handler"] == [7000] and got["other_timer_handler"] == [500],
          "the handler that ran napi_watchdog (7000 ns) told from the other (500 ns)")
    check(got["before_watchdog"] == [200] and got["after_watchdog"] == [6800],
          "split at napi_watchdog(): 200 ns before, 6800 ns from it on")
    check(got["net_rx_softirq_after"] == [2000] and (got["polls"], got["empty_polls"]) == (1, 1),
          "only the NET_RX softirq after the watchdog counts (2000 ns, one empty poll)")
    with open(os.path.join(TESTDATA, "timer-trace.txt"), encoding="utf-8") as trace:
        got = knobs_timer.measure(trace)
    durations = got["timer_handler"] + got["net_rx_softirq_after"]
    check(len(got["timer_handler"]) > 20 and all(d > 0 for d in durations),
          "the recorded trace: %d watchdog interrupts, every duration positive"
          % len(got["timer_handler"]))
    check(all(0 < a < t for a, t in zip(got["after_watchdog"], got["timer_handler"])),
          "the part from napi_watchdog() on is inside its handler")
    check(0 < got["empty_polls"] <= got["polls"] <= len(got["net_rx_softirq_after"]) * 64,
          "empty polls counted among the polls")


def parse_rhythm():
    # Watchdog interrupts at 10, 40 and 300 us on CPU 0, a softirq ending
    # at 25 us: cycles of 30 and 260 us, 15 us from the softirq's end to
    # the next expiry, and one pause (260 us > 100 us) in a 290 us trace.
    made_up = []
    for start in (10, 40, 300):
        made_up += ["[000] 1.%09d: irq_vectors:local_timer_entry: vector=236" % (start * 1000),
                    "[000] 1.%09d: timer:hrtimer_expire_entry: hrtimer=0x1 "
                    "function=napi_watchdog" % (start * 1000 + 100),
                    "[000] 1.%09d: irq_vectors:local_timer_exit: vector=236"
                    % (start * 1000 + 5000)]
        if start == 10:
            made_up += ["[000] 1.000020000: irq:softirq_entry: vec=3 [action=NET_RX]",
                        "[000] 1.000025000: irq:softirq_exit: vec=3 [action=NET_RX]"]
    got = knobs_timer.cycles(made_up)
    check(got["cycle"] == [30000, 260000] and got["rearm"] == [15000, 275000]
          and got["pauses"] == [260000] and got["span_ns"] == 295000,
          "the deferral's rhythm: cycles 30 and 260 us, 15 us from the softirq's end, "
          "one pause, a 295 us span (%r)" % (got,))


def parse_base_trace():
    # A kick's softirq with one poll that took a frame (3000 ns), the reply's
    # backlog softirq with no veth poll, and a softirq whose poll was empty.
    made_up = ["[000] 1.000001000: irq:softirq_entry: vec=3 [action=NET_RX]",
               "[000] 1.000003500: napi:napi_poll: napi poll on napi struct 0x2 for device "
               "knobs-rx work 1 budget 64",
               "[000] 1.000004000: irq:softirq_exit: vec=3 [action=NET_RX]",
               "[001] 1.000005000: irq:softirq_entry: vec=3 [action=NET_RX]",
               "[001] 1.000006000: irq:softirq_exit: vec=3 [action=NET_RX]",
               "[000] 1.000007000: irq:softirq_entry: vec=3 [action=NET_RX]",
               "[000] 1.000007500: napi:napi_poll: napi poll on napi struct 0x2 for device "
               "knobs-rx work 0 budget 64",
               "[000] 1.000008000: irq:softirq_exit: vec=3 [action=NET_RX]"]
    check(knobs_timer.base_polls(made_up) == [3000],
          "a base poll's cost: only the softirq whose one poll took a frame (3000 ns)")


def parse_busy_trace():
    # Three empty busy polls in a row (gaps 400 and 500 ns), one with work
    # that breaks the run, one empty poll inside a softirq (not the busy
    # loop's), then two in a row on the other CPU (600 ns).
    poll = "napi:napi_poll: napi poll on napi struct 0x2 for device knobs-rx work %d budget 64"
    made_up = ["[001] 1.000001000: " + poll % 0, "[001] 1.000001400: " + poll % 0,
               "[001] 1.000001900: " + poll % 0, "[001] 1.000002300: " + poll % 1,
               "[001] 1.000002700: " + poll % 0,
               "[000] 1.000003000: irq:softirq_entry: vec=3 [action=NET_RX]",
               "[000] 1.000003100: " + poll % 0,
               "[000] 1.000003200: irq:softirq_exit: vec=3 [action=NET_RX]",
               "[000] 1.000003800: " + poll % 0, "[000] 1.000004400: " + poll % 0]
    check(knobs_timer.busy_polls(made_up) == [400, 500, 600],
          "an empty busy poll's cost: the gaps between empty polls in a row outside a softirq "
          "(400, 500, 600 ns)")
    # The same polls as loops: CPU 1's five in one loop (one found a frame),
    # CPU 0's two after the softirq in another; then CPU 1 again 60 us later.
    later = ["[001] 1.000062700: " + poll % 0, "[001] 1.000062900: " + poll % 0]
    check(sorted(knobs_timer.busy_loops(made_up + later)) == [(200, 2, 0), (600, 2, 0),
                                                             (1700, 5, 1)],
          "busy loops: polls outside a softirq on one CPU within 50 us of each other")


def main():
    parse_made_up()
    refuse_broken_log()
    parse_recorded()
    parse_timer_trace()
    parse_rhythm()
    parse_base_trace()
    parse_busy_trace()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
