#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""scripts/dpdk-compare on made-up measurement folders (tests/dpdk-compare/).

- The packet cost it gives the simulator holds no poll: the simulator
  charges the calibrated empty poll (poll_cal_ns) per poll on top of it.
  packet_cost_ns() on the loop's three kinds of report (packet_poll_ns
  given; before it, poll_ns 0 for a window without an empty poll, or one
  empty poll's own time), and the folder poll-share, whose static 0 runs
  are reports from before packet_poll_ns: 4.62 us per packet with each
  poll's 500 ns in it, so the simulator must be given 4.12 us.
- Static 0 runs without the tool's latency (its output not kept, or no
  summary printed) still give the wake-up and CPU rows, with empty RTT
  columns, for a closed loop (ping-pong) and an open one (paced): the
  folder no-latency. Such a folder used to stop the script with a
  TypeError (real_rtt None).
- An open loop simulates each controller at the rate its own runs received
  (issue 22 D11): in the folder own-rate, ixgbe received twice static 0's
  15625 frames/s, and its simulated row must be run at 31250, with more
  simulated wake-ups or CPU than at static 0's rate.

usage: dpdk-compare.py IRQMOD_SIM SOURCE_ROOT
"""
import importlib.machinery
import importlib.util
import os
import subprocess
import sys
import tempfile

from exe_wrapper import wrapped_tool


def fail(message, output=""):
    print("FAIL: " + message)
    if output:
        print("--- output\n" + output)
    sys.exit(1)


def load(root):
    path = os.path.join(root, "scripts", "dpdk-compare")
    loader = importlib.machinery.SourceFileLoader("dpdk_compare", path)
    spec = importlib.util.spec_from_loader("dpdk_compare", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def run(root, tool, folder):
    result = subprocess.run([sys.executable, os.path.join(root, "scripts", "dpdk-compare"),
                             os.path.join(root, "tests", "dpdk-compare", folder), tool],
                            capture_output=True, text=True, check=False)
    output = result.stdout + result.stderr
    if result.returncode != 0:
        fail(f"dpdk-compare {folder} exited {result.returncode}", output)
    return result.stdout


def check_packet_cost(compare):
    # 10,000 packets, one poll each, 500 ns a poll, 4120 ns a packet.
    common = {"polls": "10000", "packets": "10000"}
    cases = [
        ("packet_poll_ns given", {"packet_poll_ns": "500", "poll_ns": "0", "packet_ns": "4120"}),
        ("no empty poll (poll_ns 0)", {"poll_ns": "0", "packet_ns": "4620"}),
        ("one empty poll of 2.8 us", {"poll_ns": "2800", "packet_ns": "1820"}),
    ]
    for name, fields in cases:
        got = compare.packet_cost_ns({**common, **fields}, 500.0)
        if abs(got - 4120.0) > 1e-6:
            fail(f"packet_cost_ns, {name}: {got}, expected 4120")
    # The run's own calibration differs from the median the simulator gets.
    got = compare.packet_cost_ns({**common, "packet_poll_ns": "520", "packet_ns": "4100"}, 500.0)
    if abs(got - 4120.0) > 1e-6:
        fail(f"packet_cost_ns with another calibration: {got}, expected 4120")
    if compare.packet_cost_ns({"packet_ns": "4120"}, 500.0) != 4120.0:
        fail("packet_cost_ns without polls or packets changes packet_ns")


def check_no_latency(out):
    """Both loads print every controller's wake-up and CPU rows, RTT empty."""
    for title in ("### sockperf ping-pong", "### sockperf under-load, --mps 20000 paced"):
        if title not in out:
            fail(f"no-latency: no section '{title}'", out)
        section = out.split(title, 1)[1].split("###", 1)[0]
        if "no tool latency in the static 0 runs" not in section:
            fail(f"no-latency, {title}: the missing latency is not said", out)
        for controller in ("static:0", "ixgbe"):
            rows = [line for line in section.splitlines()
                    if line.startswith(f"| `{controller}` |")]
            if not rows:
                fail(f"no-latency, {title}: no row for {controller}", out)
            cells = [c.strip() for c in rows[0].strip("|").split("|")]
            # controller, runs, wake-ups real, sim, delta, CPU real, sim,
            # delta, RTT avg real, sim, RTT p99 real, sim
            try:
                float(cells[3])
                float(cells[6])
            except ValueError:
                fail(f"no-latency, {title}, {controller}: no simulated wake-ups or CPU", out)
            if cells[8:] != ["—"] * 4:
                fail(f"no-latency, {title}, {controller}: RTT columns not empty", out)


def check_own_rate(out, at_static0_rate):
    """ixgbe's row is simulated at ixgbe's 31250 frames/s, not static 0's."""
    if "`static:0` 15625, `ixgbe` 31250" not in out:
        fail("own-rate: the controllers' own rates are not stated", out)

    def sim_cpu(text):
        row = [line for line in text.split("### sockperf under-load, --mps 20000 paced", 1)[1]
               .splitlines() if line.startswith("| `ixgbe` |")][0]
        return float([c.strip() for c in row.strip("|").split("|")][6])
    if not sim_cpu(out) > sim_cpu(at_static0_rate):
        fail("own-rate: ixgbe's simulated CPU does not grow with its own, higher rate", out)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    root = sys.argv[2]
    check_packet_cost(load(root))
    with tempfile.TemporaryDirectory() as workdir:
        tool = wrapped_tool(sys.argv[1], workdir)
        out = run(root, tool, "poll-share")
        for text in ("host.packet_cost=4120ns", "host.poll_cost=500ns", "packet 4.12 us"):
            if text not in out:
                fail(f"poll-share: no '{text}'", out)
        no_latency = run(root, tool, "no-latency")
        check_no_latency(no_latency)
        check_own_rate(run(root, tool, "own-rate"), no_latency)
    print("dpdk-compare: all checks passed")


if __name__ == "__main__":
    main()
