#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
#
# Proves that an installed irqmod is usable: `meson install --destdir` into a
# scratch folder, then check what landed there (headers under
# include/irqmod/, static and versioned shared library, irqmod.pc, only
# irqmod_ symbols exported and every IRQMOD_API function among them), and
# build tests/install/consumer.c against the installed copy through
# pkg-config, linked shared and static, and run both. Then the simulator:
# examples/custom_controller.c built with `pkg-config --libs irqmod-sim`
# alone (irqmod-sim.pc brings the core through Requires), shared and
# --static, and run; examples/scenario_run.c the same way through
# irqmod-scenario.pc alone. Last, CMake (with Ninja: a minimal machine has no
# make): irqmodConfigVersion.cmake's answers to version requests
# (tests/install/cmake-version/), then tests/install/cmake/ configured with
# find_package(irqmod) against the staged prefix, built and run.
#
# Usage: install.sh BUILD_ROOT SOURCE_ROOT VERSION HEADER...
#   CC (environment) is the C compiler for the consumer; default cc.
set -euo pipefail

usage="usage: install.sh BUILD_ROOT SOURCE_ROOT VERSION HEADER..."
build=$(cd "${1:?$usage}" && pwd)
root=$(cd "${2:?$usage}" && pwd)
version=${3:?$usage}
shift 3
headers=("$@")
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"

for tool in meson pkg-config nm readelf cmake ninja "${CC:-cc}"; do
	command -v "$tool" >/dev/null 2>&1 || irqmod_skip_or_fail install "$tool is not installed"
done

failures=0
fail() {
	echo "FAIL install: $*"
	failures=$((failures + 1))
}
finish() {
	[ "$failures" -eq 0 ] || exit 1
	echo "PASS install: headers, libirqmod.a, libirqmod.so.$version, irqmod.pc, irqmod-sim.pc, irqmod-scenario.pc, irqmodConfig.cmake; consumer, custom_controller and scenario_run built shared and static through pkg-config and CMake"
	exit 0
}

irqmod_stage_install install "$build"

# Find what was installed; the prefix and libdir are the build's choice.
find_one() {
	find "$destdir" -name "$1" \( -type f -o -type l \) | head -n 1
}
pc=$(find_one irqmod.pc)
static_library=$(find_one libirqmod.a)
shared_library=$(find_one "libirqmod.so.$version")
[ -n "$pc" ] || fail "irqmod.pc was not installed"
[ -n "$static_library" ] || fail "libirqmod.a was not installed"
[ -n "$shared_library" ] || fail "libirqmod.so.$version was not installed"
[ "$failures" -eq 0 ] || finish
libdir=$(dirname "$shared_library")
for link in libirqmod.so libirqmod.so.0; do
	[ -L "$libdir/$link" ] || fail "$link is not installed as a link to libirqmod.so.$version"
done

soname=$(readelf -d "$shared_library" | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')
[ "$soname" = libirqmod.so.0 ] || fail "soname is '$soname', expected libirqmod.so.0"

installed_headers=()
for header in "${headers[@]}"; do
	name=$(basename "$header")
	installed=$(find "$destdir" -path "*/include/irqmod/$name" -type f | head -n 1)
	if [ -z "$installed" ]; then
		fail "include/irqmod/$name was not installed"
	else
		installed_headers+=("$installed")
	fi
done
# Every header of include/irqmod/ is installed, by irqmod_public_headers or
# another install_headers(): a program that builds here must build there.
for file in "$root"/include/irqmod/*.h; do
	[ -n "$(find "$destdir" -path "*/include/irqmod/$(basename "$file")" -type f)" ] ||
		fail "include/irqmod/$(basename "$file") is not installed (add it to irqmod_public_headers in lib/meson.build)"
done
[ "$failures" -eq 0 ] || finish

# The version macros of irqmod/common.h must match the project version.
header_version=$(for part in MAJOR MINOR PATCH; do
	sed -n "s/^#define IRQMOD_VERSION_$part \([0-9]*\).*/\1/p" "${installed_headers[@]}"
done | paste -sd.)
[ "$header_version" = "$version" ] ||
	fail "IRQMOD_VERSION_* in the headers say '$header_version', meson.build says $version"

# Hidden visibility: the shared library exports the API and nothing else.
# (Names without their version, NAME@@IRQMOD_0.1: abi.sh checks those.)
exported=$(nm -D --defined-only "$shared_library" | awk '$2 ~ /^[TDRBVW]$/ { sub(/@.*/, "", $3); print $3 }' | sort -u)
while read -r symbol; do
	[ -n "$symbol" ] || continue
	case $symbol in
	irqmod_*) ;;
	*) fail "libirqmod.so exports '$symbol', which is not irqmod_ API (visibility)" ;;
	esac
done <<<"$exported"
while read -r function; do
	grep -qx -- "$function" <<<"$exported" ||
		fail "$function is declared IRQMOD_API in the installed headers but libirqmod.so does not export it"
done < <(irqmod_api_names "${installed_headers[@]}")

# pkg-config as a user would run it; the sysroot maps the .pc's prefix into
# the scratch folder.
export PKG_CONFIG_PATH
PKG_CONFIG_PATH=$(dirname "$pc")
export PKG_CONFIG_SYSROOT_DIR="$destdir"
pc_version=$(pkg-config --modversion irqmod)
[ "$pc_version" = "$version" ] || fail "irqmod.pc says version '$pc_version', expected $version"
read -r -a cflags <<<"$(pkg-config --cflags irqmod)"
read -r -a libs <<<"$(pkg-config --libs irqmod)"

compiler=${CC:-cc}
consumer="$root/tests/install/consumer.c"
if ! $compiler -std=c11 -Wall -Wextra -Werror "${cflags[@]}" "$consumer" "${libs[@]}" \
	-o "$workdir/consumer-shared" 2>"$workdir/log"; then
	cat "$workdir/log"
	fail "consumer.c does not build with pkg-config --cflags --libs irqmod"
elif ! readelf -d "$workdir/consumer-shared" | grep -q 'NEEDED.*libirqmod\.so\.0'; then
	fail "the shared consumer does not need libirqmod.so.0"
elif ! LD_LIBRARY_PATH="$libdir" "$workdir/consumer-shared"; then
	fail "the shared consumer failed"
fi

if ! $compiler -std=c11 -Wall -Wextra -Werror "${cflags[@]}" "$consumer" "$static_library" \
	-o "$workdir/consumer-static" 2>"$workdir/log"; then
	cat "$workdir/log"
	fail "consumer.c does not build against the installed libirqmod.a"
elif ! "$workdir/consumer-static" >/dev/null; then
	fail "the static consumer failed"
fi

# The simulator through irqmod-sim.pc alone: its Libs and Requires must
# bring the core (custom_controller.c calls irqmod_strerror()).
sim_pc=$(find_one irqmod-sim.pc)
sim_shared=$(find_one "libirqmod-sim.so.$version")
[ -n "$sim_pc" ] || fail "irqmod-sim.pc was not installed"
[ -n "$sim_shared" ] || fail "libirqmod-sim.so.$version was not installed"
[ "$failures" -eq 0 ] || finish
if ! readelf -d "$sim_shared" | grep -q 'NEEDED.*libirqmod\.so\.0'; then
	fail "libirqmod-sim.so does not need libirqmod.so.0 (it must link the shared core)"
fi
if nm -D --defined-only "$sim_shared" | awk '{ sub(/@.*/, "", $3); print $3 }' | grep -qx irqmod_strerror; then
	fail "libirqmod-sim.so exports irqmod_strerror: it carries its own copy of the core"
fi
custom="$root/examples/custom_controller.c"
read -r -a sim_cflags <<<"$(pkg-config --cflags irqmod-sim)"
read -r -a sim_libs <<<"$(pkg-config --libs irqmod-sim)"
if ! $compiler -std=c11 -Wall -Wextra -Werror "${sim_cflags[@]}" "$custom" "${sim_libs[@]}" \
	-o "$workdir/custom-shared" 2>"$workdir/log"; then
	cat "$workdir/log"
	fail "custom_controller.c does not build with pkg-config --cflags --libs irqmod-sim (alone)"
elif ! LD_LIBRARY_PATH="$libdir" "$workdir/custom-shared" >/dev/null; then
	fail "custom_controller built against irqmod-sim.pc failed"
fi
# Static: the two irqmod archives taken first (-Bstatic), then what
# irqmod-sim.pc declares they need: its own Libs.private (libm) and its
# Requires.private (libpcap) linked shared. `pkg-config --static` would
# also pull libpcap's own private list (libsystemd, ...), which is
# libpcap's business and not installed everywhere.
private_libs=$(sed -n 's/^Libs\.private: *//p' "$sim_pc")
grep -qw -- -lm <<<"$private_libs" || fail "irqmod-sim.pc's Libs.private lacks -lm (libirqmod-sim.a needs libm)"
sim_static_libs=()
read -r -a sim_static_libs <<<"$private_libs"
for module in $(pkg-config --print-requires-private irqmod-sim | awk '{ print $1 }'); do
	read -r -a module_libs <<<"$(pkg-config --libs "$module")"
	sim_static_libs+=("${module_libs[@]}")
done
if ! $compiler -std=c11 -Wall -Wextra -Werror "${sim_cflags[@]}" "$custom" \
	-L"$libdir" -Wl,-Bstatic -lirqmod-sim -lirqmod -Wl,-Bdynamic "${sim_static_libs[@]}" \
	-o "$workdir/custom-static" 2>"$workdir/log"; then
	cat "$workdir/log"
	fail "custom_controller.c does not build against the installed static libraries with irqmod-sim.pc's private libraries"
elif readelf -d "$workdir/custom-static" | grep -q 'NEEDED.*libirqmod'; then
	fail "the static custom_controller still needs a shared irqmod library"
elif ! "$workdir/custom-static" >/dev/null; then
	fail "the static custom_controller failed"
fi

# The scenario reader through irqmod-scenario.pc alone (Requires: irqmod-sim,
# which brings the core): examples/scenario_run.c built shared and static and
# run on a shipped scenario, shortened.
scenario_pc=$(find_one irqmod-scenario.pc)
scenario_shared=$(find_one "libirqmod-scenario.so.$version")
[ -n "$scenario_pc" ] || fail "irqmod-scenario.pc was not installed"
[ -n "$scenario_shared" ] || fail "libirqmod-scenario.so.$version was not installed"
[ "$failures" -eq 0 ] || finish
scenario_args=("$root/scenarios/udp-stream-10g.ini" run.duration=20ms run.warmup=5ms)
# The model library parses no controller names (issue 12 section 1).
if nm -D --defined-only "$sim_shared" | grep -q 'irqmod_sim_controller_by_name'; then
	fail "libirqmod-sim.so still exports irqmod_sim_controller_by_name: names are the scenario library's"
fi
scenario_example="$root/examples/scenario_run.c"
read -r -a scenario_cflags <<<"$(pkg-config --cflags irqmod-scenario)"
read -r -a scenario_libs <<<"$(pkg-config --libs irqmod-scenario)"
if ! $compiler -std=c11 -Wall -Wextra -Werror "${scenario_cflags[@]}" "$scenario_example" \
	"${scenario_libs[@]}" -o "$workdir/scenario-shared" 2>"$workdir/log"; then
	cat "$workdir/log"
	fail "scenario_run.c does not build with pkg-config --cflags --libs irqmod-scenario (alone)"
elif ! readelf -d "$workdir/scenario-shared" | grep -q 'NEEDED.*libirqmod-scenario\.so\.0'; then
	fail "the shared scenario_run does not need libirqmod-scenario.so.0"
elif ! LD_LIBRARY_PATH="$libdir" "$workdir/scenario-shared" "${scenario_args[@]}" >/dev/null; then
	fail "scenario_run built against irqmod-scenario.pc failed"
fi
if ! $compiler -std=c11 -Wall -Wextra -Werror "${scenario_cflags[@]}" "$scenario_example" \
	-L"$libdir" -Wl,-Bstatic -lirqmod-scenario -lirqmod-sim -lirqmod -Wl,-Bdynamic \
	"${sim_static_libs[@]}" -o "$workdir/scenario-static" 2>"$workdir/log"; then
	cat "$workdir/log"
	fail "scenario_run.c does not build against the installed static libraries"
elif readelf -d "$workdir/scenario-static" | grep -q 'NEEDED.*libirqmod'; then
	fail "the static scenario_run still needs a shared irqmod library"
elif ! "$workdir/scenario-static" "${scenario_args[@]}" >/dev/null; then
	fail "the static scenario_run failed"
fi

# CMake: find_package(irqmod) from the staged tree (the config finds its
# prefix from its own location), every target used, each program run.
cmake_config=$(find_one irqmodConfig.cmake)
[ -n "$cmake_config" ] || fail "irqmodConfig.cmake was not installed"
[ -n "$(find_one irqmodConfigVersion.cmake)" ] || fail "irqmodConfigVersion.cmake was not installed"
[ "$failures" -eq 0 ] || finish
# The staged prefix: the folder holding include/irqmod/irqmod.h's include/.
staged_prefix=$(dirname "$(dirname "$(find "$destdir" -path '*/include/irqmod/irqmod.h' | head -n 1)")")
staged_prefix=$(dirname "$staged_prefix")
# Which version requests the version file accepts: the same minor version
# and not newer than this one, or a range around it.
version_minor=$(echo "$version" | cut -d. -f1-2)
next_minor=$(echo "$version" | awk -F. '{ print $1 "." $2 + 1 }')
next_major=$(echo "$version" | awk -F. '{ print $1 + 1 ".0" }')
for ask in "$version_minor" "$version" "!0.0" "$version_minor...$next_major" \
	"!$next_minor" "!$next_major" "!$next_minor...$next_major"; do
	want=accepted
	case $ask in !*) want=refused; ask=${ask#!} ;; esac
	got=refused
	rm -rf "$workdir/cmake-version"
	if cmake -G Ninja -S "$root/tests/install/cmake-version" -B "$workdir/cmake-version" \
		-Dirqmod_DIR="$(dirname "$cmake_config")" -DIRQMOD_ASK="$ask" >"$workdir/log" 2>&1; then
		got=accepted
	elif ! grep -q 'considered but not accepted' "$workdir/log"; then
		got="refused for another reason than its version ($(grep -m1 -i error "$workdir/log"))"
	fi
	[ "$got" = "$want" ] ||
		fail "find_package(irqmod $ask) is $got by irqmodConfigVersion.cmake of $version; it should be $want"
done
# Ninja, which the build already needs: no make on a minimal machine.
cmake_build="$workdir/cmake-build"
if ! CC="${CC:-cc}" cmake -G Ninja -S "$root/tests/install/cmake" -B "$cmake_build" \
	-DCMAKE_PREFIX_PATH="$staged_prefix" -DIRQMOD_SOURCE_ROOT="$root" \
	>"$workdir/log" 2>&1; then
	cat "$workdir/log"
	fail "the CMake consumer (tests/install/cmake) does not configure with find_package(irqmod)"
elif ! cmake --build "$cmake_build" >"$workdir/log" 2>&1; then
	cat "$workdir/log"
	fail "the CMake consumer (tests/install/cmake) does not build"
else
	for program in consumer_shared consumer_static custom_shared custom_static; do
		LD_LIBRARY_PATH="$libdir" "$cmake_build/$program" >/dev/null ||
			fail "the CMake consumer's $program failed"
	done
	for program in scenario_shared scenario_static; do
		LD_LIBRARY_PATH="$libdir" "$cmake_build/$program" "${scenario_args[@]}" >/dev/null ||
			fail "the CMake consumer's $program failed"
	done
	readelf -d "$cmake_build/scenario_shared" | grep -q 'NEEDED.*libirqmod-scenario\.so\.0' ||
		fail "CMake's scenario_shared does not need libirqmod-scenario.so.0"
	readelf -d "$cmake_build/custom_shared" | grep -q 'NEEDED.*libirqmod-sim\.so\.0' ||
		fail "CMake's custom_shared does not need libirqmod-sim.so.0 (irqmod::sim is not the shared library)"
	if readelf -d "$cmake_build/custom_static" | grep -q 'NEEDED.*libirqmod'; then
		fail "CMake's custom_static needs a shared irqmod library (irqmod::sim_static is not static)"
	fi
fi

finish
