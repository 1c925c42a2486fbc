// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import TempestTestKit
import Testing

/// `run` with an `[[export]]` against a stand-in that answers as InfluxDB:
/// down first (503 with Retry-After), then up. What the gateway stores
/// arrives once it answers, and status, /metrics, doctor and Home
/// Assistant show the destination.
@Suite("run with [[export]]", .serialized)
struct ExportRunTests {
    @Test("points wait while the database is down and all arrive after; status, /metrics, doctor and the lag sensor say so")
    func exportsThroughAnOutage() throws {
        let directory = try TemporaryDirectory()
        let broker = try MosquittoBroker()
        try broker.start()
        let server = try LocalHTTPServer()
        let isUp = Locked(false)
        let received = Locked<[String]>([])
        server.route("/write", method: "POST") { request in
            guard isUp.value else { return .init(status: 503, headers: [("Retry-After", "1")], body: "starting up") }
            received.withLock { $0 += request.bodyText.split(separator: "\n").map(String.init) }
            return .init(status: 204)
        }
        let udpPort = try FreePort.udp()
        let metricsPort = try FreePort.tcp()
        let webPort = try FreePort.tcp()
        let database = directory.file("g.db")
        let config = directory.file("config.toml")
        try """
            [udp]
            address = "127.0.0.1"
            port = \(udpPort)
            [storage]
            database = "\(database)"
            [mqtt]
            host = "127.0.0.1"
            port = \(broker.port)
            [metrics]
            port = \(metricsPort)
            [web]
            port = \(webPort)
            [forecast]
            enabled = false
            [[export]]
            url = "\(server.baseURL)/write?db=weather"
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let gateway = try ChildProcess(executable: Gateway.path, arguments: ["run", "--config", config, "--print", "none"])
        try gateway.start()
        defer {
            gateway.send(signal: SIGTERM)
            _ = try? gateway.wait(timeoutSeconds: 30)
        }
        #expect(gateway.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains("Listening") })
        #expect(gateway.standardErrorSoFar.contains("Exporting every stored observation (export 1) to \(server.baseURL)/write?db=weather."))

        // An hour of the sample day, as fast as the listener takes it.
        let sample = try String(contentsOfFile: BuiltProducts.packageRoot + "/Samples/sample-day.jsonl", encoding: .utf8)
        let lines = sample.split(separator: "\n").prefix(1_300)
        let observations = lines.filter { $0.contains(#""type":"obs_st""#) }.count
        let part = directory.file("part.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(toFile: part, atomically: true, encoding: .utf8)
        #expect(try Gateway.run(["replay", part, "--speed", "0", "--to", "127.0.0.1:\(udpPort)"]).status == 0)

        func status() throws -> [String: Any] {
            let result = try Gateway.run(["status", "--json", "--database", database])
            return try #require(try Gateway.jsonLines(result.standardOutput).first)
        }
        func export() throws -> [String: Any] {
            try #require((try status()["exports"] as? [[String: Any]])?.first)
        }
        // Down: failing, with the server's words, and nothing skipped.
        var failing: [String: Any] = [:]
        for _ in 0..<100 {
            failing = try export()
            if failing["state"] as? String == "failing" { break }
            usleep(100_000)
        }
        #expect(failing["state"] as? String == "failing")
        #expect((failing["last_error"] as? String)?.contains("HTTP 503: starting up") == true)
        #expect((failing["lag_entries"] as? Int ?? 0) > 0)
        let doctorDown = try Gateway.run(["doctor", "--json", "--config", config, "--seconds", "1", "--port", String(udpPort)])
        #expect(doctorDown.standardOutput.contains(#""check":"export 1 to \#(server.baseURL)/write?db=weather","result":"warn""#))

        // Up: everything stored arrives, each observation once.
        isUp.withLock { $0 = true }
        for _ in 0..<300 where received.value.filter({ $0.hasPrefix("tempest_observation,") }).count < observations {
            usleep(100_000)
        }
        let points = received.value.filter { $0.hasPrefix("tempest_observation,") }
        #expect(points.count == observations)
        var current: [String: Any] = [:]
        for _ in 0..<100 {
            current = try export()
            if current["state"] as? String == "current" { break }
            usleep(100_000)
        }
        #expect(current["state"] as? String == "current")
        #expect(current["lag_entries"] as? Int == 0)
        #expect(current["last_error"] == nil || current["last_error"] is NSNull)
        let text = try Gateway.run(["status", "--database", database]).standardOutput
        #expect(text.contains("Export 1 to \(server.baseURL)/write?db=weather: current; stored facts waiting: 0"))
        let metrics = try ChildProcess.run(executable: "/usr/bin/curl", arguments: ["-s", "http://127.0.0.1:\(metricsPort)/metrics"]).standardOutput
        #expect(metrics.contains(#"tempest_gateway_export_lag_entries{export="1"} 0"#))
        #expect(metrics.contains(#"tempest_gateway_export_up{export="1"} 1"#))
        #expect(metrics.contains(#"tempest_gateway_export_points_total{export="1"} \#(received.value.count)"#))
        let health = try ChildProcess.run(executable: "/usr/bin/curl", arguments: ["-s", "http://127.0.0.1:\(webPort)/health"]).standardOutput
        #expect(health.contains("<li>Export 1 to \(server.baseURL)/write?db=weather: current; stored facts waiting: 0"))
        let doctorUp = try Gateway.run(["doctor", "--json", "--config", config, "--seconds", "1", "--port", String(udpPort)])
        #expect(doctorUp.standardOutput.contains(#""check":"export 1 to \#(server.baseURL)/write?db=weather","result":"pass""#))

        // Home Assistant: a diagnostic lag sensor under the gateway device.
        let configTopic = try ChildProcess.run(
            executable: "/usr/bin/mosquitto_sub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "homeassistant/sensor/+/export_1_lag_seconds/config", "-C", "1", "-W", "10"]
        ).standardOutput
        #expect(configTopic.contains(#""name":"Export 1 lag""#))
        #expect(configTopic.contains(#""device_class":"duration""#))
        #expect(configTopic.contains(#""entity_category":"diagnostic""#))
        let value = try ChildProcess.run(
            executable: "/usr/bin/mosquitto_sub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "tempest/gateway/export_1_lag_seconds", "-C", "1", "-W", "10"]
        ).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(Int(value) != nil, "lag published as \(value)")
    }

    @Test("backfill_days: a destination first configured on a database that already holds the sample day receives it, once, and a restart sends it no more")
    func backfillOfWhatWasStored() throws {
        let replayed = try ReplayedDatabase.shared.get()
        let directory = try TemporaryDirectory()
        let database = directory.file("copy.db")
        // A copy of the stopped gateway's database (its write-ahead log too, when one is left).
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: replayed.path + suffix) {
            try FileManager.default.copyItem(atPath: replayed.path + suffix, toPath: database + suffix)
        }
        let server = try LocalHTTPServer()
        let received = Locked<[String]>([])
        server.route("/write", method: "POST") { request in
            received.withLock { $0 += request.bodyText.split(separator: "\n").map(String.init) }
            return .init(status: 204)
        }
        let config = directory.file("config.toml")
        // The sample day is of July 2024: a backfill of 10,000 days reaches it.
        try """
            [udp]
            address = "127.0.0.1"
            port = \(try FreePort.udp())
            [storage]
            database = "\(database)"
            [mqtt]
            enabled = false
            [forecast]
            enabled = false
            [[export]]
            url = "\(server.baseURL)/write?db=weather"
            backfill_days = 10000
            """.write(toFile: config, atomically: true, encoding: .utf8)
        func observations() -> [String] { received.value.filter { $0.hasPrefix("tempest_observation,") } }
        for round in 0..<2 {
            let gateway = try ChildProcess(executable: Gateway.path, arguments: ["run", "--config", config, "--print", "none"])
            try gateway.start()
            #expect(gateway.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains("Listening") })
            if round == 0 {
                for _ in 0..<300 where observations().count < replayed.expectedObservations { usleep(100_000) }
            } else {
                sleep(2)
            }
            gateway.send(signal: SIGTERM)
            // The stop is bounded; the wait is long only for a loaded machine.
            #expect(try gateway.wait(timeoutSeconds: 90).status == 0, "\(gateway.standardErrorSoFar)")
            // Every stored observation once, by the first start only.
            #expect(observations().count == replayed.expectedObservations, "round \(round)")
            #expect(Set(observations()).count == observations().count)
        }
        #expect(received.value.filter { $0.hasPrefix("tempest_lightning_strike,") }.count == replayed.expectedStrikes)
    }

    @Test("what a station-day costs in export: the sample day through a gateway, its points and bytes by measurement (printed for docs/fleet.md)")
    func stationDayCost() throws {
        let server = try LocalHTTPServer()
        let received = Locked<(lines: [String], bodyBytes: Int, requests: Int)>(([], 0, 0))
        server.route("/write", method: "POST") { request in
            received.withLock {
                $0.lines += request.bodyText.split(separator: "\n").map(String.init)
                $0.bodyBytes += request.body.count
                $0.requests += 1
            }
            return .init(status: 204)
        }
        let gateway = try ExportedGateway(stationID: 12345, serial: "ST-00054321", hubSerial: "HB-00012345", exportURL: server.baseURL + "/write?db=weather")
        defer { gateway.stop() }
        // At 3,600 times real time (24 seconds): a burst at full speed would overrun the socket.
        #expect(try gateway.replay(try gateway.sampleDay(), speed: 3_600).wait(timeoutSeconds: 120).status == 0)
        let status = try gateway.waitUntilExported(timeoutSeconds: 120)
        #expect(status?["state"] as? String == "current")
        let stored = try gateway.storedObservationTimestamps().count
        let lines = received.value.lines
        var byMeasurement: [String: (points: Int, fields: Int, bytes: Int)] = [:]
        for line in lines {
            let parts = line.split(separator: " ")
            let measurement = String(parts[0].split(separator: ",")[0])
            var entry = byMeasurement[measurement] ?? (0, 0, 0)
            entry.points += 1
            entry.fields += parts[1].split(separator: ",").count
            entry.bytes += line.utf8.count + 1
            byMeasurement[measurement] = entry
        }
        #expect(byMeasurement["tempest_observation"]?.points == stored)
        #expect(received.value.bodyBytes == lines.reduce(0) { $0 + $1.utf8.count + 1 })
        print(
            "sample day, one station: \(lines.count) points in \(received.value.requests) requests, \(received.value.bodyBytes) bytes; "
                + byMeasurement.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.points) points, \($0.value.fields) field values, \($0.value.bytes) bytes" }
                .joined(separator: "; "))
    }

    @Test("a user without a password, or a token file others can read, stops run at start with the key named and no secret shown")
    func unreadableSecrets() throws {
        let directory = try TemporaryDirectory()
        let token = directory.file("token")
        try "token-value-9\n".write(toFile: token, atomically: true, encoding: .utf8)
        chmod(token, 0o644)
        for (extra, key) in [("user = \"gateway\"", "export[1].user"), ("token_file = \"\(token)\"", "export[1].token_file")] {
            let config = directory.file("config.toml")
            try """
                [storage]
                database = "\(directory.file("g.db"))"
                [[export]]
                url = "http://127.0.0.1:1/write"
                \(extra)
                """.write(toFile: config, atomically: true, encoding: .utf8)
            let result = try Gateway.run(["run", "--config", config, "--no-mqtt", "--print", "none"])
            #expect(result.status == 64, "\(result.standardError)")
            #expect(result.standardError.contains(key), "\(result.standardError)")
            #expect(!result.standardError.contains("token-value-9"))
        }
    }
}
