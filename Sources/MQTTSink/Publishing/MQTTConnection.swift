// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import MQTT

/// A client the publisher supervises: `MQTTPublishing` plus its lifecycle.
/// `MQTTClient` is the one the gateway uses; tests build the whole
/// publisher on a fake, through a ``MQTTConnection/Factory``, to test the
/// facade's rules (which client's events count, the outbox after a
/// reconnect, acknowledgements back to the store) without a broker.
public protocol MQTTConnection: MQTTPublishing {
    /// Makes a client for a configuration (with the last will already set)
    /// whose events go to the handler.
    typealias Factory = @Sendable (MQTTConfiguration, @escaping @Sendable (MQTTEvent) -> Void) throws -> any MQTTConnection

    /// What the client connects with.
    var configuration: MQTTConfiguration { get }
    /// Connects in the background; a broker that is down is retried.
    func start() throws
    /// Starts again after a failure that ended the client's own retries.
    func restart() throws
    /// Disconnects cleanly (no last will) and ends the client's thread.
    func stop()
}

extension MQTTClient: MQTTConnection {
    /// The gateway's clients: libmosquitto's.
    public static let factory: MQTTConnection.Factory = { try MQTTClient(configuration: $0, handler: $1) }
}
