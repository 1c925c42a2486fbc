#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
# Builds the benchmarks in release mode and prints their figures. Not part of
# the test suite: speed targets are checked here, never by timed tests.
# Usage: scripts/benchmark.sh [seconds per decoder workload, default 5]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/swift-env.sh

swift build -c release --product DecoderBenchmark
bin="$(swift build -c release --show-bin-path)"
"$bin/DecoderBenchmark" "${1:-5}"

swift build -c release --product StorageBenchmark
"$bin/StorageBenchmark"

# The whole pipeline with a real broker (needs mosquitto, installed by
# scripts/install-deps.sh): exec to READY, zero-loss rate, latency, CPU per
# simulated day, peak memory. Measured on the binary as it ships: the Swift
# runtime linked in statically, as packaging/build-deb.sh builds it (the
# .deb strips it too, which changes no figure here: symbols are not loaded).
mapfile -t static_options < <(static_link_options)
swift build -c release --product tempest-gateway --static-swift-stdlib --scratch-path .build-static "${static_options[@]}"
static_bin="$(swift build -c release --static-swift-stdlib --scratch-path .build-static "${static_options[@]}" --show-bin-path)"
python3 scripts/benchmark-pipeline.py "$static_bin/tempest-gateway"
# Again with Home Assistant discovery on, as `run` has it by default.
python3 scripts/benchmark-pipeline.py "$static_bin/tempest-gateway" --homeassistant
# MQTT messages for one simulated day, by kind and QoS, and the CPU per
# datagram at 50/s (Home Assistant discovery on, as run has it).
python3 scripts/messages-per-day.py "$static_bin/tempest-gateway" --homeassistant
# 50,000 distinct serials at 5,000/s (issue #26): memory before and after,
# the size of status --json and /metrics, the next start's time to READY.
python3 scripts/device-flood.py "$static_bin/tempest-gateway"
# What each datagram writes to the write-ahead log at a station's pace
# (pages by table; needs the sqlite3 command).
if command -v sqlite3 >/dev/null; then
    python3 scripts/wal-pages-per-datagram.py "$static_bin/tempest-gateway"
else
    echo "write-ahead log pages per datagram: skipped (install the sqlite3 command: apt-get install sqlite3)"
fi
# What any gateway must spend per datagram here, set beside the gateway's
# own figure above: a single-threaded C program that only receives,
# publishes and stores each datagram (needs a C compiler).
if command -v cc >/dev/null || command -v gcc >/dev/null || command -v clang >/dev/null; then
    python3 scripts/cpu-floor.py
else
    echo "CPU floor: skipped (no C compiler: apt-get install gcc)"
fi
