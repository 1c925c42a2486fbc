// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One line of the forecast verification record: what a forecast issued at
/// ``issuedAt`` said the temperature would be at ``validAt``, and what the
/// station observed then (nil until that hour has passed and was observed).
public struct ForecastVerificationRecord: Sendable, Equatable {
    /// The place the forecast is for (see `ForecastQuery.locationKey`).
    public var locationKey: String
    /// When the forecast was issued (fetched), epoch seconds.
    public var issuedAt: Int64
    /// The hour the forecast value is for, epoch seconds.
    public var validAt: Int64
    /// Whole hours from the hour to ``validAt`` (0: the hour it was issued in).
    public var leadHours: Int
    /// The forecast temperature, °C.
    public var forecastCelsius: Double
    /// The observed temperature, °C; nil while unknown.
    public var observedCelsius: Double?

    /// Creates a record.
    public init(
        locationKey: String, issuedAt: Int64, validAt: Int64, leadHours: Int, forecastCelsius: Double,
        observedCelsius: Double? = nil
    ) {
        self.locationKey = locationKey
        self.issuedAt = issuedAt
        self.validAt = validAt
        self.leadHours = leadHours
        self.forecastCelsius = forecastCelsius
        self.observedCelsius = observedCelsius
    }
}
