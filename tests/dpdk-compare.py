#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""scripts/dpdk-compare on measurement folders (tests/dpdk-compare/): made-up
ones, and one real run with its captures.

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
- Each run's own capture is replayed (issue 22 section 3): the folder
  capture is a real run (scripts/dpdk-test --measure, the pinginterval
  load, 1000 requests, static 0 and static 50 us, one run each, with their
  captures). Its trace columns must be filled, the frames the capture holds
  in the window must match what the loop received, static 0's replayed
  wake-ups must agree with the loop's within 25 %, and with every second
  frame taken out of the captures the replayed wake-ups must fall by about
  half while the model's columns stay as they were: the trace column comes
  from the capture, not from the model. trace_timing() on made-up
  captures: frames before the window replay as warm-up, a capture that
  starts inside the window is delayed by that much; a microsecond pcap is
  refused by name.
- The loop's throttle lateness reaches the simulator (issue 22 section 3,
  nic.throttle_late): throttle_late() is a run's own sleep_late_ns (median
  over runs, 0 without one), the model's settings say each controller's
  and the throttle's spin threshold (nic.throttle_spin=20us), and in the
  capture folder with static 50 us's wake-up cost cut to 1 us (so its
  waits at re-arm are over 20 us, slept), a 1 ms sleep_late_ns holds its
  replayed wake-ups under one per 1.05 ms where 0 leaves them near the
  loop's: the trace replays each run with its own lateness.

usage: dpdk-compare.py IRQMOD_SIM SOURCE_ROOT [--no-pcap]
(--no-pcap: the simulator reads no pcap file, so the capture folder is
left out, and said so.)
"""
import importlib.machinery
import importlib.util
import os
import re
import shutil
import struct
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
    if not os.path.isabs(folder):
        folder = os.path.join(root, "tests", "dpdk-compare", folder)
    result = subprocess.run([sys.executable, os.path.join(root, "scripts", "dpdk-compare"),
                             folder, tool],
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


# The first table's columns: controller, runs, wake-ups real, trace, delta,
# model, delta, CPU real, trace, delta, model, delta, RTT avg real, model,
# RTT p99 real, model.
TRACE_WAKEUPS, MODEL_WAKEUPS, REAL_CPU, TRACE_CPU, MODEL_CPU, RTT_REAL = 3, 5, 7, 8, 10, 12
REAL_WAKEUPS = 2
# The second table's: controller, packets/s real, frames/s captured, ...
REAL_PACKETS, CAPTURED = 1, 2


def cells_of(row):
    return [c.strip() for c in row.strip("|").split("|")]


def rows_of(out, title, controller):
    """The two table rows of a controller in a load's section."""
    if title not in out:
        fail(f"no section '{title}'", out)
    section = out.split(title, 1)[1].split("###", 1)[0]
    rows = [cells_of(line) for line in section.splitlines() if line.startswith(f"| `{controller}` |")]
    if len(rows) != 2:
        fail(f"{title}: {len(rows)} rows for {controller}, expected 2", out)
    return rows


def real_of(cell):
    """The median of a real cell, 'median (low–high)'."""
    return float(cell.split(" ", 1)[0])


def thin_pcap(path):
    """Keeps every second record of a pcap file."""
    with open(path, "rb") as f:
        data = f.read()
    order = "<" if struct.unpack_from("<I", data, 0)[0] in (0xA1B23C4D, 0xA1B2C3D4) else ">"
    out, offset, index = [data[:24]], 24, 0
    while offset + 16 <= len(data):
        caplen = struct.unpack_from(order + "I", data, offset + 8)[0]
        if index % 2 == 0:
            out.append(data[offset:offset + 16 + caplen])
        offset += 16 + caplen
        index += 1
    with open(path, "wb") as f:
        f.write(b"".join(out))


def check_capture(root, tool, workdir):
    """The trace columns replay each run's own capture."""
    title = "### ping -i 0.0002"
    out = run(root, tool, "capture")
    if "Trace: each run's own capture replayed" not in out:
        fail("capture: the trace replay is not said", out)
    base = {}
    for controller in ("static:0", "static:50us"):
        first, second = rows_of(out, title, controller)
        try:
            base[controller] = (float(first[TRACE_WAKEUPS]), float(first[TRACE_CPU]),
                                first[MODEL_WAKEUPS], first[MODEL_CPU])
            captured = float(second[CAPTURED])
        except ValueError:
            fail(f"capture, {controller}: no replayed wake-ups, CPU or captured rate", out)
        real_packets = real_of(second[REAL_PACKETS])
        if abs(captured - real_packets) > 0.05 * real_packets:
            fail(f"capture, {controller}: {captured} frames/s in the captured window, "
                 f"the loop received {real_packets}", out)
    real_w = real_of(rows_of(out, title, "static:0")[0][REAL_WAKEUPS])
    if abs(base["static:0"][0] - real_w) > 0.25 * real_w:
        fail(f"capture: static 0 replayed {base['static:0'][0]} wake-ups/s, real {real_w}", out)
    # Every second frame out: the replay sees half the arrivals.
    folder = os.path.join(workdir, "thinned")
    shutil.copytree(os.path.join(root, "tests", "dpdk-compare", "capture"), folder)
    captures = os.path.join(folder, "captures")
    for name in os.listdir(captures):
        thin_pcap(os.path.join(captures, name))
    thinned = run(root, tool, folder)
    for controller, (w, cpu, model_w, model_cpu) in base.items():
        first = rows_of(thinned, title, controller)[0]
        ratio = float(first[TRACE_WAKEUPS]) / w
        if not 0.4 <= ratio <= 0.6:
            fail(f"capture, {controller}: half the captured frames give {ratio:.2f} of the "
                 "replayed wake-ups, expected about half", thinned)
        if (first[MODEL_WAKEUPS], first[MODEL_CPU]) != (model_w, model_cpu):
            fail(f"capture, {controller}: the model's columns depend on the capture", thinned)


def check_throttle_late(compare, root, tool, workdir):
    """Each run's sleep_late_ns is its replay's nic.throttle_late."""
    cases = [([{"sleep_late_ns": "25225"}], "25225"),
             ([{"sleep_late_ns": "30000"}, {"sleep_late_ns": "10000"}, {"sleep_late_ns": "70000"}],
              "30000"),
             ([{}], "0")]
    for runs, late in cases:
        if compare.throttle_late(runs) != [f"nic.throttle_late={late}ns"]:
            fail(f"throttle_late({runs}): {compare.throttle_late(runs)}, expected {late} ns")
    out = run(root, tool, "capture")
    for text in ("--set nic.throttle_spin=20us", "`static:0` 0ns, `static:50us` 25225ns"):
        if text not in out:
            fail(f"throttle-late: no '{text}'", out)
    title = "### ping -i 0.0002"
    replayed = {}
    for late in ("0", "1000000"):
        folder = os.path.join(workdir, "late-" + late)
        shutil.copytree(os.path.join(root, "tests", "dpdk-compare", "capture"), folder)
        path = os.path.join(folder, "pinginterval.txt")
        with open(path) as f:
            lines = f.readlines()
        with open(path, "w") as f:
            for line in lines:
                if "controller=static:50us " in line:
                    line = re.sub(r" wakeup_ns=\d+", " wakeup_ns=1000", line)
                    line = re.sub(r" sleep_late_ns=\d+", " sleep_late_ns=" + late, line)
                f.write(line)
        out = run(root, tool, folder)
        replayed[late] = float(rows_of(out, title, "static:50us")[0][TRACE_WAKEUPS])
    real = 4952  # the loop's static 50 us wake-ups/s in the capture folder
    if abs(replayed["0"] - real) > 0.25 * real:
        fail(f"throttle-late: punctual replay {replayed['0']} wake-ups/s, the loop's {real}")
    if replayed["1000000"] > 1e9 / 1_050_000:
        fail(f"throttle-late: with 1 ms late sleeps {replayed['1000000']} wake-ups/s replayed, "
             "more than one per 50 us + 1 ms")


def check_trace_timing(compare, workdir):
    """The window on the capture's clock, both ways round, and a wrong pcap refused."""
    run = {"window_start_ns": "1000000000", "window_s": "2.000"}
    # sockperf: frames from 0.5 s before the window, replayed as warm-up.
    times = [500_000_000, 1_000_000_000, 2_999_999_999, 3_000_000_000]
    settings, in_window = compare.trace_timing(run, times)
    if settings != ["run.warmup=500000000ns", "run.duration=2500000000ns"] or in_window != 2:
        fail(f"trace_timing with frames before the window: {settings}, {in_window} in it")
    # ping: the first frame 3 ms into the window, the replay delayed by that.
    settings, in_window = compare.trace_timing(run, [1_003_000_000, 1_004_000_000])
    if settings != ["run.warmup=0", "run.duration=2000000000ns", "source.start=3000000ns"] \
            or in_window != 2:
        fail(f"trace_timing with the window before the first frame: {settings}, {in_window}")
    # A microsecond pcap (tcpdump without --time-stamp-precision=nano).
    path = os.path.join(workdir, "us.pcap")
    with open(path, "wb") as f:
        f.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1))
    try:
        compare.pcap_times_ns(path)
        fail("a microsecond pcap was read as nanoseconds")
    except ValueError as e:
        if "nanosecond" not in str(e):
            fail(f"a microsecond pcap refused without saying why: {e}")


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
            try:
                float(cells[MODEL_WAKEUPS])
                float(cells[MODEL_CPU])
            except ValueError:
                fail(f"no-latency, {title}, {controller}: no simulated wake-ups or CPU", out)
            if cells[RTT_REAL:] != ["—"] * 4:
                fail(f"no-latency, {title}, {controller}: RTT columns not empty", out)


def check_own_rate(out, at_static0_rate):
    """ixgbe's row is simulated at ixgbe's 31250 frames/s, not static 0's."""
    if "`static:0` 15625, `ixgbe` 31250" not in out:
        fail("own-rate: the controllers' own rates are not stated", out)

    def sim_cpu(text):
        row = [line for line in text.split("### sockperf under-load, --mps 20000 paced", 1)[1]
               .splitlines() if line.startswith("| `ixgbe` |")][0]
        return float(cells_of(row)[MODEL_CPU])
    if not sim_cpu(out) > sim_cpu(at_static0_rate):
        fail("own-rate: ixgbe's simulated CPU does not grow with its own, higher rate", out)


def main():
    if len(sys.argv) not in (3, 4) or sys.argv[3:] not in ([], ["--no-pcap"]):
        sys.exit(__doc__)
    root = sys.argv[2]
    pcap = sys.argv[3:] != ["--no-pcap"]
    compare = load(root)
    check_packet_cost(compare)
    with tempfile.TemporaryDirectory() as workdir:
        check_trace_timing(compare, workdir)
        tool = wrapped_tool(sys.argv[1], workdir)
        out = run(root, tool, "poll-share")
        for text in ("host.packet_cost=4120ns", "host.poll_cost=500ns", "packet 4.12 us"):
            if text not in out:
                fail(f"poll-share: no '{text}'", out)
        no_latency = run(root, tool, "no-latency")
        check_no_latency(no_latency)
        check_own_rate(run(root, tool, "own-rate"), no_latency)
        if pcap:
            check_capture(root, tool, workdir)
            check_throttle_late(compare, root, tool, workdir)
        else:
            print("dpdk-compare: the capture folder left out: this simulator reads no pcap")
    print("dpdk-compare: all checks passed")


if __name__ == "__main__":
    main()
