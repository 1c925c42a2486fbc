// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import MQTT

/// The calls the publisher's parts make on an MQTT client: publish and
/// subscribe. `MQTTClient` is the one the gateway uses; tests hand the parts
/// a fake that records what they publish, so that the parts' rules (the
/// windows, resending after a reconnect, pending values, availability) are
/// tested without a broker.
public protocol MQTTPublishing: Sendable {
    /// Whether the connection is up.
    var isConnected: Bool { get }
    /// Hands a message to the client; returns its message id (what its
    /// PUBACK names). Throws when the client refuses (not connected).
    func publish(topic: String, payload: [UInt8], qos: Int32, retain: Bool) throws -> Int32
    /// `publish(topic:payload:qos:retain:)` with a text payload.
    func publish(topic: String, text: String, qos: Int32, retain: Bool) throws -> Int32
    /// Subscribes to `topic`.
    func subscribe(topic: String, qos: Int32) throws
}

extension MQTTClient: MQTTPublishing {}
