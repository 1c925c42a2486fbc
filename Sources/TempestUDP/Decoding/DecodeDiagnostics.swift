// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Noteworthy facts about an accepted message. Nothing here rejects it.
public struct DecodeDiagnostics: Hashable, Sendable {
    /// A value the range policy replaced with "missing".
    public struct RangeViolation: Hashable, Sendable, CustomStringConvertible {
        /// The canonical snake_case field name.
        public var field: String
        /// The value as sent.
        public var value: Double

        /// Creates a record of a discarded value.
        public init(field: String, value: Double) {
            self.field = field
            self.value = value
        }

        public var description: String { "\(field)=\(value)" }
    }

    /// The serial's two-letter prefix does not fit the message type (for
    /// example `HB-` on `obs_st`). The data is kept.
    public var hasUnexpectedSerialPrefix = false
    /// Values outside physical bounds, now missing.
    public var rangeViolations: [RangeViolation] = []

    /// No diagnostics.
    public init() {}
}
