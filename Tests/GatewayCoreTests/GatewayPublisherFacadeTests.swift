// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import Logging
import MQTT
import MQTTSink
import Storage
import Synchronization
import TempestTestKit
import Testing

/// The whole publisher on fake clients, in process: the facade's rules that
/// span its parts (which client's events count, the outbox after a
/// reconnect, acknowledgements back to the store as write requests).
@Suite struct GatewayPublisherFacadeTests {
    /// A store whose commits reach the publisher, as in `run`, and the clients it made.
    struct Harness {
        let directory: TemporaryDirectory
        let writer: StoreWriter
        let publisher: GatewayPublisher
        let connections = FakeMQTTConnections()

        /// `retained`: the values' QoS and suppression; `discovery`: Home
        /// Assistant discovery, off by default.
        init(retained: RetainedValuePolicy = RetainedValuePolicy(), discovery: HomeAssistantDiscovery? = nil) throws {
            directory = try TemporaryDirectory()
            var configuration = StoreWriterConfiguration()
            configuration.acknowledgementDelaySeconds = 0
            // As `run` builds them: the inbox, the publisher, then the writer that tells it of commits.
            let inbox = StoreInbox(configuration: configuration, logger: Logger(label: "test"))
            publisher = try GatewayPublisher(
                configuration: MQTTConfiguration(host: "127.0.0.1", port: 1, clientID: "facade"),
                layout: TopicLayout(base: "tempest"), discovery: discovery, qos: 1, retained: retained, inbox: inbox,
                logger: Logger(label: "test"),
                makeConnection: connections.factory)
            writer = try StoreWriter(path: directory.file("publisher.db"), inbox: inbox, observers: [publisher])
        }

        /// The newest client, playing the broker.
        func client() throws -> FakeMQTTConnections.Made {
            try #require(connections.current)
        }

        /// Stores an event for `topic` in the outbox, waits for its commit,
        /// and runs the pump's round that the commit woke it for (the test
        /// plays the pump's task).
        func commitEvent(_ topic: String, payload: String = "{}") async throws {
            try writer.submit(
                .outbox(OutboxMessage(topic: topic, payload: Array(payload.utf8), qos: 1, retain: false, priority: .event, createdAt: 1)))
            try await writer.flush()
            await publisher.pump()
        }

        /// Outbox entries still waiting for their acknowledgement. With no
        /// acknowledgement delay the writer deletes acknowledged entries as
        /// soon as it looks; flush does not wait for that, so wait (bounded)
        /// until it has taken them.
        func outboxTopics() async throws -> [String] {
            try await writer.flush()
            for _ in 0..<500 where writer.waitingAcknowledgementCount > 0 { try await Task.sleep(nanoseconds: 10_000_000) }
            return try await writer.perform { store in try store.nextOutboxBatch(limit: 100).map(\.topic) }
        }
    }

    @Test func commitsArePublishedOnThePublishersOwnTaskNeverOnTheWritersThread() async throws {
        let harness = try Harness()
        defer { harness.writer.shutdown() }
        let made = try harness.client()
        let pump = Task { await harness.publisher.run() }
        defer { pump.cancel() }
        made.events(.connected(sessionPresent: false))
        // An event committed with the values of its message, as the ingestor submits them.
        let values = RetainedStateNotice(values: [(RetainedTopic("tempest/ST-1/air_temperature"), "21.5")], heard: [])
        for index in 1...20 {
            try harness.writer.submit(
                [.outbox(OutboxMessage(topic: "tempest/ST-1/event/\(index)", payload: [], qos: 1, retain: false, priority: .event, createdAt: 1))],
                notice: CommitNotice(values))
        }
        try await harness.writer.flush()
        var topics: [String] = []
        for _ in 0..<500 {
            topics = made.client.topics
            if topics.contains("tempest/ST-1/event/20") && topics.contains("tempest/ST-1/air_temperature") { break }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(topics.contains("tempest/ST-1/event/20"))
        #expect(topics.contains("tempest/ST-1/air_temperature"))
        // Events in commit order.
        let events = topics.filter { $0.contains("/event/") }
        #expect(events == (1...20).map { "tempest/ST-1/event/\($0)" })
        #expect(!made.client.publishingThreads.contains("store-writer"), "published on \(made.client.publishingThreads)")
    }

    @Test func aCommittedEventLeavesAtOnceAndItsAcknowledgementEmptiesTheOutbox() async throws {
        let harness = try Harness()
        defer { harness.writer.shutdown() }
        let made = try harness.client()
        #expect(made.configuration.will?.topic == "tempest/gateway/status")
        made.events(.connected(sessionPresent: false))
        await harness.publisher.pump()
        #expect(made.client.publications.first?.topic == "tempest/gateway/status")
        #expect(made.client.publications.first?.payload == "online")

        try await harness.commitEvent("tempest/ST-1/event/observation")
        let event = try #require(made.client.publications.first { $0.topic == "tempest/ST-1/event/observation" })
        #expect(try await harness.outboxTopics() == ["tempest/ST-1/event/observation"])
        #expect(harness.publisher.inFlightCount == 1)

        made.events(.published(messageID: event.messageID))
        #expect(harness.publisher.inFlightCount == 0)
        #expect(try await harness.outboxTopics().isEmpty)
    }

    @Test func anUnacknowledgedEventGoesOutAgainAfterAReconnectAndNotBefore() async throws {
        let harness = try Harness()
        defer { harness.writer.shutdown() }
        let made = try harness.client()
        made.events(.connected(sessionPresent: false))
        await harness.publisher.pump()
        try await harness.commitEvent("tempest/ST-1/event/strike")
        #expect(made.client.topics.filter { $0 == "tempest/ST-1/event/strike" }.count == 1)

        made.events(.disconnected(nil))
        made.client.clear()
        // Committed while away: kept in the outbox, not handed to the client.
        try await harness.commitEvent("tempest/ST-1/event/rain")
        await harness.publisher.pump()
        #expect(made.client.publications.isEmpty)

        made.events(.connected(sessionPresent: false))
        await harness.publisher.pump()
        #expect(made.client.topics.contains("tempest/ST-1/event/strike"))
        #expect(made.client.topics.contains("tempest/ST-1/event/rain"))
        #expect(try await harness.outboxTopics() == ["tempest/ST-1/event/strike", "tempest/ST-1/event/rain"])
    }

    @Test func afterMovingToAnotherBrokerOnlyTheNewClientsEventsCount() async throws {
        let harness = try Harness()
        defer { harness.writer.shutdown() }
        let first = try harness.client()
        first.events(.connected(sessionPresent: false))
        await harness.publisher.pump()

        let moved = try await harness.publisher.reconnect(
            with: MQTTConfiguration(host: "127.0.0.1", port: 2, clientID: "facade"))
        #expect(moved)
        #expect(first.client.stopped)
        #expect(first.client.topics.last == "tempest/gateway/status")
        #expect(first.client.publications.last?.payload == "offline")
        let second = try harness.client()
        #expect(second.configuration.port == 2)
        #expect(second.client.starts == 1)
        #expect(!harness.publisher.isConnected)

        // The old client's late events change nothing.
        first.events(.connected(sessionPresent: false))
        #expect(!harness.publisher.isConnected)
        second.events(.connected(sessionPresent: false))
        #expect(harness.publisher.isConnected)

        // The same configuration again: nothing to do.
        #expect(!(try await harness.publisher.reconnect(with: MQTTConfiguration(host: "127.0.0.1", port: 2, clientID: "facade"))))
        #expect(harness.connections.all.count == 2)
    }
}
