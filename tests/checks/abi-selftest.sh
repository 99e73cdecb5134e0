#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
#
# abi.sh rejects what it is there to catch, on the real library: a map that
# leaves an API function out, a map that lists a name the headers do not
# declare, and a map that moves a function to another version node than
# the one the library was linked with. The real map must pass.
#
# Usage: abi-selftest.sh MAP SHARED_LIBRARY HEADER...
set -euo pipefail

map=${1:?usage: abi-selftest.sh MAP SHARED_LIBRARY HEADER...}
library=${2:?usage: abi-selftest.sh MAP SHARED_LIBRARY HEADER...}
shift 2
here=$(cd "$(dirname "$0")" && pwd)
workdir=$(mktemp -d "${TMPDIR:-/tmp}/irqmod-abi-selftest.XXXXXX")
trap 'rm -rf "$workdir"' EXIT
failures=0

expect() { # expect pass|fail DESCRIPTION MAP
	local status=0
	bash "$here/abi.sh" "$3" "$library" "${headers[@]}" >"$workdir/log" 2>&1 || status=$?
	if { [ "$1" = pass ] && [ "$status" -ne 0 ]; } || { [ "$1" = fail ] && [ "$status" -eq 0 ]; }; then
		cat "$workdir/log"
		echo "FAIL abi-selftest: abi.sh should $1 on $2"
		failures=$((failures + 1))
	fi
}
headers=("$@")
run() { expect "$1" "$2" "$3"; }

run pass "the real map" "$map"
first=$(sed -n 's/^[[:space:]]*\(irqmod_[a-z0-9_]*\);$/\1/p' "$map" | head -n 1)
[ -n "$first" ] || { echo "FAIL abi-selftest: no symbol in $map"; exit 1; }
sed "/^[[:space:]]*$first;\$/d" "$map" >"$workdir/missing.map"
run fail "a map without $first" "$workdir/missing.map"
sed "s/^\\([[:space:]]*\\)$first;\$/&\\n\\1irqmod_no_such_function;/" "$map" >"$workdir/extra.map"
run fail "a map listing irqmod_no_such_function" "$workdir/extra.map"
{ sed "/^[[:space:]]*$first;\$/d" "$map"
  node=$(sed -n 's/^\([A-Za-z_][A-Za-z0-9_.]*\)[[:space:]]*{.*/\1/p' "$map" | tail -n 1)
  printf 'IRQMOD_SELFTEST_9 {\nglobal:\n\t%s;\n} %s;\n' "$first" "$node"; } >"$workdir/moved.map"
run fail "a map moving $first to another node" "$workdir/moved.map"

[ "$failures" -eq 0 ] || exit 1
echo "PASS abi-selftest: abi.sh passes the real map and rejects a missing, an extra and a moved symbol"
