// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Bounds on the outbox; above them rapid-wind messages are shed.
public struct OutboxLimits: Sendable, Equatable {
    /// Most messages held.
    public var maximumMessages: Int
    /// Most payload bytes held.
    public var maximumBytes: Int

    /// Creates limits (defaults: 100,000 messages, 64 MiB of payload).
    public init(maximumMessages: Int = 100_000, maximumBytes: Int = 64 << 20) {
        self.maximumMessages = maximumMessages
        self.maximumBytes = maximumBytes
    }
}
