#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# scripts/plots and scripts/timeseries draw into their build folder and
# write docs/img/ only with --update-docs (issue 24 §5):
#   plot-outputs.sh SOURCE_ROOT
# irqmod_image_folder (scripts/lib/image-folder.sh) gives BUILD/img unless
# --update-docs is among the arguments, which it takes out and keeps the
# others in order; both scripts call it and name no docs/img/ file of
# their own.
set -u
root=${1:?usage: plot-outputs.sh SOURCE_ROOT}
fail() {
	echo "FAIL plot-outputs: $*"
	exit 1
}
. "$root/scripts/lib/image-folder.sh" || fail "no scripts/lib/image-folder.sh"

irqmod_image_folder build-repro --seeds 2 --duration 300ms
[ "$IRQMOD_IMAGE_FOLDER" = build-repro/img ] || fail "by default: '$IRQMOD_IMAGE_FOLDER', not build-repro/img"
[ "${IRQMOD_ARGS[*]}" = "--seeds 2 --duration 300ms" ] || fail "arguments became '${IRQMOD_ARGS[*]}'"
irqmod_image_folder build-timeseries
[ "$IRQMOD_IMAGE_FOLDER" = build-timeseries/img ] && [ "${#IRQMOD_ARGS[@]}" -eq 0 ] ||
	fail "no arguments: '$IRQMOD_IMAGE_FOLDER' and ${#IRQMOD_ARGS[@]} arguments"
irqmod_image_folder build-repro --seeds 2 --update-docs --set 'load.busy=2 ms'
[ "$IRQMOD_IMAGE_FOLDER" = docs/img ] || fail "--update-docs: '$IRQMOD_IMAGE_FOLDER', not docs/img"
[ "${#IRQMOD_ARGS[@]}" -eq 4 ] && [ "${IRQMOD_ARGS[3]}" = "load.busy=2 ms" ] ||
	fail "--update-docs was not taken out alone: '${IRQMOD_ARGS[*]}'"

for script in plots timeseries; do
	grep -q 'irqmod_image_folder build-' "$root/scripts/$script" ||
		fail "scripts/$script does not choose its image folder with irqmod_image_folder"
	! grep -v '^#' "$root/scripts/$script" | grep -q 'docs/img' ||
		fail "scripts/$script names docs/img itself: $(grep -n 'docs/img' "$root/scripts/$script" | grep -v ':#' | head -n 1)"
done
echo "PASS plot-outputs: BUILD/img unless --update-docs, in both scripts"
