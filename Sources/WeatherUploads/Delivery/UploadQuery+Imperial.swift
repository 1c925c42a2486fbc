// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology

extension UploadQuery {
    /// Adds the imperial keys Weather Underground, PWSweather and Met
    /// Office WOW share: `tempf`, `dewptf` (0.1 °F), `humidity` (whole %),
    /// `windspeedmph`, `windgustmph` (0.1 mph), `winddir` (whole degrees),
    /// `baromin` (sea-level pressure, 0.001 inHg) and `dailyrainin` (since
    /// local midnight, 0.001 in). Each is left out when the reading lacks it.
    mutating func addImperial(_ reading: UploadReading) {
        add("tempf", reading.airTemperatureCelsius.map { Temperature(celsius: $0).fahrenheit }, decimals: 1)
        add("dewptf", reading.dewPointCelsius.map { Temperature(celsius: $0).fahrenheit }, decimals: 1)
        add("humidity", reading.relativeHumidityPercent, decimals: 0)
        add("windspeedmph", reading.windAverageMetersPerSecond.map { Speed(metersPerSecond: $0).milesPerHour }, decimals: 1)
        add("windgustmph", reading.windGustMetersPerSecond.map { Speed(metersPerSecond: $0).milesPerHour }, decimals: 1)
        add("winddir", reading.windDirectionDegrees, decimals: 0)
        add("baromin", reading.seaLevelPressureHectopascals.map { Pressure(hectopascals: $0).inchesOfMercury }, decimals: 3)
        add("dailyrainin", reading.rainSinceMidnightMillimeters.map { RainAmount(millimeters: $0).inches }, decimals: 3)
    }
}
