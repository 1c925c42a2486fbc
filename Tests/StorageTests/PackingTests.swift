// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage
import TempestTestKit
import Testing

@Suite("Packing old days")
struct PackingTests {
    /// Twenty days after the fixture day: the fixture day is past the
    /// default 14 days and is packed.
    let now = Fixtures.dayStart + 20 * 86_400

    /// A day of varied observations of the fixture device, from `start`.
    private func day(from start: Int64, count: Int = 1_440) -> [ObservationRecord] {
        var random = SplitMix64(seed: UInt64(start))
        return (0..<count).map { minute in
            var record = Fixtures.observation(at: start + Int64(minute) * 60, temperature: Double(Int(random.next() % 3_000)) / 100)
            record.illuminanceLux = minute.isMultiple(of: 7) ? nil : Int(random.next() % 100_000)
            record.rainAccumulatedMillimeters = minute == 600 ? 0.123456 : 0
            record.receivedAt = minute.isMultiple(of: 5) ? nil : record.timestamp + Int64(minute % 3)
            return record
        }
    }

    private func liveRows(_ store: Store, _ table: String) throws -> Int64 {
        try store.database.scalarInt("SELECT count(*) FROM \(table)") ?? -1
    }

    @Test("an old day is packed into one row and reads back exactly, in order, with limits and newest-first")
    func packsAndReadsBack() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("pack.sqlite"))
        let old = day(from: Fixtures.dayStart)
        let fresh = day(from: now - 86_400, count: 10)
        try store.write {
            for record in old + fresh { try store.insert(record) }
        }
        let before = try store.observations(serial: Fixtures.tempest, from: 0, to: .max, limit: .max)
        #expect(before.count == 1_450)
        let summaryBefore = try store.computeDailySummary(
            serial: Fixtures.tempest, localDate: "2024-01-15", start: Fixtures.dayStart, end: Fixtures.dayStart + 86_400, updatedAt: 1)
        #expect(summaryBefore?.rainMillimeters == 0.123456)

        let report = try store.pruneAll(now: now, policy: RetentionPolicy())
        #expect(report.packedRows["observations"] == 1_440)
        #expect(try liveRows(store, "observations") == 10)
        #expect(try liveRows(store, "packed_days") == 1)

        #expect(try store.observations(serial: Fixtures.tempest, from: 0, to: .max, limit: .max) == before)
        // A range that starts inside the packed day and ends in the live rows.
        let from = Fixtures.dayStart + 1_430 * 60
        #expect(try store.observations(serial: Fixtures.tempest, from: from, to: .max) == before.filter { $0.timestamp >= from })
        #expect(try store.observations(serial: Fixtures.tempest, from: 0, to: .max, limit: 3) == Array(before.prefix(3)))
        #expect(try store.recentObservations(serial: Fixtures.tempest, count: 12) == Array(before.suffix(12).reversed()))
        #expect(try store.statistics().rowCounts["observations"] == 1_450)
        #expect(try store.computeDailySummary(
            serial: Fixtures.tempest, localDate: "2024-01-15", start: Fixtures.dayStart, end: Fixtures.dayStart + 86_400, updatedAt: 1)
            == summaryBefore)
        #expect(try store.integrityCheck() == ["ok"])
    }

    @Test("a late row for a packed day: a repeat is ignored, a new one is merged into the day at the next step")
    func lateRows() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("late.sqlite"))
        var old = day(from: Fixtures.dayStart, count: 100)
        let gap = old.remove(at: 50)
        try store.write {
            for record in old { try store.insert(record) }
        }
        let packed = try store.pruneAll(now: now, policy: RetentionPolicy())
        #expect(packed.packedRows["observations"] == 99)
        #expect(try liveRows(store, "observations") == 0)

        let repeated = try store.write { try store.insert(old[10]) }
        #expect(repeated == false)
        #expect(try liveRows(store, "observations") == 0)

        let filled = try store.write { try store.insert(gap) }
        #expect(filled)
        // Hub and firmware live in `devices`, not in each stored row.
        let expected = (old + [gap]).sorted { $0.timestamp < $1.timestamp }.map { record in
            var stored = record
            stored.hubSerial = nil
            stored.firmwareRevision = nil
            return stored
        }
        #expect(try store.observations(serial: Fixtures.tempest, from: 0, to: .max) == expected)

        let report = try store.pruneAll(now: now, policy: RetentionPolicy())
        #expect(report.packedRows["observations"] == 1)
        #expect(try liveRows(store, "observations") == 0)
        #expect(try store.database.scalarInt("SELECT row_count FROM packed_days") == 100)
        #expect(try store.observations(serial: Fixtures.tempest, from: 0, to: .max) == expected)
    }

    @Test("wind minutes are packed too, and a late minute is combined with its packed one")
    func windMinutes() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("wind.sqlite"))
        try store.write {
            for index in 0..<600 {
                try store.insert(RapidWindRecord(serial: Fixtures.tempest, timestamp: Fixtures.dayStart + Int64(index) * 3, speedMetersPerSecond: Double(index % 9), directionDegrees: 90))
            }
        }
        let policy = RetentionPolicy()
        let aggregated = try store.pruneAll(now: now - 10 * 86_400, policy: policy)  // aggregated, not yet packed
        #expect(aggregated.windMinutesWritten == 30)
        #expect(aggregated.deletedRows["rapid_wind"] == 600)
        #expect(aggregated.packedRows["wind_minutes"] == nil)
        let minutes = try store.windMinutes(serial: Fixtures.tempest, from: 0, to: .max)
        #expect(minutes.count == 30)
        let report = try store.pruneAll(now: now, policy: policy)
        #expect(report.packedRows["wind_minutes"] == 30)
        #expect(try liveRows(store, "wind_minutes") == 0)
        #expect(try store.windMinutes(serial: Fixtures.tempest, from: 0, to: .max) == minutes)

        // Twenty late samples of the first minute, all 10 m/s: they combine with the packed minute.
        try store.write {
            for index in 0..<20 {
                try store.insert(RapidWindRecord(serial: Fixtures.tempest, timestamp: Fixtures.dayStart + Int64(index) * 3 + 1, speedMetersPerSecond: 10, directionDegrees: 90))
            }
        }
        let late = try store.pruneAll(now: now, policy: policy)
        #expect(late.windMinutesWritten == 1)
        #expect(late.deletedRows["rapid_wind"] == 20)
        #expect(try liveRows(store, "wind_minutes") == 0)
        let first = try #require(try store.windMinutes(serial: Fixtures.tempest, from: 0, to: .max).first)
        #expect(first.sampleCount == 40)
        #expect(first.gustMetersPerSecond == 10)
        #expect(first.lullMetersPerSecond == minutes[0].lullMetersPerSecond)
        // Means are kept in whole centimetres per second.
        let packedMeanCentimeters = (minutes[0].meanSpeedMetersPerSecond * 100).rounded()
        #expect(first.meanSpeedMetersPerSecond == ((packedMeanCentimeters * 20 + 1_000 * 20) / 40).rounded() / 100)
    }

    @Test("retention deletes whole packed days; packing can be turned off")
    func retentionAndOff() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("retention.sqlite"))
        try store.write {
            for record in day(from: Fixtures.dayStart, count: 30) + day(from: Fixtures.dayStart + 86_400, count: 30) {
                try store.insert(record)
            }
        }
        let unpacked = try store.pruneAll(now: now, policy: RetentionPolicy(packAfterDays: nil))
        #expect(unpacked.packedRows.isEmpty)
        #expect(try liveRows(store, "packed_days") == 0)
        let packed = try store.pruneAll(now: now, policy: RetentionPolicy())
        #expect(packed.packedRows["observations"] == 60)
        #expect(try liveRows(store, "packed_days") == 2)
        // Keep 19 days: the first day (ended 19 days before now) goes, the second stays.
        let report = try store.pruneAll(now: now, policy: RetentionPolicy(observationDays: 19))
        #expect(report.deletedRows["observations"] == 30)
        #expect(try store.observations(serial: Fixtures.tempest, from: 0, to: .max).map(\.timestamp)
            == day(from: Fixtures.dayStart + 86_400, count: 30).map(\.timestamp))
    }

    @Test("a damaged packed day never stops ingest; reading it is a clear error")
    func damagedDay() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("damaged.sqlite"))
        let old = day(from: Fixtures.dayStart, count: 10)
        try store.write {
            for record in old.dropLast() { try store.insert(record) }
        }
        let packed = try store.pruneAll(now: now, policy: RetentionPolicy())
        #expect(packed.packedRows["observations"] == 9)
        try store.database.execute("UPDATE packed_days SET rows = x'0105'")
        let late = try store.write { try store.insert(old[9]) }
        #expect(late, "the late row is kept")
        #expect(throws: StorageError.self) { try store.observations(serial: Fixtures.tempest, from: 0, to: .max) }
    }
}
