// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CloudFollowing
import Configuration
import Forecasting
import GatewayStatus
import Glibc
import HTTP
import Logging
import MQTT
import MQTTSink
import Meteorology
import Pipeline
import Storage
import Synchronization
import TempestCloud
import TempestUDP
import WeatherUploads
import WebPage

/// The parts of a run, assembled in dependency order: the writer's inbox,
/// the sinks (which write back through the inbox), the store writer with
/// those sinks, the pipeline's state restored from the store, the planner
/// and the ingestor, the sources (the UDP listener, made but not bound; the
/// cloud followers; the forecast service) and the status report over them.
/// Nothing is filled in later.
///
/// `GatewayRun.run` assembles one and runs it; a test assembles one with a
/// fake MQTT connection (`GatewayRun.makeMQTTConnection`) and a temporary
/// database and feeds the ingestor directly, with no broker and no child
/// process.
public struct GatewayAssembly: Sendable {
    /// The queue the writer drains, which the sinks write back to.
    public let inbox: StoreInbox
    /// The store writer, told of every commit's sinks.
    public let writer: StoreWriter
    /// The MQTT sink, nil when MQTT is off.
    public let publisher: GatewayPublisher?
    /// Retained values that are no station message, through the writer; nil without MQTT.
    public let outlet: RetainedStateOutlet?
    /// The web page's live updates, nil when the page is off.
    public let liveUpdates: LiveUpdates?
    /// Every sink, in the order the writer tells them.
    public let sinks: [any Sink]
    /// The `[[export]]` destinations (their sinks are among `sinks`).
    public let exports: [ExportPart]
    /// The `[[upload]]` destinations (among `sinks`), nil without one.
    public let uploads: UploadGroup?
    /// Each device's daily totals.
    public let summaries: DailySummaryKeeper
    /// Which devices are the station's.
    public let admission: DeviceAdmission
    /// Conditions, trends and records.
    public let figures: StationFigures
    /// Messages dated too far ahead.
    public let quarantine: MessageQuarantine
    /// Which devices were heard, for `status`.
    public let activity: DeviceActivity
    /// Where every message goes.
    public let ingestor: Ingestor
    /// What the UDP listener hands every event to.
    public let listenerHandler: @Sendable (ListenerEvent) -> Void
    /// The WeatherFlow cloud's followers (restarted by a reload that changes them).
    public let cloudService: ReplaceableService<CloudFollowers>
    /// The forecast service (likewise).
    public let forecastService: ReplaceableService<ForecastService>
    /// The UDP listener, made but not bound; nil in mode websocket.
    public let listener: UDPListener?
    /// The status report now.
    public let reportNow: @Sendable () -> StatusReport

    /// Assembles the parts of `run`.
    ///
    /// - Throws: `GatewayError` when a part cannot be made (the database,
    ///   MQTT, the listener, the web page's live updates, the forecast key,
    ///   a WebSocket mode without a token).
    public init(_ run: GatewayRun) async throws {
        let path = run.databasePath
        let settings = run.settings
        let zone = run.zone
        let zones = run.zones
        let operatorLog = run.operatorLog
        // Messages waiting in the outbox, for `status`: known after each
        // commit without a query (-1 until first known).
        let outboxDepth = Atomic<Int>(-1)
        // Commits follow arrivals within 2 ms: at a station's pace every
        // message commits on its own, under load batches form while a
        // commit is in flight.
        var writerConfiguration = StoreWriterConfiguration()
        writerConfiguration.maximumBatchDelaySeconds = 0.002
        writerConfiguration.retention = settings.storage.retentionPolicy
        writerConfiguration.maximumPageCount = run.maximumDatabasePages
        // The journal the export and upload sinks read is kept only while one is on.
        writerConfiguration.keepsCommitJournal = settings.exports.contains(where: \.enabled) || settings.uploads.contains(where: \.enabled)
        writerConfiguration.journalsRapidWind =
            settings.exports.contains { $0.enabled && $0.rapidWind } || settings.uploads.contains { $0.enabled && $0.isRealTime }
        // Built in dependency order: the writer's inbox, the sinks (which
        // write back through the inbox), then the writer, which tells the
        // sinks of every commit.
        let inbox = StoreInbox(configuration: writerConfiguration, logger: Logger(label: "tempest.storage"))
        let hooks = run.hooks
        let cloudClient = try hooks.cloudClient(settings)
        let publisher = try run.makePublisher(inbox: inbox, mqtt: settings.mqtt, rainCheck: cloudClient != nil)
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
        // Each station's calibration, for the ingestor and every reader of the run.
        let corrector = ObservationCorrector()
        let exports = try run.makeExports(inbox: inbox, corrector: corrector)
        let uploads = try run.makeUploads(inbox: inbox, corrector: corrector)
        let sinks: [any Sink] = [publisher as (any Sink)?, liveUpdates, uploads].compactMap { $0 } + exports.map(\.sink)
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
        // Each station's calibration set is applied (and stored when it
        // changed) before anything is read or ingested, so every reader
        // corrects alike.
        let calibrated: [Int]
        do {
            calibrated = try await corrector.apply(settings.stations, writer: writer, now: Int64(Glibc.time(nil)))
        } catch {
            throw GatewayError.databaseUnavailable(path, error)
        }
        if !calibrated.isEmpty { operatorLog.line(ConfigurationReload.calibrationSentence(stations: calibrated)) }
        // Cursors of destinations no longer configured would hold the journal back.
        let cursorNames = Set(exports.map(\.sink.cursorName) + (uploads?.members.map(\.sink.cursorName) ?? []))
        _ = try await writer.perform { store in try store.dropSinkCursors(keeping: cursorNames) }
        // Each export's cursor is opened (and stored) before anything is
        // ingested: the journal kept for it from now on waits for it, even
        // if the gateway is killed before its first delivery.
        for export in exports {
            do {
                try await export.sink.start()
            } catch {
                throw GatewayError.exportUnavailable(keys: "export[\(export.number)]", "cannot open its position in \(path): \(error)")
            }
            operatorLog.line("Exporting every stored observation (export \(export.number)) to \(export.url).")
        }
        if let uploads {
            do {
                try await uploads.start()
            } catch let error as UploadGroupError {
                throw GatewayError.uploadUnavailable(keys: "upload[\(error.number)]", "cannot open its position in \(path): \(error.underlying)")
            }
            for member in uploads.members {
                operatorLog.line(
                    "Uploading station \(member.table.station)'s readings (upload \(member.number)) to \(member.table.service.displayName) "
                        + "as \(member.table.id), every \(Plural.count(member.table.intervalSeconds, "second")).")
            }
        }
        if let rows = writer.importedSpillRows {
            operatorLog.line("Stored \(Plural.count(rows, "row")) that the last run could not write and kept in \(SpillFile.path(database: path)).")
        }
        let futureToleranceSeconds = Int64(settings.udp.futureToleranceSeconds)
        let sites = DeviceSites(configured: settings.stations)
        let summaries = DailySummaryKeeper(zones: zones, futureToleranceSeconds: futureToleranceSeconds, sites: sites)
        let maxDevices = settings.station.maxDevices
        // The devices published: the configured station's, else the first
        // heard (the same ones after a restart: the devices table keeps
        // only admitted devices, in the order first seen).
        let knownSerials = try await writer.perform { store in try store.earliestDeviceSerials(limit: maxDevices) }
        let admission = DeviceAdmission(configured: Set(settings.stations.flatMap(\.serials)), limit: maxDevices, known: knownSerials)
        let restored = try await writer.perform { store in
            try summaries.restore(
                from: store, now: Int64(Glibc.time(nil)), including: admission.isAdmitted,
                confirmedStrikesOnly: settings.mqtt.publishesConfirmedStrikesOnly, correction: corrector.current,
                nearCastRainStandsIn: settings.weatherFlow.mode.hasOnlyNearCastRain)
        }
        let figures = StationFigures(
            zones: zones, rules: GatewayRun.conditionRules(settings), sites: sites,
            degreeDayBaseCelsius: settings.agronomy.baseTemperatureCelsius)
        try await writer.perform { store in
            try figures.restore(
                from: store, latest: summaries.latestCountedSeconds(now: Int64(Glibc.time(nil))), including: admission.isAdmitted,
                confirmedStrikesOnly: settings.mqtt.publishesConfirmedStrikesOnly, correction: corrector.current,
                nearCastRainStandsIn: settings.weatherFlow.mode.hasOnlyNearCastRain)
        }
        let quarantine = MessageQuarantine(writer: writer, toleranceSeconds: futureToleranceSeconds, admission: admission)
        operatorLog.line(
            "Storing in \(path); daily totals in \(GatewayAssembly.zonesPhrase(zones)), restored from "
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
            writer: writer, summaries: summaries, activity: activity, planner: planner, site: StationSites.site(of: settings.station),
            operatorLog: operatorLog, figures: figures, publishesConfirmedStrikesOnly: settings.mqtt.publishesConfirmedStrikesOnly,
            corrector: corrector, nearCastRainStandsIn: settings.weatherFlow.mode.hasOnlyNearCastRain,
            quality: QualityJudge(thresholds: GatewayRun.qualityThresholds(settings)))
        ingestor.setSites(StationSites(settings.stations))
        let handler: @Sendable (ListenerEvent) -> Void = { event in
            hooks.onListenerEvent?(event)
            switch event {
            case .message(let received):
                ingestor.ingest(
                    received.message, source: .udp, receivedAt: received.receivedAt.secondsSince1970, isLate: received.isLate,
                    outOfBounds: received.diagnostics.rangeViolations.map(\.field))
            case .future(let future):
                quarantine.keep(future)
            case .rejected, .ignored:
                break
            }
        }
        // The cloud follower and the forecast service restart on a reload
        // that changes them; the listener and the store go on meanwhile.
        let cloudParts = GatewayRun.CloudFollowerParts(
            writer: writer, summaries: summaries, activity: activity, ingestor: ingestor, quarantine: quarantine,
            outlet: outlet, units: units, pollIntervalSeconds: run.cloudPollIntervalSeconds,
            webSocketBackoffCapSeconds: run.webSocketBackoffCapSeconds)
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
        let forecastParts = GatewayRun.ForecastServiceParts(
            writer: writer, summaries: summaries, outlet: outlet, units: units, timeZone: zone.identifier, corrector: corrector)
        let forecastTiming = run.forecastTiming
        let makeForecasting: @Sendable (GatewayConfiguration) throws -> ForecastService? = { settings in
            try GatewayRun.makeForecastService(settings, parts: forecastParts, timing: forecastTiming, operatorLog: operatorLog)
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
                        bindAddress: udpAddress, port: udpPort, futureToleranceSeconds: futureToleranceSeconds,
                        relayTargets: settings.udp.relay),
                    admission: admission) : nil
        } catch {
            throw GatewayError.listenerFailed(error)
        }
        let followsNearbyStrikes = GatewayRun.followsNearbyStrikes(settings)
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
                nearbyStrikes: followsNearbyStrikes ? ingestor.nearbyStrikes.summary(now: Int64(Glibc.time(nil))) : nil,
                exports: exports.map(\.status), uploads: uploads?.members.map(\.status) ?? [],
                qualityFindings: ingestor.quality.activeFindings())
        }

        self.inbox = inbox
        self.writer = writer
        self.publisher = publisher
        self.outlet = outlet
        self.liveUpdates = liveUpdates
        self.exports = exports
        self.uploads = uploads
        self.sinks = sinks
        self.summaries = summaries
        self.admission = admission
        self.figures = figures
        self.quarantine = quarantine
        self.activity = activity
        self.ingestor = ingestor
        self.listenerHandler = handler
        self.cloudService = cloudService
        self.forecastService = forecastService
        self.listener = listener
        self.reportNow = reportNow
    }

    /// Where the start's log line says the days begin: "the America/Denver
    /// time zone" while every station keeps one zone, else each station's
    /// ("each station's time zone: station 1 America/Denver, station 2
    /// Asia/Tokyo"), so that an operator sees which midnight ends whose day.
    static func zonesPhrase(_ zones: StationZones) -> String {
        guard !zones.isSingleZone else { return "the \(zones.first.identifier) time zone" }
        return "each station's time zone: "
            + zones.stations.enumerated().map { "station \($0.offset + 1) \($0.element.identifier)" }.joined(separator: ", ")
    }
}
