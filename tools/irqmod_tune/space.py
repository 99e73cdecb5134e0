# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""The fixed search space of irqmod-tune: every setting tried, as an
irqmod-sim controller name, the scenario keys (--set) the kernel's own
mechanisms need, and what an operator sets for it."""

# Static intervals searched (rx-usecs): ixgbe's EITR range up to its 126 us
# adaptive ceiling (ixgbe.h IXGBE_MAX_EITR is larger; longer intervals only
# help bulk, which the adaptive kinds cover).
STATIC_US = [0, 2, 4, 6, 8, 10, 12, 16, 20, 25, 30, 40, 50, 60, 84, 100, 126]
# rx-frames thresholds searched when the scenario's timer honours them
# (absolute or packet timer; the ixgbe-style throttle ignores rx-frames).
RX_FRAMES = [8, 32, 64]
ADAPTIVE = ["ixgbe", "i40e", "ice", "dim"]
# The kernel's deferral (napi_defer_hard_irqs, gro_flush_timeout), run as
# the simulator's napi.* keys beside a static interval, not as irqmod's
# defer-irq hybrid (which the simulator runs to the same figures, so it
# would be one setting under two names): the documented example (10,
# 20 us; commit 6f8b12d661d0) and neighbours.
DEFER_COUNTS = [2, 10]
DEFER_TIMEOUTS_US = [10, 20, 50]
# rx-usecs under every kernel mechanism searched.
INNER_US = [0, 8, 50]
# Busy polling: Documentation/admin-guide/sysctl/net.rst recommends 50 us
# for net.core.busy_read and for net.core.busy_poll with a few sockets;
# include/net/busy_poll.h BUSY_POLL_BUDGET 8 is the budget of both.
BUSY_USECS = 50
BUSY_BUDGET_DEFAULT = 8
# The IRQ-suspension cover letter's settings (Karsten and Damato, netdev, v6
# of 2024-11-04; docs/busy-poll.md): suspend10 and fullbusy, whose budget is
# NAPI_POLL_WEIGHT 64 (include/linux/netdevice.h).
LETTER_BUDGET = 64
LETTER_DEFER = 100
LETTER_GRO_FLUSH_US = 10
LETTER_SUSPEND_US = 20000
LETTER_FULLBUSY_GRO_FLUSH_US = 5000
LETTER_FULLBUSY_USECS = 1000
LETTER_FULLBUSY_WAIT_US = 1000
# The latency-target controller is told the budget and half of it, at
# least 1 us (its target_p99 floor in the search).
LATENCY_TARGET_FRACTIONS = (1.0, 0.5)
LATENCY_TARGET_MIN_NS = 1000

# irqmod-sim's --print-config gives the "us" keys in ns.
NS_PER_US = 1000
# The setting's fields that are scenario keys: field, irqmod-sim key, the
# unit irqmod-sim is given it in. scenario_sets(), the replacement of a
# scenario's own values (run_sets()) and the commands (commands.py) read
# this one table.
KERNEL_KEYS = [
    ("rx_frames", "nic.rx_frames", ""),
    ("defer_hard_irqs", "napi.defer_hard_irqs", ""),
    ("gro_flush_timeout_us", "napi.gro_flush_timeout", "us"),
    ("irq_suspend_timeout_us", "napi.irq_suspend_timeout", "us"),
    ("busy_poll_usecs", "busy_poll.usecs", ""),
    ("busy_poll_budget", "busy_poll.budget", ""),
    ("prefer_busy_poll", "busy_poll.prefer", ""),
    ("busy_read", "busy_poll.read", ""),
    ("wait_timeout_us", "busy_poll.wait_timeout", "us"),
]
# The table by irqmod-sim key, for run_sets().
FIELD_OF = {key: field for field, key, _ in KERNEL_KEYS}


def reads_nothing(config):
    """Whether no application reads in the scenario: every source is a
    flood, which the stack consumes."""
    return all(config["source%d.kind" % i] == "flood" for i in range(int(config["sources"])))


def busy_poll_blocker(config):
    """Why the scenario (@config, irqmod-sim --print-config) takes no busy
    polling or IRQ suspension, or None: both are the reading
    application's (its epoll context or socket), and an epoll context
    busy-polls one NAPI, so the model runs them with one queue."""
    if reads_nothing(config):
        return ("no application reads in this scenario (every source is a flood, consumed by "
                "the stack), and busy polling is a reading application's")
    if int(config["host.queues"]) > 1:
        return ("an epoll context busy-polls one NAPI and the simulator runs busy polling with "
                "one queue only; this scenario has host.queues = %s" % config["host.queues"])
    return None


def kernel_mechanisms():
    """(name, fields) of every kernel mechanism searched beside rx-usecs,
    busy polling's marked by a 'busy' field."""
    out = []
    for count in DEFER_COUNTS:
        for timeout in DEFER_TIMEOUTS_US:
            out.append(("deferral", {"defer_hard_irqs": count, "gro_flush_timeout_us": timeout}))
    out.append(("busy read", {"busy": True, "busy_read": True, "busy_poll_usecs": BUSY_USECS}))
    out.append(("epoll busy poll", {"busy": True, "busy_poll_usecs": BUSY_USECS}))
    out.append(("IRQ suspension", {"busy": True, "defer_hard_irqs": LETTER_DEFER,
                                   "gro_flush_timeout_us": LETTER_GRO_FLUSH_US,
                                   "irq_suspend_timeout_us": LETTER_SUSPEND_US,
                                   "busy_poll_budget": LETTER_BUDGET, "prefer_busy_poll": True}))
    out.append(("full busy poll", {"busy": True, "defer_hard_irqs": LETTER_DEFER,
                                   "gro_flush_timeout_us": LETTER_FULLBUSY_GRO_FLUSH_US,
                                   "busy_poll_usecs": LETTER_FULLBUSY_USECS,
                                   "busy_poll_budget": LETTER_BUDGET, "prefer_busy_poll": True,
                                   "wait_timeout_us": LETTER_FULLBUSY_WAIT_US}))
    return out


def label(spec, setting):
    """A setting's name in the output: the irqmod-sim controller and its keys."""
    sets = scenario_sets(setting)
    return spec + (" with " + " ".join(sets) if sets else "")


def search_space(budget_ns, config):
    """(irqmod-sim controller name, setting) of every setting tried on the
    scenario @config (irqmod-sim --print-config), and the notes on what was
    left out and why."""
    space = []
    notes = []
    framed = config["nic.timer"] in ("absolute", "packet")
    for us in STATIC_US:
        space.append(("static:%dus" % us, {"kind": "static", "rx_usecs": us}))
        if framed and us > 0:
            for frames in RX_FRAMES:
                space.append(("static:%dus" % us, {"kind": "static", "rx_usecs": us, "rx_frames": frames}))
    for kind in ADAPTIVE:
        space.append((kind, {"kind": "adaptive", "algorithm": kind}))
    blocker = busy_poll_blocker(config)
    for name, fields in kernel_mechanisms():
        if fields.get("busy") and blocker:
            continue
        for us in INNER_US:
            setting = {"kind": "static", "rx_usecs": us, "mechanism": name}
            setting.update((k, v) for k, v in fields.items() if k != "busy")
            space.append(("static:%dus" % us, setting))
    if blocker:
        notes.append("busy polling, SO_BUSY_POLL busy reads and IRQ suspension were not searched: " +
                     blocker)
    targets = sorted({max(LATENCY_TARGET_MIN_NS, int(budget_ns * f)) for f in LATENCY_TARGET_FRACTIONS},
                     reverse=True)
    for target in targets:
        space.append(("latency-target(target_p99=%dns)" % target,
                      {"kind": "latency-target", "target_p99_ns": target}))
    return space, notes


def scenario_sets(setting):
    """Scenario keys a setting needs (--set), shared by its whole batch."""
    return tuple("%s=%s%s" % (key, "true" if setting[field] is True else setting[field], unit)
                 for field, key, unit in KERNEL_KEYS if setting.get(field) is not None)


def config_value(config, key, unit):
    """A kernel key's value in @config (irqmod-sim --print-config) as a
    --set takes it: print-config gives durations in bare ns."""
    return config[key] + ("ns" if unit else "")


def replaced_keys(config, defaults):
    """(key, the scenario's value, the default) of every KERNEL_KEYS key
    the scenario @config sets away from irqmod-sim's default (@defaults,
    both --print-config): the search runs each setting with its own value
    or the default in their place, so that it runs what its commands set."""
    return [(key, config_value(config, key, unit), config_value(defaults, key, unit))
            for _, key, unit in KERNEL_KEYS if config[key] != defaults[key]]


def run_sets(setting, replaced):
    """The scenario keys a setting runs with: its own (scenario_sets()) and
    the default of each key the scenario sets (@replaced, replaced_keys())
    that the setting leaves alone."""
    return scenario_sets(setting) + tuple("%s=%s" % (key, default) for key, _, default in replaced
                                          if setting.get(FIELD_OF[key]) is None)


def kernel_values(setting, defaults):
    """Every KERNEL_KEYS key's value a setting runs with, in --print-config's
    form (@defaults where it sets none), to compare with a scenario's."""
    out = {}
    for field, key, unit in KERNEL_KEYS:
        value = setting.get(field)
        if value is None:
            out[key] = defaults[key]
        elif isinstance(value, bool):
            out[key] = "true" if value else "false"
        else:
            out[key] = str(value * NS_PER_US if unit == "us" else value)
    return out


def replaced_note(config, defaults, settings):
    """The output's one note on the scenario's own kernel keys, or None when
    it sets none: which were replaced, by what, and whether the scenario's
    own combination of them is one of @settings ((name, setting) pairs)."""
    replaced = replaced_keys(config, defaults)
    if not replaced:
        return None
    own = {key: config[key] for _, key, _ in KERNEL_KEYS}
    searched = [label(n, s) for n, s in settings if kernel_values(s, defaults) == own]
    return ("the scenario sets the kernel's own mechanisms (%s); each setting below was run with "
            "its own values of these keys, else the defaults (%s), as its commands set them, "
            "not with the scenario's; the scenario's own combination of them %s" % (
                " ".join("%s=%s" % (k, v) for k, v, _ in replaced),
                " ".join("%s=%s" % (k, d) for k, _, d in replaced),
                "was searched too (e.g. %s)" % searched[0] if searched else
                "is not among the settings searched"))
