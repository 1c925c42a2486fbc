// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import TempestUDP

/// Formats instants as UTC text without Foundation's formatters, which would
/// pull ICU into the binary.
public enum UTCTime {
    /// `2024-01-15T16:00:00Z`.
    public static func iso8601(_ timestamp: UnixTimestamp) -> String {
        let parts = civil(timestamp.secondsSince1970)
        return "\(parts.year)-\(pad(parts.month))-\(pad(parts.day))T\(pad(parts.hour)):\(pad(parts.minute)):\(pad(parts.second))Z"
    }

    /// `2024-01-15 16:00:00 UTC`, for people.
    public static func readable(_ timestamp: UnixTimestamp) -> String {
        let parts = civil(timestamp.secondsSince1970)
        return "\(parts.year)-\(pad(parts.month))-\(pad(parts.day)) \(pad(parts.hour)):\(pad(parts.minute)):\(pad(parts.second)) UTC"
    }

    /// Splits seconds since 1970 into a proleptic Gregorian date and a time of day.
    public static func civil(_ seconds: Int64) -> (year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let date = LocalDate(daysSince1970: days)
        return (Int64(date.year), Int64(date.month), Int64(date.day), secondOfDay / 3_600, secondOfDay % 3_600 / 60, secondOfDay % 60)
    }

    private static func pad(_ value: Int64) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
