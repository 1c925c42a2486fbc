// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// `run` publishing to a real mosquitto broker: every event arrives, values
/// are retained, the gateway's status follows it, and a broker outage or a
/// gateway killed during one loses nothing.
@Suite("MQTT publishing", .serialized)
struct MQTTPublishingTests {
    /// The sample day's lines between two local hours (Denver).
    func sampleLines(fromHour: Int, toHour: Int) throws -> [String] {
        let sample = try String(contentsOfFile: BuiltProducts.packageRoot + "/Samples/sample-day.jsonl", encoding: .utf8)
        let start: Int64 = 1_720_850_400 + Int64(fromHour) * 3600
        let end: Int64 = 1_720_850_400 + Int64(toHour) * 3600
        return try sample.split(separator: "\n").map(String.init).filter { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            let timestamp: Int64
            if let rows = object["obs"] as? [[Any]] {
                timestamp = (rows[0][0] as! NSNumber).int64Value
            } else if let values = (object["evt"] ?? object["ob"]) as? [Any] {
                timestamp = (values[0] as! NSNumber).int64Value
            } else {
                timestamp = (object["timestamp"] as! NSNumber).int64Value
            }
            return timestamp >= start && timestamp < end
        }
    }

    func startGateway(database: String, brokerPort: UInt16, udpPort: UInt16, extra: [String] = []) throws -> ChildProcess {
        let gateway = try ChildProcess(
            executable: Gateway.path,
            arguments: [
                "run", "--database", database, "--udp-address", "127.0.0.1", "--udp-port", String(udpPort), "--print",
                "none", "--timezone", "America/Denver", "--mqtt-host", "127.0.0.1", "--mqtt-port", String(brokerPort),
                "--mqtt-client-id", "gateway-under-test",
            ] + extra)
        try gateway.start()
        guard gateway.waitFor(timeoutSeconds: 20, { $0.standardErrorSoFar.contains("Listening") }) else {
            throw TestKitError("run did not start: \(gateway.standardErrorSoFar)")
        }
        return gateway
    }

    func replay(_ lines: [String], to port: UInt16, directory: TemporaryDirectory, name: String) throws {
        let file = directory.file(name)
        try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let result = try Gateway.run(["replay", file, "--speed", "3600", "--to", "127.0.0.1:\(port)"])
        #expect(result.status == 0)
    }

    /// A persistent QoS 1 subscriber that reconnects by itself.
    func subscriber(port: UInt16, topic: String) throws -> ChildProcess {
        let child = try ChildProcess(
            executable: "/usr/bin/mosquitto_sub",
            arguments: ["-h", "127.0.0.1", "-p", String(port), "-t", topic, "-q", "1", "-c", "-i", "test-watcher", "-v"])
        try child.start()
        usleep(400_000)
        return child
    }

    func lines(_ output: String, topicSuffix: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { $0.split(separator: " ").first?.hasSuffix(topicSuffix) == true }
    }

    /// The ends of the gateway's log and the broker's, for a failed wait:
    /// enough to tell a gateway that never reconnected from a slow drain.
    func diagnostics(_ gateway: ChildProcess, _ broker: MosquittoBroker) -> String {
        "gateway: \(gateway.standardErrorSoFar.suffix(2_000))\nbroker: \(broker.log.suffix(3_000))"
    }

    /// Waits (at most `seconds`) until `condition` holds for the subscriber's output.
    func eventually(_ watcher: ChildProcess, seconds: Double, _ condition: (String) -> Bool) -> Bool {
        watcher.waitFor(timeoutSeconds: seconds) { condition($0.standardOutputSoFar) }
    }

    @Test("every observation event arrives, values are retained, and the status goes online then offline")
    func happyPath() throws {
        let broker = try MosquittoBroker()
        let watcher = try subscriber(port: broker.port, topic: "tempest/#")
        let directory = try TemporaryDirectory()
        let udpPort = try FreePort.udp()
        let gateway = try startGateway(database: directory.file("g.db"), brokerPort: broker.port, udpPort: udpPort)
        let part = try sampleLines(fromHour: 13, toHour: 14)
        let observations = part.filter { $0.contains(#""type":"obs_st""#) }.count
        try replay(part, to: udpPort, directory: directory, name: "part.jsonl")
        #expect(eventually(watcher, seconds: 20) { lines($0, topicSuffix: "/event/observation").count >= observations })
        gateway.send(signal: SIGTERM)
        let result = try gateway.wait(timeoutSeconds: 30)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(eventually(watcher, seconds: 10) { $0.contains("tempest/gateway/status offline") })
        let output = watcher.standardOutputSoFar
        #expect(lines(output, topicSuffix: "/event/observation").count == observations)
        #expect(output.contains("tempest/gateway/status online"))
        #expect(output.contains("tempest/ST-00054321/air_temperature "))
        #expect(output.contains("tempest/ST-00054321/rain_today "))

        // Retained values are there for a newcomer.
        let late = try ChildProcess.run(
            executable: "/usr/bin/mosquitto_sub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "tempest/ST-00054321/station_pressure", "-C", "1", "-W", "5"])
        #expect(late.status == 0)
        #expect(Double(late.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) != nil)
        let event = try #require(lines(output, topicSuffix: "/event/observation").first)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(event.split(separator: " ", maxSplits: 1)[1].utf8)) as? [String: Any])
        #expect(json["source"] as? String == "udp")
        #expect((json["obs"] as? [[String: Any]])?.first?["derived"] is [String: Any])
    }

    @Test("the broker stopped mid-replay and restarted: every observation and event still arrives")
    func brokerOutage() throws {
        let broker = try MosquittoBroker(persistent: true)
        let watcher = try subscriber(port: broker.port, topic: "tempest/+/event/#")
        let directory = try TemporaryDirectory()
        let udpPort = try FreePort.udp()
        let gateway = try startGateway(database: directory.file("g.db"), brokerPort: broker.port, udpPort: udpPort)
        let first = try sampleLines(fromHour: 16, toHour: 17)
        let second = try sampleLines(fromHour: 17, toHour: 18)  // the thunderstorm, while the broker is down
        let expectedObservations = (first + second).filter { $0.contains(#""type":"obs_st""#) }.count
        let expectedStrikes = (first + second).filter { $0.contains(#""type":"evt_strike""#) }.count
        try replay(first, to: udpPort, directory: directory, name: "first.jsonl")
        usleep(500_000)
        broker.stop()
        try replay(second, to: udpPort, directory: directory, name: "second.jsonl")
        usleep(500_000)
        try broker.start()
        #expect(
            eventually(watcher, seconds: 40) { lines($0, topicSuffix: "/event/observation").count >= expectedObservations },
            "\(diagnostics(gateway, broker))")
        gateway.send(signal: SIGTERM)
        _ = try gateway.wait(timeoutSeconds: 30)
        let output = watcher.standardOutputSoFar
        #expect(Set(lines(output, topicSuffix: "/event/observation")).count == expectedObservations)
        #expect(Set(lines(output, topicSuffix: "/event/lightning_strike")).count == expectedStrikes)
        #expect(expectedStrikes > 50)
    }

    @Test("the gateway killed with SIGKILL during an outage and restarted: nothing is lost")
    func killedDuringOutage() throws {
        let broker = try MosquittoBroker(persistent: true)
        let watcher = try subscriber(port: broker.port, topic: "tempest/+/event/observation")
        let directory = try TemporaryDirectory()
        let database = directory.file("g.db")
        let udpPort = try FreePort.udp()
        let part = try sampleLines(fromHour: 13, toHour: 15)
        let expected = part.filter { $0.contains(#""type":"obs_st""#) }.count
        broker.stop()
        let gateway = try startGateway(database: database, brokerPort: broker.port, udpPort: udpPort)
        try replay(part, to: udpPort, directory: directory, name: "part.jsonl")
        usleep(1_500_000)  // more than the one-second durability bound
        gateway.send(signal: SIGKILL)
        _ = try? gateway.wait(timeoutSeconds: 10)
        try broker.start()
        let restarted = try startGateway(database: database, brokerPort: broker.port, udpPort: udpPort)
        #expect(
            eventually(watcher, seconds: 40) { lines($0, topicSuffix: "/event/observation").count >= expected },
            "\(diagnostics(restarted, broker))")
        restarted.send(signal: SIGTERM)
        _ = try restarted.wait(timeoutSeconds: 30)
        #expect(Set(lines(watcher.standardOutputSoFar, topicSuffix: "/event/observation")).count == expected)
        #expect(expected == 120)
    }

    @Test("imperial units on the plain topics and in discovery; the database and events stay metric")
    func imperialUnits() throws {
        let broker = try MosquittoBroker()
        let watcher = try subscriber(port: broker.port, topic: "#")
        let directory = try TemporaryDirectory()
        let udpPort = try FreePort.udp()
        let gateway = try startGateway(
            database: directory.file("g.db"), brokerPort: broker.port, udpPort: udpPort,
            extra: ["--units", "imperial", "--pressure-unit", "mb"])
        let line = #"{"serial_number":"ST-00054321","type":"obs_st","hub_sn":"HB-00012345","obs":[[1720850400,0.71,1.19,2.19,190,3,838.65,25.25,42.21,0,0,0,0.254,1,0,0,2.6,1]],"firmware_revision":179}"#
        try replay([line], to: udpPort, directory: directory, name: "one.jsonl")
        #expect(eventually(watcher, seconds: 15) { $0.contains("tempest/ST-00054321/air_temperature ") && $0.contains("air_temperature/config") })
        gateway.send(signal: SIGTERM)
        _ = try gateway.wait(timeoutSeconds: 30)
        let output = watcher.standardOutputSoFar
        #expect(output.contains("tempest/ST-00054321/air_temperature 77.45\n"))
        #expect(output.contains("tempest/ST-00054321/wind_avg 2.66\n"))
        #expect(output.contains("tempest/ST-00054321/rain_accumulated 0.01\n"))
        #expect(output.contains("tempest/ST-00054321/station_pressure 838.65\n"))
        #expect(output.contains(#""unit_of_measurement":"°F""#))
        #expect(output.contains(#""unit_of_measurement":"mph""#))
        #expect(output.contains(#""air_temperature":25.25"#), "JSON events stay in protocol units")
    }

    @Test("rapid wind throttled to one message per window with its gust and vector-mean direction")
    func rapidWindThrottle() throws {
        let broker = try MosquittoBroker()
        let watcher = try subscriber(port: broker.port, topic: "tempest/+/event/rapid_wind")
        let directory = try TemporaryDirectory()
        let udpPort = try FreePort.udp()
        let gateway = try startGateway(
            database: directory.file("g.db"), brokerPort: broker.port, udpPort: udpPort, extra: ["--rapid-wind-interval", "30"])
        let winds = try sampleLines(fromHour: 15, toHour: 16).filter { $0.contains(#""type":"rapid_wind""#) }
        #expect(winds.count == 1200)
        try replay(winds, to: udpPort, directory: directory, name: "wind.jsonl")
        #expect(eventually(watcher, seconds: 15) { lines($0, topicSuffix: "/event/rapid_wind").count >= 118 })
        usleep(500_000)
        gateway.send(signal: SIGTERM)
        _ = try gateway.wait(timeoutSeconds: 30)
        let events = lines(watcher.standardOutputSoFar, topicSuffix: "/event/rapid_wind")
        #expect((118...120).contains(events.count), "\(events.count) messages for 120 windows of 30 s (the last closes with the next sample)")
        for event in events.prefix(10) {
            let json = try #require(try JSONSerialization.jsonObject(with: Data(event.split(separator: " ", maxSplits: 1)[1].utf8)) as? [String: Any])
            let gust = try #require(json["wind_gust"] as? Double)
            let mean = try #require(json["wind_speed"] as? Double)
            #expect(gust >= mean)
            #expect(json["window_seconds"] as? Int == 30)
        }
    }

    @Test("credentials rejected, then fixed on the broker: the gateway tries again by itself and delivers")
    func recoversAfterRejection() throws {
        let broker = try MosquittoBroker(users: [.init(name: "gateway", password: "old password")])
        let watcher = try ChildProcess(
            executable: "/usr/bin/mosquitto_sub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-u", "gateway", "-P", "old password", "-t", "tempest/+/event/#", "-v"])
        try watcher.start()
        usleep(300_000)
        let directory = try TemporaryDirectory()
        let passwordFile = directory.file("password")
        try "new password\n".write(toFile: passwordFile, atomically: true, encoding: .utf8)
        chmod(passwordFile, 0o600)
        let udpPort = try FreePort.udp()
        let gateway = try startGateway(
            database: directory.file("g.db"), brokerPort: broker.port, udpPort: udpPort,
            extra: ["--mqtt-user", "gateway", "--mqtt-password-file", passwordFile, "--mqtt-restart-delay", "2"])
        #expect(gateway.waitFor(timeoutSeconds: 10) { $0.standardErrorSoFar.contains("refused the user name and password") })
        try replay([#"{"serial_number":"ST-1","type":"evt_precip","evt":[1720850460]}"#], to: udpPort, directory: directory, name: "e.jsonl")
        // The broker's administrator sets the password the gateway uses.
        let update = try ChildProcess.run(
            executable: "/usr/bin/mosquitto_passwd", arguments: ["-b", broker.directory.file("passwords"), "gateway", "new password"])
        #expect(update.status == 0)
        broker.stop()
        try broker.start()
        let watcherAgain = try ChildProcess(
            executable: "/usr/bin/mosquitto_sub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-u", "gateway", "-P", "new password", "-t", "tempest/+/event/#", "-v", "-C", "1"])
        try watcherAgain.start()
        let delivered = try watcherAgain.wait(timeoutSeconds: 30)
        #expect(delivered.standardOutput.contains("tempest/ST-1/event/rain_start"))
        gateway.send(signal: SIGTERM)
        _ = try gateway.wait(timeoutSeconds: 30)
        _ = watcher
    }
}
