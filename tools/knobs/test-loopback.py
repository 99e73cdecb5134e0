#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""knobs-server and knobs-client on loopback (127.0.0.1 only) for about a
second: the client's counts add up, every request is answered, its latency
percentiles are ordered, its send log (--send-log) holds one line per
request sent in time order, and bad options are refused with a message.

usage: test-loopback.py KNOBS_SERVER KNOBS_CLIENT
"""
import os
import socket
import subprocess
import sys
import tempfile

RATE_PER_S = 2000
SECONDS = 1


def free_port():
    """A UDP port that is free now on loopback."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fields(line, prefix):
    """The key=value fields of a line that starts with prefix."""
    assert line.startswith(prefix + " "), "expected a '%s' line, got %r" % (prefix, line)
    return dict(word.split("=", 1) for word in line.split()[1:])


def main():
    server, client = sys.argv[1], sys.argv[2]
    failures = []

    def check(condition, what):
        print(("ok: " if condition else "FAIL: ") + what)
        if not condition:
            failures.append(what)

    port = str(free_port())
    served = subprocess.Popen([server, "--bind", "127.0.0.1", "--port", port,
                               "--seconds", str(SECONDS + 2)],
                              stdout=subprocess.PIPE, text=True)
    ready = served.stdout.readline()
    check(ready.startswith("server listening on 127.0.0.1:" + port), "the server says it listens")
    log_dir = tempfile.TemporaryDirectory()
    send_log = os.path.join(log_dir.name, "sends.csv")
    out = subprocess.run([client, "--to", "127.0.0.1", "--port", port, "--rate-per-s",
                          str(RATE_PER_S), "--seconds", str(SECONDS), "--arrivals", "poisson",
                          "--seed", "3", "--send-log", send_log],
                         capture_output=True, text=True, timeout=30)
    check(out.returncode == 0, "the client exits 0 (stderr: %s)" % out.stderr.strip())
    got = fields(out.stdout.strip(), "client")
    sent, received = int(got["sent"]), int(got["received"])
    # Poisson counts over a second: 2000 +- 5 standard deviations (about 224).
    check(abs(sent - RATE_PER_S * SECONDS) < 250, "about rate x seconds sent (%d)" % sent)
    check(received == sent and int(got["lost"]) == 0, "every request answered on loopback")
    p50, p90, p99, top = (int(got[k]) for k in ("p50_ns", "p90_ns", "p99_ns", "max_ns"))
    check(0 < p50 <= p90 <= p99 <= top, "0 < p50 <= p90 <= p99 <= max (%d %d %d %d)"
          % (p50, p90, p99, top))
    check(abs(float(got["achieved_per_s"]) - received / SECONDS) < 1.0,
          "achieved rate = received / seconds")
    with open(send_log, encoding="utf-8") as log:
        lines = log.read().splitlines()
    times = [int(line.split(",")[0]) for line in lines[1:]]
    check(lines[0] == "time_ns,bytes" and len(times) == sent
          and all(line.endswith(",60") for line in lines[1:]),
          "the send log: a header and one 60-byte frame per request sent (%d lines)"
          % len(times))
    check(times == sorted(times) and times[-1] < SECONDS * 1e9,
          "the send log's times rise and stay inside the run")
    rest, _ = served.communicate(timeout=30)
    check(served.returncode == 0, "the server exits 0 after its --seconds")
    server_got = fields(rest.strip().splitlines()[-1], "server")
    check(int(server_got["requests"]) == sent, "the server counted every request (%s)"
          % server_got["requests"])
    if os.path.exists("/proc/self/schedstat"):
        sched = fields(rest.strip().splitlines()[-2], "sched")
        oncpu_ns, switch_ins = int(sched["oncpu_ns"]), int(sched["timeslices"])
        check(0 < oncpu_ns < (SECONDS + 3) * 1e9 and switch_ins >= int(sched["preemptions"])
              and int(sched["voluntary_switches"]) > 0,
              "the server's sched line: its time on the CPU inside the run, at least as many "
              "switch-ins as preemptions, and sleeps (%s)" % rest.strip().splitlines()[-2])

    for program, args, words in (
            (client, ["--to", "127.0.0.1", "--rate-per-s", "0", "--seconds", "1"], "--rate-per-s"),
            (client, ["--to", "localhost", "--rate-per-s", "10", "--seconds", "1"], "IPv4"),
            (client, ["--to", "127.0.0.1", "--rate-per-s", "10"], "required"),
            (client, ["--to", "127.0.0.1", "--rate-per-s", "10", "--seconds", "1",
                      "--send-log", os.path.join(log_dir.name, "missing", "sends.csv")], "--send-log"),
            (server, ["--port", "7707"], "bounded"),
            (server, ["--seconds", "1", "--busy-poll-usecs", "-1"], "--busy-poll-usecs")):
        bad = subprocess.run([program] + args, capture_output=True, text=True, timeout=10)
        check(bad.returncode != 0 and words in bad.stderr,
              "%s %s refused naming %s" % (program.rsplit("/", 1)[-1], " ".join(args), words))
    log_dir.cleanup()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
