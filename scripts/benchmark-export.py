#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors

"""What export costs: two gateways side by side, one with an `[[export]]`
table and one without, fed the same datagrams at the same moments.

This machine's speed wanders (2.5 times between runs minutes apart), so two
runs one after the other do not compare; two gateways running at once see
the same machine. Each gets its own database and UDP port; both publish to
one mosquitto (under their own base topics); the one with export writes to
a VictoriaMetrics (Debian's `victoria-metrics`), all on 127.0.0.1.

Each round sends 600 consecutive datagrams of the sample day (its real mix:
an observation a minute among the 3-second wind and the hub's status) to
both, at ten times a station's pace (0.21 s apart: each observation still
commits, publishes and is exported on its own), under serials of its own,
then waits 8 s for the export's gathering round. It prints, per round and
gateway, the CPU per datagram with a quiet gateway's CPU taken off (each
live thread's schedstat, as benchmark-pipeline.py counts it: the export's
requests run on a thread that lives on, `http-connection`), and the ratio.

Usage: scripts/benchmark-export.py PATH-TO-tempest-gateway [ROUNDS]
"""
import importlib.util, os, socket, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_spec = importlib.util.spec_from_file_location("benchmark_pipeline", os.path.join(ROOT, "scripts", "benchmark-pipeline.py"))
pipeline = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pipeline)

GATEWAY = sys.argv[1]
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 3


def cpu(pid):
    """Each live thread's CPU nanoseconds."""
    return pipeline.thread_cpu_ns(pid)


def start(directory, name, broker_port, extra):
    udp_port = pipeline.free_port(socket.SOCK_DGRAM)
    folder = os.path.join(directory, name)
    os.makedirs(folder)
    process = subprocess.Popen(
        [GATEWAY, "run", "--database", os.path.join(folder, "gateway.db"), "--udp-address", "127.0.0.1",
         "--udp-port", str(udp_port), "--print", "none", "--mqtt-host", "127.0.0.1", "--mqtt-port", str(broker_port),
         "--mqtt-base", name, "--no-homeassistant", "--no-forecast"] + extra,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return process, udp_port


def main():
    os.sync()
    directory = tempfile.mkdtemp(prefix="export-benchmark-")
    broker = pipeline.Broker(directory)
    victoria = pipeline.VictoriaMetrics(directory)
    config = os.path.join(directory, "export.toml")
    with open(config, "w") as f:
        f.write(f'[[export]]\nurl = "{victoria.write_url}"\n')
    plain = exporting = None
    try:
        plain, plain_port = start(directory, "plain", broker.port, [])
        exporting, exporting_port = start(directory, "exporting", broker.port, ["--config", config])
        time.sleep(3)
        sender = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        day = pipeline.sample_day()
        interval = 86400 / len(day) / 10
        print(f"two gateways side by side, one exporting to VictoriaMetrics at {victoria.write_url}")
        quiet_seconds = 20
        before = (cpu(plain.pid), cpu(exporting.pid))
        time.sleep(quiet_seconds)
        quiet = (pipeline.cpu_between(before[0], cpu(plain.pid)) / quiet_seconds,
                 pipeline.cpu_between(before[1], cpu(exporting.pid)) / quiet_seconds)
        print(f"quiet CPU: {quiet[0] * 1000:.3f} ms per second without export, {quiet[1] * 1000:.3f} with")
        ratios = []
        for round_index in range(ROUNDS):
            serial = f"ST-0007{round_index:04d}".encode()
            hub = f"HB-0007{round_index:04d}".encode()
            lines = [line.replace(b"ST-00054321", serial).replace(b"HB-00012345", hub) for line in day[3000:3600]]
            observations = sum(1 for line in lines if b'"obs_st"' in line)
            before = (cpu(plain.pid), cpu(exporting.pid))
            begin = time.monotonic()
            for index, line in enumerate(lines):
                sender.sendto(line, ("127.0.0.1", plain_port))
                sender.sendto(line, ("127.0.0.1", exporting_port))
                pause = begin + (index + 1) * interval - time.monotonic()
                if pause > 0:
                    time.sleep(pause)
            time.sleep(8)
            seconds = time.monotonic() - begin
            per_datagram = [(pipeline.cpu_between(b, cpu(p.pid)) - q * seconds) / len(lines)
                            for p, b, q in ((plain, before[0], quiet[0]), (exporting, before[1], quiet[1]))]
            ratio = per_datagram[1] / per_datagram[0]
            ratios.append(ratio)
            print(f"round {round_index + 1} ({len(lines)} datagrams, {observations} observations, {interval:.2f} s apart): "
                  f"CPU per datagram {per_datagram[0] * 1e6:.0f} microseconds without export, "
                  f"{per_datagram[1] * 1e6:.0f} with: {ratio:.3f} times")
        ratios.sort()
        print(f"export's cost at ten times a station's pace: median {ratios[len(ratios) // 2]:.3f} times the CPU per datagram "
              f"(rounds: {', '.join(f'{r:.3f}' for r in ratios)})")
        status = subprocess.run([GATEWAY, "status", "--json", "--database", os.path.join(directory, "exporting", "gateway.db")],
                                capture_output=True, text=True, timeout=10).stdout
        export = pipeline.json.loads(status)["exports"][0]
        print(f"the export: {export['state']}, {export['points_sent']} points sent, {export['lag_entries']} stored facts waiting")
    finally:
        for process in (plain, exporting):
            if process:
                pipeline.stop_gateway(process)
        victoria.stop()
        broker.stop()


if __name__ == "__main__":
    main()
