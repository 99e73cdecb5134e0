#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
#
# The shared library exports exactly the set its version script lists:
#  - the script's global names are the IRQMOD_API functions of the headers
#    (no API function left out of the script, no stale name in it);
#  - nm -D --defined-only of the built library lists those names and no
#    other (the script is what the linker used);
#  - every exported name carries the version node the script puts it in
#    (NAME@@NODE).
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

# The map: comments stripped; each global name with its version node
# (NAME@@NODE), one node per release (a later one inherits the earlier).
stripped=$(sed -e 's|/\*.*\*/||' -e '/\/\*/,/\*\//d' "$map")
pairs=$(awk '
	/^[A-Za-z_][A-Za-z0-9_.]*[[:space:]]*\{/ { node = $1; sub(/\{.*/, "", node); scope = ""; next }
	/^[[:space:]]*global:/ { scope = "global"; next }
	/^[[:space:]]*local:/ { scope = "local"; next }
	/^[[:space:]]*\}/ { node = ""; next }
	scope == "global" && node != "" && /^[[:space:]]*[A-Za-z_][A-Za-z0-9_]*\*?;[[:space:]]*$/ {
		name = $1; sub(/;$/, "", name); print name "@@" node
	}' <<<"$stripped" | sort)
api=$(irqmod_api_names "$@")
# A pattern (irqmod_mlx4_*: a kind's module) stands for the API names it
# matches, and must match one; two patterns may match the same name
# (irqmod_ixgbe_* and irqmod_ixgbe_legacy_* both match the latter's).
explicit=""
from_patterns=""
while IFS= read -r pair; do
	case $pair in
	*'*@@'*)
		prefix=${pair%%\**}
		matches=$(grep "^$prefix" <<<"$api" || true)
		[ -n "$matches" ] || fail "pattern ${pair%%@@*} matches no IRQMOD_API function"
		from_patterns+=$(sed "s/\$/@@${pair##*@@}/" <<<"$matches")$'\n' ;;
	*) explicit+=$pair$'\n' ;;
	esac
done <<<"$pairs"
pairs=$( { grep -v '^$' <<<"$explicit" || true; grep -v '^$' <<<"$from_patterns" | sort -u || true; } | sort)
[ -n "$pairs" ] || fail "$map lists no global symbol"
listed=$(sed 's/@@.*//' <<<"$pairs" | sort)
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
each_missing "$api" "$listed" "is IRQMOD_API in the headers but missing from $script"
each_missing "$listed" "$api" "is listed in $script but no header declares it IRQMOD_API"

# What the library exports (defined, dynamic; the node itself is an 'A'
# entry), with versions.
versioned=$(nm -D --defined-only --with-symbol-versions "$library" |
	awk 'NF == 3 && $2 != "A" { print $3 }' | sort -u)
exported=$(sed 's/@.*//' <<<"$versioned" | sort -u)
each_missing "$exported" "$listed" "is exported but $script does not list it"
each_missing "$listed" "$exported" "is listed in $script but not exported"
# Each name in the node the map puts it in (the script reached the linker).
each_missing "$versioned" "$pairs" "is exported, but not in that version node of $script"

[ "$failures" -eq 0 ] || exit 1
echo "PASS abi ($name): exports exactly the $(wc -l <<<"$listed") symbols of $script, each in its version node ($(sed 's/.*@@//' <<<"$pairs" | sort -u | paste -sd' ')), the IRQMOD_API functions of its headers"
