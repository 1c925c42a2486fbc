// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ForecastBridge
import GatewayCore
import JSON
import MQTTSink
import Pipeline
import TempestUDP

/// A fetched forecast as text for people: the conditions now as
/// `Label: value unit` lines, then the next hours and the next days as
/// tables. Each table starts with a line spelling out its unit symbols
/// (screen readers read "°C" poorly), then a header row naming every
/// column with its unit, then one row per hour or day; a column no shown
/// row has a value for is left out, and "-" marks a missing value (as in `history`).
/// Meaning never rests on colour: headings are only emphasised. Times are
/// local to the forecast's time zone (at its offset when the forecast
/// starts). Values are in Open-Meteo's units unless `units` converts them.
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
            for name in ForecastLabels.sorted(current.variableNames) {
                lines.append("  \(ForecastLabels.label(name)): \(value(current.value(name), of: name, offset: offset, units: units))")
            }
        }
        if let hourly = forecast.hourly {
            let start = hourly.index(containing: now) ?? 0
            let end = min(hourly.count, start + max(0, hours))
            if start < end {
                lines.append("")
                lines.append(style.emphasized("Next \(Plural.count(end - start, "hour")):"))
                lines += table(hourly, rows: start..<end, first: "Time", offset: offset, units: units) { clock($0, offset: offset) }
            }
        }
        if let daily = forecast.daily, daily.count > 0 {
            lines.append("")
            lines.append(style.emphasized("Next \(Plural.count(daily.count, "day")):"))
            lines += table(daily, rows: 0..<daily.count, first: "Date", offset: offset, units: units) { date($0, offset: offset) }
        }
        return lines
    }

    /// The rows `rows` of `series` as a table, indented two spaces: a units
    /// line when any column has a unit symbol, the header, one row each.
    private static func table(
        _ series: ForecastSeries, rows: Range<Int>, first: String, offset: Int64, units: PublishedForecastUnits?,
        time: (Int64) -> String
    ) -> [String] {
        let names = ForecastLabels.sorted(series.variableNames).filter { name in
            rows.contains { series.value(name, at: $0) != nil }
        }
        var symbols: [(symbol: String, spoken: String)] = []
        var header = [first]
        for name in names {
            let unit = VariableCatalog.variable(named: name)?.unit
            let symbol = unit.flatMap { columnSymbol($0, units: units) }
            header.append(ForecastLabels.label(name) + (symbol.map { " (\($0))" } ?? ""))
            if let unit, let symbol, !symbols.contains(where: { $0.symbol == symbol }) {
                symbols.append((symbol, unit == .seconds ? "hours and minutes" : units?.spokenName(unit) ?? unit.spokenName))
            }
        }
        var table = [header]
        for index in rows {
            table.append([time(series.times[index])] + names.map { cell(series.value($0, at: index), of: $0, offset: offset, units: units) })
        }
        let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        var lines: [String] = []
        if !symbols.isEmpty {
            lines.append("  Units: " + symbols.map { "\($0.symbol) \($0.spoken)" }.joined(separator: ", ") + ".")
        }
        for row in table {
            let padded = row.enumerated().map { column, text in
                column == row.count - 1 ? text : text + String(repeating: " ", count: widths[column] - text.count)
            }
            lines.append("  " + padded.joined(separator: "  "))
        }
        return lines
    }

    /// The unit symbol a column's header names; nil for codes, flags,
    /// indexes and times of day, whose cells say what they are.
    private static func columnSymbol(_ unit: ForecastUnit, units: PublishedForecastUnits?) -> String? {
        switch unit {
        case .unixTime, .wmoCode, .flag, .index: return nil
        case .seconds: return "h:min"
        default:
            let symbol = units?.symbol(unit) ?? unit.symbol
            return symbol.isEmpty ? nil : symbol
        }
    }

    /// A table cell: the value without its unit (the header has it).
    private static func cell(_ value: Double?, of name: String, offset: Int64, units: PublishedForecastUnits?) -> String {
        guard let value else { return "-" }
        switch VariableCatalog.variable(named: name)?.unit {
        case .unixTime?:
            return clock(Int64(value), offset: offset)
        case .wmoCode?:
            return WMOWeatherCode.description(Int(value)) ?? "code \(Int(value))"
        case .flag?:
            return value != 0 ? "yes" : "no"
        case .seconds?:
            let minutes = Int((value / 60).rounded())
            return "\(minutes / 60):\(pad(Int64(minutes % 60)))"
        case .some(let unit):
            return number(value, unit: unit, units: units)
        case nil:
            return JSONWriter.format(value)
        }
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
            return "\(Plural.count(minutes / 60, "hour")) \(Plural.count(minutes % 60, "minute"))"
        case .some(let unit):
            let text = number(value, unit: unit, units: units)
            return unit.symbol.isEmpty ? text : "\(text) \(units?.spokenName(unit) ?? unit.spokenName)"
        case nil:
            return JSONWriter.format(value)
        }
    }

    /// `value` converted by `units` and rounded to what a forecast means.
    private static func number(_ value: Double, unit: ForecastUnit, units: PublishedForecastUnits?) -> String {
        let converted = units.map { $0.number(value, unit) } ?? value
        // Inches of rain need two decimals.
        let scale = units?.symbol(unit) == "in" ? 100.0 : 10.0
        return JSONWriter.format((converted * scale).rounded() / scale)
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

    private static func pad(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
