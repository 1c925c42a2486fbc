#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
# Builds tempest-gateway_<version>_<arch>.deb in .build-deb/ and prints its
# path as the last line: the stripped binary with the Swift runtime linked in
# statically (the C libraries stay dynamic from Debian, so their security
# updates apply), the systemd units (the gateway's, and the relay's, which
# stays off until enabled), the README, shell completions for bash,
# zsh and fish and a man page (both generated from the built binary's
# argument parser), the example configuration as
# /etc/tempest-gateway/config.toml (a conffile: dpkg keeps local edits on
# upgrade), the machine-readable copyright file, changelog.Debian.gz,
# md5sums, lintian overrides, and maintainer scripts that enable and restart
# the service (and restart the relay where an administrator enabled it).
# The version: upstream from VERSION, the package's from the top entry of
# packaging/debian/changelog, whose upstream part must equal VERSION.
# Depends are computed from the binary by dpkg-shlibdeps, plus libcurl4,
# which the binary loads with dlopen (see below).
# Works the same on 64-bit Raspberry Pi OS (arm64) and Debian 12 (amd64).
#
# Usage: build-deb.sh [--arch ARCH]
#   --arch ARCH   the Debian architecture to build for (default: this
#                 machine's). Another architecture needs a Swift SDK for it
#                 (TEMPEST_SWIFT_SDK names it, else the first `swift sdk list`
#                 entry for its triple) and its -dev libraries installed as
#                 a dpkg foreign architecture; packaging/build-debs.sh checks
#                 both and says what it skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
native_architecture=$(dpkg --print-architecture)
architecture=$native_architecture
while [ $# -gt 0 ]; do
  case "$1" in
    --arch) architecture=${2:?--arch needs an architecture (amd64, arm64)}; shift 2 ;;
    --arch=*) architecture=${1#--arch=}; shift ;;
    *) echo "error: unknown argument $1 (usage: build-deb.sh [--arch ARCH])" >&2; exit 64 ;;
  esac
done
bash scripts/install-deps.sh
. scripts/swift-env.sh
if ! command -v dpkg-shlibdeps >/dev/null 2>&1; then
  echo "error: dpkg-shlibdeps is missing; install dpkg-dev (apt-get install dpkg-dev)" >&2
  exit 1
fi

upstream_version=$(head -n 1 VERSION | tr -d '[:space:]')
version=$(dpkg-parsechangelog -l packaging/debian/changelog -S Version)
if [ "${version%-*}" != "$upstream_version" ]; then
  echo "error: packaging/debian/changelog's top entry is $version, but VERSION says $upstream_version; add a changelog entry" >&2
  exit 1
fi
scratch=.build-deb
package="$scratch/tempest-gateway_${version}_${architecture}"

# The Swift target triple and, for another architecture, the SDK to build with.
case "$architecture" in
  amd64) triple=x86_64-unknown-linux-gnu; multiarch=x86_64-linux-gnu ;;
  arm64) triple=aarch64-unknown-linux-gnu; multiarch=aarch64-linux-gnu ;;
  *) echo "error: $architecture is not supported (amd64 and arm64 are; README.md, \"Supported systems\")" >&2; exit 1 ;;
esac
cross_options=()
if [ "$architecture" != "$native_architecture" ]; then
  sdk=${TEMPEST_SWIFT_SDK:-$(swift sdk list 2>/dev/null | grep -i -E 'aarch64|arm64' | grep -v -i musl | head -n 1 || true)}
  if [ -z "$sdk" ]; then
    echo "error: no Swift SDK for $triple (swift sdk list); install one or set TEMPEST_SWIFT_SDK" >&2
    exit 1
  fi
  cross_options=(--swift-sdk "$sdk" --triple "$triple")
  scratch_build="$scratch/swift-$architecture"
else
  scratch_build="$scratch/swift"
fi

static_options=()
[ "$architecture" = "$native_architecture" ] && mapfile -t static_options < <(static_link_options)
build_options=(-c release --static-swift-stdlib --scratch-path "$scratch_build" "${cross_options[@]}" "${static_options[@]}")
swift build --product tempest-gateway "${build_options[@]}"
binary="$(swift build "${build_options[@]}" --show-bin-path)/tempest-gateway"
# Completions and the man page come from a binary this machine can run: the
# one just built, or for another architecture the native one, which
# packaging/build-debs.sh builds first (TEMPEST_HELP_BINARY names another).
help_binary=${TEMPEST_HELP_BINARY:-}
if [ -z "$help_binary" ]; then
  if [ "$architecture" = "$native_architecture" ]; then
    help_binary=$binary
  else
    help_binary="$(swift build -c release --static-swift-stdlib --scratch-path "$scratch/swift" --show-bin-path)/tempest-gateway"
  fi
fi
[ -x "$help_binary" ] || { echo "error: no runnable binary for the completions and man page at $help_binary" >&2; exit 1; }

rm -rf "$package" "$package.deb"
documentation="$package/usr/share/doc/tempest-gateway"
install -d "$package/DEBIAN" "$package/usr/bin" "$package/lib/systemd/system" "$documentation" \
  "$package/etc/tempest-gateway" "$package/usr/share/bash-completion/completions" "$package/usr/share/zsh/vendor-completions" \
  "$package/usr/share/fish/vendor_completions.d" "$package/usr/share/man/man1" "$package/usr/share/lintian/overrides"
install -m 0755 "$binary" "$package/usr/bin/tempest-gateway"
if [ "$architecture" = "$native_architecture" ]; then
  strip --strip-unneeded "$package/usr/bin/tempest-gateway"
else
  "$(dirname "$(command -v swift)")/llvm-objcopy" --strip-unneeded "$package/usr/bin/tempest-gateway"
fi
install -m 0644 packaging/tempest-gateway.service "$package/lib/systemd/system/tempest-gateway.service"
install -m 0644 packaging/tempest-gateway-relay.service "$package/lib/systemd/system/tempest-gateway-relay.service"
install -m 0644 packaging/config.toml "$package/etc/tempest-gateway/config.toml"
# The Grafana dashboard for exported data (docs/fleet.md), to import.
install -d "$package/usr/share/tempest-gateway/grafana"
install -m 0644 packaging/grafana/tempest-gateway.json "$package/usr/share/tempest-gateway/grafana/tempest-gateway.json"
printf '/etc/tempest-gateway/config.toml\n' > "$package/DEBIAN/conffiles"
# Documentation as Debian policy wants it: compressed with gzip -9n (no name
# or time stamp, so two builds give the same bytes), the copyright file not.
install -m 0644 packaging/debian/copyright "$documentation/copyright"
gzip -9n < README.md > "$documentation/README.md.gz"
gzip -9n < packaging/debian/changelog > "$documentation/changelog.Debian.gz"
chmod 0644 "$documentation/README.md.gz" "$documentation/changelog.Debian.gz"
install -m 0644 packaging/lintian-overrides "$package/usr/share/lintian/overrides/tempest-gateway"

# Completions and the man page, generated from the argument parser.
# bash-completion sources the file; a #! line would only make lintian warn
# (bash-completion-with-hashbang).
"$help_binary" --generate-completion-script bash | sed '1{/^#!/d}' > "$package/usr/share/bash-completion/completions/tempest-gateway"
"$help_binary" --generate-completion-script zsh > "$package/usr/share/zsh/vendor-completions/_tempest-gateway"
"$help_binary" --generate-completion-script fish > "$package/usr/share/fish/vendor_completions.d/tempest-gateway.fish"
changelog_date=$(dpkg-parsechangelog -l packaging/debian/changelog -S Date)
"$help_binary" --experimental-dump-help \
  | python3 packaging/man-page.py --date "$(date -u -d "$changelog_date" +%Y-%m-%d)" \
  | gzip -9n > "$package/usr/share/man/man1/tempest-gateway.1.gz"
chmod 0644 "$package"/usr/share/bash-completion/completions/* "$package"/usr/share/zsh/vendor-completions/* \
  "$package"/usr/share/fish/vendor_completions.d/* "$package"/usr/share/man/man1/*

# Depends from the libraries the binary links, as Debian names them.
mkdir -p "$scratch/shlibs/debian"
printf 'Source: tempest-gateway\n\nPackage: tempest-gateway\nArchitecture: any\n' > "$scratch/shlibs/debian/control"
# For another architecture, dpkg-shlibdeps reads its libraries' dpkg data (multiarch).
shlibs_options=()
[ "$architecture" != "$native_architecture" ] && shlibs_options=("-l/usr/lib/$multiarch" "-l/lib/$multiarch")
depends=$(cd "$scratch/shlibs" && DEB_HOST_ARCH=$architecture dpkg-shlibdeps "${shlibs_options[@]}" \
  -O "$OLDPWD/$package/usr/bin/tempest-gateway" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
if [ -z "$depends" ]; then
  echo "error: dpkg-shlibdeps computed no dependencies" >&2
  exit 1
fi
# The binary's relative relocations are packed as RELR (Package.swift), which
# only glibc 2.36 and later apply; dpkg-shlibdeps does not know the version
# that marks this (GLIBC_ABI_DT_RELR), so the floor is raised here.
if readelf -V "$package/usr/bin/tempest-gateway" | grep -q GLIBC_ABI_DT_RELR; then
  depends=$(sed -E 's/libc6 \(>= 2\.(3[0-5]|[12][0-9]|[0-9])(\.[0-9]+)?\)/libc6 (>= 2.36)/g' <<<"$depends")
fi
# libcurl is not linked but loaded with dlopen("libcurl.so.4") on the first
# HTTP request (it and its ~25 libraries cost ~3.8 MB of resident memory that
# most gateways never need), so dpkg-shlibdeps cannot see it. 7.85.0 is the
# first libcurl with CURLOPT_PROTOCOLS_STR, which the HTTP client sets.
depends="$depends, libcurl4 (>= 7.85.0)"

installed_kib=$(du -sk "$package" | awk '{ print $1 }')
cat > "$package/DEBIAN/control" <<CONTROL
Package: tempest-gateway
Version: $version
Architecture: $architecture
Maintainer: tempest-gateway maintainers <maintainers@tempest-gateway.org>
Installed-Size: $installed_kib
Depends: $depends
Recommends: mosquitto
Section: net
Priority: optional
Description: WeatherFlow Tempest gateway: UDP to SQLite and MQTT
 Hears a WeatherFlow Tempest hub's UDP broadcasts, keeps every observation in
 SQLite, and publishes to MQTT for Home Assistant (discovery), openHAB,
 Node-RED and scripts, with no message lost across broker outages.
CONTROL

cat > "$package/DEBIAN/postinst" <<'SCRIPT'
#!/bin/sh
set -e
# Enabled on first install; on an upgrade only if it still was (an
# administrator's `systemctl disable` stays). Restarted on every configure,
# so an upgrade runs the new binary, which migrates the database's schema as
# it opens it; deb-systemd-invoke leaves a disabled service stopped.
if [ "$1" = "configure" ] || [ "$1" = "abort-upgrade" ]; then
  deb-systemd-helper unmask tempest-gateway.service >/dev/null || true
  if deb-systemd-helper --quiet was-enabled tempest-gateway.service; then
    deb-systemd-helper enable tempest-gateway.service >/dev/null || true
  else
    deb-systemd-helper update-state tempest-gateway.service >/dev/null || true
  fi
  # The relay's unit is off until an administrator enables it (as
  # debhelper's --no-enable does): enabled again on an upgrade only if it
  # was, and always registered, so that a purge removes its links.
  if deb-systemd-helper debian-installed tempest-gateway-relay.service; then
    deb-systemd-helper unmask tempest-gateway-relay.service >/dev/null || true
    if deb-systemd-helper --quiet was-enabled tempest-gateway-relay.service; then
      deb-systemd-helper enable tempest-gateway-relay.service >/dev/null || true
    fi
  fi
  deb-systemd-helper update-state tempest-gateway-relay.service >/dev/null || true
  if [ -d /run/systemd/system ]; then
    systemctl --system daemon-reload >/dev/null || true
    deb-systemd-invoke restart tempest-gateway.service >/dev/null || true
    # Only a running relay is restarted (onto the new binary).
    deb-systemd-invoke try-restart tempest-gateway-relay.service >/dev/null || true
  fi
fi
exit 0
SCRIPT
cat > "$package/DEBIAN/prerm" <<'SCRIPT'
#!/bin/sh
set -e
if [ "$1" = "remove" ] && [ -d /run/systemd/system ]; then
  deb-systemd-invoke stop tempest-gateway.service tempest-gateway-relay.service >/dev/null || true
fi
exit 0
SCRIPT
cat > "$package/DEBIAN/postrm" <<'SCRIPT'
#!/bin/sh
set -e
if [ -d /run/systemd/system ]; then
  systemctl --system daemon-reload >/dev/null || true
fi
if [ "$1" = "purge" ]; then
  deb-systemd-helper purge tempest-gateway.service tempest-gateway-relay.service >/dev/null || true
  # The database lives in the service's StateDirectory (DynamicUser=yes).
  rm -rf /var/lib/private/tempest-gateway /var/lib/tempest-gateway
fi
exit 0
SCRIPT
chmod 0755 "$package/DEBIAN/postinst" "$package/DEBIAN/prerm" "$package/DEBIAN/postrm"
# Checksums of every file but the conffiles (which dpkg tracks itself).
(cd "$package" && find . -path ./DEBIAN -prune -o -type f ! -path ./etc/\* -printf '%P\0' | LC_ALL=C sort -z \
  | xargs -0 md5sum) > "$package/DEBIAN/md5sums"
chmod 0644 "$package/DEBIAN/md5sums" "$package/DEBIAN/conffiles" "$package/DEBIAN/control"

dpkg-deb --root-owner-group --build "$package" "$package.deb" >/dev/null
echo "$package.deb"
