// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Pipeline

/// A reading's time as each service writes it, always in UTC.
enum UploadTime {
    /// `2026-08-29 12:34:56`: the `dateutc` of Weather Underground,
    /// PWSweather and Met Office WOW (encoded later, the space as `+`).
    static func dateUTC(_ timestamp: Int64) -> String {
        let parts = UTCTime.civil(timestamp)
        return "\(parts.year)-\(pad(parts.month))-\(pad(parts.day)) \(pad(parts.hour)):\(pad(parts.minute)):\(pad(parts.second))"
    }

    /// `2026-08-29T12:34:56Z`: Windy's `time`.
    static func iso8601(_ timestamp: Int64) -> String {
        let parts = UTCTime.civil(timestamp)
        return "\(parts.year)-\(pad(parts.month))-\(pad(parts.day))T\(pad(parts.hour)):\(pad(parts.minute)):\(pad(parts.second))Z"
    }

    /// `20260829` and `1234`: Weathercloud's `date` and `time`.
    static func compactDateAndTime(_ timestamp: Int64) -> (date: String, time: String) {
        let parts = UTCTime.civil(timestamp)
        return ("\(parts.year)\(pad(parts.month))\(pad(parts.day))", "\(pad(parts.hour))\(pad(parts.minute))")
    }

    /// Seconds since 1970 of an ISO-8601 UTC time (`2026-08-29T12:34:56Z`,
    /// with or without fractional seconds, `Z` or `+00:00`), or nil; the
    /// fraction is dropped. Windy's `retry_after`.
    static func parseISO8601(_ text: String) -> Int64? {
        let characters = Array(text)
        guard characters.count >= 19, characters[10] == "T" || characters[10] == " ",
              let date = LocalDate(String(characters[0..<10])),
              characters[13] == ":", characters[16] == ":",
              let hour = Int64(String(characters[11..<13])), let minute = Int64(String(characters[14..<16])),
              let second = Int64(String(characters[17..<19])), hour < 24, minute < 60, second < 61
        else { return nil }
        var rest = characters[19...]
        if rest.first == "." { rest = rest.drop { $0 == "." || $0.isNumber } }
        guard rest.isEmpty || rest.elementsEqual("Z") || rest.elementsEqual("+00:00") else { return nil }
        return date.daysSince1970 * 86_400 + hour * 3_600 + minute * 60 + second
    }

    private static func pad(_ value: Int64) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
