// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import Testing

/// `[[export]]`: a list of tables, none by default, each problem named by
/// its table's number.
@Suite("[[export]] tables")
struct ExportListTests {
    private func load(_ text: String, environment: [String: String] = [:]) -> LoadedConfiguration {
        ConfigurationLoader.resolve(fileText: text, path: "config.toml", environment: environment)
    }

    @Test("no table: no export; two tables: two destinations in file order with their defaults")
    func tables() throws {
        #expect(load("[mqtt]\nenabled = false\n").configuration.exports.isEmpty)
        #expect(GatewayConfiguration().exports.isEmpty)
        let loaded = load(
            """
            [[export]]
            url = "http://127.0.0.1:8428/write?db=a"
            [[export]]
            url = "https://influx.example/api/v2/write?org=o&bucket=b"
            token_file = "/etc/tempest-gateway/token"
            batch_size = 200
            rapid_wind = true
            enabled = false
            backfill_days = 30
            """)
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        let exports = loaded.configuration.exports
        #expect(exports.map(\.url) == ["http://127.0.0.1:8428/write?db=a", "https://influx.example/api/v2/write?org=o&bucket=b"])
        #expect(exports.map(\.format) == ["influx", "influx"])
        #expect(exports.map(\.batchSize) == [5_000, 200])
        #expect(exports.map(\.enabled) == [true, false])
        #expect(exports.map(\.rapidWind) == [false, true])
        #expect(exports.map(\.backfillDays) == [0, 30])
        #expect(exports.map(\.tokenFile) == [nil, "/etc/tempest-gateway/token"])
        #expect(loaded.allSettings.contains { $0.label == "export[2].backfill_days" })
    }

    @Test("a table without url, a single [export], a token with a user, a password without one and one URL twice are each named")
    func problems() {
        let problems = load(
            """
            [[export]]
            batch_size = 10
            [[export]]
            url = "http://db:8086/write?db=w"
            token_file = "/t"
            user = "u"
            [[export]]
            url = "http://db:8086/write?db=w"
            password_file = "/p"
            """
        ).problems.map(\.description)
        #expect(
            problems == [
                "export[1].url: missing: every [[export]] needs one; allowed: an http:// or https:// URL in quotes",
                "line 5: export[2].token_file: a token and a user at once; allowed: token_file (InfluxDB 2 and 3), or user with password_file (Basic), not both",
                "line 9: export[3].password_file: a password without a user; allowed: user = \"…\" in the same [[export]] table",
                "line 8: export[3].url: the same URL as export[2].url; allowed: one [[export]] table per destination",
            ])
        #expect(load("[export]\nurl = \"http://db/write\"\n").problems.map(\.problem) == ["[export] is a list: each destination is its own [[export]] table"])
    }

    @Test("no environment variable sets an export key: it is an unknown variable")
    func noEnvironment() {
        let loaded = load("", environment: ["TEMPEST_GATEWAY_EXPORT_URL": "http://db/write"])
        #expect(loaded.problems.map(\.problem) == ["not a known variable"])
        #expect(loaded.configuration.exports.isEmpty)
    }
}
