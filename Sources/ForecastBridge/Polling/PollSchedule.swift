// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// When to ask Open-Meteo next: on start, then every ``intervalSeconds``
/// (30 minutes by default); after a failure sooner, backing off from
/// ``firstRetrySeconds`` and doubling up to the interval; after a refused
/// budget not before the next UTC day.
///
/// Retries within one fetch (429, 5xx, timeouts) are the client's
/// ``RetryPolicy``; this schedule spaces whole fetches.
public struct PollSchedule: Sendable, Hashable {
    /// Seconds between successful polls.
    public var intervalSeconds: Int64
    /// Wait after the first failed poll, seconds; doubled for each further one.
    public var firstRetrySeconds: Int64
    /// Failed polls since the last success.
    public private(set) var consecutiveFailures = 0

    /// Creates a schedule; defaults: every 30 minutes, first retry after 1 minute.
    public init(intervalSeconds: Int64 = 30 * 60, firstRetrySeconds: Int64 = 60) {
        self.intervalSeconds = max(60, intervalSeconds)
        self.firstRetrySeconds = max(1, min(firstRetrySeconds, self.intervalSeconds))
    }

    /// Records a successful poll and returns the wait until the next one.
    public mutating func succeeded() -> Int64 {
        consecutiveFailures = 0
        return intervalSeconds
    }

    /// Records a failed poll at `now` (Unix seconds) and returns the wait until the next one.
    public mutating func failed(_ error: ForecastError, at now: Int64) -> Int64 {
        consecutiveFailures += 1
        switch error.kind {
        case .budgetExhausted:
            let nextDay = (now / 86_400 + 1) * 86_400
            return max(intervalSeconds, nextDay - now + 60)
        case .invalidQuery, .rejected, .rateLimited:
            // Asking sooner would not help: the query or the quota has to change.
            return intervalSeconds
        case .serverError, .unexpectedStatus, .malformedResponse, .transport:
            var wait = firstRetrySeconds
            for _ in 1..<min(consecutiveFailures, 32) where wait < intervalSeconds { wait *= 2 }
            return min(wait, intervalSeconds)
        }
    }
}
