// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The quality checks' thresholds (`[quality]`, docs/configuration.md);
/// the defaults are the ones docs/data.md gives with their sources.
public struct QualityThresholds: Hashable, Sendable {
    /// `enabled`: false judges nothing (every value is good).
    public var enabled = true
    /// `temperature_step_c`: the largest air-temperature change a sensor makes in a minute, °C.
    public var temperatureStepCelsius = 8.0
    /// `humidity_step_percent`: the largest relative-humidity change in a minute, %.
    public var humidityStepPercent = 25.0
    /// `pressure_step_hpa`: the largest station-pressure change in a minute, hPa.
    public var pressureStepHectopascals = 3.0
    /// `stuck_hours`: how long a value may stay the same while the others change, h.
    public var stuckHours = 3.0
    /// `rain_sensor_off_volts`: at or below this battery voltage the haptic rain sensor is off, V.
    public var rainSensorOffVolts = 2.355
    /// `suspect_rain_wind_gust_m_s`: rain with no rain start is suspect from this gust on, m/s.
    public var suspectRainWindGustMetersPerSecond = 10.0
    /// `rain_start_window_minutes`: how long after a rain start rain needs no other confirmation, min.
    public var rainStartWindowMinutes = 60.0

    /// The defaults.
    public init() {}

    /// The longest gap between two rows a step is judged across, seconds:
    /// five minutes, a mode-3 Tempest's sampling.
    static let stepWindowSeconds: Int64 = 300
}
