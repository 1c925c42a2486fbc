// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ForecastBridge

/// What people call Open-Meteo's variables ("Feels like" for
/// `apparent_temperature`), in the order columns and lines are shown:
/// labelled variables first in this order, then the others by name. A
/// variable without a label here is called by the catalog's explanation
/// (without its final full stop), and one the catalog lacks by its name.
enum ForecastLabels {
    static let ordered: [(name: String, label: String)] = [
        ("weather_code", "Weather"),
        ("temperature_2m", "Temperature"),
        ("temperature_2m_max", "High"),
        ("temperature_2m_min", "Low"),
        ("apparent_temperature", "Feels like"),
        ("apparent_temperature_max", "Feels like high"),
        ("apparent_temperature_min", "Feels like low"),
        ("relative_humidity_2m", "Humidity"),
        ("dew_point_2m", "Dew point"),
        ("precipitation_probability", "Chance of rain"),
        ("precipitation_probability_max", "Chance of rain"),
        ("precipitation", "Precipitation"),
        ("precipitation_sum", "Precipitation"),
        ("rain", "Rain"),
        ("rain_sum", "Rain"),
        ("showers", "Showers"),
        ("showers_sum", "Showers"),
        ("snowfall", "Snowfall"),
        ("snowfall_sum", "Snowfall"),
        ("precipitation_hours", "Hours of precipitation"),
        ("wind_speed_10m", "Wind"),
        ("wind_speed_10m_max", "Wind"),
        ("wind_gusts_10m", "Gusts"),
        ("wind_gusts_10m_max", "Gusts"),
        ("wind_direction_10m", "Wind direction"),
        ("wind_direction_10m_dominant", "Wind direction"),
        ("cloud_cover", "Cloud cover"),
        ("pressure_msl", "Sea-level pressure"),
        ("surface_pressure", "Surface pressure"),
        ("visibility", "Visibility"),
        ("uv_index", "UV index"),
        ("uv_index_max", "UV index"),
        ("is_day", "Daylight now"),
        ("sunrise", "Sunrise"),
        ("sunset", "Sunset"),
        ("daylight_duration", "Daylight"),
        ("sunshine_duration", "Sunshine"),
    ]

    private static let labels = Dictionary(ordered.map { ($0.name, $0.label) }, uniquingKeysWith: { first, _ in first })
    private static let rank = Dictionary(ordered.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// The label of `name`.
    static func label(_ name: String) -> String {
        if let label = labels[name] { return label }
        guard let explanation = VariableCatalog.variable(named: name)?.explanation, !explanation.isEmpty else { return name }
        return explanation.hasSuffix(".") ? String(explanation.dropLast()) : explanation
    }

    /// `names` in display order.
    static func sorted(_ names: [String]) -> [String] {
        names.sorted { (rank[$0] ?? .max, $0) < (rank[$1] ?? .max, $1) }
    }
}
