// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Totals and extremes of one device over one station-local day.
public struct DailySummaryRecord: Sendable, Equatable {
    /// Serial of the device.
    public var serial: String
    /// Station-local date, `YYYY-MM-DD`.
    public var localDate: String
    /// Rain over the day, mm.
    public var rainMillimeters: Double
    /// Minutes with rain.
    public var rainMinutes: Int
    /// Lightning strikes.
    public var strikeCount: Int
    /// Closest strike, km.
    public var closestStrikeKilometers: Int?
    /// Highest air temperature, °C, and when (epoch seconds).
    public var maximumTemperatureCelsius: Double?
    /// Time of the highest temperature, epoch seconds.
    public var maximumTemperatureAt: Int64?
    /// Lowest air temperature, °C.
    public var minimumTemperatureCelsius: Double?
    /// Time of the lowest temperature, epoch seconds.
    public var minimumTemperatureAt: Int64?
    /// Highest gust, m/s.
    public var maximumGustMetersPerSecond: Double?
    /// Time of the highest gust, epoch seconds.
    public var maximumGustAt: Int64?
    /// Direction of the highest gust, degrees.
    public var maximumGustDirectionDegrees: Int?
    /// Suspect rain not yet confirmed, mm (the quality checks: rain in
    /// strong wind with no rain start), kept out of `rainMillimeters`.
    public var suspectRainMillimeters: Double = 0
    /// When the summary was last written, epoch seconds.
    public var updatedAt: Int64
    /// What the growers' figures need of the day (none in rows written
    /// before schema version 13).
    public var growers = Growers()

    /// Creates a summary with zero totals and no extremes.
    public init(serial: String, localDate: String, updatedAt: Int64) {
        self.serial = serial
        self.localDate = localDate
        self.rainMillimeters = 0
        self.rainMinutes = 0
        self.strikeCount = 0
        self.updatedAt = updatedAt
    }
}
