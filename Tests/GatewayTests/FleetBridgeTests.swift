// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// docs/fleet.md's Mosquitto bridge, as written there, between a site's
/// broker and a central one (two real mosquittos on 127.0.0.1; only the
/// central address and the queue's folder are made local): what it sends,
/// what it leaves out, what it brings back, and what it holds while the
/// centre is away.
@Suite("fleet recipe: the Mosquitto bridge")
struct FleetBridgeTests {
    static let site = "tempest/berlin"
    static let watcher = MosquittoBroker.User(name: "watcher", password: "watcher-password")

    /// The ```conf block of docs/fleet.md with its central address and
    /// persistence folder replaced.
    static func bridgeConfiguration(centralPort: UInt16, folder: String) throws -> [String] {
        let text = try String(contentsOfFile: BuiltProducts.packageRoot + "/docs/fleet.md", encoding: .utf8)
        guard let start = text.range(of: "```conf\n"), let end = text.range(of: "\n```", range: start.upperBound..<text.endIndex) else {
            throw TestKitError("docs/fleet.md has no ```conf block")
        }
        let lines = text[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
        let replaced = [
            "address mqtt.example.net:8883": "address 127.0.0.1:\(centralPort)",
            "persistence_location /var/lib/mosquitto/": "persistence_location \(folder)/",
        ]
        for line in replaced.keys where !lines.contains(line) {
            throw TestKitError("docs/fleet.md's bridge has no line \"\(line)\" for the test to replace")
        }
        return lines.map { replaced[$0] ?? $0 }
    }

    /// The user and password the bridge of docs/fleet.md logs in with.
    static func bridgeUser(_ lines: [String]) -> MosquittoBroker.User {
        let value = { (key: String) in lines.first { $0.hasPrefix(key + " ") }.map { String($0.dropFirst(key.count + 1)) } ?? "" }
        return MosquittoBroker.User(name: value("remote_username"), password: value("remote_password"))
    }

    /// mosquitto_sub on `broker` at QoS 1, printing `topic payload` lines;
    /// with `session`, a persistent session of that client id. It is
    /// subscribed once it printed a retained message of its topics (its
    /// output reaches the file only as it prints messages).
    static func subscriber(port: UInt16, topics: [String], user: MosquittoBroker.User?, session: String? = nil) throws -> ChildProcess {
        var arguments = ["-h", "127.0.0.1", "-p", String(port), "-q", "1", "-v"] + topics.flatMap { ["-t", $0] }
        if let user { arguments += ["-u", user.name, "-P", user.password] }
        if let session { arguments += ["-i", session, "-c"] }
        let child = try ChildProcess(executable: "/usr/bin/mosquitto_sub", arguments: arguments)
        try child.start()
        return child
    }

    static func publish(port: UInt16, topic: String, message: String, retain: Bool = false, user: MosquittoBroker.User? = nil) throws {
        var arguments = ["-h", "127.0.0.1", "-p", String(port), "-q", "1", "-t", topic, "-m", message]
        if retain { arguments.append("-r") }
        if let user { arguments += ["-u", user.name, "-P", user.password] }
        let result = try ChildProcess.run(executable: "/usr/bin/mosquitto_pub", arguments: arguments, timeoutSeconds: 30)
        #expect(result.status == 0, "mosquitto_pub \(topic): \(result.standardError)")
    }

    /// Waits (at most `seconds`) until `child` printed `text`.
    static func waitForOutput(_ child: ChildProcess, _ text: String, seconds: Double = 60) -> Bool {
        child.waitFor(timeoutSeconds: seconds) { $0.standardOutputSoFar.contains(text) }
    }

    @Test("values, the chosen events and discovery go to the centre, 3-second wind does not; Home Assistant's status comes back; the site queues while the centre is away")
    func bridge() throws {
        let folder = try TemporaryDirectory(prefix: "fleet-bridge")
        // The centre knows the bridge's user (what that user may do is the centre's ACL, not the recipe).
        let bridgeUser = Self.bridgeUser(try Self.bridgeConfiguration(centralPort: 0, folder: folder.path))
        let central = try MosquittoBroker(users: [Self.watcher, bridgeUser], persistent: true)
        let siteBroker = try MosquittoBroker(
            extraConfiguration: try Self.bridgeConfiguration(centralPort: central.port, folder: folder.path))

        // Subscribed, and the bridge is up: its retained state says 1.
        let watcher = try Self.subscriber(
            port: central.port, topics: ["\(Self.site)/#", "homeassistant/sensor/#"], user: Self.watcher, session: "fleet-watcher")
        #expect(Self.waitForOutput(watcher, "\(Self.site)/bridge/state 1"), "the bridge never came up: \(siteBroker.log)")
        let serial = "ST-00054321"
        try Self.publish(port: siteBroker.port, topic: "\(Self.site)/\(serial)/air_temperature", message: "21.5", retain: true)
        let discovery = "homeassistant/sensor/\(serial)/air_temperature/config"
        try Self.publish(port: siteBroker.port, topic: discovery, message: #"{"name":"Temperature"}"#, retain: true)
        try Self.publish(port: siteBroker.port, topic: "\(Self.site)/\(serial)/event/rapid_wind", message: #"{"wind_speed":1.5}"#)
        try Self.publish(port: siteBroker.port, topic: "\(Self.site)/\(serial)/event/observation", message: #"{"n":1}"#)
        // One connection, QoS 1, in order: the 3-second wind would have come before the observation.
        #expect(Self.waitForOutput(watcher, "\(Self.site)/\(serial)/event/observation {\"n\":1}"), "\(watcher.standardOutputSoFar)")
        #expect(watcher.standardOutputSoFar.contains("\(Self.site)/\(serial)/air_temperature 21.5"))
        #expect(watcher.standardOutputSoFar.contains(#"\#(discovery) {"name":"Temperature"}"#))
        #expect(!watcher.standardOutputSoFar.contains("rapid_wind"))

        try Self.publish(port: siteBroker.port, topic: "fleet-test/ready", message: "yes", retain: true)
        let homeAssistant = try Self.subscriber(port: siteBroker.port, topics: ["homeassistant/status", "fleet-test/ready"], user: nil)
        #expect(Self.waitForOutput(homeAssistant, "fleet-test/ready yes"))
        try Self.publish(port: central.port, topic: "homeassistant/status", message: "online", user: Self.watcher)
        #expect(Self.waitForOutput(homeAssistant, "homeassistant/status online"), "\(homeAssistant.standardOutputSoFar)")
        homeAssistant.send(signal: SIGTERM)

        // The centre goes away; what the site publishes meanwhile arrives once it is back.
        central.stop()
        try Self.publish(port: siteBroker.port, topic: "\(Self.site)/\(serial)/event/observation", message: #"{"n":2}"#)
        try central.start()
        #expect(
            Self.waitForOutput(watcher, "\(Self.site)/\(serial)/event/observation {\"n\":2}", seconds: 120),
            "\(watcher.standardOutputSoFar)\n\(siteBroker.log)")
        watcher.send(signal: SIGTERM)
    }
}
