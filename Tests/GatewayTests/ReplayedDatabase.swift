// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import TempestTestKit

/// A database filled the way a user fills one: the built gateway's `run`
/// listening on a loopback port while `replay` sends the first hours of the
/// repository's sample day. Built once and shared by the storage CLI tests.
final class ReplayedDatabase: Sendable {
    /// How many sample-day lines are replayed (about six hours).
    static let lineCount = 10_000

    let directory: TemporaryDirectory
    let path: String
    /// obs_st datagrams in the replayed part: each must become one row.
    let expectedObservations: Int
    let expectedStrikes: Int
    let runOutput: ChildProcess.Result

    static let shared: Result<ReplayedDatabase, Error> = Result { try ReplayedDatabase() }

    private init() throws {
        directory = try TemporaryDirectory(prefix: "replayed-db")
        path = directory.file("gateway.db")
        let sample = try String(contentsOfFile: BuiltProducts.packageRoot + "/Samples/sample-day.jsonl", encoding: .utf8)
        let lines = sample.split(separator: "\n").prefix(ReplayedDatabase.lineCount)
        expectedObservations = lines.filter { $0.contains(#""type":"obs_st""#) }.count
        expectedStrikes = lines.filter { $0.contains(#""type":"evt_strike""#) }.count
        let replayFile = directory.file("part.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(toFile: replayFile, atomically: true, encoding: .utf8)

        let port = try FreePort.udp()
        let gateway = try ChildProcess(
            executable: Gateway.path,
            arguments: ["run", "--database", path, "--udp-address", "127.0.0.1", "--udp-port", String(port), "--print", "none", "--no-mqtt"]
        )
        try gateway.start()
        guard gateway.waitFor(timeoutSeconds: 20, { $0.standardErrorSoFar.contains("Listening") }) else {
            throw TestKitError("run did not start: \(gateway.standardErrorSoFar)")
        }
        // 3600 times real time: six hours in about six seconds.
        let replay = try Gateway.run(["replay", replayFile, "--speed", "3600", "--to", "127.0.0.1:\(port)"])
        guard replay.status == 0 else { throw TestKitError("replay failed: \(replay.standardError)") }
        usleep(500_000)
        gateway.send(signal: SIGTERM)
        runOutput = try gateway.wait(timeoutSeconds: 30)
    }
}
