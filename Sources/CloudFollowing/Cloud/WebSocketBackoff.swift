// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Reconnect delays: exponential backoff with full jitter. The n-th failure
/// in a row waits a random time between 0 and min(maximum, initial·2ⁿ⁻¹),
/// so many gateways cut off together do not return together.
struct WebSocketBackoff {
    let initialSeconds: Double
    let maximumSeconds: Double
    let random: @Sendable (ClosedRange<Double>) -> Double
    private(set) var failures = 0

    init(initialSeconds: Double, maximumSeconds: Double, random: @escaping @Sendable (ClosedRange<Double>) -> Double) {
        self.initialSeconds = initialSeconds
        self.maximumSeconds = maximumSeconds
        self.random = random
    }

    /// The delay before the next attempt, counting one more failure.
    mutating func next() -> Double {
        failures += 1
        let ceiling = min(maximumSeconds, initialSeconds * Double(1 << min(failures - 1, 30)))
        return min(ceiling, max(0, random(0...ceiling)))
    }

    /// After a connection that stayed up: start again from the smallest delay.
    mutating func reset() { failures = 0 }
}
