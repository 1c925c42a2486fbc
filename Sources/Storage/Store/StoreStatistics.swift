// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Sizes of the database, for the `db` command and health reports.
public struct StoreStatistics: Sendable, Equatable {
    /// Rows per table, by table name.
    public var rowCounts: [String: Int]
    /// Pages in the main file.
    public var pageCount: Int
    /// Bytes per page.
    public var pageSize: Int
    /// Pages on the free list (reclaimable by incremental vacuum).
    public var freelistCount: Int
    /// Size of the database file, bytes.
    public var databaseFileBytes: Int64
    /// Size of the write-ahead log, bytes (0 when absent).
    public var walFileBytes: Int64
}
