# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
# Sourced by the shell scripts that start a broker or a gateway of their own
# on 127.0.0.1 (demo.sh, check-container.sh, check-deb-upgrade.sh).

# Prints a port on 127.0.0.1 that nothing listens on, of the kind given:
# -t for TCP, -u for UDP. Tries at most 50 random ports in 30000-49999.
free_port() {
  local kind="$1" port
  for _ in $(seq 1 50); do
    port=$(( (RANDOM << 1 | RANDOM & 1) % 20000 + 30000 ))
    if ! ss -H -l -n "$kind" "sport = :$port" 2>/dev/null | grep -q .; then
      echo "$port"
      return 0
    fi
  done
  echo "error: no free $kind port found on 127.0.0.1" >&2
  return 1
}

# Starts mosquitto in the background with the configuration file $1, its
# output in $2, and waits (at most 5 s) until 127.0.0.1:$3 takes
# connections. Sets mosquitto_pid for the caller to stop it.
start_mosquitto() {
  "$(command -v mosquitto || echo /usr/sbin/mosquitto)" -c "$1" > "$2" 2>&1 &
  mosquitto_pid=$!
  for _ in $(seq 1 50); do
    (exec 3<>"/dev/tcp/127.0.0.1/$3") 2>/dev/null && return 0
    sleep 0.1
  done
  echo "error: mosquitto did not take connections on 127.0.0.1:$3 within 5 seconds; its log:" >&2
  cat "$2" >&2
  return 1
}
