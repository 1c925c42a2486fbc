#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
# The .deb upgrade path (issue #28 item 5): installs the previous version's
# package in a Debian 12 root filesystem (packaging/debian-rootfs.sh), fills
# its database by running the old gateway as the unit does (its command
# line from the installed unit, a DynamicUser-like uid, STATE_DIRECTORY and
# RUNTIME_DIRECTORY) and replaying datagrams into it, edits the conffile,
# installs the current package with `dpkg -i`, and checks that the edit is
# kept, the installed unit's command line, and that the new gateway,
# started as the unit starts it, migrates and reads every stored row.
#
# The previous package is built from git commit $TEMPEST_PREVIOUS_COMMIT
# (default b4bb77c, version 0.1.0) in a detached worktree under
# .build-previous/ (about 8 minutes; the .deb is kept there for the next
# run). TEMPEST_PREVIOUS_DEB=FILE uses a .deb at hand instead.
#
# systemd does not run in the chroot, so what the maintainer scripts do
# under systemd (daemon-reload, the restart of the service) is not run here;
# the new version is started by this script instead.
# Skips, saying why, when not root or debootstrap cannot be installed.
set -euo pipefail
cd "$(dirname "$0")/.."

skip() {
  echo "SKIPPED: the .deb upgrade test (scripts/check-deb-upgrade.sh) did not run: $*" >&2
  exit 0
}
[ "$(id -u)" -eq 0 ] || skip "it needs root (debootstrap, chroot, dpkg inside)."
bash scripts/install-deps.sh debootstrap || skip "debootstrap could not be installed with apt-get (see the error above)."

started=$(date +%s)
previous_commit=${TEMPEST_PREVIOUS_COMMIT:-b4bb77c}
previous_deb=${TEMPEST_PREVIOUS_DEB:-}
if [ -z "$previous_deb" ]; then
  if ! full=$(git rev-parse --verify --quiet "$previous_commit^{commit}"); then
    echo "error: git commit $previous_commit (the previous release, 0.1.0) is not in this clone; a shallow clone lacks it: run git fetch --unshallow, or set TEMPEST_PREVIOUS_DEB to its .deb" >&2
    exit 1
  fi
  cache=.build-previous/$full
  previous_deb=$(ls "$cache"/tempest-gateway_*.deb 2>/dev/null | head -n 1 || true)
  if [ -z "$previous_deb" ]; then
    echo "Building the previous package from $previous_commit (about 8 minutes)..."
    source_tree="$PWD/.build-previous/source"
    git worktree remove --force "$source_tree" >/dev/null 2>&1 || rm -rf "$source_tree"
    git worktree prune
    git worktree add --detach "$source_tree" "$full" >/dev/null
    built=$(cd "$source_tree" && bash packaging/build-deb.sh | tail -n 1)
    mkdir -p "$cache"
    cp "$source_tree/$built" "$cache/"
    previous_deb=$(ls "$cache"/tempest-gateway_*.deb | head -n 1)
    git worktree remove --force "$source_tree"
  fi
fi
new_deb=$(bash packaging/build-deb.sh | tail -n 1)
old_version=$(dpkg-deb -f "$previous_deb" Version)
new_version=$(dpkg-deb -f "$new_deb" Version)
echo "Upgrade test: $old_version ($previous_deb) to $new_version ($new_deb)"
packages_ready=$(date +%s)

# The same packages as the container image's, so both use one cached tree.
root=$(bash packaging/debian-rootfs.sh --deb "$previous_deb" --deb "$new_deb" --include ca-certificates,tzdata \
  .build-upgrade/rootfs-$$ | tail -n 1)
root=$(cd "$root" && pwd)
work=$(mktemp -d /tmp/tempest-upgrade-XXXXXX)
gateway_pid=
cleanup() {
  if [ -n "$gateway_pid" ]; then kill "$gateway_pid" 2>/dev/null || true; fi
  wait 2>/dev/null || true
  if mountpoint -q "$root/proc"; then umount "$root/proc"; fi
  # Only once nothing is mounted inside any more.
  mountpoint -q "$root/proc" || rm -rf "$root"
  rm -rf "$work"
}
trap cleanup EXIT
# Swift programs read their arguments from /proc/self/cmdline.
mount -t proc proc "$root/proc"
fail() {
  echo "error: upgrade test: $*" >&2
  [ -f "$work/gateway.log" ] && tail -n 20 "$work/gateway.log" | sed 's/^/  gateway: /' >&2
  exit 1
}

. scripts/local-services.sh
udp_port=$(free_port -u)

# What systemd would set up for the unit: a dynamic user (uid in systemd's
# 61184-65519 range), StateDirectory= under /var/lib/private with a link,
# RuntimeDirectory= under /run.
uid=61999
install -d -m 0700 -o "$uid" -g "$uid" "$root/var/lib/private/tempest-gateway"
ln -sfn private/tempest-gateway "$root/var/lib/tempest-gateway"
install -d -m 0755 -o "$uid" -g "$uid" "$root/run/tempest-gateway"
unit_environment=(STATE_DIRECTORY=/var/lib/tempest-gateway RUNTIME_DIRECTORY=/run/tempest-gateway
  TEMPEST_GATEWAY_UDP_PORT="$udp_port" TEMPEST_GATEWAY_MQTT_ENABLED=false TEMPEST_GATEWAY_FORECAST_ENABLED=false
  # The sample day is from July 2024: unpacked, its rows stay rows to count.
  TEMPEST_GATEWAY_STORAGE_PACK_AFTER_DAYS=0)
# Runs a command in the root filesystem as the service's user, with the unit's environment.
service_command=(env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin "${unit_environment[@]}" chroot --userspec="$uid:$uid" "$root")
as_service() { "${service_command[@]}" "$@"; }
# The installed unit's ExecStart=, as words.
exec_start() { sed -n 's/^ExecStart=//p' "$root/lib/systemd/system/tempest-gateway.service"; }
# Starts the installed gateway as the unit would and waits (at most 30 s) until `status` answers.
start_service() {
  local -a command
  read -r -a command <<<"$(exec_start)"
  # A simple command, not a function, so that $! is the gateway itself
  # (env and chroot exec it) and the SIGTERM below reaches it.
  "${service_command[@]}" "${command[@]}" > "$work/gateway.log" 2>&1 &
  gateway_pid=$!
  for _ in $(seq 1 60); do
    as_service tempest-gateway status >/dev/null 2>&1 && return 0
    kill -0 "$gateway_pid" 2>/dev/null || fail "the gateway ($(exec_start)) exited at start"
    sleep 0.5
  done
  fail "the gateway did not answer status within 30 seconds"
}
# Stops it with SIGTERM, as systemctl stop does, and checks exit status 0 within 20 s.
stop_service() {
  kill -TERM "$gateway_pid"
  for _ in $(seq 1 40); do kill -0 "$gateway_pid" 2>/dev/null || break; sleep 0.5; done
  kill -0 "$gateway_pid" 2>/dev/null && fail "the gateway did not stop within 20 seconds of SIGTERM"
  local status=0
  wait "$gateway_pid" || status=$?
  gateway_pid=
  [ "$status" -eq 0 ] || fail "the gateway exited with status $status after SIGTERM"
}
stored_observations() {
  as_service tempest-gateway db stats --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["rows"]["observations"])'
}

# 1. The previous version, installed and filled.
cp "$previous_deb" "$root/tmp/old.deb"
chroot "$root" dpkg -i /tmp/old.deb > "$work/dpkg-old.log" 2>&1 || { cat "$work/dpkg-old.log" >&2; fail "dpkg -i of $old_version failed"; }
start_service
head -n 900 Samples/sample-day.jsonl > "$root/tmp/sample.jsonl"
expected=$(grep -c '"type":"obs_st"' "$root/tmp/sample.jsonl")
as_service tempest-gateway replay /tmp/sample.jsonl --speed 900 --to "127.0.0.1:$udp_port" 2>/dev/null || fail "replay failed"
stored=
for _ in $(seq 1 40); do
  stored=$(stored_observations 2>/dev/null || true)
  [ "$stored" = "$expected" ] && break
  sleep 0.5
done
[ "$stored" = "$expected" ] || fail "$old_version stored ${stored:-no} observations, expected $expected"
stop_service
echo "  $old_version installed, $expected observations stored"

# 2. A local edit of the conffile, as a user makes it (with the old version's `config set`).
config="$root/etc/tempest-gateway/config.toml"
chroot "$root" tempest-gateway config set storage.observation_days 3650 > /dev/null || fail "config set failed"
edited=$(sha256sum < "$config")

# 3. The new version over it, as `dpkg -i` does. When the packaged
#    conffile changed between the versions, dpkg would ask on a terminal;
#    --force-confold gives the answer it defaults to (keep yours).
old_shipped=$(dpkg-deb --fsys-tarfile "$previous_deb" | tar -xO ./etc/tempest-gateway/config.toml | sha256sum)
new_shipped=$(dpkg-deb --fsys-tarfile "$new_deb" | tar -xO ./etc/tempest-gateway/config.toml | sha256sum)
cp "$new_deb" "$root/tmp/new.deb"
chroot "$root" dpkg -i --force-confold /tmp/new.deb < /dev/null > "$work/dpkg-new.log" 2>&1 \
  || { cat "$work/dpkg-new.log" >&2; fail "dpkg -i of $new_version over $old_version failed"; }
[ "$(chroot "$root" dpkg-query -W -f '${Version} ${Status}' tempest-gateway)" = "$new_version install ok installed" ] \
  || fail "dpkg does not list $new_version as installed"
[ "$(sha256sum < "$config")" = "$edited" ] || fail "the edited /etc/tempest-gateway/config.toml was not kept"
if [ "$old_shipped" != "$new_shipped" ]; then
  echo "  note: the packaged config.toml changed since $old_version: dpkg asks users who edited theirs (default: keep)"
fi
cmp -s "$root/lib/systemd/system/tempest-gateway.service" \
  <(dpkg-deb --fsys-tarfile "$new_deb" | tar -xO ./lib/systemd/system/tempest-gateway.service) \
  || fail "the installed unit is not the new package's"
read -r -a command <<<"$(exec_start)"
[ "${command[0]}" = /usr/bin/tempest-gateway ] && [ "${command[1]}" = run ] \
  || fail "the unit's ExecStart is '$(exec_start)', expected /usr/bin/tempest-gateway run ..."
# The package version carries a Debian revision (0.2.0-1); --version prints
# the upstream part.
upstream_version=${new_version%-*}
[ "$(as_service tempest-gateway --version)" = "$upstream_version" ] \
  || fail "tempest-gateway --version does not say $upstream_version"
echo "  $new_version installed over it: config edit kept, unit runs: $(exec_start)"

# 4. The new version, started as the unit starts it, migrates and reads the data.
start_service
[ "$(stored_observations)" = "$expected" ] || fail "after the upgrade $(stored_observations) observations, expected $expected"
stop_service
as_service tempest-gateway db check > "$work/check.log" 2>&1 || { cat "$work/check.log" >&2; fail "db check failed after the upgrade"; }
settings=$(as_service tempest-gateway config show 2>/dev/null || true)
grep -q 'storage.observation_days: 3650; from: ' <<<"$settings" \
  || fail "the new version does not read the edited configuration"
finished=$(date +%s)
echo "OK: upgrade from $old_version to $new_version keeps the configuration and the $expected observations" \
  "($((packages_ready - started)) s for the packages, $((finished - packages_ready)) s for the test)."
