// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A compact, column-wise encoding of integer rows, used to pack a whole
/// day of per-minute rows into one blob once it is old (`packed_days`).
///
/// Why: a plain SQLite row of an observation takes about 62 bytes on disk
/// (a header byte per column, a 4-byte timestamp, cell and page overhead),
/// which alone exceeds the 80 KB per station-day budget. Weather changes
/// slowly from one minute to the next, so each column stored as varint
/// deltas from its previous value takes one or two bytes per row, and a
/// column that is constant or always empty for the day takes almost nothing.
///
/// Layout (all integers are LEB128 varints, signed ones zigzag-encoded):
/// `version (1)`, `row count`, `column count`, then per column a mode byte
/// and its data:
/// - `0` every value is NULL: nothing follows;
/// - `1` every value is the same: the value;
/// - `2` no NULLs: each row's difference from the previous row (the first
///   from 0);
/// - `3` some NULLs: a presence bitmap (bit `i % 8` of byte `i / 8` set when
///   row `i` has a value), then the differences of the present values.
///
/// Differences wrap (`&-`), so any `Int64` round-trips exactly.
public struct PackedColumns: Equatable, Sendable {
    /// The rows, each with `columnCount` values.
    public var rows: [[Int64?]]
    /// How many values each row has.
    public let columnCount: Int

    /// The format version written in the first byte.
    static let formatVersion: UInt8 = 1

    /// Wraps `rows`, each of which must hold `columnCount` values.
    public init(columnCount: Int, rows: [[Int64?]] = []) {
        precondition(rows.allSatisfy { $0.count == columnCount }, "every packed row needs \(columnCount) values")
        self.columnCount = columnCount
        self.rows = rows
    }

    /// The encoded bytes.
    public func encoded() -> [UInt8] {
        var bytes: [UInt8] = [Self.formatVersion]
        bytes.reserveCapacity(16 + rows.count * columnCount * 2)
        Self.appendVarint(UInt64(rows.count), to: &bytes)
        Self.appendVarint(UInt64(columnCount), to: &bytes)
        for column in 0..<columnCount {
            encodeColumn(column, into: &bytes)
        }
        return bytes
    }

    private func encodeColumn(_ column: Int, into bytes: inout [UInt8]) {
        var presentCount = 0
        var first: Int64?
        var constant = true
        for row in rows {
            guard let value = row[column] else { continue }
            presentCount += 1
            if let first, first != value { constant = false }
            if first == nil { first = value }
        }
        if presentCount == 0 {
            bytes.append(0)
        } else if presentCount == rows.count && constant, let first {
            bytes.append(1)
            Self.appendVarint(Self.zigzag(first), to: &bytes)
        } else {
            let hasNulls = presentCount < rows.count
            bytes.append(hasNulls ? 3 : 2)
            if hasNulls {
                var bitmap = [UInt8](repeating: 0, count: (rows.count + 7) / 8)
                for (index, row) in rows.enumerated() where row[column] != nil {
                    bitmap[index / 8] |= 1 << UInt8(index % 8)
                }
                bytes += bitmap
            }
            var previous: Int64 = 0
            for row in rows {
                guard let value = row[column] else { continue }
                Self.appendVarint(Self.zigzag(value &- previous), to: &bytes)
                previous = value
            }
        }
    }

    /// Decodes bytes written by `encoded()`.
    ///
    /// - Throws: `StorageError.invalidValue` naming what is wrong when the
    ///   bytes are truncated, of an unknown version or otherwise malformed;
    ///   it never traps on hostile input.
    public init(decoding bytes: [UInt8]) throws(StorageError) {
        var reader = Reader(bytes: bytes)
        let version = try reader.byte()
        guard version == Self.formatVersion else {
            throw StorageError.invalidValue("packed rows of unknown format version \(version)")
        }
        // A day holds at most 86,400 rows (one a second) of our 25 columns.
        let rowCount = try reader.count(limit: 1 << 18)
        let columnCount = try reader.count(limit: 64)
        var rows = [[Int64?]](repeating: [Int64?](repeating: nil, count: columnCount), count: rowCount)
        for column in 0..<columnCount {
            switch try reader.byte() {
            case 0:
                break
            case 1:
                let value = Self.unzigzag(try reader.varint())
                for index in 0..<rowCount { rows[index][column] = value }
            case let mode where mode == 2 || mode == 3:
                var present = [Bool](repeating: true, count: rowCount)
                if mode == 3 {
                    let bitmap = Array(try reader.bytes((rowCount + 7) / 8))
                    for index in 0..<rowCount { present[index] = bitmap[index / 8] & (1 << UInt8(index % 8)) != 0 }
                }
                var previous: Int64 = 0
                for index in 0..<rowCount where present[index] {
                    previous = previous &+ Self.unzigzag(try reader.varint())
                    rows[index][column] = previous
                }
            case let mode:
                throw StorageError.invalidValue("packed rows: unknown column mode \(mode) in column \(column)")
            }
        }
        guard reader.isAtEnd else {
            throw StorageError.invalidValue("packed rows: \(bytes.count - reader.offset) unexpected bytes after the last column")
        }
        self.columnCount = columnCount
        self.rows = rows
    }

    // MARK: Varints

    static func zigzag(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }

    static func unzigzag(_ value: UInt64) -> Int64 {
        Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }

    static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var remaining = value
        while remaining >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: remaining) | 0x80)
            remaining >>= 7
        }
        bytes.append(UInt8(remaining))
    }

    /// Reads the encoding front to back, throwing instead of running past the end.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func byte() throws(StorageError) -> UInt8 {
            guard offset < bytes.count else { throw StorageError.invalidValue("packed rows are truncated") }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func bytes(_ count: Int) throws(StorageError) -> ArraySlice<UInt8> {
            guard count <= bytes.count - offset else { throw StorageError.invalidValue("packed rows are truncated") }
            defer { offset += count }
            return bytes[offset..<offset + count]
        }

        mutating func varint() throws(StorageError) -> UInt64 {
            var value: UInt64 = 0
            for shift in stride(from: UInt64(0), through: 63, by: 7) {
                let next = try byte()
                value |= UInt64(next & 0x7F) << shift
                if next & 0x80 == 0 { return value }
            }
            throw StorageError.invalidValue("packed rows: a number runs longer than 10 bytes")
        }

        /// A varint used as a count, refused above `limit` so that hostile
        /// bytes cannot make the decoder allocate without bound.
        mutating func count(limit: Int) throws(StorageError) -> Int {
            let value = try varint()
            guard value <= UInt64(limit) else { throw StorageError.invalidValue("packed rows: count \(value) is larger than \(limit)") }
            return Int(value)
        }
    }
}
