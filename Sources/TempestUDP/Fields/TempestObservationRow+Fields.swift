// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension TempestObservation.Row: ObservationRowLayout {
    /// The `obs_st` row (spec sections 3.6 and 7.6): every field the gateway
    /// reads, in index order, and nowhere else. Adding a field is one line
    /// here (and its property on the row) plus its tests: the UDP decoder,
    /// the REST and WebSocket rows, the canonical JSON, the store, the daily
    /// summaries and the derived values pick it up from this table
    /// (GatewayCore's landing tables say where it goes beyond the row).
    public static let fields: [ObservationField<Self>] = [
        .number(1, "wind_lull", "m/s", RangePolicy.windSpeedMetersPerSecond, \.windLullMetersPerSecond),
        .number(2, "wind_avg", "m/s", RangePolicy.windSpeedMetersPerSecond, \.windAverageMetersPerSecond),
        .number(3, "wind_gust", "m/s", RangePolicy.windSpeedMetersPerSecond, \.windGustMetersPerSecond),
        .number(4, "wind_direction", "degrees", RangePolicy.windDirectionDegrees, \.windDirectionDegrees),
        .integer(5, "wind_sample_interval", "s", RangePolicy.unbounded, \.windSampleIntervalSeconds),
        .number(6, "station_pressure", "mb", RangePolicy.pressureMillibars, \.stationPressureMillibars),
        .number(7, "air_temperature", "°C", RangePolicy.airTemperatureCelsius, \.airTemperatureCelsius),
        .number(8, "relative_humidity", "%", RangePolicy.relativeHumidityPercent, \.relativeHumidityPercent),
        .number(9, "illuminance", "lux", RangePolicy.illuminanceLux, \.illuminanceLux),
        .number(10, "uv", "UV index", RangePolicy.uvIndex, \.uvIndex),
        .number(11, "solar_radiation", "W/m²", RangePolicy.solarRadiationWattsPerSquareMeter, \.solarRadiationWattsPerSquareMeter),
        .number(12, "rain_accumulated", "mm", RangePolicy.rainMillimetersPerMinute, \.rainAccumulatedMillimeters),
        .precipitationType(13, "precipitation_type", "code", RangePolicy.unbounded, \.precipitationType),
        .number(14, "lightning_strike_avg_distance", "km", RangePolicy.strikeDistanceKilometers, \.lightningStrikeAverageDistanceKilometers),
        .integer(15, "lightning_strike_count", "count", RangePolicy.strikeCount, \.lightningStrikeCount),
        .number(16, "battery", "V", RangePolicy.batteryVolts, \.batteryVolts),
        .integer(17, "report_interval", "min", RangePolicy.reportIntervalMinutes, \.reportIntervalMinutes),
        // REST and WebSocket only (spec section 7.6).
        .number(18, "local_day_rain_accumulation", "mm", RangePolicy.unboundedNonNegative, \.localDayRainAccumulationMillimeters),
        .number(19, "nc_rain_accumulation", "mm", RangePolicy.rainMillimetersPerMinute, \.nearCastRainAccumulationMillimeters),
        .number(20, "local_day_nc_rain_accumulation", "mm", RangePolicy.unboundedNonNegative, \.localDayNearCastRainAccumulationMillimeters),
        .integer(21, "precipitation_analysis_type", "code", RangePolicy.unbounded, \.precipitationAnalysisType),
    ]

    /// A UDP `obs_st` row has 18 values; the cloud's have 22.
    public static let minimumValueCount = 18

    /// `obs_st`.
    public static let messageType = MessageType.tempestObservation
}
