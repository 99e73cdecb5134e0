#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""irqmod-tune end to end on two short scenarios (request/response, memcached-like).

1. A budget some setting meets (p99 added delay 20 us at 100k requests/s;
   and an application p99 of 250 us, --latency app, on the memcached-like
   scenario, where IRQ suspension is searched):
   exit 0; the recommendation meets the budget without drops, no stock
   setting that also meets it uses less CPU, a cheaper latency-target is
   recommended only when clearly cheaper (and then by how much), the
   recommendation names its Linux version, the front's settings are
   undominated, every printed setting is a run of the search whose
   irqmod-sim controller and keys, run again, give its figures, and the
   output carries the operator's commands (ethtool -C and an irqmod
   controller) and says that its CPU sums every core. 2. A budget none meets
   (1 us within 5 % of a core): exit 3 and a sentence naming the failed
   objective and by how much.

usage: tune-check.py IRQMOD_SIM SOURCE_ROOT OUT_DIR
"""
import csv
import json
import os
import subprocess
import sys

from exe_wrapper import wrapped_tool


def check_printed_settings_ran(stdout, by_name, tool, scenario, out):
    """Every setting printed is one the search ran: its name is a run of
    the JSON, that name is its irqmod-sim controller and keys, and those,
    run again on the same seeds, give the printed figures."""
    printed = []
    for line in stdout.splitlines():
        if ": CPU " in line:
            printed.append(line.strip().split(": CPU ", 1)[0])
            if "more with these figures: " in line:
                printed += line.rsplit("more with these figures: ", 1)[1][:-1].split("; ")
    assert printed, stdout
    for name in printed:
        sim = by_name[name]["sim"]
        assert name == sim["controller"] + ("" if not sim["sets"] else " with " + " ".join(sim["sets"])), name
    again = [n for n in printed if by_name[n]["sim"]["sets"]][:1] + printed[-1:]
    for name in again:
        sim = by_name[name]["sim"]
        csv_path = os.path.join(out, "again.csv")
        command = [tool, "-q", "--seeds", "2", "--duration", "60ms", "-c", sim["controller"],
                   "--csv", csv_path] + [w for k in sim["sets"] for w in ("--set", k)] + ["--", scenario]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        with open(csv_path, newline="", encoding="utf-8") as f:
            row = next(csv.DictReader(f))
        for key in ("host_cpu_pct", "added_p99_us", "drops_frames"):
            assert abs(float(row[key]) - by_name[name]["metrics"][key]) < 1e-9, (name, key, row[key])


def check_recommendation(tune, tool, scenario, out, budget, key, budget_us):
    """One met budget (@budget options, the p99 column @key at most
    @budget_us): the checks the module's text lists; the JSON document."""
    report = os.path.join(out, "tune.json")
    ok = subprocess.run(tune + budget + ["--json", report, scenario],
                        capture_output=True, text=True, check=False)
    assert ok.returncode == 0, ok.stderr
    assert "ethtool -C eth0" in ok.stdout and "irqmod config: controller" in ok.stdout, ok.stdout
    assert "summed over every core" in ok.stdout and "application's own work" in ok.stdout, ok.stdout
    with open(report, encoding="utf-8") as f:
        doc = json.load(f)
    by_name = {s["controller"]: s for s in doc["settings"]}
    assert len(by_name) == len(doc["settings"]), "two settings under one name"
    chosen = by_name[doc["recommendation"]]
    best = chosen["metrics"]
    assert best[key] <= budget_us and best["drops_frames"] == 0, best
    stock = chosen["setting"]["kind"] != "latency-target"
    assert (chosen["linux"] is not None) == stock, chosen
    block = ok.stdout.split("\nRecommendation", 1)[1]
    assert ("needs Linux %s" % chosen["linux"] if chosen["linux"] not in (None, "any") else
            "Linux" if stock else "not settable on a stock kernel") in block, block
    for s in doc["settings"]:
        m = s["metrics"]
        if m[key] is None or m[key] > budget_us or m["drops_frames"] != 0:
            continue
        apart = m["host_cpu_pct_ci95"] + best["host_cpu_pct_ci95"]
        if s["setting"]["kind"] != "latency-target":
            if stock:
                assert m["host_cpu_pct"] >= best["host_cpu_pct"], s["controller"]
            else:
                assert m["host_cpu_pct"] - best["host_cpu_pct"] > apart, \
                    ("latency-target not clearly cheaper", s["controller"])
        elif stock and m["host_cpu_pct"] < best["host_cpu_pct"]:
            assert best["host_cpu_pct"] - m["host_cpu_pct"] <= apart, s["controller"]
            assert "is not clearly cheaper" in block and "CPU points" in block, block
    for name in doc["front"]:
        assert by_name[name]["metrics"]["drops_frames"] == 0, name
    assert len(doc["front"]) >= 2
    check_printed_settings_ran(ok.stdout, by_name, tool, scenario, out)
    return doc


def main():
    tool, root, out = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(out, exist_ok=True)
    tool = wrapped_tool(tool, os.path.join(out, "bin"))
    tune = [sys.executable, os.path.join(root, "tools", "irqmod-tune"), "--tool", tool, "-q",
            "--seeds", "2", "--duration", "60ms"]
    scenario = os.path.join(root, "scenarios", "suite", "rr-100k.ini")
    doc = check_recommendation(tune, tool, scenario, out, ["--p99", "20us"], "added_p99_us", 20.0)
    # The application's latency, where busy polling and suspension are searched.
    busy = os.path.join(root, "scenarios", "memcached-suspend.ini")
    app = check_recommendation(tune, tool, busy, out, ["--p99", "250us", "--latency", "app"],
                               "app_p99_us", 250.0)
    assert any(s["setting"].get("irq_suspend_timeout_us") for s in app["settings"]), app["settings"]
    bad = subprocess.run(tune + ["--p99", "1us", "--cpu", "5", scenario],
                         capture_output=True, text=True, check=False)
    assert bad.returncode == 3, (bad.returncode, bad.stderr)
    assert "the CPU budget 5.0 % fails" in bad.stderr and "points over" in bad.stderr, bad.stderr
    print("tune-check: recommendations %s; %s (application p99); infeasible budget rejected" % (
        doc["recommendation"], app["recommendation"]))


if __name__ == "__main__":
    main()
