// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ForecastBridge
import GatewayCore
import JSON
import TempestUDP

/// A fetched forecast as text: now, the next hours, the next days. Labels
/// come before values and units are spelled out; times are local to the
/// forecast's time zone (at its offset when the forecast starts). Values are
/// in Open-Meteo's units unless `units` converts them.
enum ForecastFormat {
    static func lines(
        _ forecast: ForecastResponse, hours: Int, now: Int64, style: TerminalStyle, units: PublishedForecastUnits? = nil
    ) -> [String] {
        let offset = Int64(forecast.utcOffsetSeconds ?? 0)
        var lines: [String] = []
        var place: [String] = []
        if let latitude = forecast.latitude, let longitude = forecast.longitude {
            place.append("model grid cell at latitude \(JSONWriter.format(latitude)), longitude \(JSONWriter.format(longitude))")
        }
        if let elevation = forecast.elevationMeters { place.append("elevation \(JSONWriter.format(elevation)) metres") }
        if let zone = forecast.timeZone { place.append("time zone \(zone)") }
        lines.append("Forecast from Open-Meteo" + (place.isEmpty ? "." : ": " + place.joined(separator: ", ") + "."))

        if let current = forecast.current {
            lines.append("")
            let time = current.time.map { " at \(clock($0, offset: offset))" } ?? ""
            lines.append(style.emphasized("Now\(time):"))
            for name in current.variableNames {
                lines.append("  \(name): \(value(current.value(name), of: name, offset: offset, units: units))")
            }
        }
        if let hourly = forecast.hourly {
            let start = hourly.index(containing: now) ?? 0
            let end = min(hourly.count, start + max(0, hours))
            if start < end {
                lines.append("")
                lines.append(style.emphasized("Next \(count(end - start, "hour")):"))
                for index in start..<end {
                    lines.append("  \(clock(hourly.times[index], offset: offset)): " + facts(hourly, at: index, offset: offset, units: units))
                }
            }
        }
        if let daily = forecast.daily, daily.count > 0 {
            lines.append("")
            lines.append(style.emphasized("Next \(count(daily.count, "day")):"))
            for index in 0..<daily.count {
                lines.append("  \(date(daily.times[index], offset: offset)): " + facts(daily, at: index, offset: offset, units: units))
            }
        }
        return lines
    }

    private static func facts(_ series: ForecastSeries, at index: Int, offset: Int64, units: PublishedForecastUnits?) -> String {
        series.variableNames.map { "\($0) \(value(series.value($0, at: index), of: $0, offset: offset, units: units))" }
            .joined(separator: ", ")
    }

    /// A value with its unit spelled out; times of day and durations made readable.
    static func value(_ value: Double?, of name: String, offset: Int64, units: PublishedForecastUnits? = nil) -> String {
        guard let value else { return "no value" }
        return self.value(value, unit: VariableCatalog.variable(named: name)?.unit, offset: offset, units: units)
    }

    /// `value` in `unit` with the unit spelled out (converted by `units` when given).
    static func value(_ value: Double, unit: ForecastUnit?, offset: Int64, units: PublishedForecastUnits?) -> String {
        switch unit {
        case .unixTime?:
            return clock(Int64(value), offset: offset)
        case .wmoCode?:
            let code = Int(value)
            return WMOWeatherCode.description(code).map { "\(code), \($0)" } ?? "\(code)"
        case .seconds?:
            let minutes = Int((value / 60).rounded())
            return "\(minutes / 60) hours \(minutes % 60) minutes"
        case .some(let unit):
            let converted = units.map { $0.number(value, unit) } ?? value
            // Inches of rain need two decimals.
            let scale = units?.symbol(unit) == "in" ? 100.0 : 10.0
            let text = JSONWriter.format((converted * scale).rounded() / scale)
            return unit.symbol.isEmpty ? text : "\(text) \(units?.spokenName(unit) ?? unit.spokenName)"
        case nil:
            return JSONWriter.format(value)
        }
    }

    /// `14:00`, local.
    private static func clock(_ unixSeconds: Int64, offset: Int64) -> String {
        let parts = UTCTime.civil(unixSeconds + offset)
        return "\(pad(parts.hour)):\(pad(parts.minute))"
    }

    /// `2026-11-23`, local. Daily times are already local midnight in UTC
    /// seconds minus the offset, so adding it back gives the local date.
    private static func date(_ unixSeconds: Int64, offset: Int64) -> String {
        let parts = UTCTime.civil(unixSeconds + offset)
        return "\(parts.year)-\(pad(parts.month))-\(pad(parts.day))"
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
    }

    private static func pad(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
