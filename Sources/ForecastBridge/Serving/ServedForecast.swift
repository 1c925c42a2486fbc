// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The forecast the service serves: the newest one fetched, or, while
/// Open-Meteo cannot be reached, the last one stored, with when it was
/// fetched (its age is published alongside).
public struct ServedForecast: Sendable {
    /// The decoded forecast.
    public var response: ForecastResponse
    /// When it was fetched, Unix seconds.
    public var fetchedAt: Int64
    /// Whether the latest poll succeeded (false: Open-Meteo is unreachable
    /// and this is the last forecast that arrived).
    public var isCurrent: Bool
    /// Why the latest poll failed, when it did.
    public var lastError: String?

    /// Whole minutes since the fetch.
    public func ageMinutes(now: Int64) -> Int64 { max(0, now - fetchedAt) / 60 }

    /// Makes one from its parts.
    public init(response: ForecastResponse, fetchedAt: Int64, isCurrent: Bool, lastError: String? = nil) {
        self.response = response
        self.fetchedAt = fetchedAt
        self.isCurrent = isCurrent
        self.lastError = lastError
    }
}
