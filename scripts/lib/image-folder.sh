# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# Where scripts/plots and scripts/timeseries draw: into their build folder,
# so that a run leaves the tracked images alone, or with --update-docs into
# docs/img/, whose images the docs show.
#
# irqmod_image_folder BUILD [ARG...]: sets IRQMOD_IMAGE_FOLDER (BUILD/img,
# or docs/img with --update-docs among the ARGs) and IRQMOD_ARGS (the other
# ARGs, in order).
irqmod_image_folder() {
	local build=$1 arg
	shift
	IRQMOD_IMAGE_FOLDER=$build/img
	IRQMOD_ARGS=()
	for arg in "$@"; do
		if [ "$arg" = --update-docs ]; then
			IRQMOD_IMAGE_FOLDER=docs/img
		else
			IRQMOD_ARGS+=("$arg")
		fi
	done
}
