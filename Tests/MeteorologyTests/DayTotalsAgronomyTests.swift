// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Testing

/// A day of minute observations gives the growers' figures its inputs say.
@Suite struct DayTotalsAgronomyTests {
    /// Brussels, FAO-56 example 18: 50°48′ N, 100 m, wind measured at 2 m.
    static let brussels = StationSite(latitudeDegrees: 50.8, longitudeDegrees: 4.35, elevationMeters: 100, sensorHeightMeters: 2)
    /// 2023-07-06 00:00 in Brussels (CEST, UTC+2): day 187 of a common year, as in the example.
    static let midnight: Int64 = 1_688_594_400

    /// A whole day of minutes swinging between the example's extremes:
    /// 12.3 to 21.5 °C, 84 to 63 % humidity, 2.078 m/s of wind, and
    /// 255.44 W/m² throughout (22.07 MJ/m² over 24 hours).
    static func exampleDay() throws -> DailyAccumulator {
        var accumulator = DailyAccumulator(timeZone: try TimeZoneRules(identifier: "Europe/Brussels"))
        accumulator.sites = DeviceSites(brussels)
        for minute in 0..<1_440 {
            var sample = ObservationSample(serial: "ST-1", timestamp: midnight + Int64(minute) * 60)
            let warm = minute >= 720
            sample.airTemperatureCelsius = minute == 900 ? 21.5 : minute == 300 ? 12.3 : warm ? 18 : 15
            sample.relativeHumidityPercent = minute == 900 ? 63 : minute == 300 ? 84 : 70
            sample.windAverageMetersPerSecond = 2.078
            sample.solarRadiationWattsPerSquareMeter = 22.07e6 / 86_400
            sample.reportIntervalMinutes = 1
            accumulator.add(sample)
        }
        return accumulator
    }

    @Test func example18FromADayOfMinutes() throws {
        let totals = try Self.exampleDay().totals(serial: "ST-1", on: try #require(LocalDate(year: 2023, month: 7, day: 6)))
        #expect(totals.minimumHumidityPercent == 63)
        #expect(totals.maximumHumidityPercent == 84)
        #expect(abs((totals.meanWindMetersPerSecond ?? 0) - 2.078) < 1e-9)
        #expect(abs(totals.solarEnergyMegajoulesPerSquareMeter - 22.07) < 0.001)
        // FAO-56 example 18: ET₀ = 3.9 mm/day.
        let et0 = try #require(totals.referenceEvapotranspirationMillimeters(site: Self.brussels))
        #expect(abs(et0 - 3.9) < 0.1, "\(et0)")
        // Degree days over 10 °C: (12.3 + 21.5) / 2 − 10 = 6.9.
        #expect(abs((totals.growingDegreeDays(baseCelsius: 10) ?? 0) - 6.9) < 1e-9)
        #expect(totals.chillHours == 0)
        // No ET₀ without the site's elevation, nor for a day not covered.
        var noElevation = Self.brussels
        noElevation.elevationMeters = nil
        #expect(totals.referenceEvapotranspirationMillimeters(site: noElevation) == nil)
    }

    @Test func anIncompleteDayHasNoReferenceEvapotranspiration() throws {
        var accumulator = DailyAccumulator(timeZone: try TimeZoneRules(identifier: "Europe/Brussels"))
        for minute in 0..<600 {
            var sample = ObservationSample(serial: "ST-1", timestamp: Self.midnight + Int64(minute) * 60)
            sample.airTemperatureCelsius = 5
            sample.relativeHumidityPercent = 80
            sample.windAverageMetersPerSecond = 1
            sample.solarRadiationWattsPerSquareMeter = 100
            accumulator.add(sample)
        }
        let totals = accumulator.totals(serial: "ST-1", on: try #require(LocalDate(year: 2023, month: 7, day: 6)))
        #expect(totals.referenceEvapotranspirationMillimeters(site: Self.brussels) == nil)
        // Ten hours at 5 °C: ten chill hours (0 to 7.2 °C).
        #expect(totals.chillHours == 10)
        // 5 °C is below the base: no degree days.
        #expect(totals.growingDegreeDays(baseCelsius: 10) == 0)
    }

    @Test func sunshineMinutesFollowTheSolarElevation() throws {
        // 400 W/m² all day at Brussels: sunshine only while 0.7 · 1080 ·
        // (sin h)^1.25 ≤ 400, i.e. the sun above about 38°, around noon.
        var accumulator = DailyAccumulator(timeZone: try TimeZoneRules(identifier: "Europe/Brussels"))
        accumulator.sites = DeviceSites(Self.brussels)
        var expected = 0
        for minute in 0..<1_440 {
            let timestamp = Self.midnight + Int64(minute) * 60
            var sample = ObservationSample(serial: "ST-1", timestamp: timestamp)
            sample.solarRadiationWattsPerSquareMeter = 400
            accumulator.add(sample)
            let elevation = SolarPosition.elevationDegrees(at: timestamp, latitudeDegrees: 50.8, longitudeDegrees: 4.35)
            if let threshold = SunshineDuration.thresholdWattsPerSquareMeter(elevationDegrees: elevation), 400 >= threshold { expected += 1 }
        }
        let totals = accumulator.totals(serial: "ST-1", on: try #require(LocalDate(year: 2023, month: 7, day: 6)))
        #expect(totals.sunshineMinutes == expected)
        // Not the old rule's whole day, nor none.
        #expect(totals.sunshineMinutes > 300 && totals.sunshineMinutes < 900)
    }
}
