import ArgumentParser
import Configuration
import GatewayCore
import Glibc
import Logging
import MQTT
import Meteorology
import ServiceLifecycle
import Storage
import Synchronization
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
            in SQLite (in $STATE_DIRECTORY/tempest-gateway.db under systemd, else ./tempest-gateway.db) and \
            publishes to the MQTT broker on localhost:1883 when one answers, retrying while none does. On a \
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
            problems is refused and the running configuration stays.

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
              tempest-gateway run --latitude 39.7392 --longitude=-104.9903 --timezone America/Denver
            """
    )

    /// How `run` echoes messages.
    enum PrintMode: String, ExpressibleByArgument, CaseIterable {
        case lines, json, none
    }

    @OptionGroup var configOptions: ConfigFileOptions

    @Option(help: "The UDP port to listen on (default: 50222).")
    var udpPort: UInt16?

    @Option(help: "The IPv4 address to bind (default: 0.0.0.0).")
    var udpAddress: String?

    @Option(help: "The SQLite database file (default: $STATE_DIRECTORY/tempest-gateway.db, else ./tempest-gateway.db).")
    var database: String?

    @Option(help: "Echo each message: lines, json or none (default: lines on a terminal, none otherwise).")
    var print: PrintMode?

    @OptionGroup var zoneOptions: StationZoneOptions

    @OptionGroup var mqttOptions: MQTTOptions

    @Option(help: "Station elevation above sea level in metres (for sea-level pressure).")
    var elevation: Double?

    @Option(help: "The sensor's height above ground in metres, added to the elevation (default: 0).")
    var sensorHeight: Double?

    @OptionGroup var cloudOptions: CloudOptions

    @Option(help: "The WeatherFlow station to follow in the cloud (default: the account's only station, or the one heard over UDP).")
    var station: Int?

    @Option(help: "Poll the WeatherFlow REST API once a Tempest sent nothing over UDP for this many seconds (default 180; 15 minutes in power-save mode 3).")
    var fallbackAfter: Int?

    @Option(help: "Fill holes in the stored observations from the WeatherFlow REST API up to this many days back (default 5; 0: never).")
    var backfillDays: Int?

    @Option(help: .hidden)
    var cloudIntervalSeconds: Double = 60

    /// The cloud follower's settings from the effective configuration.
    func cloudSettings(_ settings: GatewayConfiguration) -> CloudFollowerSettings {
        var cloud = CloudFollowerSettings()
        cloud.stationID = settings.station.stationID
        cloud.quietSeconds = Int64(settings.weatherFlow.fallbackAfterSeconds)
        cloud.powerSaveQuietSeconds = max(cloud.quietSeconds, 900)
        cloud.horizonSeconds = Int64(settings.weatherFlow.backfillDays) * 86_400
        cloud.pollIntervalSeconds = cloudIntervalSeconds
        return cloud
    }

    @OptionGroup(title: "Forecasts") var forecastOptions: ForecastOptions

    @Option(help: "Serve /healthz and Prometheus /metrics on 127.0.0.1 at this port (off by default).")
    var metricsPort: UInt16?

    @Option(help: .hidden)
    var seconds: Int?

    func run() async throws {
        ShutdownSignal.install()
        ReloadSignal.install()
        LoggingSystem.bootstrap { GatewayLogHandler(label: $0) }
        let settings = try effectiveConfiguration()
        let path = settings.storage.database ?? RunCommand.defaultDatabasePath()
        // The publisher wakes on every commit and on the broker's events
        // (see OutboxPumpService), so an event leaves for the broker as soon
        // as it is durable. Commits follow arrivals within 2 ms: at a station's
        // pace every message commits on its own, under load batches form
        // while a commit is in flight.
        let pumpWakeup = WakeupEvent()
        // Messages waiting in the outbox, for `status`: known after each
        // commit without a query (-1 until first known).
        let outboxDepth = Atomic<Int>(-1)
        let committedPublisher = Mutex<GatewayPublisher?>(nil)
        var writerConfiguration = StoreWriterConfiguration()
        writerConfiguration.maximumBatchDelaySeconds = 0.002
        writerConfiguration.retention = settings.storage.retentionPolicy
        let writer: StoreWriter
        do {
            writer = try StoreWriter(
                path: path, configuration: writerConfiguration, logger: Logger(label: "tempest.storage"),
                onCommit: { report in
                    if let depth = report.outboxDepth { outboxDepth.store(depth, ordering: .relaxed) }
                    // The pump is woken only when this commit left it work.
                    if committedPublisher.withLock({ $0 })?.noteCommitted(report) == true { pumpWakeup.signal() }
                })
        } catch {
            throw GatewayError.databaseUnavailable(path, error)
        }
        let zone: TimeZoneRules
        do {
            zone = try StationZoneOptions.zone(named: settings.station.timeZone)
        } catch {
            // The file's and the environment's zones were checked on loading.
            throw ValidationError("--timezone: \(error)")
        }
        let summaries = DailySummaryKeeper(timeZone: zone)
        let restored = try await writer.perform { store in
            try summaries.restore(from: store, now: Int64(Glibc.time(nil)))
        }
        StandardOutput.errorLine(
            "Storing in \(path); daily totals in the \(zone.identifier) time zone, restored from "
                + "\(restored.observations) stored observations and \(restored.strikes) strikes.")

        let cloudClient = try cloudOptions.optionalClient(configured: settings.weatherFlow)
        let publisher = try makePublisher(writer: writer, mqtt: settings.mqtt, rainCheck: cloudClient != nil)
        committedPublisher.withLock { $0 = publisher }
        let mode = print ?? (TerminalStyle.isTerminal(fileDescriptor: STDOUT_FILENO) ? .lines : .none)
        let printer: LiveMessagePrinter? =
            mode == .none ? nil : LiveMessagePrinter(json: mode == .json, showRejected: true, style: .standardOutput)
        let activity = DeviceActivity()
        let units = settings.mqtt.publishedUnits
        let ingestor = Ingestor(
            writer: writer, summaries: summaries, activity: activity, sink: publisher, site: Self.site(of: settings.station),
            rapidWindIntervalSeconds: Int64(settings.mqtt.rapidWindInterval), operatorLog: .standardError)
        let handler: @Sendable (ListenerEvent) -> Void = { event in
            printer?.handle(event)
            guard case .message(let received) = event else { return }
            ingestor.ingest(
                received.message, source: .udp, receivedAt: received.receivedAt.secondsSince1970, isLate: received.isLate)
        }
        // The cloud follower and the forecast service restart on a reload
        // that changes them; the listener and the store go on meanwhile.
        let makeFollower: @Sendable (GatewayConfiguration, WeatherFlowClient?) -> CloudFollower? = { settings, cloudClient in
            cloudClient.map { client in
                CloudFollower(
                    client: client, settings: cloudSettings(settings), writer: writer, activity: activity, summaries: summaries,
                    logger: Logger(label: "tempest.cloud"),
                    onRainCheck: { serials, today, yesterday in
                        guard let publisher else { return }
                        for serial in serials {
                            publisher.update(
                                values: MessagePublications.rainCheckValues(
                                    serial: serial, todayMillimeters: today, yesterdayMillimeters: yesterday, layout: publisher.layout,
                                    units: units))
                        }
                    }
                ) { message, source in ingestor.ingest(message, source: source, receivedAt: Int64(Glibc.time(nil)), isLate: false) }
            }
        }
        let initialFollower = makeFollower(settings, cloudClient)
        if initialFollower == nil {
            StandardOutput.errorLine(
                "No WeatherFlow token: the REST fallback and backfill are off (see --token-file).")
        }
        let cloudService = ReplaceableService(
            name: "the WeatherFlow cloud follower", initial: initialFollower,
            make: { new in makeFollower(new, try cloudOptions.optionalClient(configured: new.weatherFlow)) },
            operatorLog: .standardError, run: { follower in await follower.run() })
        let makeForecasting: @Sendable (GatewayConfiguration) throws -> ForecastService? = { settings in
            try forecastOptions.makeService(
                writer: writer, summaries: summaries, publisher: publisher, units: units, timeZone: zone.identifier,
                configured: settings)
        }
        let forecastService = ReplaceableService(
            name: "the forecast service", initial: try makeForecasting(settings), make: makeForecasting,
            operatorLog: .standardError, run: { service in await service.run() })
        let udpAddress = settings.udp.address
        let udpPort = UInt16(settings.udp.port)
        let configuration = UDPListenerConfiguration(bindAddress: udpAddress, port: udpPort)
        let startedAt = Int64(Glibc.time(nil))
        let runningListener = Mutex<UDPListener?>(nil)
        let bindAddress = udpAddress
        let reportNow: @Sendable () -> StatusReport = {
            let depth = outboxDepth.load(ordering: .relaxed)
            return StatusReport(
                startedAt: startedAt, listener: runningListener.withLock { $0 }, bindAddress: bindAddress,
                activity: activity, writerStatus: writer.status, databasePath: path,
                outboxDepth: depth >= 0 ? depth : nil, mqttEnabled: publisher != nil,
                mqttConnected: publisher?.isConnected ?? false, mqttBroker: publisher?.brokerAddress ?? "",
                mqttInFlight: publisher?.inFlightCount ?? 0, cloud: cloudService.component?.state,
                forecast: forecastService.component.map { ForecastStatus(locationKey: $0.query.locationKey, served: $0.served) })
        }
        let status: StatusServer
        do {
            status = try StatusServer(path: StatusServer.socketPath(database: path)) { wantsJSON, output in
                let now = Int64(Glibc.time(nil))
                if wantsJSON { reportNow().writeJSON(now: now, to: output) } else { reportNow().writeText(now: now, to: output) }
            }
        } catch {
            throw ValidationError("\(error)")
        }
        defer { status.stop() }
        var metrics: MetricsServer?
        if let metricsPort = settings.metrics.port.map(UInt16.init) {
            // Healthy while the receive loop is alive and not stuck in one
            // datagram for 10 s (it sleeps in its read while the hub is quiet).
            do {
                metrics = try MetricsServer(
                    port: metricsPort, metrics: { reportNow().prometheus(now: Int64(Glibc.time(nil))) },
                    healthy: {
                        runningListener.withLock { $0 }?.receiveLoopIsResponsive(withinSeconds: 10) ?? false
                    })
            } catch {
                throw ValidationError("--metrics-port: \(error)")
            }
            StandardOutput.errorLine("Serving /healthz and /metrics on http://127.0.0.1:\(metrics!.port).")
        }
        defer { metrics?.stop() }
        var session = ListeningSession(
            configuration: configuration, durationSeconds: seconds, operatorLog: .standardError, handler: handler)
        session.onStart = { listener in
            runningListener.withLock { $0 = listener }
        }
        session.notifier = SystemdNotifier()
        session.readyStatus = "listening on UDP \(udpAddress):\(udpPort), storing in \(path)"
        // The services of the run, under swift-service-lifecycle. SIGINT and
        // SIGTERM end ingest (ShutdownSignal, so the log names the signal);
        // its end shuts the group down in reverse order: the reload watcher,
        // forecasts, the cloud follower, and last the outbox pump.
        let running = Mutex(settings)
        let reloadService = ReloadService(reload: {
            let reloaded = await reload(
                from: running.withLock { $0 }, writer: writer, publisher: publisher, ingestor: ingestor, cloud: cloudService,
                forecasts: forecastService)
            running.withLock { $0 = reloaded }
        })
        let pumpService = OutboxPumpService(
            publisher: publisher, writer: writer, wakeup: pumpWakeup,
            noteDepth: { depth in outboxDepth.store(depth, ordering: .relaxed) })
        let ingestService = IngestService(session: session)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [
                    .init(service: pumpService, serviceName: "outbox pump"),
                    .init(service: cloudService, serviceName: "WeatherFlow cloud"),
                    .init(service: forecastService, serviceName: "forecasts"),
                    .init(service: reloadService, serviceName: "configuration reload"),
                    .init(service: ingestService, successTerminationBehavior: .gracefullyShutdownGroup, serviceName: "UDP ingest"),
                ],
                logger: Logger(label: "tempest.lifecycle")))
        try await group.run()
        let statistics = ingestService.statistics ?? ListenerStatistics()
        do {
            try await writer.flush()
        } catch {
            StandardOutput.errorLine("error: could not commit the last batch: \(error)")
        }
        await publisher?.stop()
        try? await writer.flush()
        writer.shutdown()
        StandardOutput.errorLine(ListenCommand.summary(statistics))
        let refused = ingestor.refusedCount
        if refused > 0 { StandardOutput.errorLine("The store refused \(refused) messages (see the error above).") }
    }

    /// Where the station stands, for sea-level pressure: nil without an elevation.
    static func site(of station: GatewayConfiguration.Station) -> DerivedObservation.Site? {
        station.elevation.map { DerivedObservation.Site(elevationMeters: $0, sensorHeightAboveGroundMeters: station.sensorHeight) }
    }

    /// The MQTT publisher, started, unless MQTT is off (`--no-mqtt`).
    /// `rainCheck` announces the cloud's RainCheck rain entities (when a
    /// token is configured).
    private func makePublisher(writer: StoreWriter, mqtt: GatewayConfiguration.MQTT, rainCheck: Bool) throws -> GatewayPublisher? {
        guard mqtt.enabled else { return nil }
        let configuration = try mqtt.clientConfiguration()
        do {
            let layout = TopicLayout(base: mqtt.base)
            let discovery = mqtt.homeAssistant
                ? HomeAssistantDiscovery(
                    prefix: mqtt.homeAssistantPrefix, layout: layout, units: mqtt.publishedUnits,
                    disabledEntities: Set(mqtt.disabledEntities), rainCheck: rainCheck)
                : nil
            let publisher = try GatewayPublisher(
                configuration: configuration, layout: layout, discovery: discovery, qos: Int32(mqtt.qos),
                writer: writer, logger: Logger(label: "tempest.mqtt"), restartDelaySeconds: mqttOptions.mqttRestartDelay,
                compatibility: mqtt.compatibility, units: mqtt.publishedUnits)
            try publisher.start()
            StandardOutput.errorLine(
                "Publishing to MQTT at \(configuration.host):\(configuration.port) under \(mqtt.base)/ (retrying until the broker answers).")
            return publisher
        } catch {
            throw GatewayError.mqttUnavailable(error)
        }
    }

    /// `$STATE_DIRECTORY/tempest-gateway.db` (systemd's StateDirectory=), or
    /// `./tempest-gateway.db`.
    static func defaultDatabasePath() -> String {
        if let directory = getenv("STATE_DIRECTORY") {
            // systemd may list several directories separated by colons; the first is ours.
            let first = String(cString: directory).split(separator: ":").first.map(String.init) ?? ""
            if !first.isEmpty { return first + "/tempest-gateway.db" }
        }
        return "./tempest-gateway.db"
    }

    /// Applies a SIGHUP: reads the configuration again (options still win),
    /// keeps the running one when the new one has a problem, applies the
    /// retention at once, moves the MQTT connection when its settings or
    /// its password changed, has the cloud follower and the forecast service
    /// restart when their settings changed, and logs what waits for a
    /// restart. Returns the configuration now in force.
    private func reload(
        from running: GatewayConfiguration, writer: StoreWriter, publisher: GatewayPublisher?,
        ingestor: Ingestor, cloud: ReplaceableService<CloudFollower>,
        forecasts: ReplaceableService<ForecastService>
    ) async -> GatewayConfiguration {
        let new: GatewayConfiguration
        do {
            new = try effectiveConfiguration()
        } catch {
            StandardOutput.errorLine("Configuration not reloaded, the running one stays: \(error)")
            return running
        }
        var changes = ConfigurationReload(from: running, to: new)
        writer.setRetention(new.storage.retentionPolicy)
        ingestor.setSite(Self.site(of: new.station))
        if let publisher, new.mqtt.enabled {
            // The password is read again too: a rotated secret counts as a change.
            do {
                if try await publisher.reconnect(with: new.mqtt.clientConfiguration()) { changes.noteMQTTConnectionMoved() }
            } catch {
                changes.noteMQTTConnectionFailed("\(error)")
            }
        }
        if ConfigurationReload.cloudChanged(running, new) { cloud.replace(with: new) }
        if ConfigurationReload.forecastChanged(running, new) { forecasts.replace(with: new) }
        StandardOutput.errorLine(changes.summary)
        return new
    }
}
