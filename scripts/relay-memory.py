#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
"""Measures what `tempest-gateway relay` costs in memory: Private_Dirty (the
pages only the process wrote, which the kernel cannot reclaim), Rss and Pss
from /proc/PID/smaps_rollup, and its threads, once it listens and again
after it relayed a station's traffic.

Each run starts BINARY as `relay` on 127.0.0.1 (a free port, an empty
configuration file, so /etc/tempest-gateway/config.toml stays out of it)
with --targets receivers on 127.0.0.1 as its --to targets, samples it 1 s
after its start line, sends --datagrams datagrams at --rate a second (a
station's mix: per cycle 20 rapid_wind, 6 hub_status, 1 obs_st and 1
device_status, every one new, so the duplicate filter fills up to its 4,096
keys as in 2.4 hours of one station), waits until every receiver has them
all, samples again, and stops it with SIGTERM (its summary line must say
it relayed them all). Every wait is bounded. All traffic stays on
127.0.0.1. The figures printed are the median of the runs, with each run's.

`sync` runs first: pages of a binary written moments ago are dirty in the
page cache and smaps counts them as the process's own (docs/performance.md).

Usage: scripts/relay-memory.py BINARY [--datagrams N] [--rate PER_SECOND]
                               [--targets N] [--runs N] [--json]
  --datagrams N     datagrams sent in each run (default 5000, at most 100000)
  --rate R          datagrams a second (default 1000, at most 20000)
  --targets N       relay targets (default 2, at most 16)
  --runs N          runs (default 3, at most 20)
  --json            the figures as JSON

Example (the static release binary, as scripts/benchmark.sh builds it):
  python3 scripts/relay-memory.py .build-static/release/tempest-gateway
"""
import argparse
import importlib.util
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The pipeline benchmark's helpers: smaps_rollup_kib, free_port.
_spec = importlib.util.spec_from_file_location("pipeline", os.path.join(ROOT, "scripts", "benchmark-pipeline.py"))
pipeline = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pipeline)
FIELDS = ("Private_Dirty", "Pss", "Rss")
START_LINE = "Relaying the hub's broadcasts"
START_TIMEOUT_SECONDS = 20
DELIVERY_TIMEOUT_SECONDS = 30
STOP_TIMEOUT_SECONDS = 10


def thread_count(pid):
    try:
        return len(os.listdir(f"/proc/{pid}/task"))
    except OSError:
        return 0


class Receiver:
    """A relay target on 127.0.0.1 that counts what arrives, on a thread."""

    def __init__(self):
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4 << 20)
        self.socket.bind(("127.0.0.1", 0))
        self.socket.settimeout(0.2)
        self.port = self.socket.getsockname()[1]
        self.count = 0
        self.stopped = False
        self.thread = threading.Thread(target=self._drain, daemon=True)
        self.thread.start()

    def _drain(self):
        while not self.stopped:
            try:
                self.socket.recv(65536)
                self.count += 1
            except socket.timeout:
                continue
            except OSError:
                return

    def close(self):
        self.stopped = True
        self.thread.join(timeout=2)
        self.socket.close()


def datagrams(count):
    """`count` datagrams of one station, each new (no repeats, none late,
    none dated ahead): a cycle is a minute of a station's traffic."""
    serial, hub = "ST-00000045", "HB-00000045"
    cycles = count // 28 + 1
    start = int(time.time()) - cycles * 60 - 60
    made = []
    for cycle in range(cycles):
        minute = start + cycle * 60
        for step in range(20):
            made.append('{"serial_number":"%s","type":"rapid_wind","hub_sn":"%s","ob":[%d,%.2f,%d]}'
                        % (serial, hub, minute + step * 3, 1.5 + step % 7 * 0.3, (cycle * 7 + step) % 360))
        for step in range(6):
            made.append('{"serial_number":"%s","type":"hub_status","firmware_revision":"177","uptime":%d,"rssi":-62,'
                        '"timestamp":%d,"reset_flags":"BOR,PIN,POR","seq":%d,"radio_stats":[25,1,0,3,2839],'
                        '"mqtt_stats":[1,0]}' % (hub, 1000 + cycle * 60 + step * 10, minute + step * 10,
                                                 cycle * 6 + step))
        made.append('{"serial_number":"%s","type":"obs_st","hub_sn":"%s","obs":[[%d,0.5,1.5,2.5,270,3,1012.5,21.5,55,'
                    '12000,2.5,350,0.0,0,0,0,2.61,1]],"firmware_revision":171}' % (serial, hub, minute))
        made.append('{"serial_number":"%s","type":"device_status","hub_sn":"%s","timestamp":%d,"uptime":%d,'
                    '"voltage":2.61,"firmware_revision":171,"rssi":-70,"hub_rssi":-65,"sensor_status":0,"debug":0}'
                    % (serial, hub, minute + 1, 5000 + cycle * 60))
    return [text.encode() for text in made[:count]]


def one_run(binary, count, rate, target_count):
    receivers = [Receiver() for _ in range(target_count)]
    port = pipeline.free_port(socket.SOCK_DGRAM)
    config = tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False)
    config.close()
    command = [binary, "relay", "--config", config.name, "--udp-address", "127.0.0.1", "--udp-port", str(port)]
    for receiver in receivers:
        command += ["--to", f"127.0.0.1:{receiver.port}"]
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True, errors="replace")
    lines = []
    reader = threading.Thread(target=lambda: lines.extend(process.stderr), daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + START_TIMEOUT_SECONDS
        while not any(START_LINE in line for line in lines):
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the relay did not start: " + "".join(lines[-5:]))
            time.sleep(0.05)
        time.sleep(1)
        idle = pipeline.smaps_rollup_kib(process.pid)
        sender = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        began = time.monotonic()
        for index, datagram in enumerate(datagrams(count)):
            due = began + index / rate
            pause = due - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            sender.sendto(datagram, ("127.0.0.1", port))
        sender.close()
        deadline = time.monotonic() + DELIVERY_TIMEOUT_SECONDS
        while any(receiver.count < count for receiver in receivers) and time.monotonic() < deadline:
            time.sleep(0.05)
        received = [receiver.count for receiver in receivers]
        after = pipeline.smaps_rollup_kib(process.pid)
        threads = thread_count(process.pid)
        process.send_signal(signal.SIGTERM)
        try:
            status = process.wait(timeout=STOP_TIMEOUT_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            raise RuntimeError("the relay did not stop within %d s of SIGTERM" % STOP_TIMEOUT_SECONDS)
        reader.join(timeout=2)
        summary = lines[-1].strip() if lines else ""
        if status != 0 or not summary.startswith(f"Relayed {count} datagrams."):
            raise RuntimeError(f"the relay ended with status {status}: {summary}")
        if received != [count] * target_count:
            raise RuntimeError(f"the targets received {received} of {count} datagrams each")
        return {"idle": {field: idle.get(field, 0) for field in FIELDS},
                "after": {field: after.get(field, 0) for field in FIELDS}, "threads": threads, "summary": summary}
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        for receiver in receivers:
            receiver.close()
        os.unlink(config.name)


def bounded(low, high):
    def parse(text):
        value = int(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not from {low} to {high}")
        return value
    return parse


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binary")
    parser.add_argument("--datagrams", type=bounded(1, 100_000), default=5000)
    parser.add_argument("--rate", type=bounded(1, 20_000), default=1000)
    parser.add_argument("--targets", type=bounded(1, 16), default=2)
    parser.add_argument("--runs", type=bounded(1, 20), default=3)
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args()
    if not os.access(arguments.binary, os.X_OK):
        sys.exit(f"error: {arguments.binary} is not an executable")
    os.sync()
    runs = []
    for _ in range(arguments.runs):
        try:
            runs.append(one_run(arguments.binary, arguments.datagrams, arguments.rate, arguments.targets))
        except RuntimeError as error:
            sys.exit(f"error: {error}")

    def median(moment, field):
        return int(statistics.median(run[moment].get(field, 0) for run in runs))

    if arguments.json:
        print(json.dumps({"datagrams": arguments.datagrams, "targets": arguments.targets, "runs": runs}, indent=2))
        return
    print(f"tempest-gateway relay, {arguments.targets} targets, {arguments.datagrams:,} datagrams at "
          f"{arguments.rate:,}/s, {arguments.runs} runs (median; each run in brackets):")
    for moment, label in (("idle", "listening, 1 s after start"), ("after", f"after {arguments.datagrams:,} datagrams")):
        each = " / ".join(f"{run[moment].get('Private_Dirty', 0):,}" for run in runs)
        print(f"  {label}: Private_Dirty {median(moment, 'Private_Dirty'):,} kB [{each}], "
              f"Pss {median(moment, 'Pss'):,} kB, Rss {median(moment, 'Rss'):,} kB")
    print(f"  threads: {runs[-1]['threads']}; the relay's summary: {runs[-1]['summary']}")


if __name__ == "__main__":
    main()
