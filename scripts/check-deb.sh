#!/usr/bin/env bash
# Builds the .deb and checks what it holds: the stripped binary, the unit,
# maintainer scripts, the configuration file as a conffile, and Depends
# computed from the binary plus libcurl4, which the binary loads with dlopen
# (so it must not link it), and the link options that keep memory down.
set -euo pipefail
cd "$(dirname "$0")/.."
deb=$(bash packaging/build-deb.sh | tail -n 1)
contents=$(dpkg-deb -c "$deb")
for path in ./usr/bin/tempest-gateway ./lib/systemd/system/tempest-gateway.service ./usr/share/doc/tempest-gateway/README.md \
  ./etc/tempest-gateway/config.toml; do
  grep -q " $path\$" <<<"$contents" || { echo "error: $deb lacks $path" >&2; exit 1; }
done
depends=$(dpkg-deb -f "$deb" Depends)
for library in 'libc6 (>= 2.36)' libmosquitto1 libsqlite3-0 'libcurl4 (>= 7.85.0)'; do
  grep -q "$library" <<<"$depends" || { echo "error: Depends lacks $library: $depends" >&2; exit 1; }
done
if grep -q -E 'swift|libFoundation' <<<"$depends"; then
  echo "error: Depends names the Swift runtime, which must be linked statically: $depends" >&2
  exit 1
fi
# Listed once into a variable: `grep -q` at the end of a pipe can exit before
# tar has written everything, and pipefail then counts tar's SIGPIPE.
control_files=$(dpkg-deb --ctrl-tarfile "$deb" | tar -t)
for script in postinst prerm postrm; do
  grep -q "$script" <<<"$control_files" || { echo "error: no $script" >&2; exit 1; }
done
conffiles=$(dpkg-deb --info "$deb" conffiles 2>/dev/null || true)
grep -qx '/etc/tempest-gateway/config.toml' <<<"$conffiles" || { echo "error: config.toml is not a conffile: $conffiles" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
dpkg-deb -x "$deb" "$work"
file "$work/usr/bin/tempest-gateway" | grep -q 'stripped' || { echo "error: the binary is not stripped" >&2; exit 1; }
file "$work/usr/bin/tempest-gateway" | grep -q 'not stripped' && { echo "error: the binary is not stripped" >&2; exit 1; }
if readelf -d "$work/usr/bin/tempest-gateway" | grep -E 'NEEDED.*(libswift|libFoundation)' >/dev/null; then
  echo "error: the packaged binary links the Swift runtime dynamically" >&2
  exit 1
fi
if readelf -d "$work/usr/bin/tempest-gateway" | grep -E 'NEEDED.*libcurl' >/dev/null; then
  echo "error: the packaged binary links libcurl, which must be loaded with dlopen on the first HTTP request" >&2
  exit 1
fi
# Package.swift links release builds with LLD for packed relative relocations
# and no exported symbols: fewer pages written at start-up (docs/performance.md).
readelf -d "$work/usr/bin/tempest-gateway" | grep -q '(RELR)' \
  || { echo "error: the packaged binary's relative relocations are not packed (RELR); see Package.swift" >&2; exit 1; }
if readelf -d "$work/usr/bin/tempest-gateway" | grep -E 'NEEDED.*libstdc\+\+' >/dev/null; then
  echo "error: the packaged binary loads libstdc++.so; static_link_options in scripts/swift-env.sh links the archive" >&2
  exit 1
fi
exported=$(readelf --dyn-syms -W "$work/usr/bin/tempest-gateway" | awk 'NR > 3 && $7 != "UND"' | wc -l)
if [ "$exported" -gt 16 ]; then
  echo "error: the packaged binary exports $exported symbols (expected a handful); see Package.swift" >&2
  exit 1
fi
"$work/usr/bin/tempest-gateway" --version >/dev/null
# The shipped configuration has no problems (ConfigurationTests check that it lists every key).
"$work/usr/bin/tempest-gateway" config validate --config "$work/etc/tempest-gateway/config.toml" >/dev/null \
  || { echo "error: the packaged config.toml has problems" >&2; exit 1; }
echo "OK: $deb ($(du -k "$deb" | awk '{ print $1 }') KiB; binary $(du -k "$work/usr/bin/tempest-gateway" | awk '{ print $1 }') KiB); Depends: $depends"
