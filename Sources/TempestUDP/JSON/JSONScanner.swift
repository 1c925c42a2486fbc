/// A strict, allocation-free JSON (RFC 8259) scanner specialised for small
/// datagrams: one pass validates syntax and UTF-8, enforces a nesting limit,
/// parses numbers, and writes a flat token tape that the decoder then reads.
///
/// Why not Foundation's `JSONDecoder`: it links Foundation (ARCHITECTURE.md)
/// and is an order of magnitude short of the throughput target; a general
/// parser also builds a tree of allocations we do not need for flat packets.
struct JSONScanner {
    private let bytes: UnsafePointer<UInt8>
    private let count: Int
    private let tape: UnsafeMutablePointer<JSONToken>
    private let tapeCapacity: Int
    private let maximumDepth: Int
    private let topLevelValues: UnsafeMutablePointer<Int32>
    private let plainStringByte = JSONScanner.plainStringByteTable
    private var position = 0
    private(set) var tokenCount = 0

    /// Scans `count` bytes at `bytes` into `tape`, which must hold at least
    /// `tapeCapacity` tokens. Object keys get no tokens: members are stored
    /// as their values only, and the values of the outermost object's known
    /// keys are recorded in `topLevelValues` (indexed by `TopLevelKey`),
    /// which the caller fills with -1 beforehand.
    init(
        bytes: UnsafePointer<UInt8>,
        count: Int,
        tape: UnsafeMutablePointer<JSONToken>,
        tapeCapacity: Int,
        maximumDepth: Int,
        topLevelValues: UnsafeMutablePointer<Int32>
    ) {
        self.bytes = bytes
        self.count = count
        self.tape = tape
        self.tapeCapacity = tapeCapacity
        self.maximumDepth = maximumDepth
        self.topLevelValues = topLevelValues
    }

    /// Scans the whole input: exactly one JSON value, optionally surrounded
    /// by JSON white space. The root token is at tape index 0.
    mutating func scan() throws(JSONScanError) {
        skipWhitespace()
        guard position < count else {
            throw .syntax(offset: position, reason: "no JSON value")
        }
        try scanValue(depth: 0)
        skipWhitespace()
        guard position == count else {
            throw .syntax(offset: position, reason: "unexpected bytes after the JSON value")
        }
    }

    // MARK: - Values

    private mutating func scanValue(depth: Int) throws(JSONScanError) {
        switch bytes[position] {
        case UInt8(ascii: "{"): try scanObject(depth: depth + 1)
        case UInt8(ascii: "["): try scanArray(depth: depth + 1)
        case UInt8(ascii: "\""): try scanString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try scanNumber()
        case UInt8(ascii: "t"): try scanLiteral("true", kind: .true)
        case UInt8(ascii: "f"): try scanLiteral("false", kind: .false)
        case UInt8(ascii: "n"): try scanLiteral("null", kind: .null)
        default: throw .syntax(offset: position, reason: "unexpected character where a value should start")
        }
    }

    private mutating func scanObject(depth: Int) throws(JSONScanError) {
        guard depth <= maximumDepth else { throw .tooDeep(limit: maximumDepth) }
        let index = try appendToken(kind: .object, start: position)
        position += 1
        var members: Int32 = 0
        skipWhitespace()
        if position < count && bytes[position] == UInt8(ascii: "}") {
            position += 1
        } else {
            while true {
                guard position < count, bytes[position] == UInt8(ascii: "\"") else {
                    throw .syntax(offset: position, reason: "expected a member name in quotes")
                }
                let keyStart = position + 1
                let keyHasEscapes = try scanStringBody()
                let keyLength = position - 1 - keyStart
                skipWhitespace()
                guard position < count, bytes[position] == UInt8(ascii: ":") else {
                    throw .syntax(offset: position, reason: "expected ':' after a member name")
                }
                position += 1
                skipWhitespace()
                guard position < count else { throw .syntax(offset: position, reason: "truncated object") }
                let valueIndex = tokenCount
                try scanValue(depth: depth)
                if depth == 1 {
                    recordTopLevelValue(keyStart: keyStart, keyLength: keyLength, hasEscapes: keyHasEscapes, at: valueIndex)
                }
                members += 1
                skipWhitespace()
                guard position < count else { throw .syntax(offset: position, reason: "truncated object") }
                let separator = bytes[position]
                position += 1
                if separator == UInt8(ascii: ",") {
                    skipWhitespace()
                    continue
                }
                guard separator == UInt8(ascii: "}") else {
                    throw .syntax(offset: position - 1, reason: "expected ',' or '}' in an object")
                }
                break
            }
        }
        tape[index].length = members
        tape[index].next = Int32(tokenCount)
    }

    private mutating func scanArray(depth: Int) throws(JSONScanError) {
        guard depth <= maximumDepth else { throw .tooDeep(limit: maximumDepth) }
        let index = try appendToken(kind: .array, start: position)
        position += 1
        var elements: Int32 = 0
        skipWhitespace()
        if position < count && bytes[position] == UInt8(ascii: "]") {
            position += 1
        } else {
            while true {
                guard position < count else { throw .syntax(offset: position, reason: "truncated array") }
                try scanValue(depth: depth)
                elements += 1
                skipWhitespace()
                guard position < count else { throw .syntax(offset: position, reason: "truncated array") }
                let separator = bytes[position]
                position += 1
                if separator == UInt8(ascii: ",") {
                    skipWhitespace()
                    continue
                }
                guard separator == UInt8(ascii: "]") else {
                    throw .syntax(offset: position - 1, reason: "expected ',' or ']' in an array")
                }
                break
            }
        }
        tape[index].length = elements
        tape[index].next = Int32(tokenCount)
    }

    private mutating func scanLiteral(_ literal: StaticString, kind: JSONToken.Kind) throws(JSONScanError) {
        let length = literal.utf8CodeUnitCount
        guard count - position >= length else {
            throw .syntax(offset: position, reason: "truncated literal")
        }
        let literalBytes = literal.utf8Start
        for offset in 0..<length where bytes[position + offset] != literalBytes[offset] {
            throw .syntax(offset: position, reason: "unknown literal (only true, false and null exist in JSON)")
        }
        let index = try appendToken(kind: kind, start: position)
        position += length
        tape[index].next = Int32(tokenCount)
    }

    // MARK: - Strings

    @inline(__always)
    private mutating func scanString() throws(JSONScanError) {
        let index = try appendToken(kind: .string, start: position + 1)
        let hasEscapes = try scanStringBody()
        tape[index].length = Int32(position - 1 - Int(tape[index].start))
        tape[index].hasEscapes = hasEscapes
        tape[index].next = Int32(tokenCount)
    }

    @inline(__always)
    private func recordTopLevelValue(keyStart: Int, keyLength: Int, hasEscapes: Bool, at valueIndex: Int) {
        let key: TopLevelKey?
        if hasEscapes {
            let json = JSONTape(bytes: bytes, tokens: tape, tokenCount: tokenCount)
            key = TopLevelKey.match(name: json.decodeEscapedString(start: keyStart, length: keyLength))
        } else {
            key = TopLevelKey.match(bytes + keyStart, count: keyLength)
        }
        if let key { topLevelValues[key.rawValue] = Int32(valueIndex) }
    }

    /// Validates a string whose opening quote is at `position` and moves past
    /// its closing quote; returns whether it holds escapes.
    @inline(__always)
    private mutating func scanStringBody() throws(JSONScanError) -> Bool {
        position += 1
        var hasEscapes = false
        while true {
            skipPlainStringBytes()
            guard position < count else { throw .syntax(offset: position, reason: "truncated string") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                break
            } else if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                try scanEscape()
            } else if byte < 0x20 {
                throw .syntax(offset: position, reason: "control character inside a string")
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

    private mutating func scanEscape() throws(JSONScanError) {
        guard position + 1 < count else { throw .syntax(offset: position, reason: "truncated escape") }
        switch bytes[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 2
        case UInt8(ascii: "u"):
            guard position + 5 < count else { throw .syntax(offset: position, reason: "truncated \\u escape") }
            for offset in 2...5 where JSONScanner.hexValue(bytes[position + offset]) == nil {
                throw .syntax(offset: position + offset, reason: "\\u escape needs four hex digits")
            }
            position += 6
        default:
            throw .syntax(offset: position, reason: "unknown escape sequence")
        }
    }

    /// Validates one UTF-8 sequence of two to four bytes (RFC 3629: no
    /// overlong forms, no surrogates, nothing above U+10FFFF).
    private mutating func scanMultiByteScalar() throws(JSONScanError) {
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
        default: throw .invalidUTF8(offset: position)
        }
        guard position + length <= count else { throw .invalidUTF8(offset: position) }
        let second = bytes[position + 1]
        guard second >= lowerBound && second <= upperBound else { throw .invalidUTF8(offset: position + 1) }
        for offset in 2..<length where bytes[position + offset] & 0xC0 != 0x80 {
            throw .invalidUTF8(offset: position + offset)
        }
        position += length
    }

    /// `plainStringByteTable[b]` is true for the bytes a string scan can
    /// pass over without a second look. Allocated once, never freed, never
    /// written after initialisation (hence safe to share).
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
    private mutating func scanNumber() throws(JSONScanError) {
        let start = position
        var parser = JSONNumberParser(bytes: bytes, count: count, start: start)
        guard let value = parser.parse() else {
            throw .syntax(offset: parser.position, reason: "malformed number")
        }
        guard value.isFinite else { throw .nonFinite(offset: start) }
        let index = try appendToken(kind: .number, start: start)
        position = parser.position
        tape[index].number = value
        tape[index].length = Int32(position - start)
        tape[index].next = Int32(tokenCount)
    }

    // MARK: - Helpers

    @inline(__always)
    private mutating func skipWhitespace() {
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

    @inline(__always)
    private mutating func appendToken(kind: JSONToken.Kind, start: Int) throws(JSONScanError) -> Int {
        guard tokenCount < tapeCapacity else { throw .tooManyTokens }
        let index = tokenCount
        tape[index] = JSONToken(kind: kind, hasEscapes: false, start: Int32(start), length: 0, next: 0, number: 0)
        tokenCount += 1
        return index
    }
}
