#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
"""Prints what the WeatherFlow WebSocket source costs and how fast it is:
the delay from the (fake) cloud sending a `rapid_wind` to the broker
delivering the gateway's `rapid_wind` event, and the gateway's
Private_Dirty (/proc/PID/smaps_rollup) in `weatherflow.mode = "websocket"`
against `"udp"` on the same setup (a token, the same fake REST API, no
datagrams).

Each round starts a real mosquitto, scripts/websocket/fake_weatherflow.py
(REST + WebSocket on free ports of 127.0.0.1, a rapid wind every
--rapid-interval seconds) and the gateway on a new database, runs for
--seconds, samples Private_Dirty five times half a second apart (median)
and stops everything. Only 127.0.0.1 is used; every wait is bounded.

Usage: scripts/websocket-bench.py [--gateway PATH] [--rounds N] [--seconds S] [--rapid-interval S] [--json]
  --gateway PATH  the binary (default: .build-static/release/tempest-gateway,
                  the static release build the project ships)
"""
import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FAKE = os.path.join(ROOT, "scripts", "websocket", "fake_weatherflow.py")
_spec = importlib.util.spec_from_file_location("pipeline", os.path.join(ROOT, "scripts", "benchmark-pipeline.py"))
pipeline = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pipeline)


def private_dirty_kb(pid):
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            if line.startswith("Private_Dirty:"):
                return int(line.split()[1])
    raise RuntimeError("no Private_Dirty")


class Lines:
    """Reads a process's standard output line by line on a thread, stamping each with time.monotonic()."""

    def __init__(self, process):
        self.lines = []
        self.lock = threading.Lock()
        threading.Thread(target=self.read, args=(process,), daemon=True).start()

    def read(self, process):
        for line in process.stdout:
            with self.lock:
                self.lines.append((time.monotonic(), line))

    def first(self, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                if self.lines:
                    return self.lines[0][1]
            time.sleep(0.05)
        raise RuntimeError("no first line")

    def all(self):
        with self.lock:
            return list(self.lines)


def one_round(gateway, mode, seconds, rapid_interval):
    with tempfile.TemporaryDirectory(prefix="tempest-ws-bench-") as directory:
        broker = pipeline.Broker(directory)
        fake = subprocess.Popen([sys.executable, FAKE, "--rapid-interval", str(rapid_interval), "--seconds", str(seconds + 30)],
                                stdout=subprocess.PIPE, text=True, bufsize=1)
        sent_lines = Lines(fake)
        gateway_process = None
        subscriber = None
        try:
            ports = json.loads(sent_lines.first(10))
            subscriber = subprocess.Popen(
                ["mosquitto_sub", "-h", "127.0.0.1", "-p", str(broker.port), "-t", "tempest/+/event/rapid_wind", "-q", "1"],
                stdout=subprocess.PIPE, text=True, bufsize=1)
            received_lines = Lines(subscriber)
            time.sleep(0.3)
            environment = dict(os.environ)
            environment["TEMPEST_WEATHERFLOW_TOKEN"] = "bench-token-0000"
            environment["TEMPEST_GATEWAY_WEATHERFLOW_WEBSOCKET_URL"] = f"ws://127.0.0.1:{ports['websocket']}/swd/data"
            environment.pop("NOTIFY_SOCKET", None)
            gateway_process = subprocess.Popen(
                [gateway, "run", "--mode", mode, "--database", os.path.join(directory, "gateway.db"),
                 "--mqtt-host", "127.0.0.1", "--mqtt-port", str(broker.port), "--no-forecast", "--print", "none",
                 "--udp-port", str(pipeline.free_port(pipeline.socket.SOCK_DGRAM)), "--udp-address", "127.0.0.1",
                 "--weatherflow-api", f"http://127.0.0.1:{ports['rest']}/swd/rest", "--seconds", str(int(seconds) + 10)],
                env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(seconds)
            samples = []
            for _ in range(5):
                samples.append(private_dirty_kb(gateway_process.pid))
                time.sleep(0.5)
            sent = {}
            for _, line in sent_lines.all()[1:]:
                record = json.loads(line)
                sent[record["speed"]] = record["sent"]
            delays = []
            for arrival, line in received_lines.all():
                speed = json.loads(line).get("wind_speed")
                if speed in sent:
                    delays.append(arrival - sent.pop(speed))
            return {"private_dirty_kb": statistics.median(samples), "delays": delays}
        finally:
            for process in (gateway_process, subscriber, fake):
                if process is not None:
                    process.terminate()
                    try:
                        process.wait(timeout=15)
                    except subprocess.TimeoutExpired:
                        process.kill()
            broker.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gateway", default=os.path.join(ROOT, ".build-static", "release", "tempest-gateway"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--rapid-interval", type=float, default=0.5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = {}
    for mode in ("udp", "websocket"):
        rounds = [one_round(args.gateway, mode, args.seconds, args.rapid_interval) for _ in range(args.rounds)]
        delays = sorted(delay for result in rounds for delay in result["delays"])
        results[mode] = {
            "private_dirty_kb": statistics.median(result["private_dirty_kb"] for result in rounds),
            "rapid_wind_events": len(delays),
            "delay_ms_median": round(statistics.median(delays) * 1000, 1) if delays else None,
            "delay_ms_p99": round(delays[min(len(delays) - 1, int(len(delays) * 0.99))] * 1000, 1) if delays else None,
            "delay_ms_max": round(delays[-1] * 1000, 1) if delays else None,
        }
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"{args.rounds} rounds of {args.seconds:g} s, a rapid wind every {args.rapid_interval:g} s; Private_Dirty median of 5 samples, median of rounds")
    print("| mode | Private_Dirty kB | rapid wind events seen | delay median ms | delay p99 ms | delay max ms |")
    print("|---|---:|---:|---:|---:|---:|")
    for mode, row in results.items():
        print(f"| {mode} | {row['private_dirty_kb']:,} | {row['rapid_wind_events']} | {row['delay_ms_median']} | {row['delay_ms_p99']} | {row['delay_ms_max']} |")
    print(f"WebSocket source: {results['websocket']['private_dirty_kb'] - results['udp']['private_dirty_kb']:+,} kB Private_Dirty")


if __name__ == "__main__":
    main()
