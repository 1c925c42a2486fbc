#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
# Fuzzes the datagram decoder with libFuzzer and AddressSanitizer for a
# bounded number of inputs and time. Not part of the test suite.
# Usage: scripts/fuzz-decoder.sh [runs (default 10000000)] [max seconds (default 1800)]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/swift-env.sh

runs="${1:-10000000}"
max_seconds="${2:-1800}"
out=.build-fuzz
mkdir -p "$out/corpus" "$out/modules"

# The JSON module first, as a module of its own, then the decoder over it.
# The UDP listener (Listener/) is left out: the fuzzer never calls it, and it
# would bring SystemSupport and its C module along.
swiftc -O -g -sanitize=fuzzer,address -parse-as-library -wmo -module-name JSON \
  $(find Sources/JSON -name '*.swift' | sort) \
  -emit-module -emit-module-path "$out/modules/JSON.swiftmodule" -c -o "$out/JSON.o"
swiftc -O -g -sanitize=fuzzer,address -parse-as-library -module-name TempestUDP -I "$out/modules" \
  $(find Sources/TempestUDP -name '*.swift' -not -path '*/Listener/*' | sort) Fuzz/DecoderFuzzer.swift \
  "$out/JSON.o" -o "$out/decoder-fuzzer"

# Seed corpus: every fixture line as a file (HEX: lines decoded).
python3 - "$out/corpus" <<'PY'
import pathlib, sys
corpus = pathlib.Path(sys.argv[1])
for path in sorted(pathlib.Path("Tests/TempestUDPTests/Fixtures/udp").glob("*.jsonl")):
    lines = path.read_bytes().split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    for number, line in enumerate(lines, 1):
        data = bytes.fromhex(line[4:].decode()) if line.startswith(b"HEX:") else line
        (corpus / f"{path.stem}-{number}").write_bytes(data)
PY

# -max_len covers the 8 KiB cap and a little beyond it.
"$out/decoder-fuzzer" "$out/corpus" -runs="$runs" -max_total_time="$max_seconds" -max_len=9000 \
  -timeout=5 -rss_limit_mb=2048 -print_final_stats=1 2>&1 | tee "$out/last-run.log" | grep -E "^(#[0-9]+ +(DONE|INITED)|stat::|==[0-9]+==ERROR|SUMMARY|Done)" || true
grep -q "ERROR" "$out/last-run.log" && { echo "fuzzing found a failure; see $out/last-run.log" >&2; exit 1; }
echo "fuzzing finished without a failure; log in $out/last-run.log"
