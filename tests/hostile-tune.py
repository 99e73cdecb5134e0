#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""What users and attackers feed irqmod-tune, the Python twin of
tests/hostile-input.sh: each case must exit with the stated status and a
message holding the stated text, printed once, with no Python traceback;
a bad input is refused before the search starts (no progress line), and
every command a run prints is safe to paste (checked word by word, and
the netlink line run with its programs replaced by stubs).

usage: hostile-tune.py IRQMOD_SIM SOURCE_ROOT CASE
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

from exe_wrapper import wrapped_tool

# Each tune run is bounded (a search of 53 settings on 60 ms takes seconds).
TIMEOUT_S = 300
SHORT = ["--seeds", "2", "--duration", "60ms"]
# Interface names Linux takes (dev_valid_name()) that a shell would read
# as more than a word if printed unquoted.
SHELL_DEVICES = ["eth0;reboot", "$(reboot)", "a'b`x`", "*", "x&&y|z", "~root", "a\\b\"c"]


class Case:
    def __init__(self, status, text, args, scenario=None, tool=None):
        self.status, self.text, self.args = status, text, args
        self.scenario, self.tool = scenario, tool


def fail(message, result=None):
    print("FAIL: " + message)
    if result is not None:
        print("--- stdout\n" + result.stdout + "--- stderr\n" + result.stderr)
    sys.exit(1)


def fake_tool(folder, sim, body):
    """A program that answers --print-config as @sim does and runs @body otherwise."""
    path = os.path.join(folder, "fake-sim")
    with open(path, "w", encoding="utf-8") as f:
        f.write("#!/bin/sh\nif [ \"$1\" = --print-config ]; then exec %s \"$@\"; fi\n%s\n" %
                (shlex.quote(sim), body))
    os.chmod(path, 0o755)
    return path


def cases(root, folder, sim):
    """Case name -> Case; files the cases need are made in @folder."""
    rr = os.path.join(root, "scenarios", "suite", "rr-100k.ini")
    pcap = os.path.join(root, "scenarios", "traces", "ping-flood.pcap")
    binary = os.path.join(folder, "binary.ini")
    with open(binary, "wb") as f:
        f.write(b"\x01\x02\x03\xff\xfegarbage\n")
    gzipped = os.path.join(folder, "scenario.ini.gz")
    with open(gzipped, "wb") as f:
        f.write(b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03")
    not_sim = os.path.join(folder, "not-sim")
    with open(not_sim, "w", encoding="utf-8") as f:
        f.write("#!/bin/sh\nexit 0\n")
    os.chmod(not_sim, 0o755)
    plain = os.path.join(folder, "plain-file")
    with open(plain, "w", encoding="utf-8") as f:
        f.write("not a program\n")
    missing_dir = os.path.join(folder, "no-such-folder", "out.json")
    fifo = os.path.join(folder, "fifo")
    os.mkfifo(fifo)
    scenario_copy = os.path.join(folder, "copy.ini")
    shutil.copy(os.path.join(root, "scenarios", "suite", "rr-100k.ini"), scenario_copy)
    return {
        "scenario-pcap": Case(0, "", ["--p99", "50us", "--duration", "300ms"], scenario=pcap),
        "scenario-directory": Case(2, "is a directory", ["--p99", "20us"], scenario=folder),
        "scenario-missing": Case(2, "not found", ["--p99", "20us"],
                                 scenario=os.path.join(folder, "none.ini")),
        "scenario-empty-name": Case(2, "file name is empty", ["--p99", "20us"], scenario=""),
        "scenario-binary": Case(2, "binary.ini:1:", ["--p99", "20us"], scenario=binary),
        "scenario-gzip": Case(2, "scenario.ini.gz:1:", ["--p99", "20us"], scenario=gzipped),
        "scenario-repro": Case(2, "irqmod-repro", ["--p99", "20us"],
                               scenario=os.path.join(root, "scenarios", "repro-recheck.ini")),
        "json-directory": Case(2, "--json '%s' is a directory" % folder,
                               ["--p99", "20us", "--json", folder]),
        "json-unwritable": Case(2, "cannot write: No such file or directory",
                                ["--p99", "20us", "--json", missing_dir]),
        "json-fifo": Case(2, "cannot write: No such device or address",
                          ["--p99", "20us", "--json", fifo]),
        "json-is-scenario": Case(2, "is the scenario file", ["--p99", "20us", "--json", scenario_copy],
                                 scenario=scenario_copy),
        "scenario-fifo": Case(2, "is not a regular file", ["--p99", "20us"], scenario=fifo),
        "tool-directory": Case(2, "is a directory", ["--p99", "20us"], tool=folder),
        "tool-not-executable": Case(2, "not an executable file", ["--p99", "20us"], tool=plain),
        "tool-not-sim": Case(2, "printed no resolved scenario", ["--p99", "20us"], tool=not_sim),
        "p99-decimal": Case(2, "--p99 '1.5us': the budget takes an integer with a unit",
                            ["--p99", "1.5us"]),
        "p99-no-unit": Case(2, "--p99 '20': a duration needs its unit", ["--p99", "20"]),
        "p99-zero": Case(2, "--p99 '0us'", ["--p99", "0us"]),
        "p99-negative": Case(2, "--p99 '-5us'", ["--p99=-5us"]),
        "p99-unknown-unit": Case(2, "--p99 '2h'", ["--p99", "2h"]),
        "p99-word": Case(2, "--p99 'fast'", ["--p99", "fast"]),
        "cpu-above-cores": Case(2, "--cpu 500: the budget is above 0 and at most",
                                ["--p99", "20us", "--cpu", "500"]),
        "cpu-zero": Case(2, "--cpu 0:", ["--p99", "20us", "--cpu", "0"]),
        "cpu-nan": Case(2, "--cpu nan:", ["--p99", "20us", "--cpu", "nan"]),
        "cpu-word": Case(2, "--cpu 'lots' is not a number", ["--p99", "20us", "--cpu", "lots"]),
        "jobs-zero": Case(2, "--jobs 0: 1 to 256", ["--p99", "20us", "--jobs", "0"]),
        "jobs-negative": Case(2, "--jobs -3: 1 to 256", ["--p99", "20us", "--jobs=-3"]),
        "seeds-one": Case(2, "for the 95 % intervals", ["--p99", "20us", "--seeds", "1"]),
        "seeds-too-many": Case(2, "--seeds 5000: 2 to 1000", ["--p99", "20us", "--seeds", "5000"]),
        "duration-decimal": Case(2, "--duration 1.5ms", ["--p99", "20us", "--duration", "1.5ms"]),
        "device-space": Case(2, "white space", ["--p99", "20us", "--device", "eth 0"]),
        "device-newline": Case(2, "white space", ["--p99", "20us", "--device", "eth0\nreboot"]),
        "device-slash": Case(2, "no '/'", ["--p99", "20us", "--device", "../lo"]),
        "device-colon": Case(2, "no '/', ':'", ["--p99", "20us", "--device", "eth0:1"]),
        "device-dotdot": Case(2, "'..' is no interface name", ["--p99", "20us", "--device", ".."]),
        "device-empty": Case(2, "got an empty one", ["--p99", "20us", "--device", ""]),
        "device-too-long": Case(2, "1 to 15 bytes; got 16", ["--p99", "20us", "--device", "e" * 16]),
        "device-control": Case(2, "control character", ["--p99", "20us", "--device", "eth\x1b[2J"]),
        "device-option": Case(2, "starts with '-'", ["--p99", "20us", "--device=-s"]),
        "device-shell": Case(0, "", ["--p99", "20us", "--device", SHELL_DEVICES[0]]),
        "device-substitution": Case(0, "", ["--p99", "100us", "--device", SHELL_DEVICES[1]]),
        "latency-app-flood": Case(2, "--latency app: no application reads",
                                  ["--p99", "20us", "--latency", "app"],
                                  scenario=os.path.join(root, "scenarios", "suite", "syn-flood.ini")),
        "latency-word": Case(2, "--latency 'socket': added or app",
                             ["--p99", "20us", "--latency", "socket"]),
        "run-fails-once": Case(1, "disk on fire", ["--p99", "20us"],
                               tool=fake_tool(folder, sim, "echo 'irqmod-sim: disk on fire' >&2; exit 1")),
    }


def check_line(line, device, bash):
    """One printed line: a comment, or a command whose words are exactly
    the intended ones with @device as one word."""
    if line.startswith("#"):
        return
    if "NAPI_ID" in line:
        fail("a literal NAPI_ID in: " + line)
    syntax = subprocess.run([bash, "-n", "-c", line], capture_output=True, text=True, check=False)
    if syntax.returncode != 0:
        fail("not a shell command: %r: %s" % (line, syntax.stderr))
    if line.startswith("ynl "):
        check_ynl(line, device, bash)
        return
    words = shlex.split(line, comments=True)
    if words[0] == "sysctl":
        if len(words) != 3 or words[1] != "-w" or \
                not re.fullmatch(r"net\.core\.busy_(read|poll)=[0-9]+", words[2]):
            fail("an unexpected sysctl line: %r" % line)
    elif words[0] == "ethtool":
        if words[1:3] != ["-C", device] or not all(re.fullmatch(r"[A-Za-z0-9_,.-]+", w) for w in words[3:]):
            fail("ethtool line does not keep %r as one word: %r -> %r" % (device, line, words))
    elif words[0] == "echo":
        if len(words) != 4 or not words[1].isdigit() or words[2] != ">" or \
                not re.fullmatch(re.escape("/sys/class/net/%s/" % device) + r"[a-z_]+", words[3]):
            fail("echo line does not keep %r in one path: %r -> %r" % (device, line, words))
    else:
        fail("an unexpected command: %r" % line)


def check_ynl(line, device, bash):
    """The netlink line run with ynl and cat as stubs and no PATH: the words ynl gets."""
    stubs = "cat() { printf '<%s>' \"$@\"; }; ynl() { printf '%s\\n' \"$@\"; }; "
    run = subprocess.run([bash, "-c", stubs + line], capture_output=True, text=True,
                         env={"PATH": ""}, check=False)
    want = ["--family", "netdev", "--dump", "napi-get",
            "--json", '{"ifindex": </sys/class/net/%s/ifindex>}' % device]
    if run.returncode != 0 or run.stdout.splitlines() != want:
        fail("ynl line does not keep %r in one path: %r gives %r" % (device, line, run.stdout))


def check_every_kind(root, sim, bash):
    """Every setting of the search space, busy polling's included (a
    scenario where an application reads, its timer set to one that takes
    rx-frames), on every shell-hostile name."""
    sys.path[:0] = [os.path.join(root, "tools"), os.path.join(root, "scripts", "lib")]
    from irqmod_tune import commands, sim as simtool, space  # pylint: disable=import-outside-toplevel
    config = simtool.print_config(sim, os.path.join(root, "scenarios", "memcached-suspend.ini"),
                                  ["--set", "nic.timer=packet"])
    settings, notes = space.search_space(20000, config)
    if notes or not any("busy_poll_usecs" in s for _, s in settings):
        fail("busy polling not in the search space of a scenario whose application reads: %r" % notes)
    napi = 0
    for device in SHELL_DEVICES:
        if commands.device_error(device):
            fail("%r is a name Linux takes, refused: %s" % (device, commands.device_error(device)))
        checked = set()  # many settings print the same line (a shell each)
        for _, setting in settings:
            lines = commands.lines(setting, device)
            napi += any("napi-get" in line for line in lines)
            for line in lines:
                if line not in checked:
                    check_line(line, device, bash)
                    checked.add(line)
    if napi == 0:
        fail("no setting says how to find the NAPI ids")


def main():
    sim, root, name = sys.argv[1], sys.argv[2], sys.argv[3]
    bash = shutil.which("bash")
    if name == "commands-every-kind":
        with tempfile.TemporaryDirectory() as folder:
            check_every_kind(root, wrapped_tool(sim, os.path.join(folder, "bin")), bash)
        print("PASS " + name)
        return
    with tempfile.TemporaryDirectory() as folder:
        sim = wrapped_tool(sim, os.path.join(folder, "bin"))
        case = cases(root, folder, sim)[name]
        scenario = case.scenario if case.scenario is not None else \
            os.path.join(root, "scenarios", "suite", "rr-100k.ini")
        command = [sys.executable, os.path.join(root, "tools", "irqmod-tune"),
                   "--tool", case.tool or sim] + SHORT + case.args + ["--", scenario]
        result = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT_S,
                                check=False)
    if "Traceback" in result.stderr + result.stdout:
        fail("a Python traceback", result)
    if result.returncode != case.status:
        fail("exit status %d, expected %d" % (result.returncode, case.status), result)
    if case.text and case.text not in result.stderr:
        fail("stderr lacks: " + case.text, result)
    messages = [line for line in result.stderr.splitlines() if "settings," not in line]
    if case.status != 0 and len(messages) != 1:
        fail("%d message lines, expected the message once" % len(messages), result)
    if case.status == 2 and "settings," in result.stderr:
        fail("the search started before the bad input was refused", result)
    if "%%" in result.stdout + result.stderr:
        fail("a literal '%%'", result)
    if case.status == 0:
        device = case.args[case.args.index("--device") + 1] if "--device" in case.args else "eth0"
        body = result.stdout.split("\nRecommendation", 1)[-1].splitlines()[1:]
        for line in body:
            # A setting's lines are indented; the prose between them is not.
            if line.startswith("  ") and ": CPU " not in line:
                check_line(line.strip(), device, bash)
        if case.scenario and case.scenario.endswith(".pcap") and "0 by construction" not in result.stdout:
            fail("a capture replay does not say its intervals are 0 by construction", result)
    print("PASS " + name)


if __name__ == "__main__":
    main()
