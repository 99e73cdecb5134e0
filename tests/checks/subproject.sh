#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
#
# Proves that another Meson project can use irqmod as a subproject through
# dependency('irqmod'): builds tests/subproject/ in a scratch folder with
# subprojects/irqmod linked to this repository, then runs its consumer.
#
# Usage: subproject.sh SOURCE_ROOT
#   CC (environment) is the C compiler; default cc.
set -euo pipefail

root=$(cd "${1:?usage: subproject.sh SOURCE_ROOT}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"

for tool in meson ninja; do
	command -v "$tool" >/dev/null 2>&1 || irqmod_skip_or_fail subproject "$tool is not installed"
done

workdir=$(mktemp -d "${TMPDIR:-/tmp}/irqmod-subproject.XXXXXX")
trap 'rm -rf "$workdir"' EXIT
project="$workdir/project"
mkdir -p "$project/subprojects"
cp "$root/tests/subproject/meson.build" "$root/tests/install/consumer.c" "$project/"
ln -s "$root" "$project/subprojects/irqmod"

run() {
	if ! "$@" >"$workdir/log" 2>&1; then
		cat "$workdir/log"
		echo "FAIL subproject: '$*' failed"
		exit 1
	fi
}
run meson setup "$project/build" "$project" --force-fallback-for=irqmod
# Only what the consumer needs: the subproject's other targets are not
# what this test is about.
run ninja -C "$project/build" consumer
if [ -e "$project/build/meson-private/irqmod.pc" ]; then
	echo "FAIL subproject: irqmod generated irqmod.pc as a subproject (only the top level should)"
	exit 1
fi
run "$project/build/consumer"
echo "PASS subproject: dependency('irqmod') from a subproject builds and runs"
