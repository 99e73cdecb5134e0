# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""irqmod-sim found and asked: its place, the resolved scenario
(--print-config, so that irqmod-tune reads no scenario file and parses no
unit itself) and the batches of the search."""
import glob
import os
import shutil
import subprocess
import tempfile

import suite  # the suite's CSV reader (scripts/lib/suite.py)


class SimError(Exception):
    """irqmod-sim refused an input or failed: the message says which."""


def is_program(path):
    return os.path.isfile(path) and os.access(path, os.X_OK)


def find_tool(here):
    """irqmod-sim next to irqmod-tune, else on PATH, else (run from the
    source tree) in a build folder beside tools/; None if none is."""
    beside = os.path.join(here, "irqmod-sim")
    if is_program(beside):
        return beside
    on_path = shutil.which("irqmod-sim")
    if on_path:
        return on_path
    built = [p for p in glob.glob(os.path.join(here, "..", "build*", "tools", "irqmod-sim"))
             if is_program(p)]
    return max(built, key=os.path.getmtime) if built else None


def sim_message(stderr):
    """irqmod-sim's message without its name, one line."""
    text = " ".join(line.strip() for line in stderr.strip().splitlines())
    return text[len("irqmod-sim: "):] if text.startswith("irqmod-sim: ") else text


def print_config(tool, scenario, options):
    """The scenario resolved by irqmod-sim with @options (a list of its
    options) as a dict of key=value lines; SimError with its message."""
    try:
        result = subprocess.run([tool, "--print-config"] + options + ["--", scenario],
                                capture_output=True, encoding="utf-8",
                                errors="backslashreplace", check=False)
    except OSError as error:
        raise SimError("cannot run irqmod-sim '%s': %s" % (tool, error.strerror)) from error
    if result.returncode != 0:
        raise SimError(sim_message(result.stderr) or
                       "irqmod-sim '%s' failed with status %d" % (tool, result.returncode))
    config = {}
    for line in result.stdout.splitlines():
        key, equals, value = line.partition("=")
        if not equals:
            raise SimError("'%s' printed '%s' for --print-config: is it an irqmod-sim that "
                           "has --print-config?" % (tool, line[:80]))
        config[key] = value
    if "sources" not in config or "nic.timer" not in config:
        raise SimError("'%s' printed no resolved scenario for --print-config: is it an "
                       "irqmod-sim that has --print-config?" % tool)
    return config


def run_batch(job, batch, sets):
    """Run the settings of @batch (they share the scenario keys @sets) in
    one irqmod-sim call; rows in the batch's order, or SimError."""
    names = [n.split("@", 1)[0] for n, _ in batch]
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "tune.csv")
        command = [job["tool"], "-q", "--seeds", str(job["seeds"]), "-c", ",".join(names),
                   "--csv", out] + job["options"]
        for assignment in sets:
            command += ["--set", assignment]
        command += ["--", job["scenario"]]
        result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                encoding="utf-8", errors="backslashreplace", check=False)
        if result.returncode != 0:
            raise SimError("irqmod-sim failed on %s: %s" % (", ".join(names),
                                                           sim_message(result.stderr)))
        rows = suite.read_csv(out)
    if len(rows) != len(batch):
        raise SimError("irqmod-sim gave %d rows for %d settings" % (len(rows), len(batch)))
    return rows
