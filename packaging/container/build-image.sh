#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
# Builds the tempest-gateway container image for this machine's architecture
# from the project's own .deb, with podman and no registry:
#   1. a Debian 12 minbase root filesystem with the .deb's Depends
#      (packaging/debian-rootfs.sh, cached in .build-rootfs/);
#   2. the .deb installed with dpkg inside it, a non-root user (uid and gid
#      50222, like the UDP port) owning /var/lib/tempest-gateway (the volume)
#      and /run/tempest-gateway (the control socket);
#   3. slimmed: documentation (but not the copyright files), manual pages,
#      translations, apt's lists and caches and the logs go; dpkg and apt stay
#      (image scanners read dpkg's database to name the packages inside, and
#      apt-get lets a debugging session add a tool; they cost about 6 MB);
#      a dpkg setting keeps later installs slim the same way;
#   4. packaging/container/Containerfile turns it into an image
#      (podman build --format docker, for the HEALTHCHECK).
#
# Usage: packaging/container/build-image.sh [--deb FILE] [--tag NAME]
#   --deb FILE  use this .deb instead of building one (packaging/build-deb.sh)
#   --tag NAME  the image name (default tempest-gateway); tagged :VERSION and :latest
# Prints the image's name:version on its last line. Needs root, debootstrap
# and podman (bash scripts/install-deps.sh debootstrap podman runc).
set -euo pipefail
cd "$(dirname "$0")/../.."

deb=
name=tempest-gateway
while [ $# -gt 0 ]; do
  case "$1" in
    --deb) deb="$2"; shift 2 ;;
    --tag) name="$2"; shift 2 ;;
    -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "build-image: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
if ! command -v podman >/dev/null 2>&1; then
  echo "error: podman is missing; install it with: bash scripts/install-deps.sh podman runc debootstrap" >&2
  exit 1
fi
if [ -z "$deb" ]; then
  deb=$(bash packaging/build-deb.sh | tail -n 1)
fi
version=$(dpkg-deb -f "$deb" Version)
uid=50222

scratch=.build-image
rootfs="$scratch/rootfs"
# tzdata: the station's time zone; ca-certificates: TLS to the broker,
# WeatherFlow and Open-Meteo (libcurl and libmosquitto verify peers).
bash packaging/debian-rootfs.sh --deb "$deb" --include ca-certificates,tzdata "$rootfs" >/dev/null

# Later dpkg runs inside the image skip what this script removes below.
cat > "$rootfs/etc/dpkg/dpkg.cfg.d/tempest-gateway-slim" <<'CONFIG'
# The container image keeps no documentation, manual pages or translations
# (packaging/container/build-image.sh); copyright files stay.
path-exclude=/usr/share/doc/*
path-include=/usr/share/doc/*/copyright
path-exclude=/usr/share/man/*
path-exclude=/usr/share/info/*
path-exclude=/usr/share/locale/*
path-include=/usr/share/locale/locale.alias
path-exclude=/usr/share/lintian/*
CONFIG

cp "$deb" "$rootfs/tmp/tempest-gateway.deb"
chroot "$rootfs" dpkg -i /tmp/tempest-gateway.deb >&2
rm -f "$rootfs/tmp/tempest-gateway.deb"

# The service's user and its folders, as systemd's DynamicUser=,
# StateDirectory= (mode 0700) and RuntimeDirectory= would make them.
grep -q "^tempest-gateway:" "$rootfs/etc/group" \
  || echo "tempest-gateway:x:$uid:" >> "$rootfs/etc/group"
grep -q "^tempest-gateway:" "$rootfs/etc/passwd" \
  || echo "tempest-gateway:x:$uid:$uid:tempest-gateway:/var/lib/tempest-gateway:/usr/sbin/nologin" >> "$rootfs/etc/passwd"
install -d -m 0700 -o "$uid" -g "$uid" "$rootfs/var/lib/tempest-gateway"
install -d -m 0755 -o "$uid" -g "$uid" "$rootfs/run/tempest-gateway"

# Slimming: what the gateway and a debugging shell never read.
find "$rootfs/usr/share/doc" -mindepth 1 ! -name copyright ! -type d -delete
find "$rootfs/usr/share/doc" -mindepth 1 -type d -empty -delete
find "$rootfs/usr/share/locale" -mindepth 1 -maxdepth 1 ! -name locale.alias -exec rm -rf {} +
rm -rf "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/lintian \
  "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb \
  "$rootfs"/var/cache/debconf/*-old "$rootfs"/var/cache/ldconfig/aux-cache "$rootfs"/tmp/* "$rootfs"/var/tmp/*
find "$rootfs/var/log" -type f -delete

tar --numeric-owner -C "$rootfs" -cf "$scratch/rootfs.tar" .
previous=$(podman image inspect --format '{{.Id}}' "$name:latest" 2>/dev/null || true)
podman build --quiet --format docker --build-arg "VERSION=$version" -f packaging/container/Containerfile \
  -t "$name:$version" -t "$name:latest" "$scratch" >&2
current=$(podman image inspect --format '{{.Id}}' "$name:latest")
# The image this build replaced, unless a container still uses it.
if [ -n "$previous" ] && [ "$previous" != "$current" ]; then
  podman rmi "$previous" >/dev/null 2>&1 || true
fi
rm -f "$scratch/rootfs.tar"

size_bytes=$(podman image inspect --format '{{.Size}}' "$name:latest")
echo "Image $name:$version: $((size_bytes / 1000000)) MB. The largest folders (MB):" >&2
du -x -m -d 3 "$rootfs" | sort -rn | sed -n '2,9p' | sed "s|$rootfs||" >&2
echo "$name:$version"
