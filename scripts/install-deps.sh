#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
# Installs the Debian packages the gateway builds and tests against, only when
# one is missing. Waits for the apt/dpkg lock instead of failing, because a
# fresh machine often runs unattended-upgrades for a while after boot.
# Arguments name further packages that only some scripts need (check-deb.sh
# asks for lintian, the container and upgrade tests for debootstrap, podman
# and runc), so the others do not install them.
set -euo pipefail

packages=(
  pkg-config
  libmosquitto-dev
  libcurl4-openssl-dev
  libsqlite3-dev
  mosquitto
  mosquitto-clients
  openssl
  python3
  tzdata
  curl
  dpkg-dev
  binutils
  file
  "$@"
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$package")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "error: missing packages: ${missing[*]}; run this script as root or install them with apt-get" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
apt_retry() {
  # Up to 30 attempts, 10 s apart: the lock is usually held by a boot-time
  # apt job that finishes within a few minutes.
  local attempt
  for attempt in $(seq 1 30); do
    if apt-get -o DPkg::Lock::Timeout=60 "$@"; then
      return 0
    fi
    echo "apt-get $1 failed (attempt $attempt of 30); retrying in 10 seconds" >&2
    sleep 10
  done
  echo "error: apt-get $* kept failing" >&2
  return 1
}

echo "Installing missing packages: ${missing[*]}"
apt_retry update -q
apt_retry install -y -q --no-install-recommends "${missing[@]}"
