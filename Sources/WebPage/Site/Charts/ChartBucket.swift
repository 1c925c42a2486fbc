// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology

/// The values of one series that fell into one interval: enough for the
/// mean, the extremes, the sum, and (for wind direction) the vector mean.
struct ChartBucket: Sendable {
    var count = 0
    var sum = 0.0
    var minimum = Double.infinity
    var maximum = -Double.infinity
    var wind = WindVectorAverage()

    /// Takes in one value.
    mutating func add(_ value: Double) {
        count += 1
        sum += value
        minimum = min(minimum, value)
        maximum = max(maximum, value)
    }

    /// The bucket's value by `reduction`, nil when empty.
    func value(_ reduction: ChartReduction) -> Double? {
        guard count > 0 else { return nil }
        switch reduction {
        case .mean: return sum / Double(count)
        case .maximum: return maximum
        case .minimum: return minimum
        case .count: return Double(count)
        case .sum: return sum
        case .direction: return wind.meanDirectionDegrees
        }
    }
}

/// How a series' values in one interval become one drawn value.
enum ChartReduction: Sendable {
    /// The mean (temperatures, humidity, pressure, wind average, light).
    case mean
    /// The highest (gusts, UV).
    case maximum
    /// The lowest (the closest strike).
    case minimum
    /// How many values (strikes).
    case count
    /// The total (rain, strikes).
    case sum
    /// The vector mean direction (wind direction).
    case direction
}
