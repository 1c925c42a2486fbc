#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors

"""The CPU floor: what any gateway must spend per datagram on this machine.

Builds Benchmarks/CPUFloor/cpu-floor.c (a single-threaded C program that does
only what the issues ask of every datagram, with libmosquitto and SQLite as
tempest-gateway uses them) and measures it at the sample day's own pace, one
datagram every 2.14 s, in four modes, each doing more than the one before:
receive only; also publish at QoS 1 and read the PUBACK; also store with an
outbox entry (crash-safe); also sync each commit (power-safe, as storage's
promise of durability within one second needs at this pace). For each mode it
prints the CPU per datagram and the CPU a day of the sample day's datagrams
would cost at that rate, to set beside the 1 CPU-second a day of issue #8 and
beside scripts/benchmark-pipeline.py's figure for the gateway itself. Then,
for that benchmark's CPU step (about 1,000 datagrams at 50 a second), the
first and third modes again at that rate.

Needs a C compiler, libmosquitto-dev, libsqlite3-dev and mosquitto (all
installed by scripts/install-deps.sh). Talks to 127.0.0.1 only; every loop
is bounded. About five minutes.

Usage: scripts/cpu-floor.py [DATAGRAMS PER MODE, default 25]
       scripts/cpu-floor.py --build-only   (what scripts/test.sh runs: the
       program still compiles without warnings; nothing is measured)
"""
import importlib.util, os, shutil, signal, socket, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_spec = importlib.util.spec_from_file_location("benchmark_pipeline", os.path.join(ROOT, "scripts", "benchmark-pipeline.py"))
pipeline = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pipeline)

MODES = ("receive", "publish", "store", "durable")
MODE_LABELS = {
    "receive": "receive the datagram",
    "publish": "receive, publish at QoS 1, read the PUBACK",
    "store": "receive, store with an outbox entry (crash-safe), publish, delete once acknowledged",
    "durable": "all of that, each commit synced (power-safe at once)",
}
WARM_UP = 5
QUIET_SECONDS = 10
FIFTY_A_SECOND_DATAGRAMS = 1000


def build(directory):
    compiler = next((c for c in ("cc", "gcc", "clang") if shutil.which(c)), None)
    if compiler is None:
        sys.exit("cpu-floor: no C compiler (cc, gcc or clang) on PATH")
    binary = os.path.join(directory, "cpu-floor")
    subprocess.run([compiler, "-O2", "-Wall", "-Wextra", "-Werror", "-o", binary, os.path.join(ROOT, "Benchmarks", "CPUFloor", "cpu-floor.c"),
                    "-lmosquitto", "-lsqlite3"], check=True)
    return binary


def measure(binary, mode, broker_port, directory, datagrams, interval, stride=1000):
    """CPU seconds per datagram of `mode`, quiet CPU taken off, for every
    `stride`-th line of the day (which keeps the day's mix of types)."""
    udp_port = pipeline.free_port(socket.SOCK_DGRAM)
    database = os.path.join(tempfile.mkdtemp(dir=directory), "floor.db")  # a new file for every measurement
    # The program's own bound is one datagram more than it is sent, so that it
    # is still running when its CPU is read; SIGTERM ends it.
    bound = WARM_UP + datagrams + 1
    child = subprocess.Popen([binary, mode, str(udp_port), str(broker_port), database, str(bound)],
                             stdout=subprocess.PIPE, text=True)
    try:
        if child.stdout.readline().strip() != "ready":
            sys.exit(f"cpu-floor {mode} did not start")
        sender = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        for line in DAY[:WARM_UP]:
            sender.sendto(line, ("127.0.0.1", udp_port))
            time.sleep(0.2)
        time.sleep(1)
        before = pipeline.thread_cpu_ns(child.pid)
        time.sleep(QUIET_SECONDS)
        quiet_per_second = pipeline.cpu_between(before, pipeline.thread_cpu_ns(child.pid)) / QUIET_SECONDS
        before = pipeline.thread_cpu_ns(child.pid)
        begin = time.monotonic()
        for index, line in enumerate(DAY[WARM_UP::stride][:datagrams]):
            sender.sendto(line, ("127.0.0.1", udp_port))
            pause = begin + (index + 1) * interval - time.monotonic()
            if pause > 0:
                time.sleep(pause)
        time.sleep(1)  # the last PUBACK arrives and its entry waits for the next commit
        spent = pipeline.cpu_between(before, pipeline.thread_cpu_ns(child.pid))
        spent -= quiet_per_second * (time.monotonic() - begin)
        if child.poll() is not None:  # a program that died measured nothing
            sys.exit(f"cpu-floor {mode} ended early (exit status {child.returncode}); see its error above")
        return spent / datagrams
    finally:
        child.send_signal(signal.SIGTERM)
        child.wait(timeout=10)


def main():
    if sys.argv[1:] == ["--build-only"]:
        with tempfile.TemporaryDirectory(prefix="cpu-floor-") as directory:
            build(directory)
        print("CPU-floor benchmark program: builds without warnings")
        return
    datagrams = int(sys.argv[1]) if len(sys.argv) > 1 else 25
    interval = 86400 / len(DAY)
    with tempfile.TemporaryDirectory(prefix="cpu-floor-") as directory:
        binary = build(directory)
        broker = pipeline.Broker(directory)
        try:
            print(f"CPU floor at the sample day's pace ({datagrams} datagrams {interval:.2f} s apart per mode; "
                  f"a day is {len(DAY)} datagrams; the target of issue #8 is 1 CPU-second a day, "
                  f"{1e6 / len(DAY):.0f} microseconds per datagram)")
            for mode in MODES:
                per_datagram = measure(binary, mode, broker.port, directory, datagrams, interval)
                print(f"  {MODE_LABELS[mode]}: {per_datagram * 1e6:.0f} microseconds per datagram, "
                      f"{per_datagram * len(DAY):.2f} CPU seconds a day")
            # For comparison with the pipeline benchmark's 50-a-second step
            # (every 40th line of the day, about 1,000 datagrams, as there): a
            # wake-up from a long idle can cost more (caches, the CPU's idle
            # state), so the figures above are taken at the day's own pace.
            print("  for comparison, at 50 a second (the pipeline benchmark's CPU step):")
            for mode in ("receive", "store"):
                per_datagram = measure(binary, mode, broker.port, directory, FIFTY_A_SECOND_DATAGRAMS, 0.02, stride=40)
                print(f"    {MODE_LABELS[mode]}: {per_datagram * 1e6:.0f} microseconds per datagram")
        finally:
            broker.stop()


DAY = pipeline.sample_day()

if __name__ == "__main__":
    main()
