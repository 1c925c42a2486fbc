// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CMosquitto
import MQTT
import TempestTestKit
import Testing

/// The keepalives the client takes are libmosquitto's: a value it refuses
/// would fail every connect attempt, for ever.
@Suite("MQTT keepalive limits")
struct KeepAliveLimitTests {
    @Test("libmosquitto refuses exactly the keepalives MQTTConfiguration refuses")
    func libraryAgrees() throws {
        let closedPort = Int32(try FreePort.tcp())  // nothing listens: the attempt fails after the argument check
        let upper = MQTTConfiguration.keepAliveSecondsAllowed.upperBound
        let lower = MQTTConfiguration.keepAliveSecondsAllowed.lowerBound
        let probes: [Int32] = [-1, 0, 1, lower - 1, lower, lower + 1, 60, upper - 1, upper, upper + 1, 100_000]
        _ = mosquitto_lib_init()
        let handle = try #require(mosquitto_new("keepalive-probe", true, nil))
        defer { mosquitto_destroy(handle) }
        for seconds in probes {
            let status = mosquitto_connect_async(handle, "127.0.0.1", closedPort, seconds)
            let libraryTakes = status != MOSQ_ERR_INVAL.rawValue
            #expect(libraryTakes == MQTTConfiguration.acceptsKeepAlive(seconds), "keepalive \(seconds): libmosquitto said \(status)")
            mosquitto_disconnect(handle)
        }
    }

    @Test("a client with a keepalive libmosquitto refuses is not created, and the error says what is allowed")
    func refusedAtCreation() {
        var configuration = MQTTConfiguration(host: "127.0.0.1", port: 1, clientID: "keepalive-3")
        configuration.keepAliveSeconds = 3
        #expect {
            _ = try MQTTClient(configuration: configuration) { _ in }
        } throws: { error in
            let error = error as? MQTTError
            return error?.kind == .invalidArgument && error?.description.contains("0 (none) or 5 to 65535") == true
        }
        configuration.keepAliveSeconds = 0
        #expect(throws: Never.self) { _ = try MQTTClient(configuration: configuration) { _ in } }
    }
}
