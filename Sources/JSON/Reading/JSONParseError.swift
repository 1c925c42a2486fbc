// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Why a JSON text was refused.
public struct JSONParseError: Error, Sendable, CustomStringConvertible {
    /// What kind of problem, for callers that sort errors into categories
    /// of their own.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case syntax, invalidUTF8, tooDeep, nonFiniteNumber, tooManyValues, tooLarge
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// Not JSON: a syntax error, a literal JSON does not have (`NaN`,
        /// hex), bytes after the value, or a text that ends early.
        public static let syntax = Code(.syntax)
        /// A string holds bytes that are not valid UTF-8.
        public static let invalidUTF8 = Code(.invalidUTF8)
        /// Arrays and objects nest deeper than the limit.
        public static let tooDeep = Code(.tooDeep)
        /// A number overflows a double (such as `1e400`).
        public static let nonFiniteNumber = Code(.nonFiniteNumber)
        /// More values than the token tape has room for.
        public static let tooManyValues = Code(.tooManyValues)
        /// The text is larger than the parser accepts.
        public static let tooLarge = Code(.tooLarge)

        /// The code's name, for logs.
        public var description: String {
            switch base {
            case .syntax: "syntax"
            case .invalidUTF8: "invalid UTF-8"
            case .tooDeep: "too deep"
            case .nonFiniteNumber: "non-finite number"
            case .tooManyValues: "too many values"
            case .tooLarge: "too large"
            }
        }
    }

    /// What exactly was wrong where the reader stopped. The error keeps
    /// this small code rather than the sentence: the scanner's functions
    /// all return the error, and a larger one slows every call.
    enum Reason: String, Sendable {
        case noValue = "no JSON value"
        case bytesAfterValue = "unexpected bytes after the JSON value"
        case unexpectedCharacter = "unexpected character where a value should start"
        case expectedMemberName = "expected a member name in quotes"
        case expectedColon = "expected ':' after a member name"
        case truncatedObject = "truncated object"
        case expectedObjectSeparator = "expected ',' or '}' in an object"
        case truncatedArray = "truncated array"
        case expectedArraySeparator = "expected ',' or ']' in an array"
        case truncatedLiteral = "truncated literal"
        case unknownLiteral = "unknown literal (only true, false and null exist in JSON)"
        case truncatedString = "truncated string"
        case controlCharacter = "control character inside a string"
        case truncatedEscape = "truncated escape"
        case truncatedUnicodeEscape = "truncated \\u escape"
        case shortUnicodeEscape = "\\u escape needs four hex digits"
        case unknownEscape = "unknown escape sequence"
        case malformedNumber = "malformed number"
        case invalidUTF8 = "invalid UTF-8"
        case nonFiniteNumber = "number out of range"
        case tooDeep = "nested too deep"
        case tooManyValues = "too many values"
        case tooLarge = "text too large"
    }

    private enum Problem: Sendable {
        case unexpectedEnd
        case unexpectedByte(UInt8)
        case invalidNumber
        case invalidEscape
        case trailingContent
        case invalidUTF8
        case nonFiniteNumber
        case tooDeep(limit: Int)
        case tooManyValues
        case tooLarge(limit: Int)
    }

    private let problem: Problem
    private let why: Reason
    /// Byte offset where the problem was found.
    public let offset: Int

    private init(_ problem: Problem, at offset: Int, _ why: Reason) {
        self.problem = problem
        self.why = why
        self.offset = offset
    }

    static func unexpectedEnd(at offset: Int, _ why: Reason) -> Self { Self(.unexpectedEnd, at: offset, why) }
    static func unexpectedByte(_ byte: UInt8, at offset: Int, _ why: Reason) -> Self {
        Self(.unexpectedByte(byte), at: offset, why)
    }
    static func invalidNumber(at offset: Int) -> Self { Self(.invalidNumber, at: offset, .malformedNumber) }
    static func invalidEscape(at offset: Int, _ why: Reason) -> Self { Self(.invalidEscape, at: offset, why) }
    static func trailingContent(at offset: Int) -> Self { Self(.trailingContent, at: offset, .bytesAfterValue) }
    static func invalidUTF8(at offset: Int) -> Self { Self(.invalidUTF8, at: offset, .invalidUTF8) }
    static func nonFiniteNumber(at offset: Int) -> Self { Self(.nonFiniteNumber, at: offset, .nonFiniteNumber) }
    static func tooDeep(limit: Int, at offset: Int) -> Self { Self(.tooDeep(limit: limit), at: offset, .tooDeep) }
    static func tooManyValues(at offset: Int) -> Self { Self(.tooManyValues, at: offset, .tooManyValues) }
    static func tooLarge(limit: Int) -> Self { Self(.tooLarge(limit: limit), at: 0, .tooLarge) }

    /// What kind of problem.
    public var code: Code {
        switch problem {
        case .unexpectedEnd, .unexpectedByte, .invalidNumber, .invalidEscape, .trailingContent: .syntax
        case .invalidUTF8: .invalidUTF8
        case .nonFiniteNumber: .nonFiniteNumber
        case .tooDeep: .tooDeep
        case .tooManyValues: .tooManyValues
        case .tooLarge: .tooLarge
        }
    }

    /// What exactly is wrong at `offset`, such as "truncated array".
    public var reason: String {
        why.rawValue
    }

    /// True when the text ended in the middle of a value (a truncated body).
    public var isTruncation: Bool {
        if case .unexpectedEnd = problem { return true }
        return false
    }

    /// A sentence naming the problem and where it is.
    public var description: String {
        switch problem {
        case .unexpectedEnd: "JSON text ends early at byte \(offset) (truncated?)"
        case .unexpectedByte(let byte): "unexpected byte 0x\(String(byte, radix: 16)) in JSON at byte \(offset)"
        case .invalidNumber, .nonFiniteNumber: "invalid JSON number at byte \(offset)"
        case .invalidEscape: "invalid string escape in JSON at byte \(offset)"
        case .trailingContent: "content after the JSON value at byte \(offset)"
        case .invalidUTF8: "invalid UTF-8 in a JSON string at byte \(offset)"
        case .tooDeep(let limit): "JSON nested deeper than \(limit) levels at byte \(offset)"
        case .tooManyValues: "more JSON values than the reader has room for at byte \(offset)"
        case .tooLarge(let limit): "JSON text larger than \(limit) bytes"
        }
    }
}
