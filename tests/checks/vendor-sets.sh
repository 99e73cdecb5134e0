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

# Every file compiled at once (each is small; the compilers share the
# cores), then its undefined and defined global symbols, "file symbol" per
# line, from one nm call each.
files=()
pids=()
for file in "$@"; do
	case $file in /*) ;; *) file="$root/$file" ;; esac
	file=$(readlink -f -- "$file")
	name=$(basename "$file")
	files+=("$name")
	gcc "${flags[@]}" -c "$file" -o "$work/$name.o" &
	pids+=($!)
done
for pid in "${pids[@]}"; do
	wait "$pid" || { echo "vendor-sets: a core file does not compile freestanding" >&2; exit 1; }
done
objects=()
for name in "${files[@]}"; do objects+=("$work/$name.o"); done
nm -A -u "${objects[@]}" |
	awk '{ file = $1; sub(/\.o:$/, "", file); sub(/.*\//, "", file); print file, $NF }' >"$work/undef"
nm -A -g --defined-only "${objects[@]}" |
	awk '{ file = $1; sub(/\.o:.*$/, "", file); sub(/.*\//, "", file); print file, $NF }' >"$work/def"

# The sets: for each controller file (one that defines an entry point),
# "file set-member..." with the members sorted, computed once as the
# transitive closure of "needs a symbol that file defines".
entry='^irqmod_[a-z0-9_]+_update(_window)?$|^irqmod_floor_interval$'
awk -v entry="$entry" '
	FILENAME == ARGV[1] { definer[$2] = $1; if ($2 ~ entry && !($1 in name)) name[$1] = $2; next }
	{
		if (!($2 in definer)) {
			printf "vendor-sets: %s needs '\''%s'\'', which no core file defines\n", $1, $2 > "/dev/stderr"
			failed = 1
			exit 1
		}
		if (definer[$2] != $1) needs[$1] = needs[$1] " " definer[$2]
	}
	END {
		if (failed) exit 1
		for (file in name) {
			delete member
			member[file] = 1
			queue[0] = file
			head = 0; tail = 1
			while (head < tail) {
				n = split(needs[queue[head++]], direct, " ")
				for (i = 1; i <= n; i++)
					if (!(direct[i] in member)) { member[direct[i]] = 1; queue[tail++] = direct[i] }
			}
			line = ""
			for (m in member) line = line " " m
			print file "\t" name[file] line
		}
	}' "$work/def" "$work/undef" >"$work/sets.raw"
# Members sorted, rows sorted by file.
while IFS=$'\t' read -r file rest; do
	read -r -a words <<<"$rest"
	printf '%s\t%s\t%s\n' "$file" "${words[0]}" "$(printf '%s\n' "${words[@]:1}" | sort | paste -sd' ' -)"
done <"$work/sets.raw" | sort >"$work/sets"

rows() {
	local file symbol members name
	while IFS=$'\t' read -r file symbol members; do
		name=$(sed 's/^irqmod_//; s/_update_window$//; s/_update$//; s/_interval$//' <<<"$symbol")
		printf '| `%s` | %s |\n' "$name" "$(sed 's/\([^ ]*\)/`lib\/\1`/g; s/ /, /g' <<<"$members")"
	done <"$work/sets"
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
	while IFS=$'\t' read -r file _ members; do
		objects=()
		for needed in $members; do objects+=("$work/$needed.o"); done
		ld -r -o "$work/set.o" "${objects[@]}"
		undefined=$(nm -u "$work/set.o" | awk '{ print $NF }' | paste -sd' ' -)
		if [ -n "$undefined" ]; then
			echo "FAIL vendor-sets: the set of $file leaves undefined: $undefined"
			failures=$((failures + 1))
		fi
	done <"$work/sets"
	[ "$failures" = 0 ] || exit 1
	echo "vendor-sets: every set links alone and docs/kernel.md matches"
	;;
*)
	echo "vendor-sets.sh: unknown mode $mode" >&2
	exit 2
	;;
esac
