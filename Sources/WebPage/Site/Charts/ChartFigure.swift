// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology

/// One chart as the page shows it: a `<figure data-chart="NAME">` with the
/// SVG, a text legend (each entry names its line style, so colour is never
/// the only carrier of meaning), a `<figcaption>` with the heading and a
/// summary sentence, and the
/// data as a table a screen reader can read (one row per hour, or per 6
/// hours for 7 days). Without data it says "No data in this period." and
/// draws nothing.
struct ChartFigure {
    /// One column of the data table.
    struct Column {
        /// The header, with its unit spelled out.
        var header: String
        /// The series it shows.
        var series: ChartSeries
        /// How a value is written (default: rounded to the series' decimals).
        var text: ((Double) -> String)? = nil
        /// How its rows reduce the series' values, when not as the series does.
        var reduction: ChartReduction? = nil
    }

    /// The `data-chart` name: `temperature`, `wind`, ….
    var name: String
    /// The heading: "Temperature".
    var title: String
    /// The panels drawn.
    var panels: [ChartPanel]
    /// The summary sentences.
    var summary: [String]
    /// The table's columns.
    var columns: [Column]
    /// The period.
    var period: ChartPeriod
    /// The station's time zone.
    var zone: TimeZoneRules

    /// Whether anything is drawn.
    var hasData: Bool { panels.contains { $0.series.contains { !$0.isEmpty } } }

    /// The `<figure>`.
    func render() -> String {
        var html = "<figure data-chart=\"\(name)\"><figcaption><h2>\(HTMLText.escape(title))</h2>"
        guard hasData else {
            return html + "<p>No data in this period.</p></figcaption>\n</figure>\n"
        }
        let sentence = summary.joined(separator: " ")
        html += "<p>\(HTMLText.escape(sentence))</p></figcaption>\n"
        let chart = SVGChart(
            id: "\(name)-chart", title: "\(title), \(period.name)", description: sentence, period: period, zone: zone, panels: panels)
        html += chart.render() + "\n<ul class=\"legend\">"
        for series in panels.flatMap(\.series) where !series.isEmpty {
            html += "<li>" + Self.key(series) + HTMLText.escape(series.label) + " (" + Self.styleName(series) + ")</li>"
        }
        html += "</ul>\n"
        return html + table() + "</figure>\n"
    }

    /// The legend's sample of a series' line.
    static func key(_ series: ChartSeries) -> String {
        let dash = series.dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
        let (d, kind) = switch series.mark {
        case .line: ("M0 4H32", "")
        case .dots: ("M4 4h0M16 4h0M28 4h0", " dots")
        case .bars: ("M6 0h20v8h-20z", " bars")
        }
        return "<svg class=\"key\" viewBox=\"0 0 32 8\" aria-hidden=\"true\"><path class=\"\(series.style)\(kind)\"\(dash) d=\"\(d)\"/></svg>"
    }

    /// The line style in words.
    static func styleName(_ series: ChartSeries) -> String {
        switch series.mark {
        case .bars: return "bars"
        case .dots: return "dots"
        case .line:
            switch series.dash {
            case nil: return "solid line"
            case "2 3": return "dotted line"
            case "9 4": return "long dashes"
            default: return "dashed line"
            }
        }
    }

    /// The data table inside a `<details>`.
    private func table() -> String {
        let visible = columns.filter { !$0.series.isEmpty }
        let rows = Int((period.end - period.start + period.tableSeconds - 1) / period.tableSeconds)
        var html = "<details><summary>Data table for \(HTMLText.escape(title.lowercased())), \(HTMLText.escape(period.name))</summary>"
        html += "<div class=\"scroll\"><table><caption>\(HTMLText.escape(title)), \(HTMLText.escape(period.name)), "
        html += period.tableSeconds == 3_600 ? "one row per hour" : "one row per 6 hours"
        html += "</caption>\n<thead><tr><th scope=\"col\">Time</th>"
        for column in visible { html += "<th scope=\"col\">\(HTMLText.escape(column.header))</th>" }
        html += "</tr></thead><tbody>\n"
        for row in 0..<rows {
            let values = visible.map { $0.series.tableValue(row, reduction: $0.reduction) }
            guard values.contains(where: { $0 != nil }) else { continue }
            let instant = period.start + Int64(row) * period.tableSeconds
            let time = period.spansDays ? WebTime.dayAndClock(instant, in: zone) : WebTime.clock(instant, in: zone)
            html += "<tr><th scope=\"row\">\(time)</th>"
            for (column, value) in zip(visible, values) {
                let text = value.map { column.text?($0) ?? WebUnits.rounded($0, decimals: column.reduction == .count ? 0 : column.series.decimals) } ?? "no data"
                html += "<td>\(HTMLText.escape(text))</td>"
            }
            html += "</tr>\n"
        }
        return html + "</tbody></table></div></details>\n"
    }
}
