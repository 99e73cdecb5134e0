#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
#
# Proves that an installed irqmod is usable: `meson install --destdir` into a
# scratch folder, then check what landed there (headers under
# include/irqmod/, static and versioned shared library, irqmod.pc, only
# irqmod_ symbols exported and every IRQMOD_API function among them), and
# build tests/install/consumer.c against the installed copy through
# pkg-config, linked shared and static, and run both.
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

for tool in meson pkg-config nm readelf "${CC:-cc}"; do
	command -v "$tool" >/dev/null 2>&1 || irqmod_skip_or_fail install "$tool is not installed"
done

failures=0
fail() {
	echo "FAIL install: $*"
	failures=$((failures + 1))
}
finish() {
	[ "$failures" -eq 0 ] || exit 1
	echo "PASS install: headers, libirqmod.a, libirqmod.so.$version, irqmod.pc; consumer built shared and static"
	exit 0
}

workdir=$(mktemp -d "${TMPDIR:-/tmp}/irqmod-install.XXXXXX")
trap 'rm -rf "$workdir"' EXIT
destdir="$workdir/destdir"

if ! meson install -C "$build" --no-rebuild --destdir "$destdir" >"$workdir/log" 2>&1; then
	cat "$workdir/log"
	fail "meson install --destdir failed"
	finish
fi

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
exported=$(nm -D --defined-only "$shared_library" | awk '$2 ~ /^[TDRBVW]$/ { print $3 }' | sort -u)
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

finish
