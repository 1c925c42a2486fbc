// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Testing

@testable import CloudFollowing
@testable import Forecasting
@testable import Gateway
@testable import GatewayCore
@testable import GatewayStatus
@testable import MQTTSink
@testable import Pipeline
@testable import WebPage

/// Retained topics are kept split; made from parts or from text, the same
/// topic must be the same key.
@Suite("retained topic")
struct RetainedTopicTests {
    @Test("made from parts or from its text: equal, same hash, same text", arguments: [
        ("tempest", "ST-00012345", "wind_speed"),
        ("site/roof/tempest", "ST-00012345", "lightning_strike_last_distance"),
        ("", "ST-1", "x"),
        ("tempest", "ST-1/../x", "y"),  // a slash inside a part: split where the text splits
    ])
    func canonical(base: String, serial: String, field: String) {
        let fromParts = RetainedTopic(base: base, serial: serial, field: field)
        let fromText = RetainedTopic("\(base)/\(serial)/\(field)")
        #expect(fromParts == fromText)
        #expect(fromParts.hashValue == fromText.hashValue)
        #expect(fromParts.text == "\(base)/\(serial)/\(field)")
        #expect(fromText.text == "\(base)/\(serial)/\(field)")
        #expect(TopicLayout(base: base).retainedValue(serial: serial, field: field).text
            == TopicLayout(base: base).value(serial: serial, field: field))
    }

    @Test("topics with fewer than two levels below their head keep their text", arguments: ["status", "tempest/status", "", "/"])
    func short(text: String) {
        #expect(RetainedTopic(text).text == text)
        #expect(RetainedTopic(text) == RetainedTopic(text))
    }

    @Test("different topics differ, also where their parts would join alike")
    func distinct() {
        let topics = ["a/b/c", "a/bc", "ab/c", "a/b/c/d", "a//bc", "a/b/", "/a/b"].map(RetainedTopic.init)
        #expect(Set(topics).count == topics.count)
        #expect(Set(topics.map(\.text)) == ["a/b/c", "a/bc", "ab/c", "a/b/c/d", "a//bc", "a/b/", "/a/b"])
    }

    @Test("a key is 24 bytes with no allocation of its own: the publisher keeps one per value of every device")
    func compact() {
        #expect(MemoryLayout<RetainedTopic>.stride == 24)
        let topic = RetainedTopic(base: "tempest", serial: "ST-00012345", field: "lightning_strike_last_distance")
        #expect(topic.text == "tempest/ST-00012345/lightning_strike_last_distance")
    }

    @Test("the shared names are kept once, however many devices use them")
    func namesShared() {
        let first = TopicNames.number(of: "wind_speed")
        let topics = (0..<100).map { RetainedTopic(base: "tempest", serial: "ST-\($0)", field: "wind_speed") }
        #expect(first != nil)
        #expect(TopicNames.number(of: "wind_speed") == first)
        #expect(topics.map(\.text) == (0..<100).map { "tempest/ST-\($0)/wind_speed" })
    }
}
