// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import MQTT
import MQTTSink
import Testing

/// Retained values through the whole publisher on a fake client: only
/// changes are sent, everything again after a reconnect and when Home
/// Assistant says `online`, at the QoS of each kind (`mqtt.retained_qos`,
/// `mqtt.republish_unchanged`).
@Suite struct RetainedValueDeliveryTests {
    typealias Harness = GatewayPublisherFacadeTests.Harness

    /// A harness whose client is connected and has published its status,
    /// which the broker acknowledged.
    static func connected(_ harness: Harness) async throws -> FakeMQTTConnections.Made {
        let made = try harness.client()
        made.events(.connected(sessionPresent: false))
        await harness.publisher.pump()
        let status = try #require(made.client.publications.first { $0.topic == "tempest/gateway/status" })
        made.events(.published(messageID: status.messageID))
        made.client.clear()
        return made
    }

    /// One observation's worth of values for ST-1.
    static func values(speed: String, temperature: String) -> [(topic: String, payload: String)] {
        [("tempest/ST-1/wind_speed", speed), ("tempest/ST-1/air_temperature", temperature)]
    }

    /// The values published on `client`, as `topic payload`.
    static func sent(_ client: FakeMQTTClient) -> [String] {
        client.publications.filter { $0.topic.hasPrefix("tempest/ST-") && !$0.topic.contains("/event/") }.map { "\($0.topic) \($0.payload)" }
    }

    @Test func anUnchangedValueIsNotSentAgainAndAChangedOneIs() async throws {
        let harness = try Harness()
        defer { harness.writer.shutdown() }
        let made = try await Self.connected(harness)
        harness.publisher.update(values: Self.values(speed: "1.5", temperature: "20.1"))
        harness.publisher.update(values: Self.values(speed: "1.5", temperature: "20.1"))
        harness.publisher.update(values: Self.values(speed: "2.25", temperature: "20.1"))
        #expect(Self.sent(made.client) == [
            "tempest/ST-1/wind_speed 1.5", "tempest/ST-1/air_temperature 20.1", "tempest/ST-1/wind_speed 2.25",
        ])
        // Values that leave with the next commit follow the same rule.
        made.client.clear()
        harness.publisher.update(values: Self.values(speed: "2.25", temperature: "20.3"), withNextCommit: true)
        try await harness.commitEvent("tempest/ST-1/event/observation")
        #expect(Self.sent(made.client) == ["tempest/ST-1/air_temperature 20.3"])
    }

    @Test func republishUnchangedSendsEveryValueWithEveryMessage() async throws {
        let harness = try Harness(retained: RetainedValuePolicy(republishUnchanged: true))
        defer { harness.writer.shutdown() }
        let made = try await Self.connected(harness)
        for _ in 0..<3 { harness.publisher.update(values: Self.values(speed: "1.5", temperature: "20.1")) }
        #expect(Self.sent(made.client).count == 6)
        #expect(Set(Self.sent(made.client)) == ["tempest/ST-1/wind_speed 1.5", "tempest/ST-1/air_temperature 20.1"])
        // A topic being cleared (an empty retained message) goes once, even so.
        made.client.clear()
        for _ in 0..<3 { harness.publisher.update(values: [("tempest/ST-1/uptime", "")]) }
        #expect(made.client.publications.filter { $0.topic == "tempest/ST-1/uptime" }.map(\.payload) == [""])
    }

    @Test func valuesGoAtQoS0WhenSetEventsAndStatusStayAtQoS1() async throws {
        let harness = try Harness(retained: RetainedValuePolicy(qos: 0))
        defer { harness.writer.shutdown() }
        let made = try harness.client()
        made.events(.connected(sessionPresent: false))
        await harness.publisher.pump()
        harness.publisher.update(values: Self.values(speed: "1.5", temperature: "20.1"))
        try await harness.commitEvent("tempest/ST-1/event/strike")
        let byTopic = Dictionary(made.client.publications.map { ($0.topic, $0) }, uniquingKeysWith: { $1 })
        #expect(byTopic["tempest/gateway/status"]?.qos == 1)
        #expect(byTopic["tempest/ST-1/event/strike"]?.qos == 1)
        #expect(byTopic["tempest/ST-1/event/strike"]?.retain == false)
        #expect(byTopic["tempest/ST-1/wind_speed"]?.qos == 0)
        #expect(byTopic["tempest/ST-1/wind_speed"]?.retain == true)
        // At QoS 0 a value waits in the window only until the client
        // reports it written (libmosquitto's on_publish), as the status
        // waits for its PUBACK.
        #expect(harness.publisher.stateInFlightCount == 3)
        for publication in made.client.publications where publication.retain {
            made.events(.published(messageID: publication.messageID))
        }
        #expect(harness.publisher.stateInFlightCount == 0)
    }

    @Test func valuesGoAtQoS1ByDefault() async throws {
        let harness = try Harness()
        defer { harness.writer.shutdown() }
        let made = try await Self.connected(harness)
        harness.publisher.update(values: Self.values(speed: "1.5", temperature: "20.1"))
        #expect(made.client.publications.map(\.qos) == [1, 1])
        #expect(harness.publisher.stateInFlightCount == 2)
    }

    @Test func everyValueGoesOutAgainAfterAReconnect() async throws {
        let harness = try Harness()
        defer { harness.writer.shutdown() }
        let made = try await Self.connected(harness)
        harness.publisher.update(values: Self.values(speed: "1.5", temperature: "20.1"))
        made.events(.disconnected(nil))
        // Changed while away: recorded, sent after the reconnect.
        harness.publisher.update(values: Self.values(speed: "3.0", temperature: "20.1"))
        made.client.clear()
        made.events(.connected(sessionPresent: false))
        await harness.publisher.pump()
        #expect(Set(Self.sent(made.client)) == ["tempest/ST-1/wind_speed 3.0", "tempest/ST-1/air_temperature 20.1"])
        #expect(made.client.publications.first?.topic == "tempest/gateway/status")
    }

    @Test func everyValueGoesOutAgainWhenHomeAssistantSaysOnline() async throws {
        let discovery = HomeAssistantDiscovery(
            prefix: "homeassistant", layout: TopicLayout(base: "tempest"), units: .metric, disabledEntities: [], rainCheck: false)
        let harness = try Harness(discovery: discovery)
        defer { harness.writer.shutdown() }
        let made = try await Self.connected(harness)
        #expect(made.client.subscriptions.contains("homeassistant/status"))
        harness.publisher.update(values: Self.values(speed: "1.5", temperature: "20.1"))
        made.client.clear()
        // Home Assistant going offline changes nothing; coming back, everything goes again.
        made.events(.message(topic: "homeassistant/status", payload: Array("offline".utf8), retained: false))
        await harness.publisher.pump()
        #expect(Self.sent(made.client).isEmpty)
        made.events(.message(topic: "homeassistant/status", payload: Array("online".utf8), retained: false))
        await harness.publisher.pump()
        #expect(Set(Self.sent(made.client)) == ["tempest/ST-1/wind_speed 1.5", "tempest/ST-1/air_temperature 20.1"])
        #expect(made.client.publications.filter { $0.topic.hasPrefix("tempest/ST-") }.allSatisfy { $0.qos == 1 })
    }
}
