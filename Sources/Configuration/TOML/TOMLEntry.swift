// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One `key = value` line of a TOML file, with where it was found.
public struct TOMLEntry: Sendable, Equatable {
    /// The full dotted key: the table's name, a dot, and the key
    /// (`mqtt.host` for `host` under `[mqtt]`).
    public var key: String
    /// The value.
    public var value: TOMLValue
    /// The 1-based line number.
    public var line: Int
    /// Where the value's text starts and ends on its line, counted in
    /// Unicode scalars (so an editor can replace just the value and keep a
    /// trailing comment).
    public var valueColumns: Range<Int>
    /// Under a `[[table]]` header: which element of the array, from 0 (0
    /// for every other entry).
    public var element: Int

    /// Creates an entry.
    public init(key: String, value: TOMLValue, line: Int, valueColumns: Range<Int>, element: Int = 0) {
        self.key = key
        self.value = value
        self.line = line
        self.valueColumns = valueColumns
        self.element = element
    }
}
