// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import Logging
import Meteorology
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
/// - **RainCheck:** every `rainCheckIntervalSeconds` the station's latest
///   cloud observation gives its RainCheck-corrected rain of today and
///   yesterday, handed to `onRainCheck` for publishing beside the station's
///   own totals and shown by `status`.
///
/// Only Tempest devices are followed; AIR and SKY stations are not yet.
public final class CloudFollower: Sendable {
    /// Hands a message to the gateway's pipeline with its source.
    public typealias Ingest = @Sendable (TempestMessage, ObservationRecord.Source) -> Void
    /// Receives the Tempest serials and the RainCheck rain of today and yesterday, mm.
    public typealias RainCheckSink = @Sendable ([String], Double?, Double?) -> Void

    private struct Followed: Sendable {
        var serial: SerialNumber
        var deviceID: Int
        var hubSerial: SerialNumber?
    }

    /// State kept between rounds.
    private struct Memory: Sendable {
        var followed: [Followed]?
        /// Windows already fetched: a hole the cloud cannot fill either is asked for once.
        var fetched: [String: [ClosedRange<Int64>]] = [:]
        var report: CloudFollowerState = CloudFollowerState()
    }

    private let client: WeatherFlowClient
    private let settings: CloudFollowerSettings
    private let writer: StoreWriter
    private let activity: DeviceActivity
    private let summaries: DailySummaryKeeper
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
        onRainCheck: @escaping RainCheckSink = { _, _, _ in }, liveElsewhere: @escaping @Sendable (String) -> Bool = { _ in false },
        ingest: @escaping Ingest
    ) {
        self.liveElsewhere = liveElsewhere
        self.onRainCheck = onRainCheck
        self.client = client
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

    /// One round: find the station's Tempests (once), then for each poll
    /// REST if UDP is quiet and fill gaps when a check is due.
    public func round() async {
        guard let followed = await followedDevices() else { return }
        for device in followed {
            do {
                try await follow(device)
            } catch {
                noteFailure(error)
            }
        }
        do {
            try await fetchRainCheck(serials: followed.map(\.serial.rawValue))
        } catch {
            noteFailure(error)
        }
    }

    /// The station's RainCheck-corrected rain, when the last fetch is old enough.
    private func fetchRainCheck(serials: [String]) async throws {
        let now = clock()
        let (stationID, due) = memory.withLock { memory in
            (memory.report.stationID, memory.report.rainCheckAt.map { now - $0 >= settings.rainCheckIntervalSeconds } ?? true)
        }
        guard let stationID, due, !serials.isEmpty else { return }
        memory.withLock { $0.report.rainCheckAt = now }  // also after a failure: retried at the next interval
        guard let observation = try await client.stationObservation(stationID: stationID) else { return }
        let today = observation.precipitationLocalDayFinalMillimeters
        let yesterday = observation.precipitationLocalYesterdayFinalMillimeters
        memory.withLock { memory in
            memory.report.rainTodayRainCheckMillimeters = today
            memory.report.rainYesterdayRainCheckMillimeters = yesterday
        }
        onRainCheck(serials, today, yesterday)
    }

    // MARK: Station

    private func followedDevices() async -> [Followed]? {
        if let known = memory.withLock({ $0.followed }) { return known }
        let stations: [Station]
        do {
            stations = try await client.stations()
        } catch {
            noteFailure(error)
            return nil
        }
        let heard = activity.serials
        let chosen: Station?
        if let id = settings.stationID {
            chosen = stations.first { $0.id == id }
            if chosen == nil {
                noteFailure("station \(id) is not in this account; its stations: \(Self.names(stations))")
                return nil
            }
        } else if stations.count == 1 {
            chosen = stations[0]
        } else {
            let matching = stations.filter { station in station.devices.contains { heard.contains($0.serialNumber?.rawValue ?? "") } }
            chosen = matching.count == 1 ? matching[0] : nil
            if chosen == nil {
                if !heard.isEmpty || clock() - startedAt > settings.quietSeconds {
                    noteFailure("the account has \(stations.count) stations (\(Self.names(stations))); choose one with --station ID or station.station_id in the configuration")
                }
                return nil
            }
        }
        guard let station = chosen else { return nil }
        let hub = station.devices.first { $0.isHub }?.serialNumber
        let followed = station.devices.compactMap { device -> Followed? in
            guard let serial = device.serialNumber, serial.family == .tempest else { return nil }
            return Followed(serial: serial, deviceID: device.id, hubSerial: hub)
        }
        memory.withLock { memory in
            memory.followed = followed
            memory.report.stationID = station.id
            for device in followed {
                memory.report.devices[device.serial.rawValue] = CloudFollowerState.Device(deviceID: device.deviceID)
            }
            memory.report.lastError = nil
        }
        let tempests = followed.isEmpty ? "it has no Tempest" : followed.map(\.serial.rawValue).joined(separator: ", ")
        logger.info("following WeatherFlow station \(station.id) (\(station.name ?? "unnamed")) in the cloud: \(tempests)")
        return followed
    }

    private static func names(_ stations: [Station]) -> String {
        stations.map { "\($0.id) \($0.name ?? "unnamed")" }.joined(separator: ", ")
    }

    // MARK: One device

    private func follow(_ device: Followed) async throws {
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
    private func pollLatest(_ device: Followed, now: Int64) async throws {
        let serial = device.serial.rawValue
        let newest = try await writer.perform { store in
            try store.recentObservations(serial: serial, count: 1).first?.timestamp
        }
        // At least the last hour, even with backfill turned off (horizon 0).
        let from = max((newest ?? .min) + 1, now - max(settings.horizonSeconds, 3_600))
        guard from <= now else { return }
        let rows = try await client.deviceObservations(
            deviceID: device.deviceID, from: UnixTimestamp(secondsSince1970: from), to: UnixTimestamp(secondsSince1970: now))
        let fresh = rows.filter { $0.timestamp.secondsSince1970 >= from && $0.timestamp.secondsSince1970 <= now }
        guard !fresh.isEmpty else { return }
        ingest(message(device, fresh), .rest)
        memory.withLock { $0.report.devices[serial]?.restRows += fresh.count }
    }

    /// Fetches the holes between stored rows within the horizon, newest first,
    /// within this round's request budget.
    private func fillGaps(_ device: Followed, now: Int64) async throws {
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
        for hole in holes {
            // The rest waits for the next round.
            let requests = Int((hole.upperBound - hole.lowerBound) / WeatherFlowClient.maximumWindowSeconds) + 1
            guard requests <= budget else { break }
            budget -= requests
            let rows = try await client.deviceObservations(
                deviceID: device.deviceID, from: UnixTimestamp(secondsSince1970: hole.lowerBound),
                to: UnixTimestamp(secondsSince1970: hole.upperBound))
            let filling = rows.filter { hole.contains($0.timestamp.secondsSince1970) }
            if !filling.isEmpty {
                ingest(message(device, filling), .backfill)
                for row in filling { filledDates.insert(summaries.timeZone.localDate(at: row.timestamp.secondsSince1970)) }
                logger.info("filled \(filling.count) missing observations of \(serial) from the WeatherFlow REST API")
            }
            memory.withLock { memory in
                memory.fetched[serial, default: []].append(hole)
                memory.report.devices[serial]?.backfilledRows += filling.count
            }
        }
        memory.withLock { $0.report.devices[serial]?.lastGapCheckAt = now }
        try await rebuildSummaries(serial: serial, dates: filledDates, now: now)
    }

    /// Days before today that gained rows get their summary recomputed from
    /// the store (today's stays with the live accumulator, which counted them).
    private func rebuildSummaries(serial: String, dates: Set<LocalDate>, now: Int64) async throws {
        let today = summaries.timeZone.localDate(at: now)
        let older = dates.filter { $0 < today }
        guard !older.isEmpty else { return }
        try await writer.flush()
        let zone = summaries.timeZone
        for date in older.sorted() {
            let start = zone.startOfDay(date)
            let end = zone.startOfDay(date.next)
            _ = try await writer.perform { store in
                try store.rebuildDailySummary(serial: serial, localDate: date.description, start: start, end: end, updatedAt: now)
            }
        }
    }

    private func message(_ device: Followed, _ rows: [TempestObservation.Row]) -> TempestMessage {
        .tempestObservation(
            TempestObservation(envelope: MessageEnvelope(serialNumber: device.serial, hubSerialNumber: device.hubSerial), rows: rows))
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
    }

    private func noteFailure(_ text: String) {
        noteFailure(CloudFollowerError(text))
    }
}
