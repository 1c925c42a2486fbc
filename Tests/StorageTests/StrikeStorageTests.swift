// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage
import TempestTestKit
import Testing

/// The cloud's strikes (schema version 7): one row per strike whichever
/// way it came, the mark only upgrading, and the nearby-strikes feed.
@Suite("Strike storage")
struct StrikeStorageTests {
    static let time = Fixtures.dayStart + 600

    static func strike(distance: Int, energy: Int, mark: StrikeCloudMark? = nil, at time: Int64 = time) -> LightningStrikeRecord {
        LightningStrikeRecord(serial: Fixtures.tempest, timestamp: time, distanceKilometers: distance, energy: energy, cloudMark: mark)
    }

    static func nearby(station: Int = 4_242, at time: Int64 = time, latitude: Double? = 52.123456, mark: StrikeCloudMark? = nil) -> NearbyStrikeRecord {
        NearbyStrikeRecord(
            stationID: station, timestamp: time, latitude: latitude, longitude: latitude.map { -$0 / 4 }, distanceKilometers: 23,
            energy: -1_250, cloudMark: mark)
    }

    @Test("a v6 file migrates to v7 keeping its strikes unmarked, and gains the nearby-strikes table")
    func migratesVersion6() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("v6.sqlite")
        do {
            let database = try Database(path: path)
            try database.migrate(upTo: 6)
            try database.execute(
                """
                INSERT INTO devices (id, serial, kind, first_seen, last_seen) VALUES (1, '\(Fixtures.tempest)', 'tempest', \(Self.time), \(Self.time));
                INSERT INTO lightning_strikes (device_id, timestamp, distance_km, energy) VALUES (1, \(Self.time), 12, 3848);
                INSERT INTO lightning_strikes (device_id, timestamp, distance_km, energy) VALUES (1, \(Self.time + 60), 9, 100);
                """)
        }
        let store = try Store(path: path)
        #expect(try store.database.schemaVersion() == Schema.currentVersion)
        let strikes = try store.lightningStrikes(from: 0, to: .max)
        #expect(strikes == [Self.strike(distance: 12, energy: 3_848), Self.strike(distance: 9, energy: 100, at: Self.time + 60)])
        #expect(try store.write { try store.insert(Self.nearby()) })
        #expect(try store.nearbyStrikes(from: 0, to: .max).count == 1)
        #expect(try store.integrityCheck() == ["ok"])
        #expect(try store.statistics().rowCounts["nearby_strikes"] == 1)
    }

    @Test("the station's strike, then the cloud's copy with other values: one row, first values, the mark upgrading only")
    func udpThenCloud() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("strikes.sqlite"))
        #expect(try store.write { try store.insert(Self.strike(distance: 12, energy: 3_848)) })
        #expect(try !store.write { try store.insert(Self.strike(distance: 14, energy: -20, mark: .enhanced)) })
        #expect(try store.lightningStrikes(from: 0, to: .max) == [Self.strike(distance: 12, energy: 3_848, mark: .enhanced)])
        #expect(try !store.write { try store.insert(Self.strike(distance: 14, energy: -20, mark: .confirmed)) })
        #expect(try !store.write { try store.insert(Self.strike(distance: 14, energy: -20, mark: .enhanced)) })
        #expect(try !store.write { try store.insert(Self.strike(distance: 14, energy: -20, mark: .unmarked)) })
        #expect(try store.lightningStrikes(from: 0, to: .max) == [Self.strike(distance: 12, energy: 3_848, mark: .confirmed)])
        // The station's copy after the cloud's is the same strike too.
        #expect(try !store.write { try store.insert(Self.strike(distance: 12, energy: 3_848)) })
        #expect(try store.lightningStrikes(from: 0, to: .max).count == 1)
    }

    @Test("the cloud's strike first, then the station's: one row with the cloud's values and mark")
    func cloudThenUDP() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("strikes.sqlite"))
        #expect(try store.write { try store.insert(Self.strike(distance: 14, energy: -20, mark: .unmarked)) })
        #expect(try !store.write { try store.insert(Self.strike(distance: 12, energy: 3_848)) })
        #expect(try store.lightningStrikes(from: 0, to: .max) == [Self.strike(distance: 14, energy: -20, mark: .unmarked)])
    }

    @Test("two strikes the station reports in one second with different values stay two rows, as before")
    func twoStationStrikesInOneSecond() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("strikes.sqlite"))
        #expect(try store.write { try store.insert(Self.strike(distance: 12, energy: 3_848)) })
        #expect(try store.write { try store.insert(Self.strike(distance: 30, energy: 50)) })
        #expect(try !store.write { try store.insert(Self.strike(distance: 30, energy: 50)) })
        #expect(try store.lightningStrikes(from: 0, to: .max).count == 2)
    }

    @Test("a nearby strike arriving twice is one row, its mark upgrading; another place or station is another row")
    func nearbyOnce() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("nearby.sqlite"))
        #expect(try store.write { try store.insert(Self.nearby()) })
        #expect(try !store.write { try store.insert(Self.nearby(mark: .confirmed)) })
        #expect(try !store.write { try store.insert(Self.nearby(mark: .enhanced)) })
        #expect(try store.write { try store.insert(Self.nearby(latitude: nil)) })
        #expect(try !store.write { try store.insert(Self.nearby(latitude: nil)) })
        #expect(try store.write { try store.insert(Self.nearby(station: 7)) })
        let rows = try store.nearbyStrikes(from: 0, to: .max)
        #expect(rows.count == 3)
        let first = try #require(rows.first { $0.stationID == 4_242 && $0.latitude != nil })
        #expect(first.cloudMark == .confirmed)
        #expect(first.latitude == 52.123456)
        #expect(first.longitude == -13.030864)
        #expect(first.energy == -1_250)
        #expect(first.distanceKilometers == 23)
    }

    @Test("nearby strikes are kept as long as the station's strikes")
    func nearbyRetention() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("nearby.sqlite"))
        try store.write {
            try store.insert(Self.nearby(at: Fixtures.dayStart))
            try store.insert(Self.nearby(at: Fixtures.dayStart + 10 * 86_400))
        }
        let now = Fixtures.dayStart + 12 * 86_400
        _ = try store.pruneAll(now: now, policy: RetentionPolicy())
        #expect(try store.nearbyStrikes(from: 0, to: .max).count == 2, "kept forever by default")
        let report = try store.pruneAll(now: now, policy: RetentionPolicy(lightningStrikeDays: 5))
        #expect(report.deletedRows["nearby_strikes"] == 1)
        #expect(try store.nearbyStrikes(from: 0, to: .max).map(\.timestamp) == [Fixtures.dayStart + 10 * 86_400])
    }
}
