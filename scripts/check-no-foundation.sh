#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
# Builds the release binary and fails if it links full Foundation or ICU.
# FoundationInternationalization and ICU add ~44 MB to the binary;
# FoundationEssentials, which swift-argument-parser uses, is allowed.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/swift-env.sh

swift build -c release --product tempest-gateway
binary="$(swift build -c release --show-bin-path)/tempest-gateway"

needed=$(readelf -d "$binary" | awk '/NEEDED/ { gsub(/[\[\]]/, "", $5); print $5 }')
echo "The release binary links:"
echo "$needed" | sed 's/^/  /'

forbidden='^(libFoundation\.so|libFoundationInternationalization\.so|lib_FoundationICU\.so)'
if echo "$needed" | grep -Eq "$forbidden"; then
  echo "error: the release binary links full Foundation or ICU:" >&2
  echo "$needed" | grep -E "$forbidden" | sed 's/^/  /' >&2
  echo "Import FoundationEssentials at most: full Foundation and ICU add ~44 MB." >&2
  exit 1
fi
echo "OK: no full Foundation, FoundationInternationalization or ICU."
