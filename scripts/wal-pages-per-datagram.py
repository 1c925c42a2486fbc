#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors

"""What each datagram writes to SQLite's write-ahead log at a station's pace.

Every page a commit changes is written to the log as a frame of its own
(4 KB plus a 24-byte header), and copied into the database at the next
checkpoint: on an SD card this is most of what the gateway writes, and
each write is CPU in the kernel. This script starts a real mosquitto and
the gateway (as `benchmark-pipeline.py` does, on free loopback ports),
sends 300 of the sample day's datagrams to fill its tables, then 40 more
2.14 s apart (the day's mean interval), and reads the frames those 40
appended to the log: how many, and which table or index each page belongs
to (SQLite's `dbstat`, through the `sqlite3` command).

Usage: scripts/wal-pages-per-datagram.py PATH-TO-tempest-gateway [--homeassistant]
Everything talks to 127.0.0.1 only; every loop is bounded.
"""
import collections, importlib.util, os, socket, struct, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_spec = importlib.util.spec_from_file_location("benchmark_pipeline", os.path.join(ROOT, "scripts", "benchmark-pipeline.py"))
pipeline = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pipeline)  # reads the gateway's path and --homeassistant from sys.argv

PAGE_SIZE = 4096
FRAME_HEADER = 24
FILL = 300
MEASURED = 40
INTERVAL_SECONDS = 2.14


def frames_by_page(log_bytes):
    """Page numbers of the frames in `log_bytes` (whole frames only), and how
    many of them end a transaction (a non-zero database size in the header)."""
    pages = collections.Counter()
    commits = 0
    for offset in range(0, len(log_bytes) - FRAME_HEADER - PAGE_SIZE + 1, FRAME_HEADER + PAGE_SIZE):
        page, size_after_commit = struct.unpack(">II", log_bytes[offset:offset + 8])
        pages[page] += 1
        commits += 1 if size_after_commit else 0
    return pages, commits


def page_owners(database):
    out = subprocess.run(["sqlite3", "-readonly", database, "SELECT pageno, name FROM dbstat"],
                         capture_output=True, text=True, timeout=30, check=True).stdout
    return {int(number): name for number, _, name in (line.partition("|") for line in out.splitlines())}


def main():
    if subprocess.run(["sh", "-c", "command -v sqlite3"], capture_output=True).returncode != 0:
        sys.exit("this script reads the log's pages with the sqlite3 command: apt-get install sqlite3")
    with tempfile.TemporaryDirectory() as directory:
        broker = pipeline.Broker(directory)
        notify_path = os.path.join(directory, "notify")
        notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        notify.bind(notify_path)
        udp_port = pipeline.free_port(socket.SOCK_DGRAM)
        gateway = pipeline.start_gateway(directory, broker.port, udp_port, notify_path)
        try:
            pipeline.wait_ready(notify)
            day = pipeline.sample_day()
            sender = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            for line in day[:FILL]:
                sender.sendto(line, ("127.0.0.1", udp_port))
                time.sleep(0.01)
            time.sleep(7)  # the fill's acknowledged messages deleted, its log synced
            log_path = os.path.join(directory, "gateway.db-wal")
            start = os.path.getsize(log_path)
            begin = time.monotonic()
            for index, line in enumerate(day[FILL:FILL + MEASURED]):
                sender.sendto(line, ("127.0.0.1", udp_port))
                pause = begin + (index + 1) * INTERVAL_SECONDS - time.monotonic()
                if pause > 0:
                    time.sleep(pause)
            time.sleep(7)
            with open(log_path, "rb") as f:
                f.seek(start)
                pages, commits = frames_by_page(f.read())
            if os.path.getsize(log_path) < start or sum(pages.values()) == 0:
                sys.exit("the log was checkpointed and restarted during the measurement; run again")
            owners = page_owners(os.path.join(directory, "gateway.db"))
        finally:
            gateway.terminate()
            gateway.wait(timeout=10)
            broker.stop()
    frames = sum(pages.values())
    print(f"datagrams: {MEASURED}, {INTERVAL_SECONDS} s apart; transactions: {commits}; "
          f"pages written to the log: {frames}, {frames / MEASURED:.2f} per datagram "
          f"({frames * (PAGE_SIZE + FRAME_HEADER) / MEASURED / 1024:.1f} KiB)")
    by_owner = collections.Counter()
    for page, count in pages.items():
        by_owner[owners.get(page, f"page {page} (free or header)")] += count
    for owner, count in by_owner.most_common():
        print(f"  {owner}: {count} pages, {count / MEASURED:.2f} per datagram")


if __name__ == "__main__":
    main()
