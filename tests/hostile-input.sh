#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# What users and attackers feed irqmod-sim and irqmod-repro: each case must
# exit with the stated status (never a signal, never a hang: 60 s at most)
# and print a message holding the stated text (the file and line, key,
# value or limit).
#   hostile-input.sh SIM CASE            irqmod-sim cases
#   hostile-input.sh REPRO repro-CASE SCENARIOS   irqmod-repro cases, on the
#                                        shipped scenarios folder
# $IRQMOD_TEST_WRAPPER, when set (meson test --setup valgrind), comes
# before every start of the tool, which then has 600 s instead of 60; so
# does the emulator of an emulated build ($IRQMOD_EXE_WRAPPER).
set -u
. "$(dirname "$0")/exe-wrapper.sh"
wrap=${IRQMOD_TEST_WRAPPER:-}
limit=60
[ -z "$wrap${IRQMOD_EXE_WRAPPER:-}" ] || limit=600
case_name=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
tool=$(irqmod_wrapped_tool "$1" "$dir/bin")
out=$dir/stdout
err=$dir/stderr
# Short constant-rate traffic: the shape of the run does not matter here.
short="-q --duration 10ms --set run.warmup=1ms"
traffic="--set source.kind=constant --set source.rate=50k -c static:50us"

# expect STATUS TEXT ARGUMENT...: run the tool, check status and stderr.
expect() {
	want_status=$1
	want_text=$2
	shift 2
	timeout $limit $wrap "$tool" "$@" >"$out" 2>"$err"
	status=$?
	if [ "$status" -ne "$want_status" ]; then
		echo "FAIL $case_name: exit status $status, expected $want_status"
		echo "--- stderr"; cat "$err"
		exit 1
	fi
	if [ -n "$want_text" ] && ! grep -qF -- "$want_text" "$err"; then
		echo "FAIL $case_name: stderr lacks: $want_text"
		echo "--- stderr"; cat "$err"
		exit 1
	fi
}

case $case_name in
empty-file)
	: >"$dir/empty.ini"
	expect 2 "empty.ini: scenario: no [source]" $short "$dir/empty.ini"
	;;
binary-file)
	printf '\001\002\003\377\376garbage\n' >"$dir/binary.ini"
	expect 2 "binary.ini:1: expected 'key = value' or '[section]'" $short "$dir/binary.ini"
	;;
nul-byte)
	printf '[source]\nkind = constant\n\000[run]\nduration = 1h\n' >"$dir/nul.ini"
	expect 2 "nul.ini:3: NUL byte at offset 25" $short "$dir/nul.ini"
	;;
long-line)
	{ printf '[run]\n# '; head -c 5000 /dev/zero | tr '\0' x; printf '\n'; } >"$dir/long.ini"
	expect 2 "long.ini:2: line too long" $short "$dir/long.ini"
	;;
duplicate-key)
	printf '[source]\nkind = constant\nrate = 1k\nrate = 2k\n' >"$dir/dup.ini"
	expect 2 "dup.ini:4: source.rate set twice (first on line 3)" $short "$dir/dup.ini"
	;;
overflowing-number)
	expect 2 "bad value '99999999999999999999' for run.duration" $short $traffic \
		--set run.duration=99999999999999999999
	;;
out-of-range)
	expect 2 "nic.ring_size = 70000 is out of range (1..65536)" $short $traffic \
		--set nic.ring_size=70000
	;;
seed-range)
	expect 0 "" $short $traffic --set run.seed=18446744073709551615
	expect 2 "bad value '18446744073709551616' for run.seed" $short $traffic \
		--set run.seed=18446744073709551616
	;;
warmup-not-shorter)
	expect 2 "--set run.warmup=10ms: run.warmup = 10ms is not shorter than run.duration = 10ms (--duration 10ms); accepted: 0 <= run.warmup < run.duration; default run.warmup 100ms" \
		$short $traffic --set run.warmup=10ms
	;;
queue-on-missing-core)
	expect 2 "--set host.queue_cores=0,5: host.queue_cores puts queue 1 on core 5, but host.cores = 2 (--set host.cores=2); accepted: cores 0..1" \
		$short $traffic --set host.cores=2 --set host.queues=2 --set host.queue_cores=0,5
	;;
unused-queue-on-missing-core)
	expect 2 "--set host.queue_cores=0,5: host.queue_cores names core 5 (entry 1, past host.queues = 1 (--set host.queues=1)), but host.cores = 2 (--set host.cores=2); accepted: cores 0..1 in every entry" \
		$short $traffic --set host.cores=2 --set host.queues=1 --set host.queue_cores=0,5
	;;
sweep-static-interval-without-static)
	expect 2 "--sweep run.static_interval=10us:30us:10us: run.static_interval sets only the plain 'static' controller, and no controller of this run is one" \
		$short --set source.kind=constant -c ixgbe,static:50us,idle-poll+static:20us \
		--sweep run.static_interval=10us:30us:10us
	# A plain static inside a hybrid moves with it: accepted.
	expect 0 "" $short --set source.kind=constant -c ixgbe,idle-poll+static \
		--sweep run.static_interval=10us:30us:10us
	;;
app-on-missing-core)
	expect 2 "--set app.core=3: app.core = 3 is not below host.cores = 2 (--set host.cores=2); accepted: 0..1" $short $traffic \
		--set host.cores=2 --set app.core=3
	;;
static-without-unit)
	expect 2 "static:50 has no unit; write static:50us" $short \
		--set source.kind=constant -c static:50
	;;
csv-full)
	expect 1 "--csv /dev/full: write error" $short $traffic --csv /dev/full
	;;
json-full)
	expect 1 "--json /dev/full: write error" $short $traffic --json /dev/full
	;;
trace-full)
	expect 1 "--trace /dev/full: write error" $short $traffic --trace /dev/full
	;;
stdout-full)
	timeout $limit $wrap "$tool" $short $traffic >/dev/full 2>"$err"
	status=$?
	[ "$status" -eq 1 ] || { echo "FAIL $case_name: exit status $status, expected 1"; cat "$err"; exit 1; }
	grep -qF "standard output: write error" "$err" || { echo "FAIL $case_name: no message"; cat "$err"; exit 1; }
	;;
csv-unwritable)
	# Checked before the run starts: nothing is simulated, status 2.
	expect 2 "--csv $dir/no/such/dir.csv: cannot write" $short $traffic \
		--csv "$dir/no/such/dir.csv"
	;;
repro-nul-byte)
	printf '[repro]\nexperiment = recheck\n[run]\nduration = 10ms\n\000[source]\n' >"$dir/nul.ini"
	expect 2 "nul.ini:5: NUL byte" --out "$dir" "$dir/nul.ini"
	;;
repro-long-line)
	{ printf '[repro]\nexperiment = recheck\n[run]\n# '; head -c 3000 /dev/zero | tr '\0' x
	  printf '\n'; } >"$dir/long.ini"
	expect 2 "long.ini:4: line too long" --out "$dir" "$dir/long.ini"
	;;
repro-empty-file)
	: >"$dir/empty.ini"
	expect 2 "empty.ini: no [repro] experiment" --out "$dir" "$dir/empty.ini"
	;;
repro-duplicate-key)
	printf '[repro]\nexperiment = recheck\nseeds = 2\nseeds = 3\n[source]\nkind = flood\n' >"$dir/dup.ini"
	expect 2 "dup.ini:4: repro.seeds set twice (first on line 3)" --out "$dir" "$dir/dup.ini"
	;;
repro-out-of-range)
	# The one key table's range, named with the file and line.
	printf '[repro]\nexperiment = recheck\nseeds = 0\n[source]\nkind = flood\n' >"$dir/zero.ini"
	expect 2 "zero.ini:3: repro.seeds = 0 is out of range (1..1000)" --out "$dir" "$dir/zero.ini"
	expect 2 "--set nic.ring_size=70000: nic.ring_size = 70000 is out of range (1..65536)" \
		--out "$dir" --set nic.ring_size=70000 "$3/repro-recheck.ini"
	expect 2 "--seeds 1001: repro.seeds = 1001 is out of range (1..1000)" \
		--out "$dir" --seeds 1001 "$3/repro-recheck.ini"
	;;
repro-seed-range)
	quick="--out $dir --seeds 1 --duration 20ms --set repro.sweep_step=0"
	expect 0 "" $quick --set run.seed=18446744073709551615 "$3/repro-recheck.ini"
	expect 2 "bad value '18446744073709551616' for run.seed" $quick \
		--set run.seed=18446744073709551616 "$3/repro-recheck.ini"
	;;
repro-warmup-not-shorter)
	printf '[repro]\nexperiment = recheck\n[run]\nduration = 10ms\nwarmup = 10ms\n[source]\nkind = flood\n' \
		>"$dir/warm.ini"
	expect 2 "$dir/warm.ini:5: run.warmup = 10ms is not shorter than run.duration = 10ms ($dir/warm.ini:4); accepted: 0 <= run.warmup < run.duration; default run.warmup 100ms" \
		--out "$dir" "$dir/warm.ini"
	;;
repro-other-tool)
	# Keys and sections only irqmod-sim reads are named as such.
	printf '[repro]\nexperiment = recheck\n[run]\ncontrollers = ixgbe\n[source]\nkind = flood\n' \
		>"$dir/sim-key.ini"
	expect 2 "sim-key.ini:4: run.controllers is read by irqmod-sim only" --out "$dir" "$dir/sim-key.ini"
	printf '[repro]\nexperiment = recheck\n[idle-poll]\nidle_time = 20us\n[source]\nkind = flood\n' \
		>"$dir/knob.ini"
	expect 2 "knob.ini:3: controller knobs ([idle-poll]) do not apply to irqmod-repro" \
		--out "$dir" "$dir/knob.ini"
	;;
repro-bad-experiment)
	printf '[repro]\nexperiment = warp\n' >"$dir/warp.ini"
	expect 2 "warp.ini:2: bad value 'warp' for repro.experiment; valid: floor, idle-poll, recheck" \
		--out "$dir" "$dir/warp.ini"
	;;
repro-stdout-full)
	timeout $limit $wrap "$tool" --out "$dir" --seeds 1 --duration 20ms --set repro.sweep_step=0 \
		"$3/repro-recheck.ini" >/dev/full 2>"$err"
	status=$?
	[ "$status" -eq 1 ] || { echo "FAIL $case_name: exit status $status, expected 1"; cat "$err"; exit 1; }
	grep -qF "standard output: write error" "$err" || { echo "FAIL $case_name: no message"; cat "$err"; exit 1; }
	;;
sim-repro-section)
	# irqmod-sim refuses irqmod-repro's section by name.
	printf '[source]\nkind = constant\n[repro]\nexperiment = floor\n' >"$dir/repro.ini"
	expect 2 "repro.ini:3: [repro] is read by irqmod-repro only" $short "$dir/repro.ini"
	;;
repro-csv-full)
	# The CSV file the run writes is /dev/full: the lost bytes are reported.
	ln -s /dev/full "$dir/repro-recheck.csv"
	expect 1 "write error on a CSV file: No space left on device" --out "$dir" --seeds 1 \
		--duration 50ms --set repro.sweep_step=100000 "$3/repro-recheck.ini"
	;;
repro-out-missing)
	# Checked before the run starts: nothing is simulated, status 2.
	expect 2 "cannot write $dir/missing/repro-recheck.csv" --out "$dir/missing" --seeds 1 \
		--duration 50ms --set repro.sweep_step=100000 "$3/repro-recheck.ini"
	;;
trace-backwards)
	# A replayed trace whose third record goes back in time.
	printf '0,60\n1000,1514\n500,60\n' >"$dir/back.csv"
	expect 2 "back.csv:3: record 3: timestamp 500 ns is before the previous record's 1000 ns" \
		$short --set source.kind=trace --set "source.trace.file=$dir/back.csv" -c static:50us
	;;
trace-binary)
	# Random bytes read as a pcap: libpcap's refusal, naming the file.
	head -c 4096 /dev/urandom >"$dir/noise.pcap"
	expect 2 "noise.pcap: not a readable pcap/pcapng file" \
		$short --set source.kind=trace --set "source.trace.file=$dir/noise.pcap" \
		--set source.trace.format=pcap -c static:50us
	;;
trace-missing-file)
	expect 2 "--set source.kind=trace: source.kind = trace without source.trace.file" $short \
		--set source.kind=trace -c static:50us
	;;
hybrid-inner-knob)
	# The inner controller's own polling inside a hybrid: the message reads
	# as a sentence and lists the inner kind's knobs, the one to change.
	expect 2 "hybrid: inner.poll_packets 4 turns on the inner controller's own polling, which the hybrid does; must be 0" \
		$short $traffic -c 'idle-poll+latency-target(poll_packets=4)'
	expect 2 "latency-target knobs: target_p99, target_mean, service, min, max, max_rate, poll_packets" \
		$short $traffic -c 'idle-poll+latency-target(poll_packets=4)'
	;;
duration-without-unit)
	expect 2 "--duration 5: run.duration = 5 has no unit, so it is 5 ns, out of range (1000..3600000000000 ns); durations need a unit: ns, us, ms or s (e.g. 5s)" \
		$short $traffic --duration 5
	;;
ethtool-frames)
	expect 2 "ethtool: rx-frames 32 is not supported: irqmod moderates by time, not by frame count (leave it 0)" \
		$short --set source.kind=constant -c 'ethtool:rx-frames=32'
	;;
scenario-directory)
	expect 2 "$dir: is a directory, not a scenario file" $short -c static:50us "$dir"
	;;
trace-directory)
	expect 2 "$dir: is a directory, not a trace file" \
		$short --set source.kind=trace --set "source.trace.file=$dir" -c static:50us
	;;
trace-gzip)
	# A gzip-compressed CSV with a .csv name: the compression is named.
	printf '0,60\n1000,1514\n' | gzip -c >"$dir/packed.csv"
	expect 2 "packed.csv: gzip-compressed (traces are read uncompressed)" \
		$short --set source.kind=trace --set "source.trace.file=$dir/packed.csv" -c static:50us
	;;
utf8-bom)
	# A byte-order mark before the first section is no text: the file reads.
	printf '\357\273\277[source]\nkind = constant\nrate = 50k\n' >"$dir/bom.ini"
	expect 0 "" $short -c static:50us "$dir/bom.ini"
	grep -q '^static:50us ' "$out" || { echo "FAIL $case_name: no row"; cat "$out"; exit 1; }
	;;
merge-scenarios)
	# --merge takes the shards' outputs; scenario files are refused, not joined.
	printf '[source]\nkind = constant\n' >"$dir/a.ini"
	printf '[source]\nkind = flood\n' >"$dir/b.ini"
	expect 2 "--merge $dir/a.ini:1: not a CSV or JSON file of irqmod-sim" --merge "$dir/a.ini" "$dir/b.ini"
	[ ! -s "$out" ] || { echo "FAIL $case_name: wrote"; cat "$out"; exit 1; }
	;;
same-output)
	# One file for two outputs: refused before the run, nothing written.
	expect 2 "--csv $dir/o and --json $dir/./o are the same file" $short $traffic \
		--csv "$dir/o" --json "$dir/./o"
	[ ! -e "$dir/o" ] || { echo "FAIL $case_name: $dir/o written"; exit 1; }
	expect 2 "--csv - and --timeseries - are the same file" $short $traffic \
		--csv - --timeseries -
	;;
csv-stdout)
	# "-" is standard output, and takes it: no table, no file named "-".
	case $tool in /*) ;; *) tool=$PWD/$tool ;; esac
	(cd "$dir" && expect 0 "" $short $traffic --csv -) || exit 1
	[ ! -e "$dir/-" ] || { echo "FAIL $case_name: wrote a file named -"; exit 1; }
	head -n 1 "$out" | grep -q '^controller,offered_mbps,' ||
		{ echo "FAIL $case_name: stdout is not the CSV"; cat "$out"; exit 1; }
	[ "$(wc -l <"$out")" -eq 2 ] || { echo "FAIL $case_name: more than the CSV"; cat "$out"; exit 1; }
	;;
csv-without-file)
	# "--csv SCENARIO" (docs once showed --csv without FILE): the scenario
	# is not overwritten, and the message says what --csv takes.
	printf '[source]\nkind = constant\n' >"$dir/s.ini"
	cp "$dir/s.ini" "$dir/s.copy"
	expect 2 "--csv $dir/s.ini: would overwrite a scenario file; --csv takes the FILE to write, e.g. --csv out.csv" \
		$short -c static:50us --csv "$dir/s.ini"
	cmp -s "$dir/s.ini" "$dir/s.copy" || { echo "FAIL $case_name: scenario changed"; exit 1; }
	expect 2 "--csv '--json': --csv takes the FILE to write (or - for standard output), not an option" \
		$short $traffic --csv --json "$dir/x.json"
	;;
*)
	echo "hostile-input.sh: unknown case $case_name" >&2
	exit 2
	;;
esac
exit 0
