#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
# Instructions per decoded datagram of the realistic mix (decode plus reading
# every value), counted by callgrind: repeatable whatever else the machine is
# doing, unlike wall-clock rates. Two runs of 10 and 30 rounds; their
# difference removes start-up and set-up costs.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/swift-env.sh
swift build -c release --product DecoderBenchmark >/dev/null
bin="$(swift build -c release --show-bin-path)"
instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin/DecoderBenchmark" --rounds "$1" 2>&1 \
    | awk '/refs:/ { gsub(",", "", $NF); print $NF }'
}
short=$(instructions 10)
long=$(instructions 30)
datagrams=$("$bin/DecoderBenchmark" --rounds 20 | awk '{print $2}')
echo "$(( (long - short) / datagrams )) instructions per datagram (realistic mix, decode and read every value)"
