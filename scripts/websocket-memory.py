#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
"""Measures what a long-running command costs in memory at chosen moments:
Private_Dirty (pages only this process wrote: heap, stacks, TLS buffers,
relocated data; what it really takes from a small board), Rss and Pss from
/proc/PID/smaps_rollup, and its threads (count and names, /proc/PID/task),
over several runs, and prints the median, lowest and highest of each.

Written for the WebSocket transport (docs/design/websocket-transport.md):
the gateway in websocket mode, or a stand-in client, connected to a local
wss:// server on 127.0.0.1, sampled once connected and idle and again after
30 s of pushed messages. It knows nothing of WebSockets: any command that
prints a line when it reaches a moment worth sampling will do.

Each run starts COMMAND without a shell (the process measured is the
command's own: start the binary itself, not `sh -c` or `swift run`), reads
its standard output and error line by line (with --log, into a file),
waits for each --sample condition in the order given and reads the figures
at that moment, then stops the command (SIGTERM, SIGKILL 5 s later) or,
with --stop wait, waits for it to end by itself. Every wait is bounded by
--timeout. A run whose command ends or times out before a condition fails
the script (exit 1) with the last lines it printed.

Conditions (WHEN):
  line:REGEX        the first line, after the previous sample, that matches
                    REGEX (Python re.search) on standard output or error
  line:REGEX+S      S seconds after such a line
  after:S           S seconds after the command started

Usage: scripts/websocket-memory.py [--runs N] [--sample LABEL=WHEN]...
                                   [--timeout SECONDS] [--stop term|wait]
                                   [--log FILE] [--json] -- COMMAND [ARG...]
  --runs N          runs of the command (default 3; the median is printed)
  --sample L=WHEN   a sample named L (repeatable; default: started=after:2)
  --timeout S       longest wait for any one condition (default 120)
  --stop term|wait  after the last sample: SIGTERM (default) or wait for it
                    to end (at most --timeout, then SIGTERM)
  --log FILE        every line the command printed, with seconds since start
  --json            the figures as JSON (every run's and the medians)

Example (a client that prints "connected", then "message N" every 3 s):
  scripts/websocket-memory.py --runs 3 \\
      --sample 'idle=line:^connected+1' --sample 'after 30 s=line:^message 10$' \\
      -- ./client 8765 ca.pem 31
"""
import argparse
import json
import os
import queue
import re
import signal
import statistics
import subprocess
import sys
import threading
import time
from collections import deque

FIELDS = ("Private_Dirty", "Rss", "Pss")


def parse_condition(text):
    """`line:REGEX[+S]` or `after:S` into (kind, regex, seconds)."""
    if text.startswith("after:"):
        return ("after", None, float(text[len("after:"):]))
    if text.startswith("line:"):
        body = text[len("line:"):]
        match = re.fullmatch(r"(.*)\+([0-9]+(?:\.[0-9]+)?)", body)
        pattern, delay = (match.group(1), float(match.group(2))) if match else (body, 0.0)
        return ("line", re.compile(pattern), delay)
    raise ValueError(f"condition {text!r}: expected line:REGEX, line:REGEX+SECONDS or after:SECONDS")


def parse_sample(text):
    label, sep, condition = text.partition("=")
    if not sep or not label:
        raise argparse.ArgumentTypeError(f"sample {text!r}: expected LABEL=WHEN")
    try:
        return (label, parse_condition(condition))
    except (ValueError, re.error) as error:
        raise argparse.ArgumentTypeError(str(error))


def smaps_rollup_kib(pid):
    """Rss, Pss and Private_Dirty in kB (empty when the process is gone)."""
    figures = {}
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                key, _, rest = line.partition(":")
                if key in FIELDS:
                    figures[key] = int(rest.split()[0])
    except OSError:
        pass
    return figures


def thread_names(pid):
    """The names (comm) of the process's threads, in task id order."""
    names = []
    try:
        for task in sorted(os.listdir(f"/proc/{pid}/task"), key=int):
            try:
                with open(f"/proc/{pid}/task/{task}/comm") as f:
                    names.append(f.read().strip())
            except OSError:
                pass
    except OSError:
        pass
    return names


class Child:
    """The command, its output lines in a queue, the last 20 kept for errors."""

    def __init__(self, command, log):
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        stdin=subprocess.DEVNULL, text=True, errors="replace")
        self.started = time.monotonic()
        self.lines = queue.Queue()
        self.recent = deque(maxlen=20)
        self.log = log
        self.readers = [threading.Thread(target=self._read, args=(stream,), daemon=True)
                        for stream in (self.process.stdout, self.process.stderr)]
        for reader in self.readers:
            reader.start()

    def _read(self, stream):
        # Each line with the moment it arrived, so the log's times are true
        # even for lines read after the last sample.
        for line in stream:
            self.lines.put((time.monotonic() - self.started, line.rstrip("\n")))
        self.lines.put(None)

    def wait_for(self, condition, timeout):
        """Blocks until the condition holds; returns an error text or None."""
        kind, pattern, seconds = condition
        deadline = time.monotonic() + timeout
        if kind == "after":
            target = self.started + seconds
            while time.monotonic() < target:
                if self.process.poll() is not None:
                    return f"the command ended (status {self.process.returncode}) before {seconds} s"
                time.sleep(min(0.05, max(0.0, target - time.monotonic())))
            return None
        ended = 0
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return f"no line matched {pattern.pattern!r} within {timeout} s"
            try:
                line = self.lines.get(timeout=min(remaining, 0.5))
            except queue.Empty:
                continue
            if line is None:
                ended += 1
                if ended == len(self.readers):
                    return f"the command ended before a line matched {pattern.pattern!r}"
                continue
            seconds_in, line = line
            self.recent.append(line)
            if self.log:
                self.log.write(f"{seconds_in:9.3f} {line}\n")
            if pattern.search(line):
                time.sleep(seconds)
                return None

    def stop(self, mode, timeout):
        if mode == "wait":
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                pass
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        # Drain what is left so the log is whole.
        for reader in self.readers:
            reader.join(timeout=2)
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                break
            if line is not None and self.log:
                self.log.write(f"{line[0]:9.3f} {line[1]}\n")


def run_once(command, samples, timeout, stop, log):
    # Pages of a file written moments ago (a binary just built, copied or
    # stripped) that are not yet on disk count as Private_Dirty while mapped.
    os.sync()
    child = Child(command, log)
    figures = []
    try:
        for label, condition in samples:
            error = child.wait_for(condition, timeout)
            if error:
                raise RuntimeError(f"sample {label!r}: {error}\nlast lines:\n  " + "\n  ".join(child.recent))
            reading = smaps_rollup_kib(child.process.pid)
            if not reading:
                raise RuntimeError(f"sample {label!r}: the process was gone when sampled")
            names = thread_names(child.process.pid)
            reading["Threads"] = len(names)
            reading["thread_names"] = names
            figures.append(reading)
    finally:
        child.stop(stop, timeout)
    return figures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sample", type=parse_sample, action="append", default=[])
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--stop", choices=("term", "wait"), default="term")
    parser.add_argument("--log")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    arguments = parser.parse_args()
    command = arguments.command[1:] if arguments.command[:1] == ["--"] else arguments.command
    if not command:
        parser.error("no command given (put it after --)")
    if arguments.runs < 1:
        parser.error("--runs must be at least 1")
    samples = arguments.sample or [("started", parse_condition("after:2"))]

    log = open(arguments.log, "w") if arguments.log else None
    runs = []
    try:
        for number in range(arguments.runs):
            if log:
                log.write(f"--- run {number + 1}: {' '.join(command)}\n")
            runs.append(run_once(command, samples, arguments.timeout, arguments.stop, log))
    except RuntimeError as error:
        print(f"error: run {len(runs) + 1}: {error}", file=sys.stderr)
        return 1
    finally:
        if log:
            log.close()

    summary = []
    for index, (label, _) in enumerate(samples):
        row = {"sample": label}
        for key in FIELDS + ("Threads",):
            values = [run[index].get(key, 0) for run in runs]
            row[key] = {"median": statistics.median(values), "lowest": min(values), "highest": max(values),
                        "runs": values}
        row["thread_names_last_run"] = runs[-1][index]["thread_names"]
        summary.append(row)

    if arguments.json:
        unit_note = "Private_Dirty, Rss and Pss in kB (1024 bytes); Threads a count"
        print(json.dumps({"command": command, "runs": arguments.runs, "units": unit_note,
                          "samples": summary}, indent=2))
        return 0
    print(f"Command: {' '.join(command)}")
    print(f"Runs: {arguments.runs} (median, with the lowest and highest in brackets)")
    header = f"{'Sample':<20} {'Private_Dirty (MB)':>26} {'Rss (MB)':>26} {'Pss (MB)':>26} {'Threads':>10}"
    print(header)
    print("-" * len(header))
    for row in summary:
        cells = []
        for key in FIELDS:
            figure = row[key]
            cells.append(f"{figure['median'] / 1024:.2f} ({figure['lowest'] / 1024:.2f}-{figure['highest'] / 1024:.2f})")
        threads = row["Threads"]
        thread_cell = f"{threads['median']:g}" if threads["lowest"] == threads["highest"] else \
            f"{threads['median']:g} ({threads['lowest']}-{threads['highest']})"
        print(f"{row['sample']:<20} {cells[0]:>26} {cells[1]:>26} {cells[2]:>26} {thread_cell:>10}")
    print("MB here is 1024 x 1024 bytes, from the kB figures of /proc/PID/smaps_rollup.")
    for row in summary:
        print(f"Threads at {row['sample']} (last run): {', '.join(row['thread_names_last_run'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
