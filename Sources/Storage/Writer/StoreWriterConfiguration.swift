// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc

/// Settings of a `StoreWriter`.
public struct StoreWriterConfiguration: Sendable {
    /// Longest time an accepted item waits before its batch commits, seconds.
    /// Keeps "accepted is durable within one second" with margin. An item
    /// that finds the writer idle for longer than this commits at once (no
    /// company would come in time), so only load pays this wait.
    public var maximumBatchDelaySeconds: Double = 0.25
    /// Longest time a commit waits before the write-ahead log is synced to
    /// stable storage, seconds (nil: only SQLite's own syncs at checkpoints).
    /// With `synchronous=NORMAL` a commit survives a crash of the process at
    /// once, and power loss after this sync; 0.25 s batching plus 0.5 s here
    /// keeps "accepted is durable within one second" for power loss too,
    /// at one fsync per half second at most.
    public var logSyncIntervalSeconds: Double? = 0.5
    /// Longest time a delivered outbox message's row waits for a transaction
    /// to be deleted in, seconds (`StoreWriter.submit`). Longer
    /// than a station's 3 s between datagrams, so that at its pace every
    /// acknowledgement rides along with the next commit instead of costing
    /// a transaction and a wake-up of its own; a crash in between only sends
    /// those messages once more, as QoS 1's "at least once" allows.
    public var acknowledgementDelaySeconds: Double = 5
    /// Most items in one transaction.
    public var maximumBatchSize: Int = 20_000
    /// Most items held in memory (queued, or kept while the database cannot
    /// be written). Above it rapid wind is dropped first (counted); other
    /// records are refused with `StorageError.pendingBufferFull`.
    public var pendingLimit: Int = 50_000
    /// How often to retry while the database cannot be written, seconds.
    public var retryIntervalSeconds: Double = 1
    /// Retention applied by background pruning.
    public var retention = RetentionPolicy()
    /// How often to start a pruning pass, seconds (nil: never automatically).
    public var pruneIntervalSeconds: Double? = 600
    /// Rows per pruning step (one short transaction each).
    public var pruneStepRows: Int = 1_000
    /// Pages returned to the file system after each pruning pass.
    public var vacuumPagesPerPass: Int = 512
    /// Bounds on the outbox.
    public var outboxLimits = OutboxLimits()
    /// Whether the facts a sink with a cursor delivers are listed in the
    /// commit journal (schema version 8): on while such a sink is configured.
    public var keepsCommitJournal = false
    /// With `keepsCommitJournal`: whether 3-second wind samples are
    /// journaled too (28,800 entries a day per station; only an export
    /// that sends them asks for it).
    public var journalsRapidWind = false
    /// A cap on the file size in pages (`PRAGMA max_page_count`), nil for none.
    public var maximumPageCount: Int?
    /// The current time for retention, epoch seconds.
    public var now: @Sendable () -> Int64 = { Int64(time(nil)) }

    /// Creates the default configuration.
    public init() {}
}
