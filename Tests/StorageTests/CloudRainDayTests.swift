// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage
import TempestTestKit
import Testing

/// The cloud's NearCast rain per device-day, kept beside the daily summary.
@Suite struct CloudRainDayTests {
    @Test("a day's NearCast total is replaced by the cloud's newer figure, read in date order, and survives the summary's replacement")
    func keptBesideTheSummary() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("rain.sqlite"))
        let serial = Fixtures.tempest
        try store.upsert(CloudRainDayRecord(serial: serial, localDate: "2026-11-28", nearCastRainMillimeters: 4.2, updatedAt: 100))
        try store.upsert(CloudRainDayRecord(serial: serial, localDate: "2026-11-29", nearCastRainMillimeters: 0.5, updatedAt: 100))
        try store.upsert(CloudRainDayRecord(serial: serial, localDate: "2026-11-29", nearCastRainMillimeters: 1.234567, updatedAt: 700))
        var summary = DailySummaryRecord(serial: serial, localDate: "2026-11-29", updatedAt: 800)
        summary.rainMillimeters = 0.9
        try store.upsert(summary)

        let days = try store.cloudRainDays(serial: serial)
        #expect(days.map(\.localDate) == ["2026-11-28", "2026-11-29"])
        #expect(days.map(\.nearCastRainMillimeters) == [4.2, 1.234567])
        #expect(days.last?.updatedAt == 700)
        #expect(try store.cloudRainDays(serial: serial, from: "2026-11-29").count == 1)
        #expect(try store.dailySummary(serial: serial, localDate: "2026-11-29")?.rainMillimeters == 0.9, "the gauge's total apart")
        #expect(try store.cloudRainDays(serial: "ST-00000001").isEmpty)
    }
}
