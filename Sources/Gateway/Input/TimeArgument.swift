import ArgumentParser

/// A point in time given on the command line: an ISO 8601 instant
/// (`2024-07-13T18:30:00Z`, `2024-07-13T12:30:00-06:00`, `2024-07-13T18:30Z`,
/// a space instead of the `T` also works) or a calendar date (`2024-07-13`),
/// which means the start of that day in the station's time zone.
enum TimeArgument: ExpressibleByArgument, Equatable {
    /// An exact instant, seconds since 1970 UTC.
    case instant(Int64)
    /// A calendar date, resolved against a time zone later.
    case date(year: Int64, month: Int64, day: Int64)

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
            (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year: year, month: month)
        else { return nil }
        if bytes.count == 10 { return .date(year: year, month: month, day: day) }
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
        let days = CivilDate.daysSince1970(year: year, month: month, day: day)
        return .instant(days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds)
    }
}

/// Proleptic Gregorian calendar arithmetic (Howard Hinnant's algorithms).
enum CivilDate {
    static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
