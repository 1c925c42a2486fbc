#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
# The whole pipeline in about a minute, without a Tempest hub: starts a
# private mosquitto broker (when mosquitto is installed), the gateway with
# its web page, and a replay of the simulated sample day
# (Samples/sample-day.jsonl: a shower and a thunderstorm), then shows what
# reached MQTT and SQLite. Run from a terminal, it keeps the web page up
# until you press Enter.
#
# Everything runs on 127.0.0.1 on free ports, in a temporary folder that is
# removed at the end (--keep leaves it). Nothing touches an existing broker,
# database or port 50222.
#
# Usage: scripts/demo.sh [--speed X] [--keep] [--web-address A] [--web-port N]
#   --speed X   replay speed (default 2880: the day in 30 seconds)
#   --keep      keep the temporary folder (database, MQTT log) for a look
#   --web-address A  where the web page listens (default 127.0.0.1;
#               0.0.0.0 shows it to the whole network)
#   --web-port N     its port (default a free one)
# TEMPEST_DEMO_BINARY=PATH uses that binary instead of building one (not a
# TEMPEST_GATEWAY_* name: those are configuration keys, checked strictly).
set -euo pipefail
cd "$(dirname "$0")/.."

speed=2880
keep=no
web_address=127.0.0.1
web_port=
while [ $# -gt 0 ]; do
  case "$1" in
    --speed) speed="$2"; shift 2 ;;
    --keep) keep=yes; shift ;;
    --web-address) web_address="$2"; shift 2 ;;
    --web-port) web_port="$2"; shift 2 ;;
    -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "demo: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done

if [ -n "${TEMPEST_DEMO_BINARY:-}" ]; then
  gateway="$TEMPEST_DEMO_BINARY"
else
  bash scripts/install-deps.sh
  . scripts/swift-env.sh
  swift build -c release --product tempest-gateway
  gateway="$(swift build -c release --show-bin-path)/tempest-gateway"
fi

work="$(mktemp -d /tmp/tempest-demo-XXXXXX)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  if [ "$keep" = yes ]; then echo "Kept: $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

. scripts/local-services.sh
udp_port=$(free_port -u)
[ -n "$web_port" ] || web_port=$(free_port -t)

mqtt_arguments=(--no-mqtt)
if command -v mosquitto >/dev/null 2>&1 || [ -x /usr/sbin/mosquitto ]; then
  broker_port=$(free_port -t)
  printf 'listener %s 127.0.0.1\nallow_anonymous true\npersistence false\n' "$broker_port" > "$work/mosquitto.conf"
  start_mosquitto "$work/mosquitto.conf" "$work/mosquitto.log" "$broker_port"
  pids+=("$mosquitto_pid")
  mosquitto_sub -h 127.0.0.1 -p "$broker_port" -v -t 'tempest/#' -t 'homeassistant/#' > "$work/mqtt.log" 2>/dev/null &
  pids+=($!)
  mqtt_arguments=(--mqtt-host 127.0.0.1 --mqtt-port "$broker_port")
  echo "Broker: a private mosquitto on 127.0.0.1 port $broker_port."
else
  echo "Broker: mosquitto is not installed, so this demo stores without publishing (apt-get install mosquitto mosquitto-clients)."
fi

database="$work/demo.db"
"$gateway" run --database "$database" --udp-address 127.0.0.1 --udp-port "$udp_port" --timezone America/Denver \
  --print none --web-address "$web_address" --web-port "$web_port" "${mqtt_arguments[@]}" > "$work/gateway.log" 2>&1 &
gateway_pid=$!
pids+=("$gateway_pid")
for _ in $(seq 1 100); do
  grep -q Listening "$work/gateway.log" && break
  sleep 0.1
done
if ! grep -q Listening "$work/gateway.log"; then
  echo "demo: the gateway did not start:" >&2
  sed 's/^/  /' "$work/gateway.log" >&2
  exit 1
fi
echo "Gateway: listening on UDP 127.0.0.1 port $udp_port, storing in $database."

lines=$(wc -l < Samples/sample-day.jsonl)
echo "Replaying the sample day ($lines datagrams of 13 July 2024 in Denver) at $speed times real speed..."
"$gateway" replay Samples/sample-day.jsonl --speed "$speed" --to "127.0.0.1:$udp_port" > /dev/null
# Let the outbox drain to the broker (at most a minute), then stop cleanly.
for _ in $(seq 1 600); do
  sleep 0.1
  depth=$("$gateway" status --json --database "$database" 2>/dev/null | grep -o '"outbox_depth":[0-9]*' | cut -d: -f2 || true)
  [ "${depth:-}" = 0 ] && break
  [ "${mqtt_arguments[0]}" = --no-mqtt ] && break
done

# The web page, while the gateway still runs. The sample day is 13 July 2024
# in Denver: the Now page shows its last values (marked stale, they are old).
local_host="$web_address"
[ "$local_host" = 0.0.0.0 ] && local_host=127.0.0.1
shown_host="$local_host"
[ "$web_address" = 0.0.0.0 ] && shown_host="$(hostname -I 2>/dev/null | cut -d' ' -f1)"
web="http://${shown_host:-127.0.0.1}:$web_port"
echo
echo "== The web page =="
echo "Web page: $web/"
echo "The sample day's charts: $web/charts?day=2024-07-13"
for path in / "/charts?day=2024-07-13" /health; do
  echo "answer to $path: $(curl -s -o /dev/null -w '%{http_code}, %{size_download} bytes' "http://$local_host:$web_port$path" || echo none)"
done
if [ -t 0 ]; then
  read -r -p "The web page stays up until you press Enter. " _ || true
fi
kill -TERM "$gateway_pid" 2>/dev/null || true
wait "$gateway_pid" || true
sleep 0.5

echo
echo "== What reached MQTT =="
if [ -s "$work/mqtt.log" ]; then
  echo "messages received: $(wc -l < "$work/mqtt.log")"
  echo "observation events: $(grep -c '^tempest/[^ ]*/event/observation ' "$work/mqtt.log" || true)"
  echo "Home Assistant entities announced: $(grep '^homeassistant/[^ ]*/config {' "$work/mqtt.log" | cut -d' ' -f1 | sort -u | wc -l)"
  echo "gateway status, last published: $(grep '^tempest/gateway/status ' "$work/mqtt.log" | tail -1 | cut -d' ' -f2 || true)"
  for field in air_temperature relative_humidity wind_avg rain_today lightning_strikes_today air_temperature_max_today; do
    value=$(grep "^tempest/ST-00054321/$field " "$work/mqtt.log" | tail -1 | cut -d' ' -f2 || true)
    echo "last value of tempest/ST-00054321/$field: ${value:-none}"
  done
else
  echo "nothing (no broker)"
fi

echo
echo "== What is in SQLite =="
"$gateway" db stats --database "$database"
echo
"$gateway" history --database "$database" --device ST-00054321 --limit 5 --timezone America/Denver
echo
echo "The gateway's own log:"
sed 's/^/  /' "$work/gateway.log"
