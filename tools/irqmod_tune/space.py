# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""The fixed search space of irqmod-tune: every setting tried, as an
irqmod-sim controller name and what an operator sets for it."""

# Static intervals searched (rx-usecs): ixgbe's EITR range up to its 126 us
# adaptive ceiling (ixgbe.h IXGBE_MAX_EITR is larger; longer intervals only
# help bulk, which the adaptive kinds cover).
STATIC_US = [0, 2, 4, 6, 8, 10, 12, 16, 20, 25, 30, 40, 50, 60, 84, 100, 126]
# rx-frames thresholds searched when the scenario's timer honours them
# (absolute or packet timer; the ixgbe-style throttle ignores rx-frames).
RX_FRAMES = [8, 32, 64]
ADAPTIVE = ["ixgbe", "i40e", "ice", "dim"]
# Deferred hard IRQs (napi_defer_hard_irqs, gro_flush_timeout): the
# documented example (10, 20 us; commit 6f8b12d661d0) and neighbours.
DEFER_COUNTS = [2, 10]
DEFER_TIMEOUTS_US = [10, 20, 50]
DEFER_INNER_US = [0, 8, 50]
# IRQ suspension (Linux 6.13) is not searched: it acts only while the
# application busy-polls with prefer_busy_poll (napi.irq_suspend_timeout
# with busy_poll.* in the simulator, docs/busy-poll.md), and the scenarios
# tune runs have no busy-polling application, where it is plain deferral.
# The latency-target controller is told the budget and half of it, at
# least 1 us (its target_p99 floor in the search).
LATENCY_TARGET_FRACTIONS = (1.0, 0.5)
LATENCY_TARGET_MIN_NS = 1000


def search_space(budget_ns, timer):
    """(irqmod-sim name, description) of every setting tried."""
    space = []
    for us in STATIC_US:
        space.append(("static:%dus" % us, {"kind": "static", "rx_usecs": us}))
        if timer in ("absolute", "packet") and us > 0:
            for frames in RX_FRAMES:
                space.append(("static:%dus@frames=%d" % (us, frames),
                              {"kind": "static", "rx_usecs": us, "rx_frames": frames}))
    for kind in ADAPTIVE:
        space.append((kind, {"kind": "adaptive", "algorithm": kind}))
    for count in DEFER_COUNTS:
        for timeout in DEFER_TIMEOUTS_US:
            for inner in DEFER_INNER_US:
                space.append(("defer-irq(defer_hard_irqs=%d,gro_flush_timeout=%dus)+static:%dus" %
                              (count, timeout, inner),
                              {"kind": "defer", "defer_hard_irqs": count,
                               "gro_flush_timeout_us": timeout, "rx_usecs": inner}))
    targets = sorted({max(LATENCY_TARGET_MIN_NS, int(budget_ns * f)) for f in LATENCY_TARGET_FRACTIONS},
                     reverse=True)
    for target in targets:
        space.append(("latency-target(target_p99=%dns)" % target,
                      {"kind": "latency-target", "target_p99_ns": target}))
    return space


def scenario_sets(setting):
    """Scenario keys a setting needs (--set), shared by its whole batch."""
    sets = list(setting.get("sets", []))
    if setting.get("rx_frames"):
        sets.append("nic.rx_frames=%d" % setting["rx_frames"])
    return tuple(sets)
