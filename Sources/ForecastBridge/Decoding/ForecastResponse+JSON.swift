// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON

extension ForecastResponse {
    /// Decodes a parsed body tolerantly. Returns nil only when `json` is not
    /// an object; Open-Meteo's error body is the caller's to check first.
    public init?(json: JSONValue) {
        guard case .object = json else { return nil }
        self.init(
            latitude: json["latitude"]?.doubleValue,
            longitude: json["longitude"]?.doubleValue,
            elevationMeters: json["elevation"]?.doubleValue,
            utcOffsetSeconds: json["utc_offset_seconds"]?.intValue,
            timeZone: json["timezone"]?.stringValue,
            timeZoneAbbreviation: json["timezone_abbreviation"]?.stringValue,
            current: ForecastCurrent(section: json["current"], units: json["current_units"]),
            minutely15: ForecastSeries(section: json["minutely_15"], units: json["minutely_15_units"]),
            hourly: ForecastSeries(section: json["hourly"], units: json["hourly_units"]),
            daily: ForecastSeries(section: json["daily"], units: json["daily_units"]))
    }

    /// Decodes a stored body (see ``FetchedForecast/bodyText``); nil when it
    /// is not JSON, not an object, or Open-Meteo's error body.
    public init?(bodyText: String) {
        guard let json = try? JSONValue.parse(bodyText), Self.errorReason(in: json) == nil else { return nil }
        self.init(json: json)
    }

    /// The `reason` of Open-Meteo's error body (`{"error":true,"reason":…}`),
    /// or nil when `json` is not one. A missing reason reads "no reason given".
    public static func errorReason(in json: JSONValue) -> String? {
        guard json["error"]?.boolValue == true else { return nil }
        return json["reason"]?.stringValue ?? "no reason given"
    }
}

extension ForecastSeries {
    /// A series from a section object; nil when the section is absent, not an
    /// object, or has no `time` array. Time entries that are not whole
    /// numbers are dropped together with their row; every other problem
    /// stays local to one variable.
    init?(section: JSONValue?, units: JSONValue?) {
        guard let section, let members = section.objectValue, let timeValues = members["time"]?.arrayValue else { return nil }
        let rows = timeValues.indices.filter { timeValues[$0].int64Value != nil }
        let times = rows.map { timeValues[$0].int64Value! }
        var values: [String: [Double?]] = [:]
        for (name, value) in members where name != "time" {
            guard let entries = value.arrayValue else { continue }
            values[name] = rows.map { $0 < entries.count ? entries[$0].doubleValue : nil }
        }
        self.init(times: times, values: values, units: unitTable(units))
    }
}

extension ForecastCurrent {
    /// Current conditions from the `current` object; nil when absent or not
    /// an object. Members that are neither numbers nor null are left out.
    init?(section: JSONValue?, units: JSONValue?) {
        guard let section, let members = section.objectValue else { return nil }
        var values: [String: Double?] = [:]
        for (name, value) in members where name != "time" && name != "interval" {
            switch value {
            case .number(let number): values[name] = .some(number)
            case .null: values[name] = .some(nil)
            default: continue
            }
        }
        self.init(
            time: members["time"]?.int64Value, intervalSeconds: members["interval"]?.intValue,
            values: values, units: unitTable(units))
    }
}

/// The string members of a `*_units` object.
private func unitTable(_ units: JSONValue?) -> [String: String] {
    (units?.objectValue ?? [:]).compactMapValues(\.stringValue)
}
