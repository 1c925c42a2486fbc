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
struct RangePolicy {
    struct Bounds {
        let lower: Double
        let upper: Double
    }

    static let airTemperatureCelsius = Bounds(lower: -90, upper: 70)
    static let relativeHumidityPercent = Bounds(lower: 0, upper: 100.5)
    static let pressureMillibars = Bounds(lower: 300, upper: 1100)
    static let windSpeedMetersPerSecond = Bounds(lower: 0, upper: 100)
    static let windDirectionDegrees = Bounds(lower: 0, upper: 360)
    static let uvIndex = Bounds(lower: 0, upper: 25)
    static let batteryVolts = Bounds(lower: 0, upper: 5)
    static let illuminanceLux = Bounds(lower: 0, upper: 250_000)
    static let solarRadiationWattsPerSquareMeter = Bounds(lower: 0, upper: 2_000)
    static let strikeDistanceKilometers = Bounds(lower: 0, upper: 100)
    static let strikeCount = Bounds(lower: 0, upper: 100_000)
    static let reportIntervalMinutes = Bounds(lower: 1, upper: 1_440)
    static let rainPerMinuteMillimeters = 60.0
    static let unbounded = Bounds(lower: -Double.greatestFiniteMagnitude, upper: Double.greatestFiniteMagnitude)
}

extension RangePolicy {
    /// For daily totals from the cloud: never negative, no upper bound.
    static let unboundedNonNegative = Bounds(lower: 0, upper: Double.greatestFiniteMagnitude)
}
