#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
# The add-on's entry point: maps the add-on's options (/data/options.json,
# written by the Supervisor) to the gateway's TEMPEST_GATEWAY_* variables,
# puts the secrets in files under /run/secrets (read as credentials; never
# in the environment, where any process could read them), and runs the
# gateway as uid 50222 in its place (exec), so that it gets SIGTERM itself.
set -eu
options=/data/options.json
uid=50222

option() {
  # The option's value as text, or nothing when it is unset or empty.
  jq -r --arg key "$1" '.[$key] // empty | tostring' "$options"
}
set_variable() {
  value=$(option "$1")
  if [ -n "$value" ]; then export "$2=$value"; fi
}
write_secret() {
  value=$(option "$1")
  rm -f "/run/secrets/$2"
  if [ -n "$value" ]; then
    (umask 077 && printf '%s' "$value" > "/run/secrets/$2")
    chown "$uid:$uid" "/run/secrets/$2"
  fi
}

set_variable mqtt_host TEMPEST_GATEWAY_MQTT_HOST
set_variable mqtt_port TEMPEST_GATEWAY_MQTT_PORT
set_variable mqtt_user TEMPEST_GATEWAY_MQTT_USER
set_variable mqtt_base TEMPEST_GATEWAY_MQTT_BASE
set_variable units TEMPEST_GATEWAY_MQTT_UNITS
set_variable station_timezone TEMPEST_GATEWAY_STATION_TIMEZONE
set_variable station_latitude TEMPEST_GATEWAY_STATION_LATITUDE
set_variable station_longitude TEMPEST_GATEWAY_STATION_LONGITUDE
set_variable station_elevation TEMPEST_GATEWAY_STATION_ELEVATION
set_variable station_id TEMPEST_GATEWAY_STATION_STATION_ID
set_variable forecast_enabled TEMPEST_GATEWAY_FORECAST_ENABLED
set_variable metrics_port TEMPEST_GATEWAY_METRICS_PORT

mkdir -p /run/secrets "$STATE_DIRECTORY"
chmod 0755 /run/secrets
write_secret mqtt_password mqtt-password
write_secret weatherflow_token weatherflow-token
chown "$uid:$uid" "$STATE_DIRECTORY"
chmod 0700 "$STATE_DIRECTORY"

exec setpriv --reuid="$uid" --regid="$uid" --clear-groups --inh-caps=-all \
  /usr/bin/tempest-gateway run --print none --log-to stdout "$@"
