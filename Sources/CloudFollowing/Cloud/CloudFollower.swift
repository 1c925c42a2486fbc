// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import Logging
import Meteorology
import Pipeline
import Storage
import Synchronization
import TempestCloud
import TempestUDP

/// Fills from the WeatherFlow REST API what UDP missed.
///
/// - **Fallback:** when no `obs_st` of a Tempest arrived over UDP for
///   `quietSeconds` (longer in power-save mode 3), every round fetches the
///   rows after the newest stored one and hands them to the gateway as
///   source `rest`, exactly like broadcasts (stored, counted, published).
///   It stops when UDP returns, and is skipped while `liveElsewhere` says
///   the device's data arrives live another way (the WebSocket follower).
///   Both transitions are logged and shown by `status`.
/// - **Backfill:** every round the stored observations within
///   `horizonSeconds` are checked for holes longer than `gapSeconds` (a local
///   query of a few thousand rows); each hole not asked for before is fetched
///   and handed over as source `backfill` (stored and counted, not published:
///   they are history). A hole the cloud cannot fill either is asked for once. The store's unique key and the daily accumulator make every
///   row count once whatever overlaps; summaries of older days are rebuilt
///   from the store.
///
/// - **RainCheck:** every `rainCheckIntervalSeconds` each station's latest
///   cloud observation gives its RainCheck-corrected rain of today and
///   yesterday, handed to `onRainCheck` with that station's Tempest and SKY
///   serials, for publishing beside their own totals and shown by `status`.
///
/// Every Tempest, AIR and SKY of every configured station is followed
/// (``CloudDeviceRoster`` chooses them); AIR rows come as `obs_air`, SKY
/// rows as `obs_sky`, and are handed over as those messages.
public final class CloudFollower: Sendable {
    /// Hands a message to the gateway's pipeline with its source.
    public typealias Ingest = @Sendable (TempestMessage, ObservationRecord.Source) -> Void
    /// Receives one station's Tempest and SKY serials and its RainCheck rain of today and yesterday, mm.
    public typealias RainCheckSink = @Sendable ([String], Double?, Double?) -> Void

    /// State kept between rounds.
    private struct Memory: Sendable {
        /// The stations the report was last set up for.
        var followed: [CloudStation]?
        /// Windows already fetched: a hole the cloud cannot fill either is asked for once.
        var fetched: [String: [ClosedRange<Int64>]] = [:]
        var report: CloudFollowerState = CloudFollowerState()
    }

    private let client: WeatherFlowClient
    /// Which stations and devices are followed (shared with the WebSocket follower).
    public let roster: CloudDeviceRoster
    private let settings: CloudFollowerSettings
    private let writer: StoreWriter
    private let activity: DeviceActivity
    private let summaries: DailySummaryKeeper
    /// Each station's calibration, for the summaries of backfilled days.
    private let corrector: ObservationCorrector
    private let ingest: Ingest
    private let onRainCheck: RainCheckSink
    /// True while another path (the WebSocket follower) delivers the
    /// device's data live: REST polling stands aside for it.
    private let liveElsewhere: @Sendable (String) -> Bool
    private let clock: @Sendable () -> Int64
    private let logger: Logger
    private let startedAt: Int64
    private let memory = Mutex(Memory())

    public init(
        client: WeatherFlowClient, settings: CloudFollowerSettings, writer: StoreWriter, activity: DeviceActivity,
        summaries: DailySummaryKeeper, logger: Logger, clock: @escaping @Sendable () -> Int64 = { Int64(Glibc.time(nil)) },
        roster: CloudDeviceRoster? = nil, onRainCheck: @escaping RainCheckSink = { _, _, _ in },
        liveElsewhere: @escaping @Sendable (String) -> Bool = { _ in false }, corrector: ObservationCorrector = ObservationCorrector(),
        ingest: @escaping Ingest
    ) {
        self.corrector = corrector
        self.liveElsewhere = liveElsewhere
        self.onRainCheck = onRainCheck
        self.client = client
        self.roster = roster ?? CloudDeviceRoster(client: client, choices: settings.choices, heardSerials: { activity.serials })
        self.settings = settings
        self.writer = writer
        self.activity = activity
        self.summaries = summaries
        self.ingest = ingest
        self.clock = clock
        self.logger = logger
        self.startedAt = clock()
    }

    /// What the follower is doing now.
    public var state: CloudFollowerState { memory.withLock { $0.report } }

    /// Runs rounds every `pollIntervalSeconds` until the task is cancelled.
    public func run() async {
        while !Task.isCancelled {
            await round()
            try? await Task.sleep(for: .seconds(settings.pollIntervalSeconds))
        }
    }

    /// One round: find the stations and their devices (once), then for each
    /// device poll REST if UDP is quiet and fill gaps when a check is due,
    /// then fetch each station's RainCheck rain when due.
    public func round() async {
        guard let stations = await followedStations() else { return }
        for station in stations {
            for device in station.devices {
                do {
                    try await follow(device)
                } catch {
                    noteFailure(error)
                }
            }
        }
        for station in stations {
            do {
                try await fetchRainCheck(station)
            } catch {
                noteFailure(error)
            }
        }
    }

    /// The station's RainCheck-corrected rain, when the last fetch is old enough.
    private func fetchRainCheck(_ station: CloudStation) async throws {
        let now = clock()
        let serials = station.rainSerials
        let due = memory.withLock { memory in
            memory.report.stations.first { $0.stationID == station.stationID }?.rainCheckAt.map {
                now - $0 >= settings.rainCheckIntervalSeconds
            } ?? true
        }
        guard due, !serials.isEmpty else { return }
        // Also after a failure: retried at the next interval.
        updateStation(station.stationID) { $0.rainCheckAt = now }
        guard let observation = try await client.stationObservation(stationID: station.stationID) else { return }
        let today = observation.precipitationLocalDayFinalMillimeters
        let yesterday = observation.precipitationLocalYesterdayFinalMillimeters
        updateStation(station.stationID) { report in
            report.rainTodayRainCheckMillimeters = today
            report.rainYesterdayRainCheckMillimeters = yesterday
        }
        storeNearCastDays(serials: serials, today: today, yesterday: yesterday, now: now)
        onRainCheck(serials, today, yesterday)
    }

    /// Keeps the cloud's NearCast totals beside each device's own daily
    /// summary (`cloud_rain_days`), dated in the device's station zone.
    private func storeNearCastDays(serials: [String], today: Double?, yesterday: Double?, now: Int64) {
        var writes = [StoreWrite]()
        for serial in serials {
            let date = summaries.zones.zone(of: serial).localDate(at: now)
            for (day, millimeters) in [(date, today), (date.previous, yesterday)] {
                guard let millimeters, millimeters.isFinite, millimeters >= 0 else { continue }
                writes.append(
                    .cloudRainDay(
                        CloudRainDayRecord(
                            serial: serial, localDate: day.description, nearCastRainMillimeters: millimeters, updatedAt: now)))
            }
        }
        guard !writes.isEmpty else { return }
        do {
            _ = try writer.submit(writes)
        } catch {
            logger.warning("WeatherFlow cloud: could not keep the NearCast rain totals: \(error)")
        }
    }

    private func updateStation(_ stationID: Int, _ change: (inout CloudFollowerState.Station) -> Void) {
        memory.withLock { memory in
            guard let index = memory.report.stations.firstIndex(where: { $0.stationID == stationID }) else { return }
            change(&memory.report.stations[index])
        }
    }

    // MARK: Stations

    /// The stations to follow, from the roster; the report is set up the
    /// first time they are known (and again after the roster re-read them).
    private func followedStations() async -> [CloudStation]? {
        let outcome: CloudDeviceRoster.Outcome
        do {
            outcome = try await roster.resolve()
        } catch {
            noteFailure(error)
            return nil
        }
        switch outcome {
        case .undecided(let reason):
            if !activity.serials.isEmpty || clock() - startedAt > settings.quietSeconds { noteFailure(reason) }
            return nil
        case .following(let stations, let problems):
            for problem in problems { noteFailure(problem) }
            guard !stations.isEmpty else { return nil }
            if memory.withLock({ $0.followed }) != stations { noteFollowing(stations, clearError: problems.isEmpty) }
            return stations
        }
    }

    private func noteFollowing(_ stations: [CloudStation], clearError: Bool) {
        memory.withLock { memory in
            memory.followed = stations
            let earlier = memory.report.stations
            memory.report.stations = stations.map { station in
                earlier.first { $0.stationID == station.stationID }
                    ?? CloudFollowerState.Station(stationID: station.stationID, name: station.name)
            }
            for device in stations.flatMap(\.devices) where memory.report.devices[device.serial.rawValue] == nil {
                memory.report.devices[device.serial.rawValue] = CloudFollowerState.Device(deviceID: device.deviceID, stationID: device.stationID)
            }
            if clearError { memory.report.lastError = nil }
        }
        for station in stations {
            let devices = station.devices.isEmpty ? "it has no Tempest, AIR or SKY" : station.devices.map(\.serial.rawValue).joined(separator: ", ")
            logger.info("following WeatherFlow station \(station.stationID) (\(station.name ?? "unnamed")) in the cloud: \(devices)")
        }
    }

    // MARK: One device

    private func follow(_ device: CloudDevice) async throws {
        let serial = device.serial.rawValue
        let now = clock()
        let silence = UDPSilence(quietSeconds: settings.quietSeconds, powerSaveQuietSeconds: settings.powerSaveQuietSeconds)
            .check(serial: serial, activity: activity, now: now, startedAt: startedAt)
        let live = silence.isQuiet && liveElsewhere(serial)
        let quiet = silence.isQuiet && !live
        let wasPolling = memory.withLock { $0.report.devices[serial]?.pollingREST ?? false }
        if quiet {
            if !wasPolling {
                logger.warning(
                    "no observation from \(serial) over UDP for \(Plural.count(silence.silentSeconds, "second")); polling the WeatherFlow REST API every \(Int(settings.pollIntervalSeconds)) seconds until UDP returns")
                memory.withLock { memory in
                    memory.report.devices[serial]?.pollingREST = true
                    memory.report.devices[serial]?.pollingSince = now
                }
            }
            try await pollLatest(device, now: now)
        } else if wasPolling {
            logger.notice("observations from \(serial) arrive over \(live ? "the WeatherFlow WebSocket" : "UDP again"); REST polling stopped")
            memory.withLock { memory in
                memory.report.devices[serial]?.pollingREST = false
                memory.report.devices[serial]?.pollingSince = nil
            }
        }
        if settings.horizonSeconds > 0 { try await fillGaps(device, now: now) }
    }

    /// The rows after the newest stored one, as live data.
    private func pollLatest(_ device: CloudDevice, now: Int64) async throws {
        let serial = device.serial.rawValue
        let newest = try await writer.perform { store in
            try store.recentObservations(serial: serial, count: 1).first?.timestamp
        }
        // At least the last hour, even with backfill turned off (horizon 0).
        let from = max((newest ?? .min) + 1, now - max(settings.horizonSeconds, 3_600))
        guard from <= now else { return }
        guard let fresh = try await rows(of: device, within: from...now) else { return }
        ingest(fresh.message, .rest)
        memory.withLock { $0.report.devices[serial]?.restRows += fresh.timestamps.count }
    }

    /// Fetches the holes between stored rows within the horizon, newest first,
    /// within this round's request budget.
    private func fillGaps(_ device: CloudDevice, now: Int64) async throws {
        let serial = device.serial.rawValue
        let from = now - settings.horizonSeconds
        let stored = try await writer.perform { store in
            var timestamps: [Int64] = []
            try store.forEachObservation(serial: serial, from: from, to: now + 1) { timestamps.append($0.timestamp) }
            return timestamps
        }
        let fetched = memory.withLock { memory in
            memory.fetched[serial]?.removeAll { $0.upperBound < from }  // past the horizon: forget
            return memory.fetched[serial] ?? []
        }
        let holes = ObservationGaps.find(sortedTimestamps: stored, from: from, to: now + 1, minimumSeconds: settings.gapSeconds)
            .filter { hole in !fetched.contains { $0.contains(hole.lowerBound) && $0.contains(hole.upperBound) } }
        var budget = settings.backfillRequestsPerRound
        var filledDates = Set<LocalDate>()
        let zone = summaries.zones.zone(of: serial)
        for hole in holes {
            // The rest waits for the next round.
            let requests = Int((hole.upperBound - hole.lowerBound) / WeatherFlowClient.maximumWindowSeconds) + 1
            guard requests <= budget else { break }
            budget -= requests
            let filling = try await rows(of: device, within: hole)
            if let filling {
                ingest(filling.message, .backfill)
                for time in filling.timestamps { filledDates.insert(zone.localDate(at: time)) }
                logger.info("filled \(filling.timestamps.count) missing observations of \(serial) from the WeatherFlow REST API")
            }
            memory.withLock { memory in
                memory.fetched[serial, default: []].append(hole)
                memory.report.devices[serial]?.backfilledRows += filling?.timestamps.count ?? 0
            }
        }
        memory.withLock { $0.report.devices[serial]?.lastGapCheckAt = now }
        try await rebuildSummaries(serial: serial, dates: filledDates, now: now)
    }

    /// Days before today that gained rows get their summary recomputed from
    /// the store (today's stays with the live accumulator, which counted
    /// them), the days in the device's own station's zone, each row
    /// corrected as the ingestor corrected it.
    private func rebuildSummaries(serial: String, dates: Set<LocalDate>, now: Int64) async throws {
        let zone = summaries.zones.zone(of: serial)
        let today = zone.localDate(at: now)
        let older = dates.filter { $0 < today }
        guard !older.isEmpty else { return }
        try await writer.flush()
        let correction = corrector.current
        let summaries = self.summaries
        for date in older.sorted() {
            let start = zone.startOfDay(date)
            let end = zone.startOfDay(date.next)
            _ = try await writer.perform { store in
                try store.rebuildDailySummary(
                    serial: serial, localDate: date.description, start: start, end: end, updatedAt: now, correcting: correction.corrected,
                    suspectRainTimes: try store.suspectRain(serial: serial, from: start, to: end - 1).timestamps
                ) { store in
                    try summaries.growers(serial: serial, on: date, from: store, correction: correction)
                }
            }
        }
    }

    /// The device's cloud rows within `window` as one message of its kind
    /// (`obs_st`, `obs_air` or `obs_sky`) with their timestamps; nil when
    /// the cloud has none. A 404 makes the roster read the stations again.
    private func rows(of device: CloudDevice, within window: ClosedRange<Int64>) async throws -> (message: TempestMessage, timestamps: [Int64])? {
        let envelope = MessageEnvelope(serialNumber: device.serial, hubSerialNumber: device.hubSerial)
        let from = UnixTimestamp(secondsSince1970: window.lowerBound)
        let to = UnixTimestamp(secondsSince1970: window.upperBound)
        do {
            switch device.serial.family {
            case .air?:
                let rows = try await client.airObservations(deviceID: device.deviceID, from: from, to: to)
                    .filter { window.contains($0.timestamp.secondsSince1970) }
                return rows.isEmpty ? nil : (.airObservation(AirObservation(envelope: envelope, rows: rows)), rows.map(\.timestamp.secondsSince1970))
            case .sky?:
                let rows = try await client.skyObservations(deviceID: device.deviceID, from: from, to: to)
                    .filter { window.contains($0.timestamp.secondsSince1970) }
                return rows.isEmpty ? nil : (.skyObservation(SkyObservation(envelope: envelope, rows: rows)), rows.map(\.timestamp.secondsSince1970))
            default:
                let rows = try await client.deviceObservations(deviceID: device.deviceID, from: from, to: to)
                    .filter { window.contains($0.timestamp.secondsSince1970) }
                return rows.isEmpty
                    ? nil : (.tempestObservation(TempestObservation(envelope: envelope, rows: rows)), rows.map(\.timestamp.secondsSince1970))
            }
        } catch {
            if error.kind == .deviceNotFound { roster.forget() }
            throw error
        }
    }

    // MARK: Failures

    /// Logs a failure once per distinct message (a rejected token would
    /// otherwise be logged every minute) and keeps it for `status`.
    private func noteFailure(_ error: any Error) {
        let text = "\(error)"
        let isNew = memory.withLock { memory -> Bool in
            defer {
                memory.report.lastError = text
                memory.report.lastErrorAt = clock()
            }
            return memory.report.lastError != text
        }
        if isNew { logger.error("WeatherFlow REST API: \(text)") }
        if let error = error as? WeatherFlowError, error.kind == .stationNotFound { roster.forget() }
    }

    private func noteFailure(_ text: String) {
        noteFailure(CloudFollowerError(text))
    }
}
