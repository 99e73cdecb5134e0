#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""The deferred poll's timer cost, from `perf script --ns` of a run that
recorded these tracepoints on every CPU (scripts/kernel-knobs does):

  irq_vectors:local_timer_entry/exit  the local APIC timer interrupt's
      handler (arch/x86/kernel/apic/apic.c sysvec_apic_timer_interrupt():
      the tracepoints bracket local_apic_timer_interrupt(), which runs the
      expired hrtimers; the softirqs run after it, in irq_exit)
  timer:hrtimer_expire_entry  filtered to napi_watchdog() (net/core/dev.c),
      the deferral timer that gro_flush_timeout arms
  irq:softirq_entry/exit  filtered to NET_RX (vector 3)
  napi:napi_poll  the polls, with the frames each found

For each timer interrupt that expired napi_watchdog() it takes the handler's
time, and the NET_RX softirq that follows on the same CPU (the poll the
timer scheduled, napi_poll's work 0 when it found nothing); and the
deferral's rhythm: the time from one expiry to the next, from a softirq's
end to the next expiry, and the pauses where the deferral ran out.

With --base, a second trace of a base run (no deferral: every request's
veth_xmit() schedules the NAPI, whose NET_RX softirq runs at the end of the
client's send) gives the cost of a poll that takes one frame without the
timer: the NET_RX softirqs that ran one knobs-rx poll with work. With
--busy, a trace of a busy-polling run gives an empty poll's cost without
the timer: the time between two empty polls in a row of the server's busy
loop (napi_busy_loop() polls back to back, outside any softirq), and the
busy loops themselves: how many, how long, how many polls each.

usage: knobs_timer.py PERF_SCRIPT_TEXT [--base BASE_TRACE] [--busy BUSY_TRACE]
                      [--json FILE]
"""
import argparse
import json
import re
import statistics
import sys

# A gap between napi_watchdog() expiries this long means the deferral ran
# out (its 100 empty polls take about 3 ms): a pause, not a late timer.
PAUSE_NS = 100000
# Polls of one busy loop follow each other within a timer interrupt and its
# softirq (about 15 us here); a longer gap is a new loop (busy_poll_usecs is 100).
LOOP_GAP_NS = 50000
# "  comm  pid [001] 1234.567890123: irq:softirq_entry: vec=3 [action=NET_RX]"
LINE = re.compile(r"\[(\d+)\]\s+(\d+)\.(\d+):\s+([\w:]+):\s*(.*)$")


def events(lines):
    """(cpu, time_ns, event, fields) for every line perf script printed."""
    for line in lines:
        match = LINE.search(line)
        if not match:
            continue
        cpu, seconds, fraction, name, rest = match.groups()
        # --ns prints nine digits; anything else is scaled to nanoseconds.
        fraction_ns = int(fraction.ljust(9, "0")[:9])
        yield int(cpu), int(seconds) * 1000000000 + fraction_ns, name, rest


# A local timer interrupt, as timer_interrupts() yields it at its end.
TIMER_INTERRUPT = "timer interrupt"


def timer_interrupts(lines):
    """events(lines), with each local timer interrupt folded into one event
    at its exit: TIMER_INTERRUPT whose fields are (its entry time,
    napi_watchdog()'s expiry time in it or None)."""
    timer_open = {}       # cpu -> [entry time, napi_watchdog's expiry time or None]
    for cpu, time_ns, name, rest in events(lines):
        if name == "irq_vectors:local_timer_entry":
            timer_open[cpu] = [time_ns, None]
        elif name == "timer:hrtimer_expire_entry" and cpu in timer_open:
            timer_open[cpu][1] = time_ns
        elif name == "irq_vectors:local_timer_exit" and cpu in timer_open:
            yield cpu, time_ns, TIMER_INTERRUPT, tuple(timer_open.pop(cpu))
            continue
        yield cpu, time_ns, name, rest


def measure(lines):
    """The durations in ns: timer handlers that ran napi_watchdog(), split
    at napi_watchdog()'s start (before it: the handler's entry and one
    tracepoint, a bound on what a tracepoint costs; from it on: the callback
    and the clock event's re-programming), the other timer handlers
    (the tick, other hrtimers: the comparison), the NET_RX softirqs right
    after the first, and their polls' counts."""
    pending = {}          # cpu -> a NET_RX softirq is owed to the watchdog
    softirq_open = {}     # cpu -> (entry time, polls seen)
    timer_ns, before_ns, after_ns, other_ns, softirq_ns = [], [], [], [], []
    empty = polls = 0
    for cpu, time_ns, name, rest in timer_interrupts(lines):
        if name == TIMER_INTERRUPT:
            began, watchdog = rest
            if watchdog is not None:
                timer_ns.append(time_ns - began)
                before_ns.append(watchdog - began)
                after_ns.append(time_ns - watchdog)
                pending[cpu] = True
            else:
                other_ns.append(time_ns - began)
        elif name == "irq:softirq_entry" and pending.pop(cpu, False):
            softirq_open[cpu] = [time_ns, 0]
        elif name == "napi:napi_poll" and cpu in softirq_open:
            polls += 1
            work = re.search(r"work (\d+)", rest)
            if work and work.group(1) == "0":
                empty += 1
        elif name == "irq:softirq_exit" and cpu in softirq_open:
            began, _ = softirq_open.pop(cpu)
            softirq_ns.append(time_ns - began)
    return {"timer_handler": timer_ns, "before_watchdog": before_ns, "after_watchdog": after_ns,
            "other_timer_handler": other_ns,
            "net_rx_softirq_after": softirq_ns, "polls": polls, "empty_polls": empty}


def base_polls(lines):
    """The durations in ns of the NET_RX softirqs that ran exactly one poll
    of the traced device, and that poll found work: in a base run, the poll
    a request's own kick scheduled (the reply's backlog softirq has none)."""
    softirq_open = {}     # cpu -> [entry time, polls, polls with work]
    durations = []
    for cpu, time_ns, name, rest in events(lines):
        if name == "irq:softirq_entry":
            softirq_open[cpu] = [time_ns, 0, 0]
        elif name == "napi:napi_poll" and cpu in softirq_open:
            softirq_open[cpu][1] += 1
            work = re.search(r"work (\d+)", rest)
            if work and work.group(1) != "0":
                softirq_open[cpu][2] += 1
        elif name == "irq:softirq_exit" and cpu in softirq_open:
            began, polls, with_work = softirq_open.pop(cpu)
            if polls == 1 and with_work == 1:
                durations.append(time_ns - began)
    return durations


def busy_polls(lines):
    """The gaps in ns between two empty polls in a row on one CPU with no
    other traced event between them and outside a softirq: one turn of a
    busy loop that found nothing."""
    last_empty = {}       # cpu -> time of an empty poll outside a softirq
    in_softirq = set()
    gaps = []
    for cpu, time_ns, name, rest in events(lines):
        if name == "irq:softirq_entry":
            in_softirq.add(cpu)
        elif name == "irq:softirq_exit":
            in_softirq.discard(cpu)
        empty = (name == "napi:napi_poll" and cpu not in in_softirq
                 and re.search(r"work 0\b", rest) is not None)
        if empty and cpu in last_empty:
            gaps.append(time_ns - last_empty[cpu])
        if empty:
            last_empty[cpu] = time_ns
        else:
            last_empty.pop(cpu, None)
    return gaps


def busy_loops(lines):
    """The server's busy loops in a busy-polling trace: runs of polls outside
    any softirq on one CPU, no two more than LOOP_GAP_NS apart; per loop its
    (first to last poll in ns, polls, polls that found frames)."""
    loops, current, in_softirq = [], {}, set()
    for cpu, time_ns, name, rest in events(lines):
        if name == "irq:softirq_entry":
            in_softirq.add(cpu)
        elif name == "irq:softirq_exit":
            in_softirq.discard(cpu)
        elif name == "napi:napi_poll" and cpu not in in_softirq:
            found = re.search(r"work 0\b", rest) is None
            loop = current.get(cpu)
            if loop is None or time_ns - loop[1] > LOOP_GAP_NS:
                if loop is not None:
                    loops.append((loop[1] - loop[0], loop[2], loop[3]))
                loop = current[cpu] = [time_ns, time_ns, 0, 0]
            loop[1] = time_ns
            loop[2] += 1
            loop[3] += found
    loops += [(loop[1] - loop[0], loop[2], loop[3]) for loop in current.values()]
    return loops


def cycles(lines):
    """The deferral's rhythm in a defer trace, in ns: from one napi_watchdog()
    interrupt to the next on a CPU, from a NET_RX softirq's end to the next
    napi_watchdog() interrupt there (the gro_flush_timeout and how late the
    timer fires), and the pauses (no expiry for PAUSE_NS: the deferral ran
    out) with the trace's span."""
    last_watchdog, softirq_end = {}, {}
    watchdog_times, cycle_ns, rearm_ns = [], [], []
    first = last = None
    for cpu, time_ns, name, rest in timer_interrupts(lines):
        first = time_ns if first is None else first
        last = time_ns
        if name == TIMER_INTERRUPT:
            began, watchdog = rest
            if watchdog is not None:
                watchdog_times.append(began)
                if cpu in last_watchdog:
                    cycle_ns.append(began - last_watchdog[cpu])
                if cpu in softirq_end:
                    rearm_ns.append(began - softirq_end[cpu])
                last_watchdog[cpu] = began
        elif name == "irq:softirq_exit":
            softirq_end[cpu] = time_ns
    watchdog_times.sort()
    pauses = [b - a for a, b in zip(watchdog_times, watchdog_times[1:]) if b - a > PAUSE_NS]
    return {"cycle": cycle_ns, "rearm": rearm_ns, "pauses": pauses,
            "span_ns": (last - first) if first is not None else 0}


def summary(values):
    if not values:
        return {"count": 0}
    ordered = sorted(values)
    return {"count": len(ordered), "median_ns": statistics.median(ordered),
            "p10_ns": ordered[len(ordered) // 10], "p90_ns": ordered[len(ordered) * 9 // 10]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("perf_script")
    parser.add_argument("--base")
    parser.add_argument("--busy")
    parser.add_argument("--json")
    args = parser.parse_args()
    with open(args.perf_script, encoding="utf-8", errors="replace") as text:
        measured = measure(text)
    if not measured["timer_handler"]:
        print("knobs_timer: %s: no timer interrupt expired napi_watchdog()" % args.perf_script,
              file=sys.stderr)
        return 1
    result = {name: summary(measured[name]) for name in
              ("timer_handler", "before_watchdog", "after_watchdog", "other_timer_handler",
               "net_rx_softirq_after")}
    result["polls_after_timer"] = measured["polls"]
    result["empty_polls_after_timer"] = measured["empty_polls"]
    with open(args.perf_script, encoding="utf-8", errors="replace") as text:
        rhythm = cycles(text)
    result["watchdog_cycle"] = summary(rhythm["cycle"])
    result["softirq_end_to_watchdog"] = summary(rhythm["rearm"])
    result["deferral_pauses"] = {"count": len(rhythm["pauses"]),
                                 "total_ns": sum(rhythm["pauses"]), "span_ns": rhythm["span_ns"]}
    extra = []  # (result key, what it is, its measure, its file) per optional trace
    if args.base:
        extra.append(("base_poll_softirq", "base poll: the NET_RX softirq of a poll with work",
                      base_polls, args.base))
    if args.busy:
        extra.append(("busy_poll_empty", "busy poll: an empty poll of the busy loop",
                      busy_polls, args.busy))
    for key, _, measure_trace, path in extra:
        with open(path, encoding="utf-8", errors="replace") as text:
            result[key] = summary(measure_trace(text))
        if not result[key]["count"]:
            print("knobs_timer: %s: nothing to measure (%s)" % (path, key), file=sys.stderr)
            return 1
    print("deferral timer: %d interrupts ran napi_watchdog(): handler median %.0f ns "
          "(p10 %d, p90 %d), %.0f ns of it before napi_watchdog() and %.0f ns from it on; "
          "other timer interrupts' "
          "handler median %.0f ns (%d of them); the NET_RX softirq after it median %.0f ns, "
          "%d of its %d polls empty"
          % (result["timer_handler"]["count"], result["timer_handler"]["median_ns"],
             result["timer_handler"]["p10_ns"], result["timer_handler"]["p90_ns"],
             result["before_watchdog"]["median_ns"], result["after_watchdog"]["median_ns"],
             result["other_timer_handler"].get("median_ns", 0),
             result["other_timer_handler"]["count"],
             result["net_rx_softirq_after"].get("median_ns", 0), measured["empty_polls"],
             measured["polls"]))
    print("deferral rhythm: napi_watchdog() to the next median %.0f ns, a softirq's end to "
          "the next napi_watchdog() median %.0f ns; %d pauses over %d us, %.2f s of the "
          "trace's %.2f s" % (result["watchdog_cycle"].get("median_ns", 0),
                              result["softirq_end_to_watchdog"].get("median_ns", 0),
                              len(rhythm["pauses"]), PAUSE_NS // 1000,
                              sum(rhythm["pauses"]) / 1e9, rhythm["span_ns"] / 1e9))
    for key, what, _, _ in extra:
        print("%s, median %.0f ns (p10 %d, p90 %d, %d of them)"
              % (what, result[key]["median_ns"], result[key]["p10_ns"], result[key]["p90_ns"],
                 result[key]["count"]))
    if args.busy:
        with open(args.busy, encoding="utf-8", errors="replace") as text:
            loops = busy_loops(text)
        with open(args.busy, encoding="utf-8", errors="replace") as text:
            span_ns = cycles(text)["span_ns"]
        result["busy_loops"] = {"count": len(loops), "span_ns": span_ns,
                                "duration": summary([loop[0] for loop in loops]),
                                "polls_median": statistics.median(loop[1] for loop in loops),
                                "with_frames": sum(1 for loop in loops if loop[2])}
        print("busy loops: %d in %.2f s, median %.0f ns from first to last poll (p90 %d), "
              "median %.0f polls each, %d found frames"
              % (len(loops), span_ns / 1e9, result["busy_loops"]["duration"]["median_ns"],
                 result["busy_loops"]["duration"]["p90_ns"], result["busy_loops"]["polls_median"],
                 result["busy_loops"]["with_frames"]))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(result, out, indent=1)
            out.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
