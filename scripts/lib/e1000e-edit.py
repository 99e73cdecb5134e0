#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""Convert an extracted copy of Linux's e1000e to irqmod, in place.

Usage: e1000e-edit.py DIR    (DIR: drivers/net/ethernet/intel/e1000e, extracted)

scripts/driver-test runs this at build time on Debian's linux-source-6.1;
nothing of the kernel is kept in the repository. Each edit is anchored on
the struct or function it touches and fails loudly when the anchor is
missing or ambiguous, so a different kernel version stops the build instead
of building something else:

  e1000.h   struct e1000_adapter: the irqmod state after the driver's own ITR
            state (the field rx_itr); the glue header after #include "hw.h".
  netdev.c  e1000e_poll(): its call of e1000_set_itr() becomes a call of
            e1000e_irqmod_poll(), which returns true when the interrupt must
            stay masked (a poll is scheduled), so the poll returns early.
            e1000_remove(): e1000e_irqmod_stop() before free_netdev().

It prints the number of lines each edit adds and removes, which
docs/driver-conversion.md counts.
"""
import re
import sys


def fail(message):
    sys.exit("e1000e-edit: " + message)


def span_of(text, opening, what):
    """The [start, end) of the block that begins at the one line matching opening."""
    matches = list(re.finditer(opening, text, re.M))
    if len(matches) != 1:
        fail("%s: expected one match of %r, found %d" % (what, opening, len(matches)))
    start = matches[0].start()
    end = text.find("\n}", start)
    if end < 0:
        fail("%s: no closing brace" % what)
    return start, end + 2


def replace_once(text, span, old, new, what):
    """Replace the one line equal to old (stripped) inside span with the lines new."""
    start, end = span
    block = text[start:end]
    lines = block.split("\n")
    hits = [i for i, line in enumerate(lines) if line.strip() == old]
    if len(hits) != 1:
        fail("%s: expected one line '%s', found %d" % (what, old, len(hits)))
    indent = re.match(r"\s*", lines[hits[0]]).group(0)
    lines[hits[0]:hits[0] + 1] = [indent + line if line else line for line in new]
    added = len([line for line in new if line != old])
    print("e1000e-edit: %s: -%d +%d lines" % (what, 0 if old in new else 1, added))
    return text[:start] + "\n".join(lines) + text[end:]


def edit(path, edits):
    with open(path) as source:
        text = source.read()
    for opening, old, new, what in edits:
        text = replace_once(text, span_of(text, opening, what), old, new, what)
    with open(path, "w") as source:
        source.write(text)


def main():
    if len(sys.argv) != 2:
        fail("usage: e1000e-edit.py DIR")
    folder = sys.argv[1]
    with open(folder + "/e1000.h") as header:
        text = header.read()
    if text.count('#include "hw.h"\n') != 1:
        fail('e1000.h: expected one #include "hw.h"')
    text = text.replace('#include "hw.h"\n', '#include "hw.h"\n#include "e1000e_irqmod.h"\n')
    print("e1000e-edit: e1000.h includes: -0 +1 lines")
    with open(folder + "/e1000.h", "w") as header:
        header.write(text)
    edit(folder + "/e1000.h", [
        (r"^struct e1000_adapter \{$", "u16 rx_itr;",
         ["u16 rx_itr;", "struct e1000e_irqmod irqmod;"], "e1000.h struct e1000_adapter"),
    ])
    edit(folder + "/netdev.c", [
        (r"^static int e1000e_poll\(struct napi_struct \*napi, int budget\)$",
         "e1000_set_itr(adapter);",
         ["if (e1000e_irqmod_poll(adapter, e1000_set_itr))", "\treturn work_done;"],
         "netdev.c e1000e_poll()"),
        (r"^static void e1000_remove\(struct pci_dev \*pdev\)$", "free_netdev(netdev);",
         ["e1000e_irqmod_stop(adapter);", "free_netdev(netdev);"], "netdev.c e1000_remove()"),
    ])


main()
