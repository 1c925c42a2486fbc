// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ForecastBridge
import JSON
import Pipeline
import TempestUDP

/// What one forecast refresh publishes:
///
/// - `<base>/forecast/conditions`: the merge (``ForecastConditions``) as
///   one JSON object, with a `units` object naming each value's unit;
/// - `<base>/forecast/hourly`: the next 48 hours, each hour's variables
///   and the locally corrected temperature;
/// - `<base>/forecast/daily`: every forecast day (up to 16);
/// - `<base>/forecast/<field>`: each value of the conditions on its own.
///
/// All are retained state, not events: they go to the publisher's latest
/// values (published when they change and all again after every
/// reconnect), not through the outbox, so a long broker outage does not
/// pile up stale forecasts in the database. What is durable is the forecast
/// itself (`forecast_snapshots`), from which they are rebuilt after a
/// restart. Units follow the published-units choice.
public struct ForecastPublications {
    /// The three JSON topics: topic and payload.
    public var documents: [(topic: String, payload: String)] = []
    /// The plain values: topic and payload.
    public var values: [(topic: String, payload: String)] = []

    /// Hours in the hourly topic.
    public static let hourlyHours = 48

    public init(_ conditions: ForecastConditions, served: ServedForecast, now: Int64, base: String, units: PublishedUnits) {
        let converter = PublishedForecastUnits(units: units)
        let json: [(String, String)] = [
            ("conditions", Self.conditionsJSON(conditions, converter: converter)),
            ("hourly", Self.hourlyJSON(served, conditions: conditions, now: now, converter: converter)),
            ("daily", Self.dailyJSON(served, now: now, converter: converter)),
        ]
        documents = json.map { name, text in ("\(base)/forecast/\(name)", text) }
        values = conditions.entries.map { ("\(base)/forecast/\($0.field)", converter.text($0.value)) }
    }

    public static func conditionsJSON(_ conditions: ForecastConditions, converter: PublishedForecastUnits) -> String {
        var json = JSONWriter()
        json.beginObject()
        for (field, value) in conditions.entries {
            json.key(field)
            write(value, converter: converter, into: &json)
        }
        json.key("units")
        json.beginObject()
        for (field, value) in conditions.entries {
            if let symbol = converter.symbol(value) { json.member(field, symbol) }
        }
        json.endObject()
        json.endObject()
        return json.text
    }

    public static func hourlyJSON(_ served: ServedForecast, conditions: ForecastConditions, now: Int64, converter: PublishedForecastUnits) -> String {
        var json = JSONWriter()
        json.beginObject()
        header(served, now: now, into: &json)
        let corrected = Dictionary(conditions.correctedHours.map { ($0.time, $0.value) }, uniquingKeysWith: { first, _ in first })
        var rows: [[(String, ForecastConditions.Value?)]] = []
        if let hourly = served.response.hourly {
            let start = hourly.index(containing: now) ?? 0
            for index in start..<min(hourly.count, start + hourlyHours) {
                var row = seriesRow(hourly, at: index)
                row.append(("temperature_corrected", (corrected[hourly.times[index]] ?? nil).map { .number($0, .celsius) }))
                rows.append(row)
            }
        }
        writeRows(rows, name: "hours", converter: converter, into: &json)
        json.endObject()
        return json.text
    }

    public static func dailyJSON(_ served: ServedForecast, now: Int64, converter: PublishedForecastUnits) -> String {
        var json = JSONWriter()
        json.beginObject()
        header(served, now: now, into: &json)
        var rows: [[(String, ForecastConditions.Value?)]] = []
        if let daily = served.response.daily {
            let offset = Int64(served.response.utcOffsetSeconds ?? 0)
            for index in 0..<daily.count {
                var row = seriesRow(daily, at: index)
                let civil = UTCTime.civil(daily.times[index] + offset)
                row[0] = ("date", .text("\(civil.year)-\(pad(civil.month))-\(pad(civil.day))"))
                let condition = ForecastConditions.whole(daily.value("weather_code", at: index))
                    .flatMap { WMOWeatherCode.condition(Int($0), isDay: true) }
                row.append(("condition", condition.map { .text($0.rawValue) }))
                rows.append(row)
            }
        }
        writeRows(rows, name: "days", converter: converter, into: &json)
        json.endObject()
        return json.text
    }

    /// When the forecast was fetched, its age and whether it is current.
    private static func header(_ served: ServedForecast, now: Int64, into json: inout JSONWriter) {
        json.member("fetched_at", UTCTime.iso8601(UnixTimestamp(secondsSince1970: served.fetchedAt)))
        json.member("age_minutes", served.ageMinutes(now: now))
        json.member("current", served.isCurrent)
    }

    /// One time step of a series: its time, then each variable in its catalog unit.
    private static func seriesRow(_ series: ForecastSeries, at index: Int) -> [(String, ForecastConditions.Value?)] {
        var row: [(String, ForecastConditions.Value?)] = [("time", .instant(series.times[index]))]
        for name in series.variableNames {
            let unit = VariableCatalog.variable(named: name)?.unit ?? .index
            row.append((name, series.value(name, at: index).map { value in
                unit == .unixTime ? ForecastConditions.whole(value).map { .instant($0) } ?? .number(value, .index) : .number(value, unit)
            }))
        }
        return row
    }

    private static func writeRows(
        _ rows: [[(String, ForecastConditions.Value?)]], name: String, converter: PublishedForecastUnits, into json: inout JSONWriter
    ) {
        json.key("units")
        json.beginObject()
        var named = Set<String>()
        for row in rows {
            for (field, value) in row where !named.contains(field) {
                if let value, let symbol = converter.symbol(value) {
                    named.insert(field)
                    json.member(field, symbol)
                }
            }
        }
        json.endObject()
        json.key(name)
        json.beginArray()
        for row in rows {
            json.beginObject()
            for (field, value) in row {
                json.key(field)
                if let value { write(value, converter: converter, into: &json) } else { json.value(nil as Double?) }
            }
            json.endObject()
        }
        json.endArray()
    }

    private static func write(_ value: ForecastConditions.Value, converter: PublishedForecastUnits, into json: inout JSONWriter) {
        switch value {
        case .number(let number, let unit): json.value(converter.number(number, unit))
        case .difference(let celsius): json.value(converter.difference(celsius))
        case .rainRate: json.value(Double(converter.text(value)))
        case .text(let text): json.value(text)
        case .instant: json.value(converter.text(value))
        case .flag(let flag): json.value(flag)
        }
    }

    private static func pad(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
