// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// What one committed batch contained; handed to the writer's commit
/// observers (`CommitObserver`) on the writer thread right after the commit.
public struct CommitReport: Sendable {
    /// The outbox id given to one submitted message.
    public struct OutboxAssignment: Sendable, Equatable {
        /// The submission number `submit` returned for the message.
        public var submission: UInt64
        /// The stored id, nil when the message was shed.
        public var id: Int64?
    }

    /// Increases by one with every commit of this writer.
    public var sequence: UInt64
    /// Every submission up to and including this number is now durable
    /// (except rapid wind dropped under the memory bound, which is counted
    /// in `StoreWriterStatus.droppedRapidWindCount`).
    public var committedThrough: UInt64
    /// Items in the batch.
    public var itemCount: Int
    /// Outbox ids assigned in this batch, in submission order.
    public var outboxAssignments: [OutboxAssignment]
    /// The messages this batch stored in the outbox, with their ids, in id
    /// order: a publisher that has sent everything older can send these
    /// without reading the outbox back.
    public var outboxMessages: [OutboxMessage] = []
    /// Delivered outbox messages this transaction deleted
    /// (submitted as `.acknowledgeOutbox`).
    public var acknowledgedCount: Int = 0
    /// Messages waiting in the outbox after the commit, when this connection
    /// knows it without counting (nil otherwise).
    public var outboxDepth: Int?
    /// What the submissions of this batch handed along to be told after
    /// their commit (`StoreWriter.submit(_:notice:)`), in submission order.
    public var notices: [CommitNotice] = []
    /// The newest entry of the commit journal (`Store.journalEntries`)
    /// after this commit, nil when the writer keeps no journal.
    public var journalThrough: Int64?
}
