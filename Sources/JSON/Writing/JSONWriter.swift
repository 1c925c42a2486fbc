// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Builds compact JSON text without Foundation. Callers write members in the
/// order they want them to appear; the writer handles commas and escaping.
///
/// ```swift
/// var json = JSONWriter()
/// json.beginObject()
/// json.member("type", "obs_st")
/// json.member("wind_avg", 3.1)
/// json.endObject()
/// print(json.text)  // {"type":"obs_st","wind_avg":3.1}
/// ```
public struct JSONWriter: Sendable {
    /// The JSON written so far.
    public private(set) var text = ""
    private var needsComma = false

    /// An empty writer.
    public init() {}

    /// Hands over the JSON written so far and forgets it, keeping the
    /// writer's place (the next member still gets its comma): for writing a
    /// long document out in pieces instead of holding it whole.
    public mutating func takeText() -> String {
        defer { text = "" }
        return text
    }

    /// Opens an object (as a value or as an array element).
    public mutating func beginObject() {
        separate()
        text += "{"
        needsComma = false
    }

    /// Closes the innermost object.
    public mutating func endObject() {
        text += "}"
        needsComma = true
    }

    /// Opens an array.
    public mutating func beginArray() {
        separate()
        text += "["
        needsComma = false
    }

    /// Closes the innermost array.
    public mutating func endArray() {
        text += "]"
        needsComma = true
    }

    /// Writes a member name; the next value written belongs to it.
    public mutating func key(_ name: String) {
        separate()
        appendQuoted(name)
        text += ":"
        needsComma = false
    }

    /// Writes a string value, or `null`.
    public mutating func value(_ string: String?) {
        separate()
        if let string { appendQuoted(string) } else { text += "null" }
        needsComma = true
    }

    /// Writes a number value, or `null` (also for a non-finite double,
    /// which JSON cannot carry).
    public mutating func value(_ number: Double?) {
        separate()
        if let number, number.isFinite { text += JSONWriter.format(number) } else { text += "null" }
        needsComma = true
    }

    /// Writes an integer value, or `null`.
    public mutating func value(_ integer: Int64?) {
        separate()
        if let integer { text += String(integer) } else { text += "null" }
        needsComma = true
    }

    /// Writes a boolean value, or `null`.
    public mutating func value(_ bool: Bool?) {
        separate()
        if let bool { text += bool ? "true" : "false" } else { text += "null" }
        needsComma = true
    }

    /// Writes pre-encoded JSON as a value (it is not checked).
    public mutating func rawValue(_ json: String) {
        separate()
        text += json
        needsComma = true
    }

    /// `key(name)` then `value(string)`.
    public mutating func member(_ name: String, _ string: String?) {
        key(name)
        value(string)
    }

    /// `key(name)` then `value(number)`.
    public mutating func member(_ name: String, _ number: Double?) {
        key(name)
        value(number)
    }

    /// `key(name)` then `value(integer)`.
    public mutating func member(_ name: String, _ integer: Int64?) {
        key(name)
        value(integer)
    }

    /// `key(name)` then `value(bool)`.
    public mutating func member(_ name: String, _ bool: Bool?) {
        key(name)
        value(bool)
    }

    /// The shortest text that reads back as the same double; integral
    /// values keep no fraction (`5.0` is written `5`), since JSON has one
    /// number type.
    public static func format(_ number: Double) -> String {
        if number == number.rounded(.towardZero) && abs(number) < 1e15 {
            return String(Int64(number))
        }
        return number.description
    }

    private mutating func separate() {
        if needsComma { text += "," }
    }

    private mutating func appendQuoted(_ string: String) {
        text += "\""
        // Names and values almost never hold a character to escape: one
        // append then, instead of one per character (a tenth of the CPU of a
        // burst of datagrams went to the loop below).
        if string.utf8.contains(where: JSONWriter.needsEscape) {
            appendEscaped(string)
        } else {
            text += string
        }
        text += "\""
    }

    /// Whether a UTF-8 byte must be escaped: a quote, a backslash or a
    /// control character. Bytes of multi-byte characters never are.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
    }

    private mutating func appendEscaped(_ string: String) {
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case let control where control.value < 0x20 || control.value == 0x7F:
                let hex = String(control.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                text.unicodeScalars.append(scalar)
            }
        }
    }
}
