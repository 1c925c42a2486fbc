// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc

/// Sea-level pressure by the WeatherFlow formula (protocol reference 9.6).
public enum SeaLevelPressure {
    static let standardPressure = 1013.25
    static let gasConstant = 287.05
    static let lapseRate = 0.0065
    static let gravity = 9.806_65
    static let standardTemperature = 288.15

    /// Sea-level pressure, mb, from station pressure and the sensor's height
    /// above sea level: station elevation plus the sensor's height above
    /// ground. The cloud's values are matched only when both are included.
    public static func millibars(
        stationPressureMillibars: Double?, elevationMeters: Double?, sensorHeightAboveGroundMeters: Double = 0
    ) -> Double? {
        guard let pressure = stationPressureMillibars, let elevation = elevationMeters, pressure > 0 else { return nil }
        let height = elevation + sensorHeightAboveGroundMeters
        let exponent = gasConstant * lapseRate / gravity
        let inner = 1 + pow(standardPressure / pressure, exponent) * (lapseRate * height / standardTemperature)
        return pressure * pow(inner, 1 / exponent)
    }
}
