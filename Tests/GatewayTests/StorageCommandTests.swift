// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// `run` storing a replayed sample day, then `history`, `export` and `db`
/// on that database, all through the built binary.
@Suite("storage commands", .serialized)
struct StorageCommandTests {
    func database() throws -> ReplayedDatabase {
        try ReplayedDatabase.shared.get()
    }

    @Test("run stores every replayed observation and exits cleanly on SIGTERM")
    func runStores() throws {
        let replayed = try database()
        #expect(replayed.runOutput.status == 0, "\(replayed.runOutput.standardError)")
        #expect(replayed.runOutput.standardError.contains("Stopping: received terminate (SIGTERM)"))
        let stats = try Gateway.run(["db", "stats", "--json", "--database", replayed.path])
        let object = try #require(try Gateway.jsonLines(stats.standardOutput).first)
        let rows = try #require(object["rows"] as? [String: Int])
        #expect(replayed.expectedObservations > 300)
        #expect(rows["observations"] == replayed.expectedObservations)
        #expect(rows["lightning_strikes"] == replayed.expectedStrikes)
        #expect((rows["rapid_wind"] ?? 0) > 6_000)
        #expect(rows["devices"] == 2)
    }

    @Test("history prints a table whose header names the units")
    func historyTable() throws {
        let replayed = try database()
        let result = try Gateway.run(["history", "--database", replayed.path, "--limit", "5"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines[0].contains("Temperature (°C)"))
        #expect(lines[0].contains("Pressure (mb)"))
        #expect(lines[1].contains("ST-00054321"))
    }

    @Test("history --units imperial, or the configured mqtt.units, converts the table; --json stays metric")
    func historyUnits() throws {
        let replayed = try database()
        let selection = ["history", "--database", replayed.path, "--device", "ST-00054321", "--limit", "1"]
        let json = try Gateway.run(selection + ["--json", "--units", "imperial"])
        let row = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]]).first
        let celsius = try #require(row?["air_temperature"] as? Double)
        let fahrenheit = ((celsius * 1.8 + 32) * 100).rounded() / 100
        let expected = fahrenheit == fahrenheit.rounded() ? String(Int(fahrenheit)) : String(fahrenheit)

        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        try "[mqtt]\nunits = \"imperial\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        for arguments in [["--units", "imperial"], ["--config", config]] {
            let result = try Gateway.run(selection + arguments)
            #expect(result.status == 0, "\(result.standardError)")
            let lines = result.standardOutput.split(separator: "\n")
            #expect(lines.count == 2)
            #expect(lines[0].contains("Temperature (°F)") && lines[0].contains("Pressure (inHg)") && lines[0].contains("Wind (mph)"))
            #expect(lines[0].contains("Rain (in)"))
            #expect(lines.last?.contains("  \(expected)  ") == true, "\(expected) in \(lines)")
        }
        let metric = try Gateway.run(selection + ["--config", config, "--units", "metric"])
        #expect(metric.standardOutput.contains("Temperature (°C)"))
    }

    @Test("history --json gives rows with protocol field names, limited and in time order")
    func historyJSON() throws {
        let replayed = try database()
        let result = try Gateway.run([
            "history", "--database", replayed.path, "--json", "--from", "2024-07-13T06:00:00Z", "--to",
            "2024-07-13T07:00:00Z", "--limit", "100",
        ])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        #expect(array.count == 60)
        let timestamps = array.compactMap { $0["timestamp"] as? Int }
        #expect(timestamps == timestamps.sorted())
        #expect(timestamps.first == 1_720_850_400)
        #expect(array.first?["source"] as? String == "udp")
        #expect(array.first?["station_pressure"] is Double)
    }

    @Test("export streams every observation as CSV, JSON lines and a JSON array")
    func export() throws {
        let replayed = try database()
        let range = ["--from", "2024-07-13", "--to", "2024-07-14", "--timezone", "UTC", "--database", replayed.path]
        let csv = try Gateway.run(["export", "--format", "csv"] + range)
        let csvLines = csv.standardOutput.split(separator: "\n")
        #expect(csvLines.first?.hasPrefix("serial_number,timestamp,time_utc,source,wind_lull") == true)
        #expect(csvLines.count == replayed.expectedObservations + 1)
        let jsonl = try Gateway.run(["export", "--format", "jsonl"] + range)
        #expect(try Gateway.jsonLines(jsonl.standardOutput).count == replayed.expectedObservations)
        let json = try Gateway.run(["export", "--format", "json"] + range)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [Any])
        #expect(array.count == replayed.expectedObservations)
        let strikes = try Gateway.run(["export", "--format", "jsonl", "--table", "lightning_strikes"] + range)
        #expect(try Gateway.jsonLines(strikes.standardOutput).count == replayed.expectedStrikes)
    }

    @Test("after pruning, raw wind is exported as per-minute aggregates, one row for each minute that had samples")
    func exportWindMinutes() throws {
        let replayed = try database()
        let directory = try TemporaryDirectory()
        let copy = directory.file("copy.db")
        try FileManager.default.copyItem(atPath: replayed.path, toPath: copy)
        let range = ["--from", "2024-07-13", "--to", "2024-07-14", "--timezone", "UTC", "--database", copy, "--format", "jsonl"]
        let raw = try Gateway.jsonLines(try Gateway.run(["export", "--table", "rapid_wind"] + range).standardOutput)
        let minutes = Set(raw.compactMap { ($0["timestamp"] as? Int).map { $0 / 60 * 60 } })
        #expect(minutes.count > 100)
        #expect(try Gateway.run(["db", "prune", "--database", copy]).status == 0)
        let aggregated = try Gateway.jsonLines(try Gateway.run(["export", "--table", "wind_minutes"] + range).standardOutput)
        #expect(Set(aggregated.compactMap { $0["minute_start"] as? Int }) == minutes)
        #expect(aggregated.map { $0["samples"] as? Int ?? 0 }.reduce(0, +) == raw.count)
        #expect(aggregated.allSatisfy { ($0["gust"] as? Double ?? -1) >= ($0["lull"] as? Double ?? 0) })
    }

    @Test("a date means the station-local day of --timezone")
    func localDates() throws {
        let replayed = try database()
        // In Kiritimati (UTC+14) 2024-07-13 ends at 2024-07-13T10:00Z.
        let result = try Gateway.run([
            "export", "--format", "jsonl", "--from", "2024-07-13", "--to", "2024-07-14", "--timezone", "Pacific/Kiritimati",
            "--database", replayed.path,
        ])
        let rows = try Gateway.jsonLines(result.standardOutput)
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { ($0["timestamp"] as? Int ?? .max) < 1_720_864_800 })
        let utc = try Gateway.run([
            "export", "--format", "jsonl", "--from", "2024-07-13", "--to", "2024-07-14", "--timezone", "UTC", "--database",
            replayed.path,
        ])
        #expect(try Gateway.jsonLines(utc.standardOutput).count > rows.count)
    }

    @Test("db check passes; prune and vacuum run and report")
    func maintenance() throws {
        let replayed = try database()
        let check = try Gateway.run(["db", "check", "--database", replayed.path])
        #expect(check.status == 0)
        #expect(check.standardOutput.contains("Integrity check passed"))
        let prune = try Gateway.run(["db", "prune", "--json", "--database", replayed.path])
        #expect(prune.status == 0, "\(prune.standardError)")
        #expect(try Gateway.jsonLines(prune.standardOutput).first?["deleted_rows"] != nil)
        let vacuum = try Gateway.run(["db", "vacuum", "--json", "--database", replayed.path])
        #expect(vacuum.status == 0, "\(vacuum.standardError)")
        #expect(try Gateway.jsonLines(vacuum.standardOutput).first?["pages_freed"] != nil)
    }

    @Test("a missing database is a clear error, not a new empty file")
    func missingDatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("absent.db")
        let result = try Gateway.run(["history", "--database", path])
        #expect(result.status != 0)
        #expect(result.standardError.contains("no database at '\(path)'"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
