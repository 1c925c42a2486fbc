// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A firmware revision: devices send an integer (`129`), the hub a string of
/// digits (`"171"`). Both forms are kept as sent.
public enum FirmwareRevision: Hashable, Sendable, CustomStringConvertible {
    /// Sent as a JSON integer.
    case number(Int64)
    /// Sent as a JSON string.
    case text(String)

    /// The revision as a number, for comparisons; nil for a string that is
    /// not all digits.
    public var numericValue: Int64? {
        switch self {
        case .number(let value): value
        case .text(let text): Int64(text)
        }
    }

    public var description: String {
        switch self {
        case .number(let value): String(value)
        case .text(let text): text
        }
    }
}
