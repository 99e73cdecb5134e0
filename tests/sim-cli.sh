#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# irqmod-sim command-line checks that need more than an exit status:
#   sim-cli.sh TOOL row       hybrid rows run and print their hybrid columns
#   sim-cli.sh TOOL list      --list-controllers names the hybrid forms
#   sim-cli.sh TOOL sweep-knob   --sweep over a knob reaches every controller
#   sim-cli.sh TOOL bad NAME TEXT [OPTION...]   -c NAME (after the OPTIONs)
#                             exits 2 with TEXT on stderr
#   sim-cli.sh TOOL exits STATUS TEXT ARG...   TOOL ARG... (any tool, e.g.
#                             irqmod-repro) exits STATUS with TEXT on stderr
# $IRQMOD_TEST_WRAPPER, when set (meson test --setup valgrind), comes
# before every start of TOOL.
set -u
wrap=${IRQMOD_TEST_WRAPPER:-}
tool=$1
mode=$2
out=$(mktemp)
err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
# Short constant-rate traffic: the shape of the run does not matter here.
run() {
	$wrap "$tool" -q --duration 20ms --set run.warmup=5ms --set source.kind=constant \
		--set source.rate=50k "$@" >"$out" 2>"$err"
}
fail() {
	echo "FAIL: $1"
	echo "--- stdout"; cat "$out"
	echo "--- stderr"; cat "$err"
	exit 1
}
case $mode in
row)
	run -c 'ixgbe,idle-poll+ixgbe,defer-irq(defer_hard_irqs=2)+static:50us,ixgbe(max=40us)' ||
		fail "exit status $?"
	grep -q 'polls_deferred_per_s' "$out" || fail "no polls_deferred_per_s column"
	grep -q '^idle-poll+ixgbe ' "$out" || fail "no idle-poll+ixgbe row"
	grep -q '^defer-irq(defer_hard_irqs=2)+static:50us ' "$out" || fail "no defer-irq row"
	grep -q '^ixgbe(max=40us) ' "$out" || fail "no ixgbe(max=40us) row"
	# Interval controllers show '-' in the hybrid columns.
	grep '^ixgbe ' "$out" | grep -q ' - ' || fail "ixgbe row has hybrid figures"
	;;
list)
	$wrap "$tool" --list-controllers >"$out" 2>"$err" || fail "exit status $?"
	for hybrid in idle-poll defer-irq recheck; do
		grep -q "^$hybrid+<controller>\$" "$out" || fail "$hybrid missing"
	done
	;;
sweep-knob)
	# 50k frames/s are 20 us apart: an idle poll that waits 10 us re-arms
	# before the next frame (an interrupt each, but the 50 us static
	# interval allows 20k/s), one that waits 20 us or more keeps polling
	# and takes none. The swept value beats the 20us in the second name.
	run -c 'idle-poll+static:50us,idle-poll(idle_time=20us)+static:50us' \
		--sweep idle-poll.idle_time=10us:30us:10us --csv "$out.csv" ||
		fail "exit status $?"
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "interrupts_per_s") c = i; next }
		 { rows++ }
		 $1 == 10000 && $c < 10000 { bad = bad " " $2 "@10us:" $c }
		 $1 >= 20000 && $c > 100 { bad = bad " " $2 "@" $1 "ns:" $c }
		 END { if (rows != 6 || bad != "") { print rows " rows;" bad; exit 1 } }' \
		"$out.csv" >"$err" || { rm -f "$out.csv"; fail "interrupt rates do not follow the sweep"; }
	rm -f "$out.csv"
	;;
bad)
	name=$3
	text=$4
	shift 4
	run "$@" -c "$name"
	status=$?
	[ "$status" = 2 ] || fail "exit status $status, expected 2"
	grep -qF -- "$text" "$err" || fail "stderr lacks: $text"
	;;
exits)
	want=$3
	text=$4
	shift 4
	$wrap "$tool" "$@" >"$out" 2>"$err"
	status=$?
	[ "$status" = "$want" ] || fail "exit status $status, expected $want"
	grep -qF -- "$text" "$err" || fail "stderr lacks: $text"
	;;
*)
	echo "sim-cli.sh: unknown mode $mode" >&2
	exit 2
	;;
esac
exit 0
