// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Conversions between protocol-unit values and the scaled integers the
/// schema stores (see `Schema`).
enum FixedPoint {
    /// `value × scale`, rounded; nil for nil, NaN, infinities and values too
    /// large to be real measurements.
    static func encode(_ value: Double?, scale: Double) -> Int64? {
        guard let value, value.isFinite else { return nil }
        let scaled = (value * scale).rounded()
        guard abs(scaled) < 9.0e15 else { return nil }
        return Int64(scaled)
    }

    /// The stored integer back in protocol units.
    static func decode(_ stored: Int64?, scale: Double) -> Double? {
        stored.map { Double($0) / scale }
    }

    static let centi: Double = 100
    static let milli: Double = 1000
    /// Rain: the hub sends six decimals of a millimetre, so rain is kept in
    /// millionths of a millimetre (nanometres); rounding to 0.001 mm would
    /// lose up to 0.7 mm a day summed over every minute.
    static let micro: Double = 1_000_000
}
