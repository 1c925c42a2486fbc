// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// TOML's number syntax: decimal, hexadecimal (`0x`), octal (`0o`) and
/// binary (`0b`) integers, decimals with a fraction and/or exponent, `inf`
/// and `nan`, with `_` allowed between digits.
enum TOMLNumber {
    /// The number `token` spells; nil when it is not shaped like a number;
    /// throws when it is, but is not valid (leading zeros, a stray `_`, too
    /// large).
    static func parse(_ token: String) throws -> TOMLValue? {
        var body = Substring(token)
        var sign = ""
        if let first = body.first, first == "+" || first == "-" {
            sign = first == "-" ? "-" : ""
            body = body.dropFirst()
        }
        if body == "inf" { return .float(sign == "-" ? -.infinity : .infinity) }
        if body == "nan" { return .float(.nan) }
        guard let first = body.first, first.isASCII, first.isNumber else { return nil }
        if looksLikeDate(token) { return nil }
        if body.count > 2, body.hasPrefix("0"), let radix = radix(of: body.dropFirst().first!) {
            guard sign.isEmpty, token.first != "+" else {
                throw TOMLSyntaxError("\(token): hexadecimal, octal and binary numbers take no sign")
            }
            let digits = try withoutUnderscores(body.dropFirst(2), token: token)
            guard let value = Int64(digits, radix: radix) else { throw tooLargeOrInvalid(token) }
            return .integer(value)
        }
        let isDecimal = body.contains(".") || body.contains("e") || body.contains("E")
        let digits = try withoutUnderscores(body, token: token)
        let integerPart = digits.prefix { $0 != "." && $0 != "e" && $0 != "E" }
        if integerPart.count > 1, integerPart.hasPrefix("0") {
            throw TOMLSyntaxError("\(token) has a leading zero", allowed: "a number without leading zeros")
        }
        if isDecimal {
            guard isDecimalShape(digits), let value = Double(sign + digits) else {
                throw TOMLSyntaxError("\(token) is not a valid number", allowed: "a decimal such as 1.5 or 2e3")
            }
            return .float(value)
        }
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw TOMLSyntaxError("\(token) is not a valid number", allowed: "a whole number such as 42")
        }
        guard let value = Int64(sign + digits) else { throw tooLargeOrInvalid(token) }
        return .integer(value)
    }

    /// Whether `token` starts like a date (`2024-07-13`), which this subset
    /// does not read.
    static func looksLikeDate(_ token: String) -> Bool {
        let scalars = Array(token.unicodeScalars)
        guard scalars.count >= 10 else { return false }
        return scalars[0..<4].allSatisfy { ("0"..."9").contains($0) } && scalars[4] == "-"
    }

    private static func radix(of letter: Character) -> Int? {
        switch letter {
        case "x": 16
        case "o": 8
        case "b": 2
        default: nil
        }
    }

    /// `digits` without its underscores, each of which must sit between two
    /// digits.
    private static func withoutUnderscores(_ digits: Substring, token: String) throws -> String {
        let characters = Array(digits)
        for (position, character) in characters.enumerated() where character == "_" {
            let before = position > 0 ? characters[position - 1] : nil
            let after = position + 1 < characters.count ? characters[position + 1] : nil
            guard let before, let after, before.isHexDigit, after.isHexDigit else {
                throw TOMLSyntaxError("\(token) has a _ that is not between two digits", allowed: "1_000 style grouping")
            }
        }
        return String(characters.filter { $0 != "_" })
    }

    /// Digits, then optionally `.` and digits, then optionally `e`, a sign
    /// and digits.
    private static func isDecimalShape(_ text: String) -> Bool {
        var rest = Substring(text)
        func digits() -> Bool {
            let count = rest.prefix { $0.isASCII && $0.isNumber }.count
            rest = rest.dropFirst(count)
            return count > 0
        }
        guard digits() else { return false }
        if rest.first == "." {
            rest = rest.dropFirst()
            guard digits() else { return false }
        }
        if let letter = rest.first, letter == "e" || letter == "E" {
            rest = rest.dropFirst()
            if let sign = rest.first, sign == "+" || sign == "-" { rest = rest.dropFirst() }
            guard digits() else { return false }
        }
        return rest.isEmpty
    }

    private static func tooLargeOrInvalid(_ token: String) -> TOMLSyntaxError {
        TOMLSyntaxError(
            "\(token) is not a whole number that fits in 64 bits",
            allowed: "-9223372036854775808 to 9223372036854775807")
    }
}
