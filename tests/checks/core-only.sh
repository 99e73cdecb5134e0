#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
#
# Proves that -Dcore_only=true builds the controller core and nothing else:
# configures this repository in a scratch folder with that option, builds
# and installs it into a staging folder, and checks that libirqmod, its
# headers, irqmod.pc and the CMake package config are there and the
# simulator, the tools, the tests and the examples are not (neither built
# nor installed). Then CMake's find_package(irqmod) on that install:
# tests/install/cmake-core/ builds and runs the core's consumer shared and
# static, and tests/install/cmake-core-sim/ must fail, naming core_only.
#
# Usage: core-only.sh SOURCE_ROOT
#   CC (environment) is the C compiler; default cc.
set -euo pipefail

root=$(cd "${1:?usage: core-only.sh SOURCE_ROOT}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"

for tool in meson ninja; do
	command -v "$tool" >/dev/null 2>&1 || irqmod_skip_or_fail core-only "$tool is not installed"
done

workdir=$(mktemp -d "${TMPDIR:-/tmp}/irqmod-core-only.XXXXXX")
trap 'rm -rf "$workdir"' EXIT

run() {
	if ! "$@" >"$workdir/log" 2>&1; then
		cat "$workdir/log"
		echo "FAIL core-only: '$*' failed"
		exit 1
	fi
}
# -Dtests=auto and -Dexamples=true (their defaults) must not pull anything in.
run meson setup "$workdir/build" "$root" -Dcore_only=true --prefix=/usr --libdir=lib
run ninja -C "$workdir/build"
run env DESTDIR="$workdir/stage" meson install -C "$workdir/build" --no-rebuild

fail=0
check() {
	if [ "$1" = present ] && [ ! -e "$2" ]; then
		echo "FAIL core-only: $2 is missing"
		fail=1
	elif [ "$1" = absent ] && [ -e "$2" ]; then
		echo "FAIL core-only: $2 was built or installed"
		fail=1
	fi
}
stage=$workdir/stage/usr
check present "$stage/lib/libirqmod.a"
check present "$stage/include/irqmod/irqmod.h"
check present "$stage/lib/pkgconfig/irqmod.pc"
check absent "$stage/include/irqmod/sim.h"
check absent "$stage/lib/pkgconfig/irqmod-sim.pc"
check absent "$stage/bin/irqmod-sim"
# Nothing but the core's static and shared library is a build target.
targets=$(meson introspect --targets "$workdir/build" |
	python3 -c 'import json, sys; print(" ".join(sorted(t["name"] for t in json.load(sys.stdin))))')
if [ "$targets" != "irqmod irqmod" ]; then
	echo "FAIL core-only: targets other than libirqmod: $targets"
	fail=1
fi
if ls "$stage/lib" | grep -q 'irqmod-sim'; then
	echo "FAIL core-only: the simulator library was installed"
	fail=1
fi
check present "$stage/lib/cmake/irqmod/irqmodConfig.cmake"
check present "$stage/lib/cmake/irqmod/irqmodConfigVersion.cmake"
[ "$fail" -eq 0 ] || exit 1

# CMake, with Ninja (a minimal machine has no make).
command -v cmake >/dev/null 2>&1 || irqmod_skip_or_fail core-only "cmake is not installed"
if ! CC="${CC:-cc}" cmake -G Ninja -S "$root/tests/install/cmake-core" -B "$workdir/cmake" \
	-DCMAKE_PREFIX_PATH="$stage" -DIRQMOD_SOURCE_ROOT="$root" >"$workdir/log" 2>&1 ||
	! cmake --build "$workdir/cmake" >>"$workdir/log" 2>&1; then
	cat "$workdir/log"
	echo "FAIL core-only: find_package(irqmod) on the core-only install (tests/install/cmake-core)"
	exit 1
fi
for program in consumer_shared consumer_static; do
	LD_LIBRARY_PATH="$stage/lib" "$workdir/cmake/$program" >/dev/null || {
		echo "FAIL core-only: the CMake consumer's $program failed"
		exit 1
	}
done
if cmake -G Ninja -S "$root/tests/install/cmake-core-sim" -B "$workdir/cmake-sim" \
	-DCMAKE_PREFIX_PATH="$stage" >"$workdir/log" 2>&1 ||
	! grep -q 'built with -Dcore_only=true' "$workdir/log"; then
	cat "$workdir/log"
	echo "FAIL core-only: find_package(irqmod COMPONENTS sim) on a core-only install did not fail naming core_only"
	exit 1
fi
echo "PASS core-only: -Dcore_only=true builds and installs libirqmod, its headers, irqmod.pc and the CMake config only; find_package(irqmod) builds the core's consumer"
