#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# The exe_wrapper of `meson test --setup valgrind`:
#   valgrind-wrap.sh BUILD_ROOT PROGRAM ARG...
# IRQMOD_TEST_WRAPPER (set by the setup) is the valgrind command. A PROGRAM
# built under BUILD_ROOT (the unit tests, the tools) runs under it. Any
# other PROGRAM is a test driver (tests/sim-cli.sh, tests/hostile-input.sh,
# python3): it runs as it is, so valgrind checks the tool and not the
# shell (dash leaks by design), and the driver puts $IRQMOD_TEST_WRAPPER
# before each tool it starts.
set -eu
build_root=$1
shift
case $1 in
"$build_root"/*)
	# Word splitting is wanted: the variable is a command and its options.
	# shellcheck disable=SC2086
	exec ${IRQMOD_TEST_WRAPPER:?valgrind-wrap.sh: IRQMOD_TEST_WRAPPER is not set} "$@"
	;;
*)
	exec "$@"
	;;
esac
