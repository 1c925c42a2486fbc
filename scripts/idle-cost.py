#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors

"""What a quiet gateway costs: a real broker on a free loopback port, the
gateway started on it, no datagrams at all. After SETTLE seconds it watches
the gateway for WINDOW seconds and prints, with labels and units, the CPU
time (kernel ticks and the threads' own schedstat), the wake-ups (voluntary
context switches, in all and by thread name) and the memory at the end
(RSS, PSS, Private_Dirty from /proc/PID/smaps_rollup).

Usage: scripts/idle-cost.py PATH-TO-tempest-gateway [window seconds, default 60] [settle seconds, default 15]
Talks to 127.0.0.1 only; stops the broker and the gateway whatever happens."""
import importlib.util, os, socket, sys, tempfile, time
GATEWAY = sys.argv[1]
WINDOW = float(sys.argv[2]) if len(sys.argv) > 2 else 60
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SETTLE = float(sys.argv[3]) if len(sys.argv) > 3 else 15
spec = importlib.util.spec_from_file_location("pipeline", os.path.join(ROOT, "scripts", "benchmark-pipeline.py"))
pipeline = importlib.util.module_from_spec(spec); spec.loader.exec_module(pipeline)
pipeline.GATEWAY = GATEWAY

def ticks(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])

def switches(pid):
    out = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/status") as f:
                v = n = 0; name = ""
                for line in f:
                    if line.startswith("voluntary_ctxt_switches:"): v = int(line.split()[1])
                    if line.startswith("nonvoluntary_ctxt_switches:"): n = int(line.split()[1])
            with open(f"/proc/{pid}/task/{task}/comm") as f: name = f.read().strip()
            out[task] = (v, n, name)
        except OSError:
            pass
    return out

os.sync()  # a freshly written binary's dirty pages would count as the gateway's (benchmark-pipeline.py)
with tempfile.TemporaryDirectory() as d:
    notify_path = os.path.join(d, "notify.sock")
    notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM); notify.bind(notify_path)
    broker = pipeline.Broker(d)
    gateway = None
    try:
        gateway = pipeline.start_gateway(d, broker.port, pipeline.free_port(socket.SOCK_DGRAM), notify_path)
        pipeline.wait_ready(notify)
        time.sleep(SETTLE)
        t0, s0, c0 = ticks(gateway.pid), switches(gateway.pid), pipeline.thread_cpu_ns(gateway.pid)
        time.sleep(WINDOW)
        t1, s1, c1 = ticks(gateway.pid), switches(gateway.pid), pipeline.thread_cpu_ns(gateway.pid)
        hz = os.sysconf("SC_CLK_TCK")
        vol = sum(v - s0.get(t, (0, 0, ""))[0] for t, (v, n, _) in s1.items())
        invol = sum(n - s0.get(t, (0, 0, ""))[1] for t, (v, n, _) in s1.items())
        print(f"binary: {GATEWAY}")
        print(f"window: {WINDOW:.0f} s starting {SETTLE:.0f} s after READY, threads at end: {len(s1)} ({', '.join(sorted(x[2] for x in s1.values()))})")
        print(f"CPU (utime+stime, {hz} Hz ticks): {(t1 - t0) / hz:.2f} s")
        print(f"CPU (schedstat, live threads): {pipeline.cpu_between(c0, c1) * 1000:.2f} ms")
        print(f"voluntary context switches (wake-ups): {vol}, nonvoluntary: {invol}")
        per = {}
        for t, (v, n, name) in s1.items():
            d_ = v - s0.get(t, (0, 0, ""))[0]
            if d_: per[name] = per.get(name, 0) + d_
        print(f"  by thread name: {per}")
        print(f"  threads that ended in the window: {len(set(s0) - set(s1))}, started: {len(set(s1) - set(s0))}")
        print(f"  smaps_rollup kB: { {k: v for k, v in pipeline.smaps_rollup_kib(gateway.pid).items() if k in ('Rss','Pss','Private_Dirty')} }")
    finally:
        if gateway: pipeline.stop_gateway(gateway)
        broker.stop()
