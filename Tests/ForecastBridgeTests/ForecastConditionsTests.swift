// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ForecastBridge
import Testing

/// The merge of a forecast with the station's values, with no store: the
/// gateway hands the merge plain readings.
@Suite("forecast conditions from plain readings")
struct ForecastConditionsTests {
    /// 2024-07-13 12:00 UTC.
    static let noon: Int64 = 1_720_872_000

    /// Two hours of forecast from 11:00 UTC: 20 °C then 21 °C, humidity 55 %,
    /// wind 4 m/s, overcast (code 3); the sun up from 05:00 to 20:00.
    static var served: ServedForecast {
        let start = noon - 3600
        let body = """
            {"latitude":39.75,"longitude":-105.0,"utc_offset_seconds":0,"timezone":"UTC",
             "hourly":{"time":[\(start),\(start + 3600),\(start + 7200)],"temperature_2m":[20,21,22],
                       "relative_humidity_2m":[55,55,55],"wind_speed_10m":[4,4,4],"weather_code":[3,3,3]},
             "daily":{"time":[\(noon - 12 * 3600)],"sunrise":[\(noon - 7 * 3600)],"sunset":[\(noon + 8 * 3600)]}}
            """
        return ServedForecast(response: ForecastResponse(bodyText: body)!, fetchedAt: noon - 300, isCurrent: true)
    }

    @Test("without a station every value is the forecast's")
    func forecastAlone() {
        let conditions = ForecastConditions(Self.served, station: nil, now: Self.noon)
        #expect(conditions.value("temperature") == .number(21, .celsius))
        #expect(conditions.value("temperature_source") == .text("forecast"))
        #expect(conditions.value("relative_humidity") == .number(55, .percent))
        #expect(conditions.value("condition") == .text("cloudy"))
        #expect(conditions.value("observed_at") == nil)
        #expect(conditions.biasCelsius == nil)
    }

    @Test("the station's values win; what it lacks comes from the forecast")
    func stationWins() {
        let reading = StationReading(
            serial: "ST-00000001", observedAt: Self.noon - 60, airTemperatureCelsius: 23.5, windAverageMetersPerSecond: 1.5,
            rainTodayMillimetres: 2.25)
        let conditions = ForecastConditions(Self.served, station: reading, now: Self.noon)
        #expect(conditions.value("temperature") == .number(23.5, .celsius))
        #expect(conditions.value("temperature_source") == .text("station"))
        #expect(conditions.value("wind_speed") == .number(1.5, .metresPerSecond))
        // No humidity sensor reading: the forecast's.
        #expect(conditions.value("relative_humidity") == .number(55, .percent))
        #expect(conditions.value("rain_today") == .number(2.25, .millimetres))
        #expect(conditions.value("observed_at") == .instant(Self.noon - 60))
        #expect(conditions.biasCelsius != nil)
    }

    @Test("rain falling at the station overrides the forecast's overcast sky")
    func rainOverrides() {
        let raining = StationReading(serial: "ST-00000001", observedAt: Self.noon - 60, rainRateMillimetresPerHour: 6)
        let conditions = ForecastConditions(Self.served, station: raining, now: Self.noon)
        #expect(conditions.value("condition") == .text("rainy"))
        #expect(conditions.value("rain_rate") == .rainRate(6))
    }
}
