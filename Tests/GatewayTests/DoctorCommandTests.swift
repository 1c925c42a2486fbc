// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// `doctor`: each check passes or fails with a hint.
@Suite("doctor command", .serialized)
struct DoctorCommandTests {
    @Test("broadcasts and a broker answering: passes; no database yet: a warning")
    func healthy() throws {
        let broker = try MosquittoBroker()
        let directory = try TemporaryDirectory()
        let udpPort = try FreePort.udp()
        let doctor = try ChildProcess(
            executable: Gateway.path,
            arguments: [
                "doctor", "--json", "--port", String(udpPort), "--seconds", "10", "--mqtt-host", "127.0.0.1", "--mqtt-port",
                String(broker.port), "--database", directory.file("none.db"),
            ])
        try doctor.start()
        usleep(700_000)
        let sender = try UDPSender(port: udpPort)
        try sender.send(#"{"serial_number":"HB-00012345","type":"hub_status","timestamp":1720850405,"seq":1}"#)
        let result = try doctor.wait(timeoutSeconds: 30)
        #expect(result.status == 0, "\(result.standardOutput) \(result.standardError)")
        let checks = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        func outcome(_ prefix: String) -> String? {
            checks.first { ($0["check"] as? String)?.hasPrefix(prefix) == true }?["result"] as? String
        }
        #expect(outcome("hub broadcasts arrive") == "pass")
        #expect(outcome("UDP port") == "pass")
        #expect(outcome("MQTT broker") == "pass")
        #expect(outcome("database") == "warn")
        #expect(outcome("system clock") == "pass")
        #expect(outcome("disk space") != nil)
    }

    @Test("silence and no broker: failures with what to do, exit status 1")
    func failing() throws {
        let udpPort = try FreePort.udp()
        let closedPort = try FreePort.tcp()
        let result = try Gateway.run([
            "doctor", "--port", String(udpPort), "--seconds", "1", "--mqtt-host", "127.0.0.1", "--mqtt-port", String(closedPort),
        ], environment: ["NO_COLOR": "1"])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("FAIL: hub broadcasts arrive"))
        #expect(result.standardOutput.contains("What to do: check that the hub is online"))
        #expect(result.standardOutput.contains("FAIL: MQTT broker 127.0.0.1 accepts the gateway: connection refused"))
    }

    @Test("broadcasts from a serial outside the configured station: a warning that names it")
    func foreignSerial() throws {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        try """
            [station]
            serials = ["HB-00099999", "ST-00099999"]
            [mqtt]
            enabled = false
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let udpPort = try FreePort.udp()
        let doctor = try ChildProcess(
            executable: Gateway.path,
            arguments: ["doctor", "--config", config, "--port", String(udpPort), "--seconds", "10", "--database", directory.file("none.db")],
            environment: ["NO_COLOR": "1"])
        try doctor.start()
        usleep(700_000)
        let sender = try UDPSender(port: udpPort)
        try sender.send(#"{"serial_number":"HB-00012345","type":"hub_status","timestamp":1720850405,"seq":1}"#)
        let result = try doctor.wait(timeoutSeconds: 30)
        #expect(result.standardOutput.contains(
            "WARN: broadcasts come from the configured station: Heard HB-00012345, which is not in this station"))
        #expect(result.standardOutput.contains("Not heard yet: HB-00099999 of this station."))
    }
}
