#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""Replay committed captures (scenarios/traces/, made by scripts/capture)
through every controller kind and check the outcome is sane.

usage: trace-replay.py IRQMOD_SIM WORKDIR CAPTURE...

For each capture: its records are counted here, by a pcap reader of this
script's own (not libpcap), then irqmod-sim replays it with every kind
(its default controller list) on one queue and on four; every row must
offer exactly that many frames since time 0, and offered = delivered +
dropped + in flight, with nothing left in flight after the run. The same
frames written as CSV must replay to the same row as the pcap on one queue.
Exit 77 (skipped) when irqmod-sim was built without libpcap.
"""
import csv
import os
import struct
import subprocess
import sys

from exe_wrapper import wrapped_tool

PCAP_MAGIC_US = 0xA1B2C3D4
PCAP_MAGIC_NS = 0xA1B23C4D


def read_pcap(path):
    """(time_ns, wire length) of every record of a classic pcap file."""
    with open(path, 'rb') as f:
        data = f.read()
    magic = struct.unpack('<I', data[:4])[0]
    order = '<'
    if magic not in (PCAP_MAGIC_US, PCAP_MAGIC_NS):
        order = '>'
        magic = struct.unpack('>I', data[:4])[0]
    if magic not in (PCAP_MAGIC_US, PCAP_MAGIC_NS):
        raise SystemExit(f'{path}: not a classic pcap file')
    scale = 1 if magic == PCAP_MAGIC_NS else 1000
    records, offset = [], 24
    while offset < len(data):
        seconds, fraction, captured, wire = struct.unpack(order + 'IIII',
                                                          data[offset:offset + 16])
        records.append((seconds * 10**9 + fraction * scale, wire))
        offset += 16 + captured
    if offset != len(data):
        raise SystemExit(f'{path}: truncated record')
    return records


def replay(tool, workdir, name, trace, extra):
    out = os.path.join(workdir, name + '.csv')
    command = [tool, '-q', '--duration', '1s', '--set', 'run.warmup=0',
               '--set', 'source.kind=trace', '--set', 'source.trace.file=' + trace,
               '--csv', out] + extra
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f'{" ".join(command)}: exit {result.returncode}: {result.stderr}')
    with open(out, newline='') as f:
        return list(csv.DictReader(f))


def main():
    tool, workdir, captures = sys.argv[1], sys.argv[2], sys.argv[3:]
    os.makedirs(workdir, exist_ok=True)
    tool = wrapped_tool(tool, os.path.join(workdir, "bin"))
    probe = subprocess.run([tool, '-q', '--set', 'source.kind=trace', '--set',
                            'source.trace.file=' + captures[0], '--set', 'source.trace.format=pcap',
                            '--duration', '1ms', '-c', 'none'],
                           capture_output=True, text=True)
    if probe.returncode != 0 and 'need libpcap' in probe.stderr:
        print('irqmod-sim has no libpcap: skipped')
        return 77
    failures = 0
    for capture in captures:
        records = read_pcap(capture)
        name = os.path.splitext(os.path.basename(capture))[0]
        span_ns = records[-1][0] - records[0][0]
        assert span_ns < 900 * 10**6, f'{capture}: span {span_ns} ns does not fit the 1 s run'
        for label, extra in (('1q', []),
                             ('4q', ['--set', 'host.queues=4', '--set', 'host.cores=4',
                                     '--set', 'host.queue_cores=0,1,2,3'])):
            rows = replay(tool, workdir, f'{name}-{label}', capture, extra)
            if len(rows) < 10:
                print(f'{name} {label}: only {len(rows)} controllers ran')
                failures += 1
            for row in rows:
                offered = int(float(row['total_offered_frames']))
                delivered = int(float(row['total_delivered_frames']))
                dropped = int(float(row['total_dropped_frames']))
                in_flight = int(float(row['total_in_flight_frames']))
                problems = []
                if offered != len(records):
                    problems.append(f'offered {offered} != {len(records)} records')
                if offered != delivered + dropped + in_flight:
                    problems.append(f'offered {offered} != delivered {delivered} + dropped '
                                    f'{dropped} + in flight {in_flight}')
                if in_flight != 0:
                    problems.append(f'{in_flight} frames still in flight after the run')
                if float(row['interrupts_per_s']) <= 0:
                    problems.append('no interrupts')
                if problems:
                    failures += 1
                    print(f'{name} {label} {row["controller"]}: ' + '; '.join(problems))
            print(f'{name} {label}: {len(rows)} controllers, {len(records)} frames each')
        # The same frames as CSV replay to the same row (one queue: the flow
        # hash, which differs between the two, does not matter).
        csv_path = os.path.join(workdir, name + '.trace.csv')
        with open(csv_path, 'w') as f:
            f.write('time_ns,bytes\n')
            for time_ns, wire in records:
                f.write(f'{time_ns},{wire}\n')
        from_pcap = replay(tool, workdir, name + '-pcap-ixgbe', capture, ['-c', 'ixgbe'])
        from_csv = replay(tool, workdir, name + '-csv-ixgbe', csv_path, ['-c', 'ixgbe'])
        if from_pcap != from_csv:
            failures += 1
            print(f'{name}: CSV and pcap replays differ')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
