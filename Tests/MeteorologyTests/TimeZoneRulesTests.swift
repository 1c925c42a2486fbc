// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Synchronization
import Testing
import Meteorology

/// Station-local days from the system tz database.
@Suite("Time zones and local days")
struct TimeZoneRulesTests {
    /// 2024-03-10T00:00:00Z and friends, for readability.
    func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Int64 {
        LocalDate(year: year, month: month, day: day)!.daysSince1970 * 86_400 + Int64(hour * 3600 + minute * 60)
    }

    func hours(_ seconds: Int64) -> Double { Double(seconds) / 3600 }

    @Test("New York: 23-hour spring day and 25-hour autumn day")
    func newYork() throws {
        let zone = try TimeZoneRules(identifier: "America/New_York")
        let spring = utc(2024, 3, 10, 12)
        #expect(zone.startOfDay(containing: spring) == utc(2024, 3, 10, 5))
        #expect(hours(zone.endOfDay(containing: spring) - zone.startOfDay(containing: spring)) == 23)
        let autumn = utc(2024, 11, 3, 12)
        #expect(zone.startOfDay(containing: autumn) == utc(2024, 11, 3, 4))
        #expect(hours(zone.endOfDay(containing: autumn) - zone.startOfDay(containing: autumn)) == 25)
        #expect(zone.offsetSeconds(at: utc(2024, 7, 1)) == -4 * 3600)
        #expect(zone.offsetSeconds(at: utc(2024, 1, 1)) == -5 * 3600)
    }

    @Test("Sydney, southern hemisphere: 25-hour April day and 23-hour October day")
    func sydney() throws {
        let zone = try TimeZoneRules(identifier: "Australia/Sydney")
        let april = utc(2024, 4, 7, 2)  // 12:00 local
        #expect(hours(zone.endOfDay(containing: april) - zone.startOfDay(containing: april)) == 25)
        #expect(zone.localDate(at: april) == LocalDate(year: 2024, month: 4, day: 7))
        let october = utc(2024, 10, 6, 2)
        #expect(hours(zone.endOfDay(containing: october) - zone.startOfDay(containing: october)) == 23)
        #expect(zone.offsetSeconds(at: utc(2024, 1, 15)) == 11 * 3600)
        #expect(zone.offsetSeconds(at: utc(2024, 7, 15)) == 10 * 3600)
    }

    @Test("a 45-minute offset (Kathmandu) and a 30-minute one with DST (Adelaide)")
    func oddOffsets() throws {
        let kathmandu = try TimeZoneRules(identifier: "Asia/Kathmandu")
        #expect(kathmandu.offsetSeconds(at: utc(2024, 6, 1)) == 5 * 3600 + 45 * 60)
        let noon = utc(2024, 6, 1, 6, 15)
        #expect(kathmandu.startOfDay(containing: noon) == utc(2024, 5, 31, 18, 15))
        #expect(hours(kathmandu.endOfDay(containing: noon) - kathmandu.startOfDay(containing: noon)) == 24)
        let adelaide = try TimeZoneRules(identifier: "Australia/Adelaide")
        #expect(adelaide.offsetSeconds(at: utc(2024, 1, 15)) == 10 * 3600 + 30 * 60)
        #expect(adelaide.offsetSeconds(at: utc(2024, 7, 15)) == 9 * 3600 + 30 * 60)
    }

    @Test("rules that changed: Moscow 2011 and 2014, São Paulo's DST that began at midnight and ended in 2019")
    func changedRules() throws {
        let moscow = try TimeZoneRules(identifier: "Europe/Moscow")
        #expect(moscow.offsetSeconds(at: utc(2010, 7, 1)) == 4 * 3600)  // summer time then
        #expect(moscow.offsetSeconds(at: utc(2010, 12, 1)) == 3 * 3600)
        #expect(moscow.offsetSeconds(at: utc(2013, 1, 1)) == 4 * 3600)  // permanent +4
        #expect(moscow.offsetSeconds(at: utc(2015, 7, 1)) == 3 * 3600)  // permanent +3
        let saoPaulo = try TimeZoneRules(identifier: "America/Sao_Paulo")
        // 2018-11-04: clocks jumped from 00:00 to 01:00, so the day began at 01:00 local (03:00 UTC).
        let day = utc(2018, 11, 4, 15)
        #expect(saoPaulo.startOfDay(containing: day) == utc(2018, 11, 4, 3))
        #expect(hours(saoPaulo.endOfDay(containing: day) - saoPaulo.startOfDay(containing: day)) == 23)
        #expect(saoPaulo.offsetSeconds(at: utc(2020, 1, 15)) == -3 * 3600)  // no DST since 2019
    }

    @Test("UTC and dates far in the future (the file's POSIX footer rule)")
    func utcAndFuture() throws {
        let utcZone = try TimeZoneRules(identifier: "UTC")
        #expect(utcZone.offsetSeconds(at: utc(2024, 7, 1)) == 0)
        #expect(utcZone.startOfDay(containing: utc(2024, 7, 1, 13)) == utc(2024, 7, 1))
        #expect(TimeZoneRules.utc.endOfDay(containing: utc(2024, 7, 1, 13)) == utc(2024, 7, 2))
        let newYork = try TimeZoneRules(identifier: "America/New_York")
        #expect(newYork.offsetSeconds(at: utc(2090, 7, 1)) == -4 * 3600)
        #expect(newYork.offsetSeconds(at: utc(2090, 12, 1)) == -5 * 3600)
        // 2090-03-12 is the second Sunday of March: a 23-hour day.
        let spring = utc(2090, 3, 12, 12)
        #expect(hours(newYork.endOfDay(containing: spring) - newYork.startOfDay(containing: spring)) == 23)
        let sydney = try TimeZoneRules(identifier: "Australia/Sydney")
        #expect(sydney.offsetSeconds(at: utc(2090, 1, 10)) == 11 * 3600)
    }

    @Test("an unknown zone is an error that names it; paths are refused")
    func unknownZone() {
        #expect(throws: TimeZoneError.unknownZone("Mars/Olympus_Mons", directory: TimeZoneRules.defaultDirectory)) {
            try TimeZoneRules(identifier: "Mars/Olympus_Mons")
        }
        do {
            _ = try TimeZoneRules(identifier: "Mars/Olympus_Mons")
        } catch {
            #expect(error.description.contains("Mars/Olympus_Mons"))
        }
        #expect(throws: TimeZoneError.invalidIdentifier("../../etc/passwd")) {
            try TimeZoneRules(identifier: "../../etc/passwd")
        }
        #expect(throws: TimeZoneError.invalidIdentifier("/etc/localtime")) {
            try TimeZoneRules(identifier: "/etc/localtime")
        }
    }

    /// glibc's own tz code is an independent oracle: for many zones and
    /// instants from 1990 to 2099, our offsets must equal `tm_gmtoff`.
    @Test("offsets agree with glibc's localtime_r across zones and a century",
          arguments: ["America/New_York", "America/Denver", "America/Phoenix", "Australia/Sydney", "Australia/Lord_Howe",
                      "Asia/Kathmandu", "Europe/Moscow", "America/Sao_Paulo", "Europe/London", "Pacific/Chatham",
                      "America/St_Johns", "Africa/Casablanca", "Asia/Tehran", "America/Santiago", "Pacific/Auckland",
                      "America/Nuuk", "Asia/Jerusalem", "America/Godthab"])
    func agreesWithGlibc(zone identifier: String) throws {
        let zone = try TimeZoneRules(identifier: identifier)
        let offsets = GlibcOracle.offsets(zone: identifier, instants: Self.sampleInstants)
        var mismatches = [String]()
        for (instant, expected) in zip(Self.sampleInstants, offsets) where zone.offsetSeconds(at: instant) != expected {
            mismatches.append("\(instant): ours \(zone.offsetSeconds(at: instant)), glibc \(expected)")
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(3))")
    }

    /// Every 7 h 13 min from 1990 to 2099 (about 130,000 instants).
    static let sampleInstants: [Int64] = Array(stride(from: Int64(631_152_000), to: 4_102_444_800, by: 26_000))
}

/// Asks glibc for UTC offsets by setting TZ in this process, one zone at a
/// time (TZ is process-wide, hence the lock).
enum GlibcOracle {
    static let lock = Mutex(())

    static func offsets(zone: String, instants: [Int64]) -> [Int64] {
        lock.withLock { _ in
            let previous = getenv("TZ").map { String(cString: $0) }
            setenv("TZ", ":" + zone, 1)
            tzset()
            defer {
                if let previous { setenv("TZ", previous, 1) } else { unsetenv("TZ") }
                tzset()
            }
            return instants.map { instant in
                var time = time_t(instant)
                var parts = tm()
                localtime_r(&time, &parts)
                return Int64(parts.tm_gmtoff)
            }
        }
    }
}
