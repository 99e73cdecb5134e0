#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
#
# Proves that another Meson project can use irqmod as a subproject through
# dependency('irqmod'): builds tests/subproject/ in a scratch folder with
# subprojects/irqmod linked to this repository, then runs its consumer.
# As a subproject irqmod installs nothing (`meson install` of the parent
# leaves the staging folder empty) unless the parent configures
# -Dirqmod:install_subproject=true, which installs the libraries, headers,
# .pc and CMake files as a top-level build does.
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

# Installs nothing by default. The parent's own consumer is not installed
# either, so the stage must stay empty.
run meson install -C "$project/build" --destdir "$workdir/stage-default"
if [ -d "$workdir/stage-default" ] && [ -n "$(find "$workdir/stage-default" \( -type f -o -type l \))" ]; then
	echo "FAIL subproject: irqmod installed files as a subproject without install_subproject=true:"
	find "$workdir/stage-default" \( -type f -o -type l \) | sed "s|^$workdir/stage-default||"
	exit 1
fi

# The parent asks: everything a top-level build installs.
run meson configure "$project/build" -Dirqmod:install_subproject=true
run meson install -C "$project/build" --destdir "$workdir/stage-asked"
for name in libirqmod.a libirqmod.so.0 libirqmod-sim.so.0 libirqmod-scenario.so.0 irqmod.h sim.h \
	scenario.h irqmod.pc irqmod-scenario.pc \
	irqmod-sim.pc irqmodConfig.cmake; do
	if [ -z "$(find "$workdir/stage-asked" -name "$name" \( -type f -o -type l \) | head -n 1)" ]; then
		echo "FAIL subproject: -Dirqmod:install_subproject=true did not install $name"
		exit 1
	fi
done
echo "PASS subproject: dependency('irqmod') from a subproject builds and runs; installs nothing unless -Dirqmod:install_subproject=true, then everything"
