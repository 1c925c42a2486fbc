// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// `status` asks the running gateway over its socket.
@Suite("status command")
struct StatusCommandTests {
    @Test("reports devices, counters, MQTT and the database; says so when nothing runs")
    func status() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("g.db")
        let notRunning = try Gateway.run(["status", "--database", database])
        #expect(notRunning.status == 1)
        #expect(notRunning.standardError.contains("The gateway is not running"))

        let port = try FreePort.udp()
        let gateway = try ChildProcess(
            executable: Gateway.path,
            arguments: ["run", "--database", database, "--udp-address", "127.0.0.1", "--udp-port", String(port), "--print", "none", "--no-mqtt"])
        try gateway.start()
        #expect(gateway.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains("Listening") })
        let sample = try String(contentsOfFile: BuiltProducts.packageRoot + "/Samples/sample-day.jsonl", encoding: .utf8)
        let lines = sample.split(separator: "\n").prefix(100)
        let sender = try UDPSender(port: port)
        for line in lines { try sender.send(String(line)) }
        try sender.send("not json")
        usleep(500_000)

        let result = try Gateway.run(["status", "--json", "--database", database])
        #expect(result.status == 0, "\(result.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let udp = try #require(report["udp"] as? [String: Any])
        #expect(udp["received"] as? Int == lines.count + 1)
        #expect(udp["decoded"] as? Int == lines.count)
        #expect((udp["rejected_by_reason"] as? [String: Int])?["invalid_json"] == 1)
        let devices = try #require(report["devices"] as? [[String: Any]])
        let tempest = try #require(devices.first { $0["serial_number"] as? String == "ST-00054321" })
        let ages = try #require(tempest["last_message_age_seconds"] as? [String: Int])
        #expect(ages["obs_st"] != nil && ages["rapid_wind"] != nil)
        #expect(tempest["power_save_mode"] as? Int == 0)
        #expect((report["mqtt"] as? [String: Any])?["enabled"] as? Bool == false)
        #expect((report["database"] as? [String: Any])?["writable"] as? Bool == true)

        let text = try Gateway.run(["status", "--database", database])
        #expect(text.standardOutput.contains("Device ST-00054321: last heard"))
        #expect(text.standardOutput.contains("Rejections by reason: invalid_json 1."))
        #expect(text.standardOutput.contains("MQTT: off."))
        #expect(text.standardOutput.contains("Newest observation from ST-00054321, "))
        #expect(text.standardOutput.contains("degrees Celsius"))
        let imperial = try Gateway.run(["status", "--database", database, "--units", "imperial"])
        #expect(imperial.standardOutput.contains("Newest observation from ST-00054321, "))
        #expect(imperial.standardOutput.contains("degrees Fahrenheit"))
        #expect(!imperial.standardOutput.contains("degrees Celsius"))
        gateway.send(signal: SIGTERM)
        _ = try gateway.wait(timeoutSeconds: 30)
        #expect(!FileManager.default.fileExists(atPath: database + ".sock"))
    }

    @Test("/healthz and /metrics on loopback")
    func metrics() throws {
        let directory = try TemporaryDirectory()
        let udpPort = try FreePort.udp()
        let metricsPort = try FreePort.tcp()
        let gateway = try Gateway.startWithMetrics(database: directory.file("g.db"), udpPort: udpPort, metricsPort: metricsPort)
        #expect(gateway.standardErrorSoFar.contains("Listening"))
        let sender = try UDPSender(port: udpPort)
        try sender.send(#"{"serial_number":"ST-1","type":"rapid_wind","ob":[1720850403,2.5,90]}"#)
        try sender.send("garbage")
        usleep(400_000)
        let health = try ChildProcess.run(executable: "/usr/bin/curl", arguments: ["-s", "-i", "http://127.0.0.1:\(metricsPort)/healthz"])
        #expect(health.standardOutput.hasPrefix("HTTP/1.1 200"))
        #expect(health.standardOutput.hasSuffix("ok\n"))
        let metrics = try ChildProcess.run(executable: "/usr/bin/curl", arguments: ["-s", "http://127.0.0.1:\(metricsPort)/metrics"])
        #expect(metrics.standardOutput.contains("# TYPE tempest_gateway_datagrams_received_total counter"))
        #expect(metrics.standardOutput.contains("tempest_gateway_datagrams_received_total 2"))
        #expect(metrics.standardOutput.contains(#"tempest_gateway_datagrams_rejected_total{reason="invalid_json"} 1"#))
        #expect(metrics.standardOutput.contains(#"tempest_gateway_device_last_message_age_seconds{serial="ST-1",type="rapid_wind"}"#))
        let missing = try ChildProcess.run(executable: "/usr/bin/curl", arguments: ["-s", "-o", "/dev/null", "-w", "%{http_code}", "http://127.0.0.1:\(metricsPort)/nothing"])
        #expect(missing.standardOutput == "404")
        gateway.send(signal: SIGTERM)
        _ = try gateway.wait(timeoutSeconds: 30)
    }
}
