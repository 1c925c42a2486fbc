// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension SkyObservation.Row: ObservationRowLayout {
    /// The `obs_sky` row (spec sections 3.5 and 7.6): every field the
    /// gateway reads, in index order, and nowhere else. Adding a field is one
    /// line here (and its property on the row) plus its tests; see
    /// `TempestObservation.Row.fields`.
    public static let fields: [ObservationField<Self>] = [
        .number(1, "illuminance", "lux", RangePolicy.illuminanceLux, \.illuminanceLux),
        .number(2, "uv", "UV index", RangePolicy.uvIndex, \.uvIndex),
        .number(3, "rain_accumulated", "mm", RangePolicy.rainMillimetersPerMinute, \.rainAccumulatedMillimeters),
        .number(4, "wind_lull", "m/s", RangePolicy.windSpeedMetersPerSecond, \.windLullMetersPerSecond),
        .number(5, "wind_avg", "m/s", RangePolicy.windSpeedMetersPerSecond, \.windAverageMetersPerSecond),
        .number(6, "wind_gust", "m/s", RangePolicy.windSpeedMetersPerSecond, \.windGustMetersPerSecond),
        .number(7, "wind_direction", "degrees", RangePolicy.windDirectionDegrees, \.windDirectionDegrees),
        .number(8, "battery", "V", RangePolicy.batteryVolts, \.batteryVolts),
        .integer(9, "report_interval", "min", RangePolicy.reportIntervalMinutes, \.reportIntervalMinutes),
        .number(10, "solar_radiation", "W/m²", RangePolicy.solarRadiationWattsPerSquareMeter, \.solarRadiationWattsPerSquareMeter),
        // Always null over UDP: the cloud computes it.
        .number(11, "local_day_rain_accumulation", "mm", RangePolicy.unboundedNonNegative, \.localDayRainAccumulationMillimeters),
        .precipitationType(12, "precipitation_type", "code", RangePolicy.unbounded, \.precipitationType),
        .integer(13, "wind_sample_interval", "s", RangePolicy.unbounded, \.windSampleIntervalSeconds),
        // REST and WebSocket only (spec section 7.6).
        .number(14, "nc_rain_accumulation", "mm", RangePolicy.rainMillimetersPerMinute, \.nearCastRainAccumulationMillimeters),
        .number(15, "local_day_nc_rain_accumulation", "mm", RangePolicy.unboundedNonNegative, \.localDayNearCastRainAccumulationMillimeters),
        .integer(16, "precipitation_analysis_type", "code", RangePolicy.unbounded, \.precipitationAnalysisType),
    ]

    /// A UDP `obs_sky` row has 14 values; the cloud's have 17.
    public static let minimumValueCount = 14

    /// `obs_sky`.
    public static let messageType = MessageType.skyObservation
}
