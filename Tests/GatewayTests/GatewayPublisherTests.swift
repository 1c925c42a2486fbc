import Foundation
import Logging
import MQTT
import Storage
import TempestTestKit
import Synchronization
import Testing
@testable import Gateway

/// The publisher against a real broker, driven directly.
@Suite("Gateway publisher", .serialized)
struct GatewayPublisherTests {
    /// A publisher for `broker` at QoS 1, storing through `writer`, without
    /// Home Assistant discovery; not started.
    static func publisher(broker: MosquittoBroker, writer: StoreWriter, clientID: String) throws -> GatewayPublisher {
        try GatewayPublisher(
            configuration: MQTTConfiguration(host: "127.0.0.1", port: Int32(broker.port), clientID: clientID),
            layout: TopicLayout(base: "tempest"), discovery: nil, qos: 1, writer: writer, logger: Logger(label: "test"))
    }

    /// Starts `publisher` and waits (5 s at most) until it is connected.
    static func startConnected(_ publisher: GatewayPublisher) async throws {
        try publisher.start()
        for _ in 0..<100 where !publisher.isConnected { try await Task.sleep(nanoseconds: 50_000_000) }
        #expect(publisher.isConnected)
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

    @Test("the wake-up the broker's events call does not grow: its call stack is as deep after 300 acknowledgements as after the first")
    func wakeUpDoesNotGrow() async throws {
        let broker = try MosquittoBroker()
        let directory = try TemporaryDirectory()
        let writer = try StoreWriter(path: directory.file("wake.db"))
        defer { writer.shutdown() }
        let publisher = try Self.publisher(broker: broker, writer: writer, clientID: "test-wake")
        let depths = Mutex<[Int]>([])
        publisher.onWork { depths.withLock { $0.append(Thread.callStackSymbols.count) } }
        try await Self.startConnected(publisher)
        // One value at a time at QoS 1: the acknowledgement that empties the
        // window calls the wake-up, once per value.
        let before = depths.withLock { $0.count }
        let deadline = Date().addingTimeInterval(60)
        for value in 1...300 where Date() < deadline {
            publisher.update(values: [("tempest/ST-1/x", "\(value)")])
            for _ in 0..<400 where depths.withLock({ $0.count }) < before + value && Date() < deadline {
                try await Task.sleep(nanoseconds: 5_000_000)
            }
        }
        let seen = depths.withLock { $0 }
        #expect(seen.count >= before + 300)
        // Before the fix each call added two frames: 600 more after 300 calls.
        #expect((seen.max() ?? 0) - (seen.min() ?? 0) <= 4, "call stack depths ranged from \(seen.min() ?? 0) to \(seen.max() ?? 0)")
        await publisher.stop()
    }

    @Test("acknowledged outbox entries are deleted in a batch when it is due, not one transaction per acknowledgement")
    func acknowledgementsBatched() async throws {
        let broker = try MosquittoBroker()
        let directory = try TemporaryDirectory()
        let committed = Mutex<GatewayPublisher?>(nil)
        let writer = try StoreWriter(
            path: directory.file("acks.db"), logger: Logger(label: "test"),
            onCommit: { report in committed.withLock { $0 }?.noteCommitted(report) })
        defer { writer.shutdown() }
        let publisher = try Self.publisher(broker: broker, writer: writer, clientID: "test-acks")
        committed.withLock { $0 = publisher }
        try await Self.startConnected(publisher)
        await publisher.pump()  // reads the (empty) outbox to its end
        // Five events, one commit each, as at a station's pace; each leaves
        // from the commit and is acknowledged.
        for index in 1...5 {
            try writer.submit([
                .outbox(OutboxMessage(topic: "tempest/e", payload: Array("\(index)".utf8), qos: 1, retain: false, priority: .event, createdAt: Int64(index)))
            ])
            try await writer.flush()
        }
        for _ in 0..<200 where publisher.inFlightCount > 0 { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(publisher.inFlightCount == 0)
        // Acknowledged, not yet due: a pump round leaves them in the store,
        // and the pump knows when they are due.
        await publisher.pump()
        try await writer.flush()
        #expect(try await writer.perform { try $0.outboxDepth().messages } == 5)
        let due = try #require(publisher.secondsUntilTimedWork())
        #expect(due <= 2)
        // Once due (or on stopping), all five go in one delete.
        await publisher.pump(flushingAcknowledgements: true)
        try await writer.flush()
        #expect(try await writer.perform { try $0.outboxDepth().messages } == 0)
        await publisher.stop()
    }
}
