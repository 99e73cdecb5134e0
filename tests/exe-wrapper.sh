# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# Sourced by the shell test drivers (tests/sim-cli.sh, tests/hostile-input.sh).
#
# irqmod_wrapped_tool TOOL DIR: print the command to start TOOL as. In an
# emulated build ($IRQMOD_EXE_WRAPPER, the emulated test setup of
# meson.build) that is a script in DIR that starts TOOL through the
# emulator, so every start of it (by the driver, GNU parallel or a pipe)
# runs; otherwise TOOL itself.
irqmod_wrapped_tool() {
	if [ -z "${IRQMOD_EXE_WRAPPER:-}" ]; then
		printf '%s\n' "$1"
		return
	fi
	mkdir -p "$2"
	# Word splitting of the wrapper is wanted: a command and its options.
	printf '#!/bin/sh\nexec %s "%s" "$@"\n' "$IRQMOD_EXE_WRAPPER" \
		"$(cd "$(dirname "$1")" && pwd)/$(basename "$1")" >"$2/$(basename "$1")"
	chmod +x "$2/$(basename "$1")"
	printf '%s\n' "$2/$(basename "$1")"
}
