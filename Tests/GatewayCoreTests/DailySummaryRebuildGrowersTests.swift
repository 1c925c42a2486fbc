// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Storage
import TempestTestKit
import Testing

@testable import Pipeline

/// A backfilled day's summary is rebuilt from the store: its growers'
/// columns are counted again from the stored rows, as the live keeper
/// counts them, and not left empty.
@Suite struct DailySummaryRebuildGrowersTests {
    @Test("a rebuilt day keeps its humidity, solar energy, sunshine, chill minutes and ET₀")
    func rebuiltDayKeepsTheGrowersColumns() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("g.db"))
        let site = StationSite(latitudeDegrees: 39.7392, longitudeDegrees: -104.9903, elevationMeters: 1_609, sensorHeightMeters: 2)
        let keeper = DailySummaryKeeper(zones: StationZones(.utc), sites: DeviceSites(site))
        // 2024-07-12 UTC, a minute at a time: a cool night and a sunny day.
        let midnight: Int64 = 1_720_742_400
        var expected = DailyAccumulator(timeZone: .utc)
        expected.sites = DeviceSites(site)
        try store.write {
            for minute in 0..<1_440 {
                var record = ObservationRecord(serial: "ST-1", timestamp: midnight + Int64(minute) * 60, kind: .tempest, source: .backfill)
                let hour = minute / 60
                record.airTemperatureCelsius = Double(hour)
                record.relativeHumidityPercent = Double(90 - hour)
                record.windAverageMetersPerSecond = 2
                record.solarRadiationWattsPerSquareMeter = (6..<20).contains(hour) ? 700 : 0
                record.reportIntervalMinutes = 1
                _ = try store.insert(record)
                expected.add(DailySummaryKeeper.sample(record))
            }
        }
        let date = LocalDate(year: 2024, month: 7, day: 12)!
        let rebuilt = try #require(
            try store.rebuildDailySummary(
                serial: "ST-1", localDate: "2024-07-12", start: midnight, end: midnight + 86_400, updatedAt: 1,
                growers: { try keeper.growers(serial: "ST-1", on: date, from: $0) }))
        let totals = expected.totals(serial: "ST-1", on: date)
        #expect(rebuilt.growers == DailySummaryRecord.Growers(totals, site: site))
        #expect(try store.dailySummary(serial: "ST-1", localDate: "2024-07-12")?.growers == rebuilt.growers)
        #expect(rebuilt.growers.minimumHumidityPercent == 67)
        #expect(rebuilt.growers.chillMinutes == 8 * 60)
        #expect(rebuilt.growers.referenceEvapotranspirationMillimeters != nil)
        #expect((rebuilt.growers.sunshineMinutes ?? 0) > 0)
    }
}
