import MQTT
import Testing
@testable import Gateway

/// The broker options of `run` become the client's configuration.
@Suite("MQTT options")
struct MQTTOptionsTests {
    @Test("by default: MQTT 5, keepalive 60 s, no persistent session")
    func defaults() throws {
        let configuration = try MQTTOptions.parse([]).configuration()
        #expect(configuration.protocolVersion == .v5)
        #expect(configuration.keepAliveSeconds == 60)
        #expect(!configuration.persistentSession)
    }

    @Test("a persistent session with its expiry, and the keepalive")
    func persistentSession() throws {
        let configuration = try MQTTOptions.parse([
            "--mqtt-persistent-session", "--mqtt-session-expiry", "86400", "--mqtt-keepalive", "30",
        ]).configuration()
        #expect(configuration.persistentSession)
        #expect(configuration.sessionExpirySeconds == 86400)
        #expect(configuration.keepAliveSeconds == 30)
    }

    @Test("a keepalive libmosquitto refuses is refused here", arguments: ["1", "4", "65536", "-1"])
    func badKeepalive(value: String) {
        #expect(throws: (any Error).self) { try MQTTOptions.parse(["--mqtt-keepalive", value]) }
    }
}
