// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import GatewayStatus
import Glibc
import Logging
import MQTT
import MQTTSink
import Meteorology
import Pipeline
import ServiceLifecycle
import Storage
import Synchronization
import TempestCloud
import TempestUDP
import WebPage

/// The gateway itself, as `run` starts it: the store writer, the MQTT sink,
/// the ingestor, the sources (UDP, the WeatherFlow cloud, forecasts), the
/// status socket, /metrics and the web page, wired together and run as one service group
/// until SIGINT or SIGTERM (or the time limit).
///
/// The executable decides only what comes from its options (`Hooks`); every
/// rule of the pipeline lives in the types this wires together.
public struct GatewayRun: Sendable {
    /// What the executable supplies: the parts whose settings come from its
    /// options, and where it echoes what the listener hears.
    public struct Hooks: Sendable {
        /// Reads the configuration again, for SIGHUP (options still win).
        public var reloadConfiguration: @Sendable () throws -> GatewayConfiguration
        /// The WeatherFlow REST client, or nil without a token.
        public var cloudClient: @Sendable (GatewayConfiguration) throws -> WeatherFlowClient?
        /// The MQTT client's settings (reads the password, so again on every reload).
        public var mqttClientConfiguration: @Sendable (GatewayConfiguration.MQTT) throws -> MQTTConfiguration
        /// Called with every listener event before it is ingested (the terminal echo), or nil.
        public var onListenerEvent: (@Sendable (ListenerEvent) -> Void)?

        /// Makes one from its parts.
        public init(
            reloadConfiguration: @escaping @Sendable () throws -> GatewayConfiguration,
            cloudClient: @escaping @Sendable (GatewayConfiguration) throws -> WeatherFlowClient?,
            mqttClientConfiguration: @escaping @Sendable (GatewayConfiguration.MQTT) throws -> MQTTConfiguration,
            onListenerEvent: (@Sendable (ListenerEvent) -> Void)?
        ) {
            self.reloadConfiguration = reloadConfiguration
            self.cloudClient = cloudClient
            self.mqttClientConfiguration = mqttClientConfiguration
            self.onListenerEvent = onListenerEvent
        }
    }

    /// How a run ended.
    public struct Outcome: Sendable {
        /// The listener's counters.
        public var statistics: ListenerStatistics
        /// Messages the store refused.
        public var refusedCount: Int
    }

    /// The configuration in force at the start.
    public var settings: GatewayConfiguration
    /// The database file.
    public var databasePath: String
    /// The first station's time zone (its `timezone`, `--timezone` or the
    /// system's): the web page's charts, and the day of devices no station lists.
    public var zone: TimeZoneRules
    /// Each device's time zone, for its daily totals, records and summaries:
    /// its station's `timezone` (see `StationZones.init(_:first:)`).
    public var zones: StationZones { StationZones(settings.stations, first: zone) }
    /// Seconds between polls of the REST fallback.
    public var cloudPollIntervalSeconds: Double = 60
    /// The longest wait between WebSocket reconnects (5 minutes; tests shorten it).
    public var webSocketBackoffCapSeconds: Double = 300
    /// Seconds before the MQTT client is started again after libmosquitto gave up.
    public var mqttRestartDelaySeconds: Double = 30
    /// Stop after this many seconds; nil runs until SIGINT or SIGTERM.
    public var durationSeconds: Int?
    /// A cap on the database's size in pages (`PRAGMA max_page_count`), nil
    /// for none: for tests of a full disk.
    public var maximumDatabasePages: Int?
    /// How long each step of the stop may take.
    public var stopBudget = StopBudget()
    /// How the forecast service polls beyond the configuration.
    public var forecastTiming = ForecastTiming()
    /// Makes the MQTT client (libmosquitto's; tests hand a fake).
    public var makeMQTTConnection: MQTTConnection.Factory = MQTTClient.factory
    /// Where the run's sentences go.
    public var operatorLog: OperatorLog
    /// What the executable supplies.
    public var hooks: Hooks

    /// A run of `settings` storing in `databasePath`.
    public init(settings: GatewayConfiguration, databasePath: String, zone: TimeZoneRules, operatorLog: OperatorLog, hooks: Hooks) {
        self.settings = settings
        self.databasePath = databasePath
        self.zone = zone
        self.operatorLog = operatorLog
        self.hooks = hooks
    }

    /// Runs until a shutdown signal (or the time limit), then commits
    /// everything received, publishes `offline` and stops.
    ///
    /// - Throws: `GatewayError` when a part cannot start (the database, MQTT,
    ///   the listener, the status socket, /metrics, the web page).
    public func run() async throws -> Outcome {
        let parts = try await GatewayAssembly(self)
        let (path, writer, listener, reportNow) = (databasePath, parts.writer, parts.listener, parts.reportNow)
        let listensToUDP = settings.weatherFlow.mode.listensToUDP
        let udpAddress = settings.udp.address
        let udpPort = UInt16(settings.udp.port)
        let hooks = self.hooks
        let status: StatusServer
        do {
            status = try StatusServer(path: ServicePaths.daemonSocketPath(database: path)) { wantsJSON, output in
                let now = Int64(Glibc.time(nil))
                if wantsJSON { reportNow().writeJSON(now: now, to: output) } else { reportNow().writeText(now: now, to: output) }
            }
        } catch {
            throw GatewayError.statusSocketUnavailable(error)
        }
        defer { status.stop() }
        var metrics: MetricsServer?
        if let metricsPort = settings.metrics.port.map(UInt16.init) {
            // Healthy while the receive loop is alive and not stuck in one
            // datagram for 10 s (it sleeps in its read while the hub is quiet),
            // and the disk has room: records held in memory while it is full
            // are lost if the gateway stops before it has room again.
            do {
                metrics = try MetricsServer(
                    address: settings.metrics.address, port: metricsPort,
                    metrics: {
                        reportNow().prometheus(now: Int64(Glibc.time(nil)))
                            + WeatherGauges.prometheus(
                                WeatherGauges.newestObservations(databasePath: path, correction: parts.ingestor.corrector.current))
                    },
                    health: {
                        guard !listensToUDP || listener?.receiveLoopIsResponsive(withinSeconds: 10) == true
                        else {
                            return .unhealthy("receive loop not running")
                        }
                        let status = writer.status
                        guard !status.isDiskFull else {
                            return .unhealthy(
                                DiskSpace.of(databasePath: path, heldRecords: status.pendingCount)?.sentence ?? "disk full")
                        }
                        return .healthy
                    })
            } catch {
                throw GatewayError.metricsUnavailable(error)
            }
            operatorLog.line("Serving /healthz and /metrics on http://\(settings.metrics.address):\(metrics!.port).")
        }
        defer { metrics?.stop() }
        if !settings.udp.relay.isEmpty {
            operatorLog.line(
                listensToUDP
                    ? "Relaying admitted datagrams, byte for byte, to \(settings.udp.relay.map(\.description).joined(separator: ", "))."
                    : "Not relaying: udp.relay is set, but weatherflow.mode websocket does not listen for UDP.")
        }
        let web = try startWebServer(
            context: WebSiteContext(
                databasePath: path, timeZone: zone, zones: zones, units: settings.mqtt.publishedUnits, report: reportNow,
                forecastLocationKey: { [forecastService = parts.forecastService] in forecastService.component?.query.locationKey },
                corrector: parts.ingestor.corrector),
            liveUpdates: parts.liveUpdates)
        defer { web?.stop() }
        var session = ListeningSession(
            configuration: UDPListenerConfiguration(
                bindAddress: udpAddress, port: udpPort, futureToleranceSeconds: Int64(settings.udp.futureToleranceSeconds)),
            durationSeconds: durationSeconds, operatorLog: operatorLog, listener: listener, handler: parts.listenerHandler)
        session.admission = parts.admission
        session.notifier = SystemdNotifier()
        session.listensToUDP = listensToUDP
        session.readyStatus =
            (listensToUDP ? "listening on UDP \(udpAddress):\(udpPort)" : "following the WeatherFlow WebSocket") + ", storing in \(path)"
        // The services of the run, under swift-service-lifecycle. SIGINT and
        // SIGTERM end ingest (ShutdownSignal, so the log names the signal);
        // its end shuts the group down in reverse order: the reload watcher,
        // forecasts, the cloud follower, and last the sinks.
        let reloader = ConfigurationReloader(
            running: settings, load: hooks.reloadConfiguration, mqttClientConfiguration: hooks.mqttClientConfiguration,
            writer: writer, publisher: parts.publisher, ingestor: parts.ingestor, cloud: parts.cloudService, forecasts: parts.forecastService,
            uploads: parts.uploads,
            makeUploadMembers: { [zone, inbox = parts.inbox, path, corrector = parts.ingestor.corrector] new, running in
                GatewayRun.reloadedUploadMembers(
                    new, running: running, zone: zone, inbox: inbox, databasePath: path, corrector: corrector,
                    logger: Logger(label: "tempest.upload"))
            },
            operatorLog: operatorLog)
        let reloadService = ReloadService(reload: { await reloader.reload() })
        let ingestService = IngestService(session: session)
        let gatewayDeviceService = GatewayDeviceService(outlet: parts.outlet, values: { GatewayDeviceValues(reportNow()) })
        var groupConfiguration = ServiceGroupConfiguration(
            services: parts.sinks.map { .init(service: SinkService(sink: $0), serviceName: $0.name) } + [
                .init(service: gatewayDeviceService, serviceName: "gateway values"),
                .init(service: parts.cloudService, serviceName: "WeatherFlow cloud"),
                .init(service: parts.forecastService, serviceName: "forecasts"),
                .init(service: reloadService, serviceName: "configuration reload"),
                .init(service: ingestService, successTerminationBehavior: .gracefullyShutdownGroup, serviceName: "UDP ingest"),
            ],
            logger: Logger(label: "tempest.lifecycle"))
        // A service slow to stop is cancelled, so that the stop stays bounded.
        groupConfiguration.maximumGracefulShutdownDuration = .milliseconds(Int(stopBudget.servicesSeconds * 1_000))
        try await ServiceGroup(configuration: groupConfiguration).run()
        // From here the stop is bounded (see StopBudget): nothing waits for
        // a database that cannot be written.
        let watchdog = StopWatchdog(seconds: stopBudget.watchdogSeconds, operatorLog: operatorLog)
        defer { watchdog.cancel() }
        let committed = await writer.flush(timeoutSeconds: stopBudget.flushSeconds)
        if !committed {
            let reason = writer.isStorageUnavailable ? "the database cannot be written" : "the last records take too long to commit"
            operatorLog.line(
                "Stopping: \(reason); what is not committed goes to \(SpillFile.path(database: path)) for the next start.")
        }
        for sink in parts.sinks { await sink.stop() }
        // The acknowledgements of the last deliveries (not waited for when the
        // database could not be written: those messages are only sent again).
        if committed { _ = await writer.flush(timeoutSeconds: stopBudget.acknowledgementFlushSeconds) }
        writer.shutdown(deadlineSeconds: stopBudget.writerSeconds)
        return Outcome(statistics: ingestService.statistics ?? ListenerStatistics(), refusedCount: parts.ingestor.refusedCount)
    }

    /// The thresholds of `raining` and `lightning_nearby` from the
    /// configuration (a reload does not change them: a restart does). The
    /// latitude is only a fallback: the daylight follows each device's
    /// station site (`DeviceSites`), which a reload does change.
    public static func conditionRules(_ settings: GatewayConfiguration) -> ConditionRules {
        ConditionRules(
            rainingHoldMinutes: Int64(settings.mqtt.rainingHoldMinutes),
            lightningNearbyKilometers: settings.mqtt.lightningNearbyKilometers,
            lightningNearbyMinutes: Int64(settings.mqtt.lightningNearbyMinutes), latitudeDegrees: settings.station.latitude)
    }

    /// The quality checks' thresholds from `[quality]` (a reload applies new ones).
    public static func qualityThresholds(_ settings: GatewayConfiguration) -> QualityThresholds {
        let quality = settings.quality
        var thresholds = QualityThresholds()
        thresholds.enabled = quality.enabled
        thresholds.temperatureStepCelsius = quality.temperatureStepCelsius
        thresholds.humidityStepPercent = quality.humidityStepPercent
        thresholds.pressureStepHectopascals = quality.pressureStepHectopascals
        thresholds.stuckHours = quality.stuckHours
        thresholds.rainSensorOffVolts = quality.rainSensorOffVolts
        thresholds.suspectRainWindGustMetersPerSecond = quality.suspectRainWindGustMetersPerSecond
        thresholds.rainStartWindowMinutes = Double(quality.rainStartWindowMinutes)
        return thresholds
    }

    /// The web page's server when `web.port` is set, serving ``WebSite``
    /// with the password from `web.password_file` (or its environment
    /// variable or credential); nil when the page is off. The log names
    /// the address, and whether a password is needed, never the password.
    private func startWebServer(context: WebSiteContext, liveUpdates: LiveUpdates?) throws -> WebServer? {
        guard let port = settings.web.port.map(UInt16.init) else { return nil }
        let credentials: WebCredentials?
        do {
            credentials = try settings.web.credentials()
        } catch {
            throw GatewayError.webPageUnavailable(keys: "web.password_file", error)
        }
        let server: WebServer
        do {
            server = try WebServer(
                address: settings.web.address, port: port, credentials: credentials, content: WebSite(context: context),
                liveUpdates: liveUpdates)
        } catch {
            throw GatewayError.webPageUnavailable(keys: "web.port, web.address", error)
        }
        operatorLog.line(
            "Serving the web page on http://\(settings.web.address):\(server.port)/" + (credentials == nil ? "" : " with a password"))
        if credentials == nil && !settings.web.address.hasPrefix("127.") {
            operatorLog.line(
                "The web page has no password and listens beyond this computer: anyone who can reach \(settings.web.address) can read it (see web.password_file).")
        }
        return server
    }

    /// Whether the nearby-strikes feed is on: a radius and the WebSocket.
    static func followsNearbyStrikes(_ settings: GatewayConfiguration) -> Bool {
        settings.weatherFlow.nearbyStrikesKilometers > 0 && settings.weatherFlow.mode.usesWebSocket
    }

    /// The MQTT publisher, started, unless MQTT is off (`--no-mqtt`).
    /// `rainCheck` announces the cloud's RainCheck rain entities (when a
    /// token is configured).
    func makePublisher(inbox: StoreInbox, mqtt: GatewayConfiguration.MQTT, rainCheck: Bool) throws -> GatewayPublisher? {
        guard mqtt.enabled else { return nil }
        let configuration = try hooks.mqttClientConfiguration(mqtt)
        do {
            let layout = TopicLayout(base: mqtt.base, gatewayID: mqtt.homeAssistantGatewayID)
            let discovery = mqtt.homeAssistant
                ? HomeAssistantDiscovery(
                    prefix: mqtt.homeAssistantPrefix, layout: layout, units: mqtt.publishedUnits,
                    disabledEntities: Set(mqtt.disabledEntities), rainCheck: rainCheck,
                    seaLevelPressure: settings.station.elevation != nil,
                    minimumVersion: HomeAssistantVersion(mqtt.homeAssistantMinVersion) ?? .standard,
                    nearbyStrikes: Self.followsNearbyStrikes(settings), highRateValues: mqtt.highRateValues,
                    exportNumbers: settings.exports.indices.filter { settings.exports[$0].enabled }.map { $0 + 1 },
                    uploadDestinations: settings.uploads.enumerated().filter { $0.element.enabled }.map {
                        UploadDestinationName(number: $0.offset + 1, serviceName: $0.element.service.displayName)
                    }, nearCastRain: settings.weatherFlow.mode.hasOnlyNearCastRain)
                : nil
            let publisher = try GatewayPublisher(
                configuration: configuration, layout: layout, discovery: discovery, qos: Int32(mqtt.qos),
                retained: RetainedValuePolicy(qos: Int32(mqtt.retainedQoS), republishUnchanged: mqtt.republishUnchanged),
                inbox: inbox, logger: Logger(label: "tempest.mqtt"), restartDelaySeconds: mqttRestartDelaySeconds,
                compatibility: mqtt.compatibility, units: mqtt.publishedUnits, highRateValues: mqtt.highRateValues,
                makeConnection: makeMQTTConnection)
            try publisher.start()
            operatorLog.line(
                "Publishing to MQTT at \(configuration.host):\(configuration.port) under \(mqtt.base)/ (retrying until the broker answers).")
            return publisher
        } catch {
            throw GatewayError.mqttUnavailable(error)
        }
    }
}
