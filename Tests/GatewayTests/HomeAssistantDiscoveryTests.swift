// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import GatewayCore
import Pipeline
import TempestTestKit
import Testing

/// Home Assistant MQTT discovery, checked field by field on a real broker.
@Suite("Home Assistant discovery", .serialized)
struct HomeAssistantDiscoveryTests {
    /// topic → payload of every `-v` line whose topic starts with `prefix`.
    func messages(_ output: String, prefix: String) -> [(topic: String, payload: String)] {
        output.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].hasPrefix(prefix) else { return nil }
            return (String(parts[0]), String(parts[1]))
        }
    }

    func object(_ payload: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any])
    }

    @Test("devices, entities, availability, and a re-announce when Home Assistant restarts")
    func discovery() throws {
        let broker = try MosquittoBroker()
        let watcher = try ChildProcess(
            executable: "/usr/bin/mosquitto_sub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "homeassistant/#", "-t", "tempest/+/availability", "-t", "tempest/gateway/#", "-v"])
        try watcher.start()
        usleep(300_000)
        let directory = try TemporaryDirectory()
        let udpPort = try FreePort.udp()
        let gateway = try ChildProcess(
            executable: Gateway.path,
            arguments: [
                "run", "--database", directory.file("g.db"), "--udp-address", "127.0.0.1", "--udp-port", String(udpPort),
                "--print", "none", "--mqtt-host", "127.0.0.1", "--mqtt-port", String(broker.port),
            ])
        try gateway.start()
        #expect(gateway.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains("Listening") })
        let sample = try String(contentsOfFile: BuiltProducts.packageRoot + "/Samples/sample-day.jsonl", encoding: .utf8)
        let file = directory.file("part.jsonl")
        try (sample.split(separator: "\n").prefix(200).joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try Gateway.run(["replay", file, "--speed", "0", "--to", "127.0.0.1:\(udpPort)"]).status == 0)
        let configTopic = "homeassistant/sensor/ST-00054321/air_temperature/config"
        #expect(watcher.waitFor(timeoutSeconds: 15) { $0.standardOutputSoFar.contains(configTopic) })
        usleep(500_000)

        // The newest config of a topic counts: the first may come from a
        // message without firmware, which then goes in that one config.
        let seen = messages(watcher.standardOutputSoFar, prefix: "homeassistant/")
        // Every other config goes out once, firmware or not.
        #expect(seen.filter { $0.topic == "homeassistant/sensor/ST-00054321/rain_today/config" }.count == 1)
        #expect(seen.filter { $0.topic == "homeassistant/sensor/HB-00012345/firmware_revision/config" }.count == 1)
        let temperature = try object(try #require(seen.last { $0.topic == configTopic }).payload)
        #expect(temperature["name"] as? String == "Temperature")
        #expect(temperature["unique_id"] as? String == "st_00054321_air_temperature")
        #expect(temperature["state_topic"] as? String == "tempest/ST-00054321/air_temperature")
        #expect(temperature["device_class"] as? String == "temperature")
        #expect(temperature["unit_of_measurement"] as? String == "°C")
        #expect(temperature["state_class"] as? String == "measurement")
        #expect(temperature["suggested_display_precision"] as? Int == 1)
        #expect(temperature["last_reset"] == nil)
        #expect(temperature["availability_mode"] as? String == "all")
        let availability = try #require(temperature["availability"] as? [[String: Any]])
        #expect(availability.compactMap { $0["topic"] as? String } == ["tempest/gateway/status", "tempest/ST-00054321/availability"])
        let device = try #require(temperature["device"] as? [String: Any])
        #expect(device["identifiers"] as? [String] == ["tempest_st_00054321"])
        #expect(device["manufacturer"] as? String == "WeatherFlow")
        #expect(device["model"] as? String == "Tempest")
        #expect(device["via_device"] as? String == "tempest_hb_00012345")
        #expect(device["sw_version"] as? String == "179")

        let rainToday = try object(try #require(seen.last { $0.topic == "homeassistant/sensor/ST-00054321/rain_today/config" }).payload)
        #expect(rainToday["state_class"] as? String == "total_increasing")
        #expect(rainToday["device_class"] as? String == "precipitation")
        let distance = try object(try #require(seen.first { $0.topic.hasSuffix("ST-00054321/lightning_strike_last_distance/config") }).payload)
        #expect(distance["device_class"] as? String == "distance")
        #expect(distance["unit_of_measurement"] as? String == "km")
        let lastStrike = try object(try #require(seen.first { $0.topic.hasSuffix("ST-00054321/lightning_strike_last_time/config") }).payload)
        #expect(lastStrike["device_class"] as? String == "timestamp")
        let failure = try object(try #require(seen.first { $0.topic == "homeassistant/binary_sensor/ST-00054321/sensor_failure/config" }).payload)
        #expect(failure["device_class"] as? String == "problem")
        #expect(failure["payload_on"] as? String == "ON")
        #expect(failure["entity_category"] as? String == "diagnostic")
        let hubSignal = try object(try #require(seen.last { $0.topic == "homeassistant/sensor/HB-00012345/rssi/config" }).payload)
        #expect(hubSignal["entity_category"] as? String == "diagnostic")
        #expect((hubSignal["device"] as? [String: Any])?["model"] as? String == "Hub")
        #expect((hubSignal["device"] as? [String: Any])?["via_device"] == nil)
        #expect((hubSignal["device"] as? [String: Any])?["name"] as? String == "Hub HB-00012345")
        #expect((hubSignal["device"] as? [String: Any])?["sw_version"] as? String != nil, "the firmware reached the device")
        // No elevation configured: no sea-level pressure entity.
        // (mosquitto_sub shows an empty message as "(null)".)
        let seaLevel = seen.last { $0.topic == "homeassistant/sensor/ST-00054321/sea_level_pressure/config" }
        #expect(seaLevel.map { $0.payload.isEmpty || $0.payload == "(null)" } == true)
        // The gateway device and its values.
        #expect(seen.contains { $0.topic == "homeassistant/binary_sensor/tempest_gateway_tempest/status/config" })
        #expect(watcher.waitFor(timeoutSeconds: 10) { $0.standardOutputSoFar.contains("tempest/gateway/version \(GatewayVersion.current)") })
        #expect(watcher.standardOutputSoFar.contains("tempest/gateway/datagrams_received "))
        #expect(watcher.standardOutputSoFar.contains("tempest/ST-00054321/availability online"))

        // Home Assistant restarts: everything is announced again.
        let before = seen.filter { $0.topic == configTopic }.count
        #expect(try ChildProcess.run(
            executable: "/usr/bin/mosquitto_pub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "homeassistant/status", "-m", "online"]).status == 0)
        #expect(watcher.waitFor(timeoutSeconds: 10) { messages($0.standardOutputSoFar, prefix: "homeassistant/").filter { $0.topic == configTopic }.count > before })

        // The gateway device's button: everything is announced again.
        let rainTopic = "homeassistant/sensor/ST-00054321/rain_today/config"
        let rainBefore = messages(watcher.standardOutputSoFar, prefix: "homeassistant/").filter { $0.topic == rainTopic }.count
        #expect(try ChildProcess.run(
            executable: "/usr/bin/mosquitto_pub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "tempest/gateway/command", "-m", "announce"]).status == 0)
        #expect(watcher.waitFor(timeoutSeconds: 10) { messages($0.standardOutputSoFar, prefix: "homeassistant/").filter { $0.topic == rainTopic }.count > rainBefore })
        gateway.send(signal: SIGTERM)
        _ = try gateway.wait(timeoutSeconds: 30)
    }
}
