// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Logging
import MQTT
import ServiceLifecycle
import Storage
import Synchronization
import TempestTestKit
import Testing
@testable import CloudFollowing
@testable import Forecasting
@testable import Gateway
@testable import GatewayCore
@testable import GatewayStatus
@testable import MQTTSink
@testable import Pipeline
@testable import WebPage

/// The publisher against a real broker, driven directly.
@Suite("Gateway publisher", .serialized)
struct GatewayPublisherTests {
    /// A publisher for `broker` at QoS 1 (retained values too: the tests
    /// of the state window need their acknowledgements), storing through `writer`, without
    /// Home Assistant discovery; not started.
    static func publisher(broker: MosquittoBroker, writer: StoreWriter, clientID: String) throws -> GatewayPublisher {
        try GatewayPublisher(
            configuration: MQTTConfiguration(host: "127.0.0.1", port: Int32(broker.port), clientID: clientID),
            layout: TopicLayout(base: "tempest"), discovery: nil, qos: 1, retained: RetainedValuePolicy(qos: 1), inbox: writer.inbox, logger: Logger(label: "test"))
    }

    /// A writer that tells a publisher of its commits, as `run` builds them
    /// (the inbox, the publisher, then the writer), with the publisher's
    /// pump running on its own task (cancel it at the end).
    static func committingPublisher(
        broker: MosquittoBroker, path: String, configuration: StoreWriterConfiguration, clientID: String,
        retained: RetainedValuePolicy = RetainedValuePolicy(qos: 1), observers: [any CommitObserver] = []
    ) throws -> (writer: StoreWriter, publisher: GatewayPublisher, pump: Task<Void, Never>) {
        let inbox = StoreInbox(configuration: configuration, logger: Logger(label: "test"))
        let publisher = try GatewayPublisher(
            configuration: MQTTConfiguration(host: "127.0.0.1", port: Int32(broker.port), clientID: clientID),
            layout: TopicLayout(base: "tempest"), discovery: nil, qos: 1, retained: retained, inbox: inbox, logger: Logger(label: "test"))
        let writer = try StoreWriter(path: path, inbox: inbox, observers: observers + [publisher])
        return (writer, publisher, Task { await publisher.run() })
    }

    /// Home Assistant discovery under `homeassistant` for `tempest`, metric.
    static let discovery = HomeAssistantDiscovery(
        prefix: "homeassistant", layout: TopicLayout(base: "tempest"), units: .metric, disabledEntities: [], rainCheck: false)

    /// `publisher(broker:writer:clientID:)` with `discovery`.
    static func announcingPublisher(broker: MosquittoBroker, writer: StoreWriter, clientID: String) throws -> GatewayPublisher {
        try GatewayPublisher(
            configuration: MQTTConfiguration(host: "127.0.0.1", port: Int32(broker.port), clientID: clientID),
            layout: TopicLayout(base: "tempest"), discovery: discovery, qos: 1, retained: RetainedValuePolicy(qos: 1), inbox: writer.inbox, logger: Logger(label: "test"))
    }

    /// The event numbered `index` for the outbox, at QoS 1.
    static func event(_ index: Int) -> StoreWrite {
        .outbox(OutboxMessage(topic: "tempest/e", payload: Array("\(index)".utf8), qos: 1, retain: false, priority: .event, createdAt: Int64(index)))
    }

    /// A writer that deletes acknowledged entries 0.1 s after their commit,
    /// so a test sees the outbox empty soon after delivery.
    static func promptWriter(path: String) throws -> StoreWriter {
        var configuration = StoreWriterConfiguration()
        configuration.acknowledgementDelaySeconds = 0.1
        return try StoreWriter(path: path, configuration: configuration, logger: Logger(label: "test"))
    }

    /// Starts `publisher` and waits (5 s at most) until it is connected.
    static func startConnected(_ publisher: GatewayPublisher) async throws {
        try publisher.start()
        for _ in 0..<100 where !publisher.isConnected { try await Task.sleep(nanoseconds: 50_000_000) }
        #expect(publisher.isConnected)
    }

    @Test("without Home Assistant discovery no device is kept; with it each is kept for discovery and availability")
    func devicesKeptOnlyForDiscovery() throws {
        let broker = try MosquittoBroker()
        let directory = try TemporaryDirectory()
        let writer = try StoreWriter(path: directory.file("devices.db"))
        defer { writer.shutdown() }
        let plain = try Self.publisher(broker: broker, writer: writer, clientID: "test-plain")
        let announcing = try Self.announcingPublisher(broker: broker, writer: writer, clientID: "test-announcing")
        for index in 0..<1_000 {
            let device = HomeAssistantDiscovery.Device(serial: "ST-\(100_000 + index)", family: .tempest, hubSerial: "HB-1", firmware: "171")
            plain.noteDevice(device, receivedAt: 1_720_850_400, silenceAllowedSeconds: 300)
            announcing.noteDevice(device, receivedAt: 1_720_850_400, silenceAllowedSeconds: 300)
        }
        #expect(plain.trackedDeviceCount == 0)
        #expect(announcing.trackedDeviceCount == 2_000)  // each kept, and waiting to be announced
    }

    @Test("a flood of value changes stays within the window and the broker ends with each topic's latest value")
    func valueFlood() async throws {
        let broker = try MosquittoBroker()
        let directory = try TemporaryDirectory()
        let writer = try StoreWriter(path: directory.file("flood.db"))
        defer { writer.shutdown() }
        let publisher = try Self.publisher(broker: broker, writer: writer, clientID: "test-flood")
        try await Self.startConnected(publisher)
        await publisher.pump()
        let last = 20_000
        for value in 1...last {
            publisher.update(values: [("tempest/ST-1/x", "\(value)"), ("tempest/ST-1/y", "-\(value)")])
            #expect(publisher.stateInFlightCount <= publisher.stateWindow)
        }
        for _ in 0..<200 where publisher.stateInFlightCount > 0 || publisher.pendingValueCount > 0 {
            await publisher.pump()
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        #expect(publisher.pendingValueCount == 0)
        let retained = try ChildProcess(
            executable: "/usr/bin/mosquitto_sub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "tempest/ST-1/+", "-C", "2", "-v", "-W", "10"])
        try retained.start()
        let seen = try retained.wait(timeoutSeconds: 20).standardOutput.split(separator: "\n").sorted()
        #expect(seen == ["tempest/ST-1/x \(last)", "tempest/ST-1/y -\(last)"])
        await publisher.stop()
    }

    /// Pumps `publisher` (every 50 ms, 30 s at most) until nothing waits
    /// for the window and nothing is unacknowledged; returns the most state
    /// messages seen unacknowledged at once.
    static func drain(_ publisher: GatewayPublisher) async throws -> Int {
        var most = publisher.stateInFlightCount
        for round in 0..<600 {
            if round > 0 && publisher.stateInFlightCount == 0 && publisher.pendingValueCount == 0 && publisher.devicesToAnnounceCount == 0 {
                break
            }
            await publisher.pump()
            most = max(most, publisher.stateInFlightCount)
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        return most
    }

    /// The retained messages under `topic` (a filter) that the broker holds,
    /// once `count` arrived (10 s at most).
    static func retained(broker: MosquittoBroker, topic: String, count: Int) throws -> [Substring] {
        let subscriber = try ChildProcess(
            executable: "/usr/bin/mosquitto_sub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", topic, "-C", String(count), "-v", "-W", "10", "--retained-only"])
        try subscriber.start()
        return try subscriber.wait(timeoutSeconds: 20).standardOutput.split(separator: "\n")
    }

    /// Stops `broker` (not persistent: it forgets every retained value),
    /// waits until `publisher` saw the loss (5 s at most), starts it again
    /// and waits for the reconnection (10 s at most).
    static func restart(_ broker: MosquittoBroker, seenBy publisher: GatewayPublisher) async throws {
        broker.stop()
        // The loss is seen before the broker returns, so the wait below is for the reconnection.
        for _ in 0..<100 where publisher.isConnected { try await Task.sleep(nanoseconds: 50_000_000) }
        #expect(!publisher.isConnected)
        try broker.start()
        for _ in 0..<200 where !publisher.isConnected { try await Task.sleep(nanoseconds: 50_000_000) }
        #expect(publisher.isConnected)
    }

    @Test("hundreds of new devices at once are announced a few at a time within the state window, and every config arrives")
    func manyDevicesAnnounced() async throws {
        let broker = try MosquittoBroker()
        let directory = try TemporaryDirectory()
        let writer = try StoreWriter(path: directory.file("announce.db"))
        defer { writer.shutdown() }
        let discovery = Self.discovery
        let publisher = try Self.announcingPublisher(broker: broker, writer: writer, clientID: "test-announce")
        try await Self.startConnected(publisher)
        await publisher.pump()
        let devices = (0..<300).map {
            HomeAssistantDiscovery.Device(serial: "ST-\(100_000 + $0)", family: .tempest, hubSerial: "HB-1", firmware: "171")
        }
        let configsPerDevice = discovery.configs(for: devices[0]).count
        #expect(configsPerDevice > 20)
        for device in devices { publisher.noteDevice(device, receivedAt: Int64(time(nil)), silenceAllowedSeconds: 300) }
        let most = try await Self.drain(publisher)
        #expect(publisher.devicesToAnnounceCount == 0)
        // A device's configs go together, so the window is passed by less than one device's.
        #expect(most < publisher.stateWindow + configsPerDevice, "\(most) state messages unacknowledged at once")
        // Configs that clear a retired entity are empty, so the broker keeps none of them.
        let expected = devices.count * discovery.configs(for: devices[0]).filter { !$0.payload.isEmpty }.count
        let configs = try Self.retained(broker: broker, topic: "homeassistant/#", count: expected)
            .filter { $0.split(separator: " ").first?.hasSuffix("/config") == true }
        #expect(configs.count == expected)
        #expect(Set(configs.map { $0.split(separator: " ")[0] }).count == expected)
        await publisher.stop()
    }

    @Test("a device silent longer than its cadence allows goes offline, and online again when heard; power save allows longer")
    func availabilityFollowsSilence() async throws {
        let broker = try MosquittoBroker()
        let directory = try TemporaryDirectory()
        let writer = try StoreWriter(path: directory.file("availability.db"))
        defer { writer.shutdown() }
        let publisher = try Self.announcingPublisher(broker: broker, writer: writer, clientID: "test-availability")
        try await Self.startConnected(publisher)
        let now = Int64(time(nil))
        func device(_ serial: String) -> HomeAssistantDiscovery.Device {
            HomeAssistantDiscovery.Device(serial: serial, family: .tempest, hubSerial: nil, firmware: "171")
        }
        publisher.noteDevice(device("ST-00000001"), receivedAt: now, silenceAllowedSeconds: 300)
        publisher.noteDevice(device("ST-00000002"), receivedAt: now - 1_000, silenceAllowedSeconds: 300)
        publisher.noteDevice(device("ST-00000003"), receivedAt: now - 600, silenceAllowedSeconds: 900)  // power save mode 3
        _ = try await Self.drain(publisher)
        #expect(try Self.retained(broker: broker, topic: "tempest/+/availability", count: 3).sorted() == [
            "tempest/ST-00000001/availability online", "tempest/ST-00000002/availability offline",
            "tempest/ST-00000003/availability online",
        ])
        // The soonest to fall silent is the third, in about 300 s.
        let due = try #require(publisher.secondsUntilTimedWork())
        #expect(due > 250 && due <= 302, "next availability check in \(due) s")
        publisher.noteDevice(device("ST-00000002"), receivedAt: now, silenceAllowedSeconds: 300)
        _ = try await Self.drain(publisher)
        #expect(try Self.retained(broker: broker, topic: "tempest/ST-00000002/availability", count: 1) == [
            "tempest/ST-00000002/availability online"
        ])
        await publisher.stop()
    }

    @Test("after a broker restart every retained value goes out again, within the state window")
    func valuesRepublishedAfterRestart() async throws {
        let broker = try MosquittoBroker()
        let directory = try TemporaryDirectory()
        let writer = try StoreWriter(path: directory.file("republish.db"))
        defer { writer.shutdown() }
        let publisher = try Self.publisher(broker: broker, writer: writer, clientID: "test-republish")
        try await Self.startConnected(publisher)
        await publisher.pump()
        let topics = (0..<1_000).map { "tempest/ST-\(100_000 + $0)/wind_speed" }
        publisher.update(values: topics.map { ($0, "1.5") })
        _ = try await Self.drain(publisher)
        #expect(try Self.retained(broker: broker, topic: "tempest/#", count: topics.count).count == topics.count)

        try await Self.restart(broker, seenBy: publisher)
        let most = try await Self.drain(publisher)
        #expect(most <= publisher.stateWindow + 1, "\(most) state messages unacknowledged at once")  // + the gateway's status
        let seen = Set(try Self.retained(broker: broker, topic: "tempest/+/wind_speed", count: topics.count).map(String.init))
        let missing = Set(topics.map { "\($0) 1.5" }).subtracting(seen)
        #expect(seen.count == topics.count && missing.isEmpty, "\(seen.count) retained, \(missing.count) missing, such as \(missing.first ?? "none")")
        await publisher.stop()
    }

    @Test("at retained QoS 0, values reach the broker at QoS 0, events at QoS 1, and a broker restart republishes every value")
    func retainedQoS0AndRestart() async throws {
        let broker = try MosquittoBroker()
        let directory = try TemporaryDirectory()
        // As `run` has it with mqtt.retained_qos = 0.
        let (writer, publisher, pump) = try Self.committingPublisher(
            broker: broker, path: directory.file("qos0.db"), configuration: StoreWriterConfiguration(), clientID: "test-qos0",
            retained: RetainedValuePolicy(qos: 0))
        defer {
            pump.cancel()
            writer.shutdown()
        }
        try await Self.startConnected(publisher)
        await publisher.pump()
        let events = try ChildProcess(
            executable: "/usr/bin/mosquitto_sub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "tempest/e", "-q", "1", "-F", "%q %t", "-C", "1", "-W", "10"])
        try events.start()
        try await Task.sleep(nanoseconds: 300_000_000)  // the subscription is in place
        let topics = (0..<300).map { "tempest/ST-\(100_000 + $0)/wind_speed" }
        publisher.update(values: topics.map { ($0, "1.5") })
        try writer.submit(Self.event(1))
        try await writer.flush()
        #expect(try events.wait(timeoutSeconds: 20).standardOutput == "1 tempest/e\n")
        // More values than the state window holds: the rest go as the client writes the first.
        _ = try await Self.drain(publisher)
        func heldQoS() throws -> [Substring] {
            let subscriber = try ChildProcess(
                executable: "/usr/bin/mosquitto_sub",
                arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "tempest/+/wind_speed", "-q", "1", "-F", "%q %t %p",
                    "-C", String(topics.count), "-W", "10", "--retained-only"])
            try subscriber.start()
            return try subscriber.wait(timeoutSeconds: 20).standardOutput.split(separator: "\n")
        }
        let before = try heldQoS()
        #expect(before.count == topics.count && before.allSatisfy { $0.hasPrefix("0 tempest/ST-") && $0.hasSuffix(" 1.5") })

        try await Self.restart(broker, seenBy: publisher)
        _ = try await Self.drain(publisher)
        let after = try heldQoS()
        #expect(Set(after.map(String.init)) == Set(topics.map { "0 \($0) 1.5" }), "\(after.count) of \(topics.count) republished")
        await publisher.stop()
    }

    @Test("at a station's pace each acknowledged entry is deleted with the next commit, and the pump is never woken for it")
    func acknowledgementsRideAlong() async throws {
        let broker = try MosquittoBroker()
        let directory = try TemporaryDirectory()
        let reports = Mutex<[CommitReport]>([])
        var configuration = StoreWriterConfiguration()
        configuration.acknowledgementDelaySeconds = 600  // only the next commit or the shutdown deletes
        let path = directory.file("acks.db")
        let (writer, publisher, pump) = try Self.committingPublisher(
            broker: broker, path: path, configuration: configuration, clientID: "test-acks",
            observers: [CommitCallback { report in reports.withLock { $0.append(report) } }])
        defer { pump.cancel() }
        try await Self.startConnected(publisher)
        await publisher.pump()  // reads the (empty) outbox to its end
        // The rounds the connection gave the pump are over once the count stands still.
        var rounds = publisher.pumpRounds.load(ordering: .relaxed)
        for _ in 0..<50 {
            try await Task.sleep(nanoseconds: 100_000_000)
            let now = publisher.pumpRounds.load(ordering: .relaxed)
            if now == rounds { break }
            rounds = now
        }
        // Five events, one commit each, each acknowledged before the next.
        for index in 1...5 {
            try writer.submit([Self.event(index)])
            try await writer.flush()
            for _ in 0..<500 where writer.waitingAcknowledgementCount == 0 { try await Task.sleep(nanoseconds: 10_000_000) }
            #expect(writer.waitingAcknowledgementCount == 1)
        }
        #expect(publisher.inFlightCount == 0)
        // Each commit carried the previous event's deletion; the last waits.
        #expect(reports.withLock { $0.map(\.acknowledgedCount) } == [0, 1, 1, 1, 1])
        #expect(reports.withLock { $0.compactMap(\.outboxDepth) } == [1, 1, 1, 1, 1])
        // Each event left from the publisher's commit thread; neither it nor its
        // acknowledgement woke the pump.
        #expect(publisher.pumpRounds.load(ordering: .relaxed) == rounds)
        await publisher.stop()
        // Stopping, the writer deletes what was acknowledged: one more commit.
        writer.shutdown()
        #expect(reports.withLock { $0.count } == 6)
        #expect(reports.withLock { $0.last.map { [$0.itemCount, $0.acknowledgedCount] } } == [0, 1])
        #expect(try Store(path: path).outboxDepth().messages == 0)
    }

    @Test("under load acknowledged entries go to the writer in batches of their own, so no transaction grows with the backlog")
    func acknowledgementsBatchedUnderLoad() async throws {
        let broker = try MosquittoBroker()
        let directory = try TemporaryDirectory()
        var configuration = StoreWriterConfiguration()
        configuration.acknowledgementDelaySeconds = 600  // nothing is deleted for being due
        let (writer, publisher, pump) = try Self.committingPublisher(
            broker: broker, path: directory.file("load.db"), configuration: configuration, clientID: "test-load-acks")
        defer {
            pump.cancel()
            writer.shutdown()
        }
        try await Self.startConnected(publisher)
        await publisher.pump()  // reads the (empty) outbox to its end
        // 150 events in one commit: sent from it, and all acknowledged.
        let events = (1...150).map(Self.event)
        try writer.submit(events)
        try await writer.flush()
        for _ in 0..<500 where publisher.inFlightCount > 0 { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(publisher.inFlightCount == 0)
        // With no commit coming and none due for 600 s, only the batch the
        // writer queues as a write of its own (100 ids; its commit
        // takes along those that arrived meanwhile) deletes anything; the
        // rest wait in the writer for the next transaction.
        var depth = -1
        for _ in 0..<500 {
            try await writer.flush()
            depth = try await writer.perform { try $0.outboxDepth().messages }
            if depth <= 50 && depth == writer.waitingAcknowledgementCount { break }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(depth <= 50)
        #expect(depth == writer.waitingAcknowledgementCount)
        await publisher.stop()
    }

    @Test("a reconnect while the pump reads the outbox: what the read found is sent again on the new connection")
    func reconnectDuringOutboxRead() async throws {
        let broker = try MosquittoBroker()
        let directory = try TemporaryDirectory()
        let writer = try Self.promptWriter(path: directory.file("race.db"))
        defer { writer.shutdown() }
        let publisher = try Self.publisher(broker: broker, writer: writer, clientID: "test-race")
        try await Self.startConnected(publisher)
        try writer.submit((1...3).map(Self.event))
        try await writer.flush()
        // The writer is held busy, so the pump's read of the outbox waits
        // while the broker goes away and comes back.
        let gate = DispatchSemaphore(value: 0)
        let holding = Task { try await writer.perform { _ in gate.wait() } }
        try await Task.sleep(nanoseconds: 100_000_000)
        let pumping = Task { await publisher.pump() }
        try await Task.sleep(nanoseconds: 200_000_000)
        broker.stop()
        for _ in 0..<200 where publisher.isConnected { try await Task.sleep(nanoseconds: 50_000_000) }
        try broker.start()
        for _ in 0..<400 where !publisher.isConnected { try await Task.sleep(nanoseconds: 50_000_000) }
        #expect(publisher.isConnected)
        gate.signal()
        try await holding.value
        await pumping.value  // its batch belonged to the old connection
        // The reconnect's own wake-up: the outbox must be read again.
        var depth = -1
        for _ in 0..<100 {
            await publisher.pump()
            try await writer.flush()
            depth = try await writer.perform { try $0.outboxDepth().messages }
            if depth == 0 { break }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        #expect(depth == 0, "the outbox kept \(depth) messages after the reconnect")
        await publisher.stop()
    }

    @Test("the pump sends what the outbox held at start even when the broker connected before the pump ran")
    func pumpCatchesUpAtStart() async throws {
        let broker = try MosquittoBroker()
        let directory = try TemporaryDirectory()
        let writer = try Self.promptWriter(path: directory.file("start.db"))
        defer { writer.shutdown() }
        // Left in the outbox before a restart.
        try writer.submit((1...3).map(Self.event))
        try await writer.flush()
        let publisher = try Self.publisher(broker: broker, writer: writer, clientID: "test-start")
        // Connected, and its wake-up gone to nobody, before the pump runs.
        try await Self.startConnected(publisher)
        let group = ServiceGroup(services: [SinkService(sink: publisher)], logger: Logger(label: "test"))
        let running = Task { try await group.run() }
        var depth = -1
        for _ in 0..<500 {
            depth = try await writer.perform { try $0.outboxDepth().messages }
            if depth == 0 { break }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(depth == 0)
        await group.triggerGracefulShutdown()
        try await running.value
        await publisher.stop()
    }
}
