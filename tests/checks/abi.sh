#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
#
# The shared library exports exactly the set its version script lists:
#  - the script's global names are the IRQMOD_API functions of the headers
#    (no API function left out of the script, no stale name in it);
#  - nm -D --defined-only of the built library lists those names and no
#    other (the script is what the linker used);
#  - every exported name carries the script's version node (NAME@@NODE).
#
# Usage: abi.sh MAP SHARED_LIBRARY HEADER...
set -euo pipefail

usage="usage: abi.sh MAP SHARED_LIBRARY HEADER..."
map=${1:?$usage}
library=${2:?$usage}
shift 2
[ $# -gt 0 ] || { echo "$usage" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"

for tool in nm readelf; do
	command -v "$tool" >/dev/null 2>&1 || irqmod_skip_or_fail abi "$tool is not installed"
done
name=$(basename "$library")
failures=0
fail() {
	echo "FAIL abi ($name): $*"
	failures=$((failures + 1))
}

# The map: comments stripped, the one node's name and its global names.
stripped=$(sed -e 's|/\*.*\*/||' -e '/\/\*/,/\*\//d' "$map")
nodes=$(sed -n 's/^\([A-Za-z_][A-Za-z0-9_.]*\)[[:space:]]*{.*/\1/p' <<<"$stripped")
[ "$(wc -l <<<"$nodes")" -eq 1 ] && [ -n "$nodes" ] ||
	fail "$map must hold one version node, found: '$(paste -sd' ' <<<"$nodes")'"
node=$(head -n 1 <<<"$nodes")
listed=$(sed -n '/^global:/,/^local:/p' <<<"$stripped" |
	sed -n 's/^[[:space:]]*\([A-Za-z_][A-Za-z0-9_]*\);[[:space:]]*$/\1/p' | sort)
[ -n "$listed" ] || fail "$map lists no global symbol"
[ -z "$(uniq -d <<<"$listed")" ] || fail "$map lists twice: $(uniq -d <<<"$listed" | paste -sd' ')"
listed=$(sort -u <<<"$listed")

# each_missing LIST_A LIST_B MESSAGE: fail for each name of A not in B.
each_missing() {
	local symbol
	while read -r symbol; do
		[ -z "$symbol" ] || fail "$symbol $3"
	done < <(comm -23 <(echo "$1") <(echo "$2"))
}
script=$(basename "$map")
api=$(irqmod_api_names "$@")
each_missing "$api" "$listed" "is IRQMOD_API in the headers but missing from $script"
each_missing "$listed" "$api" "is listed in $script but no header declares it IRQMOD_API"

# What the library exports (defined, dynamic; the node itself is an 'A'
# entry), with versions.
versioned=$(nm -D --defined-only --with-symbol-versions "$library" |
	awk 'NF == 3 && $2 != "A" { print $3 }' | sort -u)
exported=$(sed 's/@.*//' <<<"$versioned" | sort -u)
each_missing "$exported" "$listed" "is exported but $script does not list it"
each_missing "$listed" "$exported" "is listed in $script but not exported"
while read -r entry; do
	[ -n "$entry" ] || continue
	case $entry in
	*"@@$node") ;;
	*) fail "$entry is not in version node $node (was the version script passed to the linker?)" ;;
	esac
done <<<"$versioned"

[ "$failures" -eq 0 ] || exit 1
echo "PASS abi ($name): exports exactly the $(wc -l <<<"$listed") symbols of $script, all @@$node, the IRQMOD_API functions of its headers"
