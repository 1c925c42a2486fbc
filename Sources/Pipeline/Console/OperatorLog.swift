// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Plain sentences for the person running the gateway: where it stores,
/// why it stops, what to check when nothing arrives. The library never
/// prints; the executable writes these lines to standard error, and tests
/// collect them.
public struct OperatorLog: Sendable {
    private let write: @Sendable (String) -> Void

    /// A log that hands each line to `write`.
    public init(_ write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// Says one line.
    public func line(_ text: String) {
        write(text)
    }

    /// A log that says nothing.
    public static let silent = OperatorLog { _ in }
}
