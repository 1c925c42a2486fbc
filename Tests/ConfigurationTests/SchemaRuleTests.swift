// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import MQTT
import TempestTestKit
import Testing

/// Every key's rule is the one that counts: the loader refuses what the
/// rule refuses, from the file and from the environment, and every value the
/// rule accepts is one the library it feeds accepts too.
@Suite("Configuration schema rules")
struct SchemaRuleTests {
    /// Values just outside `rule`: one past each end of a range, the wrong
    /// kind, a word that is not a choice, text the rule refuses.
    static func valuesJustOutside(_ rule: ValueRule) -> [TOMLValue] {
        switch rule {
        case .integer(let range): [.integer(range.lowerBound - 1), .integer(range.upperBound + 1), .string("1")]
        case .integerOrOff(let range): [.integer(-1), .integer(range.lowerBound - 1), .integer(range.upperBound + 1)]
        case .decimal(let range): [.float(range.lowerBound - 0.5), .float(range.upperBound + 0.5), .string("1")]
        case .boolean: [.string("maybe"), .integer(1)]
        case .choice(let words): [.string(words.joined() + "x")]
        case .textList(let rule): [.string("x"), .array([.string(textJustOutside(rule))])]
        case .endpointList(let maximumCount):
            [
                .string("192.168.1.10:50222"), .array([.string("192.168.1.10:0")]), .array([.string("192.168.1.10")]),
                .array([.string("192.168.1.10:50222"), .string("192.168.1.10:50222")]),
                .array((0...maximumCount).map { .string("192.168.1.10:\(50_000 + $0)") }),
            ]
        case .text(let rule): [.string(textJustOutside(rule)), .integer(1)]
        }
    }

    /// Values at the edges of what `rule` accepts.
    static func valuesJustInside(_ rule: ValueRule) -> [TOMLValue] {
        switch rule {
        case .integer(let range): [.integer(range.lowerBound), .integer(range.upperBound)]
        case .integerOrOff(let range): [.integer(0), .integer(range.lowerBound), .integer(range.upperBound)]
        case .decimal(let range): [.float(range.lowerBound), .float(range.upperBound)]
        case .boolean: [.boolean(true), .boolean(false)]
        case .choice(let words): words.map { .string($0) }
        case .textList(let rule): [.array([]), .array([.string(textJustInside(rule))])]
        case .endpointList(let maximumCount):
            [
                .array([]), .array([.string("192.168.1.10:1"), .string("10.0.0.1:65535")]),
                .array((1...maximumCount).map { .string("192.168.1.10:\(50_000 + $0)") }),
            ]
        case .text(let rule): [.string(textJustInside(rule))]
        }
    }

    static func textJustOutside(_ rule: ValueRule.TextRule) -> String {
        switch rule {
        case .nonEmpty, .path: ""
        case .host: "broker lan"
        case .url: "ftp://example.org"
        case .webSocketURL: "https://example.org"
        case .ipv4Address: "256.1.1.1"
        case .topicPrefix: "tempest/#"
        case .timeZone: "../etc/passwd"
        case .identifier: "Garden-1"
        case .releaseVersion: "2025.13"
        case .hostPort: "cwop.aprs.net:0"
        }
    }

    static func textJustInside(_ rule: ValueRule.TextRule) -> String {
        switch rule {
        case .nonEmpty: "x"
        case .path: "/etc/tempest-gateway/secret"
        case .host: "broker.lan"
        case .url: "https://example.org"
        case .webSocketURL: "wss://example.org/data"
        case .ipv4Address: "192.168.1.10"
        case .topicPrefix: "weather/station"
        case .timeZone: "Europe/Berlin"
        case .identifier: "garden_1"
        case .releaseVersion: "2025.4"
        case .hostPort: "cwop.aprs.net:14580"
        }
    }

    private func file(_ key: ConfigurationKey, _ value: TOMLValue) -> LoadedConfiguration {
        guard isListKey(key) else {
            return ConfigurationLoader.resolve(fileText: "[\(key.section)]\n\(key.name) = \(value.tomlText)\n", path: "test.toml", environment: [:])
        }
        // A table of a list section needs its required keys to be valid otherwise, and a password its user.
        var url: String
        if key.section == "upload" {
            url = key.name == "service" ? "" : "service = \"\(key.name == "server" ? "cwop" : "wunderground")\"\n"
            if key.name != "id" { url += "id = \"KCASANFR123\"\n" }
        } else {
            url = key.name == "url" ? "" : "url = \"http://127.0.0.1:8428/write\"\n"
        }
        if key.name == "password_file" { url += "user = \"gateway\"\n" }
        // An upload's station must be one the file has.
        var stations = ""
        if key.path == "upload.station", case .integer(let number) = value, number > 1 {
            stations = (1...number).map { "[[station]]\nserials = [\"ST-\($0)\"]\n" }.joined()
        }
        return ConfigurationLoader.resolve(
            fileText: "\(stations)[[\(key.section)]]\n\(url)\(key.name) = \(value.tomlText)\n", path: "test.toml", environment: [:])
    }

    private func isListKey(_ key: ConfigurationKey) -> Bool {
        ConfigurationSchema.listSections.contains(key.section)
    }

    /// How problems name `key`: `export[1].url` for the first table of a list section.
    private func label(_ key: ConfigurationKey) -> String {
        isListKey(key) ? "\(key.section)[1].\(key.name)" : key.path
    }

    @Test("every key refuses a value just outside its rule, from the file and the environment, naming the key", arguments: ConfigurationSchema.keys.map(\.path))
    func outsideRefused(path: String) throws {
        let key = try #require(ConfigurationSchema.key(path))
        for value in Self.valuesJustOutside(key.rule) {
            let loaded = file(key, value)
            #expect(loaded.problems.map(\.key) == [label(key)], "\(key.path) = \(value.tomlText) passed")
            #expect(loaded.problems.first?.description.contains("allowed: \(key.rule.allowed)") == true)
        }
        for value in Self.valuesJustInside(key.rule) {
            #expect(file(key, value).problems.isEmpty, "\(key.path) = \(value.tomlText) refused")
        }
        if let text = Self.environmentTextJustOutside(key.rule) {
            let loaded = ConfigurationLoader.resolve(fileText: nil, path: nil, environment: [key.environmentVariable: text])
            if isListKey(key) {
                // No variable sets a key of a list section: it is an unknown variable.
                #expect(loaded.problems.map(\.problem) == ["not a known variable"], "\(key.environmentVariable)=\(text) passed")
            } else {
                #expect(loaded.problems.map(\.key) == [key.path], "\(key.environmentVariable)=\(text) passed")
            }
        }
    }

    /// A variable's text just outside `rule`; nil for a list of names that
    /// only refuses the empty name (an empty variable is the empty list).
    static func environmentTextJustOutside(_ rule: ValueRule) -> String? {
        switch rule {
        case .integer(let range), .integerOrOff(let range): String(range.upperBound + 1)
        case .decimal(let range): String(range.lowerBound - 0.5)
        case .boolean: "maybe"
        case .choice(let words): words.joined() + "x"
        case .text(let rule): textJustOutside(rule)
        case .textList(let rule): textJustOutside(rule).isEmpty ? nil : textJustOutside(rule)
        case .endpointList: "192.168.1.10:50222,192.168.1.11:65536"
        }
    }

    @Test("mqtt.keepalive accepts exactly the keepalives the MQTT client takes: 0, or 5 to 65535")
    func keepaliveMatchesTheClient() throws {
        let rule = try #require(ConfigurationSchema.key("mqtt.keepalive")).rule
        var differing: [Int64] = []
        for seconds in Int64(-2)...70_000 {
            let schema = if case .success = rule.check(.integer(seconds)) { true } else { false }
            let client = Int32(exactly: seconds).map(MQTTConfiguration.acceptsKeepAlive) ?? false
            if schema != client { differing.append(seconds) }
        }
        #expect(differing.isEmpty, "schema and client differ at \(differing.prefix(10))")
        #expect(file(try #require(ConfigurationSchema.key("mqtt.keepalive")), .integer(3)).problems.first?.description
            == "line 2: mqtt.keepalive: 3 is out of range; allowed: 0 (off), or a whole number from 5 to 65535")
    }

    /// The whole numbers each library-fed key's consumer can hold: the MQTT
    /// client's fields, the socket APIs' 16-bit ports. Every whole-number key
    /// that feeds a library is listed, so a new one has to be looked at.
    static let consumers: [String: ClosedRange<Int64>] = [
        "udp.port": 1...Int64(UInt16.max),  // bind(2); 0 would be any port
        "metrics.port": 1...Int64(UInt16.max),
        "web.port": 1...Int64(UInt16.max),
        "mqtt.port": 1...Int64(UInt16.max),  // libmosquitto refuses 65536 and up
        "mqtt.qos": 0...1,  // the publisher's QoS: 0 or 1 (2 is not offered)
        "mqtt.session_expiry": 0...Int64(UInt32.max),  // MQTTConfiguration.sessionExpirySeconds
        "station.station_id": 1...Int64(Int32.max),
    ]

    @Test("every whole number a library-fed key accepts fits what the library takes")
    func libraryFedRangesFit() throws {
        for (path, consumer) in Self.consumers {
            let key = try #require(ConfigurationSchema.key(path))
            guard case .integer(let range) = key.rule else {
                Issue.record("\(path) is not a whole-number key")
                continue
            }
            #expect(consumer.contains(range.lowerBound) && consumer.contains(range.upperBound), "\(path): \(range) is wider than \(consumer)")
        }
    }

    @Test("a file that sets no key is valid, with a warning; one key is enough to make it count")
    func emptyFile() {
        for text in ["", "\n\n", "# only a comment\n", "[mqtt]\n# host = \"x\"\n"] {
            let loaded = ConfigurationLoader.resolve(fileText: text, path: "test.toml", environment: [:])
            #expect(loaded.problems.isEmpty)
            #expect(loaded.setsNoKey, "\(text.debugDescription)")
            #expect(loaded.warnings.count == 1)
            #expect(loaded.warnings.first?.contains("test.toml sets no key") == true)
        }
        let one = ConfigurationLoader.resolve(fileText: "[mqtt]\nhost = \"broker.lan\"\n", path: "test.toml", environment: [:])
        #expect(!one.setsNoKey && one.warnings.isEmpty)
        let none = ConfigurationLoader.resolve(fileText: nil, path: nil, environment: [:])
        #expect(!none.setsNoKey && none.warnings.isEmpty)
    }
}
