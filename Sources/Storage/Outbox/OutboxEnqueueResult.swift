// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// What enqueuing one message did.
public struct OutboxEnqueueResult: Sendable, Equatable {
    /// The id of the stored message; nil when the message itself was shed.
    public var id: Int64?
    /// How many older rapid-wind messages were deleted to make room (the new
    /// one included when it was shed itself).
    public var shedCount: Int
}
