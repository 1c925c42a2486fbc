// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import TempestTestKit
import Testing

/// A gateway of the upload tests: `run` on its own UDP port, database,
/// metrics and web port, one Tempest in Denver, forecasts off, with the
/// `[[upload]]` tables it is given; and the station's broadcasts, sent by
/// the test with times of its choosing.
final class UploadingGateway: @unchecked Sendable {
    static let serial = "ST-00077001"
    let directory: TemporaryDirectory
    let udpPort: UInt16
    let metricsPort: UInt16
    let webPort: UInt16
    let config: String
    var database: String { directory.file("gateway.db") }
    let process: ChildProcess
    private let sender: UDPSender

    /// One observation as the station broadcast it.
    struct Observation {
        var timestamp: Int64
        var windAverageMetersPerSecond: Double
        var windGustMetersPerSecond: Double
        var windDirectionDegrees: Int
        var stationPressureHectopascals: Double
        var airTemperatureCelsius: Double
        var relativeHumidityPercent: Double
        var solarRadiationWattsPerSquareMeter: Int
        var uvIndex: Double
        var rainMillimeters: Double

        /// The `k`th of a series: values that change every minute, rain in two minutes of three.
        init(timestamp: Int64, index k: Int) {
            self.timestamp = timestamp
            windAverageMetersPerSecond = 2.13 + Double(k) * 0.41
            windGustMetersPerSecond = 4.07 + Double(k) * 0.52
            windDirectionDegrees = (200 + k * 7) % 360
            stationPressureHectopascals = 838.4 + Double(k) * 0.1
            airTemperatureCelsius = -3.37 + Double(k) * 1.13
            relativeHumidityPercent = 40 + Double(k)
            solarRadiationWattsPerSquareMeter = 100 + 13 * k
            uvIndex = 1.5
            rainMillimeters = [0.123, 0.0, 0.254][k % 3]
        }

        var datagram: String {
            #"{"serial_number":"\#(UploadingGateway.serial)","type":"obs_st","hub_sn":"HB-00077001","obs":[[\#(timestamp),1.0,\#(windAverageMetersPerSecond),\#(windGustMetersPerSecond),\#(windDirectionDegrees),3,\#(stationPressureHectopascals),\#(airTemperatureCelsius),\#(relativeHumidityPercent),20000,\#(uvIndex),\#(solarRadiationWattsPerSquareMeter),\#(rainMillimeters),1,0,0,2.65,1]],"firmware_revision":176}"#
        }
    }

    /// A gateway with `uploads` (the `[[upload]]` tables' text) and MQTT to `brokerPort` when given.
    init(uploads: String, brokerPort: UInt16? = nil) throws {
        directory = try TemporaryDirectory(prefix: "uploading-gateway")
        udpPort = try FreePort.udp()
        metricsPort = try FreePort.tcp()
        webPort = try FreePort.tcp()
        config = directory.file("config.toml")
        let mqtt = brokerPort.map { "host = \"127.0.0.1\"\nport = \($0)" } ?? "enabled = false"
        try """
            [udp]
            address = "127.0.0.1"
            port = \(udpPort)
            [storage]
            database = "\(directory.file("gateway.db"))"
            [station]
            serials = ["\(Self.serial)"]
            timezone = "America/Denver"
            elevation = 1609
            latitude = 39.7392
            longitude = -104.9903
            [mqtt]
            \(mqtt)
            [forecast]
            enabled = false
            [metrics]
            port = \(metricsPort)
            [web]
            port = \(webPort)
            \(uploads)
            """.write(toFile: config, atomically: true, encoding: .utf8)
        process = try ChildProcess(executable: Gateway.path, arguments: ["run", "--config", config, "--print", "none"])
        try process.start()
        guard process.waitFor(timeoutSeconds: 20, { $0.standardErrorSoFar.contains("Listening") }) else {
            throw TestKitError("the gateway did not start: \(process.standardErrorSoFar)")
        }
        sender = try UDPSender(port: udpPort)
    }

    /// A key file of mode 600 holding `key`.
    func keyFile(_ name: String, _ key: String) throws -> String {
        let path = directory.file(name)
        try (key + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)
        return path
    }

    /// Writes a key file in `directory` before the gateway exists.
    static func keyFile(in directory: TemporaryDirectory, _ name: String, _ key: String) throws -> String {
        let path = directory.file(name)
        try (key + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)
        return path
    }

    /// Broadcasts `observations`, `pauseSeconds` apart (each its own commit
    /// and delivery), on a thread of its own: a task's sleep can last
    /// minutes under a loaded test run, which would age the readings past
    /// what a service takes, and a blocked task would hold one of the few
    /// threads every other test's tasks run on.
    func broadcast(_ observations: [Observation], pauseSeconds: Double) async throws {
        let sender = self.sender
        let datagrams = observations.map(\.datagram)
        try await Self.offThePool {
            for datagram in datagrams {
                try sender.send(datagram)
                usleep(useconds_t(pauseSeconds * 1_000_000))
            }
        }
    }

    /// Runs `body`, which blocks (sleeps, child processes), on a thread of
    /// its own rather than on the tasks' shared threads.
    static func offThePool<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Swift.Result { try body() }) }
        }
    }

    /// The `[[upload]]` destinations as `status --json` shows them.
    func uploadStatuses() throws -> [[String: Any]] {
        let result = try Gateway.run(["status", "--json", "--database", database])
        return (try Gateway.jsonLines(result.standardOutput).first?["uploads"] as? [[String: Any]]) ?? []
    }

    /// Waits (at most `timeoutSeconds`, polling) until `condition` holds,
    /// sleeping as a task: the long waits of these tests must not hold one
    /// of the few threads every other test's tasks run on.
    static func wait(timeoutSeconds: Double, _ condition: () throws -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        while Date() < deadline {
            if try condition() { return true }
            try await Task.sleep(for: .milliseconds(200))
        }
        return try condition()
    }

    /// Everything a user could see of the gateway: its log, `status` as
    /// text and JSON, `doctor`, /metrics, the health page, and its command line.
    func everythingShown() async throws -> String {
        try await Self.offThePool { try self.everythingShownNow() }
    }

    private func everythingShownNow() throws -> String {
        var shown = process.standardErrorSoFar + process.standardOutputSoFar
        shown += try Gateway.run(["status", "--database", database]).standardOutput
        shown += try Gateway.run(["status", "--json", "--database", database]).standardOutput
        let doctor = try Gateway.run(["doctor", "--config", config, "--seconds", "1", "--port", String(udpPort)])
        shown += doctor.standardOutput + doctor.standardError
        for url in ["http://127.0.0.1:\(metricsPort)/metrics", "http://127.0.0.1:\(webPort)/health", "http://127.0.0.1:\(webPort)/"] {
            shown += try ChildProcess.run(executable: "/usr/bin/curl", arguments: ["-s", url]).standardOutput
        }
        shown += (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/cmdline", encoding: .utf8)) ?? ""
        shown += (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/environ", encoding: .utf8)) ?? ""
        return shown
    }

    /// /metrics now.
    func metrics() throws -> String {
        try ChildProcess.run(executable: "/usr/bin/curl", arguments: ["-s", "http://127.0.0.1:\(metricsPort)/metrics"]).standardOutput
    }

    /// SIGTERM and the exit.
    func stop() {
        process.send(signal: SIGTERM)
        _ = try? process.wait(timeoutSeconds: 30)
    }
}
