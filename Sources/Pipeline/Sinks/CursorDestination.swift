// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage

/// Where a `CursorSink` delivers: an upload service, a time-series
/// database, a test's recorder.
public protocol CursorDestination: Sendable {
    /// Delivers `entries` (committed facts, oldest first), reading their rows
    /// from `store`, a read-only connection of the sink's own. Returns once
    /// the destination accepted them (or refused single facts for good,
    /// which it logs and skips); throws to have them tried again later (the
    /// cursor stays where it was). A `CursorRetryAdvice` error says when.
    func deliver(_ entries: [JournalEntry], from store: Store) async throws

    /// Delivers the rows `store` holds with observation times in `times`
    /// (a backfill, oldest first; the sink calls it a day at a time).
    /// Destinations that take no past readings deliver nothing.
    func deliverStored(_ times: Range<Int64>, from store: Store) async throws
}

extension CursorDestination {
    /// Takes no past readings.
    public func deliverStored(_ times: Range<Int64>, from store: Store) async throws {}
}

/// An error after which the destination says when to try again (HTTP 429's
/// `Retry-After`, a rejected key tried at most hourly).
public protocol CursorRetryAdvice: Error {
    /// Seconds to wait before the next attempt, nil for the sink's backoff.
    var retryAfterSeconds: Double? { get }
}
