// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import Configuration
import GatewayCore
import Glibc
import Logging
import MQTT
import Meteorology
import Pipeline
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
        discussion: Self.discussion
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
        gateway.forecastTiming = forecastOptions.timing
        let outcome: GatewayRun.Outcome
        do {
            outcome = try await gateway.run()
        } catch let error as GatewayError where error.code == .statusSocketUnavailable {
            throw ValidationError(error.description)
        } catch let error as GatewayError where error.code == .metricsUnavailable {
            throw ValidationError("--metrics-port, --metrics-address: \(error.description)")
        } catch let error as GatewayError
            where error.code == .webPageUnavailable || error.code == .webSocketNeedsToken || error.code == .forecastUnavailable
                || error.code == .exportUnavailable || error.code == .uploadUnavailable
        {
            throw ValidationError(error.description)
        }
        if settings.weatherFlow.mode.listensToUDP { operatorLog.line(ListenCommand.summary(outcome.statistics)) }
        if outcome.refusedCount > 0 {
            operatorLog.line("The store refused \(Plural.count(outcome.refusedCount, "message")) (see the error above).")
        }
    }

}
