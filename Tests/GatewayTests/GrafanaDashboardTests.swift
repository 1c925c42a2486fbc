// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// packaging/grafana/tempest-gateway.json: its shape here; its queries run
/// against what two gateways exported to a real VictoriaMetrics in
/// `FleetExportTests`, with the variables as Grafana fills them in.
@Suite("Grafana dashboard")
struct GrafanaDashboardTests {
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

    /// The values of `label_values(selector, label)` (Grafana's function
    /// for Prometheus data sources), with the variables filled in for
    /// `station`, over `start`..`end` in `victoria`.
    static func labelValues(_ query: String, station: String, in victoria: VictoriaMetricsServer, start: Double, end: Double) throws -> Set<String> {
        let filled = substituted(query, station: station, rangeSeconds: end - start)
        guard filled.hasPrefix("label_values("), filled.hasSuffix(")"), let comma = filled.lastIndex(of: ",") else {
            throw TestKitError("not label_values(selector, label): \(query)")
        }
        let selector = String(filled[filled.index(filled.startIndex, offsetBy: 13)..<comma])
        let label = filled[filled.index(after: comma)..<filled.index(before: filled.endIndex)].trimmingCharacters(in: .whitespaces)
        let series = try victoria.queryRange(selector, start: start, end: end, stepSeconds: 300)
        return Set(series.compactMap { $0.labels[label] })
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
}
