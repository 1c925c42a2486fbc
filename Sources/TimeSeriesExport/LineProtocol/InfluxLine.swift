// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One point in the InfluxDB line protocol, built field by field:
/// `measurement,tag=value field=1.5 1720850460`.
///
/// Every field is written as a float (InfluxDB fixes a field's type with its
/// first write, so mixing integers and floats across points would refuse
/// some); a missing or non-finite value is left out, never written as 0.
/// Timestamps are whole seconds (the URL says `precision=s`).
public struct InfluxLine: Sendable {
    private var head: String
    private var fields = ""

    /// A point of `measurement` with `tags` in the given order (keys sorted
    /// by the caller, as InfluxDB prefers).
    public init(measurement: String, tags: [(key: String, value: String)]) {
        head = Self.escaped(measurement, also: [])
        for tag in tags where !tag.value.isEmpty {
            head += "," + Self.escaped(tag.key, also: ["="]) + "=" + Self.escaped(tag.value, also: ["="])
        }
    }

    /// Adds `key=value` when `value` is known and finite.
    public mutating func add(_ key: String, _ value: Double?) {
        guard let value, value.isFinite else { return }
        if !fields.isEmpty { fields += "," }
        fields += Self.escaped(key, also: ["="]) + "=" + Self.number(value)
    }

    /// Adds `key=value` when `value` is known.
    public mutating func add(_ key: String, _ value: Int?) {
        add(key, value.map(Double.init))
    }

    /// Whether no field was added (such a point cannot be written).
    public var isEmpty: Bool { fields.isEmpty }

    /// The line, without its newline, stamped `timestampSeconds`; nil when
    /// it has no field.
    public func text(timestampSeconds: Int64) -> String? {
        isEmpty ? nil : head + " " + fields + " " + String(timestampSeconds)
    }

    /// A float as the protocol reads it: the shortest text that reads back
    /// to the same value (`21.5`, `1013.25`, `0.0`, `1e-06`).
    static func number(_ value: Double) -> String {
        value == 0 ? "0.0" : value.description
    }

    /// `text` with commas, spaces and `also` escaped by a backslash; line
    /// breaks (which would end the point) become escaped spaces, and a
    /// backslash (which engines read differently, and which would escape
    /// the separator after a trailing one) becomes `/`.
    static func escaped(_ text: String, also extra: [Character]) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "\n", "\r": result += "\\ "
            case "\\": result += "/"
            case ",", " ": result += "\\" + String(character)
            default:
                if extra.contains(character) { result += "\\" + String(character) } else { result.append(character) }
            }
        }
        return result
    }
}
