// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology

extension ObservationSample {
    /// The fields the daily summaries count (rain, temperature extremes,
    /// strongest gust, lightning, and what the growers' figures need) and where they land in a sample, from a
    /// decoded row and from a stored record alike. A kind without one of
    /// them (no rain on an AIR) simply leaves it missing.
    static let landings = FieldLandings<ObservationSample>([
        "rain_accumulated": .number(\.rainMillimeters),
        "report_interval": .integer64(\.reportIntervalMinutes),
        "air_temperature": .number(\.airTemperatureCelsius),
        "wind_gust": .number(\.windGustMetersPerSecond),
        "wind_direction": .number(\.windDirectionDegrees),
        "lightning_strike_count": .integer64(\.lightningStrikeCount),
        "lightning_strike_avg_distance": .number(\.lightningStrikeAverageDistanceKilometers),
        "relative_humidity": .number(\.relativeHumidityPercent),
        "wind_avg": .number(\.windAverageMetersPerSecond),
        "solar_radiation": .number(\.solarRadiationWattsPerSquareMeter),
    ])
}
