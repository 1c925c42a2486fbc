#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
# The whole test suite: installs what is missing, checks every source file's
# licence header, builds, runs every test, checks the discovery against a
# real Home Assistant and the web page in headless Chromium,
# then checks that the release binary stays free of full Foundation, the
# systemd unit's rating, the .deb, its upgrade over the previous version,
# the container image, and that the CPU-floor benchmark builds.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/check-spdx.sh
. scripts/swift-env.sh

swift build --build-tests
swift test --skip-build --parallel --num-workers 2
# A real Home Assistant against two gateways (skips, saying why, only when
# Home Assistant cannot be installed from PyPI).
bash scripts/check-home-assistant.sh
# The web page in a real browser (Debian's chromium and chromium-driver).
bash scripts/check-web-page.sh
bash scripts/check-no-foundation.sh
bash scripts/check-systemd-unit.sh
bash scripts/check-deb.sh
# Both skip, saying why, where debootstrap or podman cannot be installed.
bash scripts/check-deb-upgrade.sh
bash scripts/check-container.sh
# The C program behind scripts/cpu-floor.py is no target of the package, so
# nothing else would notice if it stopped compiling.
python3 scripts/cpu-floor.py --build-only
