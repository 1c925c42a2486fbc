#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
"""Prints what the web page costs in unreclaimable memory: the gateway's
Private_Dirty (/proc/PID/smaps_rollup) with [web] off, on and idle, and on
while a browser-like client holds /events open through the replay, then
loads every page, the sample day's charts among them.

Each round of each case starts the gateway on a new database (MQTT and
forecasts off, UDP and the web page on free ports of 127.0.0.1), replays the
simulated sample day (Samples/sample-day.jsonl) at --speed, lets it settle
for 2 s and takes the median of 5 samples half a second apart. Everything
is bounded in time; only 127.0.0.1 is used.

With --days N the sample day is replayed N times, moved to end two
minutes ago and on each of the N-1 days before: a week of data for the
7-day charts (the default, 1, replays it as it is, 13 July 2024).

Usage: scripts/web-memory.py [--gateway PATH] [--rounds N] [--speed X] [--days N] [--cases off,idle,client] [--json]
  --gateway PATH  the binary (default: .build-static/release/tempest-gateway,
                  the static release build the project ships)
  --cases LIST    which cases (default: all three; `off` alone measures a
                  binary from before the web page)
"""
import argparse
import json
import re
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMPLE_DAY = os.path.join(ROOT, "Samples", "sample-day.jsonl")
CASES = [("off", "web page off"), ("idle", "web page on, no client"), ("client", "web page on, a client on /events")]


def free_port(kind):
    with socket.socket(socket.AF_INET, kind) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def private_dirty_kib(pid):
    """Private_Dirty in kB from /proc/PID/smaps_rollup (0 when gone)."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Private_Dirty:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def fetch(port, path):
    """One GET, read until the server closes (5 s at most); the status line."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        data = b""
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    return data.split(b"\r\n", 1)[0].decode(errors="replace")


class EventClient(threading.Thread):
    """Holds /events open and reads it, as a page does, until stopped (bounded)."""

    def __init__(self, port, seconds):
        super().__init__(daemon=True)
        self.port, self.seconds, self.events, self.stopping = port, seconds, 0, threading.Event()

    def run(self):
        with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
            s.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
            deadline = time.monotonic() + self.seconds
            while not self.stopping.is_set() and time.monotonic() < deadline:
                try:
                    chunk = s.recv(65536)
                except socket.timeout:
                    continue
                if not chunk:
                    break
                self.events += chunk.count(b"event: now\n")


def replay_file(directory, days):
    """The sample day as it is (days 1), or N copies ending two minutes ago."""
    if days <= 1:
        return SAMPLE_DAY
    lines = open(SAMPLE_DAY).read().splitlines()
    stamp = re.compile(r"\b(1[0-9]{9})\b")
    last = max(int(value) for line in lines for value in stamp.findall(line))
    path = os.path.join(directory, "days.jsonl")
    with open(path, "w") as output:
        for back in range(days - 1, -1, -1):
            shift = int(time.time()) - 120 - last - back * 86_400
            for line in lines:
                output.write(stamp.sub(lambda m: str(int(m.group(1)) + shift), line) + "\n")
    return path


def one_round(gateway, case, speed, days):
    directory = tempfile.mkdtemp(prefix="web-memory-")
    udp_port, web_port = free_port(socket.SOCK_DGRAM), free_port(socket.SOCK_STREAM)
    arguments = [gateway, "run", "--database", os.path.join(directory, "g.db"), "--udp-address", "127.0.0.1",
                 "--udp-port", str(udp_port), "--timezone", "America/Denver", "--print", "none", "--no-mqtt", "--no-forecast"]
    if case != "off":
        arguments += ["--web-port", str(web_port)]
    log = open(os.path.join(directory, "gateway.log"), "w")
    process = subprocess.Popen(arguments, stdout=log, stderr=log)
    client = None
    try:
        for _ in range(100):
            with open(os.path.join(directory, "gateway.log")) as f:
                if "Listening" in f.read():
                    break
            time.sleep(0.1)
        else:
            raise SystemExit("web-memory: the gateway did not start (see its log in " + directory + ")")
        if case == "client":
            for path in ("/", "/charts", "/health", "/"):
                fetch(web_port, path)
            client = EventClient(web_port, seconds=120)
            client.start()
        subprocess.run([gateway, "replay", replay_file(directory, days), "--speed", str(speed), "--to", f"127.0.0.1:{udp_port}"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, timeout=600)
        if case == "client":
            # The pages again, now with the day stored: its charts are the
            # largest rendering (the sample day is 13 July 2024).
            for path in ("/", "/charts", "/charts?day=2024-07-13", "/charts?range=7d", "/health", "/style.css", "/live.js"):
                fetch(web_port, path)
        time.sleep(2)
        samples = []
        for _ in range(5):
            samples.append(private_dirty_kib(process.pid))
            time.sleep(0.5)
        return statistics.median(samples), (client.events if client else None)
    finally:
        if client:
            client.stopping.set()
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()
        shutil.rmtree(directory, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gateway", default=os.path.join(ROOT, ".build-static", "release", "tempest-gateway"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--speed", type=float, default=14400)
    parser.add_argument("--days", type=int, default=1)
    parser.add_argument("--cases", default="off,idle,client")
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    if not os.access(options.gateway, os.X_OK):
        raise SystemExit(f"web-memory: no gateway binary at {options.gateway} (build it, or give --gateway PATH)")
    chosen = [(case, label) for case, label in CASES if case in options.cases.split(",")]
    if not chosen:
        raise SystemExit("web-memory: --cases takes off, idle and client, separated by commas")
    results = {}
    for case, _ in chosen:
        rounds = [one_round(options.gateway, case, options.speed, max(1, min(options.days, 31))) for _ in range(max(1, min(options.rounds, 10)))]
        results[case] = {"private_dirty_kib": [r[0] for r in rounds], "events_received": [r[1] for r in rounds if r[1] is not None]}
    if options.json:
        print(json.dumps(results, indent=2))
        return
    base = statistics.median(results[chosen[0][0]]["private_dirty_kib"])
    for case, label in chosen:
        values = results[case]["private_dirty_kib"]
        median = statistics.median(values)
        print(f"{label}: Private_Dirty median {median:,.0f} kB (rounds: {', '.join(f'{v:,.0f}' for v in values)} kB), "
              f"{median - base:+,.0f} kB against {chosen[0][0]}")
    if results.get("client", {}).get("events_received"):
        print(f"live events the client received per round: {', '.join(map(str, results['client']['events_received']))}")


if __name__ == "__main__":
    sys.exit(main())
