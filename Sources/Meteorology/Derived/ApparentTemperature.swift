// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc

/// Heat index, wind chill and feels-like (protocol reference 9.3–9.5).
public enum ApparentTemperature {
    /// The NWS heat index, full procedure (°C in and out): the simple
    /// Steadman form, then the Rothfusz regression with its two adjustments
    /// when the simple form averaged with the temperature reaches 80 °F.
    public static func heatIndexNWSCelsius(airTemperatureCelsius: Double?, relativeHumidityPercent: Double?) -> Double? {
        guard let celsius = airTemperatureCelsius, let humidity = relativeHumidityPercent else { return nil }
        let t = Temperature(celsius: celsius).fahrenheit
        let simple = 0.5 * (t + 61.0 + (t - 68.0) * 1.2 + 0.094 * humidity)
        guard (simple + t) / 2 >= 80 else { return Temperature(fahrenheit: simple).celsius }
        var index = rothfusz(t, humidity)
        if humidity < 13 && t >= 80 && t <= 112 {
            index -= ((13 - humidity) / 4) * sqrt((17 - abs(t - 95)) / 17)
        } else if humidity > 85 && t >= 80 && t <= 87 {
            index += ((humidity - 85) / 10) * ((87 - t) / 5)
        }
        return Temperature(fahrenheit: index).celsius
    }

    /// WeatherFlow's heat index, what the Tempest app shows: the plain
    /// Rothfusz regression when T ≥ 80 °F and RH ≥ 40 %, else the air temperature.
    public static func heatIndexWeatherFlowCelsius(airTemperatureCelsius: Double?, relativeHumidityPercent: Double?) -> Double? {
        guard let celsius = airTemperatureCelsius, let humidity = relativeHumidityPercent else { return nil }
        let t = Temperature(celsius: celsius).fahrenheit
        guard t >= 80 && humidity >= 40 else { return celsius }
        return Temperature(fahrenheit: rothfusz(t, humidity)).celsius
    }

    private static func rothfusz(_ t: Double, _ rh: Double) -> Double {
        -42.379 + 2.049_015_23 * t + 10.143_331_27 * rh - 0.224_755_41 * t * rh - 0.006_837_83 * t * t
            - 0.054_817_17 * rh * rh + 0.001_228_74 * t * t * rh + 0.000_852_82 * t * rh * rh
            - 0.000_001_99 * t * t * rh * rh
    }

    /// NWS (2001) wind chill, °C, from the average wind, computed in the
    /// formula's native °F and mph (the metric restatement's rounded
    /// coefficients drift by 0.02 °C from the reference values). Defined for
    /// T ≤ 10 °C and wind above 3 mph (1.34 m/s); elsewhere it equals the air
    /// temperature, as the cloud reports it.
    public static func windChillCelsius(airTemperatureCelsius: Double?, windAverageMetersPerSecond: Double?) -> Double? {
        guard let celsius = airTemperatureCelsius, let wind = windAverageMetersPerSecond else { return nil }
        let milesPerHour = Speed(metersPerSecond: wind).milesPerHour
        guard celsius <= 10 && milesPerHour > 3 else { return celsius }
        let fahrenheit = Temperature(celsius: celsius).fahrenheit
        let power = pow(milesPerHour, 0.16)
        return Temperature(fahrenheit: 35.74 + 0.6215 * fahrenheit - 35.75 * power + 0.4275 * fahrenheit * power).celsius
    }

    /// Feels-like, °C, by the WeatherFlow rule: the heat index when
    /// T ≥ 80 °F and RH ≥ 40 %; else the wind chill when T ≤ 50 °F and the
    /// wind is above 3 mph; else the air temperature. Without a wind reading
    /// (power-save mode 3) the wind-chill branch cannot apply.
    public static func feelsLikeCelsius(
        airTemperatureCelsius: Double?, relativeHumidityPercent: Double?, windAverageMetersPerSecond: Double?
    ) -> Double? {
        guard let celsius = airTemperatureCelsius else { return nil }
        let fahrenheit = Temperature(celsius: celsius).fahrenheit
        if let humidity = relativeHumidityPercent, fahrenheit >= 80 && humidity >= 40 {
            return heatIndexWeatherFlowCelsius(airTemperatureCelsius: celsius, relativeHumidityPercent: humidity)
        }
        if let wind = windAverageMetersPerSecond, fahrenheit <= 50, Speed(metersPerSecond: wind).milesPerHour > 3 {
            return windChillCelsius(airTemperatureCelsius: celsius, windAverageMetersPerSecond: wind)
        }
        return celsius
    }
}
