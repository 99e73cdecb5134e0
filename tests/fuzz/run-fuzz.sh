#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# run-fuzz.sh HARNESS SECONDS WORKDIR CORPUS...: fuzz for SECONDS, new
# inputs going to WORKDIR (so the committed corpora stay as they are), a
# crashing input saved there as crash-*. Exits non-zero on any finding.
set -eu
harness=$1
seconds=$2
work=$3
shift 3
mkdir -p "$work/corpus"
# -error_exitcode=1: libFuzzer's default, 77, is what meson reads as "skipped".
exec "$harness" -error_exitcode=1 -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
	-print_final_stats=1 -artifact_prefix="$work/" "$work/corpus" "$@"
