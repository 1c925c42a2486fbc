// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One value of an observation row as its field table reads it: a number,
/// or a count or code (a precipitation type is its code). Lets code that
/// copies rows field by field (store records, daily-summary samples, derived
/// inputs) convert each value once, in one place.
public enum ObservationValue: Hashable, Sendable {
    /// A measured number.
    case number(Double)
    /// A count or code.
    case integer(Int64)

    /// The value as a number (a count converted).
    public var number: Double {
        switch self {
        case .number(let number): number
        case .integer(let integer): Double(integer)
        }
    }

    /// The value as a count or code; nil for a number that is not whole or
    /// does not fit.
    public var integer: Int64? {
        switch self {
        case .number(let number): Int64(exactly: number)
        case .integer(let integer): integer
        }
    }
}
