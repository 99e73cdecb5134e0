# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""irqmod-tune: recommend interrupt-moderation settings for a workload.

Given a scenario file (or a pcap/pcapng capture, replayed as a trace) and
objectives (a p99 budget on the added delay or, with --latency app, on the
application's latency; a CPU budget; no drops), it checks
every input and runs a fixed search space of settings in irqmod-sim, each
as the simulator runs it: static intervals as rx-usecs, the adaptive kinds
as adaptive-rx on, the kernel's deferral (napi_defer_hard_irqs,
gro_flush_timeout) around static intervals, and, where an application
reads and the scenario has one queue, busy polling (net.core.busy_read,
net.core.busy_poll, EPIOCSPARAMS) and IRQ suspension (irq_suspend_timeout
with prefer_busy_poll), and the latency-target controller told the budget.
Each setting runs with exactly the kernel keys its commands set (its own,
else the defaults, in place of any the scenario sets; the output lists
those). It prints the Pareto front of CPU against that p99 and recommends
the cheapest setting that meets every objective, preferring what a stock
kernel runs unless latency-target is clearly cheaper (their CPU intervals
apart), with the Linux version it needs and what to type: ethtool -C
(rx-usecs, rx-frames, adaptive-rx, rx-profile), the sysfs files, netlink
napi-set per NAPI, the sysctls, EPIOCSPARAMS in the application as C, and
an irqmod controller name. Its CPU figure sums every core: interrupts,
softirq and the application's own work, busy polling included.
Objectives no setting meets are rejected with the objective that failed and
by how much (exit status 3); a bad input exits 2, a failed run 1.
irqmod-sim is taken from --tool, else next to irqmod-tune, else from PATH.
"""
import argparse
import concurrent.futures
import sys
import tempfile
import time


from . import commands, inputs, report, sim, space

EXIT_RUN_FAILED = 1
EXIT_BAD_INPUT = 2
EXIT_INFEASIBLE = 3
# Settings per irqmod-sim call: small batches give finer progress.
BATCH = 6
# --latency: the irqmod-sim column each budget bounds.
LATENCY_KEYS = {name: "%s_p99_us" % name for name in inputs.LATENCIES}


def fail(message, status):
    print("irqmod-tune: " + message, file=sys.stderr)
    sys.exit(status)


def parser(version):
    p = argparse.ArgumentParser(prog="irqmod-tune", description=__doc__.splitlines()[0],
                                epilog="\n".join(__doc__.splitlines()[2:]),
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("scenario", help="irqmod-sim scenario file, or a pcap/pcapng capture")
    p.add_argument("--tool", help="irqmod-sim program (default: next to irqmod-tune, else on PATH)")
    p.add_argument("--p99", required=True, help="p99 budget (of the added delay, or of what "
                   "--latency names), a duration as irqmod-sim takes it (e.g. 20us)")
    p.add_argument("--latency", default="added",
                   help="the p99 --p99 bounds: added, moderation's hold (NIC arrival to the signal "
                   "that leads to its poll; default), or app, NIC arrival to the application's "
                   "read, which busy polling also shortens by the wake-up it saves")
    p.add_argument("--cpu", help="CPU budget, %% of one core, summed over every core with the "
                   "application's work (default: none)")
    p.add_argument("--allow-drops", action="store_true", help="accept settings that drop frames")
    p.add_argument("--seeds", type=int, default=3, help="seeds per setting, 2 to 1000 (default 3)")
    p.add_argument("--duration", help="override the scenario's run.duration (e.g. 100ms)")
    p.add_argument("--jobs", type=int, default=2, help="irqmod-sim runs at once, 1 to 256 (default 2)")
    p.add_argument("--device", default="eth0", help="interface name in the commands (default eth0)")
    p.add_argument("--json", help="write every setting's result and the recommendation")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress")
    p.add_argument("--version", action="version", version="irqmod-tune (irqmod) " + version)
    return p


def deterministic_notes(config):
    """irqmod-sim's note for a replay whose seeds all see the same frames."""
    notes = []
    for i in range(int(config["sources"])):
        if config["source%d.kind" % i] == "trace" and config["source%d.trace.start_offset" % i] != "random":
            notes.append("source%d replays a trace: every seed replays the same frames, so its ±"
                         "intervals are 0 by construction; set trace.loop = true and "
                         "trace.start_offset = random to vary the start by seed" % i)
    return notes


def search(job, settings, jobs, quiet):
    """Every setting's row, each run with the kernel's keys its commands set
    (space.run_sets()); the first failure stops the search (SimError)."""
    replaced = space.replaced_keys(job["config"], job["defaults"])
    groups = {}
    for name, setting in settings:
        groups.setdefault(space.run_sets(setting, replaced), []).append((name, setting))
    batches = [(sets, g[i:i + BATCH]) for sets, g in groups.items() for i in range(0, len(g), BATCH)]
    started = time.monotonic()
    rows = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(sim.run_batch, job, batch, sets) for sets, batch in batches]
        try:
            for done, (future, (sets, batch)) in enumerate(zip(futures, batches), 1):
                for row, (name, setting) in zip(future.result(), batch):
                    row["spec"] = name
                    row["sets"] = sets
                    row["controller"] = space.label(name, setting)
                    row["setting"] = setting
                    row["linux"] = commands.needs(setting)
                    rows.append(row)
                if not quiet:
                    elapsed = time.monotonic() - started
                    print("irqmod-tune: %d of %d settings, %.0f s, about %.0f s left" % (
                        len(rows), len(settings), elapsed, elapsed / done * (len(batches) - done)),
                        file=sys.stderr)
        except sim.SimError:
            for future in futures:
                future.cancel()
            raise
    return rows


def print_setting(row, device):
    print("  " + report.describe(row))
    for line in commands.lines(row["setting"], device):
        print("  " + line)


def run(args, here, folder):
    try:
        job = inputs.check(args, here, folder)
    except inputs.InputError as error:
        fail(str(error), EXIT_BAD_INPUT)
    p99_us = job["budget_ns"] / 1000.0
    p99_key = LATENCY_KEYS[job["latency"]]
    cpu = job["cpu"]
    settings, notes = space.search_space(job["budget_ns"], job["config"])
    replaced = space.replaced_note(job["config"], job["defaults"], settings)
    try:
        rows = search(job, settings, args.jobs, args.quiet)
    except sim.SimError as error:
        fail(str(error), EXIT_RUN_FAILED)
    front = report.front(rows, p99_key)
    feasible = report.feasible(rows, p99_key, p99_us, cpu, args.allow_drops)
    best, weighed = report.choose(feasible, p99_key)
    for note in deterministic_notes(job["config"]) + notes + ([replaced] if replaced else []):
        print(note)
    print("CPU is % of one core summed over every core: interrupts, softirq and the application's "
          "own work (a busy-polling core counts in full).")
    print("Pareto front, CPU against %s (%d settings, %d seeds, no drops):" % (
        report.LATENCY_NAMES[p99_key], len(rows), args.seeds))
    for r, alike in report.same_figures(front):
        print("  " + report.describe(r) + ("" if not alike else
                                          " (and %d more with these figures: %s)" % (
                                              len(alike), "; ".join(a["controller"] for a in alike))))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            report.write_json(f, {"p99_us": p99_us, "latency": job["latency"], "cpu_pct": cpu,
                                  "no_drops": not args.allow_drops}, front, best, rows, notes, replaced)
    if best is None:
        print()
        fail(report.infeasible_message(rows, p99_key, p99_us, cpu, args.allow_drops), EXIT_INFEASIBLE)
    print()
    print("Recommendation (the least CPU meeting %s <= %.1f us%s%s%s):" % (
        report.LATENCY_NAMES[p99_key], p99_us, "" if cpu is None else ", CPU <= %.1f %%" % cpu,
        "" if args.allow_drops else ", no drops",
        "" if weighed is None else "; a stock kernel's setting unless latency-target is clearly "
        "cheaper, CPU intervals apart"))
    print_setting(best, args.device)
    print("  # irqmod config: controller %s (a scenario's [run] controllers entry; "
          "irqmod_scenario_controller() resolves it)%s" % (
              best["spec"], "; simulated with irqmod-sim" + "".join(" --set " + k for k in best["sets"])
              if best["sets"] else ""))
    if weighed is None:
        if not report.stock(best):
            print()
            print("No setting a stock kernel runs meets the objectives; latency-target needs "
                  "irqmod in the driver.")
        return
    print()
    if report.stock(best):
        print("latency-target (irqmod in the driver) is not clearly cheaper: %s" %
              report.margin(weighed, best, p99_key))
        return
    if report.stock(weighed):
        print("latency-target is clearly cheaper than every stock setting that meets the "
              "objectives: %s" % report.margin(best, weighed, p99_key))
        print()
        print("Without irqmod in the driver (the least CPU among the stock settings):")
        print_setting(weighed, args.device)


def main(here, version):
    """The command; @here is the folder of the irqmod-tune script."""
    args = parser(version).parse_args()
    try:
        with tempfile.TemporaryDirectory(prefix="irqmod-tune-") as folder:
            run(args, here, folder)
    except KeyboardInterrupt:
        fail("interrupted", EXIT_RUN_FAILED)
    except OSError as error:
        fail("%s: %s" % (error.filename or "output", error.strerror), EXIT_RUN_FAILED)
