// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// `evt_precip`: the rain sensor detected the start of rain. It is an edge,
/// not a level: "raining now" comes from per-minute rain in observations.
public struct RainStartEvent: Hashable, Sendable {
    /// Sender and relaying hub.
    public var envelope: MessageEnvelope
    /// When the rain started.
    public var timestamp: UnixTimestamp

    /// Creates an event.
    public init(envelope: MessageEnvelope, timestamp: UnixTimestamp) {
        self.envelope = envelope
        self.timestamp = timestamp
    }
}
