#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
#
# Proves that freestanding.sh catches what it is meant to catch: each
# deliberately broken file under bad/ must fail its check, and the report
# must name the offending symbol or header.
#
# Usage: freestanding-selftest.sh SOURCE_ROOT
set -euo pipefail

root=$(cd "${1:?usage: freestanding-selftest.sh SOURCE_ROOT}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"

failures=0
# expect_failure CHECK FIXTURE TEXT [ABSENT...]: the check must exit 1 on
# bad/FIXTURE.c, print TEXT and not print any ABSENT.
expect_failure() {
	local check=$1 fixture=$2 text=$3 output status=0 absent
	shift 3
	output=$("$here/freestanding.sh" "$check" "$root" "$here/bad/$fixture.c" 2>&1) || status=$?
	if [ "$status" = "$IRQMOD_SKIP" ]; then
		echo "$output"
		irqmod_skip_or_fail selftest "$check could not run"
	fi
	if [ "$status" != 1 ]; then
		echo "FAIL selftest: $check on bad/$fixture.c exited $status, expected 1"
		failures=$((failures + 1))
	elif ! grep -qF -- "$text" <<<"$output"; then
		echo "FAIL selftest: $check on bad/$fixture.c did not name '$text':"
		echo "$output"
		failures=$((failures + 1))
	else
		for absent in "$@"; do
			if grep -qF -- "$absent" <<<"$output"; then
				echo "FAIL selftest: $check on bad/$fixture.c wrongly names '$absent':"
				echo "$output"
				failures=$((failures + 1))
				return
			fi
		done
		echo "ok: $check rejects bad/$fixture.c, naming '$text'"
	fi
}

expect_failure link-gcc struct_copy memcpy
expect_failure link-clang struct_copy memcpy
expect_failure link-gcc allocation malloc
expect_failure link-clang allocation malloc
expect_failure link-gcc mutable_global irqmod_bad_calls
expect_failure link-clang mutable_global irqmod_bad_calls
expect_failure no-float floating_point floating_point.c
expect_failure m32-division division __udivdi3
expect_failure includes libc_include '<string.h>'
expect_failure includes kernel_branch '<stdio.h>' linux/types.h errno.h
expect_failure source-list division 'not directly in lib/'

[ "$failures" -eq 0 ] || exit 1
