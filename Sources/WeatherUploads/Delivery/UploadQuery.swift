// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The query string of an upload: `name=value` pairs in the order they are
/// added, percent-encoded, with a value the gateway does not have left out
/// (a service would take a 0 for a measurement).
struct UploadQuery: Sendable {
    /// The pairs so far, encoded, joined by `&`.
    private(set) var text = ""

    /// An empty query.
    init() {}

    /// Adds `name=value`, the value percent-encoded.
    mutating func add(_ name: String, _ value: String) {
        if !text.isEmpty { text += "&" }
        text += Self.encode(name) + "=" + Self.encode(value)
    }

    /// Adds `name` with `value` written with exactly `decimals` places
    /// (`68.0`, `0.005`); nothing when `value` is nil or not finite.
    mutating func add(_ name: String, _ value: Double?, decimals: Int) {
        guard let value, value.isFinite else { return }
        add(name, Self.fixed(value, decimals: decimals))
    }

    /// Adds `name` with `value` times `scale`, rounded to a whole number
    /// (Weathercloud's tenths); nothing when `value` is nil or not finite.
    mutating func add(_ name: String, _ value: Double?, scaledBy scale: Double) {
        guard let value, value.isFinite else { return }
        add(name, String(Int64((value * scale).rounded())))
    }

    /// `value` rounded to `decimals` places and written with exactly that
    /// many (never `-0.0`): no Foundation formatter, no exponent.
    static func fixed(_ value: Double, decimals: Int) -> String {
        var scale: Int64 = 1
        for _ in 0..<max(0, decimals) { scale *= 10 }
        let scaled = Int64((value * Double(scale)).rounded())
        let sign = scaled < 0 ? "-" : ""
        let magnitude = scaled.magnitude
        let whole = String(magnitude / UInt64(scale))
        guard decimals > 0 else { return sign + whole }
        let fraction = String(magnitude % UInt64(scale))
        return sign + whole + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    /// `text` with everything but RFC 3986's unreserved characters
    /// percent-encoded, and a space as `+`, as the services' own examples
    /// write `dateutc` (`2001-01-01+10%3A32%3A35`).
    static func encode(_ text: String) -> String {
        let hexDigits = Array("0123456789ABCDEF".unicodeScalars)
        var encoded = String.UnicodeScalarView()
        for byte in text.utf8 {
            if isUnreserved(byte) {
                encoded.append(Unicode.Scalar(byte))
            } else if byte == UInt8(ascii: " ") {
                encoded.append("+")
            } else {
                encoded.append("%")
                encoded.append(hexDigits[Int(byte / 16)])
                encoded.append(hexDigits[Int(byte % 16)])
            }
        }
        return String(encoded)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
        }
    }
}
