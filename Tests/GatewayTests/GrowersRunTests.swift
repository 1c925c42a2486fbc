// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Meteorology
import Storage
import TempestTestKit
import Testing

/// `run` with a station's site: a whole day of observations gives that
/// day's growers' figures on MQTT (values and Home Assistant discovery)
/// and in its stored daily summary.
@Suite("growers' figures: a day's ET₀, degree days, chill hours and sunshine", .serialized)
struct GrowersRunTests {
    static let serial = "ST-00000001"
    /// 2024-07-12 00:00 in Denver (MDT, UTC-6).
    static let yesterdayMidnight: Int64 = 1_720_764_000
    static let site = StationSite(latitudeDegrees: 39.7392, longitudeDegrees: -104.9903, elevationMeters: 1_609, sensorHeightMeters: 3)

    /// One obs_st every five minutes (report interval 5) of the 12th.
    struct Minute {
        var timestamp: Int64
        var temperature: Double
        var humidity: Double
        var wind: Double
        var radiation: Int

        var datagram: String {
            #"{"serial_number":"\#(GrowersRunTests.serial)","type":"obs_st","obs":[[\#(timestamp),1,\#(wind),3,90,3,840,\#(temperature),\#(humidity),\#(radiation * 120),5,\#(radiation),0,0,0,0,2.6,5]]}"#
        }
    }

    static func yesterday() -> [Minute] {
        (0..<288).map { index in
            let hour = Double(index) / 12
            // Coolest at 05:00, warmest at 17:00; the sun up from 06:00 to 20:00.
            let phase = cos((hour - 17) / 24 * 2 * .pi)
            let sun = max(0, sin((hour - 6) / 14 * .pi))
            return Minute(
                timestamp: yesterdayMidnight + Int64(index) * 300, temperature: ((16 + 10 * phase) * 10).rounded() / 10,
                humidity: ((50 - 25 * phase) * 10).rounded() / 10, wind: index % 2 == 0 ? 1.8 : 2.6, radiation: Int(900 * sun))
        }
    }

    @Test("yesterday's ET₀, degree days over the configured base, chill hours and sunshine reach MQTT, Home Assistant and the store")
    func growersFigures() throws {
        let broker = try MosquittoBroker()
        let directory = try TemporaryDirectory()
        let database = directory.file("g.db")
        // The position from the command line, as the file's would be.
        let (gateway, udpPort) = try StationSiteRunTests.startGateway(
            broker: broker, database: database, directory: directory,
            configText: """
                [agronomy]
                base_temperature_c = 8
                [station]
                timezone = "America/Denver"
                elevation = 1609
                sensor_height = 3
                """, arguments: ["--latitude", "39.7392", "--longitude", "-104.9903"])
        defer {
            gateway.send(signal: SIGTERM)
            _ = try? gateway.wait(timeoutSeconds: 30)
        }
        let watcher = try ChildProcess(
            executable: "/usr/bin/mosquitto_sub", arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "#", "-v"])
        try watcher.start()
        defer { watcher.send(signal: SIGTERM) }

        let sender = try UDPSender(port: udpPort)
        let minutes = Self.yesterday()
        for minute in minutes {
            try sender.send(minute.datagram)
            usleep(2_000)
        }
        // Today, 2024-07-13 at noon: yesterday is complete.
        try sender.send(Minute(timestamp: Self.yesterdayMidnight + 86_400 + 43_200, temperature: 25, humidity: 30, wind: 2, radiation: 800).datagram)

        // What the day gives by the tested pure functions.
        var expected = DailyAccumulator(timeZone: try TimeZoneRules(identifier: "America/Denver"))
        expected.sites = DeviceSites(Self.site)
        for minute in minutes {
            var sample = ObservationSample(serial: Self.serial, timestamp: minute.timestamp)
            sample.airTemperatureCelsius = minute.temperature
            sample.relativeHumidityPercent = minute.humidity
            sample.windAverageMetersPerSecond = minute.wind
            sample.solarRadiationWattsPerSquareMeter = Double(minute.radiation)
            sample.reportIntervalMinutes = 5
            expected.add(sample)
        }
        let day = expected.totals(serial: Self.serial, on: LocalDate(year: 2024, month: 7, day: 12)!)
        let et0 = try #require(day.referenceEvapotranspirationMillimeters(site: Self.site))
        #expect(et0 > 3 && et0 < 12)
        let degreeDays = try #require(day.growingDegreeDays(baseCelsius: 8))

        func value(_ field: String, in output: String) -> Double? {
            output.split(separator: "\n").last { $0.hasPrefix("tempest/\(Self.serial)/\(field) ") }
                .flatMap { Double($0.split(separator: " ")[1]) }
        }
        let published = watcher.waitFor(timeoutSeconds: 30) { value("reference_evapotranspiration_yesterday", in: $0.standardOutputSoFar) != nil }
        #expect(published, "\(gateway.standardErrorSoFar)")
        let output = watcher.standardOutputSoFar
        #expect(abs((value("reference_evapotranspiration_yesterday", in: output) ?? 0) - et0) < 0.006)
        #expect(abs((value("growing_degree_days_yesterday", in: output) ?? 0) - degreeDays) < 0.006)
        // The night falls to 6 °C: some chill hours.
        #expect(day.chillMinutes > 0)
        #expect(value("chill_hours_yesterday", in: output) == (day.chillHours * 100).rounded() / 100)
        #expect(value("sunshine_minutes_yesterday", in: output) == Double(day.sunshineMinutes))
        #expect(day.sunshineMinutes > 300)
        #expect(value("growing_degree_days_today", in: output) == 17)

        // Home Assistant: ET₀ in mm with no device class (none fits), sunshine a duration.
        func discovery(_ field: String) throws -> [String: Any]? {
            guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("homeassistant/sensor/\(Self.serial)/\(field)/config ") })
            else { return nil }
            let payload = line.split(separator: " ", maxSplits: 1)[1]
            return try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any]
        }
        let evapotranspiration = try #require(try discovery("reference_evapotranspiration_yesterday"))
        #expect(evapotranspiration["unit_of_measurement"] as? String == "mm")
        #expect(evapotranspiration["device_class"] == nil)
        #expect(evapotranspiration["state_class"] == nil)
        let sunshine = try #require(try discovery("sunshine_minutes_yesterday"))
        #expect(sunshine["device_class"] as? String == "duration")
        let chill = try #require(try discovery("chill_hours_today"))
        #expect(chill["state_class"] as? String == "total_increasing")

        // The store: the day's summary keeps the figures' inputs and its ET₀.
        let stored = gateway.waitFor(timeoutSeconds: 10) { _ in
            (try? Store(readOnlyPath: database).dailySummary(serial: Self.serial, localDate: "2024-07-12"))??.growers
                .referenceEvapotranspirationMillimeters != nil
        }
        #expect(stored)
        let summary = try #require(try Store(readOnlyPath: database).dailySummary(serial: Self.serial, localDate: "2024-07-12"))
        #expect(abs((summary.growers.referenceEvapotranspirationMillimeters ?? 0) - et0) < 0.006)
        #expect(summary.growers.minimumHumidityPercent == day.minimumHumidityPercent)
        #expect(summary.growers.solarRadiationMinutes == 1_440)
        #expect(summary.growers.sunshineMinutes == day.sunshineMinutes)
        #expect(summary.growers.chillMinutes == day.chillMinutes)

        // history --daily shows the day with its figures, degree days over the file's base.
        let history = try Gateway.run([
            "history", "--daily", "--json", "--database", database, "--config", directory.file("config.toml"), "--timezone",
            "America/Denver", "--from", "2024-07-12", "--to", "2024-07-13",
        ])
        #expect(history.status == 0, "\(history.standardError)")
        let days = try #require(try JSONSerialization.jsonObject(with: Data(history.standardOutput.utf8)) as? [[String: Any]])
        #expect(days.map { $0["local_date"] as? String } == ["2024-07-12"])
        #expect(abs(((days.first?["et0_mm"] as? NSNumber)?.doubleValue ?? 0) - et0) < 0.006)
        #expect(abs(((days.first?["growing_degree_days"] as? NSNumber)?.doubleValue ?? 0) - degreeDays) < 1e-9)
        // export --table daily_summaries gives the same day.
        let exported = try Gateway.run([
            "export", "--table", "daily_summaries", "--format", "jsonl", "--database", database, "--config", directory.file("config.toml"),
            "--timezone", "America/Denver", "--from", "2024-07-12", "--to", "2024-07-13",
        ])
        #expect(exported.status == 0, "\(exported.standardError)")
        let rows = exported.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(rows.map { $0["local_date"] as? String } == ["2024-07-12"])
        #expect(abs(((rows.first?["reference_evapotranspiration"] as? NSNumber)?.doubleValue ?? 0) - et0) < 0.006)
        #expect(abs(((rows.first?["growing_degree_days"] as? NSNumber)?.doubleValue ?? 0) - degreeDays) < 1e-9)
        let table = try Gateway.run(["history", "--daily", "--database", database, "--timezone", "America/Denver"])
        #expect(table.standardOutput.contains("ET₀ (mm)"), "\(table.standardOutput)")
        #expect(table.standardOutput.contains("2024-07-13"))
    }
}
