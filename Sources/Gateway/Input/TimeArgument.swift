// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import GatewayCore
import Meteorology

/// A point in time given on the command line: an ISO 8601 instant
/// (`2024-07-13T18:30:00Z`, `2024-07-13T12:30:00-06:00`, `2024-07-13T18:30Z`,
/// a space instead of the `T` also works) or a calendar date (`2024-07-13`),
/// which means the start of that day in the station's time zone.
enum TimeArgument: ExpressibleByArgument, Equatable {
    /// An exact instant, seconds since 1970 UTC.
    case instant(Int64)
    /// A calendar date, resolved against a time zone later.
    case date(LocalDate)

    init?(argument: String) {
        guard let parsed = TimeArgument.parse(argument) else { return nil }
        self = parsed
    }

    static var defaultCompletionKind: CompletionKind { .default }

    static func parse(_ text: String) -> TimeArgument? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int64? {
            guard range.upperBound <= bytes.count, !range.isEmpty else { return nil }
            var value: Int64 = 0
            for index in range {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int64(digit)
            }
            return value
        }
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let date = LocalDate(year: Int(year), month: Int(month), day: Int(day))
        else { return nil }
        if bytes.count == 10 { return .date(date) }
        guard bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
            bytes.count >= 16, bytes[13] == UInt8(ascii: ":"),
            let hour = number(11..<13), let minute = number(14..<16), hour < 24, minute < 60
        else { return nil }
        var index = 16
        var second: Int64 = 0
        if index < bytes.count && bytes[index] == UInt8(ascii: ":") {
            guard let parsed = number((index + 1)..<(index + 3)), parsed < 61 else { return nil }
            second = parsed
            index += 3
        }
        var offsetSeconds: Int64 = 0
        if index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "Z"), UInt8(ascii: "z"):
                index += 1
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                let sign: Int64 = bytes[index] == UInt8(ascii: "-") ? -1 : 1
                guard let offsetHours = number((index + 1)..<(index + 3)) else { return nil }
                var offsetMinutes: Int64 = 0
                index += 3
                if index < bytes.count && bytes[index] == UInt8(ascii: ":") { index += 1 }
                if index < bytes.count {
                    guard let minutes = number(index..<(index + 2)) else { return nil }
                    offsetMinutes = minutes
                    index += 2
                }
                offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
            default:
                return nil
            }
        } else {
            // No zone designator: the time is read as UTC, and said so in --help.
        }
        guard index == bytes.count else { return nil }
        return .instant(date.daysSince1970 * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds)
    }
}
