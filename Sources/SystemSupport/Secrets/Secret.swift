// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A password, token or key. It prints as `<redacted>` everywhere
/// (descriptions, string interpolation, logs, `dump` and debuggers'
/// mirrors), so it cannot leak by accident; only `withValue` reveals it,
/// for the one call that needs it.
public struct Secret: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    private let value: String

    /// Wraps a secret value.
    public init(_ value: String) {
        self.value = value
    }

    /// Calls `body` with the value.
    public func withValue<Result>(_ body: (String) throws -> Result) rethrows -> Result {
        try body(value)
    }

    /// Whether the value is empty.
    public var isEmpty: Bool { value.isEmpty }

    /// Always `<redacted>`.
    public var description: String { "<redacted>" }
    /// Always `<redacted>`.
    public var debugDescription: String { "<redacted>" }
    /// No children: `dump` would otherwise print the stored value.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
