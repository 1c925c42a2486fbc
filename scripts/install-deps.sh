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
  # The export tests' databases (Tests/TempestTestKit starts its own servers).
  victoria-metrics
  influxdb
  "$@"
)

# Packages whose maintainer scripts start a daemon on a fixed port
# (VictoriaMetrics on 8428, InfluxDB on 8086 and 8088). The tests start their
# own servers on free loopback ports and want none of these running.
daemon_packages=(victoria-metrics influxdb)

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

# Their postinst starts the daemons with deb-systemd-invoke (under systemd)
# or invoke-rc.d (otherwise; without a runlevel, as in a container, it already
# refuses); both ask /usr/sbin/policy-rc.d first. While they are installed, a
# policy that forbids every start is in place, unless the machine has its own
# (container images usually have one that does the same).
starting=()
for package in "${missing[@]}"; do
  for daemon in "${daemon_packages[@]}"; do
    if [ "$package" = "$daemon" ]; then starting+=("$package"); fi
  done
done
policy=/usr/sbin/policy-rc.d
if [ "${#starting[@]}" -gt 0 ] && [ ! -e "$policy" ]; then
  printf '#!/bin/sh\n# From tempest-gateway scripts/install-deps.sh, while it installs %s.\nexit 101\n' \
    "${starting[*]}" >"$policy"
  chmod 755 "$policy"
  trap 'rm -f "$policy"' EXIT
fi

echo "Installing missing packages: ${missing[*]}"
apt_retry update -q
apt_retry install -y -q --no-install-recommends "${missing[@]}"

# Neither at the next boot (systemd enables the units), nor now should a
# machine's own policy have let one start.
for package in "${starting[@]}"; do
  if [ -d /run/systemd/system ]; then
    systemctl disable --now "$package.service" >/dev/null 2>&1 || true
  elif [ -x "/etc/init.d/$package" ]; then
    "/etc/init.d/$package" stop >/dev/null 2>&1 || true
    update-rc.d "$package" disable >/dev/null 2>&1 || true
  fi
  echo "$package: installed, its daemon stopped and not started at boot (the tests start their own)."
done
