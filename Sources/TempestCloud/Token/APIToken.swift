// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A WeatherFlow personal access token (or OAuth access token).
///
/// The value is only reachable through ``withValue(_:)`` so it cannot end up
/// in string interpolation, `print`, `dump` or a log line by accident: every
/// description is `<redacted>`.
public struct APIToken: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    private let value: String

    /// Wraps a token; nil when it is empty or contains whitespace or control
    /// characters (which would break or inject into the HTTP header).
    public init?(_ value: String) {
        guard !value.isEmpty, value.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }) else { return nil }
        self.value = value
    }

    /// Runs `body` with the token text, e.g. to build a header.
    public func withValue<Result>(_ body: (String) throws -> Result) rethrows -> Result {
        try body(value)
    }

    /// Always `<redacted>`.
    public var description: String { "<redacted>" }
    /// Always `<redacted>`.
    public var debugDescription: String { "<redacted>" }
    /// Hides the value from `dump` and debuggers' mirrors.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
