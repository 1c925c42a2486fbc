// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import Glibc
import Logging
import Meteorology
import MQTT
import ServiceLifecycle
import Storage
import Synchronization
import TempestCloud
import TempestUDP

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
    /// The station's time zone, for daily totals.
    public var zone: TimeZoneRules
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
        let path = databasePath
        // Messages waiting in the outbox, for `status`: known after each
        // commit without a query (-1 until first known).
        let outboxDepth = Atomic<Int>(-1)
        // Commits follow arrivals within 2 ms: at a station's pace every
        // message commits on its own, under load batches form while a
        // commit is in flight.
        var writerConfiguration = StoreWriterConfiguration()
        writerConfiguration.maximumBatchDelaySeconds = 0.002
        writerConfiguration.retention = settings.storage.retentionPolicy
        writerConfiguration.maximumPageCount = maximumDatabasePages
        // Built in dependency order: the writer's inbox, the sinks (which
        // write back through the inbox), then the writer, which tells the
        // sinks of every commit.
        let inbox = StoreInbox(configuration: writerConfiguration, logger: Logger(label: "tempest.storage"))
        let hooks = self.hooks
        let cloudClient = try hooks.cloudClient(settings)
        let publisher = try makePublisher(inbox: inbox, mqtt: settings.mqtt, rainCheck: cloudClient != nil)
        // Retained values that are no station message reach the publisher
        // through the writer too (forecasts, rain check, the gateway's own).
        let outlet = publisher.map { RetainedStateOutlet(format: $0.format, discovery: $0.discovery, input: StateInput(inbox: inbox)) }
        if let outlet, let discovery = outlet.discovery { outlet.publish(discovery.gatewayConfigs()) }
        let liveUpdates: LiveUpdates?
        do {
            liveUpdates = settings.web.port == nil ? nil : try LiveUpdates()
        } catch {
            throw GatewayError.webPageUnavailable(keys: "web.port", error)
        }
        let sinks: [any Sink] = [publisher as (any Sink)?, liveUpdates].compactMap { $0 }
        let depthObserver = CommitCallback { report in
            if let depth = report.outboxDepth { outboxDepth.store(depth, ordering: .relaxed) }
        }
        let writer: StoreWriter
        do {
            writer = try StoreWriter(path: path, inbox: inbox, observers: [depthObserver] + sinks)
        } catch {
            throw GatewayError.databaseUnavailable(path, error)
        }
        if let recovery = writer.recovery { operatorLog.line(recovery.sentence) }
        if let rows = writer.importedSpillRows {
            operatorLog.line("Stored \(Plural.count(rows, "row")) that the last run could not write and kept in \(SpillFile.path(database: path)).")
        }
        let futureToleranceSeconds = Int64(settings.udp.futureToleranceSeconds)
        let summaries = DailySummaryKeeper(timeZone: zone, futureToleranceSeconds: futureToleranceSeconds)
        let maxDevices = settings.station.maxDevices
        // The devices published: the configured station's, else the first
        // heard (the same ones after a restart: the devices table keeps
        // only admitted devices, in the order first seen).
        let knownSerials = try await writer.perform { store in try store.earliestDeviceSerials(limit: maxDevices) }
        let admission = DeviceAdmission(configured: Set(settings.stations.flatMap(\.serials)), limit: maxDevices, known: knownSerials)
        let restored = try await writer.perform { store in
            try summaries.restore(
                from: store, now: Int64(Glibc.time(nil)), including: admission.isAdmitted,
                confirmedStrikesOnly: settings.mqtt.publishesConfirmedStrikesOnly)
        }
        let figures = StationFigures(timeZone: zone, rules: Self.conditionRules(settings))
        try await writer.perform { store in
            try figures.restore(
                from: store, latest: summaries.latestCountedSeconds(now: Int64(Glibc.time(nil))), including: admission.isAdmitted,
                confirmedStrikesOnly: settings.mqtt.publishesConfirmedStrikesOnly)
        }
        let quarantine = MessageQuarantine(writer: writer, toleranceSeconds: futureToleranceSeconds, admission: admission)
        operatorLog.line(
            "Storing in \(path); daily totals in the \(zone.identifier) time zone, restored from "
                + "\(Plural.count(restored.observations, "stored observation")) and \(Plural.count(restored.strikes, "strike")).")

        if let depth = try? await writer.perform({ store in try store.outboxDepth().messages }) {
            outboxDepth.store(depth, ordering: .relaxed)
        }
        let activity = DeviceActivity()
        let units = settings.mqtt.publishedUnits
        let planner = publisher.map {
            PublicationPlanner(
                format: $0.format, rapidWindIntervalSeconds: Int64(settings.mqtt.rapidWindInterval), admission: admission)
        }
        let ingestor = Ingestor(
            writer: writer, summaries: summaries, activity: activity, planner: planner, site: Self.site(of: settings.station),
            operatorLog: operatorLog, figures: figures, publishesConfirmedStrikesOnly: settings.mqtt.publishesConfirmedStrikesOnly)
        ingestor.setSites(StationSites(settings.stations))
        let handler: @Sendable (ListenerEvent) -> Void = { event in
            hooks.onListenerEvent?(event)
            switch event {
            case .message(let received):
                ingestor.ingest(
                    received.message, source: .udp, receivedAt: received.receivedAt.secondsSince1970, isLate: received.isLate)
            case .future(let future):
                quarantine.keep(future)
            case .rejected, .ignored:
                break
            }
        }
        // The cloud follower and the forecast service restart on a reload
        // that changes them; the listener and the store go on meanwhile.
        let cloudParts = CloudFollowerParts(
            writer: writer, summaries: summaries, activity: activity, ingestor: ingestor, quarantine: quarantine,
            outlet: outlet, units: units, pollIntervalSeconds: cloudPollIntervalSeconds,
            webSocketBackoffCapSeconds: webSocketBackoffCapSeconds)
        if settings.weatherFlow.mode.usesWebSocket && cloudClient == nil {
            throw GatewayError.webSocketNeedsToken(mode: settings.weatherFlow.mode.rawValue)
        }
        let initialFollowers = cloudParts.followers(settings, client: cloudClient)
        if initialFollowers == nil {
            operatorLog.line("No WeatherFlow token: the REST fallback and backfill are off (see --token-file).")
        }
        let cloudService = ReplaceableService(
            name: "the WeatherFlow cloud followers", initial: initialFollowers,
            make: { new in cloudParts.followers(new, client: try hooks.cloudClient(new)) },
            operatorLog: operatorLog, run: { followers in await followers.run() })
        let forecastParts = ForecastServiceParts(
            writer: writer, summaries: summaries, outlet: outlet, units: units, timeZone: zone.identifier)
        let forecastTiming = self.forecastTiming
        let operatorLog = self.operatorLog
        let makeForecasting: @Sendable (GatewayConfiguration) throws -> ForecastService? = { settings in
            try Self.makeForecastService(settings, parts: forecastParts, timing: forecastTiming, operatorLog: operatorLog)
        }
        let forecastService = ReplaceableService(
            name: "the forecast service", initial: try makeForecasting(settings), make: makeForecasting,
            operatorLog: operatorLog, run: { service in await service.run() })
        let udpAddress = settings.udp.address
        let listensToUDP = settings.weatherFlow.mode.listensToUDP
        let udpPort = UInt16(settings.udp.port)
        let startedAt = Int64(Glibc.time(nil))
        // Made now (it binds when the session starts it), so that status
        // reads it from the start; none in mode websocket.
        let listener: UDPListener?
        do {
            listener =
                listensToUDP
                ? try UDPListener(
                    configuration: UDPListenerConfiguration(
                        bindAddress: udpAddress, port: udpPort, futureToleranceSeconds: futureToleranceSeconds),
                    admission: admission) : nil
        } catch {
            throw GatewayError.listenerFailed(error)
        }
        let followsNearbyStrikes = Self.followsNearbyStrikes(settings)
        let reportNow: @Sendable () -> StatusReport = {
            let depth = outboxDepth.load(ordering: .relaxed)
            let writerStatus = writer.status
            return StatusReport(
                startedAt: startedAt, listener: listener, bindAddress: udpAddress,
                activity: activity, admission: admission.snapshot(refusedLimit: StatusReport.refusedListLimit),
                cloudFutureCount: quarantine.cloudFutureCount, writerStatus: writerStatus, databasePath: path,
                outboxDepth: depth >= 0 ? depth : nil, mqttEnabled: publisher != nil,
                mqttConnected: publisher?.isConnected ?? false, mqttBroker: publisher?.brokerAddress ?? "",
                mqttInFlight: publisher?.inFlightCount ?? 0, cloud: cloudService.component?.rest.state, webSocket: cloudService.component?.webSocket?.state,
                forecast: forecastService.component.map(ForecastStatus.init(service:)),
                diskSpace: writerStatus.isDiskFull ? DiskSpace.of(databasePath: path, heldRecords: writerStatus.pendingCount) : nil,
                nearbyStrikes: followsNearbyStrikes ? ingestor.nearbyStrikes.summary(now: Int64(Glibc.time(nil))) : nil)
        }
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
                            + WeatherGauges.prometheus(WeatherGauges.newestObservations(databasePath: path))
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
        let web = try startWebServer(
            context: WebSiteContext(
                databasePath: path, timeZone: zone, units: units, report: reportNow,
                forecastLocationKey: { forecastService.component?.query.locationKey }),
            liveUpdates: liveUpdates)
        defer { web?.stop() }
        var session = ListeningSession(
            configuration: UDPListenerConfiguration(
                bindAddress: udpAddress, port: udpPort, futureToleranceSeconds: futureToleranceSeconds),
            durationSeconds: durationSeconds, operatorLog: operatorLog, listener: listener, handler: handler)
        session.admission = admission
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
            writer: writer, publisher: publisher, ingestor: ingestor, cloud: cloudService, forecasts: forecastService,
            operatorLog: operatorLog)
        let reloadService = ReloadService(reload: { await reloader.reload() })
        let ingestService = IngestService(session: session)
        let gatewayDeviceService = GatewayDeviceService(outlet: outlet, values: { GatewayDeviceValues(reportNow()) })
        var groupConfiguration = ServiceGroupConfiguration(
            services: sinks.map { .init(service: SinkService(sink: $0), serviceName: $0.name) } + [
                .init(service: gatewayDeviceService, serviceName: "gateway values"),
                .init(service: cloudService, serviceName: "WeatherFlow cloud"),
                .init(service: forecastService, serviceName: "forecasts"),
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
        for sink in sinks { await sink.stop() }
        // The acknowledgements of the last deliveries (not waited for when the
        // database could not be written: those messages are only sent again).
        if committed { _ = await writer.flush(timeoutSeconds: stopBudget.acknowledgementFlushSeconds) }
        writer.shutdown(deadlineSeconds: stopBudget.writerSeconds)
        return Outcome(statistics: ingestService.statistics ?? ListenerStatistics(), refusedCount: ingestor.refusedCount)
    }

    /// Where the station stands, for sea-level pressure: nil without an elevation.
    public static func site(of station: GatewayConfiguration.Station) -> DerivedObservation.Site? {
        station.elevation.map { DerivedObservation.Site(elevationMeters: $0, sensorHeightAboveGroundMeters: station.sensorHeight) }
    }

    /// The thresholds of `raining`, `lightning_nearby` and the daylight
    /// duration from the configuration (a reload does not change them: a
    /// restart does).
    public static func conditionRules(_ settings: GatewayConfiguration) -> ConditionRules {
        ConditionRules(
            rainingHoldMinutes: Int64(settings.mqtt.rainingHoldMinutes),
            lightningNearbyKilometers: settings.mqtt.lightningNearbyKilometers,
            lightningNearbyMinutes: Int64(settings.mqtt.lightningNearbyMinutes), latitudeDegrees: settings.station.latitude)
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
    private func makePublisher(inbox: StoreInbox, mqtt: GatewayConfiguration.MQTT, rainCheck: Bool) throws -> GatewayPublisher? {
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
                    nearbyStrikes: Self.followsNearbyStrikes(settings), highRateValues: mqtt.highRateValues)
                : nil
            let publisher = try GatewayPublisher(
                configuration: configuration, layout: layout, discovery: discovery, qos: Int32(mqtt.qos),
                retained: RetainedValuePolicy(qos: Int32(mqtt.retainedQoS), republishUnchanged: mqtt.republishUnchanged),
                inbox: inbox, logger: Logger(label: "tempest.mqtt"), restartDelaySeconds: mqttRestartDelaySeconds,
                compatibility: mqtt.compatibility, units: mqtt.publishedUnits, highRateValues: mqtt.highRateValues)
            try publisher.start()
            operatorLog.line(
                "Publishing to MQTT at \(configuration.host):\(configuration.port) under \(mqtt.base)/ (retrying until the broker answers).")
            return publisher
        } catch {
            throw GatewayError.mqttUnavailable(error)
        }
    }
}
