// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// packaging/grafana/tempest-gateway.json against a real VictoriaMetrics
/// filled with the sample day for two stations: every panel's query and
/// every template variable returns data, with the variables as Grafana
/// would fill them in.
@Suite("Grafana dashboard")
struct GrafanaDashboardTests {
    /// The two stations of the fill: the sample day's own serial, and a
    /// second station that saw the same day.
    static let stations = [
        SampleDayLineProtocol.Station(id: "1", serial: "ST-00054321"),
        SampleDayLineProtocol.Station(id: "2", serial: "ST-00054322"),
    ]

    /// The `db` of the write URL, which VictoriaMetrics adds as a label.
    static let database = "weather"

    /// The time span a fill covers, seconds since 1970.
    struct FilledSpan {
        var startSeconds: Double
        var endSeconds: Double
    }

    /// Fills `server` with the sample day for `stations`, as docs/export.md
    /// defines the points, and makes it searchable. The one place the data
    /// comes from: to be replaced by the gateway's own export.
    static func fillFromSampleDay(_ server: VictoriaMetricsServer) throws -> FilledSpan {
        let sample = try SampleDayLineProtocol(stations: stations)
        // In batches of the export's default batch_size.
        for start in stride(from: 0, to: sample.lines.count, by: 5_000) {
            let batch = sample.lines[start..<min(start + 5_000, sample.lines.count)]
            try server.write(batch.joined(separator: "\n") + "\n", db: database)
        }
        try server.flush()
        return FilledSpan(startSeconds: Double(sample.firstObservationSeconds), endSeconds: Double(sample.lastObservationSeconds))
    }

    /// The dashboard's JSON.
    static func dashboard() throws -> [String: Any] {
        let path = BuiltProducts.packageRoot + "/packaging/grafana/tempest-gateway.json"
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw TestKitError("\(path) is not a JSON object")
        }
        return object
    }

    /// Every panel, rows' own panels included (a collapsed row holds its
    /// panels; an open row is followed by them).
    static func panels(in container: [String: Any]) -> [[String: Any]] {
        (container["panels"] as? [[String: Any]] ?? []).flatMap { [$0] + panels(in: $0) }
    }

    /// Every query target's expression with its panel's title.
    static func targets(in dashboard: [String: Any]) -> [(panel: String, expression: String)] {
        panels(in: dashboard).flatMap { panel in
            (panel["targets"] as? [[String: Any]] ?? []).compactMap { target in
                (target["expr"] as? String).map { (panel["title"] as? String ?? "?", $0) }
            }
        }
    }

    /// The template variables of type `query`: name and query text.
    static func queryVariables(in dashboard: [String: Any]) -> [(name: String, query: String)] {
        let list = (dashboard["templating"] as? [String: Any])?["list"] as? [[String: Any]] ?? []
        return list.filter { $0["type"] as? String == "query" }.compactMap { variable in
            let query = (variable["query"] as? [String: Any])?["query"] as? String ?? variable["query"] as? String
            guard let name = variable["name"] as? String, let query else { return nil }
            return (name, query)
        }
    }

    /// `expression` with the variables filled in as Grafana would: one
    /// station, every serial (the variable's "All", `.*`), and concrete
    /// durations for the interval and range variables.
    static func substituted(_ expression: String, station: String, rangeSeconds: Double) -> String {
        var text = expression
        let values: [(String, String)] = [
            ("$__rate_interval", "5m"), ("$__interval", "5m"), ("$__range", "\(Int(rangeSeconds))s"),
            ("station", station), ("serial", ".*"),
        ]
        for (name, value) in values {
            let bare = name.hasPrefix("$") ? name : "$" + name
            text = text.replacingOccurrences(of: "${\(bare.dropFirst())}", with: value)
            text = text.replacingOccurrences(of: bare, with: value)
        }
        return text
    }

    @Test("every panel's query returns data for station 1 over the sample day, and only station 1's")
    func everyPanelQueryReturnsData() throws {
        let server = try VictoriaMetricsServer()
        let span = try Self.fillFromSampleDay(server)
        let targets = Self.targets(in: try Self.dashboard())
        #expect(targets.count >= 15, "the dashboard has only \(targets.count) queries")
        for target in targets {
            let expression = Self.substituted(target.expression, station: "1", rangeSeconds: span.endSeconds - span.startSeconds)
            #expect(!expression.contains("$"), "\(target.panel): a variable is left in \(expression)")
            do {
                let series = try server.queryRange(expression, start: span.startSeconds, end: span.endSeconds, stepSeconds: 60)
                let withData = series.filter { $0.samples.contains { !$0.value.isNaN } }
                #expect(!withData.isEmpty, "\(target.panel): \(expression) returned no data")
                #expect(
                    withData.allSatisfy { $0.labels["station"] == "1" },
                    "\(target.panel): \(expression) returned other stations: \(withData)")
            } catch {
                Issue.record("\(target.panel): \(expression) failed: \(error)")
            }
        }
    }

    @Test("the station variable lists both stations; the serial variable each station's own device")
    func templateVariables() throws {
        let server = try VictoriaMetricsServer()
        let span = try Self.fillFromSampleDay(server)
        let variables = Self.queryVariables(in: try Self.dashboard())
        #expect(variables.map(\.name) == ["station", "serial"])
        for station in Self.stations {
            var values: [String: Set<String>] = [:]
            for variable in variables {
                // label_values(selector, label), Grafana's own function for Prometheus.
                let query = Self.substituted(variable.query, station: station.id, rangeSeconds: span.endSeconds - span.startSeconds)
                guard query.hasPrefix("label_values("), query.hasSuffix(")"), let comma = query.lastIndex(of: ",") else {
                    Issue.record("\(variable.name): not label_values(selector, label): \(variable.query)")
                    continue
                }
                let selector = String(query[query.index(query.startIndex, offsetBy: 13)..<comma])
                let label = query[query.index(after: comma)..<query.index(before: query.endIndex)].trimmingCharacters(in: .whitespaces)
                let series = try server.queryRange(selector, start: span.startSeconds, end: span.endSeconds, stepSeconds: 60)
                values[variable.name] = Set(series.compactMap { $0.labels[label] })
            }
            #expect(values["station"] == Set(Self.stations.map(\.id)))
            #expect(values["serial"] == [station.serial])
        }
    }

    @Test("every panel has a title, a unit and the datasource variable; the ids are unique")
    func panelsAreComplete() throws {
        let dashboard = try Self.dashboard()
        let panels = Self.panels(in: dashboard)
        let graphs = panels.filter { $0["type"] as? String != "row" }
        #expect(graphs.count >= 15)
        for panel in graphs {
            let title = panel["title"] as? String ?? ""
            #expect(!title.isEmpty, "a panel without a title: \(panel["id"] ?? "?")")
            let unit = ((panel["fieldConfig"] as? [String: Any])?["defaults"] as? [String: Any])?["unit"] as? String
            #expect(unit?.isEmpty == false, "\(title): no unit")
            let datasources = [panel["datasource"]] + (panel["targets"] as? [[String: Any]] ?? []).map { $0["datasource"] }
            for datasource in datasources {
                #expect((datasource as? [String: Any])?["uid"] as? String == "${datasource}", "\(title): datasource \(datasource ?? "none")")
            }
        }
        let ids = panels.compactMap { $0["id"] as? Int }
        #expect(ids.count == panels.count && Set(ids).count == ids.count)
        let list = (dashboard["templating"] as? [String: Any])?["list"] as? [[String: Any]] ?? []
        #expect(list.contains { $0["type"] as? String == "datasource" && $0["name"] as? String == "datasource" && $0["query"] as? String == "prometheus" })
    }

    @Test("the sample day in VictoriaMetrics: one sample per observation field, the daily summary's updates collapsed to one per day")
    func storedSamples() throws {
        let server = try VictoriaMetricsServer()
        _ = try Self.fillFromSampleDay(server)
        let sample = try SampleDayLineProtocol(stations: Self.stations)
        let counts = try #require(sample.counts["1"])
        let observations = try server.export(match: #"{__name__=~"tempest_observation_.*",station="1"}"#)
        #expect(observations.count == 18)
        #expect(observations.allSatisfy { $0.samples.count == counts.observationPoints })
        let summary = try server.export(match: #"{__name__=~"tempest_daily_summary_.*",station="1"}"#)
        #expect(summary.count == counts.dailySummaryFinalFields)
        #expect(summary.allSatisfy { $0.samples.count == 1 }, "\(summary)")
        let strikes = try server.export(match: #"tempest_lightning_strike_distance_km{station="1"}"#)
        #expect(strikes.first?.samples.count == counts.strikePoints)
        let everything = try server.export(match: #"{__name__=~"tempest_.*",station="1"}"#)
        #expect(everything.map(\.samples.count).reduce(0, +) == counts.samplesAfterDeduplication)
    }

    @Test("what a station-day costs: points, field values and bytes of line protocol (printed for docs/fleet.md)")
    func stationDayCost() throws {
        let sample = try SampleDayLineProtocol(stations: Self.stations)
        let counts = try #require(sample.counts["1"])
        #expect(counts.observationPoints == 1_440)
        #expect(counts.strikePoints == 141)
        #expect(counts.rainStartPoints == 2)
        #expect(counts.dailySummaryPoints > 1 && counts.dailySummaryPoints <= counts.observationPoints + counts.strikePoints)
        #expect(sample.counts["2"]?.points == counts.points)
        print(
            """
            sample day, one station: \(counts.points) points (\(counts.observationPoints) observations, \
            \(counts.strikePoints) strikes, \(counts.rainStartPoints) rain starts, \(counts.dailySummaryPoints) daily summary updates), \
            \(counts.fieldValues) field values, \(counts.bytes) bytes of line protocol; \
            \(counts.samplesAfterDeduplication) samples after deduplication; bytes by measurement: \
            \(counts.bytesByMeasurement.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
            """)
    }
}
