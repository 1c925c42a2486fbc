// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import MQTT
import MQTTSink
import Synchronization

/// Builds `GatewayPublisher`s on `FakeMQTTClient`s: every client the
/// publisher makes is recorded with the handler of its events, so a test
/// plays the broker (connects, acknowledges, drops the connection).
final class FakeMQTTConnections: Sendable {
    /// One client the publisher made.
    struct Made {
        let client: FakeMQTTClient
        let configuration: MQTTConfiguration
        let events: @Sendable (MQTTEvent) -> Void
    }

    private let made = Mutex<[Made]>([])

    /// The factory to hand the publisher.
    var factory: MQTTConnection.Factory {
        { configuration, events in
            let client = FakeMQTTClient(configuration: configuration)
            self.made.withLock { $0.append(Made(client: client, configuration: configuration, events: events)) }
            return client
        }
    }

    /// The clients made so far, oldest first.
    var all: [Made] { made.withLock { $0 } }

    /// The newest client.
    var current: Made? { all.last }
}
