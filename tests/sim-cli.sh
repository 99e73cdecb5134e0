#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# irqmod-sim command-line checks that need more than an exit status:
#   sim-cli.sh TOOL row       hybrid rows run and print their hybrid columns
#   sim-cli.sh TOOL list      --list-controllers names the hybrid forms
#   sim-cli.sh TOOL sweep-knob   --sweep over a knob reaches every controller
#   sim-cli.sh TOOL bad NAME TEXT [OPTION...]   -c NAME (after the OPTIONs)
#                             exits 2 with TEXT on stderr
#   sim-cli.sh TOOL jobs      -j 1 and -j 2 write the same CSV, JSON and table
#   sim-cli.sh TOOL shard     two --shard runs through GNU parallel, joined by
#                             --merge, equal the single run (skips without parallel)
#   sim-cli.sh TOOL estimate  --estimate counts the runs and simulated time, measures a
#                             probe of each controller and runs nothing else
#   sim-cli.sh TOOL print-config  --print-config prints the resolved scenario
#                             (options over the file, base units, knobs, each
#                             source) and runs nothing; a bad value prints nothing
#   sim-cli.sh TOOL man PAGE  PAGE renders without a groff warning and documents
#                             every long option of --help (skips without groff)
#   sim-cli.sh TOOL version   --version names irqmod's and the simulator's versions
#   sim-cli.sh TOOL ethtool   ethtool-style specs give the same rows as the
#                             irqmod specs they map to
#   sim-cli.sh TOOL lt-timer  latency-target is told the scenario's nic.timer:
#                             its interrupt rate is static 22 us's under the
#                             throttle (target 20 us + the 2 us entry) and
#                             static 20 us's under the holdoff (absolute)
#   sim-cli.sh TOOL keys-doc DOC   DOC's key table (between the --list-keys
#                             markers) is what TOOL --list-keys prints
#   sim-cli.sh TOOL per-queue a row with a controller per queue: its JSON names
#                             each queue's controller and its per-queue
#                             columns add up to the row's totals
#   sim-cli.sh TOOL help-columns  --help's column list is the CSV header of a
#                             run with two queues, three cores and a hybrid
#                             (per-core, -source and -queue numbers as N)
#   sim-cli.sh TOOL exits STATUS TEXT ARG...   TOOL ARG... (any tool, e.g.
#                             irqmod-repro) exits STATUS with TEXT on stderr
# $IRQMOD_TEST_WRAPPER, when set (meson test --setup valgrind), comes
# before every start of TOOL; in an emulated build ($IRQMOD_EXE_WRAPPER)
# every start of TOOL goes through the emulator.
set -u
. "$(dirname "$0")/exe-wrapper.sh"
wrap=${IRQMOD_TEST_WRAPPER:-}
mode=$2
out=$(mktemp)
err=$(mktemp)
dir=$(mktemp -d)
trap 'rm -f "$out" "$err"; rm -rf "$dir"' EXIT
tool=$(irqmod_wrapped_tool "$1" "$dir/bin")
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
jobs)
	# A sweep of 3 points x 2 controllers x 3 seeds: 18 runs, a hybrid row
	# and a CI. -j 2 and -j 4 fold the runs in the order -j 1 makes them.
	set -- -c 'static,idle-poll+ixgbe' --seeds 3 --sweep run.static_interval=20us:60us:20us
	for j in 1 2 4; do
		run "$@" -j $j --csv "$dir/$j.csv" --json "$dir/$j.json" || fail "-j $j: exit $?"
		cp "$out" "$dir/$j.txt"
	done
	[ "$(wc -l <"$dir/1.csv")" = 7 ] || fail "-j 1 CSV has not 6 rows"
	for j in 2 4; do
		for ext in csv json txt; do
			cmp "$dir/1.$ext" "$dir/$j.$ext" >"$err" || fail "-j $j: $ext differs"
		done
	done
	run -j 2 --trace "$dir/trace.csv"
	[ $? = 2 ] || fail "-j 2 --trace is not refused"
	grep -qF -- "it needs -j 1" "$err" || fail "-j 2 --trace: no reason given"
	;;
shard)
	command -v parallel >/dev/null 2>&1 || { echo "SKIP: GNU parallel not installed"; exit 77; }
	set -- -c 'ixgbe,idle-poll+ixgbe,static' --seeds 2 \
		--sweep run.static_interval=20us:60us:20us
	run "$@" --csv "$dir/all.csv" --json "$dir/all.json" || fail "single run: exit $?"
	# The job array: shard {} of 2, each writing its own files.
	parallel --halt now,fail=1 -j 2 "$tool" -q --duration 20ms --set run.warmup=5ms \
		--set source.kind=constant --set source.rate=50k "$@" --shard {}/2 \
		--csv "$dir/part-{}.csv" --json "$dir/part-{}.json" '>/dev/null' ::: 1 2 \
		>"$out" 2>"$err" || fail "parallel: exit $?"
	for ext in csv json; do
		! cmp -s "$dir/part-1.$ext" "$dir/all.$ext" && [ -s "$dir/part-2.$ext" ] ||
			fail "shard 1's $ext is not a strict share"
		"$tool" --merge "$dir/part-1.$ext" "$dir/part-2.$ext" >"$dir/merged.$ext" 2>"$err" ||
			fail "--merge $ext: exit $?"
		cmp "$dir/merged.$ext" "$dir/all.$ext" >"$err" || fail "merged $ext differs"
	done
	"$tool" --merge "$dir/part-1.csv" "$dir/part-2.json" >"$out" 2>"$err"
	[ $? = 2 ] || fail "--merge of a CSV and a JSON is not refused"
	grep -qF -- "differ from" "$err" || fail "--merge CSV+JSON: no reason given"
	;;
estimate)
	# 20 ms runs: 3 points x 2 controllers x 3 seeds, 0.36 s simulated; the
	# second shard of 3 has a third of the rows. The pace is measured (a
	# probe of each controller), so only its form is checked here;
	# scripts/estimate-bench compares it with measured CPU time.
	set -- -c 'static,idle-poll+ixgbe' --seeds 3 --sweep run.static_interval=20us:60us:20us \
		--estimate --csv "$dir/never.csv"
	run "$@" -j 2 || fail "exit status $?"
	grep -qx 'irqmod-sim: 18 runs, 0.36 s simulated: roughly [0-9.]* s on 2 processes at [0-9.e-]* s of CPU per simulated second (measured on 20 ms of each controller)' \
		"$out" || fail "wrong estimate"
	grep -q ' at 0 s of CPU' "$out" && fail "the probe measured no CPU time"
	[ ! -s "$dir/never.csv" ] || fail "--estimate ran the simulation"
	run "$@" --shard 2/3 || fail "--shard 2/3: exit status $?"
	grep -q '^irqmod-sim: 6 runs, 0.12 s simulated: .* on 1 process at' "$out" ||
		fail "wrong estimate for a shard"
	;;
print-config)
	printf '[run]\nduration = 2ms\nwarmup = 1ms\n[source]\nkind = constant\n[source]\nkind = rr\n' >"$dir/pc.ini"
	$wrap "$tool" --print-config --duration 3ms --set source0.rate=60k \
		--set idle-poll.idle_time=7us --csv "$dir/never.csv" "$dir/pc.ini" >"$out" 2>"$err" ||
		fail "exit status $?"
	for line in run.duration=3000000 sources=2 source0.kind=constant source0.rate=60000 \
		source1.kind=rr nic.timer=throttle idle-poll.idle_time=7000; do
		grep -qx "$line" "$out" || fail "no line $line"
	done
	! grep -q '^source2\.' "$out" || fail "a third source printed"
	! grep -q '^repro\.' "$out" || fail "irqmod-repro's keys printed for irqmod-sim"
	[ ! -e "$dir/never.csv" ] || fail "--print-config ran the simulation"
	$wrap "$tool" --print-config --duration 1.5ms "$dir/pc.ini" >"$out" 2>"$err" &&
		fail "1.5ms accepted"
	[ ! -s "$out" ] || fail "a refused scenario printed a config"
	grep -q -- '--duration 1.5ms' "$err" || fail "the message does not name --duration 1.5ms"
	;;
man)
	page=$3
	command -v groff >/dev/null 2>&1 || { echo "SKIP: groff not installed"; exit 77; }
	groff -man -Tutf8 -ww -z "$page" >"$out" 2>"$err" || fail "groff: exit status $?"
	[ ! -s "$err" ] || fail "groff warns"
	groff -man -Tutf8 -P-c "$page" 2>/dev/null | sed 's/.\x08//g' >"$dir/page.txt"
	"$tool" --help | grep -o -- '--[a-z][a-z-]*' | sort -u >"$dir/options"
	[ -s "$dir/options" ] || fail "no options in --help"
	while read -r option; do
		grep -qF -- "$option" "$dir/page.txt" || fail "man page lacks $option"
	done <"$dir/options"
	version=$("$tool" --version | sed -n 's/^irqmod-sim (irqmod) //p')
	grep -q "irqmod $version" "$dir/page.txt" || fail "man page is not for irqmod $version"
	;;
version)
	"$tool" --version >"$out" 2>"$err" || fail "exit status $?"
	grep -Eq '^irqmod-sim \(irqmod\) [0-9]+\.[0-9]+\.[0-9]+$' "$out" || fail "no irqmod version"
	grep -Eq '^simulator model [0-9]+$' "$out" || fail "no simulator version"
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
ethtool)
	# Each pair: an ethtool spec and the irqmod spec it means.
	for pair in 'ethtool:rx-usecs=50|static:50us' \
		'ethtool(driver=ixgbe):adaptive-rx=on|ixgbe' \
		'ethtool(driver=dim,adaptive-rx=on,napi_defer_hard_irqs=2,gro_flush_timeout=20000)|defer-irq(defer_hard_irqs=2,gro_flush_timeout=20us)+dim' \
		'ethtool(driver=igb):adaptive-rx=on|average-size' \
		'ethtool(driver=igb-single-vector):adaptive-rx=on|latency-class' \
		'ethtool(driver=dim,adaptive-rx=on,rx-profile=n,n,n_n,n,n_n,n,n_n,n,n_n,n,n)|dim'; do
		a=${pair%%|*}
		b=${pair#*|}
		run -c "$a,$b" || fail "exit status $? for $a"
		ra=$(grep -F -- "$a " "$out" | awk '{ $1 = ""; print }')
		rb=$(grep -F -- "$b " "$out" | awk '{ $1 = ""; print }')
		[ -n "$ra" ] || fail "no row for $a"
		[ "$ra" = "$rb" ] || fail "$a and $b differ: '$ra' vs '$rb'"
	done
	# An rx-profile that changes the start level's interval (8 us, level 1
	# of the RX EQE table, to 40 us, twice the 20 us between frames) gives
	# another row than DIM's own table.
	a='ethtool(driver=dim,adaptive-rx=on,rx-profile=n,n,n_40,n,n_n,n,n_n,n,n_n,n,n)'
	run -c "$a,dim" || fail "exit status $? for $a"
	ra=$(grep -F -- "$a " "$out" | awk '{ $1 = ""; print }')
	rb=$(grep '^dim ' "$out" | awk '{ $1 = ""; print }')
	[ -n "$ra" ] && [ -n "$rb" ] || fail "no row for $a or dim"
	[ "$ra" != "$rb" ] || fail "$a gives DIM's own row: '$ra'"
	;;
lt-timer)
	# 200k frames/s, 4 per 20 us: batching, polling off (poll_packets=0).
	lt='latency-target(target_p99=20us,poll_packets=0)'
	for pair in 'throttle|static:22us' 'absolute|static:20us'; do
		timer=${pair%%|*}
		static=${pair#*|}
		run --set source.rate=200k --set nic.timer="$timer" -c "$lt,$static" ||
			fail "exit status $? for $timer"
		rl=$(grep -F -- "$lt " "$out" | awk '{ print $3 }')
		rs=$(grep -F -- "$static " "$out" | awk '{ print $3 }')
		[ -n "$rl" ] || fail "no row for $lt"
		[ "$rl" = "$rs" ] || fail "$timer: interrupts/s $rl, $static's $rs"
	done
	;;
keys-doc)
	doc=$3
	$wrap "$tool" --list-keys >"$out" 2>"$err" || fail "exit status $?"
	sed -n '/^<!-- irqmod-sim --list-keys -->$/,/^<!-- end of irqmod-sim --list-keys -->$/p' \
		"$doc" | sed '1d;$d' >"$dir/doc-table"
	[ -s "$dir/doc-table" ] || fail "$doc has no --list-keys table between the markers"
	grep -q '^| `repro.experiment` ' "$out" || fail "--list-keys lacks the [repro] keys"
	diff -u "$dir/doc-table" "$out" >"$err" ||
		fail "$doc's key table differs from --list-keys (paste the output between the markers)"
	;;
per-queue)
	# Two queues on cores of their own, 2 Mpps over 16 flows: queue 0
	# under a static 50 us throttle fires once per interval (20000/s),
	# queue 1 under defer-irq keeps polling with its interrupt masked.
	$wrap "$tool" -q --duration 20ms --set run.warmup=5ms --set source.kind=poisson \
		--set source.rate=2M --set source.flows=16 --set host.queues=2 --set host.cores=3 \
		--set host.queue_cores=0,1 --set app.core=2 \
		-c 'q0=static:50us/q1=defer-irq+static:20us,ixgbe' \
		--json "$dir/q.json" --csv "$dir/q.csv" >"$out" 2>"$err" || fail "exit status $?"
	grep -q '^q0=static:50us/q1=defer-irq+static:20us ' "$out" || fail "no per-queue row"
	head -1 "$dir/q.csv" | grep -q ',q1_added_p99_us' || fail "no q1_added_p99_us column"
	python3 - "$dir/q.json" <<'PY' || fail "per-queue JSON"
import json, sys
runs = json.load(open(sys.argv[1]))["runs"]
row, plain = runs
assert row["queue_controllers"] == ["static:50us", "defer-irq+static:20us"], row
assert plain["queue_controllers"] == ["ixgbe", "ixgbe"], plain
assert 19900 <= row["q0_interrupts_per_s"] <= 20100, row["q0_interrupts_per_s"]
assert row["q1_polls_per_s"] > row["q1_interrupts_per_s"], row
for r in runs:
    for key in ("interrupts_per_s", "polls_per_s", "throughput_mbps", "drops_socket_frames"):
        total = r["q0_" + key] + r["q1_" + key]
        assert abs(total - r[key]) <= 1e-3 * max(1.0, r[key]), (key, total, r[key])
PY
	;;
help-columns)
	$wrap "$tool" --help >"$dir/help" 2>"$err" || fail "--help exit status $?"
	sed -n '/ Columns:$/,/^  --timeseries:/p' "$dir/help" | sed '1d;$d' |
		tr ',.' '\n\n' | tr -d ' ' | sed '/^$/d' | sort >"$dir/listed"
	[ -s "$dir/listed" ] || fail "--help lists no columns"
	$wrap "$tool" -q --duration 20ms --set run.warmup=5ms --set host.queues=2 \
		--set host.cores=3 --set host.queue_cores=0,1 --set app.core=2 \
		--set source.kind=constant --set source.rate=50k -c 'idle-poll+ixgbe' \
		--csv "$dir/c.csv" >"$out" 2>"$err" ||
		fail "exit status $?"
	head -1 "$dir/c.csv" | tr ',' '\n' | grep -v '^controller$' |
		sed -E 's/^(cpu|src|q)[0-9]+_/\1N_/' | sort -u >"$dir/written"
	diff -u "$dir/listed" "$dir/written" >"$err" ||
		fail "--help's column list differs from the CSV header (- help, + CSV)"
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
