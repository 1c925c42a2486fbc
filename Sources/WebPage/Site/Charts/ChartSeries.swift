// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One series of a chart, gathered from raw samples (already in the
/// configured unit): its drawn points (one per `ChartPeriod.bucketSeconds`),
/// its table values (one per `ChartPeriod.tableSeconds`) and its raw lowest
/// and highest values with their times, for the summary sentence.
struct ChartSeries: Sendable {
    /// How it is drawn.
    enum Mark: Sendable {
        /// A line, broken where data is missing.
        case line
        /// Bars from zero.
        case bars
        /// One dot per point.
        case dots
    }

    /// The name in the legend and the table: "Dew point".
    var label: String
    /// How its values in an interval are reduced.
    var reduction: ChartReduction
    /// How it is drawn.
    var mark: Mark
    /// Its style class (`s1` … `s4`: colour) and dash pattern (nil: solid),
    /// so that colour is never the only difference.
    var style: String
    var dash: String?
    /// A forecast rather than an observation (drawn with class `forecast`).
    var isForecast = false
    /// The decimals of its table values.
    var decimals = 1

    private(set) var chart: [ChartBucket]
    private(set) var table: [ChartBucket]
    private let start: Int64
    private let bucketSeconds: Int64
    private let tableSeconds: Int64
    /// The raw lowest and highest values and when.
    private(set) var lowest: (value: Double, at: Int64)?
    private(set) var highest: (value: Double, at: Int64)?
    /// Explicit points, for series not bucketed (strike dots): (time, value).
    private(set) var points: [(at: Int64, value: Double)] = []

    /// An empty series over `period`.
    init(
        _ label: String, period: ChartPeriod, reduction: ChartReduction = .mean, mark: Mark = .line, style: String = "s1",
        dash: String? = nil, decimals: Int = 1, bucketSeconds: Int64? = nil
    ) {
        self.label = label
        self.reduction = reduction
        self.mark = mark
        self.style = style
        self.dash = dash
        self.decimals = decimals
        start = period.start
        let bucket = bucketSeconds ?? period.bucketSeconds
        self.bucketSeconds = bucket
        tableSeconds = period.tableSeconds
        chart = Array(repeating: ChartBucket(), count: Int((period.end - period.start + bucket - 1) / bucket))
        table = Array(repeating: ChartBucket(), count: Int((period.end - period.start + tableSeconds - 1) / tableSeconds))
    }

    /// The drawn interval with the highest value, and its start.
    var highestInterval: (value: Double, at: Int64)? {
        drawnPoints.max { $0.value < $1.value }.map { (value: $0.value, at: $0.at) }
    }

    /// Whether it holds no value.
    var isEmpty: Bool { lowest == nil }

    /// Takes in `value` measured at `timestamp` (ignored outside the period).
    mutating func add(_ value: Double, at timestamp: Int64) {
        guard value.isFinite, timestamp >= start else { return }
        let chartIndex = Int((timestamp - start) / bucketSeconds)
        let tableIndex = Int((timestamp - start) / tableSeconds)
        guard chartIndex < chart.count, tableIndex < table.count else { return }
        chart[chartIndex].add(value)
        table[tableIndex].add(value)
        if lowest == nil || value < lowest!.value { lowest = (value, timestamp) }
        if highest == nil || value > highest!.value { highest = (value, timestamp) }
    }

    /// Takes in a wind direction with its speed (vector mean per interval).
    mutating func addDirection(_ degrees: Double, speedMetersPerSecond: Double?, at timestamp: Int64) {
        guard timestamp >= start else { return }
        let chartIndex = Int((timestamp - start) / bucketSeconds)
        let tableIndex = Int((timestamp - start) / tableSeconds)
        guard chartIndex < chart.count, tableIndex < table.count else { return }
        let speed = speedMetersPerSecond ?? 1
        chart[chartIndex].count += 1
        chart[chartIndex].wind.add(speedMetersPerSecond: speed, directionDegrees: degrees)
        table[tableIndex].count += 1
        table[tableIndex].wind.add(speedMetersPerSecond: speed, directionDegrees: degrees)
        if lowest == nil { lowest = (degrees, timestamp) }
        highest = (degrees, timestamp)
    }

    /// Takes in a point drawn as it is (a strike), counted in the table.
    mutating func addPoint(_ value: Double, at timestamp: Int64) {
        add(value, at: timestamp)
        points.append((timestamp, value))
    }

    /// The drawn points: (interval start, value) of each interval with data,
    /// or the explicit points when there are any.
    var drawnPoints: [(at: Int64, value: Double)] {
        if !points.isEmpty { return points }
        return chart.indices.compactMap { index in
            chart[index].value(reduction).map { (start + Int64(index) * bucketSeconds, $0) }
        }
    }

    /// The table's value for row `index`, nil when the row has no data.
    func tableValue(_ index: Int, reduction: ChartReduction? = nil) -> Double? {
        table.indices.contains(index) ? table[index].value(reduction ?? self.reduction) : nil
    }

    /// How many values it took in.
    var count: Int { table.reduce(0) { $0 + $1.count } }

    /// The seconds between drawn points (a gap longer than two breaks a line).
    var stepSeconds: Int64 { bucketSeconds }

    /// A copy whose buckets hold the running total of this one's (rain accumulated).
    func accumulated(_ label: String, style: String, dash: String?) -> ChartSeries {
        var total = self
        total.label = label
        total.style = style
        total.dash = dash
        total.mark = .line
        total.reduction = .sum
        // The line ends with the data (not at the end of a period still under way).
        let lastChart = chart.lastIndex { $0.count > 0 } ?? -1
        let lastTable = table.lastIndex { $0.count > 0 } ?? -1
        var running = 0.0
        for index in total.chart.indices {
            running += chart[index].sum
            total.chart[index] = ChartBucket()
            if index <= lastChart { total.chart[index].add(running) }
        }
        running = 0
        for index in total.table.indices {
            running += table[index].sum
            total.table[index] = ChartBucket()
            if index <= lastTable { total.table[index].add(running) }
        }
        total.lowest = lowest.map { _ in (0, start) }
        total.highest = highest.map { _ in (running, start) }
        return total
    }
}
