#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
#
# The kernel flavour of the core (scripts/kernel-flavour) as the kernel's own
# tools see it: checkpatch.pl --strict --no-tree on every generated file and
# kernel-doc on its headers, both taken at test time from Debian's
# linux-source-6.1 archive into WORK_DIR (extracted once, never committed).
#
# Usage: kernel-flavour.sh SOURCE_ROOT WORK_DIR
#
# checkpatch must report nothing but the entries of
# tests/checks/kernel-flavour.allow, each exactly as often as listed: a new
# report fails, and so does a listed one that no longer occurs. kernel-doc
# runs with -v, which in 6.1 turns on the checks later kernels call -Wall
# (a Return: section, a short description; 6.1 has no -Wall option), and
# must print no warning. Before either, each tool is shown to catch a
# planted fault, so a pass cannot come from a tool that did not run.
# Exit status: 0 pass, 1 fail, 77 skip (no linux-source-6.1 or perl).
set -euo pipefail

. "$(dirname "$0")/common.sh"

root=$(cd "${1:?usage: kernel-flavour.sh SOURCE_ROOT WORK_DIR}" && pwd -P)
work=${2:?usage: kernel-flavour.sh SOURCE_ROOT WORK_DIR}
allow="$root/tests/checks/kernel-flavour.allow"
# Where Debian's linux-source-6.1 puts the archive; IRQMOD_LINUX_SOURCE overrides it.
tarball=${IRQMOD_LINUX_SOURCE:-/usr/src/linux-source-6.1.tar.xz}
top=linux-source-6.1
tools=(scripts/checkpatch.pl scripts/spelling.txt scripts/const_structs.checkpatch scripts/kernel-doc)

[ -f "$tarball" ] || { echo "SKIP kernel-flavour: $tarball is missing (Debian's linux-source-6.1)"; exit "$IRQMOD_SKIP"; }
for tool in perl python3 tar xz; do
	command -v "$tool" >/dev/null 2>&1 || irqmod_skip_or_fail kernel-flavour "$tool is not installed"
done

# The kernel's tools, extracted once per archive (scripts/ lies near the end
# of the archive: about 20 s to reach it; --occurrence stops there).
mkdir -p "$work"
work=$(cd "$work" && pwd -P)
linux="$work/linux"
stamp="$linux/.stamp"
want=$(stat -c '%s %Y' "$tarball")
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
	rm -rf "$linux"
	mkdir -p "$linux"
	tar -xJf "$tarball" -C "$linux" --strip-components=1 --occurrence=1 \
		"${tools[@]/#/$top/}"
	echo "$want" >"$stamp"
fi
checkpatch=(perl "$linux/scripts/checkpatch.pl" --strict --no-tree --show-types --terse
	--no-summary --color=never -f)
kerneldoc=(perl "$linux/scripts/kernel-doc" -none -v)

# checkpatch over FILE... (paths relative to the current folder), split over
# the cores: one "file:line: TYPE:NAME: message" per report.
run_checkpatch() {
	printf '%s\n' "$@" | xargs -P "$(nproc 2>/dev/null || echo 2)" -n 8 "${checkpatch[@]}" || true
}

# kernel-doc's warnings and errors over FILE... (its "info:" lines dropped).
run_kerneldoc() {
	"${kerneldoc[@]}" "$@" 2>&1 | grep -v ': info: ' | grep -vE '^[0-9]+ (warnings|errors)$' || true
}

# Each tool must catch a planted fault in this setup.
planted="$work/planted"
rm -rf "$planted"
mkdir -p "$planted"
printf '%s\n' '/* SPDX-License-Identifier: GPL-2.0-only */' '#include <linux/types.h>' \
	'static uint32_t planted_count;' >"$planted/planted.c"
printf '%s\n' '/* SPDX-License-Identifier: GPL-2.0-only */' '/**' \
	' * planted_sum() - adds' ' * @a: first' ' *' ' * Return: the sum.' ' */' \
	'int planted_sum(int a, int b);' >"$planted/planted.h"
caught=$(cd "$planted" && run_checkpatch planted.c)
for expected in WARNING:SPDX_LICENSE_TAG CHECK:PREFER_KERNEL_TYPES; do
	grep -q ": $expected:" <<<"$caught" || {
		echo "FAIL kernel-flavour: checkpatch did not report $expected on a planted file:"
		echo "$caught"
		exit 1
	}
done
caught=$(cd "$planted" && run_kerneldoc planted.h)
grep -q "warning: Function parameter or member 'b' not described" <<<"$caught" || {
	echo "FAIL kernel-flavour: kernel-doc missed an undescribed parameter on a planted file:"
	echo "$caught"
	exit 1
}

# The flavour, then both tools over it. It lies where a NIC driver vendors
# it, under drivers/net/, where checkpatch also applies the networking
# subsystem's rules (NETWORKING_BLOCK_COMMENT_STYLE); the reports are read
# without that folder.
top_work="$work/tree"
vendored=drivers/net/ethernet/acme/irqmod
flavour="$top_work/$vendored"
rm -rf "$top_work"
python3 "$root/scripts/kernel-flavour" "$flavour"
mapfile -t files < <(python3 "$root/scripts/kernel-flavour" --list | sed "s|^|$vendored/|")
mapfile -t headers < <(printf '%s\n' "${files[@]}" | grep '\.h$')
failures=0

# The simulator's headers are userspace only: in no kernel set.
if grep -qE '/(sim|sim_trace|scenario)\.h$' < <(printf '%s\n' "${files[@]}") ||
	grep -rqE '#include .*irqmod/(sim|sim_trace|scenario)\.h' "$flavour"; then
	echo "FAIL kernel-flavour: the flavour has or includes a simulator header"
	failures=$((failures + 1))
fi

(cd "$top_work" && run_checkpatch "${files[@]}") | sed "s|^$vendored/||" >"$work/checkpatch.txt"
# "file: TYPE: message" without the line number, sorted, against the allow-list.
sed -E 's/^([^:]+):[0-9]+: /\1: /' "$work/checkpatch.txt" | sort >"$work/reported"
# (An empty list is a list too: grep finding no entry is no failure.)
{ grep -vE '^\s*(#|$)' "$allow" || true; } | sed -E 's/ -- .*$//' | sort >"$work/allowed"
if grep -vE '^\s*(#|$)' "$allow" | grep -vqE ' -- [^ ].*[^ ]'; then
	echo "FAIL kernel-flavour: an entry of tests/checks/kernel-flavour.allow has no ' -- why' justification"
	failures=$((failures + 1))
fi
new=$(comm -23 "$work/reported" "$work/allowed")
gone=$(comm -13 "$work/reported" "$work/allowed")
if [ -n "$new" ]; then
	echo "FAIL kernel-flavour: checkpatch --strict reports what tests/checks/kernel-flavour.allow does not list:"
	# Shown with their line numbers (the flavour is in $flavour).
	awk 'NR == FNR { new[$0] = 1; next }
	     { key = $0; sub(/:[0-9]+: /, ": ", key); if (key in new) print "  " $0 }' \
		<(printf '%s\n' "$new") "$work/checkpatch.txt"
	failures=$((failures + 1))
fi
if [ -n "$gone" ]; then
	echo "FAIL kernel-flavour: listed in tests/checks/kernel-flavour.allow but no longer reported (remove them):"
	sed 's/^/  /' <<<"$gone"
	failures=$((failures + 1))
fi

(cd "$top_work" && run_kerneldoc "${headers[@]}") >"$work/kernel-doc.txt"
if [ -s "$work/kernel-doc.txt" ]; then
	echo "FAIL kernel-flavour: kernel-doc -none -v on the flavour's headers:"
	sed 's/^/  /' "$work/kernel-doc.txt"
	failures=$((failures + 1))
fi

[ "$failures" = 0 ] || exit 1
echo "kernel-flavour: ${#files[@]} files: checkpatch --strict reports only the" \
	"$(wc -l <"$work/allowed") allowed checks; kernel-doc clean on ${#headers[@]} headers"
