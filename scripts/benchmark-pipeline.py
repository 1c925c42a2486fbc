#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors

"""Pipeline benchmark: UDP -> decoder -> SQLite (group commit) -> outbox -> MQTT.

Starts a real mosquitto and the release gateway on free loopback ports and
prints, each with its label and unit:
  - time from exec to READY (systemd notify protocol),
  - sustained datagrams per second with zero loss (every datagram's JSON
    event acknowledged by the broker and seen by a subscriber),
  - UDP-to-MQTT latency p50/p99 at the real rate (one datagram every 3 s is
    too slow to sample in a benchmark, so a replay at 50x real time), in the
    steady state: after a warm-up; the first datagram after start is timed
    on its own,
  - CPU seconds for one simulated day of datagrams: sent in a burst, and
    estimated at the real rate from two measurements (a day at the real
    rate takes a day): the CPU of a quiet gateway per second, and the CPU
    per datagram at the day's own mean pace (40 of its datagrams, 2.1 s
    apart, about 90 s). At 50 per second (also printed, for comparison) each
    datagram still commits and publishes on its own, but timers and
    deferred work (the log sync, deleting acknowledged messages) serve
    several datagrams at once, which undercounts the real rate by half;
    beside it, the floor that durability alone sets (an fdatasync for each
    of the day's datagrams, measured on the same file system),
  - the gateway's peak memory, in MB (1024 kB): resident (RSS, the
    kernel's own peak, VmHWM), and, sampled from /proc/PID/smaps_rollup
    every 0.1 s, Private_Dirty (pages the gateway alone wrote, which the
    kernel can neither drop nor read back from a file: without swap it
    cannot reclaim them; the figure memory is judged by) and PSS (each
    shared page counted by its share).
Everything talks to 127.0.0.1 only; every loop is bounded in count and time.
Whatever fails, the broker, the subscriber and the gateway are stopped.

Latency is taken where a message arrives, not where Python gets round to
reading it: mosquitto_sub stamps each message itself (`-F '%U ...'`, the
wall clock when it prints the message, to the nanosecond, flushed at once)
and the sender stamps each datagram with the same clock. Earlier versions
stamped lines as a Python thread read them from the pipe, which added the
pipe and the reader thread's wake-up (and any GIL wait) to every figure.
A load step counts as drained when everything arrived, or when nothing more
arrived for 5 seconds (the gateway is then behind for good or has dropped).

Measure the binary as it ships: scripts/benchmark.sh builds it with
`--static-swift-stdlib` into .build-static, as packaging/build-deb.sh does.
Home Assistant discovery is off unless `--homeassistant` is given: the load
steps invent 1,000 devices each, and with discovery every one of them also
carries its announcement and availability (about 0.7 KB more per device by
the 20,000/s step), which a site with a few stations never sees.

`--only PARTS` runs only some parts, comma-separated, in their usual order:
`latency` (the first datagram and the 50/s latency), `cpu` (a quiet
gateway, the CPU per datagram at 50/s and at the day's pace, and the memory
with datagrams one at a time), `day` (the day in a burst), `steps` (the load
steps and the sustained rate). Without it every part runs, as before. Time
to READY is printed in every case.

`--export` adds an `[[export]]` table: every stored observation also goes
to a VictoriaMetrics (Debian's `victoria-metrics`, started on a free loopback
port), so that runs with and without it, alternated, show what export costs.
At the end it prints what the destination received and its state.

Usage: scripts/benchmark-pipeline.py PATH-TO-tempest-gateway [--homeassistant] [--export] [--only latency,cpu,day,steps]
"""
import json, os, socket, subprocess, sys, tempfile, threading, time

GATEWAY = sys.argv[1] if len(sys.argv) > 1 else None  # None when imported by another script
HOME_ASSISTANT = "--homeassistant" in sys.argv[2:]
EXPORT = "--export" in sys.argv[2:]
PARTS = ("latency", "cpu", "day", "steps")


def chosen_parts(arguments):
    """The parts `--only a,b` names (every part without it); exits with a
    message for a part that does not exist."""
    if "--only" not in arguments:
        return set(PARTS)
    index = arguments.index("--only")
    names = set(arguments[index + 1].split(",")) if index + 1 < len(arguments) else set()
    unknown = names - set(PARTS)
    if not names or unknown:
        sys.exit(f"error: --only takes a comma-separated list of {', '.join(PARTS)}; got {', '.join(sorted(unknown)) or 'nothing'}")
    return names


ONLY = chosen_parts(sys.argv[2:])
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port(kind):
    with socket.socket(socket.AF_INET, kind) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_mosquitto(conf, port):
    """Starts mosquitto with `conf` and waits (10 s at most) until it accepts on `port`."""
    process = subprocess.Popen(["/usr/sbin/mosquitto", "-c", conf], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return process
        except OSError:
            time.sleep(0.05)
    process.terminate()
    process.wait(timeout=10)
    raise RuntimeError("mosquitto did not start")


class Broker:
    def __init__(self, directory):
        self.port = free_port(socket.SOCK_STREAM)
        conf = os.path.join(directory, "mosquitto.conf")
        with open(conf, "w") as f:
            f.write(f"user root\npersistence false\nlistener {self.port} 127.0.0.1\nallow_anonymous true\nmax_queued_messages 1000000\n")
        self.process = start_mosquitto(conf, self.port)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


class VictoriaMetrics:
    """Debian's victoria-metrics on a free loopback port, for `--export`."""

    def __init__(self, directory):
        self.port = free_port(socket.SOCK_STREAM)
        self.process = subprocess.Popen(
            ["victoria-metrics", f"-storageDataPath={os.path.join(directory, 'victoria-metrics')}",
             f"-httpListenAddr=127.0.0.1:{self.port}", "-retentionPeriod=100y", "-dedup.minScrapeInterval=1s"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("victoria-metrics did not start")

    @property
    def write_url(self):
        return f"http://127.0.0.1:{self.port}/write?db=benchmark"

    def series_count(self):
        import urllib.request
        urllib.request.urlopen(f"http://127.0.0.1:{self.port}/internal/force_flush", timeout=10).read()
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/api/v1/series/count", timeout=10) as response:
            return json.loads(response.read())["data"][0]

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


class Subscriber:
    """mosquitto_sub on the event topics; records arrival times (its own
    wall-clock stamps, seconds) per event."""

    def __init__(self, port):
        self.arrivals = {}
        self.count = 0
        self.process = subprocess.Popen(
            ["mosquitto_sub", "-h", "127.0.0.1", "-p", str(port), "-t", "tempest/+/event/#", "-q", "1",
             "-F", "%U %t %p"],
            stdout=subprocess.PIPE, text=True, bufsize=1)
        self.thread = threading.Thread(target=self.read, daemon=True)
        self.thread.start()
        time.sleep(0.3)

    def read(self):
        for line in self.process.stdout:
            stamp, _, rest = line.partition(" ")
            topic, _, payload = rest.partition(" ")
            try:
                now = float(stamp)
                event = json.loads(payload)
            except ValueError:
                continue
            key = (event.get("serial_number"), event.get("type"), event.get("timestamp") or event["obs"][0]["timestamp"])
            self.arrivals.setdefault(key, now)
            self.count += 1

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def start_gateway(directory, broker_port, udp_port, notify_path, extra=()):
    """Starts `run` on the broker and UDP port; `extra` options go last."""
    env = dict(os.environ, NOTIFY_SOCKET=notify_path)
    return subprocess.Popen(
        [GATEWAY, "run", "--database", os.path.join(directory, "gateway.db"), "--udp-address", "127.0.0.1",
         "--udp-port", str(udp_port), "--print", "none", "--mqtt-host", "127.0.0.1", "--mqtt-port", str(broker_port),
         # The load steps invent 1,000 devices each: admit them all (a real
         # site admits its station's few, station.max_devices).
         "--max-devices", "10000"]
        + ([] if HOME_ASSISTANT else ["--no-homeassistant"]) + list(extra),
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def wait_ready(notify, timeout_seconds=10):
    notify.settimeout(timeout_seconds)
    while True:
        try:
            data = notify.recv(4096).decode()
        except socket.timeout:
            raise RuntimeError(f"the gateway did not report READY within {timeout_seconds} s") from None
        if data.startswith("READY=1"):
            return time.monotonic()


def stop_gateway(gateway):
    """Ends the gateway with SIGTERM, or SIGKILL when it does not stop in 30 s."""
    if gateway.poll() is not None:
        return
    gateway.terminate()
    try:
        gateway.wait(timeout=30)
    except subprocess.TimeoutExpired:
        gateway.kill()
        gateway.wait(timeout=10)


def status(directory):
    """The gateway's status report (from its status socket)."""
    out = subprocess.run([GATEWAY, "status", "--json", "--database", os.path.join(directory, "gateway.db")],
                         capture_output=True, text=True, timeout=10).stdout
    return json.loads(out)


def peak_rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def reset_peak_rss(pid):
    """Starts a new peak: VmHWM is set back to the current resident size (Linux 4.0+)."""
    try:
        with open(f"/proc/{pid}/clear_refs", "w") as f:
            f.write("5")
        return True
    except OSError:
        return False


def smaps_rollup_kib(pid):
    """The process's memory totals in kB from /proc/PID/smaps_rollup (Rss,
    Pss, Private_Dirty, ...); empty when the process is gone."""
    totals = {}
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                name, _, rest = line.partition(":")
                fields = rest.split()
                if len(fields) == 2 and fields[1] == "kB":
                    totals[name] = int(fields[0])
    except OSError:
        pass
    return totals


class MemorySampler:
    """Samples the gateway's smaps_rollup every `interval` seconds on a
    thread of its own and keeps the peaks of Private_Dirty and PSS (kB):
    since the gateway started, and since the last `start_phase()`. The
    kernel keeps no peak of either (VmHWM is RSS's), so a peak shorter than
    the interval can be missed."""

    FIELDS = ("Private_Dirty", "Pss")

    def __init__(self, pid, interval=0.1):
        self.pid = pid
        self.interval = interval
        self.lock = threading.Lock()
        self.overall = dict.fromkeys(self.FIELDS, 0)
        self.phase = dict.fromkeys(self.FIELDS, 0)
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        while not self.stopped.wait(self.interval):
            self.sample()

    def sample(self):
        totals = smaps_rollup_kib(self.pid)
        with self.lock:
            for field in self.FIELDS:
                value = totals.get(field, 0)
                self.overall[field] = max(self.overall[field], value)
                self.phase[field] = max(self.phase[field], value)

    def start_phase(self):
        """Starts a new phase: its peaks from the current values on."""
        with self.lock:
            self.phase = dict.fromkeys(self.FIELDS, 0)
        self.sample()

    def peaks(self, since_start):
        """Peak Private_Dirty and PSS in kB, with a sample taken now."""
        self.sample()
        with self.lock:
            return dict(self.overall if since_start else self.phase)

    def stop(self):
        self.stopped.set()
        self.thread.join(timeout=5)


def memory_line(peaks):
    """Peak Private_Dirty and PSS (kB from MemorySampler) as MB."""
    return f"Private_Dirty {peaks['Private_Dirty'] / 1024:.1f} MB, PSS {peaks['Pss'] / 1024:.1f} MB"


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def thread_activity(pid):
    """Each live thread's name, CPU nanoseconds (schedstat: finer than clock
    ticks) and voluntary context switches (the times it slept and was
    woken), by thread id."""
    activity = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/comm") as f:
                name = f.read().strip()
            with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                nanoseconds = int(f.read().split()[0])
            with open(f"/proc/{pid}/task/{task}/status") as f:
                switches = next(int(line.split()[1]) for line in f if line.startswith("voluntary_ctxt_switches"))
            activity[task] = (name, nanoseconds, switches)
        except (OSError, StopIteration, ValueError):
            pass
    return activity


def cpu_of(activity):
    """The CPU nanoseconds of each thread of a `thread_activity` snapshot."""
    return {task: nanoseconds for task, (_, nanoseconds, _) in activity.items()}


def thread_cpu_ns(pid):
    """CPU nanoseconds of each live thread."""
    return cpu_of(thread_activity(pid))


def per_thread_line(before, after, count):
    """CPU and wake-ups per datagram of each thread that did work between
    two `thread_activity` snapshots, busiest first, as one printed line."""
    totals = {}
    for task, (name, nanoseconds, switches) in after.items():
        _, nanoseconds_before, switches_before = before.get(task, (name, 0, 0))
        cpu, wakes = totals.get(name, (0, 0))
        totals[name] = (cpu + nanoseconds - nanoseconds_before, wakes + switches - switches_before)
    busy = sorted(((cpu, wakes, name) for name, (cpu, wakes) in totals.items() if wakes or cpu > 0), reverse=True)
    parts = [f"{name} {cpu / count / 1000:.0f} microseconds and {wakes / count:.2f} wake-ups" for cpu, wakes, name in busy]
    all_wakes = sum(wakes for _, wakes, _ in busy) / count
    return f"{'; '.join(parts)}; wake-ups of all threads {all_wakes:.2f}"


def cpu_between(before, after):
    """CPU seconds the threads used between two snapshots (threads that ended
    meanwhile, idle pool threads, are left out: a small undercount)."""
    return sum(ns - before.get(task, 0) for task, ns in after.items()) / 1e9


def fdatasync_cpu_seconds(directory, count=40):
    """The CPU (of this thread: the kernel's work for the call) of writing
    one page of a file in `directory` and syncing it with fdatasync, as the
    gateway does for each datagram at a station's pace: storage promises that
    what it accepted is durable within one second, and datagrams come 2-3 s
    apart. Samples are spaced out like the datagrams; the mean is returned."""
    path = os.path.join(directory, "fdatasync-probe")
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    page = b"\0" * 4096
    try:
        os.pwrite(descriptor, page, 0)
        os.fdatasync(descriptor)
        spent = 0.0
        for _ in range(count):
            time.sleep(0.05)
            start = time.thread_time()
            os.pwrite(descriptor, page, 0)
            os.fdatasync(descriptor)
            spent += time.thread_time() - start
        return spent / count
    finally:
        os.close(descriptor)
        os.unlink(path)


def sample_day():
    """The sample day's datagrams (Samples/sample-day.jsonl), one per line."""
    with open(os.path.join(ROOT, "Samples", "sample-day.jsonl"), "rb") as f:
        return f.read().splitlines()


def wind(serial, timestamp, speed):
    return json.dumps({"serial_number": serial, "type": "rapid_wind", "hub_sn": "HB-00000001",
                       "ob": [timestamp, speed, (timestamp * 7) % 360]}, separators=(",", ":")).encode()


def main():
    # A binary written moments ago (a fresh build, a copy) still has dirty
    # pages in the page cache, and smaps counts the mapped ones as the
    # gateway's Private_Dirty until they are written back (up to 8 MB of
    # code): written back first, they measure nothing but the gateway.
    os.sync()
    directory = tempfile.mkdtemp(prefix="pipeline-benchmark-")
    notify_path = os.path.join(directory, "notify.sock")
    notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    notify.bind(notify_path)
    broker = Broker(directory)
    subscriber = gateway = memory = victoria = None
    try:
        subscriber = Subscriber(broker.port)
        udp_port = free_port(socket.SOCK_DGRAM)
        print(f"Home Assistant discovery: {'on' if HOME_ASSISTANT else 'off (--homeassistant turns it on)'}")
        extra = []
        if EXPORT:
            victoria = VictoriaMetrics(directory)
            config = os.path.join(directory, "export.toml")
            with open(config, "w") as f:
                f.write(f'[[export]]\nurl = "{victoria.write_url}"\n')
            extra = ["--config", config]
        print(f"export: {'to VictoriaMetrics at ' + victoria.write_url if victoria else 'off (--export turns it on)'}")
        started = time.monotonic()
        gateway = start_gateway(directory, broker.port, udp_port, notify_path, extra)
        memory = MemorySampler(gateway.pid)
        ready = wait_ready(notify)
        print(f"time from exec to READY: {(ready - started) * 1000:.1f} ms")
        measure(directory, gateway, memory, subscriber, udp_port)
        if victoria:
            time.sleep(6)  # the export sink's last gathering round
            export = status(directory)["exports"][0]
            print(f"export: {export['state']}, {export['points_sent']} points sent, {export['lag_entries']} stored facts waiting; "
                  f"VictoriaMetrics holds {victoria.series_count()} series")
    finally:
        if memory:
            memory.stop()
        if gateway:
            stop_gateway(gateway)
        if subscriber:
            subscriber.stop()
        if victoria:
            victoria.stop()
        broker.stop()


def measure(directory, gateway, memory, subscriber, udp_port):
    """Everything after READY: latency, CPU, memory, the load steps."""
    time.sleep(1.0)  # the MQTT connection settles
    sender = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sender.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4 << 20)
    base = 1_720_850_400

    if "latency" in ONLY:
        measure_latency(gateway, subscriber, sender, udp_port, base)
    if "cpu" in ONLY:
        measure_cpu(gateway, memory, sender, udp_port, directory)
    if "day" in ONLY:
        measure_day(gateway, memory, subscriber, sender, udp_port)
    if "steps" in ONLY:
        measure_steps(directory, gateway, memory, subscriber, sender, udp_port, base)


def measure_latency(gateway, subscriber, sender, udp_port, base):
    """The first datagram after start, and latency at 50 datagrams/s."""
    # The first datagram after start, on its own: its code is still cold.
    first_key = ("ST-00000003", "rapid_wind", base)
    first_sent = time.time()
    sender.sendto(wind(first_key[0], first_key[2], 3.0), ("127.0.0.1", udp_port))
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and first_key not in subscriber.arrivals:
        time.sleep(0.01)
    if first_key in subscriber.arrivals:
        print(f"UDP to MQTT latency of the first datagram after start: {(subscriber.arrivals[first_key] - first_sent) * 1000:.2f} ms")

    # Latency at a realistic pace is taken in the steady state: after 50
    # datagrams of warm-up, which are not counted.
    for index in range(50):
        sender.sendto(wind("ST-00000002", base + index, 3.0), ("127.0.0.1", udp_port))
        time.sleep(0.02)
    time.sleep(1.0)

    # Latency at a realistic pace: 600 datagrams at 50 per second.
    sent_at = {}
    for index in range(600):
        key = ("ST-00000001", "rapid_wind", base + index)
        sent_at[key] = time.time()  # the clock mosquitto_sub stamps with
        sender.sendto(wind(key[0], key[2], 3.0), ("127.0.0.1", udp_port))
        time.sleep(0.02)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not all(k in subscriber.arrivals for k in sent_at):
        time.sleep(0.05)
    latencies = sorted((subscriber.arrivals[k] - t) * 1000 for k, t in sent_at.items() if k in subscriber.arrivals)
    if latencies:
        p50 = latencies[len(latencies) // 2]
        p90 = latencies[int(len(latencies) * 0.9)]
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
        print(f"UDP to MQTT latency at 50 datagrams/s: p50 {p50:.2f} ms, p99 {p99:.2f} ms "
              f"(p90 {p90:.2f} ms, max {latencies[-1]:.2f} ms; {len(latencies)} of {len(sent_at)} received)")
        if os.environ.get("BENCHMARK_LATENCY_LOG"):
            with open(os.environ["BENCHMARK_LATENCY_LOG"], "w") as f:
                for key, t in sorted(sent_at.items(), key=lambda kv: kv[1]):
                    if key in subscriber.arrivals:
                        f.write(f"{t:.6f} {(subscriber.arrivals[key] - t) * 1000:.3f}\n")


def measure_cpu(gateway, memory, sender, udp_port, directory):
    """A quiet gateway's CPU, the CPU per datagram at 50/s and at the day's
    pace, and the memory with datagrams arriving one at a time."""
    day = sample_day()

    # CPU at the real rate, estimated: a quiet gateway's CPU per second, and
    # the CPU per datagram when each arrives on its own (every 40th line of
    # the day, so the mix of types is the day's, under other serials so that
    # the burst below is not taken for repeats), at 50 per second.
    time.sleep(5)  # the latency step's messages settle, idle pool threads end
    quiet_seconds = 20
    before = thread_cpu_ns(gateway.pid)
    time.sleep(quiet_seconds)
    idle_per_second = cpu_between(before, thread_cpu_ns(gateway.pid)) / quiet_seconds
    sample = [line.replace(b"ST-00054321", b"ST-00099999").replace(b"HB-00012345", b"HB-00099999") for line in day[::40]]
    threads_before = thread_activity(gateway.pid)
    begin = time.monotonic()
    for index, line in enumerate(sample):
        sender.sendto(line, ("127.0.0.1", udp_port))
        pause = begin + (index + 1) / 50 - time.monotonic()
        if pause > 0:
            time.sleep(pause)
    time.sleep(2)
    paced_seconds = time.monotonic() - begin
    threads_after = thread_activity(gateway.pid)
    per_datagram = (cpu_between(cpu_of(threads_before), cpu_of(threads_after)) - idle_per_second * paced_seconds) / len(sample)
    print(f"CPU of a quiet gateway: {idle_per_second * 1000:.3f} ms per second, {idle_per_second * 86400:.2f} s per day")
    print(f"CPU per datagram arriving on its own ({len(sample)} of the day's datagrams at 50/s): {per_datagram * 1e6:.0f} microseconds")
    # Where it goes: each thread's share (a quiet gateway's included), and
    # how often each was woken: on this machine a wake-up costs about what
    # receiving a datagram does (docs/performance.md, the CPU floor).
    print(f"  per datagram at 50/s, by thread: {per_thread_line(threads_before, threads_after, len(sample))}")

    # The day's own pace: its mean interval, for a sample that keeps the
    # day's mix of types (every 1000th line), under serials of its own.
    interval = 86400 / len(day)
    real_pace = [line.replace(b"ST-00054321", b"ST-00088888").replace(b"HB-00012345", b"HB-00088888") for line in day[::1000]]
    time.sleep(3)
    before = thread_cpu_ns(gateway.pid)
    begin = time.monotonic()
    for index, line in enumerate(real_pace):
        sender.sendto(line, ("127.0.0.1", udp_port))
        pause = begin + (index + 1) * interval - time.monotonic()
        if pause > 0:
            time.sleep(pause)
    time.sleep(6)  # work the last datagram leaves for later (deleting its acknowledged messages)
    real_seconds = time.monotonic() - begin
    per_datagram_real = (cpu_between(before, thread_cpu_ns(gateway.pid)) - idle_per_second * real_seconds) / len(real_pace)
    print(f"CPU per datagram at the day's own pace ({len(real_pace)} datagrams {interval:.2f} s apart): "
          f"{per_datagram_real * 1e6:.0f} microseconds")
    # Ten times a station's pace: 300 consecutive datagrams of the day (its
    # real mix: an observation a minute among the 3-second wind), 0.21 s
    # apart, so that each observation still commits, publishes and (with
    # --export) is exported on its own; long enough to count what an
    # observation costs beyond a wind sample.
    ten_times = [line.replace(b"ST-00054321", b"ST-00077777").replace(b"HB-00012345", b"HB-00077777") for line in day[3000:3300]]
    observation_count = sum(1 for line in ten_times if b'"obs_st"' in line)
    time.sleep(3)
    before = thread_cpu_ns(gateway.pid)
    begin = time.monotonic()
    for index, line in enumerate(ten_times):
        sender.sendto(line, ("127.0.0.1", udp_port))
        pause = begin + (index + 1) * interval / 10 - time.monotonic()
        if pause > 0:
            time.sleep(pause)
    time.sleep(8)  # the export's gathering round and the deferred work of the last datagram
    ten_seconds = time.monotonic() - begin
    per_datagram_ten = (cpu_between(before, thread_cpu_ns(gateway.pid)) - idle_per_second * ten_seconds) / len(ten_times)
    print(f"CPU per datagram at ten times a station's pace ({len(ten_times)} consecutive datagrams of the day, "
          f"{observation_count} observations, {interval / 10:.2f} s apart): {per_datagram_ten * 1e6:.0f} microseconds")
    print(f"CPU for one simulated day at the real rate (estimated: quiet CPU for 24 h plus {len(day)} datagrams "
          f"at the day's pace): {idle_per_second * 86400 + per_datagram_real * len(day):.2f} CPU seconds")
    sync_seconds = fdatasync_cpu_seconds(directory)
    print(f"floor that durability sets: one fdatasync of a page costs {sync_seconds * 1e6:.0f} microseconds of CPU "
          f"here; one per datagram for the day's {len(day)} (each durable within one second, a datagram every "
          f"{interval:.1f} s): {sync_seconds * len(day):.2f} CPU seconds a day")
    # Memory at a station's pace, before the burst below fills the queues.
    print(f"peak resident memory of the gateway with datagrams arriving one at a time: "
          f"{peak_rss_kib(gateway.pid) / 1024:.1f} MB")
    print(f"peak memory of the gateway with datagrams arriving one at a time (smaps_rollup): "
          f"{memory_line(memory.peaks(since_start=True))}")



def measure_day(gateway, memory, subscriber, sender, udp_port):
    """The CPU for one simulated day sent in a burst."""
    day = sample_day()
    # CPU for one simulated day (the sample day, sent as fast as it goes).
    cpu_before = cpu_seconds(gateway.pid)
    for i, line in enumerate(day):
        sender.sendto(line, ("127.0.0.1", udp_port))
        if i % 200 == 199:
            time.sleep(0.01)
    time.sleep(3)
    print(f"CPU for one simulated day ({len(day)} datagrams, sent in about {len(day) / 20000:.0f} s): "
          f"{cpu_seconds(gateway.pid) - cpu_before:.2f} CPU seconds")
    print(f"peak resident memory of the gateway after the day in a burst: {peak_rss_kib(gateway.pid) / 1024:.1f} MB")
    print(f"peak memory of the gateway after the day in a burst (smaps_rollup): "
          f"{memory_line(memory.peaks(since_start=True))}")

    # The day's events may still be on their way: let them settle first.
    settle = time.monotonic() + 30
    count = -1
    while time.monotonic() < settle and len(subscriber.arrivals) != count:
        count = len(subscriber.arrivals)
        time.sleep(1)


def measure_steps(directory, gateway, memory, subscriber, sender, udp_port, base):
    """The load steps: the sustained rate with zero loss and each step's memory."""
    # Sustained rate with zero loss: steps of 5 seconds at rising rates. The
    # peak is also taken per step (reset before each), so that the figure at
    # a given rate does not carry the higher steps' or the burst's.
    peaks = [peak_rss_kib(gateway.pid)]
    memory_peaks = [memory.peaks(since_start=True)]
    best = 0
    serial_index = 0
    for rate in (5_000, 10_000, 20_000, 30_000):
        serial_index += 1
        serial = f"ST-{serial_index:08d}"
        total = rate * 5
        keys = [(f"ST-{serial_index:04d}{i % 1000:04d}", "rapid_wind", base + i // 1000) for i in range(total)]
        before = len(subscriber.arrivals)
        commits_before = status(directory)["database"]["commits"]
        step_peak_known = reset_peak_rss(gateway.pid)
        memory.start_phase()
        begin = time.monotonic()
        for i, key in enumerate(keys):
            sender.sendto(wind(key[0], key[2], 2.0), ("127.0.0.1", udp_port))
            if i % 500 == 499:
                pause = begin + (i + 1) / rate - time.monotonic()
                if pause > 0:
                    time.sleep(pause)
        deadline = time.monotonic() + 60
        progress = (len(subscriber.arrivals), time.monotonic())
        while time.monotonic() < deadline and len(subscriber.arrivals) - before < total:
            time.sleep(0.1)
            if len(subscriber.arrivals) != progress[0]:
                progress = (len(subscriber.arrivals), time.monotonic())
            elif time.monotonic() - progress[1] > 5:
                break
        received = sum(1 for key in keys if key in subscriber.arrivals)
        elapsed = time.monotonic() - begin
        # The step's peak before the status query below: answering it is the
        # benchmark's bookkeeping, not the load (with the 3,000 serials the
        # steps leave, its report is 0.4 MB of text, written out in pieces).
        step_peak = peak_rss_kib(gateway.pid)
        step_memory = memory.peaks(since_start=False)
        lost = total - received
        # Group commit: under load many datagrams share a transaction (the
        # count includes the transactions that only delete acknowledged
        # outbox entries, so the true batches are larger).
        after = status(directory)
        transactions = after["database"]["commits"] - commits_before
        print(f"  offered {rate} datagrams/s for 5 s: {received} of {total} delivered to MQTT "
              f"({'zero loss' if lost == 0 else f'{lost} lost'}), drained after {elapsed:.1f} s, "
              f"{transactions} transactions ({total / max(transactions, 1):.0f} datagrams each on average)"
              + (f", peak resident memory during the step {step_peak / 1024:.1f} MB" if step_peak_known else ""))
        print(f"    peak memory during the step (smaps_rollup): {memory_line(step_memory)}")
        peaks.append(step_peak)
        memory_peaks.append(step_memory)
        if lost:
            print(f"    so far: {after['udp']['kernel_drops']} dropped by the kernel (socket buffer full), "
                  f"{after['database']['rapid_wind_dropped']} dropped by the writer (memory bound), "
                  f"{after['database']['outbox_shed']} rapid-wind events shed from the full outbox, "
                  f"outbox depth {after['mqtt']['outbox_depth']}")
        if lost == 0:
            best = rate
        else:
            break
    print(f"sustained rate with zero loss: at least {best} datagrams/s")

    print(f"peak resident memory over the whole run: {max(peaks) / 1024:.1f} MB "
          f"(the largest of the steps above and of everything before them)")
    whole_run = {field: max(p[field] for p in memory_peaks) for field in MemorySampler.FIELDS}
    print(f"peak memory over the whole run (smaps_rollup): {memory_line(whole_run)} "
          f"(the largest of the steps above and of everything before them)")


if __name__ == "__main__":
    main()
