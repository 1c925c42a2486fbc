// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A parsed JSON document, for the REST clients' tolerant decoding: look up
/// what you need, ignore the rest.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Any number (JSON numbers are read as `Double`).
    case number(Double)
    /// A string with its escapes resolved.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; for a repeated key the last value wins.
    case object([String: JSONValue])

    /// Parses `text` with the default limits of ``JSONParser``.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try JSONParser().parse(Array(text.utf8))
    }

    /// The member `key` of an object; nil for other values or a missing key.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The number, or nil for other values.
    public var doubleValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The number when it is a whole number in `Int64` range (`3.0` counts).
    public var int64Value: Int64? {
        guard case .number(let value) = self, value.rounded(.towardZero) == value,
              value >= -9.2e18, value <= 9.2e18 else { return nil }
        return Int64(value)
    }

    /// The number as `Int` when it is a whole number.
    public var intValue: Int? { int64Value.map { Int($0) } }

    /// The string, or nil for other values.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The Boolean, or nil for other values.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, or nil for other values.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The members, or nil for other values.
    public var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// True for `null`.
    public var isNull: Bool { self == .null }
}
