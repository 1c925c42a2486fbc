// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// What the station measured, as the forecast merge sees it: the newest
/// observation of the station's main device, today's totals and the recent
/// temperatures (for the local bias). Plain values, so the merge needs
/// nothing of the store; the gateway fills them from its database.
public struct StationReading: Sendable, Equatable {
    /// The device the values come from.
    public var serial: String
    /// The observation's time, Unix seconds.
    public var observedAt: Int64
    /// Air temperature, °C.
    public var airTemperatureCelsius: Double?
    /// Relative humidity, %.
    public var relativeHumidityPercent: Double?
    /// Average and gust wind speed over the observation's interval, m/s.
    public var windAverageMetersPerSecond: Double?
    public var windGustMetersPerSecond: Double?
    /// Wind direction, degrees from north.
    public var windDirectionDegrees: Double?
    /// UV index.
    public var uvIndex: Double?
    /// Rain rate now, mm/h, from the observation's rain over its interval.
    public var rainRateMillimetresPerHour: Double?
    /// Rain since local midnight, mm.
    public var rainTodayMillimetres: Double?
    /// Highest and lowest temperature observed today, °C.
    public var highTodayCelsius: Double?
    public var lowTodayCelsius: Double?
    /// The latest lightning strike, Unix seconds.
    public var lastLightningStrike: Int64?
    /// Air temperatures of the last ``LocalCorrection/recentWindowSeconds``, oldest first.
    public var recentTemperatures: [TimedValue]

    /// Observations older than this (by their own time) do not speak for now.
    public static let maximumAgeSeconds: Int64 = 15 * 60

    /// What the condition resolver needs from the station.
    public var evidence: StationEvidence {
        StationEvidence(rainRateMillimetresPerHour: rainRateMillimetresPerHour, lastLightningStrike: lastLightningStrike)
    }

    /// A reading of `serial` observed at `observedAt`; every measurement is
    /// optional, as a sensor may be missing or failed.
    public init(
        serial: String, observedAt: Int64, airTemperatureCelsius: Double? = nil, relativeHumidityPercent: Double? = nil,
        windAverageMetersPerSecond: Double? = nil, windGustMetersPerSecond: Double? = nil, windDirectionDegrees: Double? = nil,
        uvIndex: Double? = nil, rainRateMillimetresPerHour: Double? = nil, rainTodayMillimetres: Double? = nil,
        highTodayCelsius: Double? = nil, lowTodayCelsius: Double? = nil, lastLightningStrike: Int64? = nil,
        recentTemperatures: [TimedValue] = []
    ) {
        self.serial = serial
        self.observedAt = observedAt
        self.airTemperatureCelsius = airTemperatureCelsius
        self.relativeHumidityPercent = relativeHumidityPercent
        self.windAverageMetersPerSecond = windAverageMetersPerSecond
        self.windGustMetersPerSecond = windGustMetersPerSecond
        self.windDirectionDegrees = windDirectionDegrees
        self.uvIndex = uvIndex
        self.rainRateMillimetresPerHour = rainRateMillimetresPerHour
        self.rainTodayMillimetres = rainTodayMillimetres
        self.highTodayCelsius = highTodayCelsius
        self.lowTodayCelsius = lowTodayCelsius
        self.lastLightningStrike = lastLightningStrike
        self.recentTemperatures = recentTemperatures
    }
}
