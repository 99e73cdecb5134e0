#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""Fast subset of the standard suite (issue 13, section 7).

Runs scripts/lib/suite.py on nine short scenarios over three seeds and
asserts (1) what the suite itself must get right in every scenario: the
front holds only runs without drops that no other such run dominates
(no worse in CPU and p99 added delay, better in one by more than the two
95 % intervals) and every other run without drops is dominated, and the
same of the second front (CPU against the application's p99); the rows
with busy-poll settings run where the scenario's application polls and
nowhere else, and the rows with only NAPI settings everywhere; the oracle
meets the target and no cheaper static interval of the sweep does; and (2)
the candidate controller's claims in these scenarios, with the suite's
stated tolerances: p99 added delay at most the target, CPU at most 1.10 x
the oracle's, bulk throughput at least 0.99 x the best row and no drops,
and in request/response a strictly lower p99 at CPU no higher than each
rival's (within the two 95 % intervals); and, reported beside those, that
no row (busy polling and IRQ suspension included) dominates it in CPU
against the application's p99. The tolerances are the claims' own; the
three seeds average every figure.

Four claims are not asserted, each for a reason that lies in the scenario
and the claim, not in the seeds: NOT_ASSERTED below gives it beside each
one, and the run prints their status. docs/suite.md reports them with the
figures. Two more are asserted not met: DEFERRAL_CHEAPER says where a
defer-irq row reaches the candidate's application p99 for less CPU, and
why. The suite's other ten scenarios are not run here, only because
they take about six times as long as these nine; scripts/suite runs them
all.

usage: suite-claims.py IRQMOD_SIM SOURCE_ROOT OUT_DIR
"""
import json
import os
import subprocess
import sys

from exe_wrapper import wrapped_tool

SCENARIOS = ["rr-10k", "rr-100k", "memcached-etc-low", "bulk-tcp-10g", "bulk-tcp-25g",
             "udp-stream-12k", "incast", "mostly-idle", "ping-flood"]
RR_CLAIM = "lower p99 than ixgbe, DIM and every hybrid at equal or lower CPU"
# The scenarios of SCENARIOS whose application polls (suite.conf), and the
# rows with busy_poll.* settings each of them runs.
POLLED = {"rr-10k", "rr-100k", "memcached-etc-low", "bulk-tcp-10g", "udp-stream-12k",
          "incast", "mostly-idle", "ping-flood"}
POLLED_ROWS = 5
APP_FRONT_CLAIM = "reported: on the front of CPU against app p99"
# The claims not asserted, and why.
NOT_ASSERTED = {
    # At 100k requests/s ixgbe holds its 10 us floor, and that point is on
    # the front (docs/suite.md, rr-100k): under the NIC's throttle every
    # controller trades p99 for CPU along the same curve, so a p99 5 % below
    # a point of the front costs about as much CPU as the two 95 % intervals
    # (0.7-0.9 points against 0.7). Met or not is then the runs' noise, not
    # the controller; asserting it would assert the seeds.
    ("rr-100k", RR_CLAIM),
    # A closed loop, one ping in flight: CPU % is CPU per ping times pings
    # per second. The candidate spends per ping what the oracle static:40us
    # does (one interrupt serves the reply and the next request's TX
    # completion, 5.8 us), and its shorter wait runs more pings per second;
    # the oracle's lower CPU % is its slower loop. The claim's figure does
    # not measure the controller's cost in this scenario.
    ("ping-flood", "within 10 % of the oracle's CPU"),
    # The rivals' p99 added delay is 0.0-3.4 us and the comparison tells the
    # candidate at least 1 us. Below ixgbe's and DIM's 0.0-0.1 us there is no
    # lower p99 to reach; against the defer-irq hybrids and idle-poll, which
    # answer pings with polls, an interrupt-driven controller held to 1-3 us
    # takes two interrupts per ping (the request and the reply's TX
    # completion), more CPU by construction.
    ("ping-flood", RR_CLAIM),
    # Reported beside the claims, not one of them. At 200 frames/s every row
    # that interrupts at once reads the same p99, and identical runs give a
    # 95 % interval of 0: a 10 ns difference between the seeds' p99s (one
    # frame meeting a poll under way) then counts as a defeat at equal CPU.
    ("mostly-idle", APP_FRONT_CLAIM),
}
# The candidate's row, named with its target (latency-target(target_p99=...)).
CANDIDATE_PREFIX = "latency-target("
# The claims a deferral hybrid defeats, and why; asserted not met, with
# only defer-irq rows dominating the candidate. At the calibrated 1 us timer
# interrupt (host.timer_irq_cost, docs/kernel-knobs.md D8) a deferred poll
# costs half the 2 us device interrupt the candidate's throttle takes per
# poll, so defer-irq reaches the candidate's application p99 for less CPU.
DEFERRAL_CHEAPER = {
    # 100k requests/s, 10 us apart: defer-irq's 20 us timer polls read the
    # candidate's app p99 (27.8 us) at 14.3 % against 18.0 % on these three
    # seeds; on the suite's five the candidate reads 27.7 us and stays on
    # the front by 0.1 us (docs/suite.md reports both).
    ("rr-100k", APP_FRONT_CLAIM),
    # One ping in flight: defer-irq answers each ping from a timer poll,
    # 8.6 us at 22.0 % against the candidate's 8.8 us at 26.4 %.
    ("ping-flood", APP_FRONT_CLAIM),
}


FRONT_KEYS = ("host_cpu_pct", "added_p99_us")
APP_FRONT_KEYS = ("host_cpu_pct", "app_p99_us")


def dominated(a, b, keys=FRONT_KEYS):
    """b dominates a (docs/suite.md): no worse in mean CPU and p99 (added
    delay, or the application's), better in one by more than the two 95 %
    half-widths together."""
    better = False
    for key in keys:
        av, bv = a["metrics"][key], b["metrics"][key]
        if bv > av:
            return False
        if av - bv > a["metrics"][key + "_ci95"] + b["metrics"][key + "_ci95"]:
            better = True
    return better


def check_deferral_cheaper(scenario, claim, problems):
    """A DEFERRAL_CHEAPER claim: not met, and every clean row dominating the
    candidate on the app front a defer-irq hybrid."""
    name = scenario["name"]
    if claim["status"] != "not met":
        problems.append("%s: %s: %s, expected not met (a defer-irq row cheaper at the same "
                        "app p99; DEFERRAL_CHEAPER)" % (name, claim["claim"], claim["status"]))
        return
    candidate = next(r for r in scenario["runs"] if r["controller"].startswith(CANDIDATE_PREFIX))
    clean = [r for r in scenario["runs"] if r["metrics"]["drops_frames"] == 0]
    winners = [r["controller"] for r in clean if r is not candidate and
               dominated(candidate, r, APP_FRONT_KEYS)]
    if not winners or any(not w.startswith("defer-irq") for w in winners):
        problems.append("%s: %s: dominated by %s, expected only defer-irq rows" % (
            name, claim["claim"], ", ".join(winners) or "nothing"))
    else:
        print("suite-claims: deferral cheaper: %s: %s: %s" % (name, claim["claim"], claim["detail"]))


def main():
    tool, root, out = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(out, exist_ok=True)
    tool = wrapped_tool(tool, os.path.join(out, "bin"))
    command = [sys.executable, os.path.join(root, "scripts", "lib", "suite.py"), "--tool", tool,
               "--conf", os.path.join(root, "scenarios", "suite", "suite.conf"),
               "--out", out, "--seeds", "3", "--scenarios", ",".join(SCENARIOS)]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(out, "suite.json"), encoding="utf-8") as f:
        doc = json.load(f)
    problems = []
    assert doc["candidate"], "the suite has no candidate controller"
    assert len(doc["scenarios"]) == len(SCENARIOS)
    for s in doc["scenarios"]:
        name, target = s["name"], s["target_p99_added_us"]
        clean = [r for r in s["runs"] if r["metrics"]["drops_frames"] == 0]
        fronts = [(s["front"], FRONT_KEYS)]
        # Where frames end in the stack there is no application p99 and no
        # second front (scripts/lib/suite.py, app_front()).
        if any(r["metrics"]["app_p99_us"] for r in s["runs"]):
            fronts.append((s["app_front"], APP_FRONT_KEYS))
        for front, keys in fronts:
            for r in s["runs"]:
                on = r["controller"] in front
                if on and r["metrics"]["drops_frames"] != 0:
                    problems.append("%s: %s is on a front with drops" % (name, r["controller"]))
                if r["metrics"]["drops_frames"] == 0 and \
                        on == any(dominated(r, o, keys) for o in clean if o is not r):
                    problems.append("%s: %s mark %s on the %s front is wrong" % (
                        name, r["controller"], on, keys[1]))
        polled = [r for r in s["runs"] if any(x.startswith("busy_poll.") for x in r["settings"])]
        deferred = [r for r in s["runs"] if r["settings"] and r not in polled]
        if name in POLLED and len(polled) != POLLED_ROWS:
            problems.append("%s: %d busy-polling rows, not %d" % (name, len(polled), POLLED_ROWS))
        if name not in POLLED and polled:
            problems.append("%s: busy-polling rows where no application polls" % name)
        if not deferred:
            problems.append("%s: no row with NAPI settings" % name)
        meeting = [r for r in s["sweep"] if r["metrics"]["drops_frames"] == 0 and
                   r["metrics"]["added_p99_us"] <= target]
        if meeting:
            cheapest = min(r["metrics"]["host_cpu_pct"] for r in meeting)
            if s["oracle"] is None or s["oracle"]["metrics"]["host_cpu_pct"] != cheapest:
                problems.append("%s: the oracle is not the cheapest static meeting %g us" % (name, target))
        elif s["oracle"] is not None:
            problems.append("%s: an oracle although no static interval meets the target" % name)
        if not s["claims"]:
            problems.append("%s: no claims checked" % name)
        for c in s["claims"]:
            if (name, c["claim"]) in DEFERRAL_CHEAPER:
                check_deferral_cheaper(s, c, problems)
                continue
            if (name, c["claim"]) in NOT_ASSERTED:
                print("suite-claims: not asserted: %s: %s: %s" % (name, c["claim"], c["status"]))
                continue
            if c["status"] != "met":
                problems.append("%s: %s: %s (%s)" % (name, c["claim"], c["status"], c["detail"]))
    for p in problems:
        print("suite-claims: " + p)
    if problems:
        sys.exit(1)
    print("suite-claims: %d scenarios, front, oracle and %d claims as expected" % (
        len(doc["scenarios"]), sum(len(s["claims"]) for s in doc["scenarios"])))


if __name__ == "__main__":
    main()
