// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension RunCommand {
    /// `run --help`'s discussion: what the gateway does, its topics,
    /// signals, the cloud and forecasts, and where settings come from.
    static let discussion = """
        With no options, listens on UDP port 50222 on every interface, stores every decoded message \
        in SQLite (in $STATE_DIRECTORY/tempest-gateway.db under systemd, else ./tempest-gateway.db; \
        the status socket in $RUNTIME_DIRECTORY/tempest-gateway.sock under systemd, else beside the \
        database) and publishes to the MQTT broker on localhost:1883 when one answers, retrying while none does. On a \
        terminal it also prints each message as a sentence.

        MQTT topics (base "tempest" by default): tempest/gateway/status is online or offline (retained, \
        with a last will); tempest/<serial>/<field> holds each value, retained, in protocol units; \
        tempest/<serial>/event/<kind> carries one JSON object per message. Events go through the \
        database's outbox and leave it only when the broker acknowledged them, so a broker outage \
        loses nothing.

        SIGINT (Control-C) and SIGTERM stop it cleanly: the listener closes, then everything received is \
        committed and "offline" is published before the process exits. SIGHUP reads the configuration \
        file again without stopping the listener: retention, the MQTT connection (broker, credentials, \
        TLS; a rotated password too), the elevation, the WeatherFlow cloud and forecasts take the \
        new settings at once, the rest at the next start (the log says which); a file with \
        problems is refused and the running configuration stays, and so is a file that sets no key (empty \
        or only comments) when the running configuration came from a file that set some, unless \
        --allow-empty was given.

        With a WeatherFlow token (--token-file, $TEMPEST_WEATHERFLOW_TOKEN or the systemd credential \
        weatherflow-token) it also follows the station in the cloud: when a Tempest sends nothing over UDP \
        for --fallback-after seconds, its observations are polled from the REST API every minute (source \
        rest) until UDP returns; and holes longer than 2 minutes in the stored observations of the last \
        --backfill-days days are filled from the REST history (source backfill, stored and counted but not \
        published).

        With --latitude and --longitude it polls Open-Meteo on start and every --forecast-interval minutes \
        (the key, if any, from --open-meteo-key-file or $TEMPEST_OPEN_METEO_API_KEY), keeps each forecast in \
        the database, merges it with the station and publishes tempest/forecast/conditions, \
        tempest/forecast/hourly, tempest/forecast/daily (JSON, retained), tempest/forecast/<field> and a \
        Home Assistant "Forecast" device. While Open-Meteo cannot be reached the last forecast is served \
        with its age. --no-forecast turns this off.

        Settings come from the configuration file (--config, else /etc/tempest-gateway/config.toml when \
        it exists), then TEMPEST_GATEWAY_<SECTION>_<KEY> environment variables, then these options, each \
        overriding the one before; see `tempest-gateway config show`.

        Examples:
          tempest-gateway run
          tempest-gateway run --config ./config.toml
          tempest-gateway run --database /tmp/test.db --udp-port 50223 --print json
          tempest-gateway run --token-file /etc/tempest-gateway/token --station 98765
          tempest-gateway run --latitude 39.7392 --longitude -104.9903 --timezone America/Denver

        \(ExitStatus.helpText) SIGTERM ends the process within 10 seconds even when the disk is full: \
        what cannot be written then waits in <database>.spill for the next start. A damaged database \
        is moved aside (<database>.damaged-<UTC time>) and its readable rows copied into a fresh one.
        """
}
