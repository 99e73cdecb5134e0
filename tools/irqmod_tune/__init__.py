# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""irqmod-tune's modules, one job each: inputs (every input checked before
the search), sim (irqmod-sim found and asked), space (the settings tried),
commands (what an operator types, quoted), report (the front, the
recommendation, the JSON), cli (the command)."""
