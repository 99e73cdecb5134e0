#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
#
# Which lib/*.c files each controller needs when vendored alone: computed
# from the objects of the core's kernel flavour (scripts/kernel-flavour), so
# docs/kernel.md's list cannot go stale, and each set linked.
#
# Usage: vendor-sets.sh MODE SOURCE_ROOT FILE...
#   MODE is one of
#     print    the markdown rows of the list (one per controller)
#     update   rewrite the blocks between the vendor-sets and vendor-makefile
#              markers of SOURCE_ROOT/docs/kernel.md with those rows and
#              with the in-tree Makefile of the page's example
#     check    both blocks in docs/kernel.md equal what update writes, and
#              each set links: a final static link (ld, no symbol left
#              undefined) of the set's objects, from its entry point; the
#              example's set with docs/kernel.md's example itself
#   FILE... are the core sources (irqmod_core_sources of lib/meson.build).
#
# The flavour compiles freestanding against tests/checks/kernel-shim, a few
# lines of the kernel's API written for this check (as zstd compiles its
# kernel copy against fake kernel headers), with -Wall -Wextra -Werror.
# A controller is a file that defines irqmod_<name>_update() (or, where the
# counting path is inline in the header as for DIM, irqmod_<name>_update_window(),
# or the floor helper's irqmod_floor_interval()); its set is the smallest set of core
# files that defines every symbol the file needs, transitively. The row
# `example` is the set of the C example between the example markers of
# docs/kernel.md (the NAPI poll), compiled with the shim; the kernel
# functions it calls come from tests/checks/kernel-shim/kernel-stubs.c.
# Exit status: 0 pass, 1 fail, 77 skip (a tool is missing).
set -euo pipefail

. "$(dirname "$0")/common.sh"

mode=${1:?usage: vendor-sets.sh MODE SOURCE_ROOT FILE...}
root=$(cd "${2:?usage: vendor-sets.sh MODE SOURCE_ROOT FILE...}" && pwd -P)
shift 2
docs="$root/docs/kernel.md"
begin='<!-- BEGIN vendor-sets (tests/checks/vendor-sets.sh update) -->'
end='<!-- END vendor-sets -->'
make_begin='<!-- BEGIN vendor-makefile (tests/checks/vendor-sets.sh update) -->'
make_end='<!-- END vendor-makefile -->'
example_begin='<!-- BEGIN example (tests/checks/vendor-sets.sh compiles and links it) -->'
example_end='<!-- END example -->'
shim="$root/tests/checks/kernel-shim"

for tool in gcc nm ld python3; do
	command -v "$tool" >/dev/null 2>&1 || irqmod_skip_or_fail vendor-sets "$tool is not installed"
done

work=$(mktemp -d "${TMPDIR:-/tmp}/irqmod-vendor.XXXXXX")
trap 'rm -rf "$work"' EXIT
flavour="$work/flavour"
python3 "$root/scripts/kernel-flavour" "$flavour"
flags=(-std=c11 -O2 -ffreestanding -nostdlib -fno-builtin -fno-stack-protector
	-Wall -Wextra -Werror -D__KERNEL__ -I"$shim" -I"$flavour/include" -I"$flavour/lib")

# docs/kernel.md's example, as the page shows it, with a caller of its two
# functions (static ones) and the kernel's stubs.
awk -v begin="$example_begin" -v end="$example_end" '
	$0 == begin { keep = 1; next } $0 == end { keep = 0 }
	keep && !/^```/ { print }' "$docs" >"$work/acme_example.c"
[ -s "$work/acme_example.c" ] || { echo "vendor-sets: no example between the markers of $docs" >&2; exit 1; }
cat >"$work/example.c" <<'EXAMPLE'
#include "kernel-shim.h"
#include "acme_example.c"

void irqmod_example_entry(struct acme_q_vector *q);
void irqmod_example_entry(struct acme_q_vector *q)
{
	if (acme_itr_init(q, 50) == 0)
		acme_poll_done(q, 0);
}
EXAMPLE

# Every file compiled at once (each is small; the compilers share the
# cores), then its undefined and defined global symbols, "file symbol" per
# line, from one nm call each.
files=()
pids=()
for file in "$@"; do
	name=$(basename "$file")
	files+=("$name")
	gcc "${flags[@]}" -c "$flavour/lib/$name" -o "$work/$name.o" &
	pids+=($!)
done
gcc "${flags[@]}" -I"$work" -c "$work/example.c" -o "$work/example.o" &
pids+=($!)
gcc "${flags[@]}" -c "$shim/kernel-stubs.c" -o "$work/kernel-stubs.o" &
pids+=($!)
for pid in "${pids[@]}"; do
	wait "$pid" || { echo "vendor-sets: a file of the kernel flavour or the example does not compile" >&2; exit 1; }
done
objects=()
for name in "${files[@]}" example kernel-stubs; do objects+=("$work/$name.o"); done
nm -A -u "${objects[@]}" |
	awk '{ file = $1; sub(/\.o:$/, "", file); sub(/.*\//, "", file); print file, $NF }' >"$work/undef"
nm -A -g --defined-only "${objects[@]}" |
	awk '{ file = $1; sub(/\.o:.*$/, "", file); sub(/.*\//, "", file); print file, $NF }' >"$work/def"

# The sets: for each controller file (one that defines an entry point),
# "file set-member..." with the members sorted, computed once as the
# transitive closure of "needs a symbol that file defines".
entry='^irqmod_[a-z0-9_]+_update(_window)?$|^irqmod_floor_interval$|^irqmod_example_entry$'
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

# The row's members without the example's own objects.
lib_members() {
	printf '%s\n' $1 | grep -vxE 'example|kernel-stubs' | paste -sd' ' -
}

rows() {
	local file symbol members name
	while IFS=$'\t' read -r file symbol members; do
		name=$(sed 's/^irqmod_//; s/_update_window$//; s/_update$//; s/_interval$//; s/_entry$//' <<<"$symbol")
		printf '| `%s` | %s |\n' "$name" \
			"$(lib_members "$members" | sed 's/\([^ ]*\)/`lib\/\1`/g; s/ /, /g')"
	done <"$work/sets"
}

block() {
	echo "$begin"
	echo '| entry point | files it needs (generated from the build) |'
	echo '|---|---|'
	rows
	echo "$end"
}

# The in-tree Makefile of the page: the example's set, as objects.
make_block() {
	local members
	members=$(awk -F'\t' '$1 == "example" { print $3 }' "$work/sets")
	echo "$make_begin"
	echo '```make'
	echo '# drivers/net/ethernet/acme/Makefile'
	echo 'obj-$(CONFIG_ACME) += acme.o'
	echo 'acme-y := acme_main.o acme_txrx.o \'
	echo "          $(lib_members "$members" | sed 's/\([^ ]*\)\.c/irqmod\/lib\/\1.o/g')"
	echo 'ccflags-y += -I$(srctree)/$(src)/irqmod/include'
	echo '```'
	echo "$make_end"
}

# docs_block BEGIN END: the lines of docs/kernel.md from BEGIN to END.
docs_block() {
	awk -v begin="$1" -v end="$2" '$0 == begin { keep = 1 } keep { print } $0 == end { keep = 0 }' "$docs"
}

# replace_block BEGIN END BLOCKFILE: docs/kernel.md with that block replaced.
replace_block() {
	grep -qxF "$1" "$docs" || { echo "vendor-sets: no marker '$1' in $docs" >&2; exit 1; }
	awk -v begin="$1" -v end="$2" -v blockfile="$3" '
		$0 == begin { while ((getline line < blockfile) > 0) print line; skip = 1; next }
		$0 == end { skip = 0; next }
		!skip { print }' "$docs" >"$work/kernel.md"
	cp "$work/kernel.md" "$docs"
}

case $mode in
print)
	rows
	;;
update)
	block >"$work/block"
	make_block >"$work/make-block"
	replace_block "$begin" "$end" "$work/block"
	replace_block "$make_begin" "$make_end" "$work/make-block"
	;;
check)
	failures=0
	block >"$work/block"
	make_block >"$work/make-block"
	if ! diff -u <(docs_block "$begin" "$end") "$work/block" ||
		! diff -u <(docs_block "$make_begin" "$make_end") "$work/make-block"; then
		echo "FAIL vendor-sets: docs/kernel.md's list or in-tree Makefile differs from the build" \
			"(run tests/checks/vendor-sets.sh update SOURCE_ROOT lib/*.c)"
		failures=$((failures + 1))
	fi
	while IFS=$'\t' read -r file symbol members; do
		objects=()
		for needed in $members; do objects+=("$work/$needed.o"); done
		if ! ld -o "$work/set.elf" -e "$symbol" "${objects[@]}" 2>"$work/ld.log"; then
			echo "FAIL vendor-sets: the set of $file does not link from $symbol:"
			sed 's/^/  /' "$work/ld.log"
			failures=$((failures + 1))
		fi
	done <"$work/sets"
	[ "$failures" = 0 ] || exit 1
	echo "vendor-sets: $(wc -l <"$work/sets") sets of the kernel flavour link (the example's with" \
		"docs/kernel.md's example), and docs/kernel.md matches"
	;;
*)
	echo "vendor-sets.sh: unknown mode $mode" >&2
	exit 2
	;;
esac
