// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One time-series section of a forecast (`hourly`, `daily` or
/// `minutely_15`): the times and, per variable, one optional value per time.
///
/// Decoding is tolerant: a variable Open-Meteo left out is simply absent, a
/// `null` entry is nil, and a series shorter than ``times`` is padded with
/// nil — nothing else is lost because one variable is missing or broken.
public struct ForecastSeries: Sendable, Hashable {
    /// The start of each interval, Unix seconds (for daily values: local
    /// midnight of the day, as Open-Meteo sends it with `timeformat=unixtime`).
    public let times: [Int64]
    private let values: [String: [Double?]]
    private let units: [String: String]

    /// Creates a series; each variable's values are padded or cut to `times.count`.
    public init(times: [Int64], values: [String: [Double?]], units: [String: String] = [:]) {
        self.times = times
        self.values = values.mapValues { series in
            series.count >= times.count
                ? Array(series.prefix(times.count))
                : series + Array(repeating: nil, count: times.count - series.count)
        }
        self.units = units
    }

    /// Number of time steps.
    public var count: Int { times.count }

    /// The names of the variables present, sorted.
    public var variableNames: [String] { values.keys.sorted() }

    /// The values of `variable`, one per time; nil when the variable is absent.
    public subscript(variable: String) -> [Double?]? { values[variable] }

    /// The value of `variable` at time step `index`; nil when absent, null or out of range.
    public func value(_ variable: String, at index: Int) -> Double? {
        guard let series = values[variable], series.indices.contains(index) else { return nil }
        return series[index]
    }

    /// The unit Open-Meteo reported for `variable` (e.g. `°C`), if any.
    public func unit(of variable: String) -> String? { units[variable] }

    /// The index of the last time step starting at or before `unixSeconds`.
    public func index(containing unixSeconds: Int64) -> Int? {
        times.lastIndex { $0 <= unixSeconds }
    }
}
