// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage

extension ObservationRecord {
    /// Where each field of the three observation tables
    /// (`TempestObservation.Row.fields`, …) lands in the store's record.
    /// Storage knows nothing of the protocol, so this side, which knows
    /// both, says it. Every field of every kind lands here
    /// (`FieldTableTests` checks): a new field that is stored is one line
    /// here, besides its column.
    static let landings = FieldLandings<ObservationRecord>([
        "wind_lull": .number(\.windLullMetersPerSecond),
        "wind_avg": .number(\.windAverageMetersPerSecond),
        "wind_gust": .number(\.windGustMetersPerSecond),
        "wind_direction": .wholeNumber(\.windDirectionDegrees),
        "wind_sample_interval": .integer(\.windSampleIntervalSeconds),
        "station_pressure": .number(\.stationPressureMillibars),
        "air_temperature": .number(\.airTemperatureCelsius),
        "relative_humidity": .number(\.relativeHumidityPercent),
        "illuminance": .wholeNumber(\.illuminanceLux),
        "uv": .number(\.uvIndex),
        "solar_radiation": .wholeNumber(\.solarRadiationWattsPerSquareMeter),
        "rain_accumulated": .number(\.rainAccumulatedMillimeters),
        "precipitation_type": .integer(\.precipitationType),
        "lightning_strike_avg_distance": .wholeNumber(\.lightningStrikeAverageDistanceKilometers),
        "lightning_strike_count": .integer(\.lightningStrikeCount),
        "battery": .number(\.batteryVolts),
        "report_interval": .integer(\.reportIntervalMinutes),
        "local_day_rain_accumulation": .number(\.localDayRainAccumulationMillimeters),
        "nc_rain_accumulation": .number(\.nearCastRainAccumulationMillimeters),
        "local_day_nc_rain_accumulation": .number(\.localDayNearCastRainAccumulationMillimeters),
        "precipitation_analysis_type": .integer(\.precipitationAnalysisType),
    ])
}
