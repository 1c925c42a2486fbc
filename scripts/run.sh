#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
# Builds the gateway (release) and runs it on its embedded defaults.
# Extra arguments go to `tempest-gateway run`, e.g. `--json`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
. scripts/swift-env.sh

swift build -c release --product tempest-gateway
exec "$(swift build -c release --show-bin-path)/tempest-gateway" run "$@"
