#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors

"""MQTT messages per simulated day, and CPU per datagram at 50 datagrams/s.

Starts a real mosquitto and the gateway on free loopback ports (as
`benchmark-pipeline.py` does, whose helpers it uses), with a subscriber on
`#` at QoS 2 started first, so that it sees every message the gateway
publishes with the QoS it was published at. Then:

  - sends the sample day (Samples/sample-day.jsonl, 40,463 datagrams) at
    RATE datagrams a second (default 400: each datagram still commits and
    publishes on its own, and the day takes about 100 s) and counts the
    messages the gateway published from its start until the day settled,
    by kind (events, retained values, Home Assistant discovery, status and
    availability) and by QoS, and their bytes of topic and payload by kind
    (events also by their own kind);
  - measures the CPU per datagram at 50 datagrams/s exactly as
    `benchmark-pipeline.py` does (a quiet gateway's CPU over 20 s, then
    every 40th line of the day under serials of its own, at 50/s, less the
    quiet CPU of the same span).

Everything talks to 127.0.0.1 only; every loop is bounded in count and time.

Usage: scripts/messages-per-day.py PATH-TO-tempest-gateway [--homeassistant] [--rate RATE] [--cpu-only]
                                    [--cpu-rate RATE] [--cpu-every N]
  --cpu-only skips the day (for a gateway run under valgrind: PATH can be
  a script that execs `valgrind --tool=callgrind <binary> "$@"`; give it a
  pace it keeps up with, such as --cpu-rate 5 --cpu-every 200, so that each
  datagram is still handled on its own).
  Extra gateway options can follow `--`, e.g. `-- --mqtt-retained-qos 1`.
"""
import collections, importlib.util, os, socket, subprocess, sys, tempfile, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_spec = importlib.util.spec_from_file_location("benchmark_pipeline", os.path.join(ROOT, "scripts", "benchmark-pipeline.py"))
pipeline = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pipeline)  # reads the gateway's path and --homeassistant from sys.argv

ARGUMENTS = sys.argv[2:]
EXTRA = ARGUMENTS[ARGUMENTS.index("--") + 1:] if "--" in ARGUMENTS else []
OWN = ARGUMENTS[:ARGUMENTS.index("--")] if "--" in ARGUMENTS else ARGUMENTS
RATE = float(OWN[OWN.index("--rate") + 1]) if "--rate" in OWN else 400.0
CPU_ONLY = "--cpu-only" in OWN
# The CPU step's pace (datagrams a second) and its share of the day (every Nth line).
CPU_RATE = float(OWN[OWN.index("--cpu-rate") + 1]) if "--cpu-rate" in OWN else 50.0
CPU_EVERY = int(OWN[OWN.index("--cpu-every") + 1]) if "--cpu-every" in OWN else 40


class Counter:
    """mosquitto_sub on `#` at QoS 2: counts every message by kind and QoS, and its topic and payload bytes by kind."""

    def __init__(self, port):
        self.lock = threading.Lock()
        self.kinds = collections.Counter()
        self.fields = collections.Counter()
        self.bytes = collections.Counter()
        self.event_bytes = collections.Counter()
        self.total = 0
        self.process = subprocess.Popen(
            ["mosquitto_sub", "-h", "127.0.0.1", "-p", str(port), "-t", "#", "-q", "2", "-F", "%q %l %t"],
            stdout=subprocess.PIPE, text=True, bufsize=1)
        self.thread = threading.Thread(target=self.read, daemon=True)
        self.thread.start()
        time.sleep(0.3)

    @staticmethod
    def kind(topic):
        if topic.startswith("homeassistant/"):
            return "Home Assistant discovery and status"
        if "/event/" in topic:
            return "events (outbox)"
        if topic.endswith("/availability") or topic.endswith("/gateway/status"):
            return "gateway status and availability"
        return "retained values"

    def read(self):
        for line in self.process.stdout:
            qos, length, topic = line.rstrip("\n").split(" ", 2)
            with self.lock:
                kind = self.kind(topic)
                self.kinds[(kind, qos)] += 1
                self.bytes[kind] += len(topic.encode()) + int(length)
                if kind == "events (outbox)":
                    self.event_bytes[topic.rpartition("/")[2]] += len(topic.encode()) + int(length)
                if kind == "retained values":
                    self.fields[topic.rpartition("/")[2]] += 1
                self.total += 1

    def snapshot(self):
        with self.lock:
            return self.total, collections.Counter(self.kinds)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def settle(counter, quiet_seconds=3, limit_seconds=120):
    """Waits until no message arrived for `quiet_seconds` (at most `limit_seconds`)."""
    deadline = time.monotonic() + limit_seconds
    last = (counter.snapshot()[0], time.monotonic())
    while time.monotonic() < deadline:
        time.sleep(0.2)
        total = counter.snapshot()[0]
        if total != last[0]:
            last = (total, time.monotonic())
        elif time.monotonic() - last[1] >= quiet_seconds:
            return


def send_paced(sender, udp_port, lines, rate):
    begin = time.monotonic()
    for index, line in enumerate(lines):
        sender.sendto(line, ("127.0.0.1", udp_port))
        pause = begin + (index + 1) / rate - time.monotonic()
        if pause > 0:
            time.sleep(pause)
    return time.monotonic() - begin


def main():
    directory = tempfile.mkdtemp(prefix="messages-per-day-")
    notify_path = os.path.join(directory, "notify.sock")
    notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    notify.bind(notify_path)
    broker = pipeline.Broker(directory)
    counter = gateway = None
    try:
        counter = Counter(broker.port)
        udp_port = pipeline.free_port(socket.SOCK_DGRAM)
        gateway = pipeline.start_gateway(directory, broker.port, udp_port, notify_path, extra=EXTRA)
        pipeline.wait_ready(notify, timeout_seconds=120 if CPU_ONLY else 10)  # valgrind starts slowly
        print(f"Home Assistant discovery: {'on' if pipeline.HOME_ASSISTANT else 'off (--homeassistant turns it on)'}"
              + (f"; gateway options: {' '.join(EXTRA)}" if EXTRA else ""))
        time.sleep(1.0)
        sender = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        sender.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4 << 20)

        day = pipeline.sample_day()
        if not CPU_ONLY:
            count_day(counter, sender, udp_port, day)
        measure_cpu(counter, gateway, sender, udp_port, day)
    finally:
        if gateway:
            pipeline.stop_gateway(gateway)
        if counter:
            counter.stop()
        broker.stop()


def count_day(counter, sender, udp_port, day):
    """Sends the day at RATE and prints the messages it made, by kind."""
    seconds = send_paced(sender, udp_port, day, RATE)
    settle(counter)
    total, kinds = counter.snapshot()
    print(f"MQTT messages for one simulated day ({len(day)} datagrams at {RATE:.0f}/s, sent in {seconds:.0f} s; "
          f"from the gateway's start): {total} ({total / len(day):.2f} per datagram)")
    for (kind, qos), count in sorted(kinds.items()):
        print(f"  {kind}, QoS {qos}: {count}")
    with counter.lock:
        sizes = collections.Counter(counter.bytes)
        event_sizes = collections.Counter(counter.event_bytes)
    print(f"Topic and payload bytes of those messages (without MQTT's own headers): {sum(sizes.values())}")
    for kind, size in sorted(sizes.items()):
        print(f"  {kind}: {size}")
    print("  events by kind: " + ", ".join(f"{name} {size}" for name, size in event_sizes.most_common()))
    acknowledged = sum(count for (_, qos), count in kinds.items() if qos != "0")
    print(f"MQTT packets for that day on the gateway's connection (each PUBLISH, and the PUBACK of each at QoS 1): "
          f"{total + acknowledged}")
    with counter.lock:
        fields = counter.fields.most_common(8)
    print("  retained values sent most often, by field: " + ", ".join(f"{name} {count}" for name, count in fields))


def measure_cpu(counter, gateway, sender, udp_port, day):
    """CPU per datagram at 50/s, as benchmark-pipeline.py measures it."""
    time.sleep(5)
    quiet_seconds = 20
    before = pipeline.thread_cpu_ns(gateway.pid)
    time.sleep(quiet_seconds)
    idle_per_second = pipeline.cpu_between(before, pipeline.thread_cpu_ns(gateway.pid)) / quiet_seconds
    sample = [line.replace(b"ST-00054321", b"ST-00099999").replace(b"HB-00012345", b"HB-00099999") for line in day[::CPU_EVERY]]
    messages_before = counter.snapshot()[0]
    before = pipeline.thread_cpu_ns(gateway.pid)
    begin = time.monotonic()
    send_paced(sender, udp_port, sample, CPU_RATE)
    time.sleep(2)
    paced_seconds = time.monotonic() - begin
    per_datagram = (pipeline.cpu_between(before, pipeline.thread_cpu_ns(gateway.pid)) - idle_per_second * paced_seconds) / len(sample)
    settle(counter)
    print(f"CPU of a quiet gateway: {idle_per_second * 1000:.3f} ms per second")
    print(f"CPU per datagram arriving on its own ({len(sample)} of the day's datagrams at {CPU_RATE:g}/s): "
          f"{per_datagram * 1e6:.0f} microseconds ({(counter.snapshot()[0] - messages_before) / len(sample):.2f} MQTT messages each)")


if __name__ == "__main__":
    main()
