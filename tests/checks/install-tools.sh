#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
#
# The installed command-line tools (issue 24 §1): `meson install --destdir`
# into a scratch folder gives irqmod-sim, irqmod-tune and irqmod-repro in
# bindir, a manual page for each (rendered without a groff warning, every
# long option of the tool's --help in it), irqmod-tune's modules, and the
# three repro-*.ini files. Then each tool runs from there with PATH holding
# none of them: irqmod-sim on a short scenario (and on an installed [repro]
# file, which it sends to irqmod-repro), irqmod-tune on a shipped
# one (it finds irqmod-sim next to itself, then through a symbolic link to
# itself, then on PATH once irqmod-sim is moved away), and irqmod-repro on
# the installed scenario files, shortened.
#
# Usage: install-tools.sh BUILD_ROOT SOURCE_ROOT VERSION
set -uo pipefail

usage="usage: install-tools.sh BUILD_ROOT SOURCE_ROOT VERSION"
build=$(cd "${1:?$usage}" && pwd)
root=$(cd "${2:?$usage}" && pwd)
version=${3:?$usage}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"

for tool in meson python3; do
	command -v "$tool" >/dev/null 2>&1 || irqmod_skip_or_fail install-tools "$tool is not installed"
done

failures=0
fail() {
	echo "FAIL install-tools: $*"
	failures=$((failures + 1))
}
finish() {
	[ "$failures" -eq 0 ] || exit 1
	echo "PASS install-tools: irqmod-sim, irqmod-tune and irqmod-repro $version installed with their manual pages, modules and scenario files, and each run from the installed tree"
	exit 0
}

irqmod_stage_install install-tools "$build"

sim=$(find "$destdir" -path '*/bin/irqmod-sim' -type f | head -n 1)
[ -n "$sim" ] || { fail "irqmod-sim was not installed"; finish; }
bindir=$(dirname "$sim")
for tool in irqmod-tune irqmod-repro; do
	[ -x "$bindir/$tool" ] || fail "$tool was not installed next to irqmod-sim"
done
libdir=$(dirname "$(find "$destdir" -name 'libirqmod.so.0' | head -n 1)")
scenarios=$(find "$destdir" -path '*/irqmod/scenarios/repro-*.ini' -type f | sort)
[ "$(wc -l <<<"$scenarios")" -eq 3 ] || fail "not the three repro-*.ini installed: $scenarios"
[ "$failures" -eq 0 ] || finish

# No irqmod tool on PATH: each is found where it was installed.
export PATH=/usr/bin:/bin LD_LIBRARY_PATH="$libdir"
for tool in irqmod-sim irqmod-tune irqmod-repro; do
	! command -v "$tool" >/dev/null 2>&1 || { echo "SKIP: $tool is on PATH"; exit 77; }
	page=$(find "$destdir" -path "*/man1/$tool.1" -type f | head -n 1)
	if [ -z "$page" ]; then
		fail "no manual page $tool.1"
		continue
	fi
	"$bindir/$tool" --version >"$workdir/version" 2>&1 || fail "$tool --version: status $?"
	grep -qx "$tool (irqmod) $version" "$workdir/version" ||
		fail "$tool --version says '$(head -n 1 "$workdir/version")', expected $version"
	command -v groff >/dev/null 2>&1 || continue
	groff -man -Tutf8 -ww -z "$page" 2>"$workdir/groff" || fail "$tool.1: groff status $?"
	[ ! -s "$workdir/groff" ] || fail "$tool.1: groff warns: $(head -n 1 "$workdir/groff")"
	groff -man -Tutf8 -P-c "$page" 2>/dev/null | sed 's/.\x08//g' >"$workdir/page.txt"
	grep -q "irqmod $version" "$workdir/page.txt" || fail "$tool.1 is not for irqmod $version"
	for option in $("$bindir/$tool" --help | grep -o -- '--[a-z][a-z-]*' | sort -u); do
		grep -qF -- "$option" "$workdir/page.txt" || fail "$tool.1 lacks $option"
	done
done

if ! "$bindir/irqmod-sim" -q --duration 20ms --set run.warmup=5ms --set source.kind=constant \
	-c static:50us >"$workdir/sim.out" 2>&1; then
	cat "$workdir/sim.out"
	fail "the installed irqmod-sim does not run"
fi

# irqmod-sim sends a [repro] file to irqmod-repro, which is installed beside it.
recheck=$(grep 'repro-recheck.ini$' <<<"$scenarios")
"$bindir/irqmod-sim" -q "$recheck" >"$workdir/sim.out" 2>&1
status=$?
[ "$status" -eq 2 ] && grep -q 'run this file with irqmod-repro' "$workdir/sim.out" ||
	fail "irqmod-sim on $recheck: status $status, and no word of irqmod-repro: $(head -n 1 "$workdir/sim.out")"

tune=(-q --seeds 2 --duration 60ms --p99 20us "$root/scenarios/suite/rr-100k.ini")
tune_runs() { # $1: how irqmod-tune is started, $2: how irqmod-sim is found
	if ! "$1" "${tune[@]}" >"$workdir/tune.out" 2>&1; then
		cat "$workdir/tune.out"
		fail "the installed irqmod-tune fails with irqmod-sim $2"
	elif ! grep -q '^Recommendation' "$workdir/tune.out"; then
		fail "the installed irqmod-tune recommends nothing with irqmod-sim $2"
	fi
}
tune_runs "$bindir/irqmod-tune" "next to it"
mkdir -p "$workdir/links" "$workdir/elsewhere"
ln -s "$bindir/irqmod-tune" "$workdir/links/irqmod-tune"
tune_runs "$workdir/links/irqmod-tune" "next to the file a link to it names"
mv "$sim" "$workdir/elsewhere/irqmod-sim"
PATH="$workdir/elsewhere:$PATH" tune_runs "$bindir/irqmod-tune" "on PATH"
mv "$workdir/elsewhere/irqmod-sim" "$sim"

# shellcheck disable=SC2086 # three file names without spaces, from find
if ! "$bindir/irqmod-repro" --out "$workdir" --seeds 1 --duration 50ms \
	--set repro.sweep_step=100000 $scenarios >"$workdir/repro.out" 2>&1; then
	cat "$workdir/repro.out"
	fail "the installed irqmod-repro does not run the installed scenario files"
fi
for stem in repro-12k-floor repro-idle-poll repro-recheck; do
	[ -s "$workdir/$stem.csv" ] || fail "irqmod-repro wrote no $stem.csv"
done
finish
