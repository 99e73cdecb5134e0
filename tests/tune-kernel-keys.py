#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""irqmod-tune on a scenario that sets the kernel's own mechanisms itself
([napi] deferral and [busy_poll] usecs): every setting is run with exactly
the kernel keys its commands set, so every setting (a plain static
interval and a deferral setting among them) gives, seed for seed, the
figures it gives on the same scenario without those keys; the output says once which of the
scenario's keys were replaced, with their values and the defaults.

usage: tune-kernel-keys.py IRQMOD_SIM SOURCE_ROOT OUT_DIR
"""
import json
import os
import subprocess
import sys

from exe_wrapper import wrapped_tool

# The scenario's own kernel keys, appended to rr-100k (one queue, an
# application reads, so busy polling is searched too).
OWN_KEYS = "\n[napi]\ndefer_hard_irqs = 10\ngro_flush_timeout = 20us\n\n[busy_poll]\nusecs = 50\n"
# How the note names them (durations as --print-config's ns) and the defaults.
REPLACED = "napi.defer_hard_irqs=10 napi.gro_flush_timeout=20000ns busy_poll.usecs=50"
DEFAULTS = "napi.defer_hard_irqs=0 napi.gro_flush_timeout=0ns busy_poll.usecs=0"
# Compared first (every setting is): a plain interval, which ran under the
# scenario's deferral before, and a deferral setting, under its busy polling.
COMPARED = ["static:8us", "static:8us with napi.defer_hard_irqs=10 napi.gro_flush_timeout=20us"]
# The figures irqmod-tune prints of a setting (report.describe()), named
# in a failure; every metric is compared.
PRINTED = ["host_cpu_pct", "added_p99_us", "app_p99_us", "all_interrupts_per_s", "drops_frames"]


def tune(command, scenario, report):
    result = subprocess.run(command + ["--json", report, scenario],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    with open(report, encoding="utf-8") as f:
        doc = json.load(f)
    return result.stdout, {s["controller"]: s for s in doc["settings"]}, doc


def main():
    tool, root, out = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(out, exist_ok=True)
    tool = wrapped_tool(tool, os.path.join(out, "bin"))
    with open(os.path.join(root, "scenarios", "suite", "rr-100k.ini"), encoding="utf-8") as f:
        text = f.read()
    plain, keyed = os.path.join(out, "plain.ini"), os.path.join(out, "keyed.ini")
    for path, body in ((plain, text), (keyed, text + OWN_KEYS)):
        with open(path, "w", encoding="utf-8") as f:
            f.write(body)
    command = [sys.executable, os.path.join(root, "tools", "irqmod-tune"), "--tool", tool, "-q",
               "--seeds", "3", "--duration", "60ms", "--p99", "20us"]
    plain_out, plain_rows, plain_doc = tune(command, plain, os.path.join(out, "plain.json"))
    keyed_out, keyed_rows, keyed_doc = tune(command, keyed, os.path.join(out, "keyed.json"))
    assert sorted(plain_rows) == sorted(keyed_rows), "the scenario's own keys changed the search"
    for name in COMPARED + sorted(set(plain_rows) - set(COMPARED)):
        a, b = plain_rows[name]["metrics"], keyed_rows[name]["metrics"]
        shown = {k: (b[k], a[k]) for k in PRINTED}
        assert a == b, "%s: (with the scenario's kernel keys, without) %r" % (name, shown)
    notes = [line for line in keyed_out.splitlines() if "the kernel's own mechanisms" in line]
    assert len(notes) == 1, keyed_out
    assert "(%s)" % REPLACED in notes[0] and "(%s)" % DEFAULTS in notes[0], notes[0]
    # Deferral 10/20 us with 50 us busy polls is no setting of the search.
    assert "is not among the settings searched" in notes[0], notes[0]
    assert keyed_doc["replaced_kernel_keys"] == notes[0], keyed_doc["replaced_kernel_keys"]
    assert "the kernel's own mechanisms" not in plain_out and plain_doc["replaced_kernel_keys"] is None
    print("tune-kernel-keys: all %d settings (%s among them) give the same figures with and "
          "without the scenario's %s" % (len(plain_rows), " and ".join(COMPARED), REPLACED))


if __name__ == "__main__":
    main()
