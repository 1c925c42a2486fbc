// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import JSON
import Pipeline
import Storage
import TempestUDP

/// Stored observations as JSON, CSV and a text table. Field names are the
/// protocol's snake_case names; values are in protocol units (metres per
/// second, millibars, degrees Celsius, percent, lux, W/m², millimetres,
/// kilometres, volts, minutes).
enum ObservationRecordFormat {
    /// Column names in output order (after `serial`, `timestamp`, `time_utc`, `source`).
    static let valueColumns = [
        "wind_lull", "wind_avg", "wind_gust", "wind_direction", "wind_sample_interval", "station_pressure",
        "air_temperature", "relative_humidity", "illuminance", "uv", "solar_radiation", "rain_accumulated",
        "precipitation_type", "lightning_strike_avg_distance", "lightning_strike_count", "battery", "report_interval",
        "local_day_rain_accumulation", "nc_rain_accumulation", "local_day_nc_rain_accumulation",
        "precipitation_analysis_type",
    ]

    /// The values of `valueColumns` for `record`, nil where missing.
    static func values(_ record: ObservationRecord) -> [Double?] {
        [
            record.windLullMetersPerSecond, record.windAverageMetersPerSecond, record.windGustMetersPerSecond,
            record.windDirectionDegrees.map(Double.init), record.windSampleIntervalSeconds.map(Double.init),
            record.stationPressureMillibars, record.airTemperatureCelsius, record.relativeHumidityPercent,
            record.illuminanceLux.map(Double.init), record.uvIndex, record.solarRadiationWattsPerSquareMeter.map(Double.init),
            record.rainAccumulatedMillimeters, record.precipitationType.map(Double.init),
            record.lightningStrikeAverageDistanceKilometers.map(Double.init), record.lightningStrikeCount.map(Double.init),
            record.batteryVolts, record.reportIntervalMinutes.map(Double.init),
            record.localDayRainAccumulationMillimeters, record.nearCastRainAccumulationMillimeters,
            record.localDayNearCastRainAccumulationMillimeters, record.precipitationAnalysisType.map(Double.init),
        ]
    }

    static func sourceName(_ source: ObservationRecord.Source) -> String {
        source.name
    }

    /// One JSON object for `record`.
    static func writeJSON(_ record: ObservationRecord, into json: inout JSONWriter) {
        json.beginObject()
        json.member("serial_number", record.serial)
        json.member("timestamp", record.timestamp)
        json.member("time_utc", UTCTime.iso8601(UnixTimestamp(secondsSince1970: record.timestamp)))
        json.member("source", sourceName(record.source))
        for (name, value) in zip(valueColumns, values(record)) { json.member(name, value) }
        json.endObject()
    }

    /// The CSV header line.
    static var csvHeader: String {
        (["serial_number", "timestamp", "time_utc", "source"] + valueColumns).joined(separator: ",")
    }

    /// One CSV line for `record` (empty fields where missing).
    static func csvLine(_ record: ObservationRecord) -> String {
        let fixed = [
            record.serial, String(record.timestamp), UTCTime.iso8601(UnixTimestamp(secondsSince1970: record.timestamp)),
            sourceName(record.source),
        ]
        return (fixed + values(record).map { $0.map(JSONWriter.format) ?? "" }).joined(separator: ",")
    }

    /// An aligned text table in `units`: a header naming each column with
    /// its unit, then one line per row; "-" marks a missing value.
    static func table(_ records: [ObservationRecord], units: PublishedUnits = .metric) -> [String] {
        func symbol(_ field: String, _ protocolUnit: String) -> String {
            let chosen = units.homeAssistantUnit(field: field, fallback: protocolUnit) ?? protocolUnit
            return chosen == "mbar" ? "mb" : chosen
        }
        let header = [
            "Time (UTC)", "Device", "Temperature (\(symbol("air_temperature", "°C")))", "Humidity (%)",
            "Pressure (\(symbol("station_pressure", "mb")))", "Wind (\(symbol("wind_avg", "m/s")))",
            "Gust (\(symbol("wind_gust", "m/s")))", "Direction (°)", "Rain (\(symbol("rain_accumulated", "mm")))", "UV",
            "Battery (V)", "Source",
        ]
        func text(_ value: Double?, _ field: String = "") -> String { value.map { units.text(field: field, $0) } ?? "-" }
        let rows = records.map { record in
            [
                UTCTime.readable(UnixTimestamp(secondsSince1970: record.timestamp)).replacingUTCSuffix(),
                record.serial, text(record.airTemperatureCelsius, "air_temperature"), text(record.relativeHumidityPercent),
                text(record.stationPressureMillibars, "station_pressure"), text(record.windAverageMetersPerSecond, "wind_avg"),
                text(record.windGustMetersPerSecond, "wind_gust"), text(record.windDirectionDegrees.map(Double.init)),
                text(record.rainAccumulatedMillimeters, "rain_accumulated"), text(record.uvIndex), text(record.batteryVolts),
                sourceName(record.source),
            ]
        }
        return columns(header, rows)
    }

    /// `header` and `rows` as lines of left-aligned columns, two spaces apart.
    static func columns(_ header: [String], _ rows: [[String]]) -> [String] {
        var widths = header.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        return [line(header)] + rows.map(line)
    }
}

extension String {
    fileprivate func replacingUTCSuffix() -> String {
        hasSuffix(" UTC") ? String(dropLast(4)) : self
    }

    fileprivate func trimmingTrailingSpaces() -> String {
        var result = self
        while result.hasSuffix(" ") { result.removeLast() }
        return result
    }
}
