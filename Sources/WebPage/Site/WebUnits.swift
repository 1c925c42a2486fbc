// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import Pipeline

/// How the pages show values in the configured units. The conversion is
/// `PublishedUnits.convert(field:)` and the unit names are the ones MQTT
/// and `status` use (`homeAssistantUnit`, `spokenName`); what is added here
/// is only the rounding for people (one decimal for temperatures, two for
/// inches of mercury and inches of rain, …), where MQTT keeps more.
struct WebUnits: Sendable {
    /// The configured units.
    let units: PublishedUnits

    /// `value` of the published field `field` (protocol units) converted
    /// and rounded, with its unit.
    func shown(field: String, _ value: Double) -> ShownValue {
        let symbol = self.symbol(field: field)
        return ShownValue(number: number(field: field, value), symbol: symbol, spoken: PublishedUnits.spokenName(symbol: symbol))
    }

    /// `value` of `field` converted and rounded, without the unit.
    func number(field: String, _ value: Double) -> String {
        Self.rounded(units.convert(field: field, value), decimals: decimals(field: field))
    }

    /// `value` of `field` in the configured unit (for charts).
    func converted(field: String, _ value: Double) -> Double {
        units.convert(field: field, value)
    }

    /// The unit symbol of `field`: "°C", "mph", "mb", "in".
    func symbol(field: String) -> String {
        let symbol = units.homeAssistantUnit(field: field, fallback: "") ?? ""
        return symbol == "mbar" ? "mb" : symbol
    }

    /// The unit of `field` spelled out: "degrees Celsius".
    func spoken(field: String) -> String {
        let symbol = self.symbol(field: field)
        return PublishedUnits.spokenName(symbol: symbol) ?? symbol
    }

    /// The decimals shown for `field` in the configured unit.
    func decimals(field: String) -> Int {
        switch PublishedUnits.quantity(of: field) {
        case .temperature, .temperatureDifference: 1
        case .speed: 1
        case .pressure: units.pressure == .inchesOfMercury || units.pressure == .kilopascals ? 2 : 1
        case .rain, .rainRate: units.rain == .inches ? 2 : 1
        case .distance: units.distance == .miles ? 1 : 0
        case nil: 1
        }
    }

    /// `value` rounded to `decimals` places, as text ("12.3", "12", "-0.5";
    /// never "-0").
    static func rounded(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<max(0, decimals) { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        return JSONWriter.format(rounded == 0 ? 0 : rounded)
    }
}
