#!/usr/bin/env bash
# Builds tempest-gateway_<version>_<arch>.deb in .build-deb/: the stripped
# binary with the Swift runtime linked in statically (the C libraries stay
# dynamic from Debian, so their security updates apply), the systemd unit,
# the README, the example configuration as /etc/tempest-gateway/config.toml
# (a conffile: dpkg keeps local edits on upgrade), and maintainer scripts
# that enable and restart the service.
# Depends are computed from the binary by dpkg-shlibdeps, plus libcurl4,
# which the binary loads with dlopen (see below).
# Works the same on 64-bit Raspberry Pi OS (arm64) and Debian 12 (amd64).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
. scripts/swift-env.sh
if ! command -v dpkg-shlibdeps >/dev/null 2>&1; then
  echo "error: dpkg-shlibdeps is missing; install dpkg-dev (apt-get install dpkg-dev)" >&2
  exit 1
fi

version=$(awk -F'"' '/static let current/ { print $2 }' Sources/GatewayCore/GatewayVersion.swift)
architecture=$(dpkg --print-architecture)
scratch=.build-deb
package="$scratch/tempest-gateway_${version}_${architecture}"

mapfile -t static_options < <(static_link_options)
swift build -c release --product tempest-gateway --static-swift-stdlib --scratch-path "$scratch/swift" "${static_options[@]}"
binary="$(swift build -c release --static-swift-stdlib --scratch-path "$scratch/swift" "${static_options[@]}" --show-bin-path)/tempest-gateway"

rm -rf "$package" "$package.deb"
install -d "$package/DEBIAN" "$package/usr/bin" "$package/lib/systemd/system" "$package/usr/share/doc/tempest-gateway" \
  "$package/etc/tempest-gateway"
install -m 0755 "$binary" "$package/usr/bin/tempest-gateway"
strip --strip-unneeded "$package/usr/bin/tempest-gateway"
install -m 0644 packaging/tempest-gateway.service "$package/lib/systemd/system/tempest-gateway.service"
install -m 0644 README.md "$package/usr/share/doc/tempest-gateway/README.md"
install -m 0644 packaging/config.toml "$package/etc/tempest-gateway/config.toml"
printf '/etc/tempest-gateway/config.toml\n' > "$package/DEBIAN/conffiles"
printf 'tempest-gateway\nCopyright: the tempest-gateway developers\n' > "$package/usr/share/doc/tempest-gateway/copyright"

# Depends from the libraries the binary links, as Debian names them.
mkdir -p "$scratch/shlibs/debian"
printf 'Source: tempest-gateway\n\nPackage: tempest-gateway\nArchitecture: any\n' > "$scratch/shlibs/debian/control"
depends=$(cd "$scratch/shlibs" && dpkg-shlibdeps -O "$OLDPWD/$package/usr/bin/tempest-gateway" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
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
Maintainer: tempest-gateway developers <tempest-gateway@localhost>
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
if [ "$1" = "configure" ] && [ -d /run/systemd/system ]; then
  systemctl --system daemon-reload >/dev/null || true
  deb-systemd-helper unmask tempest-gateway.service >/dev/null || true
  deb-systemd-helper enable tempest-gateway.service >/dev/null || true
  deb-systemd-invoke restart tempest-gateway.service >/dev/null || true
fi
exit 0
SCRIPT
cat > "$package/DEBIAN/prerm" <<'SCRIPT'
#!/bin/sh
set -e
if [ "$1" = "remove" ] && [ -d /run/systemd/system ]; then
  deb-systemd-invoke stop tempest-gateway.service >/dev/null || true
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
  deb-systemd-helper purge tempest-gateway.service >/dev/null || true
  # The database lives in the service's StateDirectory (DynamicUser=yes).
  rm -rf /var/lib/private/tempest-gateway /var/lib/tempest-gateway
fi
exit 0
SCRIPT
chmod 0755 "$package/DEBIAN/postinst" "$package/DEBIAN/prerm" "$package/DEBIAN/postrm"

dpkg-deb --root-owner-group --build "$package" "$package.deb" >/dev/null
echo "$package.deb"
