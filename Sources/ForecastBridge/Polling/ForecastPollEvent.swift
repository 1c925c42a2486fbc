// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// What one poll of a ``ForecastPoller`` came to.
public enum ForecastPollEvent: Sendable {
    /// A forecast arrived; the next poll follows after `nextPollSeconds`.
    case fetched(FetchedForecast, nextPollSeconds: Int64)
    /// The poll failed; the next one follows after `nextPollSeconds`.
    case failed(ForecastError, nextPollSeconds: Int64)
}
