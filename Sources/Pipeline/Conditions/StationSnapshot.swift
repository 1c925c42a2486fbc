// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology

/// What the gateway knows about a device beyond one message: the condition
/// values, the pressure trend, rolling and calendar totals and records, as
/// of one message. Each is nil when unknown (or when the message does not
/// move it: a strike event gives only `lightningNearby`).
public struct StationSnapshot: Sendable, Hashable {
    /// Rain within `ConditionRules.rainingHoldMinutes`.
    public var raining: Bool?
    /// A strike within the distance and minutes of the rules.
    public var lightningNearby: Bool?
    /// At or below 0 °C, until above +1 °C.
    public var freezing: Bool?
    /// The 3-hour pressure change and its direction (spec 9.13).
    public var pressureTrend: PressureTrend?
    /// Rain over the last 24 hours, mm.
    public var rainLast24HoursMillimeters: Double?
    /// Minutes of sunshine since local midnight.
    public var sunshineMinutesToday: Int?
    /// Minutes from sunrise to sunset today.
    public var daylightMinutesToday: Double?
    /// The newest observation's time, seconds since 1970.
    public var lastObservationAt: Int64?
    /// Calendar totals and records, today included.
    public var records: PeriodRecords?
    /// ET₀, degree days, chill hours and sunshine of today and yesterday.
    public var growers: GrowersFigures?

    /// Nothing known.
    public init() {}
}

/// Rain totals of the week (from Monday), month and year, and the highest
/// and lowest temperatures and strongest gusts of the month, year and all
/// time, in the station's time zone, today included.
public struct PeriodRecords: Sendable, Hashable {
    /// Rain since Monday, mm.
    public var rainWeekMillimeters: Double = 0
    /// Rain since the first of the month, mm.
    public var rainMonthMillimeters: Double = 0
    /// Rain since 1 January, mm.
    public var rainYearMillimeters: Double = 0
    /// Temperature and gust extremes of this month.
    public var month = Extremes()
    /// … of this year.
    public var year = Extremes()
    /// … of everything stored.
    public var allTime = Extremes()

    /// The highest and lowest air temperature (°C) and strongest gust (m/s)
    /// of a period, each with its time; the earliest wins a tie.
    public struct Extremes: Sendable, Hashable {
        public var maximumTemperature: PeriodRecords.Extreme?
        public var minimumTemperature: PeriodRecords.Extreme?
        public var maximumGust: PeriodRecords.Extreme?

        /// None yet.
        public init() {}

        /// Takes in one day's extremes.
        mutating func merge(_ day: DaySummary) {
            if let value = day.maximumTemperature, Self.beats(value, maximumTemperature, higher: true) { maximumTemperature = value }
            if let value = day.minimumTemperature, Self.beats(value, minimumTemperature, higher: false) { minimumTemperature = value }
            if let value = day.maximumGust, Self.beats(value, maximumGust, higher: true) { maximumGust = value }
        }

        /// Takes in another period's extremes.
        mutating func merge(_ other: Extremes) {
            merge(DaySummary(extremes: other))
        }

        static func beats(_ value: PeriodRecords.Extreme, _ current: PeriodRecords.Extreme?, higher: Bool) -> Bool {
            guard let current else { return true }
            if value.value == current.value { return value.timestamp < current.timestamp }
            return higher ? value.value > current.value : value.value < current.value
        }
    }

    /// A value (in the unit its property names) and when.
    public typealias Extreme = DayTotals.Extreme

    /// Empty.
    public init() {}
}

/// What the records need of one day's summary.
struct DaySummary: Sendable, Hashable {
    var rainMicrometers: Int64 = 0
    var maximumTemperature: PeriodRecords.Extreme?
    var minimumTemperature: PeriodRecords.Extreme?
    var maximumGust: PeriodRecords.Extreme?

    init(rainMillimeters: Double, maximumTemperature: PeriodRecords.Extreme?, minimumTemperature: PeriodRecords.Extreme?, maximumGust: PeriodRecords.Extreme?) {
        rainMicrometers = Int64((rainMillimeters * 1_000).rounded())
        self.maximumTemperature = maximumTemperature
        self.minimumTemperature = minimumTemperature
        self.maximumGust = maximumGust
    }

    init(extremes: PeriodRecords.Extremes) {
        maximumTemperature = extremes.maximumTemperature
        minimumTemperature = extremes.minimumTemperature
        maximumGust = extremes.maximumGust
    }
}
