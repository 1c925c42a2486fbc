// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Home Assistant's weather condition strings
/// (https://developers.home-assistant.io/docs/core/entity/weather/).
public enum WeatherCondition: String, Sendable, Hashable, CaseIterable {
    /// Clear sky at night.
    case clearNight = "clear-night"
    /// Overcast.
    case cloudy
    /// Something unusual.
    case exceptional
    /// Fog.
    case fog
    /// Hail.
    case hail
    /// Lightning without rain.
    case lightning
    /// Thunderstorm with rain.
    case lightningRainy = "lightning-rainy"
    /// Partly cloudy.
    case partlyCloudy = "partlycloudy"
    /// Heavy rain.
    case pouring
    /// Rain.
    case rainy
    /// Snow.
    case snowy
    /// Snow and rain together (sleet).
    case snowyRainy = "snowy-rainy"
    /// Clear sky by day.
    case sunny
    /// Windy.
    case windy
    /// Windy and cloudy.
    case windyVariant = "windy-variant"
}
