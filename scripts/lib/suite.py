#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""The standard scenario suite (issue 13, sections 2-4).

Runs every row of scenarios/suite/suite.conf (a controller, with NAPI or
busy-poll settings where the row has them) on every scenario over several
seeds with irqmod-sim, sweeps static intervals for the oracle, marks the
Pareto front (CPU against p99 added delay, runs without drops) and the
front of CPU against the application's p99, checks the candidate
controller's claims, and writes CSV, JSON, gnuplot data and (with --docs)
docs/suite.md and one plot per scenario.

scripts/suite is the one command that builds irqmod-sim and runs this;
tests/suite-claims.py runs a fast subset and checks it. Only the Python
standard library is used.
"""
import argparse
import concurrent.futures
import csv
import json
import os
import re
import subprocess
import sys
import time

# The claim "within 10 % of the oracle's CPU" (issue 13, section 4).
ORACLE_CPU_FACTOR = 1.10
# The claim "same throughput" in bulk: within 1 % of the best row.
BULK_THROUGHPUT_FACTOR = 0.99

METRICS = [
    # (CSV column, table heading, decimals)
    ("all_interrupts_per_s", "interrupts/s", 0),
    ("host_cpu_pct", "CPU %", 1),
    ("added_p50_us", "added p50 us", 1),
    ("added_p99_us", "added p99 us", 1),
    ("added_p999_us", "added p99.9 us", 1),
    ("app_p50_us", "app p50 us", 1),
    ("app_p99_us", "app p99 us", 1),
    ("app_p999_us", "app p99.9 us", 1),
    ("drops_frames", "drops", 0),
    ("throughput_mbps", "Mb/s", 0),
]
SOURCE_METRICS = [
    ("app_mean_us", "app mean"),
    ("app_p50_us", "app p50"),
    ("app_p99_us", "app p99"),
    ("added_mean_us", "added mean"),
    ("added_p50_us", "added p50"),
    ("added_p99_us", "added p99"),
]


def fail(message):
    print("suite: " + message, file=sys.stderr)
    sys.exit(2)


def parse_duration_ns(text):
    match = re.fullmatch(r"\s*(\d+)\s*(ns|us|ms|s)?\s*", text)
    if not match:
        fail("bad duration '%s' (e.g. 20us)" % text)
    factor = {"ns": 1, "us": 1000, "ms": 1000000, "s": 1000000000, None: 1}
    return int(match.group(1)) * factor[match.group(2)]


# A setting is a scenario key as irqmod-sim's --set takes it.
SETTING = re.compile(r"[a-z_]+\.[a-z_0-9]+=[^\s;=]+")
# Keys of the application's busy polling: a row setting one runs only where
# the scenario's application polls (suite.conf, [scenarios]).
POLL_PREFIX = "busy_poll."


def read_row(line, where):
    """One row: NAME ; what an operator types [; KEY=VALUE ...]. A row with
    settings is named CONTROLLER/TAG, so that one controller under several
    settings gives rows told apart in every table and plot."""
    fields = [x.strip() for x in line.split(";")]
    if len(fields) not in (2, 3) or not fields[0] or not fields[1]:
        fail("%s: expected NAME ; what an operator types [; KEY=VALUE ...]" % where)
    settings = fields[2].split() if len(fields) == 3 else []
    for setting in settings:
        if not SETTING.fullmatch(setting):
            fail("%s: bad setting '%s' (KEY=VALUE, a scenario key of irqmod-sim --list-keys)" %
                 (where, setting))
    controller, slash, tag = fields[0].partition("/")
    if bool(settings) != bool(slash) or (slash and (not controller or not tag)):
        fail("%s: a row with settings is named CONTROLLER/TAG, one without has no '/'" % where)
    return {"name": fields[0], "controller": controller, "label": fields[1], "settings": settings,
            "polls": any(x.startswith(POLL_PREFIX) for x in settings)}


def read_conf(path):
    """The suite's data: controllers, candidate, oracle sweep, scenarios."""
    conf = {"seeds": 5, "controllers": [], "candidate": [], "oracle": [], "scenarios": []}
    section = None
    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            where = "%s:%d" % (path, number)
            if line.startswith("[") and line.endswith("]"):
                section = line[1:-1]
                if section not in ("run", "controllers", "candidate", "oracle", "scenarios"):
                    fail("%s: unknown section [%s]" % (where, section))
                continue
            if section == "run":
                key, _, value = line.partition("=")
                if key.strip() != "seeds" or not value.strip().isdigit():
                    fail("%s: [run] takes 'seeds = N'" % where)
                conf["seeds"] = int(value)
            elif section in ("controllers", "candidate"):
                conf[section].append(read_row(line, where))
            elif section == "oracle":
                key, _, value = line.partition("=")
                if key.strip() != "intervals":
                    fail("%s: [oracle] takes 'intervals = ...'" % where)
                conf["oracle"] = [parse_duration_ns(v) for v in value.split()]
            elif section == "scenarios":
                fields = [x.strip() for x in line.split(";", 6)]
                if len(fields) != 7 or fields[1] not in ("rr", "bulk", "other") or \
                        fields[3] not in ("yes", "no") or fields[4] not in ("yes", "no"):
                    fail("%s: expected FILE ; rr|bulk|other ; TARGET ; per-source yes|no ; "
                         "application polls yes|no ; why this target ; why it polls or not" % where)
                conf["scenarios"].append({
                    "file": fields[0],
                    "name": fields[0][:-4] if fields[0].endswith(".ini") else fields[0],
                    "class": fields[1],
                    "target_ns": parse_duration_ns(fields[2]),
                    "per_source": fields[3] == "yes",
                    "polls": fields[4] == "yes",
                    "why": fields[5],
                    "why_polls": fields[6],
                })
            else:
                fail("%s: a line outside a section" % where)
    if len(conf["candidate"]) > 1:
        fail("%s: at most one [candidate]" % path)
    if any(r["settings"] for r in conf["candidate"]):
        fail("%s: the [candidate] runs without settings" % path)
    names = [r["name"] for r in conf["controllers"] + conf["candidate"]]
    for name in names:
        if names.count(name) > 1:
            fail("%s: row '%s' twice" % (path, name))
    return conf


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    out = []
    for row in rows:
        values = {}
        for key, value in row.items():
            if key == "controller":
                continue
            values[key] = float(value) if value not in ("", None) else None
        out.append({"controller": row["controller"], "values": values})
    return out


def run_tool(args, tool, scenario_path, controllers, seeds, out_csv, settings=()):
    command = [tool, "-q", "--seeds", str(seeds), "--seed", str(args.first_seed), "-c", ",".join(controllers),
               "--csv", out_csv]
    for setting in settings:
        command += ["--set", setting]
    if args.duration:
        command += ["--duration", args.duration]
    if args.warmup:
        command += ["--set", "run.warmup=" + args.warmup]
    command.append(scenario_path)
    result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, check=False)
    if result.returncode != 0:
        fail("%s failed (%d): %s" % (" ".join(command), result.returncode, result.stderr.strip()))
    return read_csv(out_csv)


def value(row, key):
    v = row["values"].get(key)
    return 0.0 if v is None else v


def ci(row, key):
    v = row["values"].get(key + "_ci95")
    return 0.0 if v is None else v


def no_drops(row):
    return value(row, "drops_frames") == 0


def meets(row, target_us):
    return no_drops(row) and value(row, "added_p99_us") <= target_us


# The suite's front: CPU against p99 added delay (what moderation holds).
FRONT_KEYS = ("host_cpu_pct", "added_p99_us")
# A second front, reported beside it: CPU against the application's p99,
# where busy polling's saving (no wake-up, no interrupt entry) shows.
APP_FRONT_KEYS = ("host_cpu_pct", "app_p99_us")


def dominates(b, a, keys=FRONT_KEYS):
    """b dominates a: no worse in mean CPU and mean p99 (added delay, or
    the application's with APP_FRONT_KEYS), and better in one by more than
    the two rows' 95 % half-widths together, so a difference the seeds
    cannot tell apart is a tie, not a defeat."""
    better = False
    for key in keys:
        if value(b, key) > value(a, key):
            return False
        if value(a, key) - value(b, key) > ci(a, key) + ci(b, key):
            better = True
    return better


def pareto_front(rows, keys=FRONT_KEYS):
    """Names of the rows without drops that no other such row dominates."""
    clean = [r for r in rows if no_drops(r)]
    return [r["controller"] for r in clean
            if not any(dominates(o, r, keys) for o in clean if o is not r)]


def app_front(rows):
    """The front of CPU against the application's p99; empty where frames
    end in the stack (no application latency)."""
    if not any(value(r, "app_p99_us") > 0 for r in rows):
        return []
    return pareto_front(rows, APP_FRONT_KEYS)


# The request/response claim's comparison at equal CPU: the candidate is told
# 95 % of a rival's p99 (so a met claim is a strictly lower p99), at least 1 us.
MATCH_MARGIN = 0.95
MATCH_MIN_NS = 1000


def is_rival(row, candidate):
    """ixgbe, DIM and every hybrid: the rivals of the request/response claim,
    as issue 13 set it; rows with NAPI or busy-poll settings are not among
    them (the front claim answers to those)."""
    name = row["controller"]
    return name != candidate and not row["settings"] and (name in ("ixgbe", "dim") or "+" in name)


def substitute(name, target_ns):
    return name.replace("@TARGET@", "%dns" % target_ns)


def run_scenario(args, conf, scenario):
    path = os.path.join(args.scenario_dir, scenario["file"])
    target_ns = scenario["target_ns"]
    specs = [r for r in conf["controllers"] + conf["candidate"] if scenario["polls"] or not r["polls"]]
    folder = os.path.join(args.out, scenario["name"])
    os.makedirs(folder, exist_ok=True)
    started = time.monotonic()
    # One irqmod-sim run per set of settings (--set applies to a whole run);
    # the rows keep the conf's order.
    groups = []
    for spec in specs:
        if not groups or groups[-1][0] != spec["settings"]:
            groups.append((spec["settings"], []))
        groups[-1][1].append(spec)
    rows = []
    for i, (settings, members) in enumerate(groups):
        names = [substitute(m["controller"], target_ns) for m in members]
        got = run_tool(args, args.tool, path, names, args.seeds,
                       os.path.join(folder, "controllers-%d.csv" % i), settings)
        if len(got) != len(names):
            fail("%s: %d rows for %d controllers" % (path, len(got), len(names)))
        for r, m in zip(got, members):
            # irqmod-sim prints a static interval in ns; keep the name as typed.
            r["controller"] = substitute(m["name"], target_ns)
            r["label"] = m["label"]
            r["settings"] = m["settings"]
            rows.append(r)
    sweep_names = ["static:%dns" % ns for ns in conf["oracle"]]
    sweep = run_tool(args, args.tool, path, sweep_names, args.seeds, os.path.join(folder, "oracle.csv"))
    for r, ns in zip(sweep, conf["oracle"]):
        r["controller"] = "static:%gus" % (ns / 1000.0)
    target_us = target_ns / 1000.0
    meeting = [r for r in sweep if meets(r, target_us)]
    oracle = min(meeting, key=lambda r: value(r, "host_cpu_pct")) if meeting else None
    front = pareto_front(rows)
    front_app = app_front(rows)
    for r in rows:
        r["on_front"] = r["controller"] in front
        r["on_app_front"] = r["controller"] in front_app
        r["meets_target"] = meets(r, target_us)
    matched = {}
    if scenario["class"] == "rr" and conf["candidate"]:
        # The request/response claim compares at equal CPU: the candidate is
        # told each rival's p99 (less MATCH_MARGIN) and must spend no more CPU.
        spec = conf["candidate"][0]["name"]
        wanted = {}
        for r in rows:
            if is_rival(r, substitute(spec, target_ns)) and no_drops(r):
                t = max(MATCH_MIN_NS, int(value(r, "added_p99_us") * 1000 * MATCH_MARGIN))
                wanted[r["controller"]] = (t, substitute(spec, t))
        specs = sorted({n for _, n in wanted.values()})
        if specs:
            got = run_tool(args, args.tool, path, specs, args.seeds,
                           os.path.join(folder, "matched.csv"))
            by_spec = dict(zip(specs, got))
            for rival, (t, n) in wanted.items():
                row = dict(by_spec[n])
                row["controller"] = n
                row["told_ns"] = t
                matched[rival] = row
    return {
        "scenario": scenario,
        "rows": rows,
        "sweep": sweep,
        "oracle": oracle,
        "front": front,
        "app_front": front_app,
        "matched": matched,
        "seconds": time.monotonic() - started,
    }


# Reported beside issue 13's claims, not one of them (docs/suite.md says why).
APP_FRONT_CLAIM = "reported: on the front of CPU against app p99"


def claims(result, candidate):
    """The candidate's claims in one scenario: a list of (claim, status, detail);
    status is 'met', 'not met' or 'n/a'."""
    scenario = result["scenario"]
    rows = result["rows"]
    target_us = scenario["target_ns"] / 1000.0
    by_name = {r["controller"]: r for r in rows}
    c = by_name.get(candidate)
    out = []
    if c is None:
        return out
    c_cpu, c_p99 = value(c, "host_cpu_pct"), value(c, "added_p99_us")
    if not result["front"]:
        out.append(("on the front", "n/a", "every run drops: the front is empty"))
    elif c["on_front"]:
        out.append(("on the front", "met", "CPU %.1f %%, p99 %.1f us" % (c_cpu, c_p99)))
    else:
        dominating = [r["controller"] for r in rows if r is not c and no_drops(r) and
                      dominates(r, c)]
        reason = "drops %.0f" % value(c, "drops_frames") if not no_drops(c) else \
            "dominated by " + ", ".join(dominating)
        out.append(("on the front", "not met", reason))
    if result["app_front"]:
        if c["on_app_front"]:
            out.append((APP_FRONT_CLAIM, "met", "CPU %.1f %%, app p99 %.1f us" %
                        (c_cpu, value(c, "app_p99_us"))))
        else:
            dominating = [r["controller"] for r in rows if r is not c and no_drops(r) and
                          dominates(r, c, APP_FRONT_KEYS)]
            out.append((APP_FRONT_CLAIM, "not met", "app p99 %.1f us at %.1f %%; %s" % (
                value(c, "app_p99_us"), c_cpu, "drops %.0f" % value(c, "drops_frames")
                if not no_drops(c) else "dominated by " + ", ".join(
                    "%s (%.1f us at %.1f %%)" % (n, value(by_name[n], "app_p99_us"),
                                                 value(by_name[n], "host_cpu_pct"))
                    for n in dominating))))
    others = [r for r in rows if r is not c and r["meets_target"]]
    if not others and result["oracle"] is None:
        out.append(("meets its target where any does", "n/a", "no controller meets %.0f us" % target_us))
    elif c["meets_target"]:
        out.append(("meets its target where any does", "met",
                    "p99 %.1f <= %.0f us, no drops" % (c_p99, target_us)))
    else:
        out.append(("meets its target where any does", "not met",
                    "p99 %.1f us against %.0f us, drops %.0f; met by %s" %
                    (c_p99, target_us, value(c, "drops_frames"),
                     ", ".join(r["controller"] for r in others) or "the oracle")))
    oracle = result["oracle"]
    if oracle is None:
        out.append(("within 10 % of the oracle's CPU", "n/a", "no static interval meets the target"))
    else:
        o_cpu = value(oracle, "host_cpu_pct")
        ratio = c_cpu / o_cpu if o_cpu > 0 else float("inf")
        status = "met" if c["meets_target"] and c_cpu <= ORACLE_CPU_FACTOR * o_cpu else "not met"
        out.append(("within 10 % of the oracle's CPU", status,
                    "%.1f %% against %s's %.1f %% (x%.2f)%s" %
                    (c_cpu, oracle["controller"], o_cpu, ratio,
                     "" if c["meets_target"] else "; target not met")))
    if scenario["class"] == "rr":
        rivals = [r for r in rows if is_rival(r, candidate)]
        lost, won = [], []
        for r in rivals:
            m = result["matched"].get(r["controller"])
            r_cpu, r_p99 = value(r, "host_cpu_pct"), value(r, "added_p99_us")
            if m is None:
                won.append("%s drops" % r["controller"])
                continue
            m_cpu, m_p99 = value(m, "host_cpu_pct"), value(m, "added_p99_us")
            # Equal CPU within the two 95 % intervals.
            slack = ci(m, "host_cpu_pct") + ci(r, "host_cpu_pct")
            text = "%s %.1f us at %.1f %%, told %.1f us: %.1f us at %.1f %%" % (
                r["controller"], r_p99, r_cpu, m["told_ns"] / 1000.0, m_p99, m_cpu)
            if no_drops(m) and m_p99 < r_p99 and m_cpu <= r_cpu + slack:
                won.append(text)
            else:
                lost.append(text)
        out.append(("lower p99 than ixgbe, DIM and every hybrid at equal or lower CPU",
                    "met" if not lost else "not met",
                    ("beats all %d: " % len(rivals) if not lost else
                     "not below at equal CPU: " + "; ".join(lost) + ". Beats: ") + "; ".join(won)))
    if scenario["class"] == "bulk":
        best = max(value(r, "throughput_mbps") for r in rows)
        c_tp = value(c, "throughput_mbps")
        ok = c_tp >= BULK_THROUGHPUT_FACTOR * best and no_drops(c)
        out.append(("bulk: the same throughput, no drops", "met" if ok else "not met",
                    "%.0f Mb/s against the best %.0f, drops %.0f" % (c_tp, best, value(c, "drops_frames"))))
    return out


def cell(row, key, decimals):
    if row is None:
        return "-"
    v = row["values"].get(key)
    if v is None:
        return "-"
    if key.startswith("app_") and v == 0:
        return "-"  # no application (flood frames end in the stack)
    c = row["values"].get(key + "_ci95") or 0.0
    return "%.*f±%.*f" % (decimals, v, decimals, c)


def markdown_table(result, candidate):
    scenario = result["scenario"]
    target_us = scenario["target_ns"] / 1000.0
    head = ["row", "typed as"] + [h for _, h, _ in METRICS] + ["front", "app front", "target"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in result["rows"]:
        name = "**%s**" % r["controller"] if r["controller"] == candidate else r["controller"]
        cells = [name, r["label"]] + [cell(r, k, d) for k, _, d in METRICS]
        cells += ["**front**" if r["on_front"] else "", "app front" if r["on_app_front"] else "",
                  "met" if r["meets_target"] else ""]
        lines.append("| " + " | ".join(cells) + " |")
    o = result["oracle"]
    if o is None:
        lines.append("| oracle | no static interval in the sweep meets %.0f us without drops |" % target_us
                     + " |" * (len(head) - 2))
    else:
        cells = ["oracle: " + o["controller"], "cheapest static meeting %.0f us" % target_us]
        cells += [cell(o, k, d) for k, _, d in METRICS] + ["", "", "met"]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def source_table(result, sources):
    head = ["controller"]
    for s in range(sources):
        head += ["src%d %s us" % (s, h) for _, h in SOURCE_METRICS]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in result["rows"]:
        cells = [r["controller"]]
        for s in range(sources):
            cells += [cell(r, "src%d_%s" % (s, k), 1) for k, _ in SOURCE_METRICS]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def count_sources(rows):
    n = 0
    while rows and ("src%d_app_p50_us" % n) in rows[0]["values"]:
        n += 1
    return n


def write_outputs(args, results, candidate):
    fields = ["scenario", "class", "target_us", "controller", "on_front", "on_app_front", "meets_target"]
    keys = [k for k, _, _ in METRICS]
    with open(os.path.join(args.out, "suite.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(fields + [x for k in keys for x in (k, k + "_ci95")])
        for res in results:
            s = res["scenario"]
            rows = list(res["rows"])
            if res["oracle"]:
                o = dict(res["oracle"])
                o["controller"] = "oracle:" + o["controller"]
                o["on_front"] = False
                o["on_app_front"] = False
                o["meets_target"] = True
                rows.append(o)
            for r in rows:
                w.writerow([s["name"], s["class"], s["target_ns"] / 1000.0, r["controller"],
                            int(r["on_front"]), int(r["on_app_front"]), int(r["meets_target"])] +
                           [x for k in keys for x in (value(r, k), ci(r, k))])
    doc = {"seeds": args.seeds, "first_seed": args.first_seed, "candidate": candidate,
           "scenarios": []}
    for res in results:
        s = res["scenario"]
        doc["scenarios"].append({
            "name": s["name"], "class": s["class"], "target_p99_added_us": s["target_ns"] / 1000.0,
            "front": res["front"],
            "app_front": res["app_front"],
            "oracle": None if res["oracle"] is None else {
                "controller": res["oracle"]["controller"], "metrics": res["oracle"]["values"]},
            "sweep": [{"controller": r["controller"], "metrics": r["values"]} for r in res["sweep"]],
            "matched": {k: {"controller": m["controller"], "told_ns": m["told_ns"], "metrics": m["values"]}
                        for k, m in res["matched"].items()},
            "runs": [{"controller": r["controller"], "typed_as": r["label"], "settings": r["settings"],
                      "on_front": r["on_front"], "on_app_front": r["on_app_front"],
                      "meets_target": r["meets_target"],
                      "metrics": r["values"]} for r in res["rows"]],
            "claims": [{"claim": a, "status": b, "detail": c}
                       for a, b, c in claims(res, res["candidate_name"])],
        })
    with open(os.path.join(args.out, "suite.json"), "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1)


def plot(args, res, png):
    """CPU against p99 added delay, the front drawn, the target marked."""
    folder = os.path.join(args.out, res["scenario"]["name"])
    points = os.path.join(folder, "points.tsv")
    dropped = os.path.join(folder, "drops.tsv")
    front = os.path.join(folder, "front.tsv")
    with open(points, "w", encoding="utf-8") as p, open(dropped, "w", encoding="utf-8") as d:
        for r in res["rows"]:
            (p if no_drops(r) else d).write("%s\t%f\t%f\n" % (
                r["controller"], value(r, "host_cpu_pct"), max(value(r, "added_p99_us"), 0.1)))
        d.write("\n")
    with open(front, "w", encoding="utf-8") as f:
        rows = sorted((r for r in res["rows"] if r["on_front"]), key=lambda r: value(r, "host_cpu_pct"))
        for r in rows:
            f.write("%s\t%f\t%f\n" % (r["controller"], value(r, "host_cpu_pct"),
                                      max(value(r, "added_p99_us"), 0.1)))
        f.write("\n")
    target = res["scenario"]["target_ns"] / 1000.0
    script = """set terminal pngcairo size 900,560 font "sans,9"
set output '%s'
set datafile separator "\\t"
set termoption noenhanced
set title "%s: CPU against p99 added delay (mean of %d seeds; target %.0f us; 0 drawn at 0.1 us)"
set xlabel "CPU (%% of one core: interrupts, softirq, application)"
set ylabel "p99 added delay (us, log scale)"
set logscale y
set grid
set key top right box opaque
set offsets graph 0.05, graph 0.15, graph 0.05, graph 0.05
plot '%s' using 2:3 with linespoints lw 2 lc rgb "#1f77b4" pt 7 ps 1.3 title "Pareto front (no drops)", \\
     '%s' using 2:3 with points pt 6 ps 1 lc rgb "#444444" title "runs without drops", \\
     '%s' using 2:3 with points pt 2 ps 1 lc rgb "#d62728" title "runs with drops", \\
     '%s' using 2:3:1 with labels offset char 1,0.4 left font ",7" notitle, \\
     '%s' using 2:3:1 with labels offset char 1,0.4 left font ",7" tc rgb "#d62728" notitle, \\
     %f with lines dt 2 lc rgb "#2ca02c" title "target"
""" % (png, res["scenario"]["name"], args.seeds, target, front, points, dropped, points,
       dropped, target)
    result = subprocess.run(["gnuplot"], input=script, text=True, capture_output=True, check=False)
    if result.returncode != 0:
        fail("gnuplot failed for %s: %s" % (png, result.stderr.strip()))


def write_docs(args, results, candidate, command, wall_s):
    with open(args.template, encoding="utf-8") as f:
        text = f.read()
    parts = []
    for res in results:
        s = res["scenario"]
        parts.append("### %s\n" % s["name"])
        parts.append("`scenarios/suite/%s` (%s; target: p99 added delay %.0f us, %s; %s: %s). "
                     "Front: %s. App front: %s. %s\n" % (
            s["file"], {"rr": "request/response", "bulk": "bulk", "other": "mixed or special"}[s["class"]],
            s["target_ns"] / 1000.0, s["why"],
            "busy-polling rows run" if s["polls"] else "no busy-polling rows", s["why_polls"],
            ", ".join(res["front"]) or "empty (every run drops)",
            ", ".join(res["app_front"]) or "none (no application, or every run drops)",
            "Oracle: %s at %.1f %% CPU." % (res["oracle"]["controller"], value(res["oracle"], "host_cpu_pct"))
            if res["oracle"] else "No static interval of the sweep meets the target without drops."))
        parts.append(markdown_table(res, res["candidate_name"]) + "\n")
        if s["per_source"]:
            n = count_sources(res["rows"])
            parts.append("Per source (mean, p50 and p99 of application latency and of added delay, us):\n")
            parts.append(source_table(res, n) + "\n")
        parts.append("![%s](img/suite-%s.png)\n" % (s["name"], s["name"]))
    text = text.replace("@TABLES@", "\n".join(parts))
    text = text.replace("@ROWS@", rows_markdown(args.conf_data))
    text = text.replace("@COMMAND@", command)
    text = text.replace("@WALL@", "%.0f s" % wall_s)
    text = text.replace("@SEEDS@", str(args.seeds))
    text = text.replace("@CLAIMS@", claims_markdown(results, candidate))
    with open(args.docs, "w", encoding="utf-8") as f:
        f.write(text)


def rows_markdown(conf):
    """The rows that carry settings, with the keys each passes to irqmod-sim."""
    lines = ["| row | what an operator types | irqmod-sim keys | runs where |", "|---|---|---|---|"]
    for r in conf["controllers"]:
        if r["settings"]:
            lines.append("| %s | %s | %s | %s |" % (
                r["name"], r["label"], " ".join("`%s`" % x for x in r["settings"]),
                "the application polls" if r["polls"] else "every scenario"))
    return "\n".join(lines)


def claims_markdown(results, candidate):
    if not candidate:
        return ("No candidate controller is in the simulator yet "
                "(scenarios/suite/suite.conf, section [candidate]), so there is nothing to check.")
    names = []
    for res in results:  # the order claims() gives, the same on every run
        for a, _, _ in claims(res, res["candidate_name"]):
            if a not in names:
                names.append(a)
    order = ["on the front", "meets its target where any does", "within 10 % of the oracle's CPU",
             "lower p99 than ixgbe, DIM and every hybrid at equal or lower CPU",
             "bulk: the same throughput, no drops", APP_FRONT_CLAIM]
    names.sort(key=lambda a: order.index(a) if a in order else len(order))
    lines = ["Candidate: `%s`, TARGET being each scenario's target. Each claim of issue 13 "
             "section 4, scenario by scenario (met, not met, or n/a where the claim does not "
             "apply):\n" % candidate.replace("@TARGET@", "TARGET")]
    summary = []
    for name in names:
        statuses = [(res["scenario"]["name"], st, d) for res in results
                    for a, st, d in claims(res, res["candidate_name"]) if a == name]
        met = sum(1 for _, st, _ in statuses if st == "met")
        applicable = sum(1 for _, st, _ in statuses if st != "n/a")
        summary.append("- **%s**: met in %d of %d scenarios where it applies." % (name, met, applicable))
        lines.append("#### %s\n" % name)
        lines.append("| scenario | status | detail |\n|---|---|---|")
        for scen, st, d in statuses:
            lines.append("| %s | %s | %s |" % (scen, st, d.replace("|", "/")))
        lines.append("")
    return "\n".join(summary) + "\n\n" + "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tool", required=True, help="irqmod-sim binary")
    parser.add_argument("--conf", default="scenarios/suite/suite.conf")
    parser.add_argument("--out", required=True, help="folder for CSV, JSON and plot data")
    parser.add_argument("--seeds", type=int, help="seeds (default: the conf's)")
    parser.add_argument("--first-seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--duration", help="override every scenario's run.duration")
    parser.add_argument("--warmup", help="override every scenario's run.warmup")
    parser.add_argument("--scenarios", help="comma-separated scenario names (default: all)")
    parser.add_argument("--candidate", help="controller whose claims are checked (default: the conf's)")
    parser.add_argument("--jobs", type=int, default=2, help="scenarios run at once")
    parser.add_argument("--docs", help="write this Markdown file from --template")
    parser.add_argument("--template", default="docs/suite.md.in")
    parser.add_argument("--plots", help="folder for one PNG per scenario (gnuplot)")
    parser.add_argument("--command", default="scripts/suite", help="command shown in the docs")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 when a claim of the candidate is not met "
                        "(the reported app front aside)")
    args = parser.parse_args()
    conf = read_conf(args.conf)
    args.conf_data = conf
    args.scenario_dir = os.path.dirname(args.conf)
    args.seeds = args.seeds or conf["seeds"]
    if args.seeds < 2:
        fail("--seeds must be at least 2 for a 95 % interval")
    scenarios = conf["scenarios"]
    if args.scenarios:
        wanted = args.scenarios.split(",")
        known = {s["name"] for s in scenarios}
        for w in wanted:
            if w not in known:
                fail("unknown scenario '%s'; valid: %s" % (w, ", ".join(sorted(known))))
        scenarios = [s for s in scenarios if s["name"] in wanted]
    candidate = args.candidate if args.candidate is not None else (
        conf["candidate"][0]["name"] if conf["candidate"] else "")
    if args.candidate and not any(r["name"] == args.candidate for r in conf["candidate"]):
        conf["candidate"] = [read_row(args.candidate + " ; the candidate", "--candidate")]
    os.makedirs(args.out, exist_ok=True)
    started = time.monotonic()
    results = [None] * len(scenarios)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = {pool.submit(run_scenario, args, conf, s): i for i, s in enumerate(scenarios)}
        done = 0
        for future in concurrent.futures.as_completed(futures):
            i = futures[future]
            results[i] = future.result()
            done += 1
            elapsed = time.monotonic() - started
            left = elapsed / done * (len(scenarios) - done)
            print("suite: %-34s %5.1f s  (%d of %d, about %.0f s left)" % (
                scenarios[i]["name"], results[i]["seconds"], done, len(scenarios), left),
                file=sys.stderr)
    wall = time.monotonic() - started
    for res in results:
        res["candidate_name"] = substitute(candidate, res["scenario"]["target_ns"]) if candidate else ""
    write_outputs(args, results, candidate)
    failed = 0
    for res in results:
        for claim, status, detail in claims(res, res["candidate_name"]):
            print("%-32s %-8s %s: %s" % (res["scenario"]["name"], status, claim, detail))
            failed += status == "not met" and claim != APP_FRONT_CLAIM
    if args.plots:
        os.makedirs(args.plots, exist_ok=True)
        for res in results:
            plot(args, res, os.path.join(args.plots, "suite-%s.png" % res["scenario"]["name"]))
    if args.docs:
        # Scenario-specific names (@TARGET@ filled in) are matched per scenario.
        write_docs(args, results, candidate, args.command, wall)
    print("suite: %d scenarios, %d seeds, %.0f s wall" % (len(results), args.seeds, wall),
          file=sys.stderr)
    if args.check and failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
