#!/usr/bin/env python3
"""Regenerates packaging/symbol-order.txt: the functions `run` executes.

Package.swift hands the file to the linker (`--symbol-ordering-file`) for
release builds, which puts these functions next to each other at the start
of the binary's code. The kernel maps code in 64 KB windows around each
page it touches (fault-around), so a function scattered among the 12 MB of
code brings its neighbours into memory with it: packed together, the code
`run` needs costs about 2.5 MB less resident memory (README, "Speed and
memory").

How: the release binary built as it ships runs under valgrind's callgrind
with a real mosquitto on a free loopback port; it starts, connects,
publishes discovery, takes every 40th datagram of the sample day (every
message type) at 20 per second, answers `status` (JSON and text), and stops
on SIGTERM. Every function of the
binary that callgrind saw run is listed, in the order callgrind first
reports it. Names the code no longer has are
ignored by the linker, so a stale file costs memory, never correctness; but
a hot function missing from it lands among cold code and brings a 64 KB
window with it (one changed type cost 0.8 MB), so regenerate it after
changing code that `run` executes. Needs valgrind (apt-get install valgrind); not run by CI.

Everything talks to 127.0.0.1 only; every wait is bounded.
Usage: scripts/update-symbol-order.py [PATH-TO-tempest-gateway]
"""
import os, re, shutil, signal, socket, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUT = os.path.join(ROOT, "packaging", "symbol-order.txt")


def free_port(kind):
    with socket.socket(socket.AF_INET, kind) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def build():
    build = ". scripts/swift-env.sh && swift build -c release --static-swift-stdlib --scratch-path .build-static " \
        "$(static_link_options)"
    subprocess.run(["bash", "-c", build + " --product tempest-gateway"], cwd=ROOT, check=True)
    path = subprocess.run(["bash", "-c", build + " --show-bin-path"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "tempest-gateway")


def executed_functions(profile, binary_name):
    """Functions of `binary_name` in a callgrind profile, in order of first mention.

    callgrind compresses names: `ob=(3) /path` and `fn=(17) name` define an
    id the first time, later lines give the id alone; `cob=`/`cfn=` name a
    callee, which is listed again under its own `fn=` if it ran."""
    objects, functions, current_object = {}, {}, None
    seen, ordered = set(), []
    pattern = re.compile(r"^(c?)(ob|fn)=\((\d+)\)(?: (.*))?$")
    with open(profile, errors="replace") as f:
        for line in f:
            match = pattern.match(line.rstrip("\n"))
            if not match:
                continue
            is_callee, kind, key, name = match.groups()
            table = objects if kind == "ob" else functions
            if name:
                table[key] = name
            if kind == "ob":
                if not is_callee:
                    current_object = objects.get(key, "")
                continue
            symbol = functions.get(key, "")
            if is_callee or not current_object.endswith(binary_name) or symbol.startswith("0x") or symbol in seen:
                continue
            seen.add(symbol)
            ordered.append(symbol)
    return ordered


def main():
    if shutil.which("valgrind") is None:
        sys.exit("error: valgrind is missing; install it with: apt-get install valgrind")
    binary = sys.argv[1] if len(sys.argv) > 1 else build()
    directory = tempfile.mkdtemp(prefix="symbol-order-")
    # valgrind 3.19 cannot read the DWARF 5 that clang writes; the symbol
    # table is all it needs, and stripping debug information moves no code.
    profiled = os.path.join(directory, "tempest-gateway")
    subprocess.run(["strip", "--strip-debug", "-o", profiled, binary], check=True)

    broker_port = free_port(socket.SOCK_STREAM)
    conf = os.path.join(directory, "mosquitto.conf")
    with open(conf, "w") as f:
        f.write(f"user root\npersistence false\nlistener {broker_port} 127.0.0.1\nallow_anonymous true\n")
    broker = subprocess.Popen(["/usr/sbin/mosquitto", "-c", conf], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    udp_port = free_port(socket.SOCK_DGRAM)
    profile = os.path.join(directory, "callgrind.out")
    gateway = subprocess.Popen(
        ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile}",
         profiled, "run", "--database", os.path.join(directory, "gateway.db"), "--udp-address", "127.0.0.1",
         "--udp-port", str(udp_port), "--print", "none", "--mqtt-host", "127.0.0.1", "--mqtt-port", str(broker_port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(15)  # startup under valgrind is about 50 times slower
        with open(os.path.join(ROOT, "Samples", "sample-day.jsonl"), "rb") as f:
            sample = [line.rstrip(b"\n") for line in f][::40]
        sender = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        begin = time.monotonic()
        for index, line in enumerate(sample):
            if time.monotonic() - begin > 120:
                break
            sender.sendto(line, ("127.0.0.1", udp_port))
            time.sleep(0.05)
        time.sleep(10)
        # `status` belongs to the steady state too (people and monitoring ask
        # it): its report's code is listed with the rest, so that the first
        # query does not fault in 64 KB windows of cold code for good.
        for form in (["--json"], []):
            subprocess.run([binary, "status", *form, "--database", os.path.join(directory, "gateway.db")],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
        time.sleep(2)
        gateway.send_signal(signal.SIGTERM)
        gateway.wait(timeout=120)
    finally:
        if gateway.poll() is None:
            gateway.kill()
        broker.terminate()
        broker.wait(timeout=10)

    symbols = executed_functions(profile, os.path.basename(profiled))
    if len(symbols) < 1000:
        sys.exit(f"error: only {len(symbols)} functions were seen; is the profile complete? ({profile})")
    # In the order callgrind first reports them, which roughly follows the
    # run: start-up, then the steady state, then shutdown. Sorted by name
    # (for readable diffs) the steady state's code mixed with code run once
    # and cost 0.5 MB more.
    with open(OUTPUT, "w") as f:
        f.write("\n".join(symbols) + "\n")
    shutil.rmtree(directory, ignore_errors=True)
    # SwiftPM does not know the linker reads this file: remove the binaries
    # it linked so that the next build links again with the new order.
    for scratch in (".build-static", ".build-deb"):
        for root, _, files in os.walk(os.path.join(ROOT, scratch)):
            if "tempest-gateway" in files and os.path.basename(root) == "release":
                os.remove(os.path.join(root, "tempest-gateway"))
    print(f"{OUTPUT}: {len(symbols)} functions")


if __name__ == "__main__":
    main()
