// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc

/// A time zone read from the system tz database (`/usr/share/zoneinfo`,
/// TZif version 2 or later), without ICU: UTC offsets at any instant, the
/// local date of an instant, and the start and end of a local day, which is
/// 23 or 25 hours long on daylight-saving changes.
///
/// Instants after the file's last transition follow the POSIX rule in its
/// footer, so dates decades ahead come out right.
public struct TimeZoneRules: Hashable, Sendable {
    /// The IANA name, such as `America/Denver`.
    public let identifier: String
    /// Transition instants, ascending.
    let transitionTimes: [Int64]
    /// The offset east of UTC (seconds) in force from each transition on.
    let transitionOffsets: [Int64]
    /// The offset before the first transition.
    let initialOffset: Int64
    /// The rule after the last transition, when the file has one.
    let footer: POSIXTimeZoneRule?

    /// The default tz database folder.
    public static let defaultDirectory = "/usr/share/zoneinfo"

    /// Coordinated Universal Time, with no file needed.
    public static let utc = TimeZoneRules(
        identifier: "UTC", transitionTimes: [], transitionOffsets: [], initialOffset: 0, footer: nil)

    init(identifier: String, transitionTimes: [Int64], transitionOffsets: [Int64], initialOffset: Int64, footer: POSIXTimeZoneRule?) {
        self.identifier = identifier
        self.transitionTimes = transitionTimes
        self.transitionOffsets = transitionOffsets
        self.initialOffset = initialOffset
        self.footer = footer
    }

    /// Loads `identifier` (for example `Australia/Sydney`) from `directory`.
    ///
    /// - Throws: `TimeZoneError` naming the zone when the name is not a
    ///   tz identifier, the zone does not exist, or the file is damaged.
    public init(identifier: String, directory: String = TimeZoneRules.defaultDirectory) throws(TimeZoneError) {
        guard !identifier.isEmpty, !identifier.hasPrefix("/"), !identifier.split(separator: "/").contains(".."),
            identifier.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { throw .invalidIdentifier(identifier) }
        let path = directory + "/" + identifier
        let bytes = try TimeZoneRules.readFile(path: path, identifier: identifier, directory: directory)
        self = try TimeZoneRules.parse(bytes, identifier: identifier)
    }

    /// The system's own zone (`/etc/localtime`), named after the tz file
    /// it links to (such as `Europe/Berlin`), or `localtime` when it is a copy.
    public static func systemZone(path: String = "/etc/localtime") -> TimeZoneRules? {
        var name = "localtime"
        var target = [CChar](repeating: 0, count: 4096)
        let length = readlink(path, &target, target.count - 1)
        if length > 0 {
            let link = String(decoding: target[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let parts = link.split(separator: "/", omittingEmptySubsequences: true)
            if let index = parts.lastIndex(of: "zoneinfo"), index + 1 < parts.count {
                name = parts[(index + 1)...].joined(separator: "/")
            }
        }
        guard let bytes = try? readFile(path: path, identifier: name, directory: "/etc") else { return nil }
        return try? parse(bytes, identifier: name)
    }

    // MARK: - Queries

    /// The offset east of UTC in force at `instant`, seconds.
    public func offsetSeconds(at instant: Int64) -> Int64 {
        guard let first = transitionTimes.first else { return footer?.offsetSeconds(at: instant) ?? initialOffset }
        if instant < first { return initialOffset }
        if instant >= transitionTimes[transitionTimes.count - 1], let footer {
            return footer.offsetSeconds(at: instant)
        }
        // The last transition at or before `instant`.
        var low = 0
        var high = transitionTimes.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if transitionTimes[middle] <= instant { low = middle } else { high = middle - 1 }
        }
        return transitionOffsets[low]
    }

    /// The local calendar date at `instant`.
    public func localDate(at instant: Int64) -> LocalDate {
        LocalDate(daysSince1970: floorDivide(instant + offsetSeconds(at: instant), 86_400))
    }

    /// The first instant of the local day that contains `instant`.
    public func startOfDay(containing instant: Int64) -> Int64 {
        startOfDay(localDate(at: instant), near: instant)
    }

    /// The first instant of the next local day: the end (exclusive) of the
    /// day containing `instant`. The day is 23 or 25 hours long across a
    /// daylight-saving change.
    public func endOfDay(containing instant: Int64) -> Int64 {
        let date = localDate(at: instant)
        return startOfDay(date.next, near: instant + 86_400)
    }

    /// The first instant whose local date is `date`.
    public func startOfDay(_ date: LocalDate) -> Int64 {
        let midnight = date.daysSince1970 * 86_400
        return startOfDay(date, near: midnight - offsetSeconds(at: midnight))
    }

    /// Finds the first instant of `date` by bisection around `near`, which
    /// must lie within a day or so of it. Local time can jump (a gap at
    /// midnight makes the day start at 01:00), so search instead of solving.
    private func startOfDay(_ date: LocalDate, near: Int64) -> Int64 {
        let target = date.daysSince1970
        var low = near - 2 * 86_400  // before the day
        var high = near + 2 * 86_400  // inside or after the day
        while localDay(low) >= target { low -= 86_400 }
        while localDay(high) < target { high += 86_400 }
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if localDay(middle) >= target { high = middle } else { low = middle }
        }
        return high
    }

    private func localDay(_ instant: Int64) -> Int64 {
        floorDivide(instant + offsetSeconds(at: instant), 86_400)
    }

    public static func == (lhs: TimeZoneRules, rhs: TimeZoneRules) -> Bool {
        lhs.identifier == rhs.identifier && lhs.transitionTimes == rhs.transitionTimes
            && lhs.transitionOffsets == rhs.transitionOffsets && lhs.footer == rhs.footer
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        hasher.combine(transitionTimes.count)
    }
}
