// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import TempestTestKit
import Testing

/// `export --to N --since DATE` through the built binary: the replayed
/// sample day sent again to a stand-in database that answers as InfluxDB.
@Suite("export --to N --since DATE", .serialized)
struct ExportResendCommandTests {
    static func config(_ directory: TemporaryDirectory, urls: [String], tokenFile: String? = nil) throws -> String {
        let path = directory.file("config.toml")
        var text = "[mqtt]\nenabled = false\n"
        for url in urls {
            text += "[[export]]\nurl = \"\(url)\"\n"
            if let tokenFile { text += "token_file = \"\(tokenFile)\"\n" }
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("every stored observation, strike and daily summary of the range reaches the database, with the token, once per point")
    func resendsTheRange() throws {
        let replayed = try ReplayedDatabase.shared.get()
        let server = try LocalHTTPServer()
        let received = Locked<[String]>([])
        server.route("/write", method: "POST") { request in
            received.withLock { $0 += request.bodyText.split(separator: "\n").map(String.init) }
            return .init(status: 204)
        }
        let directory = try TemporaryDirectory()
        let tokenFile = directory.file("token")
        try "secret-token-42\n".write(toFile: tokenFile, atomically: true, encoding: .utf8)
        chmod(tokenFile, 0o600)
        let config = try Self.config(directory, urls: ["http://127.0.0.1:1/never", server.baseURL + "/write?db=weather"], tokenFile: tokenFile)
        let result = try Gateway.run([
            "export", "--to", "2", "--since", "2024-07-13", "--timezone", "UTC", "--config", config, "--database", replayed.path, "--json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let report = try #require(try Gateway.jsonLines(result.standardOutput).first)
        let lines = received.value
        #expect(report["points_sent"] as? Int == lines.count)
        #expect(report["points_skipped"] as? Int == 0)
        let observations = lines.filter { $0.hasPrefix("tempest_observation,") }
        // The sample day's devices are a hub and a Tempest: one point per obs_st, each series and timestamp once.
        #expect(observations.count == replayed.expectedObservations)
        #expect(Set(observations.map { "\($0.split(separator: " ").first!) \($0.split(separator: " ").last!)" }).count == observations.count)
        #expect(lines.filter { $0.hasPrefix("tempest_lightning_strike,") }.count == replayed.expectedStrikes)
        #expect(lines.contains { $0.hasPrefix("tempest_daily_summary,") })
        #expect(server.requests.allSatisfy { $0.headers["authorization"] == "Token secret-token-42" })
        // The token is read, never shown.
        #expect(!result.standardOutput.contains("secret-token-42") && !result.standardError.contains("secret-token-42"))
    }

    @Test("a table number the configuration does not have, and --to N without --since, are clear errors")
    func wrongUse() throws {
        let directory = try TemporaryDirectory()
        let config = try Self.config(directory, urls: ["http://127.0.0.1:1/write"])
        let missing = try Gateway.run(["export", "--to", "3", "--since", "2024-07-13", "--config", config])
        #expect(missing.status != 0)
        #expect(missing.standardError.contains("--to 3: the configuration (\(config)) has 1 [[export]] table, numbered from 1"))
        let noSince = try Gateway.run(["export", "--to", "1", "--config", config])
        #expect(noSince.status != 0)
        #expect(noSince.standardError.contains("--to N --since DATE"))
        let down = try Gateway.run(["export", "--to", "1", "--since", "2024-07-13", "--config", config, "--database", try ReplayedDatabase.shared.get().path])
        #expect(down.status != 0)
        #expect(down.standardError.contains("export 1: the database did not answer"))
        #expect(down.standardError.contains("run the command again with --since"))
    }
}
