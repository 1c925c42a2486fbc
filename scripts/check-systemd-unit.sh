#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
# Checks the systemd units (the gateway's and the relay's): each must parse,
# and `systemd-analyze security` must rate its exposure 2.0 or lower.
set -euo pipefail
cd "$(dirname "$0")/.."
units=(packaging/tempest-gateway.service packaging/tempest-gateway-relay.service)

if ! command -v systemd-analyze >/dev/null 2>&1; then
  echo "skipped: systemd-analyze is not installed, so the units' hardening was not rated"
  exit 0
fi
for unit in "${units[@]}"; do
  # `verify` also checks that ExecStart exists; only a parse error fails here.
  if systemd-analyze verify "$unit" 2>&1 | grep -v -e 'is not executable' -e 'No such file' | grep -q .; then
    systemd-analyze verify "$unit" >&2 || true
    echo "error: $unit does not parse cleanly" >&2
    exit 1
  fi
  level=$(systemd-analyze security --offline=true "$unit" 2>/dev/null | awk '/Overall exposure level/ { print $(NF-2) }')
  echo "systemd-analyze security rates $unit at $level (2.0 or lower required)"
  awk -v level="$level" 'BEGIN { exit !(level != "" && level <= 2.0) }' || {
    echo "error: $unit's exposure level $level is above 2.0" >&2
    exit 1
  }
done
