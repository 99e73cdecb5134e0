# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""What an operator types for a setting: ethtool -C, the sysfs files, the
netdev netlink calls, the sysctls and the application's EPIOCSPARAMS, every
argument quoted so that a line is safe to paste; the Linux version each
needs; and the interface-name check they rely on."""
import shlex

# Linux's interface names (net/core/dev.c, dev_valid_name()): 1 to
# IFNAMSIZ - 1 = 15 bytes (include/uapi/linux/if.h IFNAMSIZ 16), not "." or
# "..", no '/', ':' or white space (the kernel's isspace(): the ASCII
# white space and 0xa0).
IFNAMSIZ = 16
KERNEL_SPACE_BYTES = b" \t\n\v\f\r\xa0"

# Linux net_dim's default RX profile in EQE mode ({usec, pkts}), the table
# the simulated dim kind uses (lib/dim.c; include/linux/dim.h).
DIM_RX_PROFILE = [(1, 256), (8, 256), (64, 256), (128, 256), (256, 256)]

# What each adaptive algorithm is called where a driver runs it.
ADAPTIVE_DRIVERS = {"dim": "net_dim (mlx5, bnxt, virtio-net ...)",
                    "ixgbe": "ixgbe", "i40e": "i40e", "ice": "ice"}

# The first Linux release with each way of setting a mechanism (a commit
# merges in the window after the release it follows); (0, 0): every kernel.
KERNEL = {
    # ethtool -C rx-usecs, rx-frames, adaptive-rx: ETHTOOL_SCOALESCE, in
    # every kernel; whether the NIC takes them is its driver's.
    "ethtool": (0, 0),
    # ethtool -C rx-profile, the netlink DIM profile.
    "rx-profile": (6, 11),
    # /sys/class/net/DEV/napi_defer_hard_irqs: commit 6f8b12d661d0 of
    # 2020-04-23, after 5.7-rc1 (gro_flush_timeout's file is 3.19's,
    # commit 3b47d30396ba).
    "defer-sysfs": (5, 8),
    # netdev netlink napi-set: per-NAPI gro-flush-timeout (commit
    # acb8d4ed5661 and its series) and irq-suspend-timeout (commit
    # 5dc51ec86df6), both of Nov 2024.
    "napi-set": (6, 13),
    # net.core.busy_poll in epoll_wait(): "epoll: Add busy poll support to
    # epoll with socket fds" (fs/eventpoll.c ep_busy_loop()).
    "epoll-sysctl": (4, 12),
    # EPIOCSPARAMS, per-epoll busy_poll_usecs, budget and prefer_busy_poll:
    # commit 18e2bf0edf4d, "eventpoll: Add epoll ioctl for epoll_params".
    "epiocsparams": (6, 9),
    # SO_BUSY_POLL and net.core.busy_read (include/uapi/asm-generic/socket.h 46).
    "busy-read": (3, 11),
}
# The budget EPIOCSPARAMS takes without CAP_NET_ADMIN: NAPI_POLL_WEIGHT
# (include/linux/netdevice.h; ep_eventpoll_ioctl()).
NAPI_POLL_WEIGHT = 64


def device_error(name):
    """Why @name is no interface name Linux takes (None if it is one);
    also refused: control bytes and a leading '-', which a pasted line
    would not carry as typed or ethtool would read as an option."""
    raw = name.encode("utf-8", "surrogateescape")
    if not raw:
        return "an interface name is 1 to 15 bytes; got an empty one"
    if len(raw) >= IFNAMSIZ:
        return "an interface name is 1 to %d bytes; got %d" % (IFNAMSIZ - 1, len(raw))
    if name in (".", ".."):
        return "'%s' is no interface name" % name
    for byte in raw:
        if byte in b"/:" or byte in KERNEL_SPACE_BYTES:
            return "an interface name has no '/', ':' or white space; got %r" % name
        if byte < 0x20 or byte == 0x7f:
            return "an interface name with a control character cannot be pasted; got %r" % name
    if name.startswith("-"):
        return "'%s' starts with '-', which ethtool reads as an option" % name
    return None


def sysfs(device, leaf):
    return shlex.quote("/sys/class/net/%s/%s" % (device, leaf))


def ethtool(device, *words):
    return " ".join(["ethtool", "-C", shlex.quote(device)] + [str(w) for w in words])


def version(key):
    return "Linux %d.%d" % KERNEL[key]


def napi_lines(device, fields, alone):
    """The per-NAPI form (netlink napi-set): how to list the device's NAPI
    ids, then the call per id; @alone when sysfs has no file for a field."""
    ifindex = "$(cat %s)" % sysfs(device, "ifindex")
    settings = ", ".join('"%s": %d' % item for item in fields)
    return [
        "# %s per NAPI (%s+, netlink napi-set), with the kernel's netlink cli tools/net/ynl "
        "(ynl); sysfs shows no NAPI id (a socket's: SO_INCOMING_NAPI_ID), so list the device's," %
        ("set it" if alone else "or", version("napi-set")),
        "ynl --family netdev --dump napi-get --json \"{\\\"ifindex\\\": %s}\"" % ifindex,
        "# then for each id it lists (ID): ynl --family netdev --do napi-set "
        "--json '{\"id\": ID, %s}'" % settings,
    ]


def needs(setting):
    """The Linux version the setting needs, "6.13" (or "any"), or None when
    no stock kernel runs it (latency-target needs irqmod in the driver)."""
    kind = setting["kind"]
    if kind == "latency-target":
        return None
    keys = ["ethtool"]
    if kind == "adaptive" and setting["algorithm"] == "dim":
        keys.append("rx-profile")
    if setting.get("defer_hard_irqs"):
        keys.append("defer-sysfs")
    if setting.get("irq_suspend_timeout_us"):
        keys.append("napi-set")
    if setting.get("busy_read"):
        keys.append("busy-read")
    elif setting.get("busy_poll_usecs") is not None or setting.get("prefer_busy_poll"):
        keys.append("epiocsparams" if epoll_params_needed(setting) else "epoll-sysctl")
    return "%d.%d" % max(KERNEL[k] for k in keys) if len(keys) > 1 else "any"


def epoll_params_needed(setting):
    """Whether the epoll busy poll needs EPIOCSPARAMS (prefer or a budget
    other than the default), not just net.core.busy_poll."""
    return bool(setting.get("prefer_busy_poll") or setting.get("busy_poll_budget"))


def epoll_lines(setting):
    """EPIOCSPARAMS in the application, as C, and its wait's timeout."""
    usecs = setting.get("busy_poll_usecs") or 0
    budget = setting.get("busy_poll_budget") or 8
    out = ["# in the application, on each epoll fd whose sockets share the queue's NAPI "
           "(%s+, EPIOCSPARAMS; <linux/eventpoll.h> of 6.9 defines it):" % version("epiocsparams"),
           "#   struct epoll_params p = { .busy_poll_usecs = %d, .busy_poll_budget = %d, "
           ".prefer_busy_poll = %d };" % (usecs, budget, 1 if setting.get("prefer_busy_poll") else 0),
           "#   if (ioctl(epfd, EPIOCSPARAMS, &p) == -1) err(1, \"EPIOCSPARAMS\");"]
    if budget > NAPI_POLL_WEIGHT:
        out.append("#   (a budget above %d needs CAP_NET_ADMIN)" % NAPI_POLL_WEIGHT)
    if setting.get("wait_timeout_us"):
        out.append("#   and wait with a timeout of %d ms: epoll_wait(epfd, events, n, %d)" % (
            setting["wait_timeout_us"] // 1000, setting["wait_timeout_us"] // 1000))
    return out


def busy_lines(setting):
    """The application's side of busy polling: sysctl, socket option or
    EPIOCSPARAMS, whichever the setting needs."""
    usecs = setting.get("busy_poll_usecs") or 0
    if setting.get("busy_read"):
        # The search's busy reads keep the default budget and no prefer
        # (SO_BUSY_POLL_BUDGET, SO_PREFER_BUSY_POLL), so nothing else is set.
        return ["sysctl -w net.core.busy_read=%d    # %s+: every socket's SO_BUSY_POLL default, "
                "blocking reads busy-poll" % (usecs, version("busy-read")),
                "# or in the application, per socket: setsockopt(fd, SOL_SOCKET, SO_BUSY_POLL, "
                "&(int){%d}, sizeof(int)) (raising it needs CAP_NET_ADMIN)" % usecs]
    if epoll_params_needed(setting):
        return epoll_lines(setting)
    return ["sysctl -w net.core.busy_poll=%d    # %s+: every epoll_wait() on the host busy-polls "
            "(and poll/select on sockets with SO_BUSY_POLL)" % (usecs, version("epoll-sysctl")),
            "# or only this application's waits (%s+):" % version("epiocsparams")] + \
        epoll_lines(setting)[1:]


def napi_kernel_lines(setting, device):
    """Deferral and IRQ suspension on the device's NAPIs."""
    if setting.get("defer_hard_irqs") is None:
        return []
    gro_ns = setting["gro_flush_timeout_us"] * 1000
    fields = [("defer-hard-irqs", setting["defer_hard_irqs"]), ("gro-flush-timeout", gro_ns)]
    suspend = setting.get("irq_suspend_timeout_us")
    if suspend:
        # irq_suspend_timeout has no sysfs file: all three per NAPI.
        return napi_lines(device, fields + [("irq-suspend-timeout", suspend * 1000)], alone=True)
    return ["echo %d > %s    # %s+" % (setting["defer_hard_irqs"],
                                       sysfs(device, "napi_defer_hard_irqs"), version("defer-sysfs")),
            "echo %d > %s" % (gro_ns, sysfs(device, "gro_flush_timeout"))] + \
        napi_lines(device, fields, alone=False)


def lines(setting, device):
    """The commands (and comments) that apply @setting to @device."""
    kind = setting["kind"]
    out = []
    if kind == "latency-target":
        return ["# not settable on a stock kernel: no driver in Linux runs latency-target and "
                "ethtool has no setting for it (use the irqmod config below in the driver)"]
    need = needs(setting)
    out.append("# needs Linux %s or later" % need if need != "any" else
               "# any Linux (ethtool -C; the NIC's driver must take the setting)")
    if kind == "static":
        words = ["adaptive-rx", "off", "rx-usecs", setting["rx_usecs"]]
        if setting.get("rx_frames"):
            words += ["rx-frames", setting["rx_frames"]]
        out.append(ethtool(device, *words))
    else:
        algorithm = setting["algorithm"]
        out.append(ethtool(device, "adaptive-rx", "on") +
                   "    # the %s algorithm: on a NIC whose driver runs it" % ADAPTIVE_DRIVERS[algorithm])
        if algorithm == "dim":
            profile = "_".join("%d,%d,n" % entry for entry in DIM_RX_PROFILE)
            out.append(ethtool(device, "rx-profile", profile) +
                       "    # %s+; the default table, as simulated" % version("rx-profile"))
    out += napi_kernel_lines(setting, device)
    if setting.get("busy_poll_usecs") is not None or setting.get("prefer_busy_poll"):
        out += busy_lines(setting)
    return out
