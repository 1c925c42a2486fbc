// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A 16-point compass name for a wind direction (protocol reference 9.14):
/// sectors 22.5° wide centred on each heading; "calm" at zero speed.
public enum CardinalDirection {
    /// The 16 compass points from north, clockwise.
    public static let names = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]

    /// "N" … "NNW", "calm" when the speed is 0, nil when the direction is missing.
    public static func name(directionDegrees: Double?, speedMetersPerSecond: Double?) -> String? {
        if let speed = speedMetersPerSecond, speed == 0 { return "calm" }
        guard let degrees = directionDegrees else { return nil }
        let normalized = (degrees.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        return names[Int((normalized / 22.5).rounded()) % 16]
    }
}
