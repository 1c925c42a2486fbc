// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import JSON
import Pipeline
import Storage

extension ObservationRecordFormat {
    /// `record` as one sentence for `status`, labels before values and
    /// units spelled out in `units`: "Newest observation from ST-1, 12
    /// seconds ago: air temperature 70.7 degrees Fahrenheit, …".
    static func sentence(_ record: ObservationRecord, now: Int64, units: PublishedUnits) -> String {
        func spoken(_ label: String, _ value: Double?, field: String, unit: String) -> String? {
            value.map { "\(label) \(units.spokenText(field: field, $0, protocolUnit: unit))" }
        }
        var wind = spoken("wind average", record.windAverageMetersPerSecond, field: "wind_avg", unit: "metres per second")
        if let direction = record.windDirectionDegrees, wind != nil { wind! += " from \(direction) degrees" }
        let facts = [
            spoken("air temperature", record.airTemperatureCelsius, field: "air_temperature", unit: "degrees Celsius"),
            record.relativeHumidityPercent.map { "relative humidity \(JSONWriter.format($0)) percent" },
            spoken("station pressure", record.stationPressureMillibars, field: "station_pressure", unit: "millibars"),
            wind,
            spoken("gust", record.windGustMetersPerSecond, field: "wind_gust", unit: "metres per second"),
            spoken("rain", record.rainAccumulatedMillimeters, field: "rain_accumulated", unit: "millimetres"),
            record.uvIndex.map { "UV index \(JSONWriter.format($0))" },
        ].compactMap { $0 }
        let age = Plural.count(max(0, now - record.timestamp), "second")
        return "Newest observation from \(record.serial), \(age) ago" + (facts.isEmpty ? "." : ": " + facts.joined(separator: ", ") + ".")
    }
}
