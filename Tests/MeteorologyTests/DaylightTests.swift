// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Testing

/// Daylight from sunrise to sunset, against almanac values.
@Suite struct DaylightTests {
    @Test func almanacDayLengths() throws {
        let equinox = try #require(LocalDate(year: 2024, month: 3, day: 20))
        let solstice = try #require(LocalDate(year: 2024, month: 6, day: 21))
        let winter = try #require(LocalDate(year: 2024, month: 12, day: 21))
        // The equator: 12 h 7 min all year (refraction and the sun's radius).
        #expect(abs((Daylight.minutes(latitudeDegrees: 0, on: equinox) ?? 0) - 727) <= 3)
        // Helsinki (60.17° N): 18 h 57 min at midsummer, 5 h 49 min at midwinter.
        #expect(abs((Daylight.minutes(latitudeDegrees: 60.17, on: solstice) ?? 0) - 1_137) <= 6)
        #expect(abs((Daylight.minutes(latitudeDegrees: 60.17, on: winter) ?? 0) - 349) <= 6)
        // Midnight sun and polar night; the south has the opposite season.
        #expect(Daylight.minutes(latitudeDegrees: 80, on: solstice) == 1_440)
        #expect(Daylight.minutes(latitudeDegrees: 80, on: winter) == 0)
        #expect(Daylight.minutes(latitudeDegrees: -80, on: solstice) == 0)
        #expect(Daylight.minutes(latitudeDegrees: nil, on: solstice) == nil)
        #expect(Daylight.minutes(latitudeDegrees: 91, on: solstice) == nil)
    }
}
