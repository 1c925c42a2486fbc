// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Pipeline

/// Times on the pages, always in the station's time zone: clock times
/// ("14:05"), days ("Thu 26 Nov") and ages ("40 seconds").
package enum WebTime {
    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The local clock time at `instant`, 24-hour: "14:05".
    static func clock(_ instant: Int64, in zone: TimeZoneRules) -> String {
        let local = instant + zone.offsetSeconds(at: instant)
        let secondOfDay = ((local % 86_400) + 86_400) % 86_400
        return pad(secondOfDay / 3_600) + ":" + pad(secondOfDay % 3_600 / 60)
    }

    /// The local day at `instant`: "Thu 26 Nov".
    static func day(_ instant: Int64, in zone: TimeZoneRules) -> String {
        day(zone.localDate(at: instant))
    }

    /// `date` as "Thu 26 Nov".
    static func day(_ date: LocalDate) -> String {
        "\(weekdays[date.weekday]) \(date.day) \(months[date.month - 1])"
    }

    /// The local day and clock time: "Thu 26 Nov 14:05".
    static func dayAndClock(_ instant: Int64, in zone: TimeZoneRules) -> String {
        day(instant, in: zone) + " " + clock(instant, in: zone)
    }

    /// How long `seconds` is, in words, the way live.js writes it too:
    /// "40 seconds", "5 minutes", "3 hours 10 minutes", "2 days".
    static func age(_ seconds: Int64) -> String {
        let seconds = max(0, seconds)
        if seconds < 60 { return Plural.count(seconds, "second") }
        let minutes = seconds / 60
        if minutes < 60 { return Plural.count(minutes, "minute") }
        let hours = minutes / 60
        if hours < 48 { return minutes % 60 == 0 ? Plural.count(hours, "hour") : "\(Plural.count(hours, "hour")) \(Plural.count(minutes % 60, "minute"))" }
        return Plural.count(hours / 24, "day")
    }

    /// "updated 40 seconds ago".
    static func updated(at instant: Int64, now: Int64) -> String {
        "updated \(age(now - instant)) ago"
    }

    private static func pad(_ value: Int64) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
