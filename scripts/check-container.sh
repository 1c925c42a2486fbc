#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
# The container image, built and run as a user would (issue #31): builds it
# from the project's .deb (packaging/container/build-image.sh), starts a
# private mosquitto with a password on a free 127.0.0.1 port, and runs the
# image with podman (runc, cgroupfs, host network, a named volume, the
# password as a podman secret) to check that:
#   - replayed datagrams arrive in MQTT and in the database on the volume;
#   - the health check passes and `status`/`db stats` work inside (podman exec);
#   - `podman stop` ends it within the grace period with exit status 0 and
#     "offline" retained on the availability topic, the secret never logged;
#   - a restart of the container, and then a new container on the same volume
#     configured by a mounted config.toml (as after an upgrade), keep the data.
# Skips, saying why, when it cannot run: not root, or debootstrap, podman
# and runc cannot be installed. Every wait is bounded.
set -euo pipefail
cd "$(dirname "$0")/.."

skip() {
  echo "SKIPPED: the container test (scripts/check-container.sh) did not run: $*" >&2
  exit 0
}
[ "$(id -u)" -eq 0 ] || skip "it needs root (debootstrap, chroot and podman with runc)."
command -v apt-get >/dev/null 2>&1 || command -v podman >/dev/null 2>&1 || skip "podman is missing and there is no apt-get to install it."
bash scripts/install-deps.sh debootstrap podman runc \
  || skip "debootstrap, podman and runc could not be installed with apt-get (see the error above)."

started=$(date +%s)
# crun refuses some hosts' cgroup layouts; runc with cgroupfs runs everywhere.
pod() { podman --runtime runc --cgroup-manager=cgroupfs "$@"; }

tag=tempest-gateway-check
suffix="$$"
volume="tempest-gateway-check-$suffix"
secret="tempest-gateway-check-mqtt-$suffix"
first="tempest-gateway-check-a-$suffix"
second="tempest-gateway-check-b-$suffix"
work=$(mktemp -d /tmp/tempest-container-XXXXXX)
pids=()
cleanup() {
  pod rm -f -t 0 "$first" "$second" >/dev/null 2>&1 || true
  pod volume rm -f "$volume" >/dev/null 2>&1 || true
  pod secret rm "$secret" >/dev/null 2>&1 || true
  pod rmi "$tag:latest" "${image:-$tag:latest}" >/dev/null 2>&1 || true
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "error: container test: $*" >&2
  for name in "$first" "$second"; do
    pod logs "$name" 2>/dev/null | tail -n 20 | sed "s/^/  $name: /" >&2 || true
  done
  exit 1
}

. scripts/local-services.sh

deb=$(bash packaging/build-deb.sh | tail -n 1)
image=$(bash packaging/container/build-image.sh --deb "$deb" --tag "$tag" | tail -n 1)
built=$(date +%s)

broker_port=$(free_port -t)
udp_port=$(free_port -u)
password="check-$RANDOM$RANDOM-secret"
# mosquitto started as root reads its files as the user mosquitto.
chmod 0711 "$work"
install -d -m 0755 "$work/broker"
mosquitto_passwd -b -c "$work/broker/passwords" gateway "$password" 2>/dev/null
chmod 0644 "$work/broker/passwords"
printf 'listener %s 127.0.0.1\nallow_anonymous false\npassword_file %s\npersistence false\n' \
  "$broker_port" "$work/broker/passwords" > "$work/broker/mosquitto.conf"
start_mosquitto "$work/broker/mosquitto.conf" "$work/mosquitto.log" "$broker_port"
pids+=("$mosquitto_pid")
sub() { mosquitto_sub -h 127.0.0.1 -p "$broker_port" -u gateway -P "$password" "$@"; }

printf '%s' "$password" > "$work/mqtt-password"
pod secret create "$secret" "$work/mqtt-password" >/dev/null
rm -f "$work/mqtt-password"
pod volume create "$volume" >/dev/null
common=(--network host --ulimit nofile=1024:1024 --ulimit nproc=1024:1024 -v "$volume:/var/lib/tempest-gateway"
  --secret "$secret,target=mqtt-password,uid=50222,gid=50222,mode=0400")

# Two slices of the simulated day (July 2024): 30 minutes each, replayed
# 600 times faster. Packing is off (pack_after_days = 0) so that the rows
# of those old days stay rows to count.
head -n 600 Samples/sample-day.jsonl > "$work/part1.jsonl"
sed -n '601,1200p' Samples/sample-day.jsonl > "$work/part2.jsonl"
observations1=$(grep -c '"type":"obs_st"' "$work/part1.jsonl")
observations2=$(grep -c '"type":"obs_st"' "$work/part2.jsonl")

# Waits (at most 30 s) until the gateway in container $1 answers `status`.
wait_ready() {
  for _ in $(seq 1 60); do
    pod exec "$1" tempest-gateway status >/dev/null 2>&1 && return 0
    [ "$(pod inspect --format '{{.State.Running}}' "$1")" = true ] || fail "$1 stopped while starting"
    sleep 0.5
  done
  fail "$1 did not answer status within 30 seconds"
}
# The number of stored Tempest observations, asked inside container $1.
stored_observations() {
  pod exec "$1" tempest-gateway db stats --json \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["rows"]["observations"])'
}
# Waits (at most 30 s) until container $1 has stored $2 observations.
wait_stored() {
  local count=
  for _ in $(seq 1 60); do
    count=$(stored_observations "$1" 2>/dev/null || true)
    [ "$count" = "$2" ] && return 0
    sleep 0.5
  done
  fail "$1 stored ${count:-no} observations, expected $2"
}
# Replays file $2 into container $1 and checks that every observation in it
# is published; $3 is the number of observations in it.
replay_and_check_mqtt() {
  local name="$1" file="$2" expected="$3" output="$work/mqtt-$1-$(basename "$2").log"
  # The retained status arrives first, which shows the subscription is in place.
  sub -v -t tempest/gateway/status -t 'tempest/+/event/observation' -C $((expected + 1)) -W 60 > "$output" 2>&1 &
  local subscriber=$!
  for _ in $(seq 1 50); do [ -s "$output" ] && break; sleep 0.1; done
  pod exec -i "$name" tempest-gateway replay - --speed 600 --to "127.0.0.1:$udp_port" < "$file" 2>/dev/null \
    || fail "replay into $name failed"
  wait "$subscriber" || true
  local published
  published=$(grep -c '^tempest/ST-[^/]*/event/observation ' "$output" || true)
  [ "$published" -eq "$expected" ] || fail "$name published $published observations over MQTT, expected $expected"
}
# Stops container $1 and checks a clean exit within the grace period.
stop_cleanly() {
  local before after status
  before=$(date +%s)
  pod stop -t 20 "$1" >/dev/null
  after=$(date +%s)
  status=$(pod inspect --format '{{.State.ExitCode}}' "$1")
  [ "$status" = 0 ] || fail "$1 exited with status $status after podman stop, expected 0"
  [ $((after - before)) -lt 20 ] || fail "$1 took $((after - before)) seconds to stop (the grace period is 20)"
  [ "$(sub -t tempest/gateway/status -C 1 -W 5)" = offline ] || fail "no retained offline on tempest/gateway/status after $1 stopped"
  # Read whole first: `grep -q` at the end of a pipe may stop podman early,
  # and pipefail would count that as a result.
  local log
  log=$(pod logs "$1" 2>&1)
  ! grep -qF "$password" <<<"$log" || fail "the MQTT password appears in $1's log"
  echo "  $1 stopped in $((after - before)) seconds, exit status 0, offline published"
}

echo "Container test: $image, broker on 127.0.0.1:$broker_port, UDP port $udp_port"
if [ ! -S /run/systemd/private ]; then
  echo "  (podman schedules health checks with systemd timers; without systemd it logs \"unable to get systemd" \
    "connection\" for each container, harmless here: the test runs the check itself with podman healthcheck run)"
fi
# 1. Configured by TEMPEST_GATEWAY_* variables, the password a podman secret.
pod run -d --name "$first" "${common[@]}" \
  -e TEMPEST_GATEWAY_UDP_PORT="$udp_port" -e TEMPEST_GATEWAY_MQTT_HOST=127.0.0.1 \
  -e TEMPEST_GATEWAY_MQTT_PORT="$broker_port" -e TEMPEST_GATEWAY_MQTT_USER=gateway \
  -e TEMPEST_GATEWAY_FORECAST_ENABLED=false -e TEMPEST_GATEWAY_STORAGE_PACK_AFTER_DAYS=0 "$image" >/dev/null
wait_ready "$first"
pod healthcheck run "$first" >/dev/null || fail "the image's health check failed on a running gateway"
replay_and_check_mqtt "$first" "$work/part1.jsonl" "$observations1"
wait_stored "$first" "$observations1"
mountpoint=$(pod volume inspect --format '{{.Mountpoint}}' "$volume")
owner=$(stat -c %u "$mountpoint/tempest-gateway.db" 2>/dev/null || echo none)
[ "$owner" = 50222 ] || fail "the database is not on the volume owned by the image's user (owner: $owner)"
# The image logs to standard output (run --log-to stdout); podman logs keeps
# the container's two streams apart.
log=$(pod logs "$first" 2>/dev/null)
grep -q '^[0-9-]*T[0-9:]*Z info: ' <<<"$log" || fail "no readable log lines (time, level, sentence) on $first's standard output"
echo "  $first: $observations1 observations in MQTT and on the volume"
stop_cleanly "$first"

# 2. The same container started again keeps its data.
pod start "$first" >/dev/null
wait_ready "$first"
[ "$(stored_observations "$first")" = "$observations1" ] || fail "$first lost data across a restart"
echo "  $first restarted with its $observations1 observations"
stop_cleanly "$first"

# 3. A new container on the same volume (as after pulling a new image),
#    configured by a mounted config.toml instead of variables.
cat > "$work/config.toml" <<CONFIG
[udp]
port = $udp_port
[storage]
pack_after_days = 0
[mqtt]
host = "127.0.0.1"
port = $broker_port
user = "gateway"
[forecast]
enabled = false
CONFIG
chmod 0644 "$work/config.toml"
pod run -d --name "$second" "${common[@]}" -v "$work/config.toml:/etc/tempest-gateway/config.toml:ro" "$image" >/dev/null
wait_ready "$second"
[ "$(stored_observations "$second")" = "$observations1" ] || fail "a new container on the volume does not see the stored data"
replay_and_check_mqtt "$second" "$work/part2.jsonl" "$observations2"
wait_stored "$second" $((observations1 + observations2))
echo "  $second (config.toml): $((observations1 + observations2)) observations after a second replay"
stop_cleanly "$second"

finished=$(date +%s)
echo "OK: container test passed ($((built - started)) s to build the image, $((finished - built)) s to run it)."
