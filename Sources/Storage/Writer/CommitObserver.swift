// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Told of every commit by the `StoreWriter` it was constructed with.
///
/// `committed` runs on the writer thread right after `COMMIT`, so it only
/// notes the report and wakes the observer's own thread or task: the work
/// (publishing, uploading, exporting) happens there, never on the writer's
/// thread, where it would delay the next commit.
public protocol CommitObserver: Sendable {
    /// `report` was committed. Keep it short: note it and wake up.
    func committed(_ report: CommitReport)
}

/// A commit observer made of a closure (tests, tools).
public struct CommitCallback: CommitObserver {
    private let body: @Sendable (CommitReport) -> Void

    /// Calls `body` with every report, on the writer thread.
    public init(_ body: @escaping @Sendable (CommitReport) -> Void) {
        self.body = body
    }

    public func committed(_ report: CommitReport) {
        body(report)
    }
}
