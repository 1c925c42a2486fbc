// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension GatewayConfiguration {
    /// `[quality]`: the quality checks' thresholds (docs/data.md, "Quality checks").
    public struct Quality: Sendable, Equatable {
        /// `enabled`: judge every observation.
        public var enabled: Bool
        /// `temperature_step_c`: the largest air-temperature change in a minute, °C.
        public var temperatureStepCelsius: Double
        /// `humidity_step_percent`: the largest relative-humidity change in a minute, %.
        public var humidityStepPercent: Double
        /// `pressure_step_hpa`: the largest station-pressure change in a minute, hPa.
        public var pressureStepHectopascals: Double
        /// `stuck_hours`: how long a value may stay the same while the others change, h.
        public var stuckHours: Double
        /// `rain_sensor_off_volts`: at or below this battery voltage rain is unknown, V.
        public var rainSensorOffVolts: Double
        /// `suspect_rain_wind_gust_m_s`: rain with no rain start is suspect from this gust on, m/s.
        public var suspectRainWindGustMetersPerSecond: Double
        /// `rain_start_window_minutes`: how long a rain start vouches for rain in strong wind, min.
        public var rainStartWindowMinutes: Int

        init(_ values: ConfigurationValues) {
            enabled = values.required("quality.enabled", values.boolean)
            temperatureStepCelsius = values.required("quality.temperature_step_c", values.decimal)
            humidityStepPercent = values.required("quality.humidity_step_percent", values.decimal)
            pressureStepHectopascals = values.required("quality.pressure_step_hpa", values.decimal)
            stuckHours = values.required("quality.stuck_hours", values.decimal)
            rainSensorOffVolts = values.required("quality.rain_sensor_off_volts", values.decimal)
            suspectRainWindGustMetersPerSecond = values.required("quality.suspect_rain_wind_gust_m_s", values.decimal)
            rainStartWindowMinutes = values.required("quality.rain_start_window_minutes", values.integer)
        }
    }
}
