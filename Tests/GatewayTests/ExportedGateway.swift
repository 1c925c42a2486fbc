// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import TempestTestKit
import Testing

/// A gateway of the export tests: `run` on its own UDP port and database,
/// one station, MQTT and forecasts off, exporting to `exportURL`. It can be
/// SIGKILLed and started again on the same database.
final class ExportedGateway: @unchecked Sendable {
    let stationID: Int
    let serial: String
    let hubSerial: String
    let directory: TemporaryDirectory
    let udpPort: UInt16
    let config: String
    var database: String { directory.file("gateway.db") }
    private(set) var process: ChildProcess

    init(stationID: Int, serial: String, hubSerial: String, exportURL: String, extraExport: String = "") throws {
        self.stationID = stationID
        self.serial = serial
        self.hubSerial = hubSerial
        directory = try TemporaryDirectory(prefix: "exported-gateway")
        udpPort = try FreePort.udp()
        config = directory.file("config.toml")
        try """
            [udp]
            address = "127.0.0.1"
            port = \(udpPort)
            [storage]
            database = "\(directory.file("gateway.db"))"
            [station]
            station_id = \(stationID)
            serials = ["\(serial)"]
            [mqtt]
            enabled = false
            [forecast]
            enabled = false
            [[export]]
            url = "\(exportURL)"
            \(extraExport)
            """.write(toFile: config, atomically: true, encoding: .utf8)
        process = try Self.start(config: config)
    }

    private static func start(config: String) throws -> ChildProcess {
        let process = try ChildProcess(executable: Gateway.path, arguments: ["run", "--config", config, "--print", "none"])
        try process.start()
        guard process.waitFor(timeoutSeconds: 20, { $0.standardErrorSoFar.contains("Listening") }) else {
            throw TestKitError("the gateway did not start: \(process.standardErrorSoFar)")
        }
        return process
    }

    /// SIGKILL, then a new process on the same database.
    func killAndRestart() throws {
        process.send(signal: SIGKILL)
        _ = try process.wait(timeoutSeconds: 10)
        earlierLogs += process.standardErrorSoFar + "\n(SIGKILL)\n"
        process = try Self.start(config: config)
    }

    /// What the gateway logged, this process and the ones before it.
    var log: String { earlierLogs + process.standardErrorSoFar }
    private var earlierLogs = ""

    /// SIGTERM and the exit.
    func stop() {
        process.send(signal: SIGTERM)
        _ = try? process.wait(timeoutSeconds: 30)
    }

    /// The sample day as this gateway's station heard it: the sample's
    /// serials replaced by its own.
    func sampleDay(lines: Int? = nil) throws -> String {
        let text = try String(contentsOfFile: BuiltProducts.packageRoot + "/Samples/sample-day.jsonl", encoding: .utf8)
            .replacingOccurrences(of: "ST-00054321", with: serial).replacingOccurrences(of: "HB-00012345", with: hubSerial)
        guard let lines else { return text }
        return text.split(separator: "\n").prefix(lines).joined(separator: "\n") + "\n"
    }

    /// `replay` of `text` to this gateway at `speed`, as a process of its own.
    func replay(_ text: String, speed: Double) throws -> ChildProcess {
        let file = directory.file("replay-\(UUID().uuidString).jsonl")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let replay = try ChildProcess(
            executable: Gateway.path, arguments: ["replay", file, "--speed", String(speed), "--to", "127.0.0.1:\(udpPort)"])
        try replay.start()
        return replay
    }

    /// The first `[[export]]` as `status --json` shows it (nil while the gateway does not answer).
    func exportStatus() throws -> [String: Any]? {
        let result = try Gateway.run(["status", "--json", "--database", database])
        return try? Gateway.jsonLines(result.standardOutput).first.flatMap { ($0["exports"] as? [[String: Any]])?.first }
    }

    /// Waits (at most `timeoutSeconds`) until the export is current with nothing waiting.
    func waitUntilExported(timeoutSeconds: Double) throws -> [String: Any]? {
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        var last: [String: Any]?
        while Date() < deadline {
            last = try exportStatus()
            if last?["state"] as? String == "current", last?["lag_entries"] as? Int == 0 { return last }
            usleep(500_000)
        }
        return last
    }

    /// The stored observations' timestamps around the sample day, read as
    /// a user would (`export` reads packed days too).
    func storedObservationTimestamps() throws -> [Int64] {
        let result = try Gateway.run([
            "export", "--database", database, "--from", "2024-07-12", "--to", "2024-07-16", "--timezone", "UTC", "--format", "jsonl",
        ])
        guard result.status == 0 else { throw TestKitError("export failed: \(result.standardError)") }
        return try Gateway.jsonLines(result.standardOutput).compactMap { ($0["timestamp"] as? Int).map(Int64.init) }
    }
}
