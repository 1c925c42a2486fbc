// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One forward-only step of the schema: the SQL that takes a database from
/// `version - 1` to `version`.
public struct Migration: Sendable {
    /// The schema version after this step (`PRAGMA user_version`).
    public let version: Int
    /// A short name for logs.
    public let name: String
    /// The statements of this step, run together in one transaction.
    public let sql: String

    /// Creates a migration step.
    public init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }
}
