import TempestUDP

/// Formats instants as UTC text without Foundation's formatters, which would
/// pull ICU into the binary.
enum UTCTime {
    /// `2024-01-15T16:00:00Z`.
    static func iso8601(_ timestamp: UnixTimestamp) -> String {
        let parts = civil(timestamp.secondsSince1970)
        return "\(parts.year)-\(pad(parts.month))-\(pad(parts.day))T\(pad(parts.hour)):\(pad(parts.minute)):\(pad(parts.second))Z"
    }

    /// `2024-01-15 16:00:00 UTC`, for people.
    static func readable(_ timestamp: UnixTimestamp) -> String {
        let parts = civil(timestamp.secondsSince1970)
        return "\(parts.year)-\(pad(parts.month))-\(pad(parts.day)) \(pad(parts.hour)):\(pad(parts.minute)):\(pad(parts.second)) UTC"
    }

    /// Splits seconds since 1970 into a proleptic Gregorian date and time
    /// (Howard Hinnant's days-from-civil inverse, valid for any Int64 day).
    static func civil(_ seconds: Int64) -> (year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day, secondOfDay / 3_600, secondOfDay % 3_600 / 60, secondOfDay % 60)
    }

    private static func pad(_ value: Int64) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
