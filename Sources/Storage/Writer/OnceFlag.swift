// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import SystemSupport

/// A flag that can be set once, from any thread.
final class OnceFlag: @unchecked Sendable {
    private let lock = ConditionLock()
    private var isSet = false

    /// Sets the flag; returns true for the call that set it.
    func setOnce() -> Bool {
        lock.withLock {
            defer { isSet = true }
            return !isSet
        }
    }
}
