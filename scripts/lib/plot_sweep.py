#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""Draw an irqmod-sim --csv file: a --sweep or a --seeds run.

usage: plot_sweep.py RESULTS.csv OUT.png [--metrics M1,M2] [--title TEXT]

One panel per metric (default: host_cpu_pct and added_p99_us). With a
--sweep, each controller is a line against the swept key (the CSV's first
column, in the key's base unit: ns for a duration); without one, each
controller is a bar. With --seeds, each point or bar carries its 95 %
interval (the metric's _ci95 column). Draws with gnuplot (Debian's
gnuplot-nox), the plotter of scripts/plots and scripts/suite; the
time-series counterpart is plot_timeseries.py.
"""
import argparse
import csv
import os
import subprocess
import sys
import tempfile

DEFAULT_METRICS = ["host_cpu_pct", "added_p99_us"]
# Panel size in pixels: one panel's height, the figure's width.
PANEL_HEIGHT_PX = 330
WIDTH_PX = 900


def fail(message):
    print("plot_sweep: " + message, file=sys.stderr)
    sys.exit(2)


def read(path):
    """(sweep key or None, header, rows) of an irqmod-sim CSV."""
    try:
        with open(path, newline="", encoding="utf-8") as f:
            reader = csv.reader(f)
            header = next(reader, None)
            rows = list(reader)
    except (OSError, UnicodeDecodeError) as error:
        fail("%s: cannot read: %s" % (path, getattr(error, "strerror", None) or error))
    if not header or "controller" not in header[:2]:
        fail("%s: not an irqmod-sim --csv file (no controller column in its first two)" % path)
    if not rows:
        fail("%s: no row" % path)
    sweep = header[0] if header[0] != "controller" else None
    return sweep, header, rows


def number(text, where):
    if text == "":
        return None
    try:
        return float(text)
    except ValueError:
        fail("%s: '%s' is not a number" % (where, text))
    return None


def series(path, header, rows, sweep, metric):
    """controller -> [(x, value, ci95)] for @metric, rows without a value left out."""
    if metric not in header:
        fail("%s: no column '%s'; columns: %s" % (path, metric, ", ".join(
            h for h in header if not h.endswith("_ci95"))))
    value_at = header.index(metric)
    ci_at = header.index(metric + "_ci95") if metric + "_ci95" in header else None
    controller_at = header.index("controller")
    out = {}
    for line, row in enumerate(rows, 2):
        where = "%s:%d" % (path, line)
        if len(row) != len(header):
            fail("%s: %d fields, the header has %d" % (where, len(row), len(header)))
        value = number(row[value_at], where)
        if value is None:
            continue
        ci = number(row[ci_at], where) if ci_at is not None else None
        points = out.setdefault(row[controller_at], [])
        x = number(row[0], where) if sweep else len(out) - 1
        points.append((x, value, ci or 0.0))
    return out


def quote(text):
    return "'" + text.replace("'", "''") + "'"


def script(args, sweep, panels, folder):
    """The gnuplot program: one panel per metric, its data in @folder."""
    lines = ["set terminal pngcairo size %d,%d font 'sans,9'" % (WIDTH_PX, PANEL_HEIGHT_PX * len(panels)),
             "set output %s" % quote(args.output),
             "set termoption noenhanced",
             "set grid",
             "set key outside right top",
             "set multiplot layout %d,1 title %s" % (len(panels), quote(args.title or os.path.basename(args.csv)))]
    for number_, (metric, data) in enumerate(panels):
        plots = []
        for index, (controller, points) in enumerate(data.items()):
            name = os.path.join(folder, "%d-%d.dat" % (number_, index))
            with open(name, "w", encoding="utf-8") as f:
                for x, value, ci in points:
                    f.write("%r %r %r\n" % (x, value, ci))
            style = "yerrorlines pt 7 ps 0.6" if sweep else "boxerrorbars fs solid 0.6"
            plots.append("%s using 1:2:3 with %s title %s" % (quote(name), style, quote(controller)))
        lines.append("set ylabel %s" % quote(metric))
        if sweep:
            lines.append("set xlabel %s" % quote(sweep + " (the CSV's value: ns for a duration)"))
            lines += ["set xtics autofreq", "set autoscale xfix", "set offsets graph 0.03, graph 0.03, graph 0.05, graph 0.05"]
        else:
            lines += ["set xlabel 'controller'", "set boxwidth 0.6", "set yrange [0:*]", "set xrange [-0.6:%f]" % (len(data) - 0.4),
                      "set xtics (%s)" % ", ".join("%s %d" % (quote(c), i) for i, c in enumerate(data))]
        lines.append("plot " + ", ".join(plots))
    lines.append("unset multiplot")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv", help="irqmod-sim --csv output")
    parser.add_argument("output", help="PNG to write")
    parser.add_argument("--metrics", default=",".join(DEFAULT_METRICS),
                        help="comma-separated columns, one panel each (default: %(default)s)")
    parser.add_argument("--title", help="figure title (default: the CSV's name)")
    args = parser.parse_args()
    sweep, header, rows = read(args.csv)
    metrics = [m for m in args.metrics.split(",") if m]
    if not metrics:
        fail("--metrics names no column")
    panels = [(m, series(args.csv, header, rows, sweep, m)) for m in metrics]
    with tempfile.TemporaryDirectory() as folder:
        try:
            result = subprocess.run(["gnuplot"], input=script(args, sweep, panels, folder), text=True,
                                    capture_output=True, check=False)
        except OSError as error:
            fail("cannot run gnuplot (Debian: gnuplot-nox): %s" % error.strerror)
    if result.returncode != 0 or result.stderr.strip():
        fail("gnuplot failed for %s: %s" % (args.output, result.stderr.strip()))


if __name__ == "__main__":
    main()
