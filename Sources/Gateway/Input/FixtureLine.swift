// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The project's datagram line format (shared fixtures): one payload per
/// line, and a line starting `HEX:` carries bytes that cannot be a text line
/// (invalid UTF-8, NUL, newlines) as lowercase hex.
enum FixtureLine {
    /// Why a `HEX:` line could not be read.
    struct HexError: Error, CustomStringConvertible {
        let description: String
    }

    /// The datagram bytes a line stands for.
    static func datagram(from line: [UInt8]) throws(HexError) -> [UInt8] {
        let prefix: [UInt8] = Array("HEX:".utf8)
        guard line.starts(with: prefix) else { return line }
        let hex = line.dropFirst(prefix.count)
        guard hex.count % 2 == 0 else { throw HexError(description: "a HEX: line needs an even number of hex digits") }
        var bytes = [UInt8]()
        bytes.reserveCapacity(hex.count / 2)
        var index = hex.startIndex
        while index < hex.endIndex {
            guard let high = nibble(hex[index]), let low = nibble(hex[index + 1]) else {
                throw HexError(description: "a HEX: line may hold only the digits 0-9 and a-f")
            }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
