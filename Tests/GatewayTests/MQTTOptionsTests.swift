// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import MQTT
import Testing
@testable import CloudFollowing
@testable import Forecasting
@testable import Gateway
@testable import GatewayCore
@testable import GatewayStatus
@testable import MQTTSink
@testable import Pipeline
@testable import WebPage

/// The broker options of `run`, over the configuration's `[mqtt]`, become
/// the client's configuration.
@Suite("MQTT options")
struct MQTTOptionsTests {
    /// The client configuration from `arguments` over `[mqtt]` of `file`.
    func configuration(_ arguments: [String], file: String = "") throws -> MQTTConfiguration {
        let loaded = ConfigurationLoader.resolve(fileText: file, path: "test.toml", environment: [:])
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        return try MQTTOptions.parse(arguments).applied(to: loaded.configuration.mqtt).clientConfiguration()
    }

    @Test("by default: MQTT 5, keepalive 60 s, no persistent session")
    func defaults() throws {
        let configuration = try configuration([])
        #expect(configuration.protocolVersion == .v5)
        #expect(configuration.keepAliveSeconds == 60)
        #expect(!configuration.persistentSession)
    }

    @Test("a persistent session with its expiry, and the keepalive, from options or from the file")
    func persistentSession() throws {
        let fromOptions = try configuration(["--mqtt-persistent-session", "--mqtt-session-expiry", "86400", "--mqtt-keepalive", "30"])
        #expect(fromOptions.persistentSession)
        #expect(fromOptions.sessionExpirySeconds == 86400)
        #expect(fromOptions.keepAliveSeconds == 30)
        let fromFile = try configuration([], file: "[mqtt]\npersistent_session = true\nsession_expiry = 600\nkeepalive = 15\n")
        #expect(fromFile.persistentSession)
        #expect(fromFile.sessionExpirySeconds == 600)
        #expect(fromFile.keepAliveSeconds == 15)
        let overridden = try configuration(["--mqtt-keepalive", "45"], file: "[mqtt]\nkeepalive = 15\n")
        #expect(overridden.keepAliveSeconds == 45)
    }

    @Test("a keepalive libmosquitto refuses is refused here", arguments: ["1", "4", "65536", "-1"])
    func badKeepalive(value: String) {
        #expect(throws: (any Error).self) { try MQTTOptions.parse(["--mqtt-keepalive", value]) }
    }
}
