// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Why a WebSocket text could not be decoded. The follower counts it and
/// goes on with the next message; nothing good is lost.
public struct LiveMessageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong, for callers to match.
    public enum Code: Sendable, Equatable {
        /// Not JSON at all (or too large or too deep for the parser).
        case notJSON
        /// JSON, but not an object with a string `type`.
        case notAMessage
        /// A field the type needs is absent.
        case missingField
        /// A field has the wrong JSON type (a string for a number...).
        case wrongType
        /// A field has the right type but an unusable value: an array too
        /// short, a number out of range, a serial that is no serial.
        case badValue
        /// Device data for a `device_id` that is not followed and carries no
        /// `serial_number`.
        case unknownDevice
    }

    /// What was wrong.
    public var code: Code
    /// Which field and why, in words (never the message text itself).
    public var reason: String

    /// Makes one.
    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    /// The reason.
    public var description: String { reason }
}
