// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One value of the TOML subset the configuration file uses: a string, a
/// whole number, a decimal number, a boolean, or an array of these.
public enum TOMLValue: Sendable, Equatable {
    /// A string (basic `"..."` with escapes, or literal `'...'`).
    case string(String)
    /// A whole number (64-bit).
    case integer(Int64)
    /// A decimal number.
    case float(Double)
    /// `true` or `false`.
    case boolean(Bool)
    /// An array of values, written on one line.
    case array([TOMLValue])

    /// The value as TOML text, as it would be written in the file: strings
    /// quoted and escaped, arrays in brackets.
    public var tomlText: String {
        switch self {
        case .string(let text): TOMLValue.quoted(text)
        case .integer(let number): String(number)
        case .float(let number): TOMLValue.floatText(number)
        case .boolean(let flag): flag ? "true" : "false"
        case .array(let values): "[" + values.map(\.tomlText).joined(separator: ", ") + "]"
        }
    }

    /// `text` as a TOML basic string: in double quotes, with `"`, `\` and
    /// control characters escaped.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    private static func floatText(_ number: Double) -> String {
        if number.isNaN { return "nan" }
        if number.isInfinite { return number < 0 ? "-inf" : "inf" }
        // Swift writes "1.0" and "1e+20", both valid TOML.
        return String(number)
    }
}
