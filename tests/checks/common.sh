# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# Shared by the check scripts of this folder (sourced, not run).

readonly IRQMOD_SKIP=77

# irqmod_api_names HEADER...: the functions the headers declare with
# IRQMOD_API (the exported API), one per line, sorted. A declaration whose
# name is not on the IRQMOD_API line is missed, never misreported.
irqmod_api_names() {
	sed -n 's/^[[:space:]]*IRQMOD_API[[:space:]].*[^a-zA-Z0-9_]\(irqmod_[a-z0-9_]*\)[[:space:]]*(.*/\1/p' "$@" |
		sort -u
}

# irqmod_skip_or_fail NAME REASON: a missing tool skips a check (exit 77),
# except under IRQMOD_STRICT=1, set by scripts/test, which installs every tool.
irqmod_skip_or_fail() {
	if [ "${IRQMOD_STRICT:-0}" = 1 ]; then
		echo "FAIL $1: $2 (IRQMOD_STRICT=1: scripts/test installs it)"
		exit 1
	fi
	echo "SKIP $1: $2"
	exit "$IRQMOD_SKIP"
}

# irqmod_stage_install NAME BUILD: `meson install --destdir` of BUILD into
# a scratch folder removed on exit; sets $workdir and $destdir. A failed
# install prints its log and "FAIL NAME: ..." and exits 1.
irqmod_stage_install() {
	workdir=$(mktemp -d "${TMPDIR:-/tmp}/irqmod-$1.XXXXXX")
	trap 'rm -rf "$workdir"' EXIT
	destdir=$workdir/destdir
	if ! meson install -C "$2" --no-rebuild --destdir "$destdir" >"$workdir/log" 2>&1; then
		cat "$workdir/log"
		echo "FAIL $1: meson install --destdir failed"
		exit 1
	fi
}
