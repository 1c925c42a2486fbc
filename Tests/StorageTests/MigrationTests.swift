// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage
import TempestTestKit
import Testing

@Suite("Schema migrations")
struct MigrationTests {
    @Test("a new file is created at the current version with every table")
    func freshDatabase() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("fresh.sqlite"))
        #expect(try store.database.schemaVersion() == Schema.currentVersion)
        #expect(Schema.currentVersion >= 2)
        let tables = Set(try store.database.strings("SELECT name FROM sqlite_master WHERE type = 'table'"))
        for table in Store.tableNames {
            #expect(tables.contains(table), "missing table \(table)")
        }
        #expect(try store.integrityCheck() == ["ok"])
        // No migration leaves pages it freed inside a new file.
        #expect(try store.database.scalarInt("PRAGMA freelist_count") == 0)
    }

    /// Builds a file with the migrations up to `version` only and data in it,
    /// as an older binary would have left it.
    private func makeDatabase(atVersion version: Int, path: String) throws {
        let database = try Database(path: path)
        try database.migrate(upTo: version)
        #expect(try database.schemaVersion() == version)
        try database.execute(
            """
            INSERT INTO devices (id, serial, kind, hub_serial, firmware, first_seen, last_seen)
                VALUES (1, '\(Fixtures.tempest)', 'tempest', '\(Fixtures.hub)', '171', \(Fixtures.dayStart), \(Fixtures.dayStart + 60));
            INSERT INTO observations (device_id, timestamp, kind, source, air_temperature_centi_c, battery_mv)
                VALUES (1, \(Fixtures.dayStart), 0, 0, 2237, 2410);
            INSERT INTO rapid_wind VALUES (1, \(Fixtures.dayStart + 3), 327, 194);
            INSERT INTO outbox (topic, payload, qos, retain, priority, created_at) VALUES ('t/obs', x'7b7d', 1, 0, 1, \(Fixtures.dayStart));
            """)
    }

    @Test("a database created by every earlier version opens and upgrades with its data intact")
    func upgradesEveryEarlierVersion() throws {
        // Every shipped version.
        for version in Schema.migrations.map(\.version).dropLast() {
            let directory = try TemporaryDirectory()
            let path = directory.file("v\(version).sqlite")
            try makeDatabase(atVersion: version, path: path)

            let store = try Store(path: path)
            #expect(try store.database.schemaVersion() == Schema.currentVersion)
            let observations = try store.observations(serial: Fixtures.tempest, from: 0, to: .max)
            #expect(observations.count == 1)
            #expect(observations.first?.airTemperatureCelsius == 22.37)
            #expect(observations.first?.batteryVolts == 2.41)
            #expect(observations.first?.receivedAt == nil)
            #expect(try store.rapidWind(serial: Fixtures.tempest, from: 0, to: .max).first?.speedMetersPerSecond == 3.27)
            #expect(try store.nextOutboxBatch(limit: 10).map(\.payload) == [[0x7B, 0x7D]])
            // Version 5 rebuilt the outbox without AUTOINCREMENT: its message
            // kept its id, a new one comes above it, and no sequence row is written.
            let keptID = try #require(try store.nextOutboxBatch(limit: 1).first?.id)
            let newID = try store.write {
                try store.enqueue(OutboxMessage(topic: "t/new", payload: [1], qos: 1, retain: false, priority: .event, createdAt: 0)).id
            }
            #expect(newID == keptID + 1)
            #expect(try store.database.scalarInt("SELECT count(*) FROM sqlite_sequence") == 0)
            #expect(try store.integrityCheck() == ["ok"])

            // The new column works on the upgraded file.
            try store.write { try store.insert(Fixtures.observation(at: Fixtures.dayStart + 60)) }
            let latest = try store.recentObservations(serial: Fixtures.tempest, count: 1).first
            #expect(latest?.receivedAt == Fixtures.dayStart + 61)
        }
    }

    @Test("migrating twice is a no-op")
    func idempotent() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("twice.sqlite")
        _ = try Store(path: path)
        let database = try Database(path: path)
        #expect(try database.migrate() == [])
    }

    @Test("a database newer than the binary is a clear error and is left unchanged")
    func newerDatabaseRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("future.sqlite")
        do {
            let database = try Database(path: path)
            try database.migrate()
            try database.execute("PRAGMA user_version = \(Schema.currentVersion + 5)")
        }
        let error = #expect(throws: StorageError.self) { _ = try Store(path: path) }
        #expect(error == StorageError.databaseNewerThanBinary(found: Schema.currentVersion + 5, supported: Schema.currentVersion))
        #expect(error?.description.contains("upgrade tempest-gateway") == true)
        let database = try Database(path: path)
        #expect(try database.schemaVersion() == Schema.currentVersion + 5)
    }

    @Test("a failing migration step leaves the file at the previous whole version")
    func failingStepRollsBack() throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.file("broken.sqlite"))
        let broken = Schema.migrations + [
            Migration(version: Schema.currentVersion + 1, name: "broken", sql: "CREATE TABLE extra (v INTEGER); INSERT INTO missing VALUES (1);")
        ]
        #expect(throws: SQLiteError.self) { try database.migrate(broken) }
        #expect(try database.schemaVersion() == Schema.currentVersion)
        #expect(try database.strings("SELECT name FROM sqlite_master WHERE name = 'extra'").isEmpty)
    }
}
