// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology

/// One device's calendar totals and records, from its daily summaries: the
/// days of this year (and of this week, when it began last year) one by one,
/// everything older folded into all-time extremes.
///
/// The figures of the days before today are computed from those days when
/// today changes, or when a summary of an earlier day changed (late or
/// backfilled data), at most once a minute; each observation then only adds
/// today's running totals, O(1).
struct DeviceRecords: Sendable {
    /// The days kept, by date.
    private var days: [LocalDate: DaySummary] = [:]
    /// The extremes of the days no longer kept.
    private var older = PeriodRecords.Extremes()
    /// The figures of the days before `cachedFor`, and when they were computed.
    private var cache: (date: LocalDate, computedAt: Int64, figures: PeriodRecords)?
    /// A summary of a day before the cached date changed since.
    private var isStale = false
    /// How often the days before today were summed (for the tests of the
    /// refresh rule).
    private(set) var recomputations = 0

    /// Figures of the days before today are recomputed at most this often
    /// after a past day's summary changed.
    static let refreshIntervalSeconds: Int64 = 60

    /// Monday of the week of `date`.
    static func weekStart(of date: LocalDate) -> LocalDate {
        LocalDate(daysSince1970: date.daysSince1970 - Int64((date.weekday + 6) % 7))
    }

    /// The first day that must be kept for `date`'s figures.
    static func firstKeptDay(for date: LocalDate) -> LocalDate {
        min(LocalDate(year: date.year, month: 1, day: 1)!, weekStart(of: date))
    }

    /// Records the summary of `date` (a new one, or one that changed).
    mutating func note(_ summary: DaySummary, on date: LocalDate) {
        if let cache, date < Self.firstKeptDay(for: cache.date) {
            // Older than anything kept: only the all-time extremes can move.
            older.merge(summary)
            isStale = true
            return
        }
        days[date] = summary
        if let cache, date < cache.date { isStale = true }
    }

    /// The figures as of `today`, with today's own totals from `todayTotals`;
    /// `now` (seconds) paces recomputation.
    mutating func figures(today: LocalDate, todayTotals: DayTotals, now: Int64) -> PeriodRecords {
        var base: PeriodRecords
        if let cache, cache.date == today, !isStale || now - cache.computedAt < Self.refreshIntervalSeconds {
            base = cache.figures
        } else {
            prune(keepingFrom: Self.firstKeptDay(for: today))
            base = computed(before: today)
            recomputations += 1
            cache = (today, now, base)
            isStale = false
        }
        let rain = todayTotals.rainMillimeters
        base.rainWeekMillimeters += rain
        base.rainMonthMillimeters += rain
        base.rainYearMillimeters += rain
        let todaySummary = DaySummary(
            rainMillimeters: rain,
            maximumTemperature: todayTotals.maximumTemperature, minimumTemperature: todayTotals.minimumTemperature,
            maximumGust: todayTotals.maximumGust.map { .init(value: $0.metersPerSecond, timestamp: $0.timestamp) })
        base.month.merge(todaySummary)
        base.year.merge(todaySummary)
        base.allTime.merge(todaySummary)
        return base
    }

    /// The figures of the kept days before `today` (up to 366 + 6 of them).
    private func computed(before today: LocalDate) -> PeriodRecords {
        var figures = PeriodRecords()
        figures.allTime = older
        let week = Self.weekStart(of: today)
        var rainWeek: Int64 = 0
        var rainMonth: Int64 = 0
        var rainYear: Int64 = 0
        for (date, day) in days where date < today {
            figures.allTime.merge(day)
            if date >= week { rainWeek += day.rainMicrometers }
            guard date.year == today.year else { continue }
            rainYear += day.rainMicrometers
            figures.year.merge(day)
            if date.month == today.month {
                rainMonth += day.rainMicrometers
                figures.month.merge(day)
            }
        }
        figures.rainWeekMillimeters = Double(rainWeek) / 1_000
        figures.rainMonthMillimeters = Double(rainMonth) / 1_000
        figures.rainYearMillimeters = Double(rainYear) / 1_000
        return figures
    }

    /// Folds the days before `first` into the all-time extremes.
    private mutating func prune(keepingFrom first: LocalDate) {
        for (date, day) in days where date < first {
            older.merge(day)
            days[date] = nil
        }
    }
}
