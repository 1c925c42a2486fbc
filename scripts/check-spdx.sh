#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
#
# Fails when a source file lacks the licence header: the SPDX line
# (`SPDX-License-Identifier: Apache-2.0`) within its first three lines (after
# a shebang or the `swift-tools-version` line that must come first).
# Source files: Package.swift and every .swift, .c, .h, .modulemap, .sh and .py
# file that git tracks (or is about to) under Sources/ Tests/ Benchmarks/
# Fuzz/ Tools/ scripts/ packaging/. Data files (fixtures, the example
# configuration, the unit) are not source files.
set -euo pipefail
cd "$(dirname "$0")/.."
missing=()
while IFS= read -r -d '' file; do
  [ -f "$file" ] || continue
  head -n 3 "$file" | grep -q 'SPDX-License-Identifier: Apache-2.0' || missing+=("$file")
done < <(git ls-files -z --cached --others --exclude-standard -- Package.swift \
  ':(glob)Sources/**' ':(glob)Tests/**' ':(glob)Benchmarks/**' ':(glob)Fuzz/**' ':(glob)Tools/**' \
  ':(glob)scripts/**' ':(glob)packaging/**' \
  | grep -z -E '(^Package\.swift|\.(swift|c|h|modulemap|sh|py))$')
if [ "${#missing[@]}" -gt 0 ]; then
  echo "error: ${#missing[@]} source files lack the licence header (// SPDX-License-Identifier: Apache-2.0 in the first three lines):" >&2
  printf '  %s\n' "${missing[@]}" >&2
  exit 1
fi
echo "OK: every source file carries the SPDX licence header."
