// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The strict, allocation-free JSON (RFC 8259) reader that everything else
/// reads JSON with: one pass validates syntax and UTF-8, enforces a nesting
/// limit, parses numbers, and writes a flat token tape (`JSONTape`) into a
/// buffer the caller owns. The datagram decoder reads the tape directly;
/// `JSONParser` builds a `JSONValue` from it.
///
/// Why not Foundation's `JSONDecoder`: it links Foundation, which the
/// gateway's binary leaves out (`scripts/check-no-foundation.sh`), and is an
/// order of magnitude short of the decoder's throughput target; a tree of
/// allocations is also more than small datagrams need.
public struct JSONScanner {
    // Visible to the inlinable initialiser only, so that a caller's
    // `init` compiles to stores, as it would inside this module.
    @usableFromInline let bytes: UnsafePointer<UInt8>
    @usableFromInline let count: Int
    @usableFromInline let tape: UnsafeMutablePointer<JSONToken>
    @usableFromInline let tapeCapacity: Int
    @usableFromInline let maximumDepth: Int
    @usableFromInline let plainStringByte = JSONScanner.plainStringByteTable
    @usableFromInline var position = 0
    @usableFromInline var tokenCount = 0

    /// Scans `count` bytes at `bytes` into `tape`, which must hold at least
    /// `tapeCapacity` tokens. Arrays and objects may nest `maximumDepth`
    /// levels deep.
    @inlinable
    public init(
        bytes: UnsafePointer<UInt8>,
        count: Int,
        tape: UnsafeMutablePointer<JSONToken>,
        tapeCapacity: Int,
        maximumDepth: Int
    ) {
        self.bytes = bytes
        self.count = count
        self.tape = tape
        self.tapeCapacity = tapeCapacity
        self.maximumDepth = maximumDepth
    }

    /// Scans the whole input: exactly one JSON value, optionally surrounded
    /// by JSON white space. Returns the tape, whose root token is index 0.
    public mutating func scan() throws(JSONParseError) -> JSONTape {
        skipWhitespace()
        guard position < count else {
            throw .unexpectedEnd(at: position, .noValue)
        }
        try scanValue(depth: 0)
        skipWhitespace()
        guard position == count else {
            throw .trailingContent(at: position)
        }
        return JSONTape(bytes: bytes, tokens: tape, count: tokenCount)
    }

    // MARK: - Values

    private mutating func scanValue(depth: Int) throws(JSONParseError) {
        switch bytes[position] {
        case UInt8(ascii: "{"): try scanObject(depth: depth + 1)
        case UInt8(ascii: "["): try scanArray(depth: depth + 1)
        case UInt8(ascii: "\""): try scanString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try scanNumber()
        case UInt8(ascii: "t"): try scanLiteral("true", kind: .true)
        case UInt8(ascii: "f"): try scanLiteral("false", kind: .false)
        case UInt8(ascii: "n"): try scanLiteral("null", kind: .null)
        default: throw syntaxError(at: position, .unexpectedCharacter)
        }
    }

    private mutating func scanObject(depth: Int) throws(JSONParseError) {
        guard depth <= maximumDepth else { throw .tooDeep(limit: maximumDepth, at: position) }
        let index = try appendToken(kind: .object, start: position)
        position += 1
        var members: Int32 = 0
        skipWhitespace()
        if position < count && bytes[position] == UInt8(ascii: "}") {
            position += 1
        } else {
            while true {
                guard position < count, bytes[position] == UInt8(ascii: "\"") else {
                    throw syntaxError(at: position, .expectedMemberName)
                }
                try scanString()
                skipWhitespace()
                guard position < count, bytes[position] == UInt8(ascii: ":") else {
                    throw syntaxError(at: position, .expectedColon)
                }
                position += 1
                skipWhitespace()
                guard position < count else { throw .unexpectedEnd(at: position, .truncatedObject) }
                try scanValue(depth: depth)
                members += 1
                guard try scanSeparator(closer: UInt8(ascii: "}"), .truncatedObject, .expectedObjectSeparator) else { break }
            }
        }
        tape[index].length = members
        tape[index].next = Int32(tokenCount)
    }

    private mutating func scanArray(depth: Int) throws(JSONParseError) {
        guard depth <= maximumDepth else { throw .tooDeep(limit: maximumDepth, at: position) }
        let index = try appendToken(kind: .array, start: position)
        position += 1
        var elements: Int32 = 0
        skipWhitespace()
        if position < count && bytes[position] == UInt8(ascii: "]") {
            position += 1
        } else {
            while true {
                guard position < count else { throw .unexpectedEnd(at: position, .truncatedArray) }
                try scanValue(depth: depth)
                elements += 1
                guard try scanSeparator(closer: UInt8(ascii: "]"), .truncatedArray, .expectedArraySeparator) else { break }
            }
        }
        tape[index].length = elements
        tape[index].next = Int32(tokenCount)
    }

    /// After a member or an element: a comma (true, another follows) or
    /// `closer` (false, the container ends), with whitespace around.
    @inline(__always)
    private mutating func scanSeparator(
        closer: UInt8, _ truncated: JSONParseError.Reason, _ expected: JSONParseError.Reason
    ) throws(JSONParseError) -> Bool {
        skipWhitespace()
        guard position < count else { throw .unexpectedEnd(at: position, truncated) }
        let separator = bytes[position]
        position += 1
        if separator == UInt8(ascii: ",") {
            skipWhitespace()
            return true
        }
        guard separator == closer else { throw .unexpectedByte(separator, at: position - 1, expected) }
        return false
    }

    private mutating func scanLiteral(_ literal: StaticString, kind: JSONToken.Kind) throws(JSONParseError) {
        let length = literal.utf8CodeUnitCount
        guard count - position >= length else {
            throw .unexpectedEnd(at: position, .truncatedLiteral)
        }
        let literalBytes = literal.utf8Start
        for offset in 0..<length where bytes[position + offset] != literalBytes[offset] {
            throw .unexpectedByte(bytes[position], at: position, .unknownLiteral)
        }
        try appendToken(kind: kind, start: position)
        position += length
    }

    // MARK: - Strings

    @inline(__always)
    private mutating func scanString() throws(JSONParseError) {
        let index = try appendToken(kind: .string, start: position + 1)
        let hasEscapes = try scanStringBody()
        tape[index].length = Int32(position - 1 - Int(tape[index].start))
        tape[index].hasEscapes = hasEscapes
    }

    /// Validates a string whose opening quote is at `position` and moves past
    /// its closing quote; returns whether it holds escapes.
    @inline(__always)
    private mutating func scanStringBody() throws(JSONParseError) -> Bool {
        position += 1
        var hasEscapes = false
        while true {
            skipPlainStringBytes()
            guard position < count else { throw .unexpectedEnd(at: position, .truncatedString) }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                break
            } else if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                try scanEscape()
            } else if byte < 0x20 {
                throw .unexpectedByte(byte, at: position, .controlCharacter)
            } else if byte < 0x80 {
                position += 1
            } else {
                try scanMultiByteScalar()
            }
        }
        position += 1  // closing quote
        return hasEscapes
    }

    /// Skips string bytes that need no attention: printable ASCII other
    /// than `"` and `\\`, one table look-up per byte.
    @inline(__always)
    private mutating func skipPlainStringBytes() {
        // Locals stay in registers; stored properties of `self` would be
        // reloaded and stored on every byte.
        var index = position
        let end = count
        let input = bytes
        let table = plainStringByte
        while index < end && table[Int(input[index])] {
            index += 1
        }
        position = index
    }

    private mutating func scanEscape() throws(JSONParseError) {
        guard position + 1 < count else { throw .unexpectedEnd(at: position, .truncatedEscape) }
        switch bytes[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 2
        case UInt8(ascii: "u"):
            guard position + 5 < count else { throw .unexpectedEnd(at: position, .truncatedUnicodeEscape) }
            for offset in 2...5 where JSONScanner.hexValue(bytes[position + offset]) == nil {
                throw .invalidEscape(at: position + offset, .shortUnicodeEscape)
            }
            position += 6
        default:
            throw .invalidEscape(at: position, .unknownEscape)
        }
    }

    /// Validates one UTF-8 sequence of two to four bytes (RFC 3629: no
    /// overlong forms, no surrogates, nothing above U+10FFFF).
    private mutating func scanMultiByteScalar() throws(JSONParseError) {
        let lead = bytes[position]
        let length: Int
        var lowerBound: UInt8 = 0x80
        var upperBound: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lowerBound = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upperBound = 0x9F
        case 0xF0: length = 4; lowerBound = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upperBound = 0x8F
        default: throw .invalidUTF8(at: position)
        }
        guard position + length <= count else { throw .invalidUTF8(at: position) }
        let second = bytes[position + 1]
        guard second >= lowerBound && second <= upperBound else { throw .invalidUTF8(at: position + 1) }
        for offset in 2..<length where bytes[position + offset] & 0xC0 != 0x80 {
            throw .invalidUTF8(at: position + offset)
        }
        position += length
    }

    /// `plainStringByteTable[b]` is true for the bytes a string scan can
    /// pass over without a second look. Allocated once, never freed, never
    /// written after initialisation (hence safe to share).
    @usableFromInline
    nonisolated(unsafe) static let plainStringByteTable: UnsafePointer<Bool> = {
        let table = UnsafeMutablePointer<Bool>.allocate(capacity: 256)
        for byte in 0..<256 {
            table[byte] = byte >= 0x20 && byte < 0x80 && byte != 0x22 && byte != 0x5C
        }
        return UnsafePointer(table)
    }()

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    // MARK: - Numbers

    @inline(__always)
    private mutating func scanNumber() throws(JSONParseError) {
        let start = position
        var parser = JSONNumberParser(bytes: bytes, count: count, start: start)
        guard let value = parser.parse() else {
            throw parser.position < count
                ? .invalidNumber(at: parser.position) : .unexpectedEnd(at: parser.position, .malformedNumber)
        }
        guard value.isFinite else { throw .nonFiniteNumber(at: start) }
        let index = try appendToken(kind: .number, start: start)
        position = parser.position
        tape[index].number = value
        tape[index].length = Int32(position - start)
    }

    // MARK: - Helpers

    /// A syntax error at `offset`: the text ends there, or has a byte there
    /// that JSON does not allow.
    private func syntaxError(at offset: Int, _ reason: JSONParseError.Reason) -> JSONParseError {
        offset < count ? .unexpectedByte(bytes[offset], at: offset, reason) : .unexpectedEnd(at: offset, reason)
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        // Compact JSON, as datagrams are, has none: return at the first
        // byte that cannot be white space.
        guard position < count && bytes[position] <= 0x20 else { return }
        var index = position
        let end = count
        let input = bytes
        while index < end {
            switch input[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default:
                position = index
                return
            }
        }
        position = index
    }

    /// Appends a token and returns its index. Its `next` is the index after
    /// it, which is right for a string, number or literal; an array or
    /// object sets its own when it closes.
    @inline(__always) @discardableResult
    private mutating func appendToken(kind: JSONToken.Kind, start: Int) throws(JSONParseError) -> Int {
        guard tokenCount < tapeCapacity else { throw .tooManyValues(at: start) }
        let index = tokenCount
        tokenCount += 1
        tape[index] = JSONToken(
            kind: kind, hasEscapes: false, start: Int32(start), length: 0, next: Int32(tokenCount), number: 0)
        return index
    }
}
