#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
#
# A driver that puts one controller inside a hybrid links that controller
# alone: PROGRAM (linked with the static library) defines ixgbe's and
# idle-poll's update, and neither the kind table (lib/controller.c) nor any
# other controller's update.
#
# Usage: one-kind.sh PROGRAM
set -euo pipefail

program=${1:?usage: one-kind.sh PROGRAM}
. "$(dirname "$0")/common.sh"
command -v nm >/dev/null 2>&1 || irqmod_skip_or_fail one-kind "nm is not installed"

defined=$(nm --defined-only "$program" | awk '{ print $NF }')
failures=0
for symbol in irqmod_ixgbe_update irqmod_idle_poll_update; do
	grep -qx "$symbol" <<<"$defined" ||
		{ echo "FAIL one-kind: $program does not define $symbol"; failures=$((failures + 1)); }
done
others=$(grep -E '^irqmod_(kind_describe|controller_update|[a-z0-9_]+_kind_defaults)$|^irqmod_[a-z0-9_]+_update$' <<<"$defined" |
	grep -vx -e irqmod_ixgbe_update -e irqmod_idle_poll_update -e irqmod_ixgbe_kind_defaults || true)
if [ -n "$others" ]; then
	echo "FAIL one-kind: $program links more than ixgbe and idle-poll: $(paste -sd' ' <<<"$others")"
	failures=$((failures + 1))
fi
[ "$failures" -eq 0 ] || exit 1
echo "PASS one-kind: $(basename "$program") links ixgbe and idle-poll, no other controller and no kind table"
