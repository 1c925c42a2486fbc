// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import Configuration
import GatewayCore
import Glibc
import Logging
import MQTT
import Meteorology
import TempestCloud
import TempestUDP

/// `tempest-gateway run`: the gateway itself.
///
/// It listens, stores every message in SQLite, publishes to MQTT, fills
/// gaps and UDP silences from the WeatherFlow REST API when it has a token,
/// polls Open-Meteo when it knows where the station is (`ForecastService`),
/// and (on a terminal) prints what it hears.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the gateway.",
        discussion: """
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
    )

    /// How `run` echoes messages.
    enum PrintMode: String, ExpressibleByArgument, CaseIterable {
        case lines, json, none
    }

    /// The stream log lines go to.
    enum LogStream: String, ExpressibleByArgument, CaseIterable {
        case stderr, stdout
    }

    @OptionGroup var configOptions: ConfigFileOptions

    @Option(parsing: .unconditional, help: "The UDP port to listen on (default: 50222).")
    var udpPort: UInt16?

    @Option(help: "The IPv4 address to bind (default: 0.0.0.0).")
    var udpAddress: String?

    @Option(parsing: .unconditional, help: "Quarantine messages dated more than this many seconds ahead of the clock (default: 300).")
    var futureTolerance: Int?

    @Option(help: "The SQLite database file (default: $STATE_DIRECTORY/tempest-gateway.db, else ./tempest-gateway.db).")
    var database: String?

    @Option(help: "Echo each message: lines, json or none (default: lines on a terminal, none otherwise).")
    var print: PrintMode?

    @Option(help: "Where log lines go: stderr (default) or stdout, for a container whose log collector reads only standard output (the image passes stdout). Under systemd both reach the journal.")
    var logTo: LogStream = .stderr

    @OptionGroup var zoneOptions: StationZoneOptions

    @OptionGroup var mqttOptions: MQTTOptions

    @Option(parsing: .unconditional, help: "Station elevation above sea level in metres (for sea-level pressure).")
    var elevation: Double?

    @Option(parsing: .unconditional, help: "The sensor's height above ground in metres, added to the elevation (default: 0).")
    var sensorHeight: Double?

    @OptionGroup var cloudOptions: CloudOptions

    @Option(parsing: .unconditional, help: "Without station serials, how many of the devices heard first are the station's (default: 16).")
    var maxDevices: Int?

    @Option(parsing: .unconditional, help: "The WeatherFlow station to follow in the cloud, as the first configured station's station_id (default: every configured station's; without any, the account's only station, or the one heard over UDP).")
    var station: Int?

    @Option(parsing: .unconditional, help: "Poll the WeatherFlow REST API once a Tempest sent nothing over UDP for this many seconds (default 180; 15 minutes in power-save mode 3).")
    var fallbackAfter: Int?

    /// For tests: a silence shorter than `--fallback-after` allows (at
    /// least 30 s, so that power-save modes never look like a silence).
    @Option(parsing: .unconditional, help: .hidden)
    var fallbackAfterTestSeconds: Int?

    @Option(parsing: .unconditional, help: "Fill holes in the stored observations from the WeatherFlow REST API up to this many days back (default 5; 0: never).")
    var backfillDays: Int?

    @Option(parsing: .unconditional, help: "Where live data comes from: udp (the hub's broadcasts; REST stands in when they stop), udp+websocket (the WeatherFlow WebSocket stands in instead), websocket (no UDP: for a gateway off the hub's network). Default: udp. The WebSocket needs a token.")
    var mode: String?

    @Option(parsing: .unconditional, help: .hidden)
    var cloudIntervalSeconds: Double = 60

    /// For tests: the longest wait between WebSocket reconnects (default 300 s).
    @Option(parsing: .unconditional, help: .hidden)
    var webSocketBackoffCapSeconds: Double = 300

    @OptionGroup(title: "Forecasts") var forecastOptions: ForecastOptions

    @Option(parsing: .unconditional, help: "Serve /healthz and Prometheus /metrics at this port, such as 10222 (off by default).")
    var metricsPort: UInt16?

    @Option(help: "The IPv4 address /metrics listens on (default: 127.0.0.1; 0.0.0.0: every interface, unauthenticated).")
    var metricsAddress: String?

    @Option(parsing: .unconditional, help: "Serve the web page (now, charts, health; read-only) at this port, such as 8080 (off by default).")
    var webPort: UInt16?

    @Option(help: "The IPv4 address the web page listens on (default: 127.0.0.1; 0.0.0.0: every interface, so the LAN).")
    var webAddress: String?

    @Flag(help: "Apply a configuration file that sets no key (empty, or only comments) on SIGHUP even when the running configuration came from a file that set some. Without it such a reload is refused and the running configuration stays: an emptied file is more often a mistake than a wish for every default.")
    var allowEmpty = false

    @Option(parsing: .unconditional, help: .hidden)
    var seconds: Int?

    /// A cap on the database's size in pages, for tests of a full disk
    /// (SQLite then fails writes with SQLITE_FULL, as on a full disk).
    @Option(parsing: .unconditional, help: .hidden)
    var maximumDatabasePages: Int?

    /// Every option that sets a configuration key is held to that key's rule.
    func validate() throws {
        try ConfigurationSchema.checkOption("udp-port", sets: "udp.port", udpPort)
        try ConfigurationSchema.checkOption("udp-address", sets: "udp.address", udpAddress)
        try ConfigurationSchema.checkOption("future-tolerance", sets: "udp.future_tolerance_seconds", futureTolerance)
        try ConfigurationSchema.checkOption("max-devices", sets: "station.max_devices", maxDevices)
        try ConfigurationSchema.checkOption("database", sets: "storage.database", database)
        try ConfigurationSchema.checkOption("elevation", sets: "station.elevation", elevation)
        try ConfigurationSchema.checkOption("sensor-height", sets: "station.sensor_height", sensorHeight)
        try ConfigurationSchema.checkOption("station", sets: "station.station_id", station)
        try ConfigurationSchema.checkOption("fallback-after", sets: "weatherflow.fallback_after_seconds", fallbackAfter)
        try ConfigurationSchema.checkOption("backfill-days", sets: "weatherflow.backfill_days", backfillDays)
        try ConfigurationSchema.checkOption("mode", sets: "weatherflow.mode", mode)
        try ConfigurationSchema.checkOption("metrics-port", sets: "metrics.port", metricsPort)
        try ConfigurationSchema.checkOption("metrics-address", sets: "metrics.address", metricsAddress)
        try ConfigurationSchema.checkOption("web-port", sets: "web.port", webPort)
        try ConfigurationSchema.checkOption("web-address", sets: "web.address", webAddress)
    }

    func run() async throws {
        ShutdownSignal.install()
        ReloadSignal.install()
        let logDescriptor = logTo == .stdout ? STDOUT_FILENO : STDERR_FILENO
        LoggingSystem.bootstrap { GatewayLogHandler(label: $0, descriptor: logDescriptor) }
        let operatorLog: OperatorLog = logTo == .stdout ? .standardOutput : .standardError
        let emptyFileGuard = EmptyFileGuard()
        let settings: GatewayConfiguration
        do {
            settings = try effectiveConfiguration(emptyFileGuard: emptyFileGuard)
        } catch let error as ConfigurationError {
            throw ExitStatus.configurationProblem(error)
        }
        let zone: TimeZoneRules
        do {
            zone = try StationZoneOptions.zone(named: settings.station.timeZone)
        } catch {
            // The file's and the environment's zones were checked on loading.
            throw ValidationError("--timezone: \(error)")
        }
        let mode = print ?? (TerminalStyle.isTerminal(fileDescriptor: STDOUT_FILENO) ? .lines : .none)
        let printer: LiveMessagePrinter? =
            mode == .none ? nil : LiveMessagePrinter(json: mode == .json, showRejected: true, style: .standardOutput)
        let command = self
        var onListenerEvent: (@Sendable (ListenerEvent) -> Void)? = nil
        if let printer { onListenerEvent = { event in printer.handle(event) } }
        let hooks = GatewayRun.Hooks(
            reloadConfiguration: { () throws -> GatewayConfiguration in
                try command.effectiveConfiguration(emptyFileGuard: emptyFileGuard, reloading: true)
            },
            cloudClient: { (settings: GatewayConfiguration) throws -> WeatherFlowClient? in
                try command.cloudOptions.optionalClient(configured: settings.weatherFlow)
            },
            forecastService: { (parts: GatewayRun.ForecastServiceParts, settings: GatewayConfiguration) throws -> ForecastService? in
                try command.forecastOptions.makeService(
                    writer: parts.writer, summaries: parts.summaries, publisher: parts.publisher, units: parts.units,
                    timeZone: parts.timeZone, configured: settings, operatorLog: operatorLog)
            },
            mqttClientConfiguration: { (mqtt: GatewayConfiguration.MQTT) throws -> MQTTConfiguration in
                try mqtt.clientConfiguration()
            },
            onListenerEvent: onListenerEvent)
        var gateway = GatewayRun(
            settings: settings, databasePath: settings.storage.database ?? ServicePaths.daemonDatabasePath(), zone: zone,
            operatorLog: operatorLog, hooks: hooks)
        gateway.cloudPollIntervalSeconds = cloudIntervalSeconds
        gateway.webSocketBackoffCapSeconds = webSocketBackoffCapSeconds
        gateway.mqttRestartDelaySeconds = mqttOptions.mqttRestartDelay
        gateway.durationSeconds = seconds
        gateway.maximumDatabasePages = maximumDatabasePages
        let outcome: GatewayRun.Outcome
        do {
            outcome = try await gateway.run()
        } catch let error as GatewayError where error.code == .statusSocketUnavailable {
            throw ValidationError(error.description)
        } catch let error as GatewayError where error.code == .metricsUnavailable {
            throw ValidationError("--metrics-port, --metrics-address: \(error.description)")
        } catch let error as GatewayError where error.code == .webPageUnavailable || error.code == .webSocketNeedsToken {
            throw ValidationError(error.description)
        }
        if settings.weatherFlow.mode.listensToUDP { operatorLog.line(ListenCommand.summary(outcome.statistics)) }
        if outcome.refusedCount > 0 {
            operatorLog.line("The store refused \(Plural.count(outcome.refusedCount, "message")) (see the error above).")
        }
    }

}
