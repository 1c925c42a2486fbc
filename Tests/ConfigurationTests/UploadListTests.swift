// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import Testing

/// `[[upload]]`: a list of tables, none by default, each problem named by
/// its table's number.
@Suite("[[upload]] tables")
struct UploadListTests {
    private func load(_ text: String) -> LoadedConfiguration {
        ConfigurationLoader.resolve(fileText: text, path: "config.toml", environment: [:])
    }

    @Test("tables in file order, each interval the service's own unless given")
    func tables() {
        #expect(GatewayConfiguration().uploads.isEmpty)
        let loaded = load(
            """
            [[station]]
            serials = ["ST-00000001"]
            [[station]]
            serials = ["ST-00000002"]
            [[upload]]
            service = "wunderground"
            id = "KCASANFR123"
            key_file = "/etc/tempest-gateway/wu-key"
            [[upload]]
            service = "cwop"
            station = 2
            id = "CW1234"
            server = "127.0.0.1:14580"
            [[upload]]
            service = "weathercloud"
            id = "abc"
            interval_seconds = 60
            url = "http://127.0.0.1:9/v01/set"
            enabled = false
            """)
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        let uploads = loaded.configuration.uploads
        #expect(uploads.map(\.service) == [.wunderground, .cwop, .weathercloud])
        #expect(uploads.map(\.station) == [1, 2, 1])
        #expect(uploads.map(\.intervalSeconds) == [300, 600, 60])
        #expect(uploads.map(\.keyFile) == ["/etc/tempest-gateway/wu-key", nil, nil])
        #expect(uploads.map(\.server) == [nil, "127.0.0.1:14580", nil])
        #expect(uploads.map(\.url) == [nil, nil, "http://127.0.0.1:9/v01/set"])
        #expect(uploads.map(\.enabled) == [true, true, false])
        #expect(loaded.allSettings.contains { $0.label == "upload[3].interval_seconds" })
    }

    @Test("a missing service or id, an interval below the minimum, a URL for CWOP, a server elsewhere, a station not there, one destination twice")
    func problems() {
        let loaded = load(
            """
            [[upload]]
            id = "KX"
            [[upload]]
            service = "windy"
            [[upload]]
            service = "windy"
            id = "f1a2"
            interval_seconds = 60
            server = "host:1"
            [[upload]]
            service = "cwop"
            id = "CW1"
            url = "http://127.0.0.1:9/"
            station = 2
            [[upload]]
            service = "windy"
            id = "f1a2"
            """)
        #expect(
            loaded.problems.map(\.description) == [
                "upload[1].service: missing: every [[upload]] needs one; allowed: one of \"wunderground\", \"pwsweather\", \"windy\", \"weathercloud\", \"openweathermap\", \"wow\", \"cwop\"",
                "upload[2].id: missing: every [[upload]] needs one; allowed: text in quotes, not empty",
                "line 8: upload[3].interval_seconds: 60 is below Windy's minimum; allowed: 300 seconds or more (300 when not given)",
                "line 9: upload[3].server: only CWOP takes a server; allowed: url = \"https://…\" for another endpoint of Windy",
                "line 13: upload[4].url: CWOP takes no URL; allowed: server = \"host:port\" for the APRS-IS server",
                "line 14: upload[4].station: there is 1 station; allowed: a number from 1 to 1, the station's place among the [[station]] tables",
                "line 17: upload[5].id: the same Windy station as upload[3]; allowed: one [[upload]] table per station of a network",
            ])
    }
}
