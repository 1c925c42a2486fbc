/// A strict recursive-descent JSON parser (RFC 8259) with size and depth
/// limits, so hostile or broken bodies fail with an error instead of
/// exhausting memory or the stack.
public struct JSONParser: Sendable {
    /// Largest accepted text, in bytes.
    public var maximumBytes: Int
    /// Deepest accepted nesting of arrays and objects.
    public var maximumDepth: Int

    /// Creates a parser; defaults: 8 MiB and 64 levels.
    public init(maximumBytes: Int = 8 * 1024 * 1024, maximumDepth: Int = 64) {
        self.maximumBytes = maximumBytes
        self.maximumDepth = maximumDepth
    }

    /// Parses one JSON value that fills `bytes` (surrounding whitespace allowed).
    public func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        guard bytes.count <= maximumBytes else { throw .tooLarge(limit: maximumBytes) }
        var cursor = Cursor(bytes: bytes, maximumDepth: maximumDepth)
        cursor.skipWhitespace()
        let value = try cursor.parseValue(depth: 0)
        cursor.skipWhitespace()
        guard cursor.offset == bytes.count else { throw .trailingContent(at: cursor.offset) }
        return value
    }
}

private struct Cursor {
    let bytes: [UInt8]
    let maximumDepth: Int
    var offset = 0

    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    mutating func skipWhitespace() {
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
    }

    func peek() throws(JSONParseError) -> UInt8 {
        guard offset < bytes.count else { throw .unexpectedEnd(at: offset) }
        return bytes[offset]
    }

    mutating func expect(_ literal: StaticString) throws(JSONParseError) {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in expected {
            let actual = try peek()
            guard actual == byte else { throw .unexpectedByte(actual, at: offset) }
            offset += 1
        }
    }

    mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        switch try peek() {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case let byte: throw .unexpectedByte(byte, at: offset)
        }
    }

    mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= maximumDepth else { throw .tooDeep(limit: maximumDepth, at: offset) }
        offset += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if try peek() == UInt8(ascii: "}") { offset += 1; return .object(members) }
        while true {
            skipWhitespace()
            let byte = try peek()
            guard byte == UInt8(ascii: "\"") else { throw .unexpectedByte(byte, at: offset) }
            let key = try parseString()
            skipWhitespace()
            try expect(":")
            skipWhitespace()
            members[key] = try parseValue(depth: depth)
            skipWhitespace()
            let separator = try peek()
            offset += 1
            if separator == UInt8(ascii: "}") { return .object(members) }
            guard separator == UInt8(ascii: ",") else { throw .unexpectedByte(separator, at: offset - 1) }
        }
    }

    mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= maximumDepth else { throw .tooDeep(limit: maximumDepth, at: offset) }
        offset += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if try peek() == UInt8(ascii: "]") { offset += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            let separator = try peek()
            offset += 1
            if separator == UInt8(ascii: "]") { return .array(elements) }
            guard separator == UInt8(ascii: ",") else { throw .unexpectedByte(separator, at: offset - 1) }
        }
    }

    mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = offset
        func digits(_ cursor: inout Cursor) -> Int {
            let begin = cursor.offset
            while cursor.offset < cursor.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(cursor.bytes[cursor.offset]) {
                cursor.offset += 1
            }
            return cursor.offset - begin
        }
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let integerStart = offset
        let integerDigits = digits(&self)
        guard integerDigits > 0 else { throw offset == bytes.count ? .unexpectedEnd(at: offset) : .invalidNumber(at: start) }
        guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { throw .invalidNumber(at: start) }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digits(&self) > 0 else { throw offset == bytes.count ? .unexpectedEnd(at: offset) : .invalidNumber(at: start) }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard digits(&self) > 0 else { throw offset == bytes.count ? .unexpectedEnd(at: offset) : .invalidNumber(at: start) }
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw .invalidNumber(at: start) }
        return value
    }

    mutating func parseString() throws(JSONParseError) -> String {
        offset += 1 // opening quote
        var utf8: [UInt8] = []
        while true {
            let byte = try peek()
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                guard let text = String(validating: utf8, as: UTF8.self) else { throw .invalidUTF8(at: offset) }
                return text
            case UInt8(ascii: "\\"):
                offset += 1
                let escape = try peek()
                offset += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"): utf8.append(contentsOf: try parseUnicodeEscape())
                default: throw .invalidEscape(at: offset - 1)
                }
            case 0x00..<0x20:
                throw .unexpectedByte(byte, at: offset)
            default:
                utf8.append(byte)
                offset += 1
            }
        }
    }

    /// After `\u`: four hex digits, with a following low surrogate if the
    /// first is a high surrogate. Returns the UTF-8 of the scalar.
    mutating func parseUnicodeEscape() throws(JSONParseError) -> [UInt8] {
        let first = try parseHex4()
        var scalarValue = first
        if (0xD800...0xDBFF).contains(first) {
            guard offset + 1 < bytes.count else { throw .unexpectedEnd(at: offset) }
            guard bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else { throw .invalidEscape(at: offset) }
            offset += 2
            let second = try parseHex4()
            guard (0xDC00...0xDFFF).contains(second) else { throw .invalidEscape(at: offset - 4) }
            scalarValue = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(first) {
            throw .invalidEscape(at: offset - 4)
        }
        guard let scalar = Unicode.Scalar(scalarValue) else { throw .invalidEscape(at: offset - 4) }
        return Array(String(Character(scalar)).utf8)
    }

    mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = try peek()
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw .invalidEscape(at: offset)
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }
}
