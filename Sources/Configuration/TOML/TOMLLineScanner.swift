// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Reads keys and values from one line of TOML, scalar by scalar.
struct TOMLLineScanner {
    private let scalars: [Unicode.Scalar]
    /// The position of the next scalar to read.
    private(set) var index = 0

    init(_ line: Substring) {
        scalars = Array(line.unicodeScalars)
    }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    /// Skips spaces and tabs.
    mutating func skipWhitespace() {
        while let scalar = current, scalar == " " || scalar == "\t" { index += 1 }
    }

    /// Whether only whitespace and perhaps a comment are left.
    mutating func atEndOrComment() -> Bool {
        skipWhitespace()
        return current == nil || current == "#"
    }

    /// Consumes `scalar` if it is next.
    mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard current == scalar else { return false }
        index += 1
        return true
    }

    /// After a value or header: nothing but whitespace and a comment.
    mutating func expectEndOfLine(after what: String) throws {
        guard atEndOrComment() else {
            throw TOMLSyntaxError(
                "unexpected \(Self.describe(current!)) after the \(what)", allowed: "a # comment after the \(what)")
        }
    }

    // MARK: Keys

    /// A dotted key such as `mqtt.host` or `"odd key".x`, as its parts.
    mutating func key() throws -> [String] {
        var parts = [String]()
        repeat {
            skipWhitespace()
            parts.append(try keyPart())
            skipWhitespace()
        } while take(".")
        return parts
    }

    private mutating func keyPart() throws -> String {
        if take("\"") { return try basicString() }
        if take("'") { return try literalString() }
        let start = index
        while let scalar = current, Self.isBareKeyScalar(scalar) { index += 1 }
        guard index > start else {
            throw TOMLSyntaxError(
                current.map { "expected a key, found \(Self.describe($0))" } ?? "expected a key",
                allowed: "letters, digits, _ and - (or a quoted key)")
        }
        return String(String.UnicodeScalarView(scalars[start..<index]))
    }

    static func isBareKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-": true
        default: false
        }
    }

    // MARK: Values

    /// One value.
    mutating func value() throws -> TOMLValue {
        guard let scalar = current else {
            throw TOMLSyntaxError("a value is missing after =", allowed: "a string, number, true, false or [array]")
        }
        switch scalar {
        case "\"":
            guard !(peek(1) == "\"" && peek(2) == "\"") else {
                throw TOMLSyntaxError("multi-line strings (\"\"\") are not supported", allowed: "a one-line string")
            }
            index += 1
            return .string(try basicString())
        case "'":
            guard !(peek(1) == "'" && peek(2) == "'") else {
                throw TOMLSyntaxError("multi-line strings (''') are not supported", allowed: "a one-line string")
            }
            index += 1
            return .string(try literalString())
        case "[":
            index += 1
            return try array()
        default:
            return try bareValue()
        }
    }

    private mutating func array() throws -> TOMLValue {
        var values = [TOMLValue]()
        while true {
            skipWhitespace()
            if take("]") { return .array(values) }
            guard current != nil, current != "#" else {
                throw TOMLSyntaxError("the array is not closed on this line", allowed: "an array written on one line, ending with ]")
            }
            values.append(try value())
            skipWhitespace()
            if take(",") { continue }
            if take("]") { return .array(values) }
            throw TOMLSyntaxError(
                current.map { "expected , or ] in the array, found \(Self.describe($0))" }
                    ?? "the array is not closed on this line",
                allowed: "values separated by commas, ending with ]")
        }
    }

    /// `true`, `false`, a number, or something unsupported such as a date.
    private mutating func bareValue() throws -> TOMLValue {
        let start = index
        while let scalar = current, Self.isBareValueScalar(scalar) { index += 1 }
        let token = String(String.UnicodeScalarView(scalars[start..<index]))
        if token.isEmpty {
            throw TOMLSyntaxError(
                "expected a value, found \(Self.describe(current!))", allowed: "a string, number, true, false or [array]")
        }
        if token == "true" { return .boolean(true) }
        if token == "false" { return .boolean(false) }
        if let number = try TOMLNumber.parse(token) { return number }
        if token.contains(":") || TOMLNumber.looksLikeDate(token) {
            throw TOMLSyntaxError("dates and times are not supported (\(token))", allowed: "a string in quotes")
        }
        if let first = token.unicodeScalars.first, first.properties.isAlphabetic {
            throw TOMLSyntaxError(
                "\(token) is not a value; text must be in quotes", allowed: "\"\(token)\", true, false or a number")
        }
        throw TOMLSyntaxError("\(token) is not a valid number", allowed: "a whole number such as 42 or a decimal such as 1.5")
    }

    private static func isBareValueScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-", "+", ".", ":": true
        default: false
        }
    }

    // MARK: Strings

    /// The rest of a `"..."` string, after its opening quote.
    private mutating func basicString() throws -> String {
        var result = String.UnicodeScalarView()
        while let scalar = current {
            index += 1
            switch scalar {
            case "\"":
                return String(result)
            case "\\":
                result.append(try escape())
            default:
                if Self.isForbiddenControl(scalar) {
                    throw TOMLSyntaxError("a string holds a control character", allowed: "an escape such as \\t or \\u0007")
                }
                result.append(scalar)
            }
        }
        throw TOMLSyntaxError("the string is not closed on this line", allowed: "a closing \" on the same line")
    }

    private mutating func escape() throws -> Unicode.Scalar {
        let allowed = "\\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX"
        guard let scalar = current else { throw TOMLSyntaxError("a string ends in a lone \\", allowed: allowed) }
        index += 1
        switch scalar {
        case "b": return "\u{08}"
        case "t": return "\t"
        case "n": return "\n"
        case "f": return "\u{0C}"
        case "r": return "\r"
        case "\"": return "\""
        case "\\": return "\\"
        case "u", "U":
            let length = scalar == "u" ? 4 : 8
            let digits = String(String.UnicodeScalarView(scalars[index..<min(index + length, scalars.count)]))
            index += digits.unicodeScalars.count
            guard digits.unicodeScalars.count == length, let code = UInt32(digits, radix: 16),
                let decoded = Unicode.Scalar(code)
            else {
                throw TOMLSyntaxError("\\\(scalar)\(digits) is not a valid Unicode escape", allowed: allowed)
            }
            return decoded
        default:
            throw TOMLSyntaxError("\\\(scalar) is not a known escape", allowed: allowed)
        }
    }

    /// The rest of a `'...'` string, after its opening quote: no escapes.
    private mutating func literalString() throws -> String {
        var result = String.UnicodeScalarView()
        while let scalar = current {
            index += 1
            if scalar == "'" { return String(result) }
            if Self.isForbiddenControl(scalar) {
                throw TOMLSyntaxError("a string holds a control character", allowed: "a \"...\" string with an escape")
            }
            result.append(scalar)
        }
        throw TOMLSyntaxError("the string is not closed on this line", allowed: "a closing ' on the same line")
    }

    private static func isForbiddenControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
    }

    /// A scalar for a message: printable ones in quotes, others by code.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        if scalar.value < 0x20 || scalar.value == 0x7F {
            return "character U+" + String(scalar.value, radix: 16, uppercase: true)
        }
        return "'\(scalar)'"
    }
}
