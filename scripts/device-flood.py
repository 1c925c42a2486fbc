#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors

"""Device flood: 50,000 datagrams from distinct serials at 5,000 per second
to a running gateway (issue #26, item 2), with `run`'s defaults (no station
serials: the first 16 devices heard are the station's; Home Assistant
discovery on) and a real mosquitto on a free loopback port.

Prints, each with its label and unit:
  - time from exec to READY (systemd notify protocol) of a fresh gateway,
  - Private_Dirty (/proc/PID/smaps_rollup) in the steady state (one station
    sending for a while) and after the flood, and their difference,
  - `status --json` size and /metrics size after the flood, devices admitted
    and messages refused,
  - rows in the devices table,
  - the next start's time from exec to READY, and its Private_Dirty then.
Everything talks to 127.0.0.1 only; every loop is bounded in count and time.
Whatever fails, the broker and the gateway are stopped.

Usage: scripts/device-flood.py PATH-TO-tempest-gateway [serials, default 50000] [rate per second, default 5000]
"""
import importlib.util, json, os, socket, sqlite3, subprocess, sys, tempfile, time

GATEWAY = sys.argv[1]
SERIALS = int(sys.argv[2]) if len(sys.argv) > 2 else 50_000
RATE = int(sys.argv[3]) if len(sys.argv) > 3 else 5_000
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("pipeline", os.path.join(ROOT, "scripts", "benchmark-pipeline.py"))
pipeline = importlib.util.module_from_spec(spec); spec.loader.exec_module(pipeline)
pipeline.GATEWAY = GATEWAY


def observation(serial, timestamp, hub="HB-00012345"):
    row = [timestamp, 0.5, 1.0, 2.0, 90, 3, 1000.0, 20.0, 50.0, 0, 0.0, 0, 0.0, 0, 0, 0, 2.6, 1]
    return json.dumps({"serial_number": serial, "type": "obs_st", "hub_sn": hub, "obs": [row]},
                      separators=(",", ":")).encode()


def start(directory, broker_port, udp_port, metrics_port, notify_path):
    env = dict(os.environ, NOTIFY_SOCKET=notify_path)
    return subprocess.Popen(
        [GATEWAY, "run", "--database", os.path.join(directory, "gateway.db"), "--udp-address", "127.0.0.1",
         "--udp-port", str(udp_port), "--print", "none", "--mqtt-host", "127.0.0.1", "--mqtt-port", str(broker_port),
         "--metrics-port", str(metrics_port), "--timezone", "UTC"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def private_dirty_mb(pid):
    return pipeline.smaps_rollup_kib(pid).get("Private_Dirty", 0) / 1024


def main():
    os.sync()  # a freshly written binary's dirty pages would count as the gateway's (benchmark-pipeline.py)
    with tempfile.TemporaryDirectory(prefix="device-flood-") as directory:
        notify_path = os.path.join(directory, "notify.sock")
        notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        notify.bind(notify_path)
        broker = pipeline.Broker(directory)
        gateway = None
        try:
            udp_port = pipeline.free_port(socket.SOCK_DGRAM)
            metrics_port = pipeline.free_port(socket.SOCK_STREAM)
            started = time.monotonic()
            gateway = start(directory, broker.port, udp_port, metrics_port, notify_path)
            ready = pipeline.wait_ready(notify)
            print(f"binary: {GATEWAY}")
            print(f"time from exec to READY, empty database: {(ready - started) * 1000:.1f} ms")
            sender = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            sender.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4 << 20)
            now = int(time.time())
            # Steady state: the station itself, 600 observations (10 minutes'
            # worth of timestamps, in the past) at 100 per second.
            for index in range(600):
                sender.sendto(observation("ST-00054321", now - 600 + index), ("127.0.0.1", udp_port))
                time.sleep(0.01)
            time.sleep(3)
            before = private_dirty_mb(gateway.pid)
            print(f"Private_Dirty in the steady state: {before:.2f} MB")
            begin = time.monotonic()
            for index in range(SERIALS):
                sender.sendto(observation(f"ST-{90_000_000 + index:08d}", now), ("127.0.0.1", udp_port))
                if index % 50 == 49:
                    pause = begin + (index + 1) / RATE - time.monotonic()
                    if pause > 0:
                        time.sleep(pause)
            print(f"flood: {SERIALS} distinct serials in {time.monotonic() - begin:.1f} s "
                  f"({SERIALS / (time.monotonic() - begin):.0f} per second)")
            time.sleep(3)
            after = private_dirty_mb(gateway.pid)
            print(f"Private_Dirty after the flood: {after:.2f} MB (difference {after - before:+.2f} MB)")
            status_text = subprocess.run(
                [GATEWAY, "status", "--json", "--database", os.path.join(directory, "gateway.db")],
                capture_output=True, text=True, timeout=10).stdout
            report = json.loads(status_text)
            print(f"status --json: {len(status_text.encode()) / 1024:.1f} KB; devices admitted: "
                  f"{report['device_admission']['admitted_devices']}, messages refused (unknown_device): "
                  f"{report['udp']['unknown_device']}, of {report['udp']['received']} datagrams received")
            metrics = subprocess.run(["curl", "-s", f"http://127.0.0.1:{metrics_port}/metrics"],
                                     capture_output=True, text=True, timeout=10).stdout
            series = sum(1 for line in metrics.splitlines() if "serial=" in line)
            print(f"/metrics: {len(metrics.encode()) / 1024:.1f} KB, {series} series with a serial label")
            pipeline.stop_gateway(gateway)
            gateway = None
            with sqlite3.connect(os.path.join(directory, "gateway.db")) as db:
                rows = db.execute("SELECT count(*) FROM devices").fetchone()[0]
            print(f"rows in the devices table: {rows}")
            started = time.monotonic()
            gateway = start(directory, broker.port, udp_port, metrics_port, notify_path)
            ready = pipeline.wait_ready(notify)
            print(f"next start, time from exec to READY: {(ready - started) * 1000:.1f} ms")
            time.sleep(1)
            print(f"Private_Dirty after the next start: {private_dirty_mb(gateway.pid):.2f} MB")
        finally:
            if gateway:
                pipeline.stop_gateway(gateway)
            broker.stop()


if __name__ == "__main__":
    main()
