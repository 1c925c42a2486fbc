// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The unit of a catalog variable in the units the gateway requests
/// (Celsius, metres per second, millimetres, Unix time).
public enum ForecastUnit: String, Sendable, Hashable, CaseIterable {
    /// Degrees Celsius.
    case celsius
    /// Percent.
    case percent
    /// Millimetres (of water).
    case millimetres
    /// Centimetres (of fresh snow).
    case centimetres
    /// Metres.
    case metres
    /// Hectopascals.
    case hectopascals
    /// Kilopascals.
    case kilopascals
    /// Degrees of compass direction, where the wind blows from.
    case degrees
    /// Metres per second.
    case metresPerSecond
    /// Watts per square metre.
    case wattsPerSquareMetre
    /// Megajoules per square metre.
    case megajoulesPerSquareMetre
    /// Joules per kilogram.
    case joulesPerKilogram
    /// Kilograms per square metre.
    case kilogramsPerSquareMetre
    /// Cubic metres of water per cubic metre of soil.
    case cubicMetresPerCubicMetre
    /// Seconds.
    case seconds
    /// Hours.
    case hours
    /// A point in time, Unix seconds.
    case unixTime
    /// A WMO weather interpretation code.
    case wmoCode
    /// A dimensionless index.
    case index
    /// 1 or 0.
    case flag

    /// The symbol, e.g. `°C`.
    public var symbol: String {
        switch self {
        case .celsius: "°C"
        case .percent: "%"
        case .millimetres: "mm"
        case .centimetres: "cm"
        case .metres: "m"
        case .hectopascals: "hPa"
        case .kilopascals: "kPa"
        case .degrees: "°"
        case .metresPerSecond: "m/s"
        case .wattsPerSquareMetre: "W/m²"
        case .megajoulesPerSquareMetre: "MJ/m²"
        case .joulesPerKilogram: "J/kg"
        case .kilogramsPerSquareMetre: "kg/m²"
        case .cubicMetresPerCubicMetre: "m³/m³"
        case .seconds: "s"
        case .hours: "h"
        case .unixTime: "unixtime"
        case .wmoCode: "wmo code"
        case .index: ""
        case .flag: ""
        }
    }

    /// The unit spelled out for screen readers, e.g. `degrees Celsius`.
    public var spokenName: String {
        switch self {
        case .celsius: "degrees Celsius"
        case .percent: "percent"
        case .millimetres: "millimetres"
        case .centimetres: "centimetres"
        case .metres: "metres"
        case .hectopascals: "hectopascals"
        case .kilopascals: "kilopascals"
        case .degrees: "degrees from north"
        case .metresPerSecond: "metres per second"
        case .wattsPerSquareMetre: "watts per square metre"
        case .megajoulesPerSquareMetre: "megajoules per square metre"
        case .joulesPerKilogram: "joules per kilogram"
        case .kilogramsPerSquareMetre: "kilograms per square metre"
        case .cubicMetresPerCubicMetre: "cubic metres of water per cubic metre of soil"
        case .seconds: "seconds"
        case .hours: "hours"
        case .unixTime: "time of day (Unix seconds)"
        case .wmoCode: "WMO weather code"
        case .index: "index without unit"
        case .flag: "1 for day, 0 for night"
        }
    }
}
