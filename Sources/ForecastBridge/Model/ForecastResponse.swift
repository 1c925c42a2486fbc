// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A decoded answer of Open-Meteo's `/v1/forecast`. Every section and every
/// variable is optional: what the server left out is nil, never an error.
public struct ForecastResponse: Sendable, Hashable {
    /// Latitude of the model grid cell used, which may differ from the one asked for.
    public var latitude: Double?
    /// Longitude of the grid cell used.
    public var longitude: Double?
    /// Elevation used for downscaling, metres.
    public var elevationMeters: Double?
    /// Offset of ``timeZone`` from UTC at the start of the forecast, seconds.
    public var utcOffsetSeconds: Int?
    /// The time zone the daily values are aggregated in.
    public var timeZone: String?
    /// Its abbreviation, e.g. `MST`.
    public var timeZoneAbbreviation: String?
    /// `current`, when asked for and sent.
    public var current: ForecastCurrent?
    /// `minutely_15`, when asked for and sent.
    public var minutely15: ForecastSeries?
    /// `hourly`, when asked for and sent.
    public var hourly: ForecastSeries?
    /// `daily`, when asked for and sent.
    public var daily: ForecastSeries?

    /// Creates a response.
    public init(
        latitude: Double? = nil, longitude: Double? = nil, elevationMeters: Double? = nil,
        utcOffsetSeconds: Int? = nil, timeZone: String? = nil, timeZoneAbbreviation: String? = nil,
        current: ForecastCurrent? = nil, minutely15: ForecastSeries? = nil,
        hourly: ForecastSeries? = nil, daily: ForecastSeries? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.elevationMeters = elevationMeters
        self.utcOffsetSeconds = utcOffsetSeconds
        self.timeZone = timeZone
        self.timeZoneAbbreviation = timeZoneAbbreviation
        self.current = current
        self.minutely15 = minutely15
        self.hourly = hourly
        self.daily = daily
    }

    /// The series for `resolution` (nil for `.current`, which is not a series).
    public func series(_ resolution: ForecastResolution) -> ForecastSeries? {
        switch resolution {
        case .current: nil
        case .minutely15: minutely15
        case .hourly: hourly
        case .daily: daily
        }
    }
}
