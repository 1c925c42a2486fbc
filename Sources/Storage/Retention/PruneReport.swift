// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// What a pruning step (or a run of steps) did.
public struct PruneReport: Sendable, Equatable {
    /// Rows deleted, by table name.
    public var deletedRows: [String: Int] = [:]
    /// Per-minute wind aggregates written from raw samples.
    public var windMinutesWritten: Int = 0
    /// Rows moved from their table into packed days, by table name.
    public var packedRows: [String: Int] = [:]
    /// Whether rows past their retention remain (another step is due).
    public var hasMore: Bool = false

    /// Creates an empty report.
    public init() {}

    /// Total rows deleted.
    public var totalDeleted: Int { deletedRows.values.reduce(0, +) }

    mutating func merge(_ other: PruneReport) {
        for (table, count) in other.deletedRows { deletedRows[table, default: 0] += count }
        windMinutesWritten += other.windMinutesWritten
        for (table, count) in other.packedRows { packedRows[table, default: 0] += count }
        hasMore = other.hasMore
    }
}
