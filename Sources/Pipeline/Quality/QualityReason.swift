// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Why a value is not good: the rule that judged it (docs/data.md). The raw
/// value is the code stored and published.
public enum QualityReason: String, Hashable, Sendable, CaseIterable {
    /// Outside physical bounds: the decoder already made it missing (spec section 6).
    case outOfBounds = "out_of_bounds"
    /// A step from the previous value no sensor makes within a minute.
    case impossibleStep = "impossible_step"
    /// The same value for hours while the other values change.
    case stuck
    /// The device's `sensor_status` says the sensor failed, and the value
    /// agrees (missing, 0 where 0 is implausible, or stuck).
    case sensorFailed = "sensor_failed"
    /// The device's `sensor_status` says the sensor failed, the value does
    /// not show it (the bits are a hint: spec section 4.1).
    case sensorFailedBitOnly = "sensor_failed_bit_only"
    /// Power-save mode 3 or a battery at or below the mode-3 voltage: the
    /// haptic rain sensor is off, so rain is unknown, not 0.
    case rainSensorOff = "rain_sensor_off"
    /// Rain with no rain-start event before it while the wind blows strong:
    /// a swaying mount or blowing sand rather than rain.
    case rainInStrongWindWithoutRainStart = "rain_in_strong_wind_without_rain_start"
}
