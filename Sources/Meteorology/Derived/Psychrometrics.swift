// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc

/// Moisture quantities from air temperature (°C), relative humidity (%) and
/// station pressure (mb), by the formulas of the protocol reference
/// (section 9). Every function returns nil when an input it needs is nil or
/// outside the formula's domain.
public enum Psychrometrics {
    /// Magnus coefficients used by WeatherFlow.
    static let magnusB = 17.625
    static let magnusC = 243.04

    /// Dew point, °C (Magnus form, WeatherFlow constants). Nil for RH ≤ 0.
    public static func dewPointCelsius(airTemperatureCelsius: Double?, relativeHumidityPercent: Double?) -> Double? {
        guard let temperature = airTemperatureCelsius, let humidity = relativeHumidityPercent, humidity > 0 else {
            return nil
        }
        let gamma = log(humidity / 100) + magnusB * temperature / (magnusC + temperature)
        return magnusC * gamma / (magnusB - gamma)
    }

    /// Saturation vapour pressure over water at `temperatureCelsius`, hPa
    /// (same Magnus coefficients).
    public static func saturationVaporPressureHectopascals(temperatureCelsius: Double) -> Double {
        6.1094 * exp(magnusB * temperatureCelsius / (temperatureCelsius + magnusC))
    }

    /// Actual vapour pressure, hPa: RH/100 × saturation vapour pressure.
    public static func vaporPressureHectopascals(airTemperatureCelsius: Double?, relativeHumidityPercent: Double?) -> Double? {
        guard let temperature = airTemperatureCelsius, let humidity = relativeHumidityPercent, humidity >= 0 else {
            return nil
        }
        return humidity / 100 * saturationVaporPressureHectopascals(temperatureCelsius: temperature)
    }

    /// Absolute humidity, grams of water vapour per cubic metre:
    /// 216.7 × e(hPa) / T(K), from the ideal gas law for water vapour.
    public static func absoluteHumidityGramsPerCubicMeter(
        airTemperatureCelsius: Double?, relativeHumidityPercent: Double?
    ) -> Double? {
        guard let temperature = airTemperatureCelsius,
            let vapor = vaporPressureHectopascals(airTemperatureCelsius: temperature, relativeHumidityPercent: relativeHumidityPercent)
        else { return nil }
        return 216.7 * vapor / (temperature + 273.15)
    }

    /// Saturation vapour pressure in the Bolton form, hPa, which the wet-bulb
    /// solver uses because it reproduces the cloud's values.
    static func boltonSaturationVaporPressure(_ temperatureCelsius: Double) -> Double {
        6.112 * exp(17.67 * temperatureCelsius / (temperatureCelsius + 243.5))
    }

    /// Wet-bulb temperature, °C, pressure-aware (psychrometric equation
    /// solved by bisection between −80 °C and the air temperature). Matches
    /// the WeatherFlow cloud within 0.05 °C on every sample the reference
    /// checked (its section 9.7).
    public static func wetBulbCelsius(
        airTemperatureCelsius: Double?, relativeHumidityPercent: Double?, stationPressureMillibars: Double?
    ) -> Double? {
        guard let temperature = airTemperatureCelsius, let humidity = relativeHumidityPercent,
            let pressure = stationPressureMillibars, humidity >= 0, pressure > 0
        else { return nil }
        let actual = min(humidity, 100) / 100 * boltonSaturationVaporPressure(temperature)
        func imbalance(_ wetBulb: Double) -> Double {
            boltonSaturationVaporPressure(wetBulb) - pressure * (temperature - wetBulb) * 0.000_66 * (1 + 0.001_15 * wetBulb)
                - actual
        }
        var low = -80.0
        var high = temperature
        guard low < high else { return temperature }
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if imbalance(middle) > 0 { high = middle } else { low = middle }
        }
        return (low + high) / 2
    }

    /// Delta T = air temperature − wet bulb, °C (spray conditions in farming).
    public static func deltaTCelsius(
        airTemperatureCelsius: Double?, relativeHumidityPercent: Double?, stationPressureMillibars: Double?
    ) -> Double? {
        guard let temperature = airTemperatureCelsius,
            let wetBulb = wetBulbCelsius(
                airTemperatureCelsius: temperature, relativeHumidityPercent: relativeHumidityPercent,
                stationPressureMillibars: stationPressureMillibars)
        else { return nil }
        return temperature - wetBulb
    }

    /// Air density, kg/m³, WeatherFlow's dry-air form at station pressure:
    /// P·100 / (287.058 · T(K)).
    public static func airDensityKilogramsPerCubicMeter(
        stationPressureMillibars: Double?, airTemperatureCelsius: Double?
    ) -> Double? {
        guard let pressure = stationPressureMillibars, let temperature = airTemperatureCelsius else { return nil }
        return pressure * 100 / (287.058 * (temperature + 273.15))
    }

    /// Height of the cloud base above the station, metres, by the common
    /// spread rule: 125 m per °C between air temperature and dew point
    /// (cumulus base; meaningless for layered cloud).
    public static func cloudBaseMeters(airTemperatureCelsius: Double?, relativeHumidityPercent: Double?) -> Double? {
        guard let temperature = airTemperatureCelsius,
            let dewPoint = dewPointCelsius(airTemperatureCelsius: temperature, relativeHumidityPercent: relativeHumidityPercent)
        else { return nil }
        return max(0, (temperature - dewPoint) * 125)
    }
}
