// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Growing degree days and chill hours, the growers' day counts.
public enum GrowingDegreeDays {
    /// The default base temperature, °C (`[agronomy] base_temperature_c`):
    /// 10 °C, the base of maize and of most warm-season crops.
    public static let defaultBaseCelsius = 10.0

    /// Growing degree days of a day by the averaging method: the mean of the
    /// day's lowest and highest temperature above `baseCelsius`, and 0 when
    /// the mean is below it (no upper cut-off).
    public static func degreeDays(minimumCelsius: Double, maximumCelsius: Double, baseCelsius: Double = defaultBaseCelsius) -> Double {
        max(0, (minimumCelsius + maximumCelsius) / 2 - baseCelsius)
    }
}

/// Chill hours: the time spent between 0 °C and 7.2 °C (45 °F), the
/// classic chilling model of fruit trees (Weinberger, 1950).
public enum ChillHours {
    /// The range counted, °C.
    public static let range = 0.0...7.2

    /// Hours of `samples` (each a temperature held for its duration in
    /// seconds, such as a minute's observation) within `range`.
    public static func hours(_ samples: [(temperatureCelsius: Double, durationSeconds: Double)]) -> Double {
        samples.filter { range.contains($0.temperatureCelsius) }.map(\.durationSeconds).reduce(0, +) / 3_600
    }
}
