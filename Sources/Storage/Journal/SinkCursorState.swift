// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Where a sink with a cursor stands in the store (`Store.openSinkCursor`).
public struct SinkCursorState: Sendable, Equatable {
    /// The id of the last journal entry it delivered.
    public var position: Int64
    /// When its cursor last moved (epoch seconds).
    public var updatedAt: Int64
    /// The observation times of stored rows it still owes from its first
    /// configuration's backfill, nil when none.
    public var backfill: Range<Int64>?

    /// Makes one.
    public init(position: Int64, updatedAt: Int64, backfill: Range<Int64>?) {
        self.position = position
        self.updatedAt = updatedAt
        self.backfill = backfill
    }
}
