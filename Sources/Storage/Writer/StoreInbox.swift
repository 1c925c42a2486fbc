// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Logging

/// The queue a `StoreWriter` drains, made before it: any thread or task
/// submits writes and work here, and the writer commits them in order.
///
/// It exists on its own so that the run can be built in dependency order:
/// the sinks are made with the inbox (their acknowledgements and cursors
/// come back as ordinary write requests), then the writer is made with the
/// inbox and those sinks, which it tells of every commit. What is submitted
/// before the writer starts waits for it.
public final class StoreInbox: Sendable {
    let state: WriterState

    /// An inbox for a writer with `configuration`, logging through `logger`.
    public init(
        configuration: StoreWriterConfiguration = StoreWriterConfiguration(),
        logger: Logger = Logger(label: "tempest.storage.writer")
    ) {
        state = WriterState(configuration: configuration, logger: logger)
    }

    /// Queues `write` for the next batch (see `StoreWriter.submit(_:)`).
    @discardableResult
    public func submit(_ write: StoreWrite) throws -> UInt64 {
        try state.submit([write])
    }

    /// Queues several writes for the same batch, with an optional notice for
    /// the observers of their commit (see `StoreWriter.submit(_:notice:)`).
    @discardableResult
    public func submit(_ writes: [StoreWrite], notice: CommitNotice? = nil) throws -> UInt64 {
        try state.submit(writes, notice: notice)
    }

    /// Returns once everything submitted before the call is committed
    /// (see `StoreWriter.flush()`).
    public func flush() async throws {
        try await state.flush()
    }

    /// Runs `body` on the writer thread between batches (see `StoreWriter.perform`).
    public func perform<Result: Sendable>(_ body: @escaping @Sendable (Store) throws -> Result) async throws -> Result {
        try await state.perform(body)
    }

    /// Acknowledged outbox ids not yet deleted.
    public var waitingAcknowledgementCount: Int {
        state.lock.withLock { state.riding.acknowledgements.count }
    }

    /// Whether nothing waits for a commit and none is under way.
    public var isIdle: Bool {
        state.lock.withLock { state.queue.isEmpty && state.inFlightCount == 0 }
    }

    /// Whether the database cannot be written right now.
    public var isStorageUnavailable: Bool {
        state.lock.withLock { state.storageUnavailable }
    }

    /// Counters and health.
    public var status: StoreWriterStatus {
        state.status
    }
}
