import ArgumentParser
import Glibc
import Logging
import Meteorology
import MQTT
import Storage
import Synchronization
import TempestUDP

/// `tempest-gateway run`: the gateway itself.
///
/// Today it listens, stores every message in SQLite and (on a terminal)
/// prints what it hears; MQTT, the cloud fallback and forecasts join as their
/// modules land.
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
            committed and "offline" is published before the process exits. The cloud fallback and forecasts \
            are not wired in yet.

            Examples:
              tempest-gateway run
              tempest-gateway run --database /tmp/test.db --udp-port 50223 --print json
            """
    )

    /// How `run` echoes messages.
    enum PrintMode: String, ExpressibleByArgument, CaseIterable {
        case lines, json, none
    }

    @Option(help: "The UDP port to listen on.")
    var udpPort: UInt16 = UDPListenerConfiguration.defaultPort

    @Option(help: "The IPv4 address to bind.")
    var udpAddress: String = "0.0.0.0"

    @Option(help: "The SQLite database file (default: $STATE_DIRECTORY/tempest-gateway.db, else ./tempest-gateway.db).")
    var database: String?

    @Option(help: "Echo each message: lines, json or none (default: lines on a terminal, none otherwise).")
    var print: PrintMode?

    @OptionGroup var zoneOptions: StationZoneOptions

    @OptionGroup var mqttOptions: MQTTOptions

    @Option(help: "Station elevation above sea level in metres (for sea-level pressure).")
    var elevation: Double?

    @Option(help: "The sensor's height above ground in metres (added to the elevation).")
    var sensorHeight: Double = 0

    @Option(help: "Serve /healthz and Prometheus /metrics on 127.0.0.1 at this port (off by default).")
    var metricsPort: UInt16?

    @Option(help: .hidden)
    var seconds: Int?

    func run() async throws {
        ShutdownSignal.install()
        LoggingSystem.bootstrap { GatewayLogHandler(label: $0) }
        let path = database ?? RunCommand.defaultDatabasePath()
        // The publisher wakes on every commit (and on a 50 ms tick for
        // acknowledgements), so an event leaves for the broker as soon as it
        // is durable. Commits follow arrivals within 2 ms: at a station's
        // pace every message commits on its own, under load batches form
        // while a commit is in flight.
        let (wakeups, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let committedPublisher = Mutex<GatewayPublisher?>(nil)
        var writerConfiguration = StoreWriterConfiguration()
        writerConfiguration.maximumBatchDelaySeconds = 0.002
        let writer: StoreWriter
        do {
            writer = try StoreWriter(
                path: path, configuration: writerConfiguration, logger: Logger(label: "tempest.storage"),
                onCommit: { report in
                    committedPublisher.withLock { $0 }?.noteCommitted(report)
                    wake.yield()
                })
        } catch {
            throw GatewayError.databaseUnavailable(path, error)
        }
        let zone = try zoneOptions.zone()
        let summaries = DailySummaryKeeper(timeZone: zone)
        let restored = try await writer.perform { store in
            try summaries.restore(from: store, now: Int64(Glibc.time(nil)))
        }
        StandardOutput.errorLine(
            "Storing in \(path); daily totals in the \(zone.identifier) time zone, restored from "
                + "\(restored.observations) stored observations and \(restored.strikes) strikes.")

        let site = elevation.map { DerivedObservation.Site(elevationMeters: $0, sensorHeightAboveGroundMeters: sensorHeight) }
        let publisher = try makePublisher(writer: writer)
        committedPublisher.withLock { $0 = publisher }
        let mode = print ?? (TerminalStyle.isTerminal(fileDescriptor: STDOUT_FILENO) ? .lines : .none)
        let printer: LiveMessagePrinter? =
            mode == .none ? nil : LiveMessagePrinter(json: mode == .json, showRejected: true, style: .standardOutput)
        let refusedWrites = Atomic<Int>(0)
        let activity = DeviceActivity()
        let units = mqttOptions.publishedUnits
        let throttle = RapidWindThrottle(intervalSeconds: Int64(mqttOptions.rapidWindInterval))
        let handler: @Sendable (ListenerEvent) -> Void = { event in
            printer?.handle(event)
            guard case .message(let received) = event else { return }
            let now = received.receivedAt.secondsSince1970
            activity.note(received.message, receivedAt: now, source: "udp")
            var writes = StoreWrites.writes(for: received.message, source: .udp, receivedAt: now)
                + summaries.ingest(received.message, now: now)
            if let publisher, let published = throttle.admit(received.message) {
                // Daily totals are published with observations only.
                let totals = received.message.carriesObservations
                    ? summaries.current(serial: received.message.envelope.serialNumber.rawValue, now: now) : nil
                let publications = MessagePublications(
                    published, layout: publisher.layout, source: "udp", receivedAt: now, site: site, totals: totals,
                    qos: Int(publisher.qos), units: units, compatibility: publisher.compatibility)
                writes += publications.events.map { StoreWrite.outbox($0) }
                // Late messages are history: they go to the events, not to the latest values.
                if !received.isLate { publisher.update(values: publications.values) }
                RunCommand.noteDevices(of: received.message, receivedAt: now, publisher: publisher)
            }
            do {
                try writer.submit(writes)
            } catch {
                if refusedWrites.add(1, ordering: .relaxed).newValue == 1 {
                    StandardOutput.errorLine("error: the store refused a message: \(error)")
                }
            }
        }
        let configuration = UDPListenerConfiguration(bindAddress: udpAddress, port: udpPort)
        let startedAt = Int64(Glibc.time(nil))
        let runningListener = Mutex<UDPListener?>(nil)
        let outboxDepth = Atomic<Int>(-1)
        let brokerName = mqttOptions.noMqtt ? "" : "\(mqttOptions.mqttHost):\(mqttOptions.mqttPort ?? (mqttOptions.mqttTls ? 8883 : 1883))"
        let bindAddress = udpAddress
        let reportNow: @Sendable () -> StatusReport = {
            let depth = outboxDepth.load(ordering: .relaxed)
            return StatusReport(
                startedAt: startedAt, listener: runningListener.withLock { $0 }, bindAddress: bindAddress,
                activity: activity, writerStatus: writer.status, databasePath: path,
                outboxDepth: depth >= 0 ? depth : nil, mqttEnabled: publisher != nil,
                mqttConnected: publisher?.isConnected ?? false, mqttBroker: brokerName,
                mqttInFlight: publisher?.inFlightCount ?? 0)
        }
        let status: StatusServer
        do {
            status = try StatusServer(path: StatusServer.socketPath(database: path)) { wantsJSON in
                let now = Int64(Glibc.time(nil))
                return wantsJSON ? reportNow().json(now: now) : reportNow().text(now: now)
            }
        } catch {
            throw ValidationError("\(error)")
        }
        defer { status.stop() }
        var metrics: MetricsServer?
        if let metricsPort {
            // Healthy while the receive loop's heartbeat moves (it beats at
            // least four times a second).
            let lastBeat = Mutex<(beat: UInt64, at: Double)>((0, MonotonicClock.seconds()))
            do {
                metrics = try MetricsServer(
                    port: metricsPort, metrics: { reportNow().prometheus(now: Int64(Glibc.time(nil))) },
                    healthy: {
                        guard let listener = runningListener.withLock({ $0 }) else { return false }
                        let beat = listener.receiveLoopHeartbeat
                        let now = MonotonicClock.seconds()
                        return lastBeat.withLock { last in
                            if beat != last.beat { last = (beat, now) }
                            return now - last.at < 2
                        }
                    })
            } catch {
                throw ValidationError("--metrics-port: \(error)")
            }
            StandardOutput.errorLine("Serving /healthz and /metrics on http://127.0.0.1:\(metrics!.port).")
        }
        defer { metrics?.stop() }
        var session = ListeningSession(configuration: configuration, durationSeconds: seconds, handler: handler)
        session.onStart = { listener in runningListener.withLock { $0 = listener } }
        session.notifier = SystemdNotifier()
        session.readyStatus = "listening on UDP \(udpAddress):\(udpPort), storing in \(path)"
        let ticking = Task {
            var ticks = 0
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: 50_000_000)
                wake.yield()
                ticks += 1
                if ticks % 20 == 0, publisher != nil,
                    let depth = try? await writer.perform({ store in try store.outboxDepth().messages })
                {
                    outboxDepth.store(depth, ordering: .relaxed)
                }
            }
        }
        let pumping = Task {
            // Moves the outbox to the broker until the session ends.
            for await _ in wakeups {
                await publisher?.pump()
            }
        }
        let statistics: ListenerStatistics
        do {
            statistics = try await session.run()
        } catch {
            ticking.cancel()
            wake.finish()
            throw error
        }
        ticking.cancel()
        wake.finish()
        _ = await pumping.value
        do {
            try await writer.flush()
        } catch {
            StandardOutput.errorLine("error: could not commit the last batch: \(error)")
        }
        await publisher?.stop()
        try? await writer.flush()
        writer.shutdown()
        StandardOutput.errorLine(ListenCommand.summary(statistics))
        let refused = refusedWrites.load(ordering: .relaxed)
        if refused > 0 { StandardOutput.errorLine("The store refused \(refused) messages (see the error above).") }
    }

    /// Tells the publisher which devices (and hub) spoke, and how long each
    /// may stay silent: a hub reports every 10 s (allowed 2 minutes), sensors
    /// every minute (allowed 5), and a Tempest in power-save mode 3 samples
    /// only every 5 minutes (allowed 15).
    static func noteDevices(of message: TempestMessage, receivedAt: Int64, publisher: GatewayPublisher) {
        let envelope = message.envelope
        var allowed: Int64?
        switch message {
        case .hubStatus: allowed = 120
        case .tempestObservation(let observation): allowed = observation.rows.last?.powerSaveMode == .mode3 ? 900 : 300
        case .airObservation, .skyObservation: allowed = 300
        default: allowed = nil
        }
        publisher.noteDevice(
            .init(
                serial: envelope.serialNumber.rawValue, family: envelope.serialNumber.family,
                hubSerial: envelope.hubSerialNumber?.rawValue, firmware: envelope.firmwareRevision?.description),
            receivedAt: receivedAt, silenceAllowedSeconds: allowed)
        if let hub = envelope.hubSerialNumber {
            publisher.noteDevice(
                .init(serial: hub.rawValue, family: hub.family, hubSerial: nil, firmware: nil),
                receivedAt: receivedAt, silenceAllowedSeconds: nil)
        }
    }

    /// The MQTT publisher, started, unless `--no-mqtt`.
    private func makePublisher(writer: StoreWriter) throws -> GatewayPublisher? {
        guard !mqttOptions.noMqtt else { return nil }
        let configuration = try mqttOptions.configuration()
        do {
            let layout = TopicLayout(base: mqttOptions.mqttBase)
            let discovery = mqttOptions.noHomeassistant
                ? nil
                : HomeAssistantDiscovery(
                    prefix: mqttOptions.homeassistantPrefix, layout: layout, units: mqttOptions.publishedUnits,
                    disabledEntities: Set(mqttOptions.disableEntity))
            let publisher = try GatewayPublisher(
                configuration: configuration, layout: layout, discovery: discovery, qos: mqttOptions.mqttQos,
                writer: writer, logger: Logger(label: "tempest.mqtt"), restartDelaySeconds: mqttOptions.mqttRestartDelay,
                compatibility: mqttOptions.compatibility)
            try publisher.start()
            StandardOutput.errorLine(
                "Publishing to MQTT at \(configuration.host):\(configuration.port) under \(mqttOptions.mqttBase)/ (retrying until the broker answers).")
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
}
