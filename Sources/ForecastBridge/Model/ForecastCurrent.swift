// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The `current` section of a forecast: one optional value per variable.
public struct ForecastCurrent: Sendable, Hashable {
    /// The start of the interval the values describe, Unix seconds; nil when not sent.
    public let time: Int64?
    /// The interval's length in seconds (900 for 15-minute data); nil when not sent.
    public let intervalSeconds: Int?
    private let values: [String: Double?]
    private let units: [String: String]

    /// Creates current conditions. A variable mapped to nil was sent as `null`.
    public init(time: Int64?, intervalSeconds: Int?, values: [String: Double?], units: [String: String] = [:]) {
        self.time = time
        self.intervalSeconds = intervalSeconds
        self.values = values
        self.units = units
    }

    /// The names of the variables present (also those sent as `null`), sorted.
    public var variableNames: [String] { values.keys.sorted() }

    /// Whether `variable` was in the response at all.
    public func contains(_ variable: String) -> Bool { values[variable] != nil }

    /// The value of `variable`; nil when absent or `null`.
    public func value(_ variable: String) -> Double? { values[variable] ?? nil }

    /// The unit Open-Meteo reported for `variable`, if any.
    public func unit(of variable: String) -> String? { units[variable] }
}
