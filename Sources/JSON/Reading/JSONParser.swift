// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Reads a whole JSON text (RFC 8259) into a `JSONValue`, for the REST
/// clients' tolerant decoding. The text is read by `JSONScanner`, with size
/// and depth limits, so hostile or broken bodies fail with an error instead
/// of exhausting memory or the stack.
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
        // A value takes at least one byte and is set off from the next one
        // by at least one more, so n bytes hold at most (n + 1) / 2 values.
        let tapeCapacity = (bytes.count + 1) / 2 + 1
        let tape = UnsafeMutablePointer<JSONToken>.allocate(capacity: tapeCapacity)
        defer { tape.deallocate() }
        let scanned: Result<JSONTape, JSONParseError> = bytes.withUnsafeBufferPointer { text in
            // An empty array need not have an address; there is nothing to read then.
            guard let start = text.baseAddress else { return .failure(.unexpectedEnd(at: 0, .noValue)) }
            var scanner = JSONScanner(
                bytes: start, count: text.count, tape: tape, tapeCapacity: tapeCapacity, maximumDepth: maximumDepth)
            return Result { () throws(JSONParseError) in try scanner.scan() }
        }
        let json = try scanned.get()
        return JSONParser.value(at: 0, in: json)
    }

    /// The value whose token is at `index`, with everything inside it.
    private static func value(at index: Int, in json: JSONTape) -> JSONValue {
        let token = json[index]
        switch token.kind {
        case .object:
            var members = [String: JSONValue](minimumCapacity: Int(token.length))
            var keyIndex = index + 1
            for _ in 0..<Int(token.length) {
                let valueIndex = keyIndex + 1
                members[json.decodedString(at: keyIndex)] = value(at: valueIndex, in: json)
                keyIndex = Int(json[valueIndex].next)
            }
            return .object(members)
        case .array:
            var elements = [JSONValue]()
            elements.reserveCapacity(Int(token.length))
            var element = index + 1
            for _ in 0..<Int(token.length) {
                elements.append(value(at: element, in: json))
                element = Int(json[element].next)
            }
            return .array(elements)
        case .string: return .string(json.decodedString(at: index))
        case .number: return .number(token.number)
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .null: return .null
        }
    }
}
