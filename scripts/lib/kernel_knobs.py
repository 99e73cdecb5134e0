#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""Reads scripts/kernel-knobs' raw.log and writes its table: the median of
each figure over the runs of one mode and load, as Markdown and JSON.

usage: kernel_knobs.py RAW_LOG... [--markdown FILE] [--json FILE]

Several logs (separate invocations of scripts/kernel-knobs) pool their runs:
each row is then the median over all of them.

A run in the log is a "=== run key=value..." line followed by sections
("--- NAME"): /proc/stat's cpuN lines, /proc/softirqs' NET_RX, TIMER and
HRTIMER rows and /proc/net/softnet_stat, each before and after the run; the
client's and the server's key=value line; the server's sched line where
the kernel keeps /proc/PID/schedstat; ksoftirqd's CPU times before and
after; and perf stat's CSV where perf counted the tracepoints.
"""
import argparse
import json
import statistics
import sys

# /proc/stat's cpuN columns (Documentation/filesystems/proc.rst), in USER_HZ ticks.
STAT_COLUMNS = ("user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal")
# perf's event names, by the figure they give.
# The tick of /proc's CPU times: USER_HZ, 100 on every Linux architecture
# (include/asm-generic/param.h).
USER_HZ = 100
# A core this busy (others' work included) shows no extra CPU of deferral.
SATURATED_PCT = 98.0
PERF_EVENTS = {"napi:napi_poll": "napi_polls", "timer:hrtimer_expire_entry": "timer_expiries",
               "irq:softirq_entry": "net_rx_softirqs_perf"}


class LogError(Exception):
    """The log is not what scripts/kernel-knobs writes."""


def key_values(words, where):
    found = {}
    for word in words:
        if "=" not in word:
            raise LogError("%s: '%s' is not key=value" % (where, word))
        key, value = word.split("=", 1)
        found[key] = value
    return found


def split_runs(text):
    """[(header dict, {section: [lines]})] in the log's order."""
    runs = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("=== run "):
            runs.append((key_values(line.split()[2:], "line %d" % number), {}))
            section = None
        elif line.startswith("--- "):
            if not runs:
                raise LogError("line %d: a section before any run" % number)
            section = line[4:].strip()
            runs[-1][1][section] = []
        elif line.strip():
            if not runs or section is None:
                raise LogError("line %d: text outside a section: %r" % (number, line))
            runs[-1][1][section].append(line)
    return runs


def parse_stat(lines):
    """{cpu index: {column: ticks}}."""
    cpus = {}
    for line in lines:
        words = line.split()
        cpus[int(words[0][3:])] = dict(zip(STAT_COLUMNS, (int(w) for w in words[1:9])))
    return cpus


def parse_softirqs(lines):
    """{row name: total over the CPUs}."""
    rows = {}
    for line in lines:
        name, _, counts = line.partition(":")
        if name.strip() != "CPU" and counts:
            rows[name.strip()] = sum(int(c) for c in counts.split())
    return rows


def parse_softnet(lines):
    """(frames processed, times squeezed), summed over the CPUs (hex columns)."""
    processed = squeezed = 0
    for line in lines:
        words = line.split()
        processed += int(words[0], 16)
        squeezed += int(words[2], 16)
    return processed, squeezed


def parse_perf(lines):
    counts = {}
    for line in lines:
        words = line.split(",")
        if len(words) >= 3 and words[2] in PERF_EVENTS and words[0].isdigit():
            counts[PERF_EVENTS[words[2]]] = int(words[0])
    return counts


def one_line(lines, prefix, where):
    if not lines or not lines[0].startswith(prefix + " "):
        raise LogError("%s: no '%s' line" % (where, prefix))
    return key_values(lines[0].split()[1:], where)


def sched_figures(sched, cpu, after, before, seconds):
    """The server's share of its core and what others took of it, from the
    scheduler (knobs-server's sched line: /proc/PID/schedstat and getrusage's
    context switches) and /proc/stat; over the client's seconds, like the
    server's CPU."""
    window_ns = seconds * 1e9
    figures = {"server_core": cpu, "server_oncpu_pct": 100.0 * int(sched["oncpu_ns"]) / window_ns,
               "server_runq_wait_pct": 100.0 * int(sched["runq_wait_ns"]) / window_ns,
               "server_switch_ins_per_s": int(sched["timeslices"]) / seconds,
               "server_preemptions_per_s": int(sched["preemptions"]) / seconds,
               "server_sleeps_per_s": int(sched["voluntary_switches"]) / seconds}
    if cpu in after and cpu in before:
        delta = {k: after[cpu][k] - before[cpu][k] for k in STAT_COLUMNS}
        total = sum(delta.values())
        if total:
            busy = 100.0 * (total - delta["idle"] - delta["iowait"]) / total
            figures["server_core_others_pct"] = max(0.0, busy - figures["server_oncpu_pct"])
    return figures


def run_figures(header, sections):
    """The figures of one run, rates per second and CPU in percent."""
    where = "run mode=%s load=%s run=%s" % (header.get("mode"), header.get("load"),
                                           header.get("run"))
    for name in ("stat-before", "stat-after", "softirqs-before", "softirqs-after",
                 "softnet-before", "softnet-after", "client", "server"):
        if name not in sections:
            raise LogError("%s: no '%s' section" % (where, name))
    seconds = float(header["seconds"])
    client = one_line(sections["client"], "client", where)
    server = one_line(sections["server"], "server", where)
    if int(client["received"]) == 0:
        raise LogError("%s: no request was answered" % where)
    figures = {
        "mode": header["mode"], "load_per_s": int(header["load"]), "run": int(header["run"]),
        "loadavg": float(header["loadavg"]),
        "sent_per_s": int(client["sent"]) / seconds,
        "achieved_per_s": float(client["achieved_per_s"]),
        "lost": int(client["lost"]),
        "p50_us": int(client["p50_ns"]) / 1000.0, "p99_us": int(client["p99_ns"]) / 1000.0,
        "server_cpu_pct": 100.0 * (int(server["cpu_user_ns"]) + int(server["cpu_system_ns"]))
        / (seconds * 1e9),
        "napi_id": int(server["napi_id"]),
    }
    before, after = parse_stat(sections["stat-before"]), parse_stat(sections["stat-after"])
    busy_total = softirq_ticks = 0.0
    for cpu in sorted(after):
        delta = {k: after[cpu][k] - before[cpu][k] for k in STAT_COLUMNS}
        total = sum(delta.values())
        busy = total - delta["idle"] - delta["iowait"]
        figures["cpu%d_busy_pct" % cpu] = 100.0 * busy / total if total else 0.0
        figures["cpu%d_softirq_pct" % cpu] = 100.0 * delta["softirq"] / total if total else 0.0
        busy_total += figures["cpu%d_busy_pct" % cpu]
        softirq_ticks += delta["softirq"]
    figures["busy_pct_all_cores"] = busy_total
    soft_before = parse_softirqs(sections["softirqs-before"])
    soft_after = parse_softirqs(sections["softirqs-after"])
    for row in ("NET_RX", "TIMER", "HRTIMER"):
        figures[row.lower() + "_softirqs_per_s"] = (soft_after.get(row, 0)
                                                   - soft_before.get(row, 0)) / seconds
    (done_before, squeezed_before) = parse_softnet(sections["softnet-before"])
    (done_after, squeezed_after) = parse_softnet(sections["softnet-after"])
    figures["softnet_processed_per_s"] = (done_after - done_before) / seconds
    figures["softnet_squeezed"] = squeezed_after - squeezed_before
    if "ksoftirqd-before" in sections and "ksoftirqd-after" in sections:
        ticks = sum(int(w) for line in sections["ksoftirqd-after"] for w in line.split())
        ticks -= sum(int(w) for line in sections["ksoftirqd-before"] for w in line.split())
        figures["ksoftirqd_pct"] = 100.0 * ticks / (seconds * USER_HZ)
    if "sched" in sections:
        figures.update(sched_figures(one_line(sections["sched"], "sched", where),
                                     int(header["server_cpu"]), after, before, seconds))
    for name, count in parse_perf(sections.get("perf", [])).items():
        figures[name + "_per_s"] = count / seconds
    # Softirq time (both cores, tick-sampled) per poll of the veth NAPI.
    if figures.get("napi_polls_per_s"):
        figures["softirq_us_per_poll"] = (softirq_ticks * 1e6 / USER_HZ
                                          / (figures["napi_polls_per_s"] * seconds))
    return figures


def medians(rows):
    """One row per (load, mode): the median of each number over its runs."""
    groups = {}
    for row in rows:
        groups.setdefault((row["load_per_s"], row["mode"]), []).append(row)
    order = ("base", "defer", "suspend", "busypoll")
    table = []
    for (load, mode), runs in sorted(groups.items(),
                                     key=lambda g: (g[0][0], order.index(g[0][1])
                                                    if g[0][1] in order else len(order))):
        merged = {"load_per_s": load, "mode": mode, "runs": len(runs)}
        for key in runs[0]:
            if key not in merged and key != "run" and all(key in r for r in runs):
                merged[key] = statistics.median(r[key] for r in runs)
        table.append(merged)
    return table


def timer_costs(table):
    """Per load, the CPU that deferral adds per timer expiry against base, in ns:
    (busy(defer) - busy(base)) over both cores / (expiries(defer) - expiries(base)),
    where neither run saturated a core."""
    costs = []
    by_key = {(r["load_per_s"], r["mode"]): r for r in table}
    for (load, mode), row in sorted(by_key.items()):
        base = by_key.get((load, "base"))
        if mode != "defer" or base is None or "timer_expiries_per_s" not in row:
            continue
        # A saturated core hides any extra work: no figure rather than zero.
        if any(r[k] >= SATURATED_PCT for r in (row, base) for k in r if k.endswith("_busy_pct")):
            continue
        extra_expiries = row["timer_expiries_per_s"] - base.get("timer_expiries_per_s", 0.0)
        if extra_expiries <= 0:
            continue
        extra_cpu_ns_per_s = (row["busy_pct_all_cores"] - base["busy_pct_all_cores"]) * 1e7
        costs.append({"load_per_s": load, "extra_expiries_per_s": extra_expiries,
                      "extra_cpu_pct": row["busy_pct_all_cores"] - base["busy_pct_all_cores"],
                      "ns_per_expiry": extra_cpu_ns_per_s / extra_expiries})
    return costs


def cell(row, key, form):
    return form % row[key] if key in row else "n/a"


def markdown(table, costs):
    lines = ["| load /s | mode | runs | sent /s | answered /s | p50 µs | p99 µs "
             "| core 0 % (client) | core 1 % (server) | server CPU % | NAPI polls /s "
             "| timer expiries /s | NET_RX softirqs /s | softirq µs/poll | ksoftirqd CPU % "
             "| load avg |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for row in table:
        lines.append("| %d | %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s "
                     "| %s |" % (
            row["load_per_s"], row["mode"], row["runs"], cell(row, "sent_per_s", "%.0f"),
            cell(row, "achieved_per_s", "%.0f"),
            cell(row, "p50_us", "%.1f"), cell(row, "p99_us", "%.1f"),
            cell(row, "cpu0_busy_pct", "%.1f"), cell(row, "cpu1_busy_pct", "%.1f"),
            cell(row, "server_cpu_pct", "%.1f"), cell(row, "napi_polls_per_s", "%.0f"),
            cell(row, "timer_expiries_per_s", "%.0f"), cell(row, "net_rx_softirqs_per_s", "%.0f"),
            cell(row, "softirq_us_per_poll", "%.1f"), cell(row, "ksoftirqd_pct", "%.1f"),
            cell(row, "loadavg", "%.2f")))
    if costs:
        lines += ["", "| load /s | extra timer expiries /s | extra CPU % (both cores) "
                  "| CPU per expiry ns |", "|---|---|---|---|"]
        for cost in costs:
            lines.append("| %d | %.0f | %.1f | %.0f |" % (
                cost["load_per_s"], cost["extra_expiries_per_s"], cost["extra_cpu_pct"],
                cost["ns_per_expiry"]))
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("raw_log", nargs="+")
    parser.add_argument("--markdown")
    parser.add_argument("--json")
    args = parser.parse_args()
    rows = []
    for name in args.raw_log:
        try:
            with open(name, encoding="utf-8") as log:
                runs = split_runs(log.read())
            if not runs:
                raise LogError("no run in the log")
            rows += [run_figures(header, sections) for header, sections in runs]
        except (OSError, LogError, KeyError, ValueError, IndexError) as error:
            print("kernel_knobs: %s: %s" % (name, error), file=sys.stderr)
            return 1
    table = medians(rows)
    costs = timer_costs(table)
    text = markdown(table, costs)
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as out:
            out.write(text)
    else:
        sys.stdout.write(text)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"runs": rows, "medians": table, "timer_cost": costs}, out, indent=1)
            out.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
