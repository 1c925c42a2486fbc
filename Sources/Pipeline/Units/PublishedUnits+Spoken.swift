// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension PublishedUnits {
    /// A unit symbol as people say it ("mph": "miles per hour"), for the
    /// text output that spells units out; nil for a symbol it does not know.
    public static func spokenName(symbol: String) -> String? {
        switch symbol {
        case "°C": "degrees Celsius"
        case "°F": "degrees Fahrenheit"
        case "m/s": "metres per second"
        case "km/h": "kilometres per hour"
        case "mph": "miles per hour"
        case "kn": "knots"
        case "mm": "millimetres"
        case "in": "inches"
        case "mm/h": "millimetres per hour"
        case "in/h": "inches per hour"
        case "km": "kilometres"
        case "mi": "miles"
        case "mbar", "mb": "millibars"
        case "inHg": "inches of mercury"
        case "mmHg": "millimetres of mercury"
        case "kPa": "kilopascals"
        default: nil
        }
    }

    /// `value` of `field` (protocol units) converted and rounded, with its
    /// chosen unit spelled out: "42.44 degrees Fahrenheit". A field without
    /// a unit choice keeps `protocolUnit`.
    public func spokenText(field: String, _ value: Double, protocolUnit: String) -> String {
        let symbol = homeAssistantUnit(field: field, fallback: nil)
        let unit = symbol.flatMap { PublishedUnits.spokenName(symbol: $0) } ?? protocolUnit
        let number = text(field: field, value)
        return unit.isEmpty ? number : "\(number) \(unit)"
    }
}
