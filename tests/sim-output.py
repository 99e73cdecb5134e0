#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""irqmod-sim's outputs as documented in docs/simulator.md ("Output").

usage: sim-output.py IRQMOD_SIM SOURCE_ROOT WORK_DIR

1. --json of real runs (one seed and several, a sweep, a hybrid row, several
   sources and cores, ping, a flood no application reads) validates against
   docs/irqmod-sim-output.schema.json; the header gives the unit of every
   field; counts are integers for one seed; a distribution with no sample
   is null (the flood's application latency, the RTT of runs without ping),
   one with samples is a number.
2. Every CSV column name (results and time series) carries its unit.
3. --timeseries over several seeds: per run, duration / interval buckets
   (rounded up), tiling the run, whose interrupts, polls and drops add up
   to the run's CSV; bad --timeseries-interval values, -j 2 and a write
   error (/dev/full) are errors.
Exit status 77 (skipped) without python3-jsonschema (scripts/test installs it).
"""
import csv
import json
import math
import os
import re
import subprocess
import sys

try:
    import jsonschema
except ImportError:
    print("sim-output: python3-jsonschema is missing (scripts/lib/deps.sh installs it)")
    sys.exit(77)

from exe_wrapper import wrapped_tool

TOOL, ROOT, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
SCENARIOS = os.path.join(ROOT, "scenarios")
os.makedirs(WORK, exist_ok=True)
TOOL = wrapped_tool(TOOL, os.path.join(WORK, "bin"))
failures = []

# Units a column name may end with (docs/simulator.md, "Output"); labels.
UNIT_SUFFIXES = ("_us", "_mbps", "_per_s", "_pct", "_frames", "_datagrams", "_requests",
                 "_replies", "_responses", "_squeezes", "_per_datagram")
COUNT_NAMES = ("interrupts", "timer_interrupts", "polls")
LABELS = ("controller", "run")


def check(condition, message):
    if not condition:
        failures.append(message)
    return condition


def sim(args, expect=0):
    result = subprocess.run([TOOL, "-q"] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, check=False)
    check(result.returncode == expect, "%s: exit %d, expected %d: %s" %
          (" ".join(args), result.returncode, expect, result.stderr.strip()))
    return result


def column_has_unit(name, sweep_key=None):
    if name in LABELS or name == sweep_key or name in COUNT_NAMES:
        return True
    if name.endswith("_ci95"):
        name = name[:-len("_ci95")]
    return name.endswith(UNIT_SUFFIXES)


with open(os.path.join(ROOT, "docs", "irqmod-sim-output.schema.json"), encoding="utf-8") as f:
    schema = json.load(f)
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)

# 1 and 2: JSON against the schema, CSV names, nulls.
RUNS = {
    "udp": ["--duration", "150ms", "-c", "ixgbe,idle-poll+ixgbe",
            os.path.join(SCENARIOS, "udp-stream-10g.ini")],
    "flood-sweep": ["--duration", "60ms", "--set", "run.warmup=10ms", "--seeds", "2",
                    "--sweep", "source.rate=60k:100k:40k", "-c", "none,static:20us",
                    os.path.join(SCENARIOS, "syn-flood-100m.ini")],
    "mixed": ["--duration", "80ms", "--set", "run.warmup=10ms", "-c", "dim,static",
              os.path.join(SCENARIOS, "mixed-10g.ini")],
    "ping": ["--duration", "200ms", "-c", "ixgbe", "--seeds", "3",
             os.path.join(SCENARIOS, "ping-flood-100m.ini")],
    # One flow on two queues: RSS puts it all on one, the other is idle.
    "idle-queue": ["--duration", "150ms", "--set", "host.queues=2", "--set", "host.cores=3",
                   "--set", "host.queue_cores=0,1", "--set", "app.core=2",
                   "--set", "source.flows=1", "-c", "ixgbe",
                   os.path.join(SCENARIOS, "udp-stream-10g.ini")],
}
documents = {}
for label, args in RUNS.items():
    out_json = os.path.join(WORK, label + ".json")
    out_csv = os.path.join(WORK, label + ".csv")
    if sim(args + ["--json", out_json, "--csv", out_csv]).returncode != 0:
        continue
    with open(out_json, encoding="utf-8") as f:
        doc = json.load(f)
    documents[label] = doc
    try:
        validator.validate(doc)
    except jsonschema.ValidationError as error:
        failures.append("%s: the JSON does not follow the schema: %s at %s" %
                        (label, error.message, "/".join(str(p) for p in error.absolute_path)))
    header = doc["header"]
    check(header["scenario"]["file"] == args[-1], "%s: header scenario file %r" %
          (label, header["scenario"]["file"]))
    check(header["scenario"]["name"] == os.path.basename(args[-1])[:-4],
          "%s: header scenario name %r" % (label, header["scenario"]["name"]))
    check(header["seed"] == 1, "%s: header seed %r" % (label, header["seed"]))
    seeds = int(args[args.index("--seeds") + 1]) if "--seeds" in args else 1
    check(header["seeds"] == seeds, "%s: header seeds %r" % (label, header["seeds"]))
    for run in doc["runs"]:
        for key, value in run.items():
            check(key in header["units"], "%s: %s has no unit in the header" % (label, key))
            if seeds == 1 and header["units"].get(key) in ("frames", "datagrams", "requests",
                                                            "replies", "responses", "squeezes"):
                check(isinstance(value, int), "%s: count %s = %r is not an integer" %
                      (label, key, value))
    with open(out_csv, newline="", encoding="utf-8") as f:
        names = next(csv.reader(f))
    for name in names:
        check(column_has_unit(name, header["sweep"]), "%s: CSV column %s has no unit" %
              (label, name))
    check(set(names) - {header["sweep"]} <= set(header["units"]),
          "%s: CSV columns without a JSON unit: %s" %
          (label, sorted(set(names) - set(header["units"]) - {header["sweep"]})))

if "flood-sweep" in documents:
    for run in documents["flood-sweep"]["runs"]:
        # No application reads flood frames, and no ping runs: null, not 0.
        for key in ("app_mean_us", "app_p99_us", "rtt_avg_us", "interrupts_per_datagram",
                    "app_p99_us_ci95"):
            check(key in run and run[key] is None, "flood %s: %s = %r, expected null" %
                  (run["controller"], key, run.get(key)))
        # Frames were polled: the added delay has samples.
        check(isinstance(run["added_p99_us"], float), "flood: added_p99_us %r" %
              run["added_p99_us"])
        check(run["source.rate"] in (60000, 100000), "flood: sweep value %r" %
              run.get("source.rate"))
if "ping" in documents:
    for run in documents["ping"]["runs"]:
        check(isinstance(run["rtt_avg_us"], float) and run["rtt_avg_us"] > 0,
              "ping: rtt_avg_us %r" % run["rtt_avg_us"])
        check(run["rtt_min_us"] <= run["rtt_avg_us"] <= run["rtt_max_us"],
              "ping: rtt min/avg/max out of order")
if "idle-queue" in documents:
    run = documents["idle-queue"]["runs"][0]
    busy, idle = sorted((0, 1), key=lambda q: -run["q%u_offered_frames" % q])
    check(run["q%u_offered_frames" % idle] == 0, "idle-queue: both queues had frames")
    for metric in ("app_mean_us", "app_p99_us", "added_mean_us", "added_p99_us"):
        check(run["q%u_%s" % (idle, metric)] is None, "idle-queue: q%u_%s = %r, expected null" %
              (idle, metric, run["q%u_%s" % (idle, metric)]))
        check(isinstance(run["q%u_%s" % (busy, metric)], float),
              "idle-queue: q%u_%s = %r" % (busy, metric, run["q%u_%s" % (busy, metric)]))
if "udp" in documents:
    runs = {r["controller"]: r for r in documents["udp"]["runs"]}
    check(runs["ixgbe"]["rtt_avg_us"] is None, "udp: rtt_avg_us is not null")
    check("polls_deferred_per_s" not in runs["ixgbe"], "udp: hybrid column on ixgbe")
    check("polls_deferred_per_s" in runs["idle-poll+ixgbe"], "udp: no hybrid column on the hybrid")
    for run in runs.values():
        check(run["total_offered_frames"] == run["total_delivered_frames"] +
              run["total_dropped_frames"] + run["total_in_flight_frames"],
              "udp %s: totals do not add up" % run["controller"])

# 3: the time series over seeds.
DURATION_NS, INTERVALS_NS = 20000000, (1000000, 300000)
for seed in (1, 2, 3):
    for interval_ns in INTERVALS_NS:
        series_csv = os.path.join(WORK, "series-%d-%d.csv" % (seed, interval_ns))
        out_csv = os.path.join(WORK, "series-run-%d-%d.csv" % (seed, interval_ns))
        args = ["--seed", str(seed), "--duration", "20ms", "--set", "run.warmup=0",
                "--set", "nic.ring_size=64", "-c", "static:100us,ixgbe",
                "--timeseries", series_csv, "--timeseries-interval", "%dns" % interval_ns,
                "--csv", out_csv, os.path.join(SCENARIOS, "udp-stream-10g.ini")]
        if sim(args).returncode != 0:
            continue
        with open(out_csv, newline="", encoding="utf-8") as f:
            totals = {r["controller"]: r for r in csv.DictReader(f)}
        with open(series_csv, newline="", encoding="utf-8") as f:
            reader = csv.DictReader(f)
            for name in reader.fieldnames:
                check(column_has_unit(name), "time series column %s has no unit" % name)
            buckets = {}
            for row in reader:
                buckets.setdefault(row["run"].split("/")[0], []).append(row)
        check(set(buckets) == set(totals), "seed %d: time series runs %s" % (seed, sorted(buckets)))
        expected = math.ceil(DURATION_NS / interval_ns)
        for name, rows in buckets.items():
            where = "seed %d interval %d %s" % (seed, interval_ns, name)
            check(len(rows) == expected, "%s: %d buckets, expected %d" % (where, len(rows), expected))
            ends = [float(r["end_us"]) for r in rows]
            starts = [float(r["start_us"]) for r in rows]
            check(starts[0] == 0 and ends[-1] * 1000 == DURATION_NS and starts[1:] == ends[:-1],
                  "%s: buckets do not tile the run" % where)
            run = totals[name]
            window_s = DURATION_NS / 1e9
            sums = {k: sum(int(r[k]) for r in rows) for k in
                    ("interrupts", "polls", "drops_ring_frames", "drops_socket_frames",
                     "drops_reassembly_frames", "offered_frames")}
            check(sums["interrupts"] == round(float(run["interrupts_per_s"]) * window_s),
                  "%s: interrupts %d, the run's %s/s" % (where, sums["interrupts"], run["interrupts_per_s"]))
            check(sums["polls"] == round(float(run["polls_per_s"]) * window_s),
                  "%s: polls %d, the run's %s/s" % (where, sums["polls"], run["polls_per_s"]))
            for key in ("drops_ring_frames", "drops_socket_frames", "drops_reassembly_frames",
                        "offered_frames"):
                check(sums[key] == int(run[key]), "%s: %s %d, the run's %s" %
                      (where, key, sums[key], run[key]))
            if name.startswith("static"):
                # 100 us of 1.2 Gb/s-worth fragments overflow 64 descriptors.
                check(sums["drops_ring_frames"] > 0, "%s: no ring drops to count" % where)
            for r in rows:
                check(int(r["q0_ring_end_frames"]) <= int(r["q0_ring_max_frames"]) <= 64,
                      "%s: ring occupancy %s/%s" % (where, r["q0_ring_end_frames"],
                                                    r["q0_ring_max_frames"]))
                # Mean and p99 are both empty or both there.
                check((r["app_mean_us"] == "") == (r["app_p99_us"] == ""),
                      "%s: half an empty latency" % where)
            if name.startswith("static"):
                check(all(float(r["q0_interval_us"]) == 100.0 for r in rows),
                      "%s: the interval in force is not 100 us" % where)

for bad in ("500ns", "0", "100", "2h"):
    result = sim(["--timeseries", os.path.join(WORK, "never.csv"), "--timeseries-interval", bad,
                  "--set", "source.kind=constant"], expect=2)
    check("--timeseries-interval" in result.stderr, "interval %s: message %r" % (bad, result.stderr))
result = sim(["-j", "2", "-c", "ixgbe,dim", "--timeseries", os.path.join(WORK, "never.csv"),
              "--set", "source.kind=constant"], expect=2)
check("-j 1" in result.stderr, "-j 2: message %r" % result.stderr)

# A time series that cannot be written is an error, not a silent loss.
if os.path.exists("/dev/full"):
    result = sim(["--set", "source.kind=constant", "--duration", "5ms", "--set", "run.warmup=0",
                  "-c", "ixgbe", "--timeseries", "/dev/full"], expect=1)
    check("--timeseries /dev/full: write error" in result.stderr,
          "/dev/full: message %r" % result.stderr)

for failure in failures:
    print("FAIL: " + failure)
print("sim-output: %d checks failed" % len(failures) if failures else "sim-output: all checks passed")
sys.exit(1 if failures else 0)
