// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
@testable import MQTT
import Synchronization
import SystemSupport
import Testing
import TempestTestKit

/// The libmosquitto wrapper against a real mosquitto broker on loopback.
@Suite("MQTT client", .serialized)
struct MQTTClientTests {
    /// Collects events from the client's network thread.
    final class Events: Sendable {
        let list = Mutex<[MQTTEvent]>([])
        func add(_ event: MQTTEvent) { list.withLock { $0.append($0.count < 10_000 ? event : event) } }
        var all: [MQTTEvent] { list.withLock { $0 } }

        /// Waits up to `seconds` for an event matching `predicate`.
        func waitFor(_ seconds: Double, _ predicate: (MQTTEvent) -> Bool) -> MQTTEvent? {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if let match = all.first(where: predicate) { return match }
                usleep(10_000)
            }
            return all.first(where: predicate)
        }
    }

    func client(_ configuration: MQTTConfiguration) throws -> (MQTTClient, Events) {
        let events = Events()
        let client = try MQTTClient(configuration: configuration) { events.add($0) }
        return (client, events)
    }

    /// A client of `broker`, started and connected, that retries a lost
    /// connection after 1 s and at most `maximumRetryDelaySeconds` apart.
    func connectedClient(
        of broker: MosquittoBroker, clientID: String, maximumRetryDelaySeconds: UInt32
    ) throws -> (MQTTClient, Events) {
        var configuration = MQTTConfiguration(host: "127.0.0.1", port: Int32(broker.port), clientID: clientID)
        configuration.reconnectDelaySeconds = 1
        configuration.reconnectDelayMaximumSeconds = maximumRetryDelaySeconds
        let (client, events) = try client(configuration)
        try client.start()
        #expect(client.waitUntilConnected(seconds: 10))
        return (client, events)
    }

    /// A `mosquitto_sub` that prints what it receives on `topic`.
    func subscriber(port: UInt16, topic: String, count: Int, extra: [String] = []) throws -> ChildProcess {
        let child = try ChildProcess(
            executable: "/usr/bin/mosquitto_sub",
            arguments: ["-h", "127.0.0.1", "-p", String(port), "-t", topic, "-C", String(count), "-v", "-W", "20"] + extra)
        try child.start()
        return child
    }

    @Test("connects, publishes QoS 1, gets the acknowledgement, and a subscriber receives it")
    func publishAcknowledged() throws {
        let broker = try MosquittoBroker()
        let receiver = try subscriber(port: broker.port, topic: "tempest/test", count: 1)
        usleep(300_000)
        let (client, events) = try client(MQTTConfiguration(host: "127.0.0.1", port: Int32(broker.port), clientID: "test-publish"))
        try client.start()
        #expect(client.waitUntilConnected(seconds: 10))
        let messageID = try client.publish(topic: "tempest/test", text: "21.5", qos: 1)
        #expect(events.waitFor(10) { $0 == .published(messageID: messageID) } != nil)
        let received = try receiver.wait(timeoutSeconds: 20)
        #expect(received.standardOutput == "tempest/test 21.5\n")
        client.stop()
        #expect(events.waitFor(5) { $0 == .disconnected(nil) } != nil)
    }

    @Test("MQTT 3.1.1 works too")
    func mqtt311() throws {
        let broker = try MosquittoBroker()
        var configuration = MQTTConfiguration(host: "127.0.0.1", port: Int32(broker.port), clientID: "test-311")
        configuration.protocolVersion = .v311
        let (client, events) = try client(configuration)
        try client.start()
        #expect(client.waitUntilConnected(seconds: 10))
        let messageID = try client.publish(topic: "tempest/v311", text: "x")
        #expect(events.waitFor(10) { $0 == .published(messageID: messageID) } != nil)
        client.stop()
    }

    @Test("the right password connects; a wrong one is 'credentials rejected', and never echoed")
    func credentials() throws {
        let broker = try MosquittoBroker(users: [.init(name: "gateway", password: "correct horse")])
        var good = MQTTConfiguration(host: "127.0.0.1", port: Int32(broker.port), clientID: "test-good")
        good.username = "gateway"
        good.password = Secret("correct horse")
        let (goodClient, _) = try client(good)
        try goodClient.start()
        #expect(goodClient.waitUntilConnected(seconds: 10))
        goodClient.stop()

        for version in [MQTTConfiguration.ProtocolVersion.v5, .v311] {
            var bad = good
            bad.clientID = "test-bad-\(version.rawValue)"
            bad.password = Secret("battery staple")
            bad.protocolVersion = version
            let (badClient, events) = try client(bad)
            try badClient.start()
            let failure = events.waitFor(10) { if case .connectionFailed = $0 { true } else { false } }
            guard case .connectionFailed(let error) = failure else {
                Issue.record("no connection failure reported for MQTT \(version)")
                continue
            }
            #expect(error.kind == .credentialsRejected, "\(error)")
            #expect(error.description.contains("refused the user name and password"), "\(error)")
            #expect(error.description.contains("code"))
            #expect(!error.description.contains("battery staple"))
            #expect(!badClient.isConnected)
            badClient.stop()
        }
    }

    @Test("TLS with the test CA connects; an unrelated CA is a TLS failure that says why")
    func tls() throws {
        let certificates = try TestCertificates()
        let broker = try MosquittoBroker(tls: certificates)
        let tlsPort = try #require(broker.tlsPort)
        var trusted = MQTTConfiguration(host: "localhost", port: Int32(tlsPort), clientID: "test-tls")
        trusted.tls = .init(caFile: certificates.caCertificate)
        let (goodClient, goodEvents) = try client(trusted)
        try goodClient.start()
        #expect(goodClient.waitUntilConnected(seconds: 10), "\(goodEvents.all)")
        goodClient.stop()

        var untrusted = trusted
        untrusted.clientID = "test-tls-wrong-ca"
        untrusted.tls = .init(caFile: certificates.unrelatedCACertificate)
        let (badClient, events) = try client(untrusted)
        try badClient.start()
        let failure = events.waitFor(10) { if case .connectionFailed = $0 { true } else { false } }
        guard case .connectionFailed(let error) = failure else {
            Issue.record("no TLS failure reported: \(events.all) log: \(broker.log.suffix(600))")
            return
        }
        #expect(error.kind == .tls, "\(error)")
        #expect(error.description.lowercased().contains("certificate verify failed"), "\(error)")
        badClient.stop()
    }

    @Test("a closed port is 'connection refused'; an unknown host is 'could not resolve'")
    func unreachable() throws {
        let closedPort = try FreePort.tcp()
        let (refused, refusedEvents) = try client(MQTTConfiguration(host: "127.0.0.1", port: Int32(closedPort), clientID: "test-refused"))
        try refused.start()
        let failure = refusedEvents.waitFor(10) { if case .connectionFailed = $0 { true } else { false } }
        guard case .connectionFailed(let error) = failure else {
            Issue.record("no failure reported: \(refusedEvents.all)")
            return
        }
        #expect(error.kind == .connectionRefused, "\(error)")
        refused.stop()

        let (unknown, unknownEvents) = try client(
            MQTTConfiguration(host: "no-such-broker.invalid", port: 1883, clientID: "test-unknown"))
        try unknown.start()
        let unresolved = unknownEvents.waitFor(10) { if case .connectionFailed = $0 { true } else { false } }
        guard case .connectionFailed(let resolveError) = unresolved else {
            Issue.record("no failure reported: \(unknownEvents.all)")
            return
        }
        #expect(resolveError.kind == .nameNotResolved, "\(resolveError)")
        #expect(resolveError.description.contains("no-such-broker.invalid"))
        unknown.stop()
    }

    @Test("a broker restart: disconnected, then reconnected by itself; publishing while down says not connected")
    func reconnects() throws {
        let broker = try MosquittoBroker()
        let (client, events) = try connectedClient(of: broker, clientID: "test-reconnect", maximumRetryDelaySeconds: 2)
        broker.stop()
        #expect(events.waitFor(10) { if case .disconnected(.some) = $0 { true } else { false } } != nil)
        #expect(throws: MQTTError.self) { try client.publish(topic: "tempest/down", text: "x") }
        try broker.start()
        #expect(client.waitUntilConnected(seconds: 15))
        let messageID = try client.publish(topic: "tempest/up", text: "back")
        #expect(events.waitFor(10) { $0 == .published(messageID: messageID) } != nil)
        #expect(events.all.filter { if case .connected = $0 { true } else { false } }.count >= 2)
        client.stop()
    }

    @Test("libmosquitto formats no log line for us while connected, and does again for a reconnection")
    func noLogLinesWhileConnected() throws {
        let broker = try MosquittoBroker()
        let (client, events) = try connectedClient(of: broker, clientID: "test-log-lines", maximumRetryDelaySeconds: 1)
        let whileConnecting = client.context.logLineCount
        #expect(whileConnecting > 0, "the CONNECT and CONNACK lines were logged")
        var lastID: Int32 = 0
        for index in 0..<100 { lastID = try client.publish(topic: "tempest/log", text: "\(index)", qos: 1) }
        #expect(events.waitFor(10) { $0 == .published(messageID: lastID) } != nil)
        #expect(client.context.logLineCount == whileConnecting, "100 PUBLISH and PUBACK packets, no line")
        broker.stop()
        #expect(events.waitFor(10) { if case .disconnected(.some) = $0 { true } else { false } } != nil)
        try broker.start()
        #expect(client.waitUntilConnected(seconds: 15))
        let reconnected = client.context.logLineCount
        #expect(reconnected > whileConnecting, "the new CONNECT was logged")
        let again = try client.publish(topic: "tempest/log", text: "again", qos: 1)
        #expect(events.waitFor(10) { $0 == .published(messageID: again) } != nil)
        #expect(client.context.logLineCount == reconnected)
        client.stop()
    }

    @Test("a broker that is down at start: the client keeps trying and connects once it comes up")
    func brokerDownAtStart() throws {
        let broker = try MosquittoBroker()
        broker.stop()
        var configuration = MQTTConfiguration(host: "127.0.0.1", port: Int32(broker.port), clientID: "test-late-broker")
        configuration.reconnectDelaySeconds = 1
        configuration.reconnectDelayMaximumSeconds = 2
        let (client, events) = try client(configuration)
        try client.start()
        #expect(events.waitFor(5) { if case .connectionFailed = $0 { true } else { false } } != nil)
        usleep(1_500_000)
        try broker.start()
        #expect(client.waitUntilConnected(seconds: 20), "\(events.all)")
        client.stop()
    }

    @Test("after a rejected password, restart() tries again and succeeds once the password is fixed on the broker")
    func restartAfterRejection() throws {
        let broker = try MosquittoBroker(users: [.init(name: "gateway", password: "new password")])
        var configuration = MQTTConfiguration(host: "127.0.0.1", port: Int32(broker.port), clientID: "test-restart")
        configuration.username = "gateway"
        configuration.password = Secret("new password")
        let (client, events) = try client(configuration)
        try client.start()
        #expect(client.waitUntilConnected(seconds: 10), "\(events.all)")
        client.stop()
        // restart() on a stopped client connects again.
        try client.restart()
        #expect(client.waitUntilConnected(seconds: 10), "\(events.all)")
        client.stop()
    }

    @Test("the last will is published when the client vanishes without disconnecting")
    func lastWill() throws {
        let broker = try MosquittoBroker()
        let watcher = try subscriber(port: broker.port, topic: "tempest/status", count: 2)
        usleep(300_000)
        // A child process that connects with a will, publishes "online", and is then killed.
        let child = try ChildProcess(
            executable: "/usr/bin/mosquitto_sub",
            arguments: [
                "-h", "127.0.0.1", "-p", String(broker.port), "-t", "ignored", "-i", "will-test", "-k", "5",
                "--will-topic", "tempest/status", "--will-payload", "offline", "--will-retain", "--will-qos", "1",
            ])
        try child.start()
        usleep(500_000)
        let (client, events) = try client(MQTTConfiguration(host: "127.0.0.1", port: Int32(broker.port), clientID: "test-online"))
        try client.start()
        #expect(client.waitUntilConnected(seconds: 10))
        let messageID = try client.publish(topic: "tempest/status", text: "online", retain: true)
        // Only once the broker has "online" may the other client vanish, or
        // the will could overtake it.
        #expect(events.waitFor(10) { $0 == .published(messageID: messageID) } != nil)
        child.send(signal: SIGKILL)
        let seen = try watcher.wait(timeoutSeconds: 20)
        #expect(seen.standardOutput == "tempest/status online\ntempest/status offline\n", "\(broker.log)")
        client.stop()
    }

    @Test("our own will is registered: killing a client process makes the broker send it")
    func ownWill() throws {
        // Exercised end to end by the gateway's tests once it publishes;
        // here we check the configuration is accepted and a clean stop does
        // not trigger the will.
        let broker = try MosquittoBroker()
        let watcher = try subscriber(port: broker.port, topic: "tempest/gateway/status", count: 1, extra: ["-W", "3"])
        usleep(300_000)
        var configuration = MQTTConfiguration(host: "127.0.0.1", port: Int32(broker.port), clientID: "test-will")
        configuration.will = .init(topic: "tempest/gateway/status", payload: "offline")
        let (client, _) = try client(configuration)
        try client.start()
        #expect(client.waitUntilConnected(seconds: 10))
        client.stop()
        let seen = try watcher.wait(timeoutSeconds: 20)
        #expect(seen.standardOutput.isEmpty, "a clean disconnect must not publish the will")
    }

    /// What a subscriber whose connection was down receives after it comes
    /// back with the same client id: it subscribes to `tempest/queued` at
    /// QoS 1, disconnects cleanly, a message is published meanwhile, and a
    /// new client with the same id connects. Returns the connect event and
    /// whether the message arrived within `wait` seconds.
    func messageWhileAway(
        version: MQTTConfiguration.ProtocolVersion, persistent: Bool, brokerDownAtStart: Bool = false, wait: Double
    ) throws -> (connected: MQTTEvent?, received: Bool) {
        let broker = try MosquittoBroker()
        if brokerDownAtStart { broker.stop() }
        var configuration = MQTTConfiguration(
            host: "127.0.0.1", port: Int32(broker.port), clientID: "test-session-\(version.rawValue)-\(persistent)")
        configuration.protocolVersion = version
        configuration.persistentSession = persistent
        configuration.sessionExpirySeconds = 300
        configuration.reconnectDelaySeconds = 1
        configuration.reconnectDelayMaximumSeconds = 2
        let (first, firstEvents) = try client(configuration)
        try first.start()
        if brokerDownAtStart {
            #expect(firstEvents.waitFor(5) { if case .connectionFailed = $0 { true } else { false } } != nil)
            try broker.start()
        }
        #expect(first.waitUntilConnected(seconds: 20), "\(firstEvents.all)")
        try first.subscribe(topic: "tempest/queued", qos: 1)
        let (publisher, publisherEvents) = try client(
            MQTTConfiguration(host: "127.0.0.1", port: Int32(broker.port), clientID: "test-session-publisher"))
        try publisher.start()
        #expect(publisher.waitUntilConnected(seconds: 10))
        // The subscription is in place once a probe arrives.
        let probe = MQTTEvent.message(topic: "tempest/queued", payload: Array("probe".utf8), retained: false)
        for _ in 0..<20 where firstEvents.waitFor(0.5, { $0 == probe }) == nil {
            try publisher.publish(topic: "tempest/queued", text: "probe")
        }
        #expect(firstEvents.all.contains(probe))
        first.stop()
        #expect(firstEvents.waitFor(5) { $0 == .disconnected(nil) } != nil)

        let messageID = try publisher.publish(topic: "tempest/queued", text: "while away", qos: 1)
        #expect(publisherEvents.waitFor(10) { $0 == .published(messageID: messageID) } != nil)
        publisher.stop()

        let (second, secondEvents) = try client(configuration)
        try second.start()
        #expect(second.waitUntilConnected(seconds: 10), "\(secondEvents.all)")
        let away = MQTTEvent.message(topic: "tempest/queued", payload: Array("while away".utf8), retained: false)
        let received = secondEvents.waitFor(wait) { $0 == away } != nil
        second.stop()
        return (secondEvents.all.first { if case .connected = $0 { true } else { false } }, received)
    }

    @Test("a persistent MQTT 5 session (clean start off, session expiry) gets QoS 1 messages published while it was away")
    func persistentSessionV5() throws {
        let result = try messageWhileAway(version: .v5, persistent: true, wait: 10)
        #expect(result.connected == .connected(sessionPresent: true))
        #expect(result.received)
    }

    @Test("a persistent MQTT 3.1.1 session (clean session off) gets QoS 1 messages published while it was away")
    func persistentSessionV311() throws {
        let result = try messageWhileAway(version: .v311, persistent: true, wait: 10)
        #expect(result.connected == .connected(sessionPresent: true))
        #expect(result.received)
    }

    @Test("without a persistent session nothing published while away arrives, on MQTT 5 and 3.1.1")
    func cleanSession() throws {
        for version in [MQTTConfiguration.ProtocolVersion.v5, .v311] {
            let result = try messageWhileAway(version: version, persistent: false, wait: 2)
            #expect(result.connected == .connected(sessionPresent: false), "MQTT \(version)")
            #expect(!result.received, "MQTT \(version)")
        }
    }

    @Test("a persistent MQTT 5 client whose broker is down at start keeps retrying with its session expiry")
    func persistentSessionBrokerDownAtStart() throws {
        let result = try messageWhileAway(version: .v5, persistent: true, brokerDownAtStart: true, wait: 10)
        #expect(result.connected == .connected(sessionPresent: true))
        #expect(result.received)
    }

    @Test("stopping a persistent MQTT 5 client at once, while its first connect may still run, is safe")
    func persistentSessionStopAtOnce() throws {
        let broker = try MosquittoBroker()
        var configuration = MQTTConfiguration(host: "127.0.0.1", port: Int32(broker.port), clientID: "test-session-stop")
        configuration.persistentSession = true
        for _ in 0..<20 {
            let (client, _) = try client(configuration)
            try client.start()
            client.stop()
        }
        let (client, _) = try client(configuration)
        try client.start()
        #expect(client.waitUntilConnected(seconds: 10))
        client.stop()
    }

    @Test("stopping a client that keeps retrying a closed port returns, whenever the stop comes")
    func stopWhileRetrying() throws {
        let closedPort = try FreePort.tcp()
        var configuration = MQTTConfiguration(host: "127.0.0.1", port: Int32(closedPort), clientID: "test-stop-retrying")
        // Retrying at once keeps the network thread reconnecting most of
        // the time, where libmosquitto 2.0.11 can miss a disconnect.
        configuration.reconnectDelaySeconds = 0
        configuration.reconnectDelayMaximumSeconds = 0
        for attempt in 0..<40 {
            let (client, _) = try client(configuration)
            try client.start()
            usleep(UInt32(attempt % 8) * 5_000)
            let stopped = Stopper(client)
            guard stopped.wait(seconds: 10) else {
                Issue.record("stop() did not return within 10 s (attempt \(attempt))")
                return  // the stuck thread is left behind; the test has failed
            }
        }
    }

    /// Calls `stop()` on a thread of its own, so that a stop that never
    /// returns fails the test instead of hanging it.
    final class Stopper: @unchecked Sendable {
        private let client: MQTTClient
        private let done = Mutex(false)

        init(_ client: MQTTClient) {
            self.client = client
            let job = Unmanaged.passRetained(self).toOpaque()
            var thread = pthread_t()
            let started = pthread_create(&thread, nil, { raw in
                let stopper = Unmanaged<Stopper>.fromOpaque(raw!).takeRetainedValue()
                stopper.client.stop()
                stopper.done.withLock { $0 = true }
                return nil
            }, job)
            if started == 0 { pthread_detach(thread) } else { Unmanaged<Stopper>.fromOpaque(job).release() }
        }

        func wait(seconds: Double) -> Bool {
            for _ in 0..<Int(seconds * 100) where !done.withLock({ $0 }) { usleep(10_000) }
            return done.withLock { $0 }
        }
    }
}
