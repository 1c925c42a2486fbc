// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// How full the outbox is.
public struct OutboxDepth: Sendable, Equatable {
    /// Messages waiting.
    public var messages: Int
    /// Their payload bytes.
    public var bytes: Int

    /// Creates a depth value.
    public init(messages: Int, bytes: Int) {
        self.messages = messages
        self.bytes = bytes
    }
}
