#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
# Checks the web page in a real browser: Debian's chromium and
# chromium-driver, headless, driven by scripts/web-page/check.py against the
# debug binary fed with the sample day (see that file for what is checked).
# Screenshots go to .build-web-page/screenshots (or the folder given).
#
#   scripts/check-web-page.sh [SCREENSHOT_FOLDER]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh chromium chromium-driver
. scripts/swift-env.sh
swift build --product tempest-gateway
gateway="$(swift build --show-bin-path)/tempest-gateway"
screenshots="${1:-$PWD/.build-web-page/screenshots}"
rm -rf "$screenshots"
# Bounded as a whole: a browser that hangs must not hold CI.
timeout 600 python3 scripts/web-page/check.py "$gateway" --screenshots "$screenshots"
