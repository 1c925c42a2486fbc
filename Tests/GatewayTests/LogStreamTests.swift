// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import TempestTestKit
import Testing

/// `run --log-to`: log lines on standard error by default, on standard
/// output for a container whose log collector reads only that.
@Suite("run's log stream")
struct LogStreamTests {
    /// Starts `run` with `extra`, waits until it logs that it listens (and
    /// each of `alsoWaitFor`), stops it with SIGTERM and returns what it wrote.
    func runUntilListening(extra: [String], alsoWaitFor: [String] = []) throws -> ChildProcess.Result {
        let directory = try TemporaryDirectory()
        let port = try FreePort.udp()
        let gateway = try ChildProcess(
            executable: Gateway.path,
            arguments: [
                "run", "--database", directory.file("log.db"), "--udp-address", "127.0.0.1", "--udp-port", String(port),
                "--print", "none",
            ] + extra)
        try gateway.start()
        let listening = gateway.waitFor(timeoutSeconds: 20) { gateway in
            let written = gateway.standardOutputSoFar + gateway.standardErrorSoFar
            return (["Listening"] + alsoWaitFor).allSatisfy { written.contains($0) }
        }
        gateway.send(signal: SIGTERM)
        let result = try gateway.wait(timeoutSeconds: 20)
        #expect(listening, "run never said it listens: \(result.standardError)")
        #expect(result.status == 0)
        return result
    }

    @Test("--log-to stdout: the gateway's sentences, its log lines (UTC time, level, sentence) and its summary on standard output; standard error stays empty")
    func standardOutput() throws {
        // No broker on this port: the client's warning is a log line.
        let closedPort = try FreePort.tcp()
        let result = try runUntilListening(extra: ["--log-to", "stdout", "--mqtt-port", String(closedPort)], alsoWaitFor: ["cannot connect to the MQTT broker"])
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("Listening") })
        #expect(lines.contains { $0.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ [a-z]+: "#, options: .regularExpression) != nil })
        #expect(lines.contains { $0.hasPrefix("Datagrams: received") })
        #expect(result.standardError.isEmpty, "standard error: \(result.standardError)")
    }

    @Test("by default log lines go to standard error and standard output stays free for --print")
    func standardErrorByDefault() throws {
        let result = try runUntilListening(extra: ["--no-mqtt"])
        #expect(result.standardError.contains("Listening"))
        #expect(result.standardError.contains("Datagrams: received"))
        #expect(result.standardOutput.isEmpty, "standard output: \(result.standardOutput)")
    }

    @Test("--log-to names its choices when given another stream")
    func refusesAnotherStream() throws {
        let result = try Gateway.run(["run", "--log-to", "syslog", "--no-mqtt"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--log-to"))
    }
}
