// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Decodes standard Base64 (RFC 4648 section 4, padding optional), for the
/// `Authorization: Basic` header: the binary has no Foundation to do it.
enum Base64 {
    /// The bytes `text` encodes; nil when it is not Base64.
    static func decode(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        var padding = 0
        for character in text.utf8 {
            if character == UInt8(ascii: "=") {
                padding += 1
                continue
            }
            guard padding == 0, let value = sextet(character) else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        // Whole groups of four: at most two padding characters, and no
        // leftover bits that would make a partial byte.
        guard padding <= 2, bits < 6, (text.utf8.count % 4 == 0 || padding == 0) else { return nil }
        return bytes
    }

    private static func sextet(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
