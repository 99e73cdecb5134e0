#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""irqmod-tune end to end on a short request/response scenario.

1. A budget some setting meets (p99 added delay 20 us at 100k requests/s):
   exit 0; the recommendation meets the budget without drops, no setting
   that also meets it uses less CPU, the front's settings are undominated,
   and the output carries the operator's commands (ethtool -C and an
   irqmod controller). 2. A budget none meets (1 us within 5 % of a core):
   exit 3 and a sentence naming the failed objective and by how much.

usage: tune-check.py IRQMOD_SIM SOURCE_ROOT OUT_DIR
"""
import json
import os
import subprocess
import sys

from exe_wrapper import wrapped_tool


def main():
    tool, root, out = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(out, exist_ok=True)
    tool = wrapped_tool(tool, os.path.join(out, "bin"))
    tune = [sys.executable, os.path.join(root, "tools", "irqmod-tune"), "--tool", tool, "-q",
            "--seeds", "2", "--duration", "60ms"]
    scenario = os.path.join(root, "scenarios", "suite", "rr-100k.ini")
    report = os.path.join(out, "tune.json")
    ok = subprocess.run(tune + ["--p99", "20us", "--json", report, scenario],
                        capture_output=True, text=True, check=False)
    assert ok.returncode == 0, ok.stderr
    assert "ethtool -C eth0" in ok.stdout and "irqmod config: controller" in ok.stdout, ok.stdout
    with open(report, encoding="utf-8") as f:
        doc = json.load(f)
    by_name = {s["controller"]: s for s in doc["settings"]}
    best = by_name[doc["recommendation"]]["metrics"]
    assert best["added_p99_us"] <= 20.0 and best["drops_frames"] == 0, best
    for s in doc["settings"]:
        m = s["metrics"]
        if m["added_p99_us"] <= 20.0 and m["drops_frames"] == 0:
            assert m["host_cpu_pct"] >= best["host_cpu_pct"], s["controller"]
    for name in doc["front"]:
        assert by_name[name]["metrics"]["drops_frames"] == 0, name
    assert len(doc["front"]) >= 2
    bad = subprocess.run(tune + ["--p99", "1us", "--cpu", "5", scenario],
                         capture_output=True, text=True, check=False)
    assert bad.returncode == 3, (bad.returncode, bad.stderr)
    assert "the CPU budget 5.0 % fails" in bad.stderr and "points over" in bad.stderr, bad.stderr
    print("tune-check: recommendation %s; infeasible budget rejected" % doc["recommendation"])


if __name__ == "__main__":
    main()
