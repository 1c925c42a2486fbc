// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import Logging
import Pipeline
import Storage
import Synchronization

/// One `[[upload]]` destination as a `CursorSink` delivers to it: from the
/// committed observations of its station, a reading per interval, in the
/// service's protocol.
///
/// - A live observation is sent when no reading was sent within the
///   interval of it (`UploadSchedule`): the first one after start at once
///   (within the sink's gathering wait), then one per interval.
/// - A service that takes past readings (`acceptsPastReadings`) gets every
///   due reading of the journal, oldest first, in batches of at most
///   `maximumReadingsPerSend`: a gap left by an outage of the service (the
///   cursor waited) or of the gateway (the cloud's backfill stored it later)
///   is filled, up to `pastReadingLimitSeconds` back.
/// - Any other service gets only the newest due reading of what commits,
///   and only while it is fresh: nothing is sent for a station silent for
///   more than twice the interval (at least a minute).
/// - In real-time mode (Weather Underground's RapidFire) each 3-second wind
///   sample is the trigger, with the station's newest observation.
///
/// A service's answer decides the rest: a rejected key, a 429, a 5xx or no
/// answer throws, so the sink tries again later (a rejected key after an
/// hour, a 429 after its `Retry-After`); any other error answer (a 400:
/// the service will not take this reading) is logged and the reading
/// skipped, so one bad reading cannot hold back the ones after it.
public final class UploadDestination: CursorDestination {
    /// Its name in logs and status (`upload 1`).
    public let name: String
    /// What it sends in.
    private let service: any UploadProtocol
    /// Where its readings come from.
    public let readings: StationReadings
    /// Seconds between readings.
    public let intervalSeconds: Int
    /// Whether 3-second wind samples trigger uploads (RapidFire).
    public let isRealTime: Bool
    private let logger: Logger
    private struct State {
        var schedule: UploadSchedule
        var lastUploadAt: Int64?
        var lastReadingTime: Int64?
        var lastError: String?
        var outcomes: [UploadOutcome: Int] = [:]
    }
    private let state: Mutex<State>

    /// How far back a reading is sent to a service that takes past
    /// readings: a week (Met Office WOW takes about that much; older data
    /// goes through its bulk import).
    public static let pastReadingLimitSeconds: Int64 = 7 * 86_400

    /// A destination sending `readings` through `service`, one per
    /// `intervalSeconds`, triggered by 3-second wind with `isRealTime`.
    public init(
        name: String, service: any UploadProtocol, readings: StationReadings, intervalSeconds: Int, isRealTime: Bool = false,
        logger: Logger
    ) {
        self.name = name
        self.service = service
        self.readings = readings
        self.intervalSeconds = intervalSeconds
        self.isRealTime = isRealTime
        self.logger = logger
        // Sent times are kept as long as a reading near them could still be sent.
        let memory = (service.acceptsPastReadings && !isRealTime ? Self.pastReadingLimitSeconds : Self.freshness(intervalSeconds))
            + Int64(intervalSeconds)
        state = Mutex(State(schedule: UploadSchedule(intervalSeconds: intervalSeconds, memorySeconds: memory)))
    }

    /// How old the newest reading may be and still be sent to a service
    /// that takes no past readings: twice the interval, at least a minute.
    public var freshnessSeconds: Int64 { Self.freshness(intervalSeconds) }

    private static func freshness(_ intervalSeconds: Int) -> Int64 { max(2 * Int64(intervalSeconds), 60) }

    /// When the service last took a reading (epoch seconds), nil when not since start.
    public var lastUploadAt: Int64? { state.withLock { $0.lastUploadAt } }
    /// The time of the last reading the service took.
    public var lastReadingTime: Int64? { state.withLock { $0.lastReadingTime } }
    /// The last failure in the service's words, nil after a success.
    public var lastError: String? { state.withLock { $0.lastError } }
    /// Requests by how they ended, since start.
    public var outcomes: [UploadOutcome: Int] { state.withLock { $0.outcomes } }

    public func deliver(_ entries: [JournalEntry], from store: Store) async throws {
        let now = Int64(time(nil))
        let kind: JournalEntry.Kind = isRealTime ? .rapidWind : .observation
        var times: [Int64: String] = [:]
        for entry in entries where entry.kind == kind && readings.includes(entry.serial) { times[entry.timestamp] = entry.serial }
        guard !times.isEmpty else { return }
        let chosen = state.withLock { state -> [Int64] in
            var schedule = state.schedule
            var chosen: [Int64] = []
            if service.acceptsPastReadings && !isRealTime {
                for time in times.keys.sorted() where time >= now - Self.pastReadingLimitSeconds && schedule.isDue(time) {
                    chosen.append(time)
                    schedule.noteSent(time, now: now)
                }
            } else if let newest = times.keys.max(), newest >= now - freshnessSeconds, schedule.isDue(newest) {
                chosen = [newest]
            }
            return chosen
        }
        var start = 0
        let perSend = max(1, service.maximumReadingsPerSend)
        while start < chosen.count {
            let batch = Array(chosen[start..<min(start + perSend, chosen.count)])
            start += batch.count
            var sent: [UploadReading] = []
            for time in batch {
                guard let serial = times[time], let reading = try reading(serial: serial, time: time, from: store) else { continue }
                sent.append(reading)
            }
            guard !sent.isEmpty else { continue }
            try await send(sent, now: now)
        }
    }

    /// The reading of the station's entry at `time`: its observation, or
    /// in real-time mode the wind sample with the newest observation.
    private func reading(serial: String, time: Int64, from store: Store) throws -> UploadReading? {
        let previous = state.withLock { $0.schedule.sentTime(before: time) }
        guard isRealTime else {
            // A value the quality checks judged bad is left out, as on MQTT.
            guard let observation = try store.observationWithoutBadValues(serial: serial, timestamp: time) else { return nil }
            return try readings.reading(observation, previousTimestamp: previous, from: store)
        }
        guard let sample = try store.rapidWind(serial: serial, timestamp: time).map(readings.corrector.current.corrected) else { return nil }
        var reading = UploadReading(timestamp: time)
        if let newest = try store.recentObservations(serial: serial, count: 1).first,
            newest.timestamp >= time - StationReadings.companionWindowSeconds
        {
            reading = try readings.reading(try store.withoutBadValues(newest), previousTimestamp: previous, from: store)
            reading.timestamp = time
        }
        reading.windAverageMetersPerSecond = sample.speedMetersPerSecond
        reading.windDirectionDegrees = Double(sample.directionDegrees)
        return reading
    }

    /// Sends `batch` and notes how it ended; throws what the sink should try again.
    private func send(_ batch: [UploadReading], now: Int64) async throws {
        do {
            try await service.send(batch)
        } catch {
            let described = "\(error)"
            let isNew = state.withLock { state -> Bool in
                state.outcomes[UploadOutcome(error.code), default: 0] += 1
                defer { state.lastError = described }
                return state.lastError != described
            }
            guard case .refused(let status) = error.code, (400..<500).contains(status) else { throw error }
            // The service will not take these readings: skipped, so that
            // the ones after them are not held back.
            state.withLock { state in for reading in batch { state.schedule.noteSent(reading.timestamp, now: now) } }
            if isNew {
                logger.warning("\(name): the service refused a reading; it is skipped", metadata: ["error": "\(described)"])
            }
            return
        }
        state.withLock { state in
            for reading in batch { state.schedule.noteSent(reading.timestamp, now: now) }
            state.outcomes[.accepted, default: 0] += 1
            state.lastUploadAt = Int64(time(nil))
            state.lastReadingTime = batch.last?.timestamp
            state.lastError = nil
        }
    }
}
