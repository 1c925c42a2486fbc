// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Storage
import Testing
import TempestTestKit

/// SIGHUP: `run` reads its configuration again while it keeps listening;
/// nothing sent meanwhile is lost, and a broken file changes nothing.
@Suite("configuration reload on SIGHUP", .serialized)
struct ReloadTests {
    /// A configuration that listens on `udpPort`, stores in `directory` and
    /// publishes to the broker on `brokerPort` (its `[mqtt]` table last, so
    /// that more of its keys can follow), without Home Assistant.
    static func mqttConfiguration(udpPort: UInt16, directory: TemporaryDirectory, brokerPort: UInt16) -> String {
        """
        [udp]
        address = "127.0.0.1"
        port = \(udpPort)
        [storage]
        database = "\(directory.file("g.db"))"
        [mqtt]
        host = "127.0.0.1"
        homeassistant = false
        port = \(brokerPort)
        """
    }

    /// Starts `run --config config` with `extra` options and waits until it listens.
    static func startGateway(config: String, extra: [String] = []) throws -> ChildProcess {
        let gateway = try ChildProcess(executable: Gateway.path, arguments: ["run", "--config", config, "--print", "none"] + extra)
        try gateway.start()
        #expect(gateway.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains("Listening") })
        return gateway
    }

    @Test("a reload applies retention and cloud settings, names what needs a restart, loses no datagram, and survives a broken file")
    func reload() throws {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        let database = directory.file("g.db")
        let port = try FreePort.udp()
        let original = """
            [udp]
            address = "127.0.0.1"
            port = \(port)
            [storage]
            database = "\(database)"
            [mqtt]
            enabled = false
            """
        try original.write(toFile: config, atomically: true, encoding: .utf8)
        let gateway = try ChildProcess(executable: Gateway.path, arguments: ["run", "--config", config, "--print", "none"])
        try gateway.start()
        #expect(gateway.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains("Listening") })

        let sender = try UDPSender(port: port)
        let first: Int64 = 1_720_850_400
        var sent = 0
        func send(_ count: Int) throws {
            for _ in 0..<count {
                try sender.send(#"{"serial_number":"ST-00054321","type":"rapid_wind","hub_sn":"HB-00012345","ob":[\#(first + Int64(sent) * 3),1.5,90]}"#)
                sent += 1
                usleep(2_000)
            }
        }
        try send(100)
        try (original + "\n[weatherflow]\nbackfill_days = 2\n[storage]\n").write(toFile: config, atomically: true, encoding: .utf8)
        // A table given twice is a problem: this file must not be applied.
        gateway.send(signal: SIGHUP)
        try send(100)
        #expect(gateway.waitFor(timeoutSeconds: 10) { $0.standardErrorSoFar.contains("Configuration not reloaded, the running one stays") })

        try original.replacingOccurrences(of: "[mqtt]\nenabled = false", with: "hub_status_days = 5\n[mqtt]\nenabled = false\nhost = \"elsewhere\"\nbase = \"weather\"\n[weatherflow]\nbackfill_days = 2")
            .write(toFile: config, atomically: true, encoding: .utf8)
        gateway.send(signal: SIGHUP)
        try send(100)
        #expect(gateway.waitFor(timeoutSeconds: 10) { $0.standardErrorSoFar.contains("Configuration reloaded: ") })
        try send(100)
        usleep(500_000)
        gateway.send(signal: SIGTERM)
        let result = try gateway.wait(timeoutSeconds: 30)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains(
            "Configuration reloaded: applied retention ([storage] days), the WeatherFlow cloud ([weatherflow], station.station_id); "
            + "after a restart: [mqtt] enabled, topics, units, QoS or entities."))
        let store = try Store(readOnlyPath: database)
        #expect(try store.rapidWind(serial: "ST-00054321", from: 0, to: .max).count == sent, "every datagram stored")
    }

    @Test("a reload moves the MQTT connection to another broker, and to a rotated password, losing no event")
    func reloadMovesTheBrokerConnection() throws {
        let first = try MosquittoBroker()
        let second = try MosquittoBroker(users: [.init(name: "gateway", password: "pw-one-5f3a")])
        func watch(_ broker: MosquittoBroker, arguments: [String] = []) throws -> ChildProcess {
            let child = try ChildProcess(
                executable: "/usr/bin/mosquitto_sub",
                arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "tempest/#", "-q", "1", "-v"] + arguments)
            try child.start()
            usleep(300_000)
            return child
        }
        let firstWatcher = try watch(first)
        let secondWatcher = try watch(second, arguments: ["-u", "gateway", "-P", "pw-one-5f3a", "-c", "-i", "reload-watcher"])
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        let passwordFile = directory.file("password")
        try "pw-one-5f3a\n".write(toFile: passwordFile, atomically: true, encoding: .utf8)
        chmod(passwordFile, 0o600)
        let port = try FreePort.udp()
        try Self.mqttConfiguration(udpPort: port, directory: directory, brokerPort: first.port)
            .write(toFile: config, atomically: true, encoding: .utf8)
        // The pump's own restart after a rejection is put far off: only the reload can fix it here.
        let gateway = try Self.startGateway(config: config, extra: ["--mqtt-restart-delay", "600"])

        let sender = try UDPSender(port: port)
        var sent: [Int64] = []
        func send(_ count: Int) throws {
            for _ in 0..<count {
                let timestamp = 1_720_850_400 + Int64(sent.count) * 3
                try sender.send(#"{"serial_number":"ST-00054321","type":"rapid_wind","hub_sn":"HB-00012345","ob":[\#(timestamp),1.5,90]}"#)
                sent.append(timestamp)
                usleep(5_000)
            }
        }
        func delivered(_ watchers: [ChildProcess]) -> Set<Int64> {
            var timestamps = Set<Int64>()
            for watcher in watchers {
                for line in watcher.standardOutputSoFar.split(separator: "\n") where line.hasPrefix("tempest/ST-00054321/event/rapid_wind ") {
                    guard let range = line.range(of: #""timestamp":"#), let end = line[range.upperBound...].firstIndex(of: ",") else { continue }
                    if let timestamp = Int64(line[range.upperBound..<end]) { timestamps.insert(timestamp) }
                }
            }
            return timestamps
        }
        try send(50)
        #expect(firstWatcher.waitFor(timeoutSeconds: 10) { _ in delivered([firstWatcher]).count == 50 })

        // To the second broker, with a password from a file; datagrams keep coming meanwhile.
        try (Self.mqttConfiguration(udpPort: port, directory: directory, brokerPort: second.port)
            + "\nuser = \"gateway\"\npassword_file = \"\(passwordFile)\"\n")
            .write(toFile: config, atomically: true, encoding: .utf8)
        gateway.send(signal: SIGHUP)
        try send(50)
        #expect(gateway.waitFor(timeoutSeconds: 10) {
            $0.standardErrorSoFar.contains("Configuration reloaded: applied the MQTT connection ([mqtt] host, port, credentials, TLS or session).")
        })
        try send(50)
        #expect(secondWatcher.waitFor(timeoutSeconds: 20) { _ in delivered([firstWatcher, secondWatcher]).count == 150 })
        #expect(secondWatcher.waitFor(timeoutSeconds: 10) { $0.standardOutputSoFar.contains("tempest/gateway/status online") })
        #expect(firstWatcher.waitFor(timeoutSeconds: 10) { $0.standardOutputSoFar.contains("tempest/gateway/status offline") })
        let status = try Gateway.run(["status", "--json", "--database", directory.file("g.db")])
        #expect(status.standardOutput.contains(#""broker":"127.0.0.1:\#(second.port)""#), "status names the broker in use: \(status.standardOutput)")
        let afterMove = delivered([secondWatcher])
        #expect(sent.suffix(50).allSatisfy { afterMove.contains($0) }, "what came after the move went to the second broker")

        // The broker's password changes: refused until the gateway's file has it too and is reloaded.
        let update = try ChildProcess.run(
            executable: "/usr/bin/mosquitto_passwd", arguments: ["-b", second.directory.file("passwords"), "gateway", "pw-two-9c1d"])
        #expect(update.status == 0)
        second.stop()
        try second.start()
        #expect(gateway.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains("refused the user name and password") })
        let rotatedWatcher = try watch(second, arguments: ["-u", "gateway", "-P", "pw-two-9c1d"])
        try send(50)
        // Written anew, the file is readable by others at first: refused, the connection stays.
        try "pw-two-9c1d\n".write(toFile: passwordFile, atomically: true, encoding: .utf8)
        chmod(passwordFile, 0o644)
        gateway.send(signal: SIGHUP)
        #expect(gateway.waitFor(timeoutSeconds: 10) {
            $0.standardErrorSoFar.contains("Configuration reloaded: the MQTT connection stays as it was: MQTT password: ")
                && $0.standardErrorSoFar.contains("fix it with: chmod 600")
        })
        chmod(passwordFile, 0o600)
        gateway.send(signal: SIGHUP)
        #expect(gateway.waitFor(timeoutSeconds: 10) {
            $0.standardErrorSoFar.components(separatedBy: "applied the MQTT connection").count == 3
        }, "\(gateway.standardErrorSoFar)")
        #expect(rotatedWatcher.waitFor(timeoutSeconds: 20) { _ in delivered([firstWatcher, secondWatcher, rotatedWatcher]).count == 200 })
        // Nothing changed: the connection stays.
        gateway.send(signal: SIGHUP)
        #expect(gateway.waitFor(timeoutSeconds: 10) { $0.standardErrorSoFar.contains("Configuration reloaded: nothing changed.") })
        #expect(gateway.standardErrorSoFar.components(separatedBy: "moved to the MQTT broker").count == 3)

        gateway.send(signal: SIGTERM)
        let result = try gateway.wait(timeoutSeconds: 30)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(Set(sent) == delivered([firstWatcher, secondWatcher, rotatedWatcher]), "every event reached a broker")
        #expect(!result.standardError.contains("pw-one") && !result.standardError.contains("pw-two"), "no password in the log")
    }

    @Test("a reload that sets the elevation publishes sea-level pressure from the next observation")
    func reloadSetsTheElevation() throws {
        let broker = try MosquittoBroker()
        let watcher = try ChildProcess(
            executable: "/usr/bin/mosquitto_sub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "tempest/+/+", "-v"])
        try watcher.start()
        usleep(300_000)
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        let port = try FreePort.udp()
        let common = Self.mqttConfiguration(udpPort: port, directory: directory, brokerPort: broker.port)
        try common.write(toFile: config, atomically: true, encoding: .utf8)
        let gateway = try Self.startGateway(config: config)
        let sample = try String(contentsOfFile: BuiltProducts.packageRoot + "/Samples/sample-day.jsonl", encoding: .utf8)
        let observations = sample.split(separator: "\n").filter { $0.contains(#""type":"obs_st""#) }.prefix(2).map(String.init)
        #expect(observations.count == 2)
        let sender = try UDPSender(port: port)

        try sender.send(observations[0])
        #expect(watcher.waitFor(timeoutSeconds: 10) { $0.standardOutputSoFar.contains("tempest/ST-00054321/station_pressure ") })
        #expect(!watcher.standardOutputSoFar.contains("/sea_level_pressure "), "no elevation yet")

        try (common + "\n[station]\nelevation = 1600\n").write(toFile: config, atomically: true, encoding: .utf8)
        gateway.send(signal: SIGHUP)
        #expect(gateway.waitFor(timeoutSeconds: 10) {
            $0.standardErrorSoFar.contains("Configuration reloaded: applied station.elevation and sensor_height.")
        })
        try sender.send(observations[1])
        #expect(watcher.waitFor(timeoutSeconds: 10) { $0.standardOutputSoFar.contains("tempest/ST-00054321/sea_level_pressure ") })
        gateway.send(signal: SIGTERM)
        let result = try gateway.wait(timeoutSeconds: 30)
        #expect(result.status == 0, "\(result.standardError)")
    }
}
