// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import Logging
import Meteorology
import Storage
import Synchronization
import TempestTestKit
import Testing
import WeatherUploads

/// A destination's choice of readings and its reading of answers, against a
/// real store and a service that records what it is sent.
@Suite struct UploadDestinationTests {
    /// A service that records readings, and fails with `failure` while set.
    final class RecordingService: UploadProtocol {
        let acceptsPastReadings: Bool
        let maximumReadingsPerSend: Int
        private let sent = Mutex<[[UploadReading]]>([])
        private let failure = Mutex<UploadError?>(nil)
        init(acceptsPastReadings: Bool, maximumReadingsPerSend: Int = 1) {
            self.acceptsPastReadings = acceptsPastReadings
            self.maximumReadingsPerSend = maximumReadingsPerSend
        }
        var requests: [[UploadReading]] { sent.withLock { $0 } }
        var readings: [UploadReading] { requests.flatMap { $0 } }
        func fail(with error: UploadError?) { failure.withLock { $0 = error } }
        func send(_ readings: [UploadReading]) async throws(UploadError) {
            if let error = failure.withLock({ $0 }) { throw error }
            sent.withLock { $0.append(readings) }
        }
    }

    static let serial = "ST-00012345"
    /// Whole minutes, the newest a minute ago.
    static let now = Int64(time(nil)) / 60 * 60

    /// A store with `minutes` observations of the station, `spacingSeconds`
    /// apart, the last at `end`, each with 0.1 mm of rain; and its journal entries.
    static func store(in directory: TemporaryDirectory, minutes: Int, end: Int64 = now, spacingSeconds: Int64 = 60) async throws -> (Store, [JournalEntry]) {
        let path = directory.file("uploads.db")
        var configuration = StoreWriterConfiguration()
        configuration.keepsCommitJournal = true
        let writer = try StoreWriter(path: path, configuration: configuration)
        _ = try await writer.perform { store in try store.openSinkCursor(named: "test", now: 0) }
        for minute in 0..<minutes {
            var record = ObservationRecord(serial: serial, timestamp: end - Int64(minutes - 1 - minute) * spacingSeconds, kind: .tempest, source: .udp)
            record.airTemperatureCelsius = 20 + Double(minute) / 10
            record.relativeHumidityPercent = 50
            record.stationPressureMillibars = 1_000
            record.rainAccumulatedMillimeters = 0.1
            _ = try writer.submit(.observation(record))
        }
        try await writer.flush()
        writer.shutdown()
        let store = try Store(readOnlyPath: path)
        return (store, try store.journalEntries(after: 0, limit: 10_000))
    }

    static func destination(_ service: RecordingService, intervalSeconds: Int = 300) -> UploadDestination {
        let station = UploadStation(latitudeDegrees: 40, longitudeDegrees: -105, elevationMeters: 1_600, sensorHeightMeters: 2, name: "test")
        return UploadDestination(
            name: "upload 1", service: service, readings: StationReadings(station: station, zone: .utc) { $0 == serial },
            intervalSeconds: intervalSeconds, logger: Logger(label: "test"))
    }

    @Test func liveObservationsGoOncePerIntervalTheFirstAtOnce() async throws {
        let directory = try TemporaryDirectory()
        let (store, entries) = try await Self.store(in: directory, minutes: 11)
        // (One that takes past readings: the test's minutes are older than a
        // live station's by the time they are delivered.)
        let service = RecordingService(acceptsPastReadings: true)
        let destination = Self.destination(service)
        // As the sink delivers at a station's pace: one commit at a time.
        for entry in entries { try await destination.deliver([entry], from: store) }
        #expect(service.readings.map(\.timestamp) == [Self.now - 600, Self.now - 300, Self.now])
        #expect(destination.outcomes[.accepted] == 3)
        #expect(destination.lastReadingTime == Self.now)
    }

    @Test func aServiceWithoutPastReadingsGetsOnlyTheNewestAndNothingStale() async throws {
        let directory = try TemporaryDirectory()
        let (store, entries) = try await Self.store(in: directory, minutes: 30)
        let service = RecordingService(acceptsPastReadings: false)
        try await Self.destination(service).deliver(entries, from: store)
        #expect(service.readings.map(\.timestamp) == [Self.now])

        let staleDirectory = try TemporaryDirectory()
        let (staleStore, staleEntries) = try await Self.store(in: staleDirectory, minutes: 5, end: Self.now - 601 - 60)
        let staleService = RecordingService(acceptsPastReadings: false)
        try await Self.destination(staleService).deliver(staleEntries, from: staleStore)
        #expect(staleService.readings.isEmpty)
    }

    @Test func aServiceWithPastReadingsGetsTheGapOldestFirstInBatches() async throws {
        let directory = try TemporaryDirectory()
        let (store, entries) = try await Self.store(in: directory, minutes: 60)
        let service = RecordingService(acceptsPastReadings: true, maximumReadingsPerSend: 5)
        try await Self.destination(service).deliver(entries, from: store)
        let expected = stride(from: Self.now - 59 * 60, through: Self.now, by: 300).map { $0 }
        #expect(service.readings.map(\.timestamp) == expected)
        #expect(service.requests.map(\.count) == [5, 5, 2])
        // Rain since the previous reading: five minutes of 0.1 mm, none before the first.
        #expect(service.readings.first?.rainSincePreviousReadingMillimeters == nil)
    }

    @Test func aRejectedKeyThrowsToWaitAnHourAndABadReadingIsSkipped() async throws {
        let directory = try TemporaryDirectory()
        // Readings five minutes apart, the last ten minutes ahead: fresh
        // (within twice the interval) however slowly the test runs.
        let end = Int64(time(nil)) + 600
        let (store, entries) = try await Self.store(in: directory, minutes: 3, end: end, spacingSeconds: 300)
        let service = RecordingService(acceptsPastReadings: false)
        let destination = Self.destination(service, intervalSeconds: 300)
        service.fail(with: UploadError(.rejectedKey, detail: "unauthorized"))
        let thrown = await #expect(throws: UploadError.self) { try await destination.deliver([entries[0]], from: store) }
        #expect(thrown?.retryAfterSeconds == 3_600)
        #expect(destination.outcomes[.rejectedKey] == 1)
        #expect(destination.lastError == "the service refused the station id or key: unauthorized")

        service.fail(with: UploadError(.refused(statusCode: 400), detail: "bad request"))
        try await destination.deliver([entries[1]], from: store)
        #expect(destination.outcomes[.refused] == 1)
        service.fail(with: nil)
        try await destination.deliver([entries[2]], from: store)
        #expect(service.readings.map(\.timestamp) == [end])
        #expect(destination.lastError == nil)

        // Sent already: not again.
        try await destination.deliver([entries[2]], from: store)
        #expect(service.readings.count == 1)
        // A server error is tried again (by the sink), not skipped.
        service.fail(with: UploadError(.refused(statusCode: 503), detail: "down"))
        let another = Self.destination(service, intervalSeconds: 300)
        await #expect(throws: UploadError.self) { try await another.deliver([entries[2]], from: store) }
    }
}

extension UploadDestinationTests {
    @Test func inRealTimeModeEachWindSampleGoesWithTheNewestObservation() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("rapid.db")
        var configuration = StoreWriterConfiguration()
        configuration.keepsCommitJournal = true
        configuration.journalsRapidWind = true
        let writer = try StoreWriter(path: path, configuration: configuration)
        _ = try await writer.perform { store in try store.openSinkCursor(named: "test", now: 0) }
        let now = Int64(time(nil))
        var observation = ObservationRecord(serial: Self.serial, timestamp: now - 40, kind: .tempest, source: .udp)
        observation.airTemperatureCelsius = 18.5
        observation.windGustMetersPerSecond = 7
        _ = try writer.submit(.observation(observation))
        for (index, time) in [now - 9, now - 7, now - 6, now - 3].enumerated() {
            _ = try writer.submit(.rapidWind(RapidWindRecord(serial: Self.serial, timestamp: time, speedMetersPerSecond: Double(index) + 1, directionDegrees: 90 * index)))
        }
        try await writer.flush()
        writer.shutdown()
        let store = try Store(readOnlyPath: path)
        let entries = try store.journalEntries(after: 0, limit: 100)
        let service = RecordingService(acceptsPastReadings: false)
        let station = UploadStation(latitudeDegrees: nil, longitudeDegrees: nil, elevationMeters: nil, name: "test")
        let destination = UploadDestination(
            name: "upload 1", service: service, readings: StationReadings(station: station, zone: .utc) { $0 == Self.serial },
            intervalSeconds: 3, isRealTime: true, logger: Logger(label: "test"))
        for entry in entries { try await destination.deliver([entry], from: store) }
        // Every sample at least 3 s after the last one sent; the observation is no trigger.
        #expect(service.readings.map(\.timestamp) == [now - 9, now - 6, now - 3])
        #expect(service.readings.map(\.windAverageMetersPerSecond) == [1, 3, 4])
        #expect(service.readings.map(\.windDirectionDegrees) == [0, 180, 270])
        #expect(service.readings.allSatisfy { $0.airTemperatureCelsius == 18.5 && $0.windGustMetersPerSecond == 7 })
    }
}
