// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A `[table]` or `[[table]]` header line of a TOML file.
public struct TOMLTable: Sendable, Equatable {
    /// The table's name (`mqtt` for `[mqtt]`).
    public var name: String
    /// The 1-based line number of the header.
    public var line: Int
    /// Whether the header is `[[name]]`, one element of an array of tables.
    public var isArrayElement: Bool
    /// Which element of the array it starts, from 0 (0 for a single table).
    public var element: Int

    /// Creates a table header record.
    public init(name: String, line: Int, isArrayElement: Bool = false, element: Int = 0) {
        self.name = name
        self.line = line
        self.isArrayElement = isArrayElement
        self.element = element
    }
}
