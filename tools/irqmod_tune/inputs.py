# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""Every input of irqmod-tune checked before the search: the tool, the
scenario (a pcap or pcapng capture becomes a trace scenario), the budgets
(durations in irqmod-sim's units, asked of irqmod-sim), which latency the
budget bounds, the counts, the interface name and the JSON file."""
import math
import os

from . import commands, sim, space

# irqmod-sim's limits (tools/irqmod-sim/simtool.h MAX_SEEDS, MAX_JOBS).
MAX_SEEDS = 1000
MAX_JOBS = 256
# A CPU budget is a share of one core; the host has host.cores of them.
PCT_PER_CORE = 100.0
# The first bytes of a capture (pcap: both byte orders, us and ns
# timestamps; pcapng: the section header block), which irqmod-sim replays.
CAPTURE_MAGICS = (b"\xd4\xc3\xb2\xa1", b"\xa1\xb2\xc3\xd4", b"\x4d\x3c\xb2\xa1",
                  b"\xa1\xb2\x3c\x4d", b"\x0a\x0d\x0d\x0a")
# A capture given as the scenario runs as one trace source on the defaults.
TRACE_SCENARIO = "# irqmod-tune: a capture given as the scenario, replayed on the defaults\n" \
                 "[source]\nkind = trace\n"
# A scenario that sets no kernel key, whose --print-config gives the
# defaults the search puts in place of a scenario's own (space.KERNEL_KEYS).
DEFAULTS_SCENARIO = "# irqmod-tune: irqmod-sim's defaults of the kernel's keys\n" \
                    "[source]\nkind = constant\n"


# What --p99 may bound: the added delay or the application's latency
# (irqmod-sim's added_p99_us, app_p99_us).
LATENCIES = ("added", "app")


class InputError(Exception):
    """An input irqmod-tune refuses; the message names it."""


def check_tool(args, here):
    if args.tool is None:
        tool = sim.find_tool(here)
        if tool is None:
            raise InputError("irqmod-sim is neither next to irqmod-tune nor on PATH "
                             "(install it, or name it with --tool)")
        return tool
    if os.path.isdir(args.tool):
        raise InputError("--tool '%s' is a directory, not the irqmod-sim program" % args.tool)
    if not sim.is_program(args.tool):
        raise InputError("--tool '%s' is not an executable file" % args.tool)
    return args.tool


def check_scenario(path, folder):
    """The scenario file to run and the keys it needs (--set); a capture
    becomes a trace scenario written into @folder."""
    if path == "":
        raise InputError("the scenario file name is empty")
    if os.path.isdir(path):
        raise InputError("scenario '%s' is a directory, not a scenario file" % path)
    if not os.path.exists(path):
        raise InputError("scenario '%s' not found" % path)
    if not os.path.isfile(path):
        raise InputError("scenario '%s' is not a regular file" % path)
    try:
        with open(path, "rb") as f:
            head = f.read(4)
    except OSError as error:
        raise InputError("scenario '%s': %s" % (path, error.strerror)) from error
    if head not in CAPTURE_MAGICS:
        return path, []
    scenario = os.path.join(folder, "capture.ini")
    with open(scenario, "w", encoding="utf-8") as f:
        f.write(TRACE_SCENARIO)
    return scenario, ["--set", "source.trace.file=" + os.path.abspath(path)]


def check_budget_p99(tool, scenario, options, text):
    """The p99 budget in ns, read by irqmod-sim as latency-target's target
    (a bare number, which irqmod-sim would take as ns, is refused)."""
    if text.strip().isdigit():
        raise InputError("--p99 '%s': a duration needs its unit (ns, us, ms or s; e.g. %sus)" %
                         (text, text.strip()))
    try:
        config = sim.print_config(tool, scenario, options + ["--set", "latency-target.target_p99=" + text])
    except sim.SimError as error:
        said = str(error).split(": ", 1)[-1].replace("latency-target.target_p99", "the budget")
        said = said.replace("latency-target: target_p99_ns", "the budget (ns)")
        raise InputError("--p99 '%s': %s" % (text, said)) from error
    return int(config["latency-target.target_p99"])


def check_cpu(text, cores):
    if text is None:
        return None
    try:
        cpu = float(text)
    except ValueError as error:
        raise InputError("--cpu '%s' is not a number (a %% of one core, e.g. 30)" % text) from error
    limit = PCT_PER_CORE * cores
    if not math.isfinite(cpu) or cpu <= 0 or cpu > limit:
        raise InputError("--cpu %s: the budget is above 0 and at most %g %% (%d cores of 100 %% "
                         "each, host.cores)" % (text, limit, cores))
    return cpu


def check_json(path, scenario):
    """A JSON file that can be written and is not the scenario, checked
    before the search by opening it without waiting on a pipe (a file made
    by the check goes again)."""
    if path is None:
        return
    if path == "" or os.path.isdir(path):
        raise InputError("--json '%s' is a directory or empty; give a file name" % path)
    if os.path.exists(path) and os.path.exists(scenario) and os.path.samefile(path, scenario):
        raise InputError("--json '%s' is the scenario file, which it would overwrite" % path)
    existed = os.path.lexists(path)
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK, 0o666))
    except OSError as error:
        raise InputError("--json '%s': cannot write: %s" % (path, error.strerror)) from error
    if not existed:
        os.unlink(path)


def check(args, here, folder):
    """The job the search runs, or InputError for the first bad input."""
    if not MAX_SEEDS >= args.seeds >= 2:
        raise InputError("--seeds %d: 2 to %d (two at least, for the 95 %% intervals)" %
                         (args.seeds, MAX_SEEDS))
    if not MAX_JOBS >= args.jobs >= 1:
        raise InputError("--jobs %d: 1 to %d irqmod-sim runs at once" % (args.jobs, MAX_JOBS))
    why = commands.device_error(args.device)
    if why:
        raise InputError("--device: " + why)
    if args.latency not in LATENCIES:
        raise InputError("--latency '%s': %s" % (args.latency, " or ".join(LATENCIES)))
    check_json(args.json, args.scenario)
    tool = check_tool(args, here)
    scenario, options = check_scenario(args.scenario, folder)
    if args.duration is not None:
        options += ["--duration", args.duration]
    try:
        config = sim.print_config(tool, scenario, options)
    except sim.SimError as error:
        raise InputError("scenario '%s': %s" % (args.scenario, error)) from error
    defaults_scenario = os.path.join(folder, "defaults.ini")
    with open(defaults_scenario, "w", encoding="utf-8") as f:
        f.write(DEFAULTS_SCENARIO)
    try:
        defaults = sim.print_config(tool, defaults_scenario, [])
    except sim.SimError as error:
        raise InputError("irqmod-sim '%s' resolves no scenario of defaults: %s" % (tool, error)) from error
    if args.latency == "app" and space.reads_nothing(config):
        raise InputError("--latency app: no application reads in scenario '%s' (every source "
                         "is a flood)" % args.scenario)
    return {"tool": tool, "scenario": scenario, "options": options, "seeds": args.seeds,
            "config": config, "defaults": defaults, "latency": args.latency,
            "budget_ns": check_budget_p99(tool, scenario, options, args.p99),
            "cpu": check_cpu(args.cpu, int(config["host.cores"]))}
