// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension AirObservation.Row: ObservationRowLayout {
    /// The `obs_air` row (spec section 3.4; the cloud sends the same 8
    /// values): every field the gateway reads, in index order, and nowhere
    /// else. Adding a field is one line here (and its property on the row)
    /// plus its tests; see `TempestObservation.Row.fields`.
    public static let fields: [ObservationField<Self>] = [
        .number(1, "station_pressure", "mb", RangePolicy.pressureMillibars, \.stationPressureMillibars),
        .number(2, "air_temperature", "°C", RangePolicy.airTemperatureCelsius, \.airTemperatureCelsius),
        .number(3, "relative_humidity", "%", RangePolicy.relativeHumidityPercent, \.relativeHumidityPercent),
        .integer(4, "lightning_strike_count", "count", RangePolicy.strikeCount, \.lightningStrikeCount),
        .number(5, "lightning_strike_avg_distance", "km", RangePolicy.strikeDistanceKilometers, \.lightningStrikeAverageDistanceKilometers),
        .number(6, "battery", "V", RangePolicy.batteryVolts, \.batteryVolts),
        .integer(7, "report_interval", "min", RangePolicy.reportIntervalMinutes, \.reportIntervalMinutes),
    ]

    /// An `obs_air` row has 8 values, over UDP and from the cloud.
    public static let minimumValueCount = 8

    /// `obs_air`.
    public static let messageType = MessageType.airObservation
}
