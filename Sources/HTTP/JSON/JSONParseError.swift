/// Why a JSON text could not be parsed.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Code: Sendable, Hashable {
        case tooLarge(limit: Int)
        case tooDeep(limit: Int)
        case unexpectedEnd
        case unexpectedByte(UInt8)
        case invalidNumber
        case invalidEscape
        case invalidUTF8
        case trailingContent
    }

    private let code: Code
    /// Byte offset where the problem was found.
    public let offset: Int

    private init(_ code: Code, offset: Int) {
        self.code = code
        self.offset = offset
    }

    static func tooLarge(limit: Int) -> Self { Self(.tooLarge(limit: limit), offset: 0) }
    static func tooDeep(limit: Int, at offset: Int) -> Self { Self(.tooDeep(limit: limit), offset: offset) }
    static func unexpectedEnd(at offset: Int) -> Self { Self(.unexpectedEnd, offset: offset) }
    static func unexpectedByte(_ byte: UInt8, at offset: Int) -> Self { Self(.unexpectedByte(byte), offset: offset) }
    static func invalidNumber(at offset: Int) -> Self { Self(.invalidNumber, offset: offset) }
    static func invalidEscape(at offset: Int) -> Self { Self(.invalidEscape, offset: offset) }
    static func invalidUTF8(at offset: Int) -> Self { Self(.invalidUTF8, offset: offset) }
    static func trailingContent(at offset: Int) -> Self { Self(.trailingContent, offset: offset) }

    /// True when the text ended in the middle of a value (a truncated body).
    public var isTruncation: Bool { code == .unexpectedEnd }

    /// A sentence naming the problem and where it is.
    public var description: String {
        switch code {
        case .tooLarge(let limit): "JSON text larger than \(limit) bytes"
        case .tooDeep(let limit): "JSON nested deeper than \(limit) levels at byte \(offset)"
        case .unexpectedEnd: "JSON text ends early at byte \(offset) (truncated?)"
        case .unexpectedByte(let byte): "unexpected byte 0x\(String(byte, radix: 16)) in JSON at byte \(offset)"
        case .invalidNumber: "invalid JSON number at byte \(offset)"
        case .invalidEscape: "invalid string escape in JSON at byte \(offset)"
        case .invalidUTF8: "invalid UTF-8 in a JSON string at byte \(offset)"
        case .trailingContent: "content after the JSON value at byte \(offset)"
        }
    }
}
