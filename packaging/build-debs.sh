#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
# Builds the .deb for every architecture the project ships (amd64, arm64)
# that this machine has a toolchain for: its own always (packaging/build-deb.sh),
# the other one only with a Swift SDK for that target (`swift sdk list`; the
# static Linux SDK, which uses musl, does not count: the package links
# Debian's glibc libraries) and that architecture's -dev libraries installed
# through dpkg's multiarch (dpkg --add-architecture arm64; apt-get install
# libmosquitto-dev:arm64 libsqlite3-dev:arm64 libcurl4-openssl-dev:arm64).
# Says which architectures it skipped and why, and prints the path of each
# .deb built, one a line, at the end.
# Usage: build-debs.sh [ARCH ...]   (default: amd64 arm64)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/swift-env.sh
native=$(dpkg --print-architecture)
architectures=("$@")
[ "${#architectures[@]}" -gt 0 ] || architectures=(amd64 arm64)

# Why `architecture` cannot be built here, or nothing when it can.
missing_toolchain() {
  local architecture=$1 multiarch sdk library
  [ "$architecture" = "$native" ] && return 0
  case "$architecture" in
    amd64) multiarch=x86_64-linux-gnu ;;
    arm64) multiarch=aarch64-linux-gnu ;;
    *) echo "$architecture is not a supported architecture (amd64 and arm64 are)"; return 0 ;;
  esac
  sdk=${TEMPEST_SWIFT_SDK:-$(swift sdk list 2>/dev/null | grep -i "${multiarch%%-*}" | grep -v -i musl | head -n 1 || true)}
  if [ -z "$sdk" ]; then
    echo "no Swift SDK for ${multiarch%%-*} Linux (glibc) is installed (swift sdk list; swift.org has none for Debian yet, so one is built from a Debian sysroot)"
    return 0
  fi
  for library in libmosquitto.so libsqlite3.so; do
    if [ ! -e "/usr/lib/$multiarch/$library" ]; then
      echo "/usr/lib/$multiarch/$library is missing (dpkg --add-architecture $architecture; apt-get install libmosquitto-dev:$architecture libsqlite3-dev:$architecture libcurl4-openssl-dev:$architecture)"
      return 0
    fi
  done
}

built=()
skipped=0
# The native architecture first: another one takes its completions and man
# page from the native binary.
for architecture in "$native" "${architectures[@]}"; do
  [[ " ${architectures[*]} " == *" $architecture "* ]] || continue
  [[ " ${built[*]} " == *"_${architecture}.deb "* ]] && continue
  reason=$(missing_toolchain "$architecture")
  if [ -n "$reason" ]; then
    echo "skipped $architecture: $reason" >&2
    skipped=$((skipped + 1))
    continue
  fi
  built+=("$(bash packaging/build-deb.sh --arch "$architecture" | tail -n 1) ")
done
echo "built ${#built[@]} package(s), skipped $skipped" >&2
for deb in "${built[@]}"; do echo "${deb% }"; done
