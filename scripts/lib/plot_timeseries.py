#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""Draw an irqmod-sim --timeseries CSV: one column of panels per run.

usage: plot_timeseries.py SERIES.csv OUT.png [TITLE]

Panels, top to bottom, against the bucket's end: queue 0's interval in
force and the interrupt rate; queue 0's RX ring occupancy (bucket maximum
and at its end); added delay and to-application latency (mean and p99;
gaps where a bucket had no sample). Needs python3-matplotlib (Debian).
"""
import csv
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 (after the backend)


def number(text):
    return float(text) if text != "" else float("nan")


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    runs = {}
    with open(sys.argv[1], newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            runs.setdefault(row["run"], []).append(row)
    if not runs:
        sys.exit("plot_timeseries: %s holds no bucket" % sys.argv[1])
    figure, axes = plt.subplots(3, len(runs), figsize=(5.5 * len(runs), 8), sharex=True,
                                squeeze=False)
    for column, (name, rows) in enumerate(runs.items()):
        t_ms = [number(r["end_us"]) / 1e3 for r in rows]
        top, middle, bottom = axes[0][column], axes[1][column], axes[2][column]
        top.step(t_ms, [number(r["q0_interval_us"]) for r in rows], where="post",
                 color="#1f77b4", label="q0 interval in force (us)")
        top.set_ylabel("interval (us)")
        top.set_title(name.split("/")[0])
        rate = top.twinx()
        rate.plot(t_ms, [number(r["interrupts_per_s"]) / 1e3 for r in rows], color="#d62728",
                  lw=0.8, label="interrupts (k/s)")
        rate.set_ylabel("interrupts (k/s)")
        lines = top.get_legend_handles_labels()[0] + rate.get_legend_handles_labels()[0]
        top.legend(lines, [line.get_label() for line in lines], loc="upper right", fontsize=8)
        middle.plot(t_ms, [number(r["q0_ring_max_frames"]) for r in rows], color="#2ca02c",
                    label="q0 ring, bucket max")
        middle.plot(t_ms, [number(r["q0_ring_end_frames"]) for r in rows], color="#98df8a",
                    lw=0.8, label="q0 ring, at bucket end")
        middle.set_ylabel("RX ring (frames)")
        middle.legend(loc="upper right", fontsize=8)
        for key, color, label in (("added_p99_us", "#9467bd", "added delay p99"),
                                  ("added_mean_us", "#c5b0d5", "added delay mean"),
                                  ("app_p99_us", "#ff7f0e", "to app p99"),
                                  ("app_mean_us", "#ffbb78", "to app mean")):
            bottom.plot(t_ms, [number(r[key]) for r in rows], color=color, lw=0.9, label=label)
        bottom.set_ylabel("latency (us)")
        bottom.set_xlabel("simulated time (ms, bucket end)")
        bottom.legend(loc="upper right", fontsize=8)
        for axis in (top, middle, bottom):
            axis.grid(alpha=0.3)
    if len(sys.argv) == 4:
        figure.suptitle(sys.argv[3])
    figure.tight_layout()
    figure.savefig(sys.argv[2], dpi=90)


if __name__ == "__main__":
    main()
