// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import Meteorology

/// A chart as server-side SVG, compact (integer coordinates, one `<path>`
/// per series): one or more panels stacked, each with its own vertical
/// axis and tick labels, sharing a time axis labelled in the station's time
/// zone. `role="img"` with a `<title>` and `<desc>` names it for screen
/// readers; the figure around it carries the summary and the data table.
struct SVGChart {
    /// The id its title and description ids start with.
    var id: String
    /// The `<title>`.
    var title: String
    /// The `<desc>`: the summary sentences.
    var description: String
    /// The time it covers.
    var period: ChartPeriod
    /// The station's time zone.
    var zone: TimeZoneRules
    /// The panels, top to bottom.
    var panels: [ChartPanel]

    static let width = 720
    static let left = 52
    static let right = 10
    static let panelTop = 16
    static let axisHeight = 20

    var plotWidth: Int { Self.width - Self.left - Self.right }

    /// The `<svg>` element.
    func render() -> String {
        let height = panels.reduce(0) { $0 + Self.panelTop + $1.height + Self.axisHeight }
        var svg = "<svg class=\"chart\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\" viewBox=\"0 0 \(Self.width) \(height)\">"
        svg += "<title id=\"\(id)-title\">\(HTMLText.escape(title))</title><desc id=\"\(id)-desc\">\(HTMLText.escape(description))</desc>"
        var top = 0
        for panel in panels {
            svg += render(panel, top: top + Self.panelTop)
            top += Self.panelTop + panel.height + Self.axisHeight
        }
        return svg + "</svg>"
    }

    /// The horizontal position of `instant`.
    func x(_ instant: Int64) -> Int {
        Self.left + Int((Double(instant - period.start) * Double(plotWidth) / Double(period.end - period.start)).rounded())
    }

    private func render(_ panel: ChartPanel, top: Int) -> String {
        guard let range = panel.range else { return "" }
        let bottom = top + panel.height
        func y(_ value: Double) -> Int {
            bottom - Int(((value - range.low) / (range.high - range.low) * Double(panel.height)).rounded())
        }
        var svg = "<text x=\"4\" y=\"\(top - 4)\">\(HTMLText.escape(panel.unit))</text>"
        // Grid and vertical tick labels.
        var grid = ""
        for tick in Self.ticks(range, fixed: panel.fixedRange != nil ? panel.tickNames.keys.sorted() : nil) {
            let tickY = y(tick.value)
            grid += "M\(Self.left) \(tickY)H\(Self.width - Self.right)"
            let label = panel.tickNames[tick.value] ?? tick.label
            svg += "<text x=\"\(Self.left - 4)\" y=\"\(tickY + 4)\" text-anchor=\"end\">\(HTMLText.escape(label))</text>"
        }
        // Time ticks.
        for instant in timeTicks() {
            let tickX = x(instant)
            grid += "M\(tickX) \(top)V\(bottom)"
            let label = period.spansDays ? WebTime.day(instant, in: zone) : WebTime.clock(instant, in: zone)
            svg += "<text x=\"\(tickX)\" y=\"\(bottom + 14)\" text-anchor=\"middle\">\(label)</text>"
        }
        svg = "<path class=\"grid\" d=\"\(grid)\"/>" + svg
        for series in panel.series where !series.isEmpty {
            svg += path(series, y: y, baseline: y(max(range.low, min(0, range.high))))
        }
        return svg
    }

    /// One series as one path.
    private func path(_ series: ChartSeries, y: (Double) -> Int, baseline: Int) -> String {
        var d = ""
        var previous: Int64?
        for point in series.drawnPoints {
            let px = x(point.at)
            let py = y(point.value)
            switch series.mark {
            case .line:
                let joined = previous.map { point.at - $0 <= 2 * series.stepSeconds } ?? false
                d += joined ? " \(px) \(py)" : "M\(px) \(py)"
            case .dots:
                d += "M\(px) \(py)h0"
            case .bars:
                guard py != baseline else { continue }
                let width = max(1, x(point.at + series.stepSeconds) - px - 1)
                d += "M\(px) \(baseline)V\(py)h\(width)V\(baseline)z"
            }
            previous = point.at
        }
        let kind = switch series.mark {
        case .line: "series line"
        case .dots: "series dots"
        case .bars: "series bars"
        }
        let classes = kind + " " + series.style + (series.isForecast ? " forecast" : "")
        let dash = series.dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
        return "<path class=\"\(classes)\"\(dash) d=\"\(d)\"/>"
    }

    /// The instants with a tick on the time axis: local midnights for more
    /// than a day, every 3 local hours otherwise.
    func timeTicks() -> [Int64] {
        var ticks = [Int64]()
        if period.spansDays {
            var date = zone.localDate(at: period.start)
            var instant = zone.startOfDay(date)
            if instant < period.start { date = date.next; instant = zone.startOfDay(date) }
            while instant < period.end, ticks.count < 40 {
                ticks.append(instant)
                date = date.next
                instant = zone.startOfDay(date)
            }
            return ticks
        }
        let step: Int64 = 3 * 3_600
        let offset = zone.offsetSeconds(at: period.start)
        var instant = ((period.start + offset + step - 1) / step) * step - offset
        while instant < period.end, ticks.count < 40 {
            ticks.append(instant)
            instant += step
        }
        return ticks
    }

    /// Round-numbered ticks within `range` (about 4), or the fixed ones.
    static func ticks(_ range: (low: Double, high: Double), fixed: [Double]?) -> [(value: Double, label: String)] {
        if let fixed { return fixed.map { ($0, WebUnits.rounded($0, decimals: 0)) } }
        let rough = (range.high - range.low) / 4
        let magnitude = pow(10, floor(log10(rough)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? 10 * magnitude
        let decimals = max(0, Int(-floor(log10(step))))
        var ticks = [(value: Double, label: String)]()
        var value = ceil(range.low / step) * step
        while value <= range.high + step * 1e-9, ticks.count < 12 {
            ticks.append((value, WebUnits.rounded(value, decimals: decimals)))
            value += step
        }
        return ticks
    }
}
