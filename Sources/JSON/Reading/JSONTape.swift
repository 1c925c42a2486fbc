// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Read access to a scanned text: the token tape plus the bytes the tokens
/// point into. Valid only while both buffers are. The root value is token 0.
public struct JSONTape {
    /// The scanned text.
    public let bytes: UnsafePointer<UInt8>
    /// The tokens, `count` of them.
    public let tokens: UnsafePointer<JSONToken>
    /// How many tokens the scan wrote.
    public let count: Int

    /// A tape of `count` tokens at `tokens`, pointing into `bytes`.
    public init(bytes: UnsafePointer<UInt8>, tokens: UnsafePointer<JSONToken>, count: Int) {
        self.bytes = bytes
        self.tokens = tokens
        self.count = count
    }

    /// The token at `index`.
    @inlinable @inline(__always)
    public subscript(index: Int) -> JSONToken {
        tokens[index]
    }

    /// The raw bytes of a string token (between the quotes, escapes as sent).
    @inlinable @inline(__always)
    public func rawBytes(ofStringAt index: Int) -> UnsafeBufferPointer<UInt8> {
        let token = tokens[index]
        return UnsafeBufferPointer(start: bytes + Int(token.start), count: Int(token.length))
    }

    /// Whether the string token at `index` equals `literal` (an ASCII name).
    /// Escaped strings are compared after unescaping.
    @inlinable @inline(__always)
    public func string(at index: Int, equals literal: StaticString) -> Bool {
        let token = tokens[index]
        if token.hasEscapes {
            return decodedString(at: index) == literal.description
        }
        let length = literal.utf8CodeUnitCount
        guard Int(token.length) == length else { return false }
        let candidate = bytes + Int(token.start)
        let expected = literal.utf8Start
        for offset in 0..<length where candidate[offset] != expected[offset] {
            return false
        }
        return true
    }

    /// The value of the string token at `index`, with escapes resolved.
    /// A `\u` escape naming a lone surrogate becomes U+FFFD.
    @inlinable @inline(__always)
    public func decodedString(at index: Int) -> String {
        let raw = rawBytes(ofStringAt: index)
        guard tokens[index].hasEscapes else {
            return String(decoding: raw, as: UTF8.self)
        }
        return decodeEscapedString(start: Int(tokens[index].start), length: raw.count)
    }

    /// Resolves the escapes of the (validated) string bytes at `start`.
    @usableFromInline
    func decodeEscapedString(start: Int, length: Int) -> String {
        let raw = UnsafeBufferPointer(start: bytes + start, count: length)
        var scalars = String.UnicodeScalarView()
        var utf8 = [UInt8]()
        var position = 0
        func flushUTF8() {
            if !utf8.isEmpty {
                scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
                utf8.removeAll(keepingCapacity: true)
            }
        }
        func hexQuad(at offset: Int) -> UInt32 {
            var value: UInt32 = 0
            for index in offset..<(offset + 4) {
                value = value << 4 | UInt32(JSONScanner.hexValue(raw[index]) ?? 0)
            }
            return value
        }
        while position < raw.count {
            let byte = raw[position]
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                position += 1
                continue
            }
            let escape = raw[position + 1]
            position += 2
            switch escape {
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                flushUTF8()
                var codeUnit = hexQuad(at: position)
                position += 4
                if (0xD800...0xDBFF).contains(codeUnit), position + 6 <= raw.count,
                    raw[position] == UInt8(ascii: "\\"), raw[position + 1] == UInt8(ascii: "u")
                {
                    let low = hexQuad(at: position + 2)
                    if (0xDC00...0xDFFF).contains(low) {
                        codeUnit = 0x10000 + ((codeUnit - 0xD800) << 10) + (low - 0xDC00)
                        position += 6
                    }
                }
                scalars.append(Unicode.Scalar(codeUnit) ?? "\u{FFFD}")
            default: utf8.append(escape)  // \" \\ \/
            }
        }
        flushUTF8()
        return String(scalars)
    }
}
