// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The WMO weather interpretation codes Open-Meteo sends as `weather_code`
/// (the table in https://open-meteo.com/en/docs, "WMO Weather
/// interpretation codes"), their descriptions and Home Assistant conditions.
public enum WMOWeatherCode {
    /// What `code` means in words; nil for a code Open-Meteo does not use.
    public static func description(_ code: Int) -> String? {
        switch code {
        case 0: "clear sky"
        case 1: "mainly clear"
        case 2: "partly cloudy"
        case 3: "overcast"
        case 45: "fog"
        case 48: "depositing rime fog"
        case 51: "light drizzle"
        case 53: "moderate drizzle"
        case 55: "dense drizzle"
        case 56: "light freezing drizzle"
        case 57: "dense freezing drizzle"
        case 61: "slight rain"
        case 63: "moderate rain"
        case 65: "heavy rain"
        case 66: "light freezing rain"
        case 67: "heavy freezing rain"
        case 71: "slight snowfall"
        case 73: "moderate snowfall"
        case 75: "heavy snowfall"
        case 77: "snow grains"
        case 80: "slight rain showers"
        case 81: "moderate rain showers"
        case 82: "violent rain showers"
        case 85: "slight snow showers"
        case 86: "heavy snow showers"
        case 95: "thunderstorm"
        case 96: "thunderstorm with slight hail"
        case 99: "thunderstorm with heavy hail"
        default: nil
        }
    }

    /// The Home Assistant condition for `code`; `isDay` turns a clear sky
    /// into `sunny` or `clear-night`. Nil for an unknown code.
    ///
    /// Choices: "mainly clear" (1) counts as clear; freezing drizzle and
    /// freezing rain are `rainy`; heavy rain and moderate or violent showers
    /// are `pouring`; a thunderstorm is `lightning-rainy`, with hail `hail`.
    public static func condition(_ code: Int, isDay: Bool) -> WeatherCondition? {
        switch code {
        case 0, 1: isDay ? .sunny : .clearNight
        case 2: .partlyCloudy
        case 3: .cloudy
        case 45, 48: .fog
        case 51, 53, 55, 56, 57, 61, 63, 66, 67, 80: .rainy
        case 65, 81, 82: .pouring
        case 71, 73, 75, 77, 85, 86: .snowy
        case 95: .lightningRainy
        case 96, 99: .hail
        default: nil
        }
    }
}
