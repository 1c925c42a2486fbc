// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A measured value at a time, Unix seconds.
public struct TimedValue: Sendable, Hashable {
    /// When it was measured.
    public var time: Int64
    /// The value.
    public var value: Double

    /// Creates a timed value.
    public init(time: Int64, value: Double) {
        self.time = time
        self.value = value
    }
}
