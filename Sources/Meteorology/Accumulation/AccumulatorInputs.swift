// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One observation row as the daily accumulator needs it (protocol units).
public struct ObservationSample: Hashable, Sendable {
    /// The device serial.
    public var serial: String
    /// Observation time, seconds since 1970 UTC.
    public var timestamp: Int64
    /// Rain during the report interval, mm.
    public var rainMillimeters: Double?
    /// Whether the quality checks found the rain suspect (rain in strong
    /// wind with no rain start): it waits outside the day's total until good
    /// rain the same day confirms it (`DayTotals.suspectRainMillimeters`).
    public var rainIsSuspect = false
    /// The report interval, minutes (1 when missing).
    public var reportIntervalMinutes: Int64?
    /// Air temperature, °C.
    public var airTemperatureCelsius: Double?
    /// Wind gust, m/s.
    public var windGustMetersPerSecond: Double?
    /// Average wind direction, degrees (reported with the gust).
    public var windDirectionDegrees: Double?
    /// Lightning strikes during the interval.
    public var lightningStrikeCount: Int64?
    /// Average distance of the interval's strikes, km.
    public var lightningStrikeAverageDistanceKilometers: Double?
    /// Relative humidity, %.
    public var relativeHumidityPercent: Double?
    /// Average wind speed over the interval, m/s.
    public var windAverageMetersPerSecond: Double?
    /// Global solar radiation, W/m².
    public var solarRadiationWattsPerSquareMeter: Double?

    /// A sample with only its identity; set the values you have.
    public init(serial: String, timestamp: Int64) {
        self.serial = serial
        self.timestamp = timestamp
    }
}

/// One lightning strike event as the accumulator needs it.
public struct StrikeSample: Hashable, Sendable {
    /// The device serial.
    public var serial: String
    /// Strike time, seconds since 1970 UTC.
    public var timestamp: Int64
    /// Estimated distance, km.
    public var distanceKilometers: Double?

    /// Creates a strike sample.
    public init(serial: String, timestamp: Int64, distanceKilometers: Double?) {
        self.serial = serial
        self.timestamp = timestamp
        self.distanceKilometers = distanceKilometers
    }
}
