// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ForecastBridge
import Storage

/// A forecast in Open-Meteo's documented shape (`timeformat=unixtime`, UTC)
/// around a fixed instant, with a null, a missing hourly variable and a
/// short daily series, plus station readings to merge it with.
enum ForecastFixture {
    /// 2024-07-13 00:00 UTC.
    static let dayStart: Int64 = 1_720_828_800
    /// 18:30 UTC that day.
    static let now: Int64 = dayStart + 18 * 3600 + 1800

    /// Hourly temperature 20 °C at midnight rising 0.5 °C an hour over 72
    /// hours; precipitation probability equal to the hour's index; cloud
    /// cover null at 18:00; clear sky throughout; no hourly visibility at all.
    /// `start` is the first day's midnight; the hours begin at `hoursFrom` (default: `start`).
    static func body(start: Int64 = dayStart, hoursFrom: Int64? = nil, currentTime: Int64 = now) -> String {
        let hours = (0..<72).map { (hoursFrom ?? start) + Int64($0) * 3600 }
        let temperatures = (0..<72).map { String(20 + Double($0) / 2) }
        let probabilities = (0..<72).map { String($0 % 101) }
        let clouds = (0..<72).map { $0 == 18 ? "null" : "50" }
        return """
            {"latitude":39.75,"longitude":-105.0,"generationtime_ms":0.3,"utc_offset_seconds":0,"timezone":"UTC",
             "timezone_abbreviation":"UTC","elevation":1609.0,
             "current":{"time":\(currentTime),"interval":900,"temperature_2m":29.2,"weather_code":0,"cloud_cover":40,"visibility":24000,
                        "wind_speed_10m":null},
             "hourly":{"time":[\(hours.map(String.init).joined(separator: ","))],
                       "temperature_2m":[\(temperatures.joined(separator: ","))],
                       "precipitation_probability":[\(probabilities.joined(separator: ","))],
                       "cloud_cover":[\(clouds.joined(separator: ","))],
                       "weather_code":[\(Array(repeating: "0", count: 72).joined(separator: ","))]},
             "daily":{"time":[\(start),\(start + 86_400)],"temperature_2m_max":[31,33],"temperature_2m_min":[15,null],
                      "sunrise":[\(start + 6 * 3600),\(start + 86_400 + 6 * 3600)],"sunset":[\(start + 20 * 3600),\(start + 86_400 + 20 * 3600)],
                      "precipitation_probability_max":[30,60],"weather_code":[95,2]}}
            """
    }

    static var response: ForecastResponse { ForecastResponse(bodyText: body())! }

    /// The station at 18:29 UTC: 30 °C, rising through the last hour.
    static func observation(at time: Int64 = now - 60, rainMillimetres: Double = 0) -> ObservationRecord {
        var record = ObservationRecord(serial: "ST-00054321", timestamp: time, kind: .tempest, source: .udp, receivedAt: time + 1)
        record.airTemperatureCelsius = 30
        record.relativeHumidityPercent = 40
        record.windAverageMetersPerSecond = 3.2
        record.windGustMetersPerSecond = 5.1
        record.windDirectionDegrees = 200
        record.uvIndex = 6.5
        record.rainAccumulatedMillimeters = rainMillimetres
        record.reportIntervalMinutes = 1
        return record
    }

    /// Recent temperatures: 28.5 °C an hour ago, 29 °C half an hour ago, 30 °C now.
    static let recent = [
        TimedValue(time: now - 3600, value: 28.5), TimedValue(time: now - 1800, value: 29), TimedValue(time: now - 60, value: 30),
    ]
}
