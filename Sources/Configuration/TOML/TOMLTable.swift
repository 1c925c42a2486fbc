// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A `[table]` header line of a TOML file.
public struct TOMLTable: Sendable, Equatable {
    /// The table's name (`mqtt` for `[mqtt]`).
    public var name: String
    /// The 1-based line number of the header.
    public var line: Int

    /// Creates a table header record.
    public init(name: String, line: Int) {
        self.name = name
        self.line = line
    }
}
