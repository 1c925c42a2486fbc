// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ForecastBridge
import Pipeline
import Storage

/// Keeping fetched forecasts in the store and reading the last one back
/// when Open-Meteo cannot be reached.
public enum ForecastSnapshots {
    /// Stores `fetched` for `query`'s place at `now`.
    public static func store(_ fetched: FetchedForecast, for query: ForecastQuery, at now: Int64, in store: Store) throws {
        try store.insert(ForecastSnapshotRecord(
            locationKey: query.locationKey, fetchedAt: now, sourceURL: fetched.redactedURL, payloadJSON: fetched.bodyText))
    }

    /// The newest stored forecast for `query`'s place, decoded, with its body and fetch time.
    public static func latest(for query: ForecastQuery, in store: Store) throws
        -> (response: ForecastResponse, bodyText: String, fetchedAt: Int64)?
    {
        guard let record = try store.latestForecastSnapshot(locationKey: query.locationKey),
              let response = ForecastResponse(bodyText: record.payloadJSON) else { return nil }
        return (response, record.payloadJSON, record.fetchedAt)
    }

    /// Whether `error` means the service could not be used right now (as
    /// opposed to a request it will never accept), so a stored forecast may stand in.
    public static func isOutage(_ error: ForecastError) -> Bool {
        switch error.kind {
        case .transport, .rateLimited, .serverError, .unexpectedStatus, .malformedResponse, .budgetExhausted: true
        case .invalidQuery, .rejected: false
        }
    }

    /// `47 minutes`, `3 hours 5 minutes`, `2 days 4 hours`: how long ago `then` was.
    public static func age(from then: Int64, to now: Int64) -> String {
        let minutes = max(0, now - then) / 60
        if minutes < 60 { return Plural.count(minutes, "minute") }
        let hours = minutes / 60
        if hours < 48 { return "\(Plural.count(hours, "hour")) \(Plural.count(minutes % 60, "minute"))" }
        return "\(Plural.count(hours / 24, "day")) \(Plural.count(hours % 24, "hour"))"
    }
}
