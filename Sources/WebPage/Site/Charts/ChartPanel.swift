// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One plot area of a chart with its own vertical axis: a chart of
/// illuminance, solar radiation and UV stacks three, so that each keeps
/// its own scale instead of sharing a misleading one.
struct ChartPanel: Sendable {
    /// The axis' unit, written above it: "°C", "lux".
    var unit: String
    /// The series drawn in it.
    var series: [ChartSeries]
    /// The plot's height, pixels of the view box.
    var height: Int = 150
    /// A fixed value range (wind direction: 0 to 360), else from the data.
    var fixedRange: (low: Double, high: Double)? = nil
    /// Whether the range starts at zero (amounts, speeds).
    var fromZero = false
    /// Tick labels for a fixed range (wind direction: N, E, S, W).
    var tickNames: [Double: String] = [:]

    /// The value range drawn: the data's (or the fixed one), widened so
    /// that a flat series is not squeezed into a line at the edge.
    var range: (low: Double, high: Double)? {
        if let fixedRange { return fixedRange }
        let values = series.flatMap { $0.drawnPoints.map(\.value) }
        guard var low = values.min(), var high = values.max() else { return nil }
        if fromZero { low = min(0, low) }
        if high - low < 1e-9 { high += 1; if !fromZero { low -= 1 } }
        return (low, high)
    }
}
