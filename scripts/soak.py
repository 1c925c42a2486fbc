#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors

"""Soak benchmark (not a test): a simulated week of one Tempest station,
replayed faster than real time against the gateway, with the accidents of a
long life in it, and what survived at the end.

- The station: an obs_st every simulated minute, a rapid_wind every 15
  simulated seconds and a hub_status every 10 (one Tempest, one hub). The
  simulated week ends at the real "now", so no genuine timestamp is ever in
  the gateway's future.
- Accidents: the broker is restarted every simulated day; the gateway is
  killed (SIGKILL) every two simulated days and started again at once (as
  systemd's Restart= does); 1 % of datagrams are malformed (truncated,
  wrong types, garbage); 0.1 % are obs_st dated 30 days ahead.
- The broker keeps its state across restarts (persistence on) and the
  subscriber has a persistent session, so an event the broker accepted
  reaches it after a broker restart.

Printed at the end, each with its label:
  - observations lost: genuine obs_st sent while the gateway was up (from
    READY to the kill) and not in the database at the end. Datagrams sent
    while it was down are counted apart: nobody listens then (a real
    gateway backfills them from the WeatherFlow cloud);
  - observations stored twice (the key forbids it; counted anyway) and
    future-dated observations stored (must be 0);
  - observation events lost on MQTT (stored but never delivered to the
    subscriber) and delivered more than once (at-least-once: expected
    around restarts, printed, not a failure);
  - Private_Dirty at the end and its peak, largest write-ahead log.

Usage: scripts/soak.py PATH-TO-tempest-gateway [--days 7] [--speed 100] [--seed 1]
The issue's figure is --days 7 --speed 100 (about 100 minutes); a shorter
run (--days 7 --speed 1000, about 10 minutes) exercises the same accidents.
Everything talks to 127.0.0.1 only; every loop is bounded in count and time.
"""
import argparse, importlib.util, json, os, random, signal, socket, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("pipeline", os.path.join(ROOT, "scripts", "benchmark-pipeline.py"))
pipeline = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pipeline)

SERIAL, HUB = "ST-00000001", "HB-00000001"
DAY = 86_400


class PersistentBroker:
    """mosquitto on a fixed loopback port for the whole run, restartable,
    keeping its sessions and queued messages across restarts."""

    def __init__(self, directory):
        self.port = pipeline.free_port(socket.SOCK_STREAM)
        self.conf = os.path.join(directory, "mosquitto.conf")
        with open(self.conf, "w") as f:
            f.write(f"user root\npersistence true\npersistence_location {directory}/\nlistener {self.port} 127.0.0.1\n"
                    "allow_anonymous true\nmax_queued_messages 1000000\n")
        self.process = None
        self.start()

    def start(self):
        self.process = pipeline.start_mosquitto(self.conf, self.port)

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)

    def restart(self):
        self.stop()
        self.start()


class EventSubscriber:
    """mosquitto_sub with a persistent session on the observation events;
    counts deliveries per observation timestamp."""

    def __init__(self, port, path):
        self.path = path
        self.file = open(path, "w")
        self.process = subprocess.Popen(
            ["mosquitto_sub", "-h", "127.0.0.1", "-p", str(port), "-t", f"tempest/{SERIAL}/event/observation", "-q", "1",
             "-c", "-i", "soak-subscriber", "-F", "%p"], stdout=self.file, stderr=subprocess.DEVNULL)
        time.sleep(0.3)

    def deliveries(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        self.file.close()
        counts = {}
        with open(self.path) as f:
            for line in f:
                try:
                    event = json.loads(line)
                    timestamp = event["obs"][0]["timestamp"] if "obs" in event else event["timestamp"]
                except (ValueError, KeyError, IndexError, TypeError):
                    continue
                counts[timestamp] = counts.get(timestamp, 0) + 1
        return counts


def obs_st(timestamp, rng):
    temperature = round(15 + 10 * rng.random(), 2)
    return json.dumps({"serial_number": SERIAL, "type": "obs_st", "hub_sn": HUB, "firmware_revision": 176,
                       "obs": [[timestamp, 0.1, 1.2, 2.4, 200, 3, 1010.5, temperature, 60, 5000, 0.5, 40, 0.01, 1, 0, 0,
                                2.6, 1]]}, separators=(",", ":")).encode()


def hub_status(timestamp, seq):
    return json.dumps({"serial_number": HUB, "type": "hub_status", "firmware_revision": "194", "uptime": seq * 10,
                       "rssi": -50, "timestamp": timestamp, "reset_flags": "BOR,PIN,POR", "seq": seq,
                       "fs": [1, 0, 15675411, 524288], "radio_stats": [25, 1, 0, 3, 46307], "mqtt_stats": [7, 0]},
                      separators=(",", ":")).encode()


def malformed(rng, timestamp):
    choices = [
        obs_st(timestamp, rng)[: rng.randint(5, 60)],
        b'{"serial_number":"' + SERIAL.encode() + b'","type":"obs_st","obs":[["x"]]}',
        bytes(rng.randrange(256) for _ in range(rng.randint(1, 200))),
        b'{"serial_number":5,"type":"rapid_wind","ob":[1,2,3]}',
    ]
    return rng.choice(choices)


def file_size(path):
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("gateway")
    parser.add_argument("--days", type=float, default=7)
    parser.add_argument("--speed", type=float, default=100)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    pipeline.GATEWAY = arguments.gateway
    pipeline.HOME_ASSISTANT = False
    rng = random.Random(arguments.seed)

    with tempfile.TemporaryDirectory() as directory:
        broker = PersistentBroker(directory)
        subscriber = EventSubscriber(broker.port, os.path.join(directory, "events.txt"))
        udp_port = pipeline.free_port(socket.SOCK_DGRAM)
        notify_path = os.path.join(directory, "notify.sock")
        notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        notify.bind(notify_path)
        sender = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        database = os.path.join(directory, "gateway.db")

        gateway = pipeline.start_gateway(directory, broker.port, udp_port, notify_path)
        pipeline.wait_ready(notify)

        simulated_seconds = int(arguments.days * DAY)
        real_start = time.time()
        real_seconds = simulated_seconds / arguments.speed
        simulated_start = int(real_start + real_seconds) - simulated_seconds
        sent_up, sent_down, futures, malformed_count, kills, restarts = set(), 0, 0, 0, 0, 0
        next_broker_restart, next_kill = DAY, 2 * DAY
        peak_dirty_kib, largest_wal, hub_seq = 0, 0, 0
        deadline = time.monotonic() + real_seconds * 1.5 + 600
        try:
            for offset in range(0, simulated_seconds, 5):  # one step every 5 simulated seconds
                if time.monotonic() > deadline:
                    raise RuntimeError("the soak fell too far behind its schedule")
                # Keep to the simulated clock (never ahead of it).
                due = real_start + offset / arguments.speed
                pause = due - time.time()
                if pause > 0:
                    time.sleep(pause)
                timestamp = simulated_start + offset
                if offset >= next_broker_restart:
                    broker.restart()
                    restarts += 1
                    next_broker_restart += DAY
                if offset >= next_kill:
                    os.kill(gateway.pid, signal.SIGKILL)
                    gateway.wait(timeout=10)
                    kills += 1
                    next_kill += 2 * DAY
                    gateway = pipeline.start_gateway(directory, broker.port, udp_port, notify_path)
                    pipeline.wait_ready(notify)
                up = gateway.poll() is None
                datagrams = []
                if offset % 60 == 0:
                    datagrams.append(("obs", timestamp, obs_st(timestamp, rng)))
                if offset % 15 == 0:
                    datagrams.append(("other", timestamp, pipeline.wind(SERIAL, timestamp, round(rng.random() * 5, 2))))
                if offset % 10 == 0:
                    hub_seq += 1
                    datagrams.append(("other", timestamp, hub_status(timestamp, hub_seq)))
                for kind, stamp, datagram in datagrams:
                    roll = rng.random()
                    if roll < 0.01:
                        datagram, kind = malformed(rng, stamp), "malformed"
                        malformed_count += 1
                    elif roll < 0.011 and kind == "obs":
                        datagram, kind = obs_st(int(time.time()) + 30 * DAY, rng), "future"
                        futures += 1
                    sender.sendto(datagram, ("127.0.0.1", udp_port))
                    if kind == "obs":
                        if up:
                            sent_up.add(stamp)
                        else:
                            sent_down += 1
                if offset % 600 == 0 and up:
                    peak_dirty_kib = max(peak_dirty_kib, pipeline.smaps_rollup_kib(gateway.pid).get("Private_Dirty", 0))
                    largest_wal = max(largest_wal, file_size(database + "-wal"))
            # The last commits and deliveries: after a broker restart the
            # outbox waits for the reconnect; wait (60 s at most) until it is
            # empty, so that an event still waiting is not counted lost.
            drained = False
            for _ in range(120):
                time.sleep(0.5)
                try:
                    mqtt = pipeline.status(directory).get("mqtt") or {}
                except (ValueError, OSError, subprocess.SubprocessError):
                    continue
                if mqtt.get("connected") and mqtt.get("outbox_depth") == 0 and mqtt.get("in_flight") == 0:
                    drained = True
                    break
            time.sleep(1)  # the subscriber's own delivery
            final_dirty_kib = pipeline.smaps_rollup_kib(gateway.pid).get("Private_Dirty", 0)
            largest_wal = max(largest_wal, file_size(database + "-wal"))
            pipeline.stop_gateway(gateway)
            exported = subprocess.run(
                [arguments.gateway, "export", "--database", database, "--format", "jsonl", "--from",
                 "2015-01-01T00:00:00Z", "--to", "2100-01-01T00:00:00Z", "--device", SERIAL],
                capture_output=True, text=True, timeout=120)
            if exported.returncode != 0:
                raise RuntimeError(f"export failed: {exported.stderr.strip()}")
            stored = [json.loads(line)["timestamp"] for line in exported.stdout.splitlines() if line.strip()]
        finally:
            pipeline.stop_gateway(gateway)
            deliveries = subscriber.deliveries()
            broker.stop()
            notify.close()

    stored_set = set(stored)
    now = int(time.time())
    print(f"simulated: {arguments.days:g} days at {arguments.speed:g} times real time, seed {arguments.seed}")
    print(f"broker restarts: {restarts}; gateway kills (SIGKILL): {kills}")
    print(f"malformed datagrams sent: {malformed_count}; future-dated observations sent: {futures}")
    print(f"genuine observations sent while the gateway was up: {len(sent_up)}; while it was down: {sent_down}")
    print(f"observations lost (sent while up, not stored): {len(sent_up - stored_set)}")
    print(f"observations stored twice: {len(stored) - len(stored_set)}")
    print(f"future-dated observations stored: {sum(1 for stamp in stored if stamp > now + 3600)}")
    print(f"outbox empty before the stop: {'yes' if drained else 'no (still waiting after 60 s)'}")
    print(f"observation events lost on MQTT (stored, never delivered): {len(stored_set - set(deliveries))}")
    print(f"observation events delivered more than once: {sum(1 for count in deliveries.values() if count > 1)}")
    print(f"Private_Dirty at the end: {final_dirty_kib / 1024:.2f} MB; peak sampled: {peak_dirty_kib / 1024:.2f} MB")
    print(f"largest write-ahead log: {largest_wal / 1024:.0f} KB")


if __name__ == "__main__":
    main()
