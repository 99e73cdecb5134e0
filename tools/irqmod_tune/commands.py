# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""What an operator types for a setting: ethtool -C, the sysfs files and
the netdev netlink calls, every argument quoted so that a line is safe to
paste; and the interface-name check they rely on."""
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


def napi_lines(device, fields):
    """The per-NAPI form: how to list the device's NAPI ids, then the call per id."""
    ifindex = "$(cat %s)" % sysfs(device, "ifindex")
    settings = ", ".join('"%s": %d' % item for item in fields)
    return [
        "# or per NAPI (Linux 6.13+), with the kernel's netlink cli tools/net/ynl (ynl); sysfs "
        "shows no NAPI id (a socket's: SO_INCOMING_NAPI_ID), so list the device's,",
        "ynl --family netdev --dump napi-get --json \"{\\\"ifindex\\\": %s}\"" % ifindex,
        "# then for each id it lists (ID): ynl --family netdev --do napi-set "
        "--json '{\"id\": ID, %s}'" % settings,
    ]


def lines(setting, device):
    """The commands (and comments) that apply @setting to @device."""
    kind = setting["kind"]
    out = []
    if kind == "static":
        words = ["adaptive-rx", "off", "rx-usecs", setting["rx_usecs"]]
        if setting.get("rx_frames"):
            words += ["rx-frames", setting["rx_frames"]]
        out.append(ethtool(device, *words))
    elif kind == "adaptive":
        algorithm = setting["algorithm"]
        out.append(ethtool(device, "adaptive-rx", "on") +
                   "    # the %s algorithm: on a NIC whose driver runs it" % ADAPTIVE_DRIVERS[algorithm])
        if algorithm == "dim":
            profile = "_".join("%d,%d,n" % entry for entry in DIM_RX_PROFILE)
            out.append(ethtool(device, "rx-profile", profile) +
                       "    # Linux 6.11+; the default table, as simulated")
    elif kind == "defer":
        out.append(ethtool(device, "adaptive-rx", "off", "rx-usecs", setting["rx_usecs"]))
        gro_ns = setting["gro_flush_timeout_us"] * 1000
        out.append("echo %d > %s" % (setting["defer_hard_irqs"], sysfs(device, "napi_defer_hard_irqs")))
        out.append("echo %d > %s" % (gro_ns, sysfs(device, "gro_flush_timeout")))
        fields = [("defer-hard-irqs", setting["defer_hard_irqs"]), ("gro-flush-timeout", gro_ns)]
        out += napi_lines(device, fields)
    else:
        out.append("# no driver runs latency-target: ethtool has no setting for it "
                   "(use the irqmod config below in the driver)")
    return out
