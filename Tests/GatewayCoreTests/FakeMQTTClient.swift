// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import GatewayCore
import MQTT
import MQTTSink
import Synchronization

/// An MQTT client that records what it is handed instead of sending it, for
/// tests of the publisher's parts without a broker. Message ids count from 1,
/// as libmosquitto's do; `refusing` makes every call throw, as a
/// disconnected client does.
final class FakeMQTTClient: MQTTConnection {
    struct Publication: Equatable {
        var messageID: Int32
        var topic: String
        var payload: String
        var qos: Int32
        var retain: Bool
    }

    struct Refused: Error {}

    private struct Recorded {
        var publications: [Publication] = []
        var subscriptions: [String] = []
        var nextID: Int32 = 1
        var refusing = false
        var starts = 0
        var stopped = false
        var publishingThreads: Set<String> = []
    }

    let configuration: MQTTConfiguration

    init(configuration: MQTTConfiguration = MQTTConfiguration(clientID: "fake")) {
        self.configuration = configuration
    }

    private let recorded = Mutex(Recorded())

    var publications: [Publication] { recorded.withLock { $0.publications } }
    /// The names of the threads that called `publish` (`/proc/thread-self/comm`).
    var publishingThreads: Set<String> { recorded.withLock { $0.publishingThreads } }
    var topics: [String] { publications.map(\.topic) }
    var subscriptions: [String] { recorded.withLock { $0.subscriptions } }
    var refusing: Bool {
        get { recorded.withLock { $0.refusing } }
        set { recorded.withLock { $0.refusing = newValue } }
    }

    var isConnected: Bool { !refusing }

    func publish(topic: String, payload: [UInt8], qos: Int32, retain: Bool) throws -> Int32 {
        try publish(topic: topic, text: String(decoding: payload, as: UTF8.self), qos: qos, retain: retain)
    }

    func publish(topic: String, text: String, qos: Int32, retain: Bool) throws -> Int32 {
        let thread = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
        return try recorded.withLock { recorded in
            recorded.publishingThreads.insert(thread)
            guard !recorded.refusing else { throw Refused() }
            let messageID = recorded.nextID
            recorded.nextID += 1
            recorded.publications.append(
                Publication(messageID: messageID, topic: topic, payload: text, qos: qos, retain: retain))
            return messageID
        }
    }

    func subscribe(topic: String, qos: Int32) throws {
        try recorded.withLock { recorded in
            guard !recorded.refusing else { throw Refused() }
            recorded.subscriptions.append(topic)
        }
    }

    /// How often the publisher started (or restarted) the client.
    var starts: Int { recorded.withLock { $0.starts } }
    /// Whether the publisher stopped the client.
    var stopped: Bool { recorded.withLock { $0.stopped } }

    func start() throws { recorded.withLock { $0.starts += 1 } }
    func restart() throws { recorded.withLock { $0.starts += 1 } }
    func stop() { recorded.withLock { $0.stopped = true } }

    /// Forgets what was recorded so far.
    func clear() {
        recorded.withLock { $0.publications.removeAll() }
    }
}
