#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""Checks of scripts/lib/e1000e-edit.py on made-up driver source.

scripts/driver-test converts Linux's e1000e at build time with that script;
an edit that landed in another function, or went on when its anchor was
missing or doubled, would build a driver that is not the one described in
docs/driver-conversion.md. Usage: e1000e-edit.py SOURCE_ROOT. Exit 0 when
every check passes. No Linux code is needed.
"""

import os
import subprocess
import sys
import tempfile

HEADER = '''#include <linux/types.h>
#include "hw.h"

struct e1000_ring {
	u16 rx_itr;
};

struct e1000_adapter {
	u32 itr;
	u16 tx_itr;
	u16 rx_itr;
	int other;
};
'''

NETDEV = '''static void e1000_set_itr(struct e1000_adapter *adapter);
static int e1000e_poll(struct napi_struct *napi, int budget);

static void elsewhere(struct e1000_adapter *adapter)
{
	e1000_set_itr(adapter);
	free_netdev(netdev);
}

static int e1000e_poll(struct napi_struct *napi, int budget)
{
	if (likely(napi_complete_done(napi, work_done))) {
		if (adapter->itr_setting & 3)
			e1000_set_itr(adapter);
	}
	return work_done;
}

static void e1000_remove(struct pci_dev *pdev)
{
	unregister_netdev(netdev);
	free_netdev(netdev);
}
'''

EXPECTED_POLL = '''		if (adapter->itr_setting & 3)
			if (e1000e_irqmod_poll(adapter, e1000_set_itr))
				return work_done;
'''

EXPECTED_ELSEWHERE = '''static void elsewhere(struct e1000_adapter *adapter)
{
	e1000_set_itr(adapter);
	free_netdev(netdev);
}
'''

failures = []


def check(name, condition, detail=""):
    if condition:
        print("ok - " + name)
    else:
        print("not ok - " + name + (": " + detail if detail else ""))
        failures.append(name)


def run(script, header, netdev):
    """Run the edit on a folder with these two files: (status, output, header, netdev)."""
    with tempfile.TemporaryDirectory() as folder:
        for name, text in (("e1000.h", header), ("netdev.c", netdev)):
            with open(os.path.join(folder, name), "w") as source:
                source.write(text)
        result = subprocess.run([sys.executable, script, folder], capture_output=True, text=True)
        with open(os.path.join(folder, "e1000.h")) as source:
            edited_header = source.read()
        with open(os.path.join(folder, "netdev.c")) as source:
            edited_netdev = source.read()
    return result.returncode, result.stdout + result.stderr, edited_header, edited_netdev


def main():
    script = os.path.join(sys.argv[1], "scripts", "lib", "e1000e-edit.py")

    status, output, header, netdev = run(script, HEADER, NETDEV)
    check("edits apply to source with every anchor", status == 0, output)
    check("the glue header follows hw.h",
          '#include "hw.h"\n#include "e1000e_irqmod.h"\n' in header, header)
    check("the state follows rx_itr in struct e1000_adapter, not in another struct",
          "u16 rx_itr;\n\tstruct e1000e_irqmod irqmod;\n\tint other;" in header and
          header.count("struct e1000e_irqmod irqmod;") == 1, header)
    check("e1000e_poll() calls the glue in place of e1000_set_itr()",
          EXPECTED_POLL in netdev, netdev)
    check("the same call in another function is left alone", EXPECTED_ELSEWHERE in netdev, netdev)
    check("e1000_remove() stops the glue before free_netdev()",
          "unregister_netdev(netdev);\n\te1000e_irqmod_stop(adapter);\n\tfree_netdev(netdev);"
          in netdev, netdev)
    check("the line counts are printed",
          "e1000e_poll(): -1 +2 lines" in output and "e1000_remove(): -0 +1 lines" in output,
          output)

    broken = {
        "a poll without the call":
            (HEADER, NETDEV.replace("\t\t\te1000_set_itr(adapter);\n", ""), "e1000e_poll()"),
        "a poll with the call twice":
            (HEADER, NETDEV.replace("\t\t\te1000_set_itr(adapter);\n",
                                    "\t\t\te1000_set_itr(adapter);\n\t\te1000_set_itr(adapter);\n"),
             "e1000e_poll()"),
        "a renamed poll function":
            (HEADER, NETDEV.replace("static int e1000e_poll(struct napi_struct *napi, int budget)\n",
                                    "static int e1000e_poll_rx(struct napi_struct *napi, int budget)\n"),
             "e1000e_poll"),
        "an adapter without rx_itr":
            (HEADER.replace("\tu16 rx_itr;\n\tint other;", "\tint other;"), NETDEV,
             "struct e1000_adapter"),
        "a header without hw.h":
            (HEADER.replace('#include "hw.h"\n', ""), NETDEV, "hw.h"),
        "a remove without free_netdev()":
            (HEADER, NETDEV.replace("\tunregister_netdev(netdev);\n\tfree_netdev(netdev);\n",
                                    "\tunregister_netdev(netdev);\n"), "e1000_remove()"),
    }
    for name, (header_text, netdev_text, named) in broken.items():
        status, output, _, _ = run(script, header_text, netdev_text)
        check("%s fails, naming %s" % (name, named), status != 0 and named in output, output)

    if failures:
        print("%d of the checks failed" % len(failures))
        return 1
    return 0


sys.exit(main())
