// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ForecastBridge
import Glibc
import Logging
import MQTTSink
import Pipeline
import Storage
import Synchronization

/// The forecast side of `run`: polls Open-Meteo (``ForecastPoller``: on
/// start, then every interval, backing off after failures, within the
/// daily ``CallBudget``), keeps every forecast in SQLite
/// (`forecast_snapshots`) and its temperatures in the verification record,
/// merges the forecast with the station (``ForecastConditions``) and
/// publishes the result (``ForecastPublications``, ``ForecastDiscovery``).
///
/// While Open-Meteo cannot be reached it keeps serving the last forecast
/// (from memory, or from the database after a restart) with its age. The
/// merge is refreshed every ``refreshSeconds``, so the station's newest
/// observation and the forecast's age stay current between polls.
///
/// With several stations, the first station's service publishes under
/// `<base>/forecast/…` as with one, and runs one companion service per
/// other station with coordinates, which publishes under
/// `<base>/station/<station>/forecast/…` (``topicBase``) and announces
/// nothing to Home Assistant. They share one Open-Meteo client, so one
/// daily call budget.
public final class ForecastService: Sendable {
    private struct State {
        var served: ServedForecast?
        /// What the hourly and daily topics were last published for.
        var seriesKey: [Int64] = []
        var lastLoggedFailure: String?
    }

    public let poller: ForecastPoller
    public let query: ForecastQuery
    public let writer: StoreWriter
    /// Where its MQTT values go; nil without MQTT.
    public let outlet: RetainedStateOutlet?
    public let units: PublishedUnits
    public let refreshSeconds: Double
    public let station: @Sendable (Int64) async -> StationReading?
    public let logger: Logger
    public let clock: @Sendable () -> Int64
    /// Where the closing note on the forecast's accuracy goes.
    public let operatorLog: OperatorLog
    /// The topic prefix before `/forecast/…`; nil: the outlet's base (the first station).
    public let topicBase: String?
    /// The other stations' services, run alongside this one.
    public let companions: [ForecastService]
    private let state = Mutex(State())

    public init(
        poller: ForecastPoller, query: ForecastQuery, writer: StoreWriter, outlet: RetainedStateOutlet?, units: PublishedUnits,
        refreshSeconds: Double, station: @escaping @Sendable (Int64) async -> StationReading?, logger: Logger,
        operatorLog: OperatorLog = .silent, clock: @escaping @Sendable () -> Int64 = { Int64(Glibc.time(nil)) },
        topicBase: String? = nil, companions: [ForecastService] = []
    ) {
        self.topicBase = topicBase
        self.companions = companions
        self.operatorLog = operatorLog
        self.poller = poller
        self.query = query
        self.writer = writer
        self.outlet = outlet
        self.units = units
        self.refreshSeconds = refreshSeconds
        self.station = station
        self.logger = logger
        self.clock = clock
    }

    /// The forecast being served, if any.
    public var served: ServedForecast? { state.withLock { $0.served } }

    /// Runs until the task is cancelled.
    public func run() async {
        let storedAge = await restoreStored()
        // A forecast stored less than an interval ago is served until the
        // interval is up, so that restarts do not add requests.
        let firstPollAfter = storedAge.map { max(0, poller.intervalSeconds - $0) } ?? 0
        if firstPollAfter > 0 { logger.notice("the stored forecast is recent; next poll in \(Plural.count(firstPollAfter, "second"))") }
        if topicBase == nil, let outlet, let discovery = outlet.discovery {
            outlet.publish(
                ForecastDiscovery(discovery: discovery, units: units, pollIntervalSeconds: Double(poller.intervalSeconds))
                    .configs(base: discovery.layout.base))
        }
        await withTaskGroup(of: Void.self) { group in
            for companion in companions { group.addTask { await companion.run() } }
            group.addTask { await self.poller.run(firstPollAfterSeconds: firstPollAfter) { event in await self.handle(event) } }
            group.addTask {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(self.refreshSeconds))
                    guard !Task.isCancelled else { return }
                    await self.refresh()
                }
            }
        }
        await closingNote()
    }

    /// On shutdown, one line on how good the forecast has been here (from the verification record).
    private func closingNote() async {
        let key = query.locationKey
        guard let summaries = try? await writer.perform({ store in try store.verificationSummary(locationKey: key) }) else { return }
        operatorLog.line(VerificationClosingNote.closingNote(summaries))
    }

    /// Serves the last stored forecast for the place until a new one
    /// arrives; returns its age in seconds, nil when there is none.
    @discardableResult
    public func restoreStored() async -> Int64? {
        let query = self.query
        guard let stored = try? await writer.perform({ store in try ForecastSnapshots.latest(for: query, in: store) }) ?? nil
        else { return nil }
        state.withLock { state in
            if state.served == nil {
                state.served = ServedForecast(response: stored.response, fetchedAt: stored.fetchedAt, isCurrent: false)
            }
        }
        let age = ForecastSnapshots.age(from: stored.fetchedAt, to: clock())
        logger.notice("serving the last stored forecast (fetched \(age) ago) until Open-Meteo answers")
        await refresh()
        return max(0, clock() - stored.fetchedAt)
    }

    /// Takes one poll's outcome: stores a new forecast, or keeps serving the last one.
    public func handle(_ event: ForecastPollEvent) async {
        let now = clock()
        switch event {
        case .fetched(let fetched, let next):
            let query = self.query
            let hours = ForecastVerificationHours.records(fetched.response, locationKey: query.locationKey, fetchedAt: now)
            do {
                try await writer.perform { store in
                    try store.write {
                        try ForecastSnapshots.store(fetched, for: query, at: now, in: store)
                        try store.insertForecastHours(hours)
                        try store.pruneForecastVerification(before: now - ForecastVerificationHours.retentionSeconds)
                    }
                }
            } catch {
                logger.warning("could not store the forecast: \(error)")
            }
            let recovered = state.withLock { state in
                defer {
                    state.served = ServedForecast(response: fetched.response, fetchedAt: now, isCurrent: true)
                    state.lastLoggedFailure = nil
                }
                return state.lastLoggedFailure != nil
            }
            logger.notice(
                "\(recovered ? "Open-Meteo answers again: " : "")fetched a forecast (\(Plural.count(fetched.attempts, "attempt"))); next poll in \(Plural.count(next, "second"))")
        case .failed(let error, let next):
            let description = "\(error)"
            let (firstOfKind, age) = state.withLock { state -> (Bool, String?) in
                state.served?.isCurrent = false
                state.served?.lastError = description
                defer { state.lastLoggedFailure = description }
                return (state.lastLoggedFailure != description, state.served.map { ForecastSnapshots.age(from: $0.fetchedAt, to: now) })
            }
            if firstOfKind {
                let serving = age.map { "serving the last forecast, fetched \($0) ago" } ?? "no forecast to serve yet"
                logger.warning("forecast poll failed: \(description); \(serving); next poll in \(Plural.count(next, "second"))")
            }
        }
        await refresh()
    }

    /// Merges the served forecast with the station now, fills in the
    /// verification record and publishes.
    public func refresh() async {
        let now = clock()
        guard let served = self.served else { return }
        _ = try? await writer.perform { store in
            try store.write { try store.completeForecastVerification(since: now - 2 * 86_400, now: now) }
        }
        guard let outlet else { return }
        let reading = await station(now)
        let conditions = ForecastConditions(served, station: reading, now: now)
        let publications = ForecastPublications(conditions, served: served, now: now, base: topicBase ?? outlet.layout.base, units: units)
        // Conditions at every refresh; hours and days when the forecast, its
        // standing or the hour changed (their age is in them).
        let key = [served.fetchedAt, served.isCurrent ? 1 : 0, now / 3600]
        let seriesChanged = state.withLock { state in
            defer { state.seriesKey = key }
            return state.seriesKey != key
        }
        let documents = publications.documents.filter { seriesChanged || $0.topic.hasSuffix("/conditions") }
        outlet.publish(documents + publications.values)
    }
}
