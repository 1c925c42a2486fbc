// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Storage
import TempestTestKit
import Testing

@Suite("Crash safety")
struct CrashTests {
    /// What one harness run said before it was killed (complete lines only).
    struct HarnessOutput {
        var start: Int64?
        var lastCommittedObservation: Int64 = 0
        var undelivered: [Int64] = []
        var acknowledgementRequested: Set<Int64> = []
        var commitLines = 0

        init(_ text: String) {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            // A line the kill cut short has no newline yet: ignore it.
            if !text.hasSuffix("\n") { lines.removeLast() }
            for line in lines {
                let fields = line.split(separator: " ")
                switch fields.first {
                case "start": start = fields.count > 1 ? Int64(fields[1]) : nil
                case "ack" where fields.count > 1:
                    acknowledgementRequested.formUnion(fields[1].split(separator: ",").compactMap { Int64($0) })
                case "committed" where fields.count == 4:
                    commitLines += 1
                    lastCommittedObservation = Int64(fields[2]) ?? 0
                    undelivered = fields[3] == "-" ? [] : fields[3].split(separator: ",").compactMap { Int64($0) }
                default: break
                }
            }
        }
    }

    static let harnessSerial = "ST-00CRASH1"
    static let harnessDayStart: Int64 = 1_700_006_400

    @Test("SIGKILL at random moments loses nothing acknowledged and leaves a sound file", .timeLimit(.minutes(3)))
    func killAtRandomMoments() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("crash.sqlite")
        let harness = BuiltProducts.executable("StorageCrashHarness")
        #expect(FileManager.default.isExecutableFile(atPath: harness), "build the StorageCrashHarness product first")
        var generator = SystemRandomNumberGenerator()
        let kills = 24
        let deadline = Date().addingTimeInterval(150)
        var previousNewest: Int64?
        var runsWithCommits = 0
        var completedKills = 0

        for round in 0..<kills where Date() < deadline {
            let child = try ChildProcess(executable: harness, arguments: [path, "\(round + 1)"])
            try child.start()
            // Kill while it ingests: after it has opened the database, at a random moment.
            _ = child.waitFor(timeoutSeconds: 10) { $0.standardOutputSoFar.contains("start ") }
            usleep(UInt32.random(in: 10_000...300_000, using: &generator))
            child.send(signal: SIGKILL)
            let result = try child.wait(timeoutSeconds: 10)
            // The harness may have failed on its own before the kill: that is a failure too.
            #expect(result.status == 128 + SIGKILL || result.standardOutput.hasSuffix("done\n"), "harness exited with \(result.status): \(result.standardError)")
            completedKills += 1

            let output = HarnessOutput(result.standardOutput)
            if output.commitLines > 0 { runsWithCommits += 1 }
            let store = try Store(path: path)
            #expect(try store.integrityCheck() == ["ok"], "round \(round)")

            // It continued after what was stored, instead of starting over.
            if let start = output.start {
                #expect(start == (previousNewest.map { $0 + 60 } ?? Self.harnessDayStart), "round \(round)")
            }

            // Every observation reported committed is there, with none missing before it.
            if output.lastCommittedObservation > 0 {
                let stored = try store.observations(
                    serial: Self.harnessSerial, from: Self.harnessDayStart, to: output.lastCommittedObservation + 1, limit: .max)
                #expect(stored.count == Int((output.lastCommittedObservation - Self.harnessDayStart) / 60) + 1, "round \(round)")
                #expect(stored.last?.timestamp == output.lastCommittedObservation)
            }

            // Every outbox message reported undelivered is still there, unless its acknowledgement was under way.
            for id in output.undelivered where !output.acknowledgementRequested.contains(id) {
                #expect(try store.outboxContains(id: id), "outbox message \(id) lost in round \(round)")
            }
            previousNewest = try store.recentObservations(serial: Self.harnessSerial, count: 1).first?.timestamp
        }
        #expect(completedKills >= 20)
        // Kills landed while the harness was committing, not only before its first commit.
        #expect(runsWithCommits >= 5)
    }
}
