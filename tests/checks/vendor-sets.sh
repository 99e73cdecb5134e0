#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
#
# Which lib/*.c files each controller needs when vendored alone: computed
# from the core's objects, so docs/kernel.md's list cannot go stale.
#
# Usage: vendor-sets.sh MODE SOURCE_ROOT FILE...
#   MODE is one of
#     print    the markdown rows of the list (one per controller)
#     update   rewrite the block between the vendor-sets markers of
#              SOURCE_ROOT/docs/kernel.md with those rows
#     check    the block in docs/kernel.md equals the rows, and each set,
#              compiled and linked (ld -r) alone, leaves no symbol undefined
#   FILE... are the core sources (irqmod_core_sources of lib/meson.build).
#
# A controller is a file that defines irqmod_<name>_update() (or, where the
# counting path is inline in the header as for DIM, irqmod_<name>_update_window(),
# or the floor helper's irqmod_floor_interval()); its set is the smallest set of core
# files that defines every symbol the file needs, transitively.
# Exit status: 0 pass, 1 fail, 77 skip (a tool is missing).
set -euo pipefail

. "$(dirname "$0")/common.sh"

mode=${1:?usage: vendor-sets.sh MODE SOURCE_ROOT FILE...}
root=$(cd "${2:?usage: vendor-sets.sh MODE SOURCE_ROOT FILE...}" && pwd -P)
shift 2
docs="$root/docs/kernel.md"
begin='<!-- BEGIN vendor-sets (tests/checks/vendor-sets.sh update) -->'
end='<!-- END vendor-sets -->'

for tool in gcc nm ld; do
	command -v "$tool" >/dev/null 2>&1 || irqmod_skip_or_fail vendor-sets "$tool is not installed"
done

work=$(mktemp -d "${TMPDIR:-/tmp}/irqmod-vendor.XXXXXX")
trap 'rm -rf "$work"' EXIT
flags=(-std=c11 -O2 -ffreestanding -nostdlib -fno-builtin -fno-stack-protector
	-I"$root/include" -I"$root/lib")

declare -A defines=()	# symbol -> file (basename.c)
files=()
for file in "$@"; do
	case $file in /*) ;; *) file="$root/$file" ;; esac
	file=$(readlink -f -- "$file")
	name=$(basename "$file")
	files+=("$name")
	gcc "${flags[@]}" -c "$file" -o "$work/$name.o"
	nm -u "$work/$name.o" | awk '{ print $NF }' | sort -u >"$work/$name.undef"
	nm -g --defined-only "$work/$name.o" | awk '{ print $NF }' >"$work/$name.def"
	while read -r symbol; do defines[$symbol]=$name; done <"$work/$name.def"
done

# closure FILE: the files FILE needs, itself included, sorted.
closure() {
	local -A set=([$1]=1)
	local changed=1 file symbol
	while [ "$changed" = 1 ]; do
		changed=0
		for file in "${!set[@]}"; do
			while read -r symbol; do
				[ -n "$symbol" ] || continue
				if [ -z "${defines[$symbol]:-}" ]; then
					echo "vendor-sets: $file needs '$symbol', which no core file defines" >&2
					exit 1
				fi
				if [ -z "${set[${defines[$symbol]}]:-}" ]; then
					set[${defines[$symbol]}]=1
					changed=1
				fi
			done <"$work/$file.undef"
		done
	done
	printf '%s\n' "${!set[@]}" | sort
}

rows() {
	local file name
	for file in $(printf '%s\n' "${files[@]}" | sort); do
		name=$(grep -xE 'irqmod_[a-z0-9_]+_update(_window)?|irqmod_floor_interval' "$work/$file.def" |
			head -n 1 | sed 's/^irqmod_//; s/_update_window$//; s/_update$//; s/_interval$//') || true
		[ -n "$name" ] || continue
		printf '| `%s` | %s |\n' "$name" \
			"$(closure "$file" | sed 's/^/`lib\//; s/$/`/' | paste -sd, - | sed 's/,/, /g')"
	done
}

block() {
	echo "$begin"
	echo '| entry point | files it needs (generated from the build) |'
	echo '|---|---|'
	rows
	echo "$end"
}

case $mode in
print)
	rows
	;;
update)
	block >"$work/block"
	awk -v begin="$begin" -v end="$end" -v blockfile="$work/block" '
		$0 == begin { while ((getline line < blockfile) > 0) print line; skip = 1; next }
		$0 == end { skip = 0; next }
		!skip { print }' "$docs" >"$work/kernel.md"
	grep -qxF "$begin" "$docs" || { echo "vendor-sets: no marker in $docs" >&2; exit 1; }
	cp "$work/kernel.md" "$docs"
	;;
check)
	failures=0
	block >"$work/block"
	awk -v begin="$begin" -v end="$end" '
		$0 == begin { keep = 1 } keep { print } $0 == end { keep = 0 }' "$docs" >"$work/docs-block"
	if ! diff -u "$work/docs-block" "$work/block"; then
		echo "FAIL vendor-sets: docs/kernel.md's list differs from the build" \
			"(run tests/checks/vendor-sets.sh update SOURCE_ROOT lib/*.c)"
		failures=$((failures + 1))
	fi
	for file in $(printf '%s\n' "${files[@]}" | sort); do
		grep -qxE 'irqmod_[a-z0-9_]+_update(_window)?|irqmod_floor_interval' "$work/$file.def" || continue
		objects=()
		for needed in $(closure "$file"); do objects+=("$work/$needed.o"); done
		ld -r -o "$work/set.o" "${objects[@]}"
		undefined=$(nm -u "$work/set.o" | awk '{ print $NF }' | paste -sd' ' -)
		if [ -n "$undefined" ]; then
			echo "FAIL vendor-sets: the set of $file leaves undefined: $undefined"
			failures=$((failures + 1))
		fi
	done
	[ "$failures" = 0 ] || exit 1
	echo "vendor-sets: every set links alone and docs/kernel.md matches"
	;;
*)
	echo "vendor-sets.sh: unknown mode $mode" >&2
	exit 2
	;;
esac
