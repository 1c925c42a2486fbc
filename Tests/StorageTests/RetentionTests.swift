// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage
import TempestTestKit
import Testing

@Suite("Retention and vacuum")
struct RetentionTests {
    let now = Fixtures.dayStart + 30 * 86_400

    @Test("raw rapid wind past retention becomes per-minute aggregates with a vector-mean direction")
    func aggregatesRapidWind() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("wind.sqlite"))
        let oldMinute = now - 8 * 86_400 - 30 * 60  // a minute boundary eight days back
        let recent = now - 86_400
        try store.write {
            // Ten samples at 350° and ten at 10°, speeds 1…20 m/s in steps: the mean wind blows from the north.
            for index in 0..<20 {
                let speed = index < 10 ? 2.0 : 4.0
                try store.insert(RapidWindRecord(serial: Fixtures.tempest, timestamp: oldMinute + Int64(index) * 3, speedMetersPerSecond: speed, directionDegrees: index.isMultiple(of: 2) ? 350 : 10))
            }
            try store.insert(RapidWindRecord(serial: Fixtures.tempest, timestamp: recent, speedMetersPerSecond: 5, directionDegrees: 90))
        }
        let report = try store.pruneAll(now: now, policy: RetentionPolicy())
        #expect(report.deletedRows["rapid_wind"] == 20)
        #expect(report.windMinutesWritten == 1)
        let minutes = try store.windMinutes(serial: Fixtures.tempest, from: 0, to: .max)
        #expect(minutes == [
            WindMinuteRecord(serial: Fixtures.tempest, minuteStart: oldMinute, meanSpeedMetersPerSecond: 3, gustMetersPerSecond: 4, lullMetersPerSecond: 2, directionDegrees: 0, sampleCount: 20)
        ])
        // Recent raw samples stay raw.
        #expect(try store.rapidWind(serial: Fixtures.tempest, from: 0, to: .max).map(\.timestamp) == [recent])
    }

    @Test("pruning works in small steps of whole minutes and loses no sample")
    func smallSteps() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("steps.sqlite"))
        let start = now - 10 * 86_400
        try store.write {
            for index in 0..<5_000 {
                try store.insert(RapidWindRecord(serial: Fixtures.tempest, timestamp: start + Int64(index) * 3, speedMetersPerSecond: Double(index % 7), directionDegrees: 180))
            }
        }
        let first = try store.pruneStep(now: now, policy: RetentionPolicy(), maximumRows: 1_000)
        #expect(first.hasMore)
        #expect((first.deletedRows["rapid_wind"] ?? 0) <= 1_000)
        #expect((first.deletedRows["rapid_wind"] ?? 0) % 20 == 0)
        var steps = 1
        var last = first
        while last.hasMore && steps < 100 {
            last = try store.pruneStep(now: now, policy: RetentionPolicy(), maximumRows: 1_000)
            steps += 1
        }
        #expect(steps >= 5)
        #expect(try store.rapidWind(serial: Fixtures.tempest, from: 0, to: .max).isEmpty)
        let minutes = try store.windMinutes(serial: Fixtures.tempest, from: 0, to: .max)
        #expect(minutes.count == 250)
        #expect(minutes.allSatisfy { $0.sampleCount == 20 && $0.directionDegrees == 180 })
    }

    @Test("status rows expire after two days; observations, strikes and rain starts are kept")
    func tableRetention() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("tables.sqlite"))
        let old = now - 3 * 86_400
        let fresh = now - 3_600
        try store.write {
            for time in [old, fresh] {
                try store.insert(Fixtures.observation(at: time))
                try store.insert(DeviceStatusRecord(serial: Fixtures.tempest, timestamp: time))
                try store.insert(HubStatusRecord(serial: Fixtures.hub, timestamp: time))
                try store.insert(LightningStrikeRecord(serial: Fixtures.tempest, timestamp: time, distanceKilometers: 5, energy: 1))
                try store.insert(RainStartRecord(serial: Fixtures.tempest, timestamp: time))
                try store.insert(ForecastSnapshotRecord(locationKey: "k", fetchedAt: time - 2 * 86_400, sourceURL: "u", payloadJSON: "{}"))
            }
        }
        let report = try store.pruneAll(now: now, policy: RetentionPolicy())
        #expect(report.deletedRows["device_status"] == 1)
        #expect(report.deletedRows["hub_status"] == 1)
        #expect(report.deletedRows["forecast_snapshots"] == 1)
        #expect(report.deletedRows["observations"] == nil)
        let counts = try store.statistics().rowCounts
        #expect(counts["observations"] == 2)
        #expect(counts["lightning_strikes"] == 2)
        #expect(counts["rain_starts"] == 2)
        #expect(counts["device_status"] == 1)
        #expect(counts["hub_status"] == 1)

        // Observations go only when a retention is configured for them.
        let pruned = try store.pruneAll(now: now, policy: RetentionPolicy(observationDays: 1))
        #expect(pruned.deletedRows["observations"] == 1)
        #expect(try store.observations(serial: Fixtures.tempest, from: 0, to: .max).map(\.timestamp) == [fresh])
    }

    @Test("incremental vacuum returns freed pages to the file system")
    func incrementalVacuum() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("vacuum.sqlite"))
        try store.write {
            for index in 0..<20_000 {
                try store.insert(DeviceStatusRecord(serial: Fixtures.tempest, timestamp: now - 10 * 86_400 + Int64(index), uptimeSeconds: Int64(index), voltageVolts: 2.5))
            }
        }
        let before = try store.statistics()
        _ = try store.pruneAll(now: now, policy: RetentionPolicy(), maximumRowsPerStep: 5_000)
        let freed = try store.statistics()
        #expect(freed.rowCounts["device_status"] == 0)
        #expect(freed.freelistCount > 10)
        let left = try store.incrementalVacuum(pages: nil)
        let after = try store.statistics()
        #expect(left == 0)
        #expect(after.freelistCount == 0)
        #expect(after.pageCount < before.pageCount - 10)
        #expect(try store.integrityCheck() == ["ok"])
    }

    @Test("under disk pressure the oldest raw rapid wind is aggregated and removed, never observations")
    func diskPressureRelief() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("pressure.sqlite"))
        let start = now - 3_600
        try store.write {
            for index in 0..<600 {
                try store.insert(RapidWindRecord(serial: Fixtures.tempest, timestamp: start + Int64(index) * 3, speedMetersPerSecond: 1, directionDegrees: 0))
            }
            try store.insert(Fixtures.observation(at: start))
        }
        let deleted = try store.relieveDiskPressure(maximumRows: 200)
        #expect(deleted == 200)
        #expect(try store.windMinutes(serial: Fixtures.tempest, from: 0, to: .max).count == 10)
        #expect(try store.rapidWind(serial: Fixtures.tempest, from: 0, to: .max).first?.timestamp == start + 600)
        #expect(try store.statistics().rowCounts["observations"] == 1)
    }
}
