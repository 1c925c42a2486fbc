// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Storage
import TempestTestKit
import Testing

/// The built gateway on a full disk and on a damaged database, and its
/// exit statuses.
@Suite("run on hostile storage")
struct HostileStorageRunTests {
    static let serial = "ST-00054321"

    /// One live `obs_st` datagram of `serial` at `timestamp`.
    static func observationDatagram(at timestamp: Int64) -> String {
        #"{"serial_number":"\#(serial)","type":"obs_st","hub_sn":"HB-00012345","obs":[[\#(timestamp),0.71,1.19,2.19,190,3,838.65,25.25,42.21,0,0.00,0,0.000000,0,0,0,2.600,1]],"firmware_revision":179}"#
    }

    /// The gateway on `path`, listening on a free loopback port; returns it
    /// once it listens, with the port.
    static func startGateway(path: String, extra: [String] = []) throws -> (ChildProcess, UInt16) {
        let port = try FreePort.udp()
        let gateway = try ChildProcess(
            executable: Gateway.path,
            arguments: ["run", "--database", path, "--udp-address", "127.0.0.1", "--udp-port", String(port), "--print", "none", "--no-mqtt"]
                + extra)
        try gateway.start()
        guard gateway.waitFor(timeoutSeconds: 20, { $0.standardErrorSoFar.contains("Listening") }) else {
            throw TestKitError("run did not start: \(gateway.standardErrorSoFar)")
        }
        return (gateway, port)
    }

    static func mode(_ path: String) -> Int? {
        var information = stat()
        guard stat(path, &information) == 0 else { return nil }
        return Int(information.st_mode & 0o777)
    }

    @Test("a full disk: status, doctor and /healthz say so; SIGTERM ends the flooded gateway within 10 s; the next start stores the spill file", .timeLimit(.minutes(2)))
    func fullDisk() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("full.db")
        let lines = try String(contentsOfFile: BuiltProducts.packageRoot + "/Samples/sample-day.jsonl", encoding: .utf8)
            .split(separator: "\n").prefix(3_000)
        let observations = lines.filter { $0.contains(#""type":"obs_st""#) }.count
        let flood = directory.file("flood.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(toFile: flood, atomically: true, encoding: .utf8)
        // 30 pages hold the schema and a few hundred rows: SQLite then fails
        // every write with SQLITE_FULL, through the same code as a full disk.
        let metricsPort = try FreePort.tcp()
        let (gateway, port) = try Self.startGateway(
            path: path, extra: ["--maximum-database-pages", "30", "--metrics-port", String(metricsPort)])
        let replay = try Gateway.run(["replay", flood, "--speed", "36000", "--to", "127.0.0.1:\(port)"])
        #expect(replay.status == 0, "\(replay.standardError)")

        var status: [String: Any] = [:]
        for _ in 0..<100 {
            let answer = try Gateway.run(["status", "--json", "--database", path])
            status = (try? Gateway.jsonLines(answer.standardOutput).first?["database"] as? [String: Any]) ?? [:]
            if status["disk_full"] as? Bool == true { break }
            usleep(100_000)
        }
        #expect(status["disk_full"] as? Bool == true)
        #expect((status["disk_problem"] as? String)?.contains("full") == true)
        let text = try Gateway.run(["status", "--database", path])
        #expect(text.standardOutput.contains("NOT writable: database full"))
        let health = try ChildProcess.run(executable: "/usr/bin/curl", arguments: ["-s", "-i", "http://127.0.0.1:\(metricsPort)/healthz"])
        #expect(health.standardOutput.hasPrefix("HTTP/1.1 503"))
        #expect(health.standardOutput.contains("full"))
        let doctor = try Gateway.run(["doctor", "--json", "--database", path, "--seconds", "1", "--port", String(try FreePort.udp()), "--no-mqtt"])
        #expect(doctor.standardOutput.contains("the running gateway cannot write: database full"))

        let stopAsked = Date()
        gateway.send(signal: SIGTERM)
        let stopped = try gateway.wait(timeoutSeconds: 20)
        let stopSeconds = Date().timeIntervalSince(stopAsked)
        #expect(stopSeconds < 10, "the stop took \(stopSeconds) s")
        #expect(stopped.standardError.contains("kept them in the spill file"), "\(stopped.standardError)")
        let spill = path + ".spill"
        #expect(FileManager.default.fileExists(atPath: spill))
        #expect(Self.mode(spill) == 0o600)
        #expect(Self.mode(path) == 0o600)

        // With room again, the spilled records end up in the database.
        let (restarted, _) = try Self.startGateway(path: path)
        restarted.send(signal: SIGTERM)
        let second = try restarted.wait(timeoutSeconds: 20)
        #expect(second.status == 0, "\(second.standardError)")
        #expect(second.standardError.contains("that the last run could not write and kept in \(spill)"))
        #expect(!FileManager.default.fileExists(atPath: spill))
        let store = try Store(readOnlyPath: path)
        #expect(try store.statistics().rowCounts["observations"] == observations)
    }

    @Test(
        "a real full disk (a 2 MB tmpfs, 384 KB free): SIGTERM ends the flooded gateway within 10 s, the loss counted or spilled",
        .enabled(if: getuid() == 0, "mounting a tmpfs needs root; the test with a size cap above covers the rest"),
        .timeLimit(.minutes(2)))
    func realFullDisk() throws {
        let directory = try TemporaryDirectory()
        let volume = directory.file("volume")
        try FileManager.default.createDirectory(atPath: volume, withIntermediateDirectories: false)
        let mounted = try ChildProcess.run(executable: "/bin/mount", arguments: ["-t", "tmpfs", "-o", "size=2m", "tmpfs", volume])
        try #require(mounted.status == 0, "mount failed: \(mounted.standardError)")
        defer { _ = try? ChildProcess.run(executable: "/bin/umount", arguments: [volume]) }
        // Someone else's file takes most of the volume.
        try Data(count: 1_700_000).write(to: URL(fileURLWithPath: volume + "/filler"))
        let path = volume + "/full.db"
        let flood = directory.file("flood.jsonl")
        try FileManager.default.copyItem(atPath: BuiltProducts.packageRoot + "/Samples/sample-day.jsonl", toPath: flood)
        let (gateway, port) = try Self.startGateway(path: path)
        // The whole sample day, fast: far more than 2 MB can hold.
        _ = try Gateway.run(["replay", flood, "--speed", "100000", "--to", "127.0.0.1:\(port)"])
        #expect(gateway.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains("cannot write the database") })

        let stopAsked = Date()
        gateway.send(signal: SIGTERM)
        let stopped = try gateway.wait(timeoutSeconds: 20)
        let stopSeconds = Date().timeIntervalSince(stopAsked)
        #expect(stopSeconds < 10, "the stop took \(stopSeconds) s")
        let spilled = stopped.standardError.contains("kept them in the spill file")
        let counted = stopped.standardError.contains(" records lost")
        #expect(spilled || counted, "\(stopped.standardError)")
        // No empty or partial spill file is left when it could not be written.
        #expect(FileManager.default.fileExists(atPath: path + ".spill") == spilled)
    }

    @Test("a damaged database: the gateway starts, collects, keeps the damaged file and says how many rows it recovered; db check names the table", .timeLimit(.minutes(2)))
    func damagedDatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("damaged.db")
        let start: Int64 = 1_720_850_400
        do {
            let store = try Store(path: path)
            try store.write {
                for index in 0..<1_500 {
                    var record = ObservationRecord(
                        serial: Self.serial, timestamp: start + Int64(index) * 60, kind: .tempest, source: .udp, receivedAt: start + Int64(index) * 60)
                    record.airTemperatureCelsius = 20 + Double(index % 50) / 10
                    record.stationPressureMillibars = 1_000
                    try store.insert(record)
                }
            }
            _ = try store.database.strings("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let leaves = try Database(path: path, mode: .readOnly).strings(
            "SELECT pageno FROM dbstat WHERE name = 'observations' AND pagetype = 'leaf' ORDER BY pageno")
        let page = try #require(leaves.count >= 3 ? Int(leaves[leaves.count / 2]) : nil)
        try PageDamage.overwrite(page: page, pageSize: 4_096, of: path)

        let copy = directory.file("copy.db")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let check = try Gateway.run(["db", "check", "--database", copy])
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("Damaged tables: observations."))
        #expect(check.standardOutput.contains("What to do: restart the gateway"))
        let checkJSON = try Gateway.run(["db", "check", "--json", "--database", copy])
        let object = try #require(try Gateway.jsonLines(checkJSON.standardOutput).first)
        #expect(object["damaged_tables"] as? [String] == ["observations"])
        #expect(object["ok"] as? Bool == false)

        let (gateway, port) = try Self.startGateway(path: path)
        let now = Int64(Date().timeIntervalSince1970)
        try UDPSender(port: port).send(Self.observationDatagram(at: now))
        var stored = false
        for _ in 0..<100 where !stored {
            usleep(100_000)
            let answer = try Gateway.run(["status", "--json", "--database", path])
            let database = try? Gateway.jsonLines(answer.standardOutput).first?["database"] as? [String: Any]
            stored = (database?["commits"] as? Int ?? 0) > 0
        }
        gateway.send(signal: SIGTERM)
        let result = try gateway.wait(timeoutSeconds: 20)
        #expect(result.status == 0, "\(result.standardError)")

        let sentence = try #require(
            result.standardError.split(separator: "\n").first { $0.hasPrefix("The database was damaged; moved it to \(path).damaged-") })
        let recoveredText = try #require(sentence.split(separator: " recovered ").last?.split(separator: " ").first)
        let recovered = try #require(Int(recoveredText.filter { $0 != "," }))
        #expect(recovered > 700)
        #expect(recovered < 1_501)
        let damagedName = try #require(sentence.split(separator: " moved it to ").last?.split(separator: " ").first)
        #expect(FileManager.default.fileExists(atPath: String(damagedName)))

        let store = try Store(readOnlyPath: path)
        // The recovered observations (the rows less the one device) and the new one.
        #expect(try store.statistics().rowCounts["observations"] == recovered - 1 + 1)
        let live = try store.database.scalarInt("SELECT count(*) FROM observations WHERE timestamp = ?") { try $0.bind(now, at: 0) }
        #expect(live == 1)
        #expect(try store.integrityCheck() == ["ok"])
    }

    @Test("exit statuses: 78 for a configuration problem, 64 for a wrong command line")
    func exitStatuses() throws {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        try "[udp]\nport = \"fifty\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let badConfiguration = try Gateway.run(["run", "--config", config, "--database", directory.file("g.db"), "--seconds", "1"])
        #expect(badConfiguration.status == 78)
        #expect(badConfiguration.standardError.contains("udp.port"))
        let badOption = try Gateway.run(["run", "--udp-port", "fifty", "--database", directory.file("g.db")])
        #expect(badOption.status == 64)
        let help = try Gateway.run(["run", "--help"])
        #expect(help.standardOutput.contains("78 a problem in the configuration file"))
    }
}
