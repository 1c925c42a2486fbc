// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Synchronization

/// A value shared between the test and the follower's thread.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) { mutex = Mutex(value) }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result { mutex.withLock { body(&$0) } }
}
