// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Physical bounds for measured values (protocol spec section 6, "Range
/// policy"). A finite value outside its bounds does not reject the datagram:
/// that field becomes missing and a range violation is counted.
///
/// Bounds the spec names: temperature −90…70 °C, humidity 0…100.5 %,
/// pressure 300…1100 mb, wind 0…100 m/s, direction 0…360°, UV 0…25, rain
/// 0…60 mm per minute (scaled by the report interval), battery 0…5 V. Bounds
/// we added, generous on purpose: illuminance 0…250,000 lux, solar radiation
/// 0…2,000 W/m², strike distance 0…100 km, strike count 0…100,000, report
/// interval 1…1440 min. A count or interval sent as a fractional number is
/// treated the same way.
public struct RangePolicy {
    /// The accepted values of one field, inclusive.
    public struct Bounds: Hashable, Sendable {
        /// The lowest value accepted.
        public let lower: Double
        /// The highest value accepted (per minute of the report interval
        /// when `scalesWithReportInterval`).
        public let upper: Double
        /// True for rain: `upper` is per minute, and a row's bound is that
        /// times its report interval.
        public let scalesWithReportInterval: Bool

        init(lower: Double, upper: Double, scalesWithReportInterval: Bool = false) {
            self.lower = lower
            self.upper = upper
            self.scalesWithReportInterval = scalesWithReportInterval
        }

        /// The bounds for a row reporting every `reportIntervalMinutes`
        /// (1 when missing or less): `upper` times the minutes when the
        /// bounds scale with the interval, else these bounds.
        @inline(__always)
        public func forReportInterval(minutes reportIntervalMinutes: Int64?) -> Bounds {
            guard scalesWithReportInterval else { return self }
            let minutes = Double(max(1, reportIntervalMinutes ?? 1))
            return Bounds(lower: lower, upper: upper * minutes)
        }
    }

    /// Air temperature, °C.
    public static let airTemperatureCelsius = Bounds(lower: -90, upper: 70)
    /// Relative humidity, %.
    public static let relativeHumidityPercent = Bounds(lower: 0, upper: 100.5)
    /// Station pressure, mb.
    public static let pressureMillibars = Bounds(lower: 300, upper: 1100)
    /// Wind speeds (lull, average, gust, rapid wind), m/s.
    public static let windSpeedMetersPerSecond = Bounds(lower: 0, upper: 100)
    /// Wind direction, degrees.
    public static let windDirectionDegrees = Bounds(lower: 0, upper: 360)
    /// UV index.
    public static let uvIndex = Bounds(lower: 0, upper: 25)
    /// Battery voltage, V.
    public static let batteryVolts = Bounds(lower: 0, upper: 5)
    /// Illuminance, lux.
    public static let illuminanceLux = Bounds(lower: 0, upper: 250_000)
    /// Solar radiation, W/m².
    public static let solarRadiationWattsPerSquareMeter = Bounds(lower: 0, upper: 2_000)
    /// Lightning strike distance, km.
    public static let strikeDistanceKilometers = Bounds(lower: 0, upper: 100)
    /// Lightning strikes in an interval.
    public static let strikeCount = Bounds(lower: 0, upper: 100_000)
    /// Report interval, minutes.
    public static let reportIntervalMinutes = Bounds(lower: 1, upper: 1_440)
    /// Rain in a row, mm: 60 mm per minute of its report interval.
    public static let rainMillimetersPerMinute = Bounds(lower: 0, upper: 60, scalesWithReportInterval: true)
    /// Codes and counts the spec bounds nowhere: any finite value.
    public static let unbounded = Bounds(lower: -Double.greatestFiniteMagnitude, upper: Double.greatestFiniteMagnitude)
}

extension RangePolicy {
    /// For daily totals from the cloud: never negative, no upper bound.
    public static let unboundedNonNegative = Bounds(lower: 0, upper: Double.greatestFiniteMagnitude)
}
