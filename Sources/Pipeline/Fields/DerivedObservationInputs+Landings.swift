// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology

extension DerivedObservation.Inputs {
    /// The fields derived values are computed from, and where they land in
    /// the inputs. A kind without one of them (no wind on an AIR) leaves it
    /// missing, and the values that need it are not computed.
    static let landings = FieldLandings<DerivedObservation.Inputs>([
        "air_temperature": .number(\.airTemperatureCelsius),
        "relative_humidity": .number(\.relativeHumidityPercent),
        "station_pressure": .number(\.stationPressureMillibars),
        "wind_avg": .number(\.windAverageMetersPerSecond),
        "wind_gust": .number(\.windGustMetersPerSecond),
        "wind_direction": .number(\.windDirectionDegrees),
        "wind_sample_interval": .integer64(\.windSampleIntervalSeconds),
        "uv": .number(\.uvIndex),
        "rain_accumulated": .number(\.rainAccumulatedMillimeters),
        "report_interval": .integer64(\.reportIntervalMinutes),
        "battery": .number(\.batteryVolts),
    ])
}
