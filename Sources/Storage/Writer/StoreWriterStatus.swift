// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The writer's counters and health.
public struct StoreWriterStatus: Sendable, Equatable {
    /// Commits so far.
    public var commitSequence: UInt64
    /// Every submission up to this number is committed (survives a crash of the process).
    public var committedThrough: UInt64
    /// Every submission up to this number is also synced to stable storage (survives power loss).
    public var syncedThrough: UInt64
    /// Items accepted but not yet committed.
    public var pendingCount: Int
    /// True while the database cannot be written (disk full, read-only, I/O error).
    public var isStorageUnavailable: Bool
    /// True while the database cannot be written because the disk (or the
    /// file's size cap) is full.
    public var isDiskFull: Bool = false
    /// The last storage error, if the writer is degraded.
    public var lastError: String?
    /// Rapid-wind items dropped because the in-memory bound was reached.
    public var droppedRapidWindCount: Int
    /// Items refused because the bound was reached with nothing to drop.
    public var refusedCount: Int
    /// Items the store rejected individually (for example an outbox above its bound).
    public var rejectedCount: Int
    /// Outbox messages shed (rapid wind) to keep the outbox within its limits.
    public var outboxShedCount: Int
    /// Records the writer could not commit when it stopped and kept in the
    /// spill file (`SpillFile`).
    public var spilledOnStopCount: Int = 0
    /// Records the writer could neither commit nor spill when it stopped.
    public var lostOnStopCount: Int = 0
}
