// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import SystemSupport

/// Reads an HTTP `Retry-After` value: delay-seconds or an IMF-fixdate
/// (`Sun, 06 Nov 1994 08:49:37 GMT`). The obsolete date forms are not
/// accepted (servers must send IMF-fixdate).
public enum RetryAfter {
    /// The wait in seconds that `value` asks for, measured from `now`
    /// (seconds since 1970); nil when unreadable. Past dates give 0.
    public static func seconds(from value: String, now: Int64 = currentUnixSeconds()) -> Double? {
        let trimmed = Substring(value).trimmingWhitespace()
        if let seconds = Int64(trimmed) { return seconds >= 0 ? Double(seconds) : nil }
        guard let date = parseIMFFixdate(trimmed) else { return nil }
        return Double(max(0, date - now))
    }

    /// Seconds since 1970 for an IMF-fixdate, or nil.
    public static func parseIMFFixdate(_ text: String) -> Int64? {
        // "Sun, 06 Nov 1994 08:49:37 GMT": fixed width, 29 characters.
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].count == 4, parts[0].hasSuffix(","), parts[5] == "GMT",
              parts[1].count == 2, let day = Int64(parts[1]),
              let monthIndex = months.firstIndex(of: String(parts[2])),
              parts[3].count == 4, let year = Int64(parts[3]) else { return nil }
        let clock = parts[4].split(separator: ":")
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
              let hour = Int64(clock[0]), let minute = Int64(clock[1]), let second = Int64(clock[2]),
              (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        let days = daysSince1970(year: year, month: Int64(monthIndex) + 1, day: day)
        return days * 86_400 + hour * 3600 + minute * 60 + second
    }

    /// The current time in whole seconds since 1970.
    public static func currentUnixSeconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec)
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Days from 1970-01-01 to a proleptic Gregorian date: count from a
    /// March-based year so the leap day falls at the end.
    private static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let marchMonth = (month + 9) % 12
        let dayOfYear = (153 * marchMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
