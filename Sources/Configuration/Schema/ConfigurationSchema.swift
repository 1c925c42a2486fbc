// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Every key of the configuration file, in the order of the shipped
/// example. The defaults are the ones `tempest-gateway run` uses without a
/// file.
public enum ConfigurationSchema {
    private static let days = ValueRule.integer(0...36_500)
    private static let port = ValueRule.integer(1...65_535)
    /// What libmosquitto takes as a keepalive (`MQTTConfiguration.keepAliveSecondsAllowed`
    /// in the MQTT module, which this module does not know; a test holds
    /// the two, and the library, to the same values).
    private static let mqttKeepalive = ValueRule.integerOrOff(5...65_535)
    /// Each relay target costs one `sendto` per datagram on the receive
    /// thread: a bound keeps that thread's work per datagram small.
    private static let relayTargets = ValueRule.endpointList(maximumCount: 16)

    /// Every key.
    public static let keys: [ConfigurationKey] = [
        // [udp]
        .init("udp", "port", port, default: .integer(50_222), "The UDP port the hub broadcasts to."),
        .init("udp", "address", .text(.ipv4Address), default: .string("0.0.0.0"), "The IPv4 address to bind (0.0.0.0: every interface)."),
        .init(
            "udp", "future_tolerance_seconds", .integer(0...86_400), default: .integer(300),
            "Quarantine messages (UDP and REST) dated more than this many seconds ahead of the clock: never stored as observations nor counted."),
        .init(
            "udp", "relay", relayTargets, default: .array([]),
            "Forward every admitted datagram (decoded, the station's, not dated ahead, not a repeat), byte for byte, to these IPv4 ADDRESS:PORT targets, such as Home Assistant or WeeWX on another subnet (docs/relay.md)."),
        // [storage]
        .init(
            "storage", "database", .text(.path), default: nil,
            note: "$STATE_DIRECTORY/tempest-gateway.db under systemd, else ./tempest-gateway.db", "The SQLite database file."),
        .init("storage", "rapid_wind_raw_days", .integer(1...36_500), default: .integer(7), "Days to keep raw 3-second wind samples (then per-minute aggregates remain)."),
        .init("storage", "wind_minute_days", days, default: .integer(0), "Days to keep per-minute wind aggregates (0: forever)."),
        .init("storage", "observation_days", days, default: .integer(0), "Days to keep observations (0: forever)."),
        .init("storage", "lightning_strike_days", days, default: .integer(0), "Days to keep lightning strikes (0: forever)."),
        .init("storage", "rain_start_days", days, default: .integer(0), "Days to keep rain starts (0: forever)."),
        .init("storage", "device_status_days", days, default: .integer(2), "Days to keep device status reports (0: forever)."),
        .init("storage", "hub_status_days", days, default: .integer(2), "Days to keep hub status reports (0: forever)."),
        .init("storage", "forecast_snapshot_days", days, default: .integer(3), "Days to keep forecast snapshots (0: forever)."),
        .init(
            "storage", "pack_after_days", days, default: .integer(14),
            "Days after which a whole UTC day of observations and wind minutes is packed into one row, about a third of the space (0: never)."),
        // [station]
        .init("station", "timezone", .text(.timeZone), default: nil, note: "the system's time zone", "The station's IANA time zone, for local days and daily totals."),
        .init("station", "elevation", .decimal(-500...9_000), default: nil, note: "unknown: no sea-level pressure", "Station elevation above sea level in metres."),
        .init("station", "sensor_height", .decimal(0...1_000), default: .float(0), "The sensor's height above ground in metres (added to the elevation)."),
        .init("station", "latitude", .decimal(-90...90), default: nil, note: "unknown: no forecasts", "The station's latitude in degrees (north positive), for forecasts."),
        .init("station", "longitude", .decimal(-180...180), default: nil, note: "unknown: no forecasts", "The station's longitude in degrees (east positive), for forecasts."),
        .init(
            "station", "serials", .textList(.nonEmpty), default: .array([]),
            "The serial numbers of the station's devices (setup and select write them; doctor checks that the broadcasts heard are theirs)."),
        .init(
            "station", "max_devices", .integer(1...10_000), default: .integer(16),
            "Without serials, the first this many devices heard (and as many hubs) are the station's; any other is counted and ignored."),
        .init("station", "station_id", .integer(1...2_147_483_647), default: nil, note: "the account's only station, or the one heard over UDP", "The WeatherFlow station id the cloud fallback, backfill and RainCheck follow."),
        // [station.calibration], the station's own sub-table (docs/design/calibration.md for the bounds)
        .init(
            "station", "calibration.temperature_offset_c", .decimal(-10...10), default: .float(0),
            "Added to the air temperature, °C."),
        .init(
            "station", "calibration.humidity_offset_percent", .decimal(-20...20), default: .float(0),
            "Added to the relative humidity, in percentage points (the result kept within 0 to 100)."),
        .init(
            "station", "calibration.pressure_offset_hpa", .decimal(-20...20), default: .float(0),
            "Added to the station pressure, hPa (sea-level pressure and the trend follow)."),
        .init("station", "calibration.wind_speed_factor", .decimal(0.5...2), default: .float(1), "Multiplies every wind speed (lull, average, gust, rapid wind)."),
        .init(
            "station", "calibration.wind_direction_offset_degrees", .decimal(-360...360), default: .float(0),
            "Added to every wind direction, degrees (the result wraps into 0 to 359)."),
        .init(
            "station", "calibration.rain_factor", .decimal(0.5...2), default: .float(1),
            "Multiplies the rain gauge's raw rain (daily totals follow; NearCast's rain is left as the cloud sends it)."),
        .init("station", "calibration.illuminance_factor", .decimal(0.5...2), default: .float(1), "Multiplies the illuminance."),
        .init("station", "calibration.solar_radiation_factor", .decimal(0.5...2), default: .float(1), "Multiplies the solar radiation."),
        .init("station", "calibration.uv_factor", .decimal(0.5...2), default: .float(1), "Multiplies the UV index."),
        // [mqtt]
        .init("mqtt", "enabled", .boolean, default: .boolean(true), "Publish to MQTT."),
        .init("mqtt", "host", .text(.host), default: .string("localhost"), "The broker's host name or address."),
        .init("mqtt", "port", port, default: nil, note: "1883, or 8883 with tls", "The broker's port."),
        .init("mqtt", "user", .text(.nonEmpty), default: nil, note: "none", "The user name for the broker."),
        .init(
            "mqtt", "password_file", .text(.path), default: nil,
            note: "$TEMPEST_MQTT_PASSWORD, else the systemd credential mqtt-password, else none",
            "A file holding the broker password (mode 600)."),
        .init("mqtt", "tls", .boolean, default: .boolean(false), "Connect with TLS (certificate and host name verified)."),
        .init("mqtt", "ca_file", .text(.path), default: nil, note: "the system's trusted CAs", "The CA certificate file for TLS."),
        .init("mqtt", "base", .text(.topicPrefix), default: .string("tempest"), "The topic prefix."),
        .init("mqtt", "client_id", .text(.nonEmpty), default: nil, note: "tempest-gateway-<host name>", "The MQTT client id."),
        .init("mqtt", "protocol", .choice(["5", "3.1.1"]), default: .string("5"), "The MQTT protocol version."),
        .init("mqtt", "qos", .integer(0...1), default: .integer(1), "Quality of service for published messages."),
        .init(
            "mqtt", "retained_qos", .integer(0...1), default: .integer(1),
            "Quality of service for retained values and availability (all are published again after every reconnect)."),
        .init(
            "mqtt", "republish_unchanged", .boolean, default: .boolean(false),
            "Publish every retained value with every message, also when it did not change (by default only changed values are sent)."),
        .init(
            "mqtt", "high_rate_values", .boolean, default: .boolean(false),
            "Also publish as plain values what changes every few seconds: rapid wind's wind_speed and wind_direction, the hub's rssi, and every status report's uptime and seq (by default their events carry them)."),
        .init("mqtt", "keepalive", mqttKeepalive, default: .integer(60), "The keepalive interval in seconds (0: none; else at least 5)."),
        .init(
            "mqtt", "persistent_session", .boolean, default: .boolean(false),
            "Ask the broker to keep this client's session while the gateway is away (clean start off)."),
        .init(
            "mqtt", "session_expiry", .integer(0...4_294_967_295), default: .integer(3_600),
            "How long the broker keeps a persistent session, in seconds, MQTT 5 only (4294967295: for ever)."),
        .init("mqtt", "homeassistant", .boolean, default: .boolean(true), "Announce entities to Home Assistant (MQTT discovery)."),
        .init("mqtt", "homeassistant_prefix", .text(.topicPrefix), default: .string("homeassistant"), "The Home Assistant discovery prefix."),
        .init(
            "mqtt", "homeassistant_gateway_id", .text(.identifier), default: nil, note: "from the base topic (tempest)",
            "Names this gateway in Home Assistant identifiers; set one per gateway when gateways share a base topic (its status then goes to <base>/gateway/<id>/status)."),
        .init(
            "mqtt", "homeassistant_min_version", .text(.releaseVersion), default: .string("2025.4"),
            "The oldest Home Assistant release to suit: device and state classes it does not know are left out."),
        .init("mqtt", "units", .choice(["metric", "imperial"]), default: .string("metric"), "Units of published values (the database and JSON events stay metric)."),
        .init("mqtt", "temperature_unit", .choice(["celsius", "fahrenheit"]), default: nil, note: "from units", "Override the temperature unit."),
        .init("mqtt", "wind_unit", .choice(["m/s", "km/h", "mph", "knots"]), default: nil, note: "from units", "Override the wind speed unit."),
        .init("mqtt", "pressure_unit", .choice(["mb", "inHg", "mmHg", "kPa"]), default: nil, note: "from units", "Override the pressure unit."),
        .init("mqtt", "rain_unit", .choice(["mm", "in"]), default: nil, note: "from units", "Override the rain unit."),
        .init("mqtt", "distance_unit", .choice(["km", "mi"]), default: nil, note: "from units", "Override the distance unit."),
        .init(
            "mqtt", "rapid_wind_interval", .integer(0...3_600), default: .integer(0),
            "Publish 3-second wind at most every N seconds, as that window's mean, gust and direction (0: every sample)."),
        .init(
            "mqtt", "compat", .choice(["none", "weatherflow2mqtt"]), default: .string("none"),
            "Also publish another program's topics, keys and units: weatherflow2mqtt (WeatherFlow2MQTT 3.2.2)."),
        .init(
            "mqtt", "disabled_entities", .textList(.nonEmpty), default: .array([]),
            "Home Assistant entities to remove: a field such as \"feels_like\" for every device, or \"SERIAL/FIELD\" for one."),
        .init(
            "mqtt", "raining_hold_minutes", .integer(1...1_440), default: .integer(15),
            "raining stays ON this many minutes after the last minute with rain or the last rain-start event."),
        .init(
            "mqtt", "lightning_nearby_kilometers", .decimal(1...40), default: .float(16),
            "A strike at most this many kilometres away turns lightning_nearby ON (the sensor reports up to 40 km)."),
        .init(
            "mqtt", "lightning_nearby_minutes", .integer(1...1_440), default: .integer(30),
            "lightning_nearby stays ON this many minutes after the last such strike."),
        .init(
            "mqtt", "lightning_strikes", .choice(["all", "confirmed"]), default: .string("all"),
            "Which strikes reach the lightning entities, counters and events: all, or only those the WeatherFlow cloud confirmed (all are stored either way; confirmed needs the WebSocket, weatherflow.mode udp+websocket or websocket: UDP strikes are never marked)."),
        // [weatherflow]
        .init("weatherflow", "api", .text(.url), default: .string("https://swd.weatherflow.com/swd/rest"), "The WeatherFlow REST API's base URL."),
        .init(
            "weatherflow", "token_file", .text(.path), default: nil,
            note: "$TEMPEST_WEATHERFLOW_TOKEN, else the systemd credential weatherflow-token",
            "A file holding the WeatherFlow personal access token (mode 600)."),
        .init(
            "weatherflow", "fallback_after_seconds", .integer(30...86_400), default: .integer(180),
            "Poll the REST API once a Tempest sent nothing over UDP for this long (15 minutes in power-save mode 3)."),
        .init(
            "weatherflow", "backfill_days", .integer(0...30), default: .integer(5),
            "Fill holes in the stored observations from the REST history up to this many days back (0: never)."),
        .init(
            "weatherflow", "mode", .choice(["udp", "udp+websocket", "websocket"]), default: .string("udp"),
            "Where live data comes from: udp (the hub's broadcasts; REST stands in when they stop), udp+websocket (the WeatherFlow WebSocket stands in instead of REST polling), websocket (no UDP: for a gateway off the hub's network)."),
        .init(
            "weatherflow", "websocket_url", .text(.webSocketURL), default: .string("wss://ws.weatherflow.com/swd/data"),
            "The WeatherFlow WebSocket's URL (the token is added as a query parameter and never logged)."),
        .init(
            "weatherflow", "ca_file", .text(.path), default: nil, note: "the system's trusted CAs",
            "A CA certificate file to verify the WeatherFlow REST API and WebSocket with."),
        .init(
            "weatherflow", "nearby_strikes_kilometers", .integer(0...500), default: .integer(0),
            "With the WebSocket, also follow lightning from other stations within this many kilometres of each station, as a separate nearby-strikes feed (0: off)."),
        // [forecast]
        .init("forecast", "enabled", .boolean, default: .boolean(true), "Poll Open-Meteo when the station's latitude and longitude are known."),
        .init(
            "forecast", "open_meteo_api", .text(.url), default: .string("https://api.open-meteo.com"),
            "Open-Meteo's base URL (the free host, the commercial customer-api host, or a self-hosted server)."),
        .init("forecast", "api_key_file", .text(.path), default: nil, note: "none (the free tier needs no key)", "A file holding an Open-Meteo API key (mode 600)."),
        .init("forecast", "poll_minutes", .integer(1...1_440), default: .integer(30), "Minutes between forecast requests."),
        .init(
            "forecast", "current", .textList(.nonEmpty), default: nil, note: "the defaults that `forecast --catalog` marks",
            "Open-Meteo variables for conditions now, such as [\"temperature_2m\", \"cloud_cover\"]."),
        .init(
            "forecast", "minutely_15", .textList(.nonEmpty), default: nil, note: "none",
            "Open-Meteo variables every 15 minutes."),
        .init(
            "forecast", "hourly", .textList(.nonEmpty), default: nil, note: "the defaults that `forecast --catalog` marks",
            "Open-Meteo variables for each hour."),
        .init(
            "forecast", "daily", .textList(.nonEmpty), default: nil, note: "the defaults that `forecast --catalog` marks",
            "Open-Meteo variables for each day."),
        // [metrics]
        .init("metrics", "port", port, default: nil, note: "off", "Serve /healthz and Prometheus /metrics at this port, such as 10222 (outside the 9100-9999 range Prometheus allocates to exporters)."),
        .init(
            "metrics", "address", .text(.ipv4Address), default: .string("127.0.0.1"),
            "The IPv4 address /healthz and /metrics listen on (0.0.0.0: every interface; the endpoint has no authentication)."),
        // [web]
        .init("web", "port", port, default: nil, note: "off", "Serve the web page (now, charts, health; read-only) at this port, such as 8080."),
        .init(
            "web", "address", .text(.ipv4Address), default: .string("127.0.0.1"),
            "The IPv4 address the web page listens on (0.0.0.0: every interface, so the whole LAN; set a password then)."),
        .init("web", "username", .text(.nonEmpty), default: .string("tempest"), "The user name the web page asks for when it has a password."),
        .init(
            "web", "password_file", .text(.path), default: nil,
            note: "$TEMPEST_WEB_PASSWORD, else the systemd credential web-password, else none (no password)",
            "A file holding the web page's password (mode 600); with one, every page and /events need it."),
        // [quality] (docs/data.md, "Quality checks")
        .init("quality", "enabled", .boolean, default: .boolean(true), "Judge every observation as received: a bad value is published as unknown, a suspect one flagged."),
        .init(
            "quality", "temperature_step_c", .decimal(0.1...100), default: .float(8),
            "The largest air-temperature change in one minute, in °C; a larger step is bad."),
        .init(
            "quality", "humidity_step_percent", .decimal(0.1...100), default: .float(25),
            "The largest relative-humidity change in one minute, in %; a larger step is bad."),
        .init(
            "quality", "pressure_step_hpa", .decimal(0.1...100), default: .float(3),
            "The largest station-pressure change in one minute, in hPa; a larger step is bad."),
        .init(
            "quality", "stuck_hours", .decimal(0.5...168), default: .float(3),
            "Hours a temperature, humidity, pressure or wind value may stay the same while the others change before it is suspect."),
        .init(
            "quality", "rain_sensor_off_volts", .decimal(0...5), default: .float(2.355),
            "At or below this Tempest battery voltage (power-save mode 3) the haptic rain sensor is off: rain is unknown, not 0."),
        .init(
            "quality", "suspect_rain_wind_gust_m_s", .decimal(0...100), default: .float(10),
            "Rain with no rain start before it is suspect while the gust is at least this, in m/s (a swaying mount, blowing sand)."),
        .init(
            "quality", "rain_start_window_minutes", .integer(1...1_440), default: .integer(60),
            "Minutes after a rain start during which rain in strong wind is not suspect."),
        // [agronomy]
        .init(
            "agronomy", "base_temperature_c", .decimal(-10...40), default: .float(10),
            "The base temperature of the growing degree days, °C (10: maize and most warm-season crops; 4.5 or 5: wheat, peas)."),
        // [[export]], one table per destination (no environment variables: which table would one set?)
        .init("export", "format", .choice(["influx"]), default: .string("influx"), "The protocol: InfluxDB line protocol over HTTP (InfluxDB 1.x, 2 and 3, VictoriaMetrics, QuestDB, Telegraf)."),
        .init(
            "export", "url", .text(.url), default: nil, note: "required",
            "The full write URL with its query, such as \"http://127.0.0.1:8428/write?db=weather&precision=s\"."),
        .init(
            "export", "token_file", .text(.path), default: nil,
            note: "$TEMPEST_EXPORT_<N>_TOKEN, else the systemd credential export-<N>-token, else none",
            "A file holding a token sent as Authorization: Token (InfluxDB 2 and 3; mode 600)."),
        .init("export", "user", .text(.nonEmpty), default: nil, note: "none", "The user name for Basic authentication (InfluxDB 1.x, a proxy)."),
        .init(
            "export", "password_file", .text(.path), default: nil,
            note: "$TEMPEST_EXPORT_<N>_PASSWORD, else the systemd credential export-<N>-password, else none",
            "A file holding the password for user (mode 600)."),
        .init("export", "batch_size", .integer(1...100_000), default: .integer(5_000), "The most points sent in one request."),
        .init(
            "export", "rapid_wind", .boolean, default: .boolean(false),
            "Also send every 3-second wind sample (28,800 points a day per station; the observations carry each minute's lull, average and gust)."),
        .init("export", "enabled", .boolean, default: .boolean(true), "Whether this destination is used (false leaves it out; it forgets its position, and starts from then when turned on again)."),
        .init(
            "export", "backfill_days", .integer(0...36_500), default: .integer(0),
            "When the destination is first configured, also send what the database held for this many days before (0: only what is stored from then on)."),
        // [[upload]], one table per weather network (docs/uploads.md)
        .init(
            "upload", "service", .choice(UploadService.allCases.map(\.rawValue)), default: nil, note: "required",
            "The weather network: Weather Underground, PWSweather, Windy, Weathercloud, OpenWeatherMap, Met Office WOW or CWOP."),
        .init("upload", "station", .integer(1...64), default: .integer(1), "Which station's readings: its place among the [[station]] tables, from 1."),
        .init(
            "upload", "id", .text(.nonEmpty), default: nil, note: "required",
            "The network's id of the station (CWOP: the callsign, such as \"CW1234\", or a ham call)."),
        .init(
            "upload", "key_file", .text(.path), default: nil,
            note: "$TEMPEST_UPLOAD_<SERVICE>_KEY, else the systemd credential upload-<service>, else none",
            "A file holding the station's password or API key (mode 600; CWOP needs none, a ham call its passcode)."),
        .init(
            "upload", "interval_seconds", .integer(3...86_400), default: nil, note: "the service's own (300; Weathercloud and CWOP 600)",
            "Seconds between uploads, never below the service's minimum (Weather Underground under 60: its RapidFire real-time mode)."),
        .init(
            "upload", "url", .text(.url), default: nil, note: "the service's own",
            "The endpoint, for a compatible server of your own (not for CWOP)."),
        .init("upload", "server", .text(.hostPort), default: nil, note: "cwop.aprs.net:14580", "CWOP only: the APRS-IS server as host:port."),
        .init("upload", "enabled", .boolean, default: .boolean(true), "Whether this destination is used."),
    ]

    /// Tables within a section, written `[section.table]` (after `[station]`
    /// or after each `[[station]]`, for that station).
    public static let subtables = ["station.calibration"]

    /// Sections written as `[[section]]`, one table per item, with no
    /// table meaning none (unlike `[[station]]`, which always has one).
    public static let listSections = ["export", "upload"]

    /// The sections, in order.
    public static var sections: [String] {
        var seen = [String]()
        for key in keys where !seen.contains(key.section) { seen.append(key.section) }
        return seen
    }

    /// The key with the dotted name `path` (`mqtt.host`).
    public static func key(_ path: String) -> ConfigurationKey? {
        keys.first { $0.path == path }
    }

    /// The key that the environment variable `name` overrides (none of a
    /// list section's).
    public static func key(environmentVariable name: String) -> ConfigurationKey? {
        keys.first { $0.environmentVariable == name && !listSections.contains($0.section) }
    }

    /// What to say about a key that does not exist: the keys of its section,
    /// or the sections; for a secret, the `_file` key to use instead.
    static func unknownKeyProblem(_ path: String, line: Int?, variable: String?) -> ConfigurationProblem {
        let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
        let section = parts.count == 2 ? parts[0] : ""
        let name = parts.last ?? path
        let secretWords = ["password", "token", "secret", "api_key", "apikey"]
        if !name.hasSuffix("_file"), secretWords.contains(where: { name.lowercased().contains($0) }) {
            let fileKey = keys.first { $0.section == section && $0.name.hasSuffix("_file") }
            return ConfigurationProblem(
                key: path, line: line, variable: variable,
                problem: "secrets never go in the configuration (the value is not shown)",
                allowed: fileKey.map { "\($0.path), the path of a file only its owner can read" }
                    ?? "a *_file key naming a file only its owner can read")
        }
        let names = keys.filter { $0.section == section }.map(\.name)
        return ConfigurationProblem(
            key: path, line: line, variable: variable, problem: "unknown key",
            allowed: names.isEmpty
                ? "keys in the sections " + sections.map { "[\($0)]" }.joined(separator: ", ")
                : "in [\(section)]: " + names.joined(separator: ", "))
    }
}
