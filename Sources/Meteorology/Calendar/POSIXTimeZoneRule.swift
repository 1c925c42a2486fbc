// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The POSIX TZ string at the end of a TZif v2+ file, such as
/// `EST5EDT,M3.2.0,M11.1.0` or `<+1030>-10:30<+11>-11,M10.1.0,M4.1.0`: the
/// rule for every instant after the file's last transition.
///
/// Offsets in the string are west-positive (EST5 is UTC−5); this type stores
/// them east-positive, as seconds to add to UTC.
struct POSIXTimeZoneRule: Hashable, Sendable {
    /// When daylight saving time starts or ends in a year.
    enum DateRule: Hashable, Sendable {
        /// `Jn`: day 1 … 365, February 29 never counted.
        case julianNoLeap(Int)
        /// `n`: day 0 … 365, February 29 counted in leap years.
        case zeroBasedDay(Int)
        /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (5 = last) of month `m`.
        case monthWeekDay(month: Int, week: Int, weekday: Int)
    }

    struct Transition: Hashable, Sendable {
        var date: DateRule
        /// Seconds after local midnight (may be negative or beyond 24 h).
        var secondsAfterMidnight: Int64
    }

    /// Standard time's offset east of UTC, seconds.
    var standardOffsetSeconds: Int64
    /// Daylight time's offset east of UTC, seconds, when the zone has one.
    var daylightOffsetSeconds: Int64?
    var daylightStart: Transition?
    var daylightEnd: Transition?

    /// Parses a TZ string; nil when it is not one.
    init?(_ text: String) {
        var scanner = Scanner(bytes: Array(text.utf8))
        guard scanner.skipName(), let standard = scanner.offset() else { return nil }
        standardOffsetSeconds = -standard
        if scanner.isAtEnd {
            daylightOffsetSeconds = nil
            daylightStart = nil
            daylightEnd = nil
            return
        }
        guard scanner.skipName() else { return nil }
        if !scanner.isAtEnd && scanner.peek != UInt8(ascii: ",") {
            guard let daylight = scanner.offset() else { return nil }
            daylightOffsetSeconds = -daylight
        } else {
            daylightOffsetSeconds = -standard + 3600
        }
        guard scanner.consume(UInt8(ascii: ",")), let start = scanner.transition(),
            scanner.consume(UInt8(ascii: ",")), let end = scanner.transition(), scanner.isAtEnd
        else { return nil }
        daylightStart = start
        daylightEnd = end
    }

    /// The offset east of UTC at `instant` (seconds since 1970, UTC).
    func offsetSeconds(at instant: Int64) -> Int64 {
        guard let daylight = daylightOffsetSeconds, let start = daylightStart, let end = daylightEnd else {
            return standardOffsetSeconds
        }
        let year = LocalDate(daysSince1970: floorDivide(instant + standardOffsetSeconds, 86_400)).year
        // Check the year before too: a southern-hemisphere summer spans New Year.
        for candidateYear in [year - 1, year, year + 1] {
            let startInstant = POSIXTimeZoneRule.instant(of: start, year: candidateYear) - standardOffsetSeconds
            let endInstant = POSIXTimeZoneRule.instant(of: end, year: candidateYear) - daylight
            if startInstant < endInstant {
                if instant >= startInstant && instant < endInstant { return daylight }
            } else {
                // Southern hemisphere: daylight time from `start` to next year's `end`.
                let nextEnd = POSIXTimeZoneRule.instant(of: end, year: candidateYear + 1) - daylight
                if instant >= startInstant && instant < nextEnd { return daylight }
            }
        }
        return standardOffsetSeconds
    }

    /// Local seconds since 1970 of a transition in `year` (before applying any offset).
    static func instant(of transition: Transition, year: Int) -> Int64 {
        let dayOfYearStart = LocalDate(year: year, month: 1, day: 1)!.daysSince1970
        let day: Int64
        switch transition.date {
        case .julianNoLeap(let number):
            // Day 60 is always March 1.
            let leapShift = LocalDate.isLeapYear(year) && number >= 60 ? 1 : 0
            day = dayOfYearStart + Int64(number - 1 + leapShift)
        case .zeroBasedDay(let number):
            day = dayOfYearStart + Int64(number)
        case .monthWeekDay(let month, let week, let weekday):
            let first = LocalDate(year: year, month: month, day: 1)!
            var dayOfMonth = 1 + (weekday - first.weekday + 7) % 7 + (week - 1) * 7
            let length = LocalDate.daysInMonth(year: year, month: month)
            while dayOfMonth > length { dayOfMonth -= 7 }
            day = first.daysSince1970 + Int64(dayOfMonth - 1)
        }
        return day * 86_400 + transition.secondsAfterMidnight
    }

    /// Reads the pieces of a TZ string.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        var isAtEnd: Bool { index >= bytes.count }
        var peek: UInt8? { isAtEnd ? nil : bytes[index] }

        mutating func consume(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            index += 1
            return true
        }

        /// An abbreviation: three or more letters, or anything in `<…>`.
        mutating func skipName() -> Bool {
            if consume(UInt8(ascii: "<")) {
                while let byte = peek, byte != UInt8(ascii: ">") { index += 1 }
                return consume(UInt8(ascii: ">"))
            }
            let start = index
            while let byte = peek, (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") { index += 1 }
            return index - start >= 3
        }

        mutating func number() -> Int64? {
            let start = index
            var value: Int64 = 0
            while let byte = peek, byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
                index += 1
            }
            return index > start ? value : nil
        }

        /// `[+-]hh[:mm[:ss]]` in seconds, as written (west-positive for offsets).
        mutating func offset() -> Int64? {
            var sign: Int64 = 1
            if consume(UInt8(ascii: "-")) { sign = -1 } else { _ = consume(UInt8(ascii: "+")) }
            guard let hours = number() else { return nil }
            var seconds = hours * 3600
            if consume(UInt8(ascii: ":")) {
                guard let minutes = number() else { return nil }
                seconds += minutes * 60
                if consume(UInt8(ascii: ":")) {
                    guard let extra = number() else { return nil }
                    seconds += extra
                }
            }
            return sign * seconds
        }

        mutating func transition() -> Transition? {
            let date: DateRule
            if consume(UInt8(ascii: "J")) {
                guard let day = number(), (1...365).contains(day) else { return nil }
                date = .julianNoLeap(Int(day))
            } else if consume(UInt8(ascii: "M")) {
                guard let month = number(), consume(UInt8(ascii: ".")), let week = number(),
                    consume(UInt8(ascii: ".")), let weekday = number(),
                    (1...12).contains(month), (1...5).contains(week), (0...6).contains(weekday)
                else { return nil }
                date = .monthWeekDay(month: Int(month), week: Int(week), weekday: Int(weekday))
            } else {
                guard let day = number(), (0...365).contains(day) else { return nil }
                date = .zeroBasedDay(Int(day))
            }
            var seconds: Int64 = 2 * 3600
            if consume(UInt8(ascii: "/")) {
                guard let time = offset() else { return nil }
                seconds = time
            }
            return Transition(date: date, secondsAfterMidnight: seconds)
        }
    }
}

/// Division rounding towards minus infinity.
@inline(__always)
func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
}
