// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import TempestTestKit

/// Runs the built `tempest-gateway` binary.
enum Gateway {
    static var path: String { BuiltProducts.executable("tempest-gateway") }

    static func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws
        -> ChildProcess.Result
    {
        try ChildProcess.run(executable: path, arguments: arguments, input: input, environment: environment)
    }

    /// Starts `run` with MQTT off, UDP on 127.0.0.1 at `udpPort` and
    /// /healthz and /metrics at `metricsPort` (plus `extra` options), and
    /// waits (at most 20 s) until it listens.
    static func startWithMetrics(database: String, udpPort: UInt16, metricsPort: UInt16, extra: [String] = []) throws -> ChildProcess {
        let gateway = try ChildProcess(
            executable: path,
            arguments: [
                "run", "--database", database, "--udp-address", "127.0.0.1", "--udp-port", String(udpPort),
                "--print", "none", "--no-mqtt", "--metrics-port", String(metricsPort),
            ] + extra)
        try gateway.start()
        _ = gateway.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains("Listening") }
        return gateway
    }

    /// Starts `run` publishing to the broker at 127.0.0.1:`brokerPort` as
    /// `clientID`, UDP on 127.0.0.1 at `udpPort`, days in UTC, and waits (at
    /// most 20 s) until it listens.
    static func startWithBroker(database: String, udpPort: UInt16, brokerPort: UInt16, clientID: String) throws -> ChildProcess {
        let gateway = try ChildProcess(
            executable: path,
            arguments: [
                "run", "--database", database, "--udp-address", "127.0.0.1", "--udp-port", String(udpPort), "--print", "none",
                "--timezone", "UTC", "--mqtt-host", "127.0.0.1", "--mqtt-port", String(brokerPort), "--mqtt-client-id", clientID,
            ])
        try gateway.start()
        guard gateway.waitFor(timeoutSeconds: 20, { $0.standardErrorSoFar.contains("Listening") }) else {
            throw TestKitError("run did not start: \(gateway.standardErrorSoFar)")
        }
        return gateway
    }

    /// The text a running gateway's /metrics at 127.0.0.1:`port` serves.
    static func scrapeMetrics(port: UInt16) throws -> String {
        try ChildProcess.run(executable: "/usr/bin/curl", arguments: ["-s", "http://127.0.0.1:\(port)/metrics"]).standardOutput
    }

    /// A fixture file from the UDP test resources (shared with TempestUDPTests).
    static func fixturePath(_ name: String) -> String {
        BuiltProducts.packageRoot + "/Tests/TempestUDPTests/Fixtures/udp/\(name).jsonl"
    }

    /// Parses each output line as a JSON object.
    static func jsonLines(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw TestKitError("not a JSON object: \(line)")
            }
            return object
        }
    }
}
