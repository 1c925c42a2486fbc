// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// `run` with `[udp] relay`: the built binary forwards exactly the datagrams
/// it admits to a target on another port, byte for byte and in order, and
/// counts them in `status` and /metrics.
@Suite("run: udp.relay")
struct RelayRunTests {
    @Test("valid, repeated, future and hostile datagrams in: exactly the admitted ones out, counted in status and /metrics")
    func relaysTheAdmitted() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("g.db")
        let receiver = try UDPReceiver()
        let config = directory.file("config.toml")
        try "[udp]\nrelay = [\"\(receiver.target)\"]\n".write(toFile: config, atomically: true, encoding: .utf8)
        let udpPort = try FreePort.udp()
        let metricsPort = try FreePort.tcp()
        let gateway = try Gateway.startWithMetrics(
            database: database, udpPort: udpPort, metricsPort: metricsPort, extra: ["--config", config, "--no-forecast"])
        defer {
            gateway.send(signal: SIGTERM)
            _ = try? gateway.wait(timeoutSeconds: 30)
        }
        #expect(gateway.standardErrorSoFar.contains("Relaying admitted datagrams, byte for byte, to \(receiver.target)."))
        let traffic = try RelayTraffic()
        try traffic.send(to: udpPort)
        let received = receiver.receive(count: traffic.expected.count, timeoutSeconds: 20)
        #expect(received == traffic.expected, "\(RelayTraffic.text(received))")

        let count = traffic.expected.count
        let status = try Gateway.run(["status", "--json", "--database", database])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any])
        let udp = try #require(report["udp"] as? [String: Any])
        #expect(udp["relayed"] as? Int == count)
        #expect(udp["duplicates"] as? Int == 1)
        #expect(udp["future_timestamp"] as? Int == 1)
        let targets = try #require(udp["relay"] as? [[String: Any]])
        #expect(targets.count == 1)
        #expect(targets.first?["target"] as? String == receiver.target)
        #expect(targets.first?["sent"] as? Int == count)
        #expect(targets.first?["failures"] as? Int == 0)
        #expect(targets.first?.keys.contains("last_error") == true)
        let text = try Gateway.run(["status", "--database", database])
        #expect(text.standardOutput.contains("Relay to \(receiver.target): sent \(count), failed 0."))
        let metrics = try Gateway.scrapeMetrics(port: metricsPort)
        #expect(metrics.contains("tempest_gateway_datagrams_relayed_total \(count)\n"))
        #expect(metrics.contains("tempest_gateway_relay_sent_total{target=\"\(receiver.target)\"} \(count)\n"))
        #expect(metrics.contains("tempest_gateway_relay_failures_total{target=\"\(receiver.target)\"} 0\n"))
    }

    @Test("without udp.relay nothing is relayed; status and /metrics say 0")
    func noRelay() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("g.db")
        let udpPort = try FreePort.udp()
        let metricsPort = try FreePort.tcp()
        let gateway = try Gateway.startWithMetrics(database: database, udpPort: udpPort, metricsPort: metricsPort, extra: ["--no-forecast"])
        defer {
            gateway.send(signal: SIGTERM)
            _ = try? gateway.wait(timeoutSeconds: 30)
        }
        #expect(!gateway.standardErrorSoFar.contains("Relaying"))
        let status = try Gateway.run(["status", "--json", "--database", database])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any])
        let udp = try #require(report["udp"] as? [String: Any])
        #expect(udp["relayed"] as? Int == 0)
        #expect((udp["relay"] as? [Any])?.isEmpty == true)
        let metrics = try Gateway.scrapeMetrics(port: metricsPort)
        #expect(metrics.contains("tempest_gateway_datagrams_relayed_total 0\n"))
        #expect(!metrics.contains("tempest_gateway_relay_sent_total"))
    }

    @Test("a bad udp.relay stops run with the key, the line and what is wrong")
    func badTarget() throws {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        try "[udp]\nrelay = [\"weewx.lan:50222\"]\n".write(toFile: config, atomically: true, encoding: .utf8)
        let result = try Gateway.run(["run", "--config", config, "--database", directory.file("g.db"), "--no-mqtt"])
        #expect(result.status == 78)
        #expect(
            result.standardError.contains(
                #"line 2: udp.relay: "weewx.lan:50222": the part before the colon is not a numeric IPv4 address (host names are not resolved)"#),
            "\(result.standardError)")
    }
}
