// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

@testable import Storage
import TempestTestKit
import Testing

@Suite("Packed columns")
struct PackedColumnsTests {
    @Test("random rows with NULLs, constants and extreme values round-trip exactly")
    func roundTrip() throws {
        var random = SplitMix64(seed: 42)
        for rowCount in [0, 1, 2, 7, 8, 9, 1_440] {
            var rows: [[Int64?]] = []
            var walk: Int64 = 1_700_000_000
            for index in 0..<rowCount {
                walk += Int64(random.next() % 120)
                rows.append([
                    walk,  // increasing time
                    nil,  // always NULL
                    7,  // constant
                    index.isMultiple(of: 3) ? nil : Int64(bitPattern: random.next()),  // any Int64, some NULL
                    index.isMultiple(of: 2) ? .min : .max,  // the largest possible differences
                    Int64(random.next() % 200) - 100,  // small signed noise
                ])
            }
            let packed = PackedColumns(columnCount: 6, rows: rows)
            let decoded = try PackedColumns(decoding: packed.encoded())
            #expect(decoded == packed, "rows: \(rowCount)")
        }
    }

    @Test("constant and empty columns cost almost nothing; slow series cost about a byte a row")
    func compactness() {
        var rows: [[Int64?]] = []
        for minute in 0..<1_440 {
            let time: Int64 = 1_705_276_800 + Int64(minute) * 60
            let temperature: Int64 = 2_237 + Int64(minute % 5)
            rows.append([time, nil, 3, temperature])
        }
        let bytes = PackedColumns(columnCount: 4, rows: rows).encoded()
        // Header: version, a 2-byte row count, column count. Time: mode, a 5-byte
        // first value, 1,439 one-byte deltas (60 s, zigzag 120).
        // NULL column: mode. Constant: mode and value. Temperature: mode, a
        // 2-byte first value, 1,439 one-byte deltas.
        let expected = 4 + (1 + 5 + 1_439) + 1 + 2 + (1 + 2 + 1_439)
        #expect(bytes.count == expected)
    }

    @Test("every truncation, a wrong version, trailing bytes and absurd counts are errors, never a trap")
    func hostileBytes() throws {
        var rows: [[Int64?]] = []
        for index in 0..<20 {
            let square: Int64? = index == 3 ? nil : Int64(index * index)
            rows.append([Int64(index) * 60, square, -5])
        }
        let bytes = PackedColumns(columnCount: 3, rows: rows).encoded()
        for length in 0..<bytes.count {
            #expect(throws: StorageError.self, "prefix of \(length) bytes") { try PackedColumns(decoding: Array(bytes[0..<length])) }
        }
        #expect(throws: StorageError.self) { try PackedColumns(decoding: [2] + bytes.dropFirst()) }
        #expect(throws: StorageError.self) { try PackedColumns(decoding: bytes + [0]) }
        // 2^40 rows, and a varint that never ends.
        #expect(throws: StorageError.self) { try PackedColumns(decoding: [1, 0x80, 0x80, 0x80, 0x80, 0x80, 0x20, 1]) }
        #expect(throws: StorageError.self) { try PackedColumns(decoding: [1, 1, 1, 2] + [UInt8](repeating: 0xFF, count: 12)) }
        // An unknown column mode.
        #expect(throws: StorageError.self) { try PackedColumns(decoding: [1, 1, 1, 9]) }
    }
}
