// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology

/// The sentences a chart's caption and `<desc>` say: per series its lowest
/// and highest value with their times and the unit spelled out.
struct ChartSummary {
    var period: ChartPeriod
    var zone: TimeZoneRules

    /// The time of `instant` as the period needs it ("14:05", or "Thu 26 Nov 14:05").
    func time(_ instant: Int64) -> String {
        period.spansDays ? WebTime.dayAndClock(instant, in: zone) : WebTime.clock(instant, in: zone)
    }

    /// "Air temperature: lowest 12.3 degrees Celsius at 05:40, highest 24.1
    /// degrees Celsius at 15:10." (nil without data).
    func extremes(_ series: ChartSeries, unit: String) -> String? {
        guard let low = series.lowest, let high = series.highest else { return nil }
        let suffix = unit.isEmpty ? "" : " " + unit
        return "\(series.label): lowest \(WebUnits.rounded(low.value, decimals: series.decimals))\(suffix) at \(time(low.at)), "
            + "highest \(WebUnits.rounded(high.value, decimals: series.decimals))\(suffix) at \(time(high.at))."
    }
}
