// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage
import TempestTestKit
import Testing

@Suite("Store: records, queries, rebuild")
struct StoreTests {
    @Test("an observation with every field round-trips in protocol units")
    func observationRoundTrip() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("obs.sqlite"))
        var record = Fixtures.observation(at: Fixtures.dayStart)
        record.source = .rest
        record.rainAccumulatedMillimeters = 0.123456
        record.localDayRainAccumulationMillimeters = 4.25
        record.nearCastRainAccumulationMillimeters = 0.1
        record.localDayNearCastRainAccumulationMillimeters = 4.3
        record.precipitationAnalysisType = 1
        try store.write { try store.insert(record) }

        let stored = try #require(try store.observations(serial: Fixtures.tempest, from: Fixtures.dayStart, to: Fixtures.dayStart + 1).first)
        var expected = record
        // Rain keeps all six decimals the hub sends (stored in nanometres).
        #expect(stored.rainAccumulatedMillimeters == 0.123456)
        // Hub and firmware go to the device table, not the row.
        expected.hubSerial = nil
        expected.firmwareRevision = nil
        #expect(stored == expected)
    }

    @Test("nulls stay nulls: an AIR row and a power-mode-3 Tempest row")
    func nullsPreserved() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("nulls.sqlite"))
        var air = ObservationRecord(serial: "AR-00004049", timestamp: 1_493_164_835, kind: .air, source: .udp)
        air.stationPressureMillibars = 835.0
        air.airTemperatureCelsius = 10.0
        air.relativeHumidityPercent = 45
        air.lightningStrikeCount = 0
        air.lightningStrikeAverageDistanceKilometers = 0
        air.batteryVolts = 3.46
        air.reportIntervalMinutes = 1
        var modeThree = Fixtures.observation(at: Fixtures.dayStart)
        modeThree.windLullMetersPerSecond = nil
        modeThree.windAverageMetersPerSecond = nil
        modeThree.windGustMetersPerSecond = nil
        modeThree.windDirectionDegrees = nil
        try store.write {
            try store.insert(air)
            try store.insert(modeThree)
        }
        #expect(try store.observations(serial: "AR-00004049", from: 0, to: .max) == [air])
        let stored = try #require(try store.recentObservations(serial: Fixtures.tempest, count: 1).first)
        #expect(stored.windAverageMetersPerSecond == nil)
        #expect(stored.windDirectionDegrees == nil)
        #expect(stored.airTemperatureCelsius == 22.37)
    }

    @Test("duplicates and UDP/REST overlap are idempotent: the first row wins")
    func duplicatesIgnored() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("dupes.sqlite"))
        let udp = Fixtures.observation(at: Fixtures.dayStart, source: .udp, temperature: 20)
        let rest = Fixtures.observation(at: Fixtures.dayStart, source: .rest, temperature: 20.5)
        let inserted = try store.write {
            [try store.insert(udp), try store.insert(udp), try store.insert(rest)]
        }
        #expect(inserted == [true, false, false])
        let wind = RapidWindRecord(serial: Fixtures.tempest, timestamp: Fixtures.dayStart, speedMetersPerSecond: 3.27, directionDegrees: 194)
        let strike = LightningStrikeRecord(serial: Fixtures.tempest, timestamp: Fixtures.dayStart, distanceKilometers: 27, energy: 3848)
        let rain = RainStartRecord(serial: Fixtures.tempest, timestamp: Fixtures.dayStart)
        let again = try store.write {
            [try store.insert(wind), try store.insert(wind), try store.insert(strike), try store.insert(strike), try store.insert(rain), try store.insert(rain)]
        }
        #expect(again == [true, false, true, false, true, false])
        let rows = try store.observations(serial: Fixtures.tempest, from: 0, to: .max)
        #expect(rows.count == 1)
        #expect(rows.first?.source == .udp)
        #expect(rows.first?.airTemperatureCelsius == 20)
        #expect(try store.statistics().rowCounts["observations"] == 1)
    }

    @Test("devices and hubs are recorded with kind, hub, firmware, first and last seen")
    func devicesSeen() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("devices.sqlite"))
        try store.write {
            try store.insert(Fixtures.observation(at: Fixtures.dayStart + 120))
            try store.insert(Fixtures.observation(at: Fixtures.dayStart))
        }
        try store.write {
            try store.insert(HubStatusRecord(serial: Fixtures.hub, timestamp: Fixtures.dayStart + 10, uptimeSeconds: 1_670_133, rssiDecibels: -62, firmware: "171", resetFlags: "BOR,PIN,POR", sequence: 48, radioStats: [2, 1, 0, 3, 2839]))
            try store.insert(DeviceStatusRecord(serial: Fixtures.tempest, hubSerial: Fixtures.hub, timestamp: Fixtures.dayStart + 300, firmwareRevision: 172))
        }
        let devices = try store.devices()
        #expect(devices == [
            DeviceRecord(serial: Fixtures.hub, kind: .hub, hubSerial: nil, firmware: "171", firstSeen: Fixtures.dayStart + 10, lastSeen: Fixtures.dayStart + 10),
            DeviceRecord(serial: Fixtures.tempest, kind: .tempest, hubSerial: Fixtures.hub, firmware: "172", firstSeen: Fixtures.dayStart, lastSeen: Fixtures.dayStart + 300),
        ])
    }

    @Test("range queries return rows in time order, and the export iterator streams them")
    func rangesAndStreaming() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("ranges.sqlite"))
        try store.write {
            for minute in 0..<100 {
                try store.insert(Fixtures.observation(at: Fixtures.dayStart + Int64(minute) * 60, temperature: Double(minute)))
            }
        }
        let slice = try store.observations(serial: Fixtures.tempest, from: Fixtures.dayStart + 600, to: Fixtures.dayStart + 1200)
        #expect(slice.map(\.airTemperatureCelsius) == (10..<20).map { Double($0) })
        let limited = try store.observations(serial: Fixtures.tempest, from: 0, to: .max, limit: 3)
        #expect(limited.count == 3)
        let recent = try store.recentObservations(serial: Fixtures.tempest, count: 2)
        #expect(recent.map(\.airTemperatureCelsius) == [99, 98])
        #expect(try store.observations(serial: "ST-NOSUCH", from: 0, to: .max).isEmpty)

        var streamed: [Int64] = []
        try store.forEachObservation(serial: Fixtures.tempest, from: 0, to: .max) { row in
            // Other queries on the same store work while the stream is open.
            _ = try store.devices()
            streamed.append(row.timestamp)
        }
        #expect(streamed == (0..<100).map { Fixtures.dayStart + Int64($0) * 60 })

        try store.write {
            for index in 0..<50 {
                try store.insert(RapidWindRecord(serial: Fixtures.tempest, timestamp: Fixtures.dayStart + Int64(index) * 3, speedMetersPerSecond: Double(index) / 10, directionDegrees: index))
            }
        }
        var samples: [RapidWindRecord] = []
        try store.forEachRapidWind(serial: Fixtures.tempest, from: Fixtures.dayStart + 30, to: Fixtures.dayStart + 60) { samples.append($0) }
        #expect(samples.map(\.directionDegrees) == Array(10..<20))
        #expect(samples.first?.speedMetersPerSecond == 1.0)
    }

    @Test("latest state per device is rebuilt from stored rows after reopening")
    func latestStateRebuilt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("latest.sqlite")
        do {
            let store = try Store(path: path)
            try store.write {
                for minute in 0..<5 {
                    try store.insert(Fixtures.observation(at: Fixtures.dayStart + Int64(minute) * 60, temperature: Double(minute)))
                    try store.insert(DeviceStatusRecord(serial: Fixtures.tempest, hubSerial: Fixtures.hub, timestamp: Fixtures.dayStart + Int64(minute) * 60 + 5, voltageVolts: 2.6 + Double(minute) / 100))
                }
                try store.insert(RapidWindRecord(serial: Fixtures.tempest, timestamp: Fixtures.dayStart + 303, speedMetersPerSecond: 4.5, directionDegrees: 200))
                try store.insert(HubStatusRecord(serial: Fixtures.hub, timestamp: Fixtures.dayStart + 250, uptimeSeconds: 99, firmware: "177", sequence: 7, radioStats: [25, 1, 0, 3, 16529]))
            }
        }
        let reopened = try Store(path: path)
        let states = try reopened.latestStates()
        let tempest = try #require(states.first { $0.device.serial == Fixtures.tempest })
        #expect(tempest.latestObservation?.timestamp == Fixtures.dayStart + 240)
        #expect(tempest.latestObservation?.airTemperatureCelsius == 4)
        #expect(tempest.latestDeviceStatus?.voltageVolts == 2.64)
        #expect(tempest.latestRapidWind?.speedMetersPerSecond == 4.5)
        let hub = try #require(states.first { $0.device.serial == Fixtures.hub })
        #expect(hub.latestHubStatus?.radioStats == [25, 1, 0, 3, 16529])
        #expect(hub.latestHubStatus?.firmware == "177")
        #expect(hub.latestObservation == nil)
    }

    @Test("a daily summary is computed from stored observations and strikes, and stored")
    func dailySummaryRebuilt() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("summary.sqlite"))
        try store.write {
            for minute in 0..<1440 {
                let timestamp = Fixtures.dayStart + Int64(minute) * 60
                var row = Fixtures.observation(at: timestamp, temperature: minute == 900 ? 15.5 : (minute == 300 ? -2.25 : 5))
                row.rainAccumulatedMillimeters = (600..<630).contains(minute) ? 0.2 : 0
                row.windGustMetersPerSecond = minute == 700 ? 12.3 : 2
                row.windDirectionDegrees = minute == 700 ? 270 : 90
                try store.insert(row)
            }
            // Outside the day: must not count.
            var late = Fixtures.observation(at: Fixtures.dayStart + 86_400, temperature: 40)
            late.rainAccumulatedMillimeters = 9
            try store.insert(late)
            try store.insert(LightningStrikeRecord(serial: Fixtures.tempest, timestamp: Fixtures.dayStart + 3_600, distanceKilometers: 12, energy: 100))
            try store.insert(LightningStrikeRecord(serial: Fixtures.tempest, timestamp: Fixtures.dayStart + 3_700, distanceKilometers: 7, energy: 300))
        }
        let summary = try #require(
            try store.computeDailySummary(serial: Fixtures.tempest, localDate: "2024-01-15", start: Fixtures.dayStart, end: Fixtures.dayStart + 86_400, updatedAt: 42))
        #expect(abs(summary.rainMillimeters - 6.0) < 1e-9)
        #expect(summary.rainMinutes == 30)
        #expect(summary.strikeCount == 2)
        #expect(summary.closestStrikeKilometers == 7)
        #expect(summary.maximumTemperatureCelsius == 15.5)
        #expect(summary.maximumTemperatureAt == Fixtures.dayStart + 900 * 60)
        #expect(summary.minimumTemperatureCelsius == -2.25)
        #expect(summary.minimumTemperatureAt == Fixtures.dayStart + 300 * 60)
        #expect(summary.maximumGustMetersPerSecond == 12.3)
        #expect(summary.maximumGustDirectionDegrees == 270)
        let rebuilt = try store.rebuildDailySummary(serial: Fixtures.tempest, localDate: "2024-01-15", start: Fixtures.dayStart, end: Fixtures.dayStart + 86_400, updatedAt: 42)
        #expect(rebuilt == summary)
        #expect(try store.dailySummary(serial: Fixtures.tempest, localDate: "2024-01-15") == summary)
        #expect(try store.computeDailySummary(serial: Fixtures.tempest, localDate: "2024-01-17", start: Fixtures.dayStart + 2 * 86_400, end: Fixtures.dayStart + 3 * 86_400, updatedAt: 42) == nil)
        // Read as records (the calibrated path): unchanged rows give the same day,
        // corrected rows (rain × 1.1, temperature − 1.5 °C) a corrected one.
        let day = (start: Fixtures.dayStart, end: Fixtures.dayStart + 86_400)
        #expect(try store.computeDailySummary(serial: Fixtures.tempest, localDate: "2024-01-15", start: day.start, end: day.end, updatedAt: 42, correcting: { $0 }) == summary)
        let corrected = try #require(
            try store.computeDailySummary(serial: Fixtures.tempest, localDate: "2024-01-15", start: day.start, end: day.end, updatedAt: 42) { row in
                var row = row
                row.rainAccumulatedMillimeters = row.rainAccumulatedMillimeters.map { $0 * 1.1 }
                row.airTemperatureCelsius = row.airTemperatureCelsius.map { $0 - 1.5 }
                return row
            })
        #expect(abs(corrected.rainMillimeters - 6.6) < 1e-6)
        #expect(corrected.rainMinutes == 30)
        #expect(corrected.maximumTemperatureCelsius == 14)
        #expect(corrected.minimumTemperatureCelsius == -3.75)
        #expect(corrected.maximumGustMetersPerSecond == 12.3)
        #expect(corrected.strikeCount == 2)
    }

    @Test("a daily summary rebuilt from stored rows leaves out the values judged bad, not the suspect ones")
    func dailySummaryWithoutBadValues() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("verdicts.sqlite"))
        try store.write {
            for (minute, temperature) in [(0, 5.0), (1, 0.0), (2, 7.5), (3, 30.0)] {
                var row = Fixtures.observation(at: Fixtures.dayStart + Int64(minute) * 60, temperature: temperature)
                row.rainAccumulatedMillimeters = 0.5
                try store.insert(row)
            }
            func verdict(_ minute: Int64, _ field: String, _ verdict: String) throws {
                try store.insert(
                    ObservationVerdictRecord(serial: Fixtures.tempest, timestamp: Fixtures.dayStart + minute * 60, field: field, verdict: verdict, reason: "r"))
            }
            try verdict(1, "air_temperature", "bad")
            try verdict(1, "rain_accumulated", "bad")
            try verdict(3, "air_temperature", "suspect")
        }
        let summary = try #require(
            try store.computeDailySummary(serial: Fixtures.tempest, localDate: "2024-01-15", start: Fixtures.dayStart, end: Fixtures.dayStart + 86_400, updatedAt: 42))
        #expect(summary.minimumTemperatureCelsius == 5)
        #expect(summary.maximumTemperatureCelsius == 30)
        #expect(abs(summary.rainMillimeters - 1.5) < 1e-9)
        #expect(try store.verdicts(serial: Fixtures.tempest, from: 0, to: .max).map(\.field) == ["air_temperature", "rain_accumulated", "air_temperature"])
    }

    @Test("forecast snapshots: the newest per location is returned")
    func forecastSnapshots() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("forecast.sqlite"))
        try store.write {
            try store.insert(ForecastSnapshotRecord(locationKey: "station-1", fetchedAt: 100, sourceURL: "https://api.open-meteo.com/v1/forecast?latitude=1", payloadJSON: "{\"a\":1}"))
            try store.insert(ForecastSnapshotRecord(locationKey: "station-1", fetchedAt: 200, sourceURL: "https://api.open-meteo.com/v1/forecast?latitude=1", payloadJSON: "{\"a\":2}"))
            try store.insert(ForecastSnapshotRecord(locationKey: "station-2", fetchedAt: 300, sourceURL: "u", payloadJSON: "{}"))
        }
        #expect(try store.latestForecastSnapshot(locationKey: "station-1")?.payloadJSON == "{\"a\":2}")
        #expect(try store.latestForecastSnapshot(locationKey: "nowhere") == nil)
    }

    @Test("secrets in a snapshot's source URL never reach the file")
    func forecastURLRedacted() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("secret.sqlite"))
        try store.write {
            try store.insert(ForecastSnapshotRecord(
                locationKey: "station-9", fetchedAt: 1,
                sourceURL: "https://user:hunter2@swd.weatherflow.com/swd/rest/better_forecast?station_id=9&token=abc123&units_temp=c&API_KEY=zzz#top",
                payloadJSON: "{}"))
        }
        let stored = try #require(try store.latestForecastSnapshot(locationKey: "station-9")).sourceURL
        #expect(stored == "https://swd.weatherflow.com/swd/rest/better_forecast?station_id=9&token=<redacted>&units_temp=c&API_KEY=<redacted>#top")
    }

    @Test("statistics report row counts, pages and file sizes; integrity check passes")
    func statistics() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("stats.sqlite"))
        try store.write {
            for second in stride(from: Int64(0), to: 3_000, by: 3) {
                try store.insert(RapidWindRecord(serial: Fixtures.tempest, timestamp: Fixtures.dayStart + second, speedMetersPerSecond: 2, directionDegrees: 10))
            }
        }
        let statistics = try store.statistics()
        #expect(statistics.rowCounts["rapid_wind"] == 1_000)
        #expect(statistics.rowCounts["devices"] == 1)
        #expect(statistics.rowCounts["observations"] == 0)
        #expect(statistics.pageCount > 1)
        #expect(statistics.pageSize == 4_096)
        #expect(statistics.databaseFileBytes + statistics.walFileBytes >= Int64(statistics.pageSize))
        #expect(try store.integrityCheck() == ["ok"])
    }
}
