// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Synchronization

/// A value shared between a test and another thread (a stand-in server's, a follower's).
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    /// Holds `value`.
    public init(_ value: Value) { mutex = Mutex(value) }

    /// Runs `body` with the value, locked.
    public func withLock<Result>(_ body: (inout Value) -> Result) -> Result { mutex.withLock { body(&$0) } }

    /// The value now.
    public var value: Value { mutex.withLock { $0 } }
}
