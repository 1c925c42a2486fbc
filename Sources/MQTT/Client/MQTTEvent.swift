// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// What happens on the connection, reported from libmosquitto's network thread.
public enum MQTTEvent: Sendable, Equatable {
    /// Connected (or reconnected); `sessionPresent` when the broker kept a session.
    case connected(sessionPresent: Bool)
    /// A connection attempt failed; the client retries by itself.
    case connectionFailed(MQTTError)
    /// The connection was lost (nil error: a clean disconnect we asked for).
    case disconnected(MQTTError?)
    /// The broker acknowledged message `messageID` (PUBACK for QoS 1, sent for QoS 0).
    case published(messageID: Int32)
    /// A message arrived on a subscription.
    case message(topic: String, payload: [UInt8], retained: Bool)
}
