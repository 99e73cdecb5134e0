# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""The search's results in words: one setting's line, the Pareto front,
the recommendation, why no setting meets the objectives, the JSON."""
import json

import suite  # the suite's metrics (scripts/lib/suite.py)

# The p99 a budget bounds (--latency): what each is called in the output.
LATENCY_NAMES = {"added_p99_us": "p99 added delay", "app_p99_us": "application p99"}
BUDGET_NAMES = {"added_p99_us": "p99 added-delay", "app_p99_us": "application p99"}


def describe(row):
    """One setting's line; the application's p99 (NIC to read) where an
    application reads, since busy polling shortens that beyond the added delay."""
    app = "" if row["values"].get("app_p99_us") is None else ", app p99 %.1f±%.1f us" % (
        suite.value(row, "app_p99_us"), suite.ci(row, "app_p99_us"))
    return "%s: CPU %.1f±%.1f %%, p99 added delay %.1f±%.1f us%s, %.0f interrupts/s, drops %.0f" % (
        row["controller"],
        suite.value(row, "host_cpu_pct"), suite.ci(row, "host_cpu_pct"),
        suite.value(row, "added_p99_us"), suite.ci(row, "added_p99_us"), app,
        suite.value(row, "all_interrupts_per_s"), suite.value(row, "drops_frames"))


def dominates(b, a, p99_key):
    """b dominates a: no worse in mean CPU and mean p99 (@p99_key), and
    better in one by more than the two rows' 95 % half-widths together,
    the suite's rule (suite.dominates(), there on the added delay)."""
    better = False
    for key in ("host_cpu_pct", p99_key):
        if suite.value(b, key) > suite.value(a, key):
            return False
        if suite.value(a, key) - suite.value(b, key) > suite.ci(a, key) + suite.ci(b, key):
            better = True
    return better


def front(rows, p99_key):
    """The rows without drops that no other such row dominates, by CPU."""
    clean = [r for r in rows if suite.no_drops(r)]
    return sorted((r for r in clean if not any(dominates(o, r, p99_key) for o in clean if o is not r)),
                  key=lambda r: suite.value(r, "host_cpu_pct"))


def same_figures(rows):
    """@rows grouped by the figures describe() prints, in order: (the one
    an older kernel runs with the fewest keys, the others)."""
    groups = {}
    for r in rows:
        groups.setdefault(describe(r).split(": CPU ", 1)[1], []).append(r)
    out = []
    for alike in groups.values():
        alike = sorted(alike, key=lambda r: (kernel_order(r), len(r["sets"])))
        out.append((alike[0], alike[1:]))
    return out


def kernel_order(row):
    """A sort key of the Linux version a row needs: any first, none last."""
    linux = row["linux"]
    if linux is None:
        return (99, 0)
    return (0, 0) if linux == "any" else tuple(int(p) for p in linux.split("."))


def cheapest(rows, p99_key):
    """The least CPU, then the lowest p99, then the oldest kernel."""
    return min(rows, key=lambda r: (suite.value(r, "host_cpu_pct"), suite.value(r, p99_key),
                                    kernel_order(r))) if rows else None


def stock(row):
    """Whether a stock kernel runs the setting (latency-target needs irqmod
    in the driver)."""
    return row["setting"]["kind"] != "latency-target"


def clearly_cheaper(row, other):
    """Whether @row's CPU is below @other's by more than their 95 %
    half-widths together, the suite's rule for a difference the seeds tell
    apart (suite.dominates())."""
    return suite.value(other, "host_cpu_pct") - suite.value(row, "host_cpu_pct") > \
        suite.ci(row, "host_cpu_pct") + suite.ci(other, "host_cpu_pct")


def choose(rows, p99_key):
    """The recommendation among the feasible @rows and the setting it was
    weighed against (None if there was no choice to make): the cheapest,
    unless that needs irqmod in the driver and is not clearly_cheaper()
    than the cheapest stock setting, which is then recommended."""
    best = cheapest(rows, p99_key)
    if best is None or stock(best):
        return best, None
    rival = cheapest([r for r in rows if stock(r)], p99_key)
    if rival is None or clearly_cheaper(best, rival):
        return best, rival
    return rival, best


def margin(row, other, p99_key):
    """How @row compares with @other, in CPU points and p99 us with intervals."""
    return ("%.1f±%.1f CPU points less than %s (%.1f±%.1f %% against %.1f±%.1f %%), %s "
            "%.1f±%.1f us against %.1f±%.1f us" % (
                suite.value(other, "host_cpu_pct") - suite.value(row, "host_cpu_pct"),
                suite.ci(other, "host_cpu_pct") + suite.ci(row, "host_cpu_pct"), other["controller"],
                suite.value(row, "host_cpu_pct"), suite.ci(row, "host_cpu_pct"),
                suite.value(other, "host_cpu_pct"), suite.ci(other, "host_cpu_pct"),
                LATENCY_NAMES[p99_key], suite.value(row, p99_key), suite.ci(row, p99_key),
                suite.value(other, p99_key), suite.ci(other, p99_key)))


def feasible(rows, p99_key, p99_us, cpu_pct, allow_drops):
    """The rows that meet the objectives. A run in which the application
    read nothing has no application p99 and meets no budget on it; an added
    delay without a sample reads 0 as in the suite (nothing was held)."""
    return [r for r in rows if (allow_drops or suite.no_drops(r)) and
            (p99_key == "added_p99_us" or r["values"].get(p99_key) is not None) and
            suite.value(r, p99_key) <= p99_us and
            (cpu_pct is None or suite.value(r, "host_cpu_pct") <= cpu_pct)]


def infeasible_message(rows, p99_key, p99_us, cpu_pct, allow_drops):
    """Which objective failed and by how much."""
    usable = rows if allow_drops else [r for r in rows if suite.no_drops(r)]
    parts = []
    if not usable:
        fewest = min(rows, key=lambda r: suite.value(r, "drops_frames"))
        return ("no setting avoids drops: the fewest are %.0f frames (%s); "
                "relax with --allow-drops" % (suite.value(fewest, "drops_frames"), fewest["controller"]))
    within_cpu = [r for r in usable if cpu_pct is None or suite.value(r, "host_cpu_pct") <= cpu_pct]
    within_p99 = [r for r in usable if suite.value(r, p99_key) <= p99_us]
    if within_cpu:
        best = min(within_cpu, key=lambda r: suite.value(r, p99_key))
        parts.append("the %s budget %.1f us fails%s: the lowest p99 is %.1f us (%s), "
                     "%.1f us over" % (BUDGET_NAMES[p99_key], p99_us,
                                       "" if cpu_pct is None else " within %.1f %% CPU" % cpu_pct,
                                       suite.value(best, p99_key), best["controller"],
                                       suite.value(best, p99_key) - p99_us))
    if within_p99 and cpu_pct is not None:
        best = min(within_p99, key=lambda r: suite.value(r, "host_cpu_pct"))
        parts.append("the CPU budget %.1f %% fails at p99 <= %.1f us: the least CPU is %.1f %% (%s), "
                     "%.1f points over" % (cpu_pct, p99_us, suite.value(best, "host_cpu_pct"),
                                           best["controller"], suite.value(best, "host_cpu_pct") - cpu_pct))
    if not within_cpu and not within_p99:
        low_cpu = min(usable, key=lambda r: suite.value(r, "host_cpu_pct"))
        low_p99 = min(usable, key=lambda r: suite.value(r, p99_key))
        parts.append("both budgets fail: the least CPU is %.1f %% (%s, %.1f points over) and the lowest "
                     "p99 %.1f us (%s, %.1f us over)" % (
                         suite.value(low_cpu, "host_cpu_pct"), low_cpu["controller"],
                         suite.value(low_cpu, "host_cpu_pct") - cpu_pct,
                         suite.value(low_p99, p99_key), low_p99["controller"],
                         suite.value(low_p99, p99_key) - p99_us))
    return "no setting meets the objectives" + ("" if allow_drops else " without drops") + "; " + \
        "; ".join(parts)


def write_json(stream, objectives, front_rows, best, rows, notes, replaced):
    """Every setting with the irqmod-sim run it was (controller and --set
    keys), the Linux version it needs (null: no stock kernel) and its
    metrics; the front and the recommendation by name; the note on the
    scenario's kernel keys the search replaced (null: none)."""
    json.dump({"objectives": objectives, "not_searched": notes, "replaced_kernel_keys": replaced,
               "front": [r["controller"] for r in front_rows],
               "recommendation": best["controller"] if best else None,
               "settings": [{"controller": r["controller"], "setting": r["setting"],
                             "sim": {"controller": r["spec"], "sets": list(r["sets"])},
                             "linux": r["linux"], "metrics": r["values"]} for r in rows]},
              stream, indent=1)
