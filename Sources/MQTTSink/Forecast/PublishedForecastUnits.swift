// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ForecastBridge
import JSON
import Pipeline
import TempestUDP

/// Forecast values in the published-units choice (``PublishedUnits``):
/// temperatures, speeds, precipitation, pressure and visibility follow it;
/// everything else keeps Open-Meteo's unit.
public struct PublishedForecastUnits: Sendable {
    public let units: PublishedUnits

    /// The station field whose unit choice a forecast unit follows.
    private static func proxyField(_ unit: ForecastUnit) -> String? {
        switch unit {
        case .celsius: "air_temperature"
        case .metresPerSecond: "wind_avg"
        case .millimetres: "rain_accumulated"
        case .hectopascals: "sea_level_pressure"
        case .metres: "lightning_strike_last_distance"
        default: nil
        }
    }

    /// `value` in `unit` converted and rounded for publishing (visibility in kilometres or miles).
    public func number(_ value: Double, _ unit: ForecastUnit) -> Double {
        var converted = value
        if let field = Self.proxyField(unit) {
            let input = unit == .metres ? value / 1000 : value
            converted = Double(units.text(field: field, input)) ?? input
        }
        // Two decimals (three for precipitation, which may be in inches) are
        // more than a forecast means; interpolation would otherwise show 15.
        let scale = unit == .millimetres ? 1000.0 : 100.0
        return (converted * scale).rounded() / scale
    }

    /// The published unit symbol for `unit`; nil for unitless values.
    public func symbol(_ unit: ForecastUnit) -> String? {
        if let field = Self.proxyField(unit) { return units.homeAssistantUnit(field: field, fallback: nil) }
        switch unit {
        case .index, .wmoCode, .flag, .unixTime: return nil
        default: return unit.symbol
        }
    }

    /// The published unit of `unit`'s values, spelled out (for people).
    public func spokenName(_ unit: ForecastUnit) -> String {
        switch symbol(unit) {
        case "°C", "mm", "m/s", "mbar", nil: unit.spokenName
        case let symbol?: PublishedUnits.spokenName(symbol: symbol) ?? unit.spokenName
        }
    }

    /// A temperature difference in the chosen temperature unit.
    public func difference(_ celsius: Double) -> Double {
        let value = units.temperature == .fahrenheit ? celsius * 1.8 : celsius
        return (value * 100).rounded() / 100
    }

    /// The published text of `value` (plain topics and JSON numbers alike).
    public func text(_ value: ForecastConditions.Value) -> String {
        switch value {
        case .number(let number, let unit): JSONWriter.format(self.number(number, unit))
        case .difference(let celsius): JSONWriter.format(difference(celsius))
        case .rainRate(let rate): units.text(field: "rain_rate", rate)
        case .text(let text): text
        case .instant(let seconds): UTCTime.iso8601(UnixTimestamp(secondsSince1970: seconds))
        case .flag(let flag): flag ? "ON" : "OFF"
        }
    }

    /// The published unit of `value`, if it has one.
    public func symbol(_ value: ForecastConditions.Value) -> String? {
        switch value {
        case .number(_, let unit): symbol(unit)
        case .difference: symbol(.celsius)
        case .rainRate: units.homeAssistantUnit(field: "rain_rate", fallback: nil)
        case .text, .instant, .flag: nil
        }
    }

    /// Makes one from its parts.
    public init(units: PublishedUnits) {
        self.units = units
    }
}
