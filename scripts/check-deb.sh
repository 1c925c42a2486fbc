#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
# Builds the .deb and checks what it holds: the stripped binary, the units
# (the relay's shipped but not enabled), maintainer scripts, the configuration file as a conffile, and Depends
# computed from the binary plus libcurl4, which the binary loads with dlopen
# (so it must not link it), the link options that keep memory down, the
# completions and man page, the Debian documentation (changelog, DEP-5
# copyright), md5sums, and lintian: any error or warning that
# packaging/lintian-overrides does not explain fails.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh lintian
deb=$(bash packaging/build-deb.sh | tail -n 1)
contents=$(dpkg-deb -c "$deb")
for path in ./usr/bin/tempest-gateway ./lib/systemd/system/tempest-gateway.service \
  ./lib/systemd/system/tempest-gateway-relay.service ./usr/share/doc/tempest-gateway/README.md.gz \
  ./usr/share/doc/tempest-gateway/copyright ./usr/share/doc/tempest-gateway/changelog.Debian.gz \
  ./usr/share/bash-completion/completions/tempest-gateway ./usr/share/zsh/vendor-completions/_tempest-gateway \
  ./usr/share/fish/vendor_completions.d/tempest-gateway.fish ./usr/share/man/man1/tempest-gateway.1.gz \
  ./usr/share/lintian/overrides/tempest-gateway ./etc/tempest-gateway/config.toml \
  ./usr/share/tempest-gateway/grafana/tempest-gateway.json; do
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
for script in postinst prerm postrm md5sums; do
  grep -q "$script" <<<"$control_files" || { echo "error: no $script" >&2; exit 1; }
done
conffiles=$(dpkg-deb --info "$deb" conffiles 2>/dev/null || true)
grep -qx '/etc/tempest-gateway/config.toml' <<<"$conffiles" || { echo "error: config.toml is not a conffile: $conffiles" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
dpkg-deb -x "$deb" "$work"
# A first install enables the gateway's unit and not the relay's: postinst
# runs against stand-ins for deb-systemd-helper, deb-systemd-invoke and
# systemctl that log their calls and answer as on a first install
# (was-enabled: yes, its default; debian-installed: no).
stubs="$work-stubs"
mkdir -p "$stubs"
trap 'rm -rf "$work" "$stubs"' EXIT
for tool in deb-systemd-helper deb-systemd-invoke systemctl; do
  printf '#!/bin/sh\necho "%s $*" >> "%s/calls"\ncase "$*" in *debian-installed*) exit 1 ;; esac\nexit 0\n' \
    "$tool" "$stubs" > "$stubs/$tool"
  chmod +x "$stubs/$tool"
done
dpkg-deb --ctrl-tarfile "$deb" | tar -xO ./postinst > "$stubs/postinst"
PATH="$stubs:$PATH" sh "$stubs/postinst" configure
grep -qx 'deb-systemd-helper enable tempest-gateway.service' "$stubs/calls" \
  || { echo "error: a first install does not enable tempest-gateway.service" >&2; exit 1; }
if grep -q 'enable tempest-gateway-relay.service' "$stubs/calls"; then
  echo "error: a first install enables tempest-gateway-relay.service, which must stay off until an administrator enables it" >&2
  exit 1
fi
grep -qx 'deb-systemd-helper update-state tempest-gateway-relay.service' "$stubs/calls" \
  || { echo "error: postinst does not register tempest-gateway-relay.service (a purge would leave its links)" >&2; exit 1; }
grep -q '^ExecStart=/usr/bin/tempest-gateway relay$' "$work/lib/systemd/system/tempest-gateway-relay.service" \
  || { echo "error: the relay's unit does not run /usr/bin/tempest-gateway relay" >&2; exit 1; }
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
# One version everywhere: VERSION, the package, the changelog and --version.
upstream_version=$(head -n 1 VERSION | tr -d '[:space:]')
package_version=$(dpkg-deb -f "$deb" Version)
[ "${package_version%-*}" = "$upstream_version" ] \
  || { echo "error: the package's version $package_version does not match VERSION ($upstream_version)" >&2; exit 1; }
binary_version=$("$work/usr/bin/tempest-gateway" --version)
[ "$binary_version" = "$upstream_version" ] \
  || { echo "error: --version prints $binary_version, VERSION says $upstream_version" >&2; exit 1; }
changelog_version=$(zcat "$work/usr/share/doc/tempest-gateway/changelog.Debian.gz" | dpkg-parsechangelog -l - -S Version)
[ "$changelog_version" = "$package_version" ] \
  || { echo "error: changelog.Debian.gz starts at $changelog_version, the package is $package_version" >&2; exit 1; }
# md5sums covers every file but the conffiles, and matches them.
(cd "$work" && dpkg-deb --ctrl-tarfile "$OLDPWD/$deb" | tar -xO ./md5sums | md5sum --quiet -c -) \
  || { echo "error: DEBIAN/md5sums does not match the files" >&2; exit 1; }
files=$(cd "$work" && find . -type f ! -path './etc/*' | wc -l)
sums=$(dpkg-deb --ctrl-tarfile "$deb" | tar -xO ./md5sums | wc -l)
[ "$files" -eq "$sums" ] || { echo "error: md5sums lists $sums files, the package has $files outside /etc" >&2; exit 1; }
# The copyright file is DEP-5 and names the project's licence and those linked.
copyright="$work/usr/share/doc/tempest-gateway/copyright"
head -n 1 "$copyright" | grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' \
  || { echo "error: the copyright file is not machine-readable (DEP-5)" >&2; exit 1; }
for licence in 'License: Apache-2.0' 'License: Apache-2.0 with Swift-exception' 'EPL-2.0 or EDL-1.0' 'public domain' 'curl' 'LGPL-2.1+'; do
  grep -qF "$licence" "$copyright" || { echo "error: the copyright file does not name $licence" >&2; exit 1; }
done
# Completions and the man page are what the binary's argument parser says.
grep -q 'tempest-gateway' "$work/usr/share/bash-completion/completions/tempest-gateway" \
  && grep -q '#compdef tempest-gateway' "$work/usr/share/zsh/vendor-completions/_tempest-gateway" \
  && grep -q "complete -c 'tempest-gateway'" "$work/usr/share/fish/vendor_completions.d/tempest-gateway.fish" \
  || { echo "error: a shell completion script is empty or not for tempest-gateway" >&2; exit 1; }
manual=$(zcat "$work/usr/share/man/man1/tempest-gateway.1.gz")
for heading in '.SH NAME' '.SH SYNOPSIS' '.SH COMMANDS' '.SS "tempest-gateway status"' '.SH FILES'; do
  grep -qF "$heading" <<<"$manual" || { echo "error: the man page lacks $heading" >&2; exit 1; }
done
if command -v groff >/dev/null 2>&1; then
  warnings=$(groff -man -Tutf8 -ww -z <<<"$manual" 2>&1 || true)
  [ -z "$warnings" ] || { echo "error: the man page has roff problems: $warnings" >&2; exit 1; }
fi
# lintian: errors and warnings must be fixed or explained in packaging/lintian-overrides.
lintian_output=$(lintian --fail-on error,warning --display-info "$deb" 2>&1) \
  || { echo "$lintian_output" >&2; echo "error: lintian reports errors or warnings; fix them or explain each in packaging/lintian-overrides" >&2; exit 1; }
if [ -n "$lintian_output" ]; then
  echo "lintian, information only:"
  echo "$lintian_output" | sed 's/^/  /'
fi
# The shipped configuration has no problems (ConfigurationTests check that it lists every key).
"$work/usr/bin/tempest-gateway" config validate --config "$work/etc/tempest-gateway/config.toml" >/dev/null \
  || { echo "error: the packaged config.toml has problems" >&2; exit 1; }
echo "OK: $deb ($(du -k "$deb" | awk '{ print $1 }') KiB; binary $(du -k "$work/usr/bin/tempest-gateway" | awk '{ print $1 }') KiB); Depends: $depends"
