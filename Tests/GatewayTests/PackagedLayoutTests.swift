// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// The packaged daemon, started as the systemd unit starts it, is found by
/// `status` with no options; the version comes from the VERSION file.
@Suite("packaged layout")
struct PackagedLayoutTests {
    /// The unit's `ExecStart=` arguments, after the binary's path.
    static func unitArguments() throws -> [String] {
        let unit = try String(contentsOfFile: BuiltProducts.packageRoot + "/packaging/tempest-gateway.service", encoding: .utf8)
        let lines = unit.split(separator: "\n").map(String.init)
        #expect(lines.contains("StateDirectory=tempest-gateway"))
        #expect(lines.contains("RuntimeDirectory=tempest-gateway"))
        let execStart = try #require(lines.first { $0.hasPrefix("ExecStart=") })
        let words = execStart.dropFirst("ExecStart=".count).split(separator: " ").map(String.init)
        #expect(words.first == "/usr/bin/tempest-gateway")
        return Array(words.dropFirst())
    }

    @Test("status with no options reaches a daemon started as the unit starts it")
    func statusFindsTheService() throws {
        // The directories systemd makes for the unit, under a temporary root:
        // DynamicUser= puts the state in /var/lib/private/<name> behind a
        // symbolic link at /var/lib/<name>, which is what STATE_DIRECTORY names.
        let root = try TemporaryDirectory()
        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: root.file("var/lib/private/tempest-gateway"), withIntermediateDirectories: true)
        try fileManager.createSymbolicLink(atPath: root.file("var/lib/tempest-gateway"), withDestinationPath: "private/tempest-gateway")
        try fileManager.createDirectory(atPath: root.file("run/tempest-gateway"), withIntermediateDirectories: true)
        let port = try FreePort.udp()
        let gateway = try ChildProcess(
            executable: Gateway.path, arguments: try Self.unitArguments(),
            environment: [
                "STATE_DIRECTORY": root.file("var/lib/tempest-gateway"),
                "RUNTIME_DIRECTORY": root.file("run/tempest-gateway"),
                "CONFIGURATION_DIRECTORY": root.file("etc/tempest-gateway"),
                // What a drop-in would set for a test: loopback, a free port, no broker.
                "TEMPEST_GATEWAY_UDP_ADDRESS": "127.0.0.1", "TEMPEST_GATEWAY_UDP_PORT": String(port),
                "TEMPEST_GATEWAY_MQTT_ENABLED": "false",
            ])
        try gateway.start()
        #expect(gateway.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains("Listening") }, "\(gateway.standardErrorSoFar)")
        #expect(fileManager.fileExists(atPath: root.file("run/tempest-gateway/tempest-gateway.sock")))
        #expect(fileManager.fileExists(atPath: root.file("var/lib/private/tempest-gateway/tempest-gateway.db")))
        #expect(!fileManager.fileExists(atPath: root.file("var/lib/private/tempest-gateway/tempest-gateway.db.sock")))

        // A user's shell: no systemd variables, only the packaged paths moved under the root.
        let user = ["TEMPEST_PACKAGED_ROOT": root.path]
        let status = try Gateway.run(["status"], environment: user)
        #expect(status.status == 0, "\(status.standardError)")
        let version = try Self.versionFile()
        #expect(status.standardOutput.contains("Gateway version \(version)"))
        let json = try Gateway.run(["status", "--json"], environment: user)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let database = try #require(report["database"] as? [String: Any])
        #expect(database["path"] as? String == root.file("var/lib/tempest-gateway/tempest-gateway.db"))
        // The commands that read the database find the service's too.
        let history = try Gateway.run(["history"], environment: user)
        #expect(history.status == 0, "\(history.standardError)")
        #expect(history.standardOutput.contains(root.file("var/lib/tempest-gateway/tempest-gateway.db")))
        // The old way of naming the service's database still reaches it.
        let named = try Gateway.run(["status", "--database", root.file("var/lib/tempest-gateway/tempest-gateway.db")], environment: user)
        #expect(named.status == 0, "\(named.standardError)")

        gateway.send(signal: SIGTERM)
        #expect(try gateway.wait(timeoutSeconds: 30).status == 0)
        #expect(!fileManager.fileExists(atPath: root.file("run/tempest-gateway/tempest-gateway.sock")))
        let stopped = try Gateway.run(["status"], environment: user)
        #expect(stopped.status == 1)
        #expect(stopped.standardError.contains("The gateway is not running"))
    }

    @Test("the relay's unit runs `relay` with no state and no runtime directory, and its command relays as configured")
    func relayUnit() throws {
        let unit = try String(
            contentsOfFile: BuiltProducts.packageRoot + "/packaging/tempest-gateway-relay.service", encoding: .utf8)
        let lines = unit.split(separator: "\n").map(String.init)
        #expect(lines.contains("ExecStart=/usr/bin/tempest-gateway relay"))
        #expect(lines.contains("DynamicUser=yes"))
        #expect(lines.contains("Type=notify"))
        #expect(!lines.contains { $0.hasPrefix("StateDirectory=") || $0.hasPrefix("RuntimeDirectory=") })
        // The unit's command, with what a drop-in would set for a test:
        // loopback, a free port, a target on loopback.
        let receiver = try UDPReceiver()
        let port = try FreePort.udp()
        let relay = try ChildProcess(
            executable: Gateway.path, arguments: ["relay", "--seconds", "20"],
            environment: [
                "TEMPEST_GATEWAY_UDP_ADDRESS": "127.0.0.1", "TEMPEST_GATEWAY_UDP_PORT": String(port),
                "TEMPEST_GATEWAY_UDP_RELAY": receiver.target,
            ])
        try relay.start()
        defer {
            relay.send(signal: SIGKILL)
            _ = try? relay.wait(timeoutSeconds: 5)
        }
        #expect(relay.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains("Relaying") }, "\(relay.standardErrorSoFar)")
        let datagram = Array(#"{"serial_number":"ST-00000045","type":"rapid_wind","ob":[1705334403,3.27,194]}"#.utf8)
        try UDPSender(port: port).send(datagram)
        #expect(receiver.receive(count: 1, timeoutSeconds: 20) == [datagram])
        relay.send(signal: SIGTERM)
        #expect(try relay.wait(timeoutSeconds: 20).status == 0)
    }

    @Test("--version prints the VERSION file")
    func versionFromTheFile() throws {
        let result = try Gateway.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == (try Self.versionFile()))
    }

    @Test("the Home Assistant add-on names the VERSION file's version")
    func addOnVersion() throws {
        let text = try String(
            contentsOfFile: BuiltProducts.packageRoot + "/packaging/homeassistant-addon/config.yaml", encoding: .utf8)
        let line = text.split(separator: "\n").first { $0.hasPrefix("version:") }
        #expect(line.map(String.init) == "version: \"\(try Self.versionFile())\"")
    }

    /// The first line of VERSION at the package root.
    static func versionFile() throws -> String {
        let text = try String(contentsOfFile: BuiltProducts.packageRoot + "/VERSION", encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first)
        #expect(!line.isEmpty)
        return line.trimmingCharacters(in: .whitespaces)
    }
}
