// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ForecastBridge
import Forecasting
import GatewayCore
import JSON
import MQTTSink
import Pipeline
import TempestUDP

/// `forecast --database`: the stored forecast merged with the station's
/// stored observations, for people (observed and forecast side by side now,
/// the corrected temperature for the next hours, then the forecast's hours
/// and days; labels before values, units spelled out) or as JSON (the same
/// objects `run` publishes as conditions, hourly and daily), in the chosen units.
enum ForecastReport {
    /// Lines for people.
    static func lines(
        _ served: ServedForecast, conditions: ForecastConditions, station: StationReading?, locationKey: String, hours: Int,
        now: Int64, style: TerminalStyle, units: PublishedForecastUnits
    ) -> [String] {
        let offset = Int64(served.response.utcOffsetSeconds ?? 0)
        var lines = [
            "Forecast for \(locationKey), fetched \(ForecastSnapshots.age(from: served.fetchedAt, to: now)) ago, at "
                + "\(UTCTime.readable(UnixTimestamp(secondsSince1970: served.fetchedAt)))."
        ]
        lines.append("")
        let condition = conditions.value("condition").map { "condition \(text($0, offset: offset, units: units))" } ?? "condition unknown"
        let observedAt = conditions.value("observed_at").map { "station observed at \(text($0, offset: offset, units: units))" }
            ?? "no station observation in the last 15 minutes"
        lines.append(style.emphasized("Now: \(condition); \(observedAt).") )
        let sideBySide: [(String, Double?, ForecastUnit, String)] = [
            ("temperature", station?.airTemperatureCelsius, .celsius, "temperature_2m"),
            ("relative humidity", station?.relativeHumidityPercent, .percent, "relative_humidity_2m"),
            ("wind speed", station?.windAverageMetersPerSecond, .metresPerSecond, "wind_speed_10m"),
            ("wind gust", station?.windGustMetersPerSecond, .metresPerSecond, "wind_gusts_10m"),
            ("wind direction", station?.windDirectionDegrees, .degrees, "wind_direction_10m"),
            ("UV index", station?.uvIndex, .index, "uv_index"),
        ]
        for (label, observed, unit, variable) in sideBySide {
            var parts = observed.map { ["observed \(spoken($0, unit, units))"] } ?? []
            if let value = forecastValue(served.response, variable, now: now) {
                parts.append("forecast \(ForecastFormat.value(value, of: variable, offset: offset, units: units))")
            }
            if !parts.isEmpty { lines.append("  \(label): " + parts.joined(separator: ", ")) }
        }
        if let rate = station?.rainRateMillimetresPerHour { lines.append("  rain rate: observed \(spoken(rate, .millimetres, units)) per hour") }
        for (label, field) in [
            ("forecast high today", "temperature_high_today"), ("forecast low today", "temperature_low_today"),
            ("observed high today", "observed_high_today"), ("observed low today", "observed_low_today"),
            ("weather", "weather"), ("cloud cover", "cloud_cover"), ("precipitation probability", "precipitation_probability"),
            ("precipitation probability next hour", "precipitation_probability_next_hour"), ("visibility", "visibility"),
            ("rain today", "rain_today"), ("observed minus forecast", "observed_minus_forecast"), ("recent bias", "local_bias"),
            ("sunrise", "sunrise"), ("sunset", "sunset"),
        ] {
            if let value = conditions.value(field) { lines.append("  \(label): \(text(value, offset: offset, units: units))") }
        }
        let corrected = conditions.correctedHours.prefix(max(0, hours)).compactMap { hour in
            hour.value.map { "\(ForecastFormat.value(Double(hour.time), of: "sunrise", offset: offset)) \(spoken($0, .celsius, units))" }
        }
        if !corrected.isEmpty {
            lines.append("")
            lines.append(style.emphasized("Corrected temperature, next \(Plural.count(corrected.count, "hour")):"))
            lines.append("  " + corrected.joined(separator: ", "))
        }
        var later = served.response
        later.current = nil
        lines.append("")
        lines += ForecastFormat.lines(later, hours: hours, now: now, style: style, units: units).dropFirst(2)
        return lines
    }

    /// One JSON object: `conditions`, `hourly` and `daily` as `run` publishes them, in metric units.
    static func json(
        _ served: ServedForecast, conditions: ForecastConditions, locationKey: String, now: Int64, units converter: PublishedForecastUnits
    ) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.member("location", locationKey)
        json.key("conditions")
        json.rawValue(ForecastPublications.conditionsJSON(conditions, converter: converter))
        json.key("hourly")
        json.rawValue(ForecastPublications.hourlyJSON(served, conditions: conditions, now: now, converter: converter))
        json.key("daily")
        json.rawValue(ForecastPublications.dailyJSON(served, now: now, converter: converter))
        json.endObject()
        return json.text
    }

    /// The forecast's own value of `variable` now (current section, else the hour containing now).
    private static func forecastValue(_ response: ForecastResponse, _ variable: String, now: Int64) -> Double? {
        response.current?.value(variable)
            ?? response.hourly.flatMap { hourly in hourly.index(containing: now).flatMap { hourly.value(variable, at: $0) } }
    }

    private static func spoken(_ value: Double, _ unit: ForecastUnit, _ units: PublishedForecastUnits) -> String {
        ForecastFormat.value(value, unit: unit, offset: 0, units: units)
    }

    /// A conditions value for people.
    private static func text(_ value: ForecastConditions.Value, offset: Int64, units: PublishedForecastUnits) -> String {
        switch value {
        case .number(let number, let unit): spoken(number, unit, units)
        case .difference(let celsius):
            (celsius > 0 ? "+" : "") + JSONWriter.format((units.difference(celsius) * 10).rounded() / 10) + " " + units.spokenName(.celsius)
        case .rainRate(let rate): spoken(rate, .millimetres, units) + " per hour"
        case .text(let text): text
        case .instant(let seconds): ForecastFormat.value(Double(seconds), of: "sunrise", offset: offset)
        case .flag(let flag): flag ? "yes" : "no"
        }
    }
}
