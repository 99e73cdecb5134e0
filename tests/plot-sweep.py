#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""scripts/lib/plot_sweep.py on irqmod-sim's own CSV (issue 24 §5): a
--sweep over seeds and a --seeds run each give a PNG of the stated size
(one 330-pixel panel per metric, 900 wide), a metric the CSV lacks and a
file that is no irqmod-sim CSV exit 2 naming what is wrong, never with a
traceback. Needs gnuplot: skipped (77) without it unless IRQMOD_STRICT=1.

usage: plot-sweep.py IRQMOD_SIM SOURCE_ROOT OUT_DIR
"""
import os
import shutil
import struct
import subprocess
import sys

from exe_wrapper import wrapped_tool

SHORT = ["-q", "--duration", "20ms", "--set", "run.warmup=5ms", "--set", "source.kind=poisson",
         "--set", "source.rate=100k", "--seeds", "2"]


def fail(message):
    print("FAIL plot-sweep: " + message)
    sys.exit(1)


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        fail("%s is not a PNG" % path)
    return struct.unpack(">II", head[16:24])


def plot(root, *args):
    return subprocess.run([sys.executable, os.path.join(root, "scripts", "lib", "plot_sweep.py")] +
                          list(args), capture_output=True, text=True, check=False)


def main():
    tool, root, out = sys.argv[1], sys.argv[2], sys.argv[3]
    if shutil.which("gnuplot") is None:
        if os.environ.get("IRQMOD_STRICT") == "1":
            fail("gnuplot is not installed (IRQMOD_STRICT=1: scripts/test installs it)")
        print("SKIP plot-sweep: gnuplot is not installed")
        sys.exit(77)
    os.makedirs(out, exist_ok=True)
    tool = wrapped_tool(tool, os.path.join(out, "bin"))
    runs = {"sweep": ["-c", "ixgbe,static", "--sweep", "run.static_interval=20us:60us:20us"],
            "seeds": ["-c", "ixgbe,dim,static:20us"]}
    for name, args in runs.items():
        csv_path = os.path.join(out, name + ".csv")
        subprocess.run([tool] + SHORT + args + ["--csv", csv_path], stdout=subprocess.DEVNULL, check=True)
        for metrics, panels in (("host_cpu_pct,added_p99_us", 2), ("all_interrupts_per_s", 1)):
            png = os.path.join(out, "%s-%d.png" % (name, panels))
            if os.path.exists(png):
                os.unlink(png)
            result = plot(root, csv_path, png, "--metrics", metrics)
            if result.returncode != 0:
                fail("%s, %s: status %d: %s" % (name, metrics, result.returncode, result.stderr))
            if png_size(png) != (900, 330 * panels):
                fail("%s: %s is %dx%d, expected 900x%d" % (name, png, *png_size(png), 330 * panels))
    bad = plot(root, os.path.join(out, "seeds.csv"), os.path.join(out, "bad.png"), "--metrics", "cpu")
    if bad.returncode != 2 or "no column 'cpu'" not in bad.stderr or "Traceback" in bad.stderr:
        fail("an unknown metric: status %d: %s" % (bad.returncode, bad.stderr))
    bad = plot(root, os.path.join(root, "README.md"), os.path.join(out, "bad.png"))
    if bad.returncode != 2 or "not an irqmod-sim --csv file" not in bad.stderr or "Traceback" in bad.stderr:
        fail("a file that is no CSV: status %d: %s" % (bad.returncode, bad.stderr))
    print("PASS plot-sweep: a sweep and a seeds run drawn, bad metrics and files refused")


if __name__ == "__main__":
    main()
