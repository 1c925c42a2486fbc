// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology

/// The time a Charts page covers, from its query: the last 24 hours
/// (`range=24h`, the default), the last 7 days (`range=7d`) or one local
/// day of the store (`day=YYYY-MM-DD`, packed days included), with how
/// finely it is drawn and tabulated. The 7 days are drawn from hourly
/// means (maxima for gusts, sums for rain) so that the page stays small.
struct ChartPeriod: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case last24Hours
        case last7Days
        case day(LocalDate)
    }

    /// What it is.
    var kind: Kind
    /// First second, Unix seconds.
    var start: Int64
    /// End (exclusive), Unix seconds.
    var end: Int64

    /// One drawn point per this many seconds.
    var bucketSeconds: Int64 {
        if case .last7Days = kind { return 3_600 }
        return 600
    }

    /// One table row per this many seconds: an hour, or 6 hours for 7 days.
    var tableSeconds: Int64 {
        if case .last7Days = kind { return 6 * 3_600 }
        return 3_600
    }

    /// Words for it: "the last 24 hours", "Thu 26 Nov 2026".
    var name: String {
        switch kind {
        case .last24Hours: "the last 24 hours"
        case .last7Days: "the last 7 days"
        case .day(let date): "\(WebTime.day(date)) \(date.year)"
        }
    }

    /// Whether times need their day as well as their clock time.
    var spansDays: Bool { end - start > 86_400 + 3_600 }

    /// The period a query asks for at `now`, or a sentence saying what is wrong.
    static func parse(_ query: [String: String], now: Int64, zone: TimeZoneRules) -> Result<ChartPeriod, ChartQueryError> {
        if let day = query["day"] {
            guard query["range"] == nil else { return .failure(ChartQueryError("Give either range or day, not both.")) }
            guard let date = LocalDate(day) else {
                return .failure(ChartQueryError("The day \"\(day)\" is not a date: write it as YYYY-MM-DD, for example 2026-11-26."))
            }
            return .success(ChartPeriod(kind: .day(date), start: zone.startOfDay(date), end: zone.startOfDay(date.next)))
        }
        // The end is the whole local hour (24 hours), or the local 00:00,
        // 06:00, 12:00 or 18:00 (7 days), at or after now, so that the
        // table's rows and the rain bars cover whole hours and quarters of days.
        func end(step: Int64) -> Int64 {
            let offset = zone.offsetSeconds(at: now)
            return ((now + offset + step - 1) / step) * step - offset
        }
        switch query["range"] ?? "24h" {
        case "24h":
            let end = end(step: 3_600)
            return .success(ChartPeriod(kind: .last24Hours, start: end - 86_400, end: end))
        case "7d":
            let end = end(step: 6 * 3_600)
            return .success(ChartPeriod(kind: .last7Days, start: end - 7 * 86_400, end: end))
        case let other:
            return .failure(ChartQueryError("The range \"\(other)\" is not known: use range=24h, range=7d, or day=YYYY-MM-DD."))
        }
    }
}

/// Why a Charts query cannot be answered, as a sentence for the 400 page.
struct ChartQueryError: Error, Sendable, Equatable {
    /// The sentence.
    var sentence: String

    init(_ sentence: String) { self.sentence = sentence }
}
