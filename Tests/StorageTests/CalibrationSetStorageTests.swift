// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Storage
import TempestTestKit
import Testing

/// The calibration sets of schema version 10: stored through the writer,
/// read back by station and time; none in a file not yet migrated.
@Suite struct CalibrationSetStorageTests {
    @Test func setsAreReadBackByStationAndTime() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("sets.db")
        let writer = try StoreWriter(path: path)
        let later = CalibrationSetRecord(station: "station_id:7", effectiveAt: 2_000, calibration: Calibration(rainFactor: 1.1))
        let first = CalibrationSetRecord(station: "station_id:7", effectiveAt: 0, calibration: Calibration(temperatureOffsetCelsius: -1.5))
        let other = CalibrationSetRecord(station: "station:2", effectiveAt: 1_000, calibration: Calibration(uvFactor: 0.8))
        _ = try writer.submit([.calibrationSet(later), .calibrationSet(first), .calibrationSet(other)])
        // The same station and second again keeps the last.
        let replaced = CalibrationSetRecord(station: "station:2", effectiveAt: 1_000, calibration: Calibration(uvFactor: 0.9))
        _ = try writer.submit(.calibrationSet(replaced))
        try await writer.flush()
        writer.shutdown()
        let store = try Store(readOnlyPath: path)
        #expect(try store.calibrationSets() == [replaced, first, later])
    }

    @Test func aFileNotYetMigratedHasNone() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("v9.db")
        let database = try Database(path: path)
        _ = try database.migrate(Array(Schema.migrations.prefix { $0.version <= 9 }))
        let store = try Store(readOnlyPath: path)
        #expect(try store.database.schemaVersion() == 9)
        #expect(try store.calibrationSets().isEmpty)
    }
}
