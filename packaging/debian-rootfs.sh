#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
# Lays a minimal Debian 12 (bookworm) root filesystem into DIR, for the
# container image (packaging/container/build-image.sh) and the .deb upgrade
# test (scripts/check-deb-upgrade.sh). Made with debootstrap --variant=minbase
# from Debian's own packages (no container registry), plus the Depends of
# each --deb FILE and the packages named by --include, so that `dpkg -i` of
# those .debs inside needs no network.
#
# The finished tree is cached as a tarball in .build-rootfs/ (keyed by the
# suite, architecture, mirror, package list and $recipe below), so a second
# run only unpacks it; the downloaded .debs are cached there too.
#
# Usage: packaging/debian-rootfs.sh [--deb FILE]... [--include PKG[,PKG]...] DIR
# Prints DIR on its last line. Needs root and debootstrap.
# TEMPEST_DEBIAN_MIRROR overrides the mirror (default http://deb.debian.org/debian).
set -euo pipefail
cd "$(dirname "$0")/.."

suite=bookworm
# Raise when the way the cached tree is made changes, so old caches go.
recipe=1
mirror=${TEMPEST_DEBIAN_MIRROR:-http://deb.debian.org/debian}
includes=()
target=
while [ $# -gt 0 ]; do
  case "$1" in
    --deb)
      # Depends of the package: the first of each set of alternatives, without versions.
      mapfile -t depends < <(dpkg-deb -f "$2" Depends | tr ',' '\n' | sed -E 's/\|.*//; s/\(.*\)//; s/[[:space:]]//g' | grep .)
      includes+=("${depends[@]}")
      shift 2 ;;
    --include) IFS=, read -r -a more <<<"$2"; includes+=("${more[@]}"); shift 2 ;;
    -*) echo "debian-rootfs: unknown option '$1'" >&2; exit 2 ;;
    *) target="$1"; shift ;;
  esac
done
if [ -z "$target" ]; then
  echo "usage: packaging/debian-rootfs.sh [--deb FILE]... [--include PKG,...] DIR" >&2
  exit 2
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "error: building a root filesystem needs root (debootstrap and chroot)" >&2
  exit 1
fi
if ! command -v debootstrap >/dev/null 2>&1; then
  echo "error: debootstrap is missing; install it with: bash scripts/install-deps.sh debootstrap" >&2
  exit 1
fi

architecture=$(dpkg --print-architecture)
include_list=$(printf '%s\n' "${includes[@]}" | grep . | sort -u | paste -sd, - || true)
key=$(printf '%s %s %s %s %s\n' "$recipe" "$suite" "$architecture" "$mirror" "$include_list" | sha256sum | cut -c1-12)
cache_dir="$PWD/.build-rootfs"
tarball="$cache_dir/$suite-minbase-$architecture-$key.tar"
mkdir -p "$cache_dir/debs"

if [ ! -f "$tarball" ]; then
  work=$(mktemp -d "$cache_dir/tree-XXXXXX")
  trap 'rm -rf "$work"' EXIT
  echo "Building a $suite minbase root filesystem (extra packages: ${include_list:-none}); this downloads about 40 MB once." >&2
  debootstrap --variant=minbase ${include_list:+--include="$include_list"} --cache-dir="$cache_dir/debs" \
    "$suite" "$work" "$mirror" >&2 \
    || { echo "error: debootstrap failed (log: $work/debootstrap/debootstrap.log)" >&2; cat "$work/debootstrap/debootstrap.log" >&2 2>/dev/null || true; exit 1; }
  rm -rf "$work"/var/cache/apt/archives/*.deb "$work"/var/lib/apt/lists/*
  tar --numeric-owner -C "$work" -cf "$tarball.partial" .
  mv "$tarball.partial" "$tarball"
  # Older trees of this architecture are of no further use.
  find "$cache_dir" -maxdepth 1 -name "$suite-minbase-$architecture-*.tar" ! -name "$(basename "$tarball")" -delete
fi

rm -rf "$target"
mkdir -p "$target"
tar --numeric-owner -C "$target" -xpf "$tarball"
# The tree was made in a private temporary folder; its root is everyone's.
chmod 0755 "$target"
echo "$target"
