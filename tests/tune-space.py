#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""irqmod-tune's search space and its choice, without a search (fast):

1. busy polling and IRQ suspension are searched only where an application
   reads and the scenario has one queue, and the output says why not
   elsewhere; 2. every setting names the Linux version it needs (or says no
   stock kernel runs it) and carries commands; 3. every scenario key a
   setting runs with has its command, so nothing printed is a setting the
   model did not run and nothing run goes unprinted; 4. within the 95 %
   intervals the choice prefers what a stock kernel runs, and picks
   latency-target only when its CPU is clearly lower; 5. on a scenario
   that sets every kernel key itself, each setting runs with exactly the
   kernel values its commands set (its own, else the defaults).

usage: tune-space.py IRQMOD_SIM SOURCE_ROOT
"""
import os
import re
import sys
import tempfile

from exe_wrapper import wrapped_tool

# What in the printed commands sets each scenario key (commands.py).
KEY_WORDS = {
    "nic.rx_frames": ["rx-frames %(v)s"],
    "napi.defer_hard_irqs": ["%(v)s > /sys/class/net/eth0/napi_defer_hard_irqs",
                             '"defer-hard-irqs": %(v)s'],
    "napi.gro_flush_timeout": ["%(ns)s > /sys/class/net/eth0/gro_flush_timeout",
                               '"gro-flush-timeout": %(ns)s'],
    "napi.irq_suspend_timeout": ['"irq-suspend-timeout": %(ns)s'],
    "busy_poll.usecs": ["busy_read=%(v)s", "busy_poll=%(v)s", ".busy_poll_usecs = %(v)s"],
    "busy_poll.budget": [".busy_poll_budget = %(v)s"],
    "busy_poll.prefer": [".prefer_busy_poll = 1"],
    "busy_poll.read": ["net.core.busy_read=%(v)s"],
    "busy_poll.wait_timeout": ["epoll_wait(epfd, events, n, %(ms)s)"],
}
# Keys whose absence means the mechanism is off: no command may set them then.
OFF_WHEN_ABSENT = ["nic.rx_frames", "napi.defer_hard_irqs", "napi.gro_flush_timeout",
                   "napi.irq_suspend_timeout", "busy_poll.read", "busy_poll.wait_timeout"]


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def busy(settings):
    return [s for _, s in settings if s.get("busy_poll_usecs") is not None or s.get("prefer_busy_poll")]


def check_busy_only_where_an_application_reads(space, config_of):
    settings, notes = space.search_space(20000, config_of("memcached-suspend.ini"))
    if notes or not busy(settings):
        fail("no busy polling searched where an application reads: %r" % notes)
    if not any(s.get("irq_suspend_timeout_us") for _, s in settings):
        fail("no IRQ suspension searched where an application reads")
    for scenario, why in (("suite/syn-flood.ini", "no application reads"),
                          ("suite/uneven-queues.ini", "host.queues = 4")):
        settings, notes = space.search_space(20000, config_of(scenario))
        if busy(settings):
            fail("busy polling searched in %s" % scenario)
        if len(notes) != 1 or why not in notes[0]:
            fail("%s: the output does not say why busy polling was left out: %r" % (scenario, notes))


def check_every_setting_names_its_kernel(space, commands, config):
    for name, setting in space.search_space(20000, config)[0]:
        need = commands.needs(setting)
        lines = commands.lines(setting, "eth0")
        if setting["kind"] == "latency-target":
            if need is not None or "not settable on a stock kernel" not in lines[0]:
                fail("latency-target is not said to need irqmod in the driver: %r" % lines)
            continue
        if need != "any" and "# needs Linux %s or later" % need not in lines:
            fail("%s: no Linux version in %r" % (space.label(name, setting), lines))
        if not any(not line.startswith("#") for line in lines):
            fail("%s: no command" % space.label(name, setting))


def check_every_key_has_its_command(space, commands, config):
    for name, setting in space.search_space(20000, config)[0]:
        text = "\n".join(commands.lines(setting, "eth0"))
        for assignment in space.scenario_sets(setting):
            key, value = assignment.split("=", 1)
            number = value[:-2] if value.endswith("us") else value
            subs = {"v": number if key != "busy_poll.read" else setting["busy_poll_usecs"]}
            if value.endswith("us"):
                subs.update(ns=int(number) * 1000, ms=int(number) // 1000)
            if not any(word % subs in text for word in KEY_WORDS[key]):
                fail("%s: %s has no command in:\n%s" % (space.label(name, setting), assignment, text))
        for field, key, _ in space.KERNEL_KEYS:
            if setting.get(field) is not None or key not in OFF_WHEN_ABSENT:
                continue
            for word in KEY_WORDS[key]:
                pattern = re.sub(r"%\\\(\w+\\\)s", r"[0-9]+", re.escape(word))
                if re.search(pattern, text):
                    fail("%s: a command for %s, which it did not run:\n%s" % (
                        space.label(name, setting), key, text))


# A scenario's own value of every kernel key (space.KERNEL_KEYS), none the default.
OWN_KEYS = "[nic]\ntimer = packet\nrx_frames = 16\n" \
           "[napi]\ndefer_hard_irqs = 3\ngro_flush_timeout = 7us\nirq_suspend_timeout = 1ms\n" \
           "[busy_poll]\nusecs = 30\nbudget = 16\nprefer = true\nread = true\nwait_timeout = 2ms\n"


def check_scenario_keys_replaced(space, inputs, simtool, tool, root, folder):
    """On a scenario that sets every kernel key, each setting's run resolves
    (irqmod-sim --print-config with its --set keys) to exactly the values
    its commands set: its own, else the defaults."""
    with open(os.path.join(root, "scenarios", "memcached-suspend.ini"), encoding="utf-8") as f:
        text = f.read()
    keyed, bare = os.path.join(folder, "keyed.ini"), os.path.join(folder, "defaults.ini")
    for path, body in ((keyed, text + OWN_KEYS), (bare, inputs.DEFAULTS_SCENARIO)):
        with open(path, "w", encoding="utf-8") as f:
            f.write(body)
    config, defaults = simtool.print_config(tool, keyed, []), simtool.print_config(tool, bare, [])
    replaced = space.replaced_keys(config, defaults)
    if len(replaced) != len(space.KERNEL_KEYS):
        fail("not every kernel key of %r counts as the scenario's own: %r" % (OWN_KEYS, replaced))
    settings = space.search_space(20000, config)[0]
    for name, setting in settings:
        sets = space.run_sets(setting, replaced)
        keys = [a.split("=", 1)[0] for a in sets]
        if sorted(keys) != sorted(key for _, key, _ in space.KERNEL_KEYS):
            fail("%s runs with %r, not every kernel key once" % (space.label(name, setting), sets))
        run = simtool.print_config(tool, keyed, [w for a in sets for w in ("--set", a)])
        want = space.kernel_values(setting, defaults)
        got = {key: run[key] for key in want}
        if got != want:
            fail("%s runs with %r, its commands set %r" % (space.label(name, setting), got, want))
    note = space.replaced_note(config, defaults, settings)
    if "busy_poll.wait_timeout=2000000ns" not in note or "is not among the settings searched" not in note:
        fail("the note does not list the scenario's keys or says they were searched: " + note)


def row(kind, cpu, cpu_ci, p99=10.0):
    name = "latency-target(target_p99=20000ns)" if kind == "latency-target" else "static:8us"
    return {"controller": name, "setting": {"kind": kind},
            "linux": None if kind == "latency-target" else "any",
            "values": {"host_cpu_pct": cpu, "host_cpu_pct_ci95": cpu_ci, "added_p99_us": p99,
                       "added_p99_us_ci95": 0.0, "drops_frames": 0.0}}


P99 = "added_p99_us"


def check_prefers_stock_within_the_interval(report):
    lt, stock = row("latency-target", 18.1, 0.2), row("static", 18.4, 0.2)
    if report.choose([lt, stock], P99) != (stock, lt):
        fail("latency-target 0.3 points cheaper within intervals of 0.2 each was chosen")
    lt = row("latency-target", 17.0, 0.2)
    if report.choose([lt, stock], P99) != (lt, stock):
        fail("latency-target clearly cheaper (1.4 points, intervals 0.2) was not chosen")
    if report.choose([lt], P99) != (lt, None):
        fail("latency-target alone meeting the objectives was not chosen")
    cheap = row("static", 10.0, 5.0)
    if report.choose([stock, cheap], P99) != (cheap, None):
        fail("among stock settings the cheapest mean was not chosen")


def main():
    sim, root = sys.argv[1], sys.argv[2]
    sys.path[:0] = [os.path.join(root, "tools"), os.path.join(root, "scripts", "lib")]
    # pylint: disable=import-outside-toplevel
    from irqmod_tune import commands, inputs, report, sim as simtool, space
    with tempfile.TemporaryDirectory() as folder:
        tool = wrapped_tool(sim, os.path.join(folder, "bin"))

        def config_of(scenario, options=()):
            return simtool.print_config(tool, os.path.join(root, "scenarios", scenario), list(options))

        check_busy_only_where_an_application_reads(space, config_of)
        # A timer that honours rx-frames, so that every kind is in the space.
        config = config_of("memcached-suspend.ini", ["--set", "nic.timer=packet"])
        check_every_setting_names_its_kernel(space, commands, config)
        check_every_key_has_its_command(space, commands, config)
        check_scenario_keys_replaced(space, inputs, simtool, tool, root, folder)
    check_prefers_stock_within_the_interval(report)
    print("tune-space: busy polling only where an application reads; versions, commands, the "
          "stock preference and the scenario's kernel keys replaced hold")


if __name__ == "__main__":
    main()
