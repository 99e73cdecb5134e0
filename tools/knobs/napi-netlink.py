#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""Read and set a NAPI instance's knobs through the kernel's netdev generic
netlink family (raw netlink: no library beyond Python's socket module).

usage: napi-netlink.py list IFINDEX
       napi-netlink.py set NAPI_ID [--defer-hard-irqs N] [--gro-flush-timeout-ns N]
                                   [--irq-suspend-timeout-ns N]

`list` prints one line per NAPI of the device; `set` sends napi-set, reads
the NAPI back with napi-get and fails unless every value took. Run it in
the device's network namespace (ip netns exec NS ...). Exits 77, naming the
missing piece, where the kernel lacks the family, napi-set (Linux 6.13) or
irq-suspend-timeout (6.13).

The numbers are the family's, from the kernel's spec
Documentation/netlink/specs/netdev.yaml (operations and attributes numbered
from 1 in the spec's order; include/uapi/linux/netdev.h is generated from
it); generic netlink's own from include/uapi/linux/genetlink.h and netlink's
from include/uapi/linux/netlink.h.
"""
import argparse
import errno
import os
import socket
import struct
import sys

NETLINK_GENERIC = 16
NLM_F_REQUEST, NLM_F_ACK, NLM_F_DUMP = 0x1, 0x4, 0x300
NLMSG_ERROR, NLMSG_DONE = 2, 3
# genetlink.h: the controller family and its get-family command and attributes.
GENL_ID_CTRL = 0x10
CTRL_CMD_GETFAMILY = 3
CTRL_ATTR_FAMILY_ID, CTRL_ATTR_FAMILY_NAME, CTRL_ATTR_OPS = 1, 2, 6
CTRL_ATTR_OP_ID = 1
# netdev.yaml operations: napi-get is the 11th, napi-set the 14th.
NETDEV_CMD_NAPI_GET, NETDEV_CMD_NAPI_SET = 11, 14
NETDEV_FAMILY_VERSION = 1
# netdev.yaml attribute-set "napi", in order.
NAPI_IFINDEX, NAPI_ID, NAPI_IRQ, NAPI_PID = 1, 2, 3, 4
NAPI_DEFER_HARD_IRQS, NAPI_GRO_FLUSH_TIMEOUT, NAPI_IRQ_SUSPEND_TIMEOUT = 5, 6, 7
SKIP = 77


class Missing(Exception):
    """A knob this kernel does not have."""


def attr(kind, payload):
    """One netlink attribute, padded to four bytes."""
    header = struct.pack("=HH", 4 + len(payload), kind)
    return header + payload + b"\0" * (-len(payload) % 4)


def parse_attrs(data):
    """{type: payload} of a run of attributes (nested flag bits cleared)."""
    found, offset = {}, 0
    while offset + 4 <= len(data):
        length, kind = struct.unpack_from("=HH", data, offset)
        if length < 4:
            break
        found[kind & 0x3FFF] = data[offset + 4:offset + length]
        offset += (length + 3) & ~3
    return found


def parse_uint(payload):
    """A netlink 'uint' attribute: four or eight bytes."""
    return struct.unpack("=Q" if len(payload) == 8 else "=I", payload)[0]


class Genl:
    """A generic netlink socket that sends one request and gathers replies."""

    def __init__(self):
        self.sock = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, NETLINK_GENERIC)
        self.sock.bind((0, 0))
        self.seq = 0

    def request(self, family, cmd, attrs, flags, version=1):
        """The replies' attribute payloads; raises OSError for an error ack."""
        self.seq += 1
        body = struct.pack("=BBH", cmd, version, 0) + b"".join(attrs)
        self.sock.send(struct.pack("=IHHII", 16 + len(body), family,
                                   NLM_F_REQUEST | flags, self.seq, 0) + body)
        replies = []
        while True:
            data = self.sock.recv(65536)
            offset = 0
            while offset + 16 <= len(data):
                length, kind, _, seq, _ = struct.unpack_from("=IHHII", data, offset)
                message = data[offset + 16:offset + length]
                offset += (length + 3) & ~3
                if seq != self.seq:
                    continue
                if kind == NLMSG_ERROR:
                    code = struct.unpack_from("=i", message)[0]
                    if code != 0:
                        raise OSError(-code, os.strerror(-code))
                    return replies
                if kind == NLMSG_DONE:
                    return replies
                replies.append(parse_attrs(message[4:]))
                if not flags & (NLM_F_DUMP | NLM_F_ACK):
                    return replies


def netdev_family(genl):
    """The netdev family's id, after checking that it has napi-set."""
    try:
        reply = genl.request(GENL_ID_CTRL, CTRL_CMD_GETFAMILY,
                             [attr(CTRL_ATTR_FAMILY_NAME, b"netdev\0")], 0)
    except OSError as error:
        raise Missing("the netdev generic netlink family (Linux 6.5+): %s" % error) from None
    family = struct.unpack("=H", reply[0][CTRL_ATTR_FAMILY_ID][:2])[0]
    ops = parse_attrs(reply[0].get(CTRL_ATTR_OPS, b""))
    op_ids = {struct.unpack("=I", parse_attrs(op)[CTRL_ATTR_OP_ID])[0] for op in ops.values()}
    if NETDEV_CMD_NAPI_SET not in op_ids:
        raise Missing("netlink napi-set (Linux 6.13+)")
    return family


def napi_fields(attrs):
    """The knobs of one napi-get reply, by name (None where absent)."""
    def value(kind):
        return parse_uint(attrs[kind]) if kind in attrs else None
    return {
        "id": value(NAPI_ID), "ifindex": value(NAPI_IFINDEX), "irq": value(NAPI_IRQ),
        "defer_hard_irqs": value(NAPI_DEFER_HARD_IRQS),
        "gro_flush_timeout_ns": value(NAPI_GRO_FLUSH_TIMEOUT),
        "irq_suspend_timeout_ns": value(NAPI_IRQ_SUSPEND_TIMEOUT),
    }


def show(fields):
    return "napi " + " ".join("%s=%s" % (k, "absent" if v is None else v)
                              for k, v in fields.items())


def list_napis(genl, family, ifindex):
    replies = genl.request(family, NETDEV_CMD_NAPI_GET,
                           [attr(NAPI_IFINDEX, struct.pack("=I", ifindex))], NLM_F_DUMP,
                           NETDEV_FAMILY_VERSION)
    return [napi_fields(r) for r in replies]


def set_napi(genl, family, napi_id, wanted):
    attrs = [attr(NAPI_ID, struct.pack("=I", napi_id))]
    kinds = {"defer_hard_irqs": (NAPI_DEFER_HARD_IRQS, "=I"),
             "gro_flush_timeout_ns": (NAPI_GRO_FLUSH_TIMEOUT, "=Q"),
             "irq_suspend_timeout_ns": (NAPI_IRQ_SUSPEND_TIMEOUT, "=Q")}
    for name, value in wanted.items():
        kind, layout = kinds[name]
        attrs.append(attr(kind, struct.pack(layout, value)))
    genl.request(family, NETDEV_CMD_NAPI_SET, attrs, NLM_F_ACK, NETDEV_FAMILY_VERSION)
    got = napi_fields(genl.request(family, NETDEV_CMD_NAPI_GET, attrs[:1], 0,
                                   NETDEV_FAMILY_VERSION)[0])
    for name, value in wanted.items():
        if got[name] is None:
            raise Missing("the napi attribute %s (irq-suspend-timeout needs Linux 6.13+)" % name)
        if got[name] != value:
            raise RuntimeError("napi %d: %s reads back %d after setting %d"
                               % (napi_id, name, got[name], value))
    return got


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    listing = sub.add_parser("list", help="the NAPIs of a device and their knobs")
    listing.add_argument("ifindex", type=int)
    setting = sub.add_parser("set", help="napi-set, checked by reading it back")
    setting.add_argument("napi_id", type=int)
    setting.add_argument("--defer-hard-irqs", type=int)
    setting.add_argument("--gro-flush-timeout-ns", type=int)
    setting.add_argument("--irq-suspend-timeout-ns", type=int)
    args = parser.parse_args()
    try:
        genl = Genl()
        family = netdev_family(genl)
        if args.command == "list":
            for fields in list_napis(genl, family, args.ifindex):
                print(show(fields))
        else:
            wanted = {k: v for k, v in (("defer_hard_irqs", args.defer_hard_irqs),
                                        ("gro_flush_timeout_ns", args.gro_flush_timeout_ns),
                                        ("irq_suspend_timeout_ns", args.irq_suspend_timeout_ns))
                      if v is not None}
            for name, value in wanted.items():
                if value < 0 or value >= 1 << (31 if name == "defer_hard_irqs" else 64):
                    parser.error("--%s out of range: %d" % (name.replace("_", "-"), value))
            print(show(set_napi(genl, family, args.napi_id, wanted)))
    except Missing as missing:
        print("napi-netlink: skipped: this kernel lacks %s" % missing, file=sys.stderr)
        return SKIP
    except OSError as error:
        where = "napi %d" % args.napi_id if args.command == "set" else "ifindex %d" % args.ifindex
        hint = " (no such NAPI)" if error.errno == errno.ENOENT else ""
        print("napi-netlink: %s %s: %s%s" % (args.command, where, error.strerror, hint),
              file=sys.stderr)
        return 1
    except RuntimeError as error:
        print("napi-netlink: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
