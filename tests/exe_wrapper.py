# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""The tool a Python test driver starts, through the build's emulator if any.

In an emulated build (IRQMOD_EXE_WRAPPER, the emulated test setup of
meson.build) a program of the build runs only through the emulator, so
wrapped_tool() writes a script into the driver's work folder that starts the
tool that way and returns its path, which every helper the driver calls
(scripts/lib/suite.py, tools/irqmod-tune) then starts like the tool itself.
"""

import os
import shlex


def wrapped_tool(tool, workdir):
    """TOOL itself, or a script in WORKDIR that starts it through the emulator."""
    wrapper = os.environ.get("IRQMOD_EXE_WRAPPER", "")
    if not wrapper:
        return tool
    os.makedirs(workdir, exist_ok=True)
    script = os.path.join(workdir, os.path.basename(tool))
    with open(script, "w", encoding="utf-8") as f:
        f.write("#!/bin/sh\nexec %s %s \"$@\"\n" % (wrapper, shlex.quote(os.path.abspath(tool))))
    os.chmod(script, 0o755)
    return script
