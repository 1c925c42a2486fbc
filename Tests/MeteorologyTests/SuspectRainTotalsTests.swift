// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Testing

/// Suspect rain (the quality checks: rain in strong wind with no rain start)
/// waits outside the day's total as `suspectRainMillimeters` until good
/// rain the same day confirms it, in any arrival order.
@Suite struct SuspectRainTotalsTests {
    let serial = "ST-00043201"
    let date = LocalDate("2024-07-13")!
    /// 2024-07-13T00:00 UTC.
    let dayStart: Int64 = 1_720_828_800

    func sample(minute: Int64, rain: Double, suspect: Bool) -> ObservationSample {
        var sample = ObservationSample(serial: serial, timestamp: dayStart + minute * 60)
        sample.reportIntervalMinutes = 1
        sample.rainMillimeters = rain
        sample.rainIsSuspect = suspect
        return sample
    }

    func totals(_ samples: [ObservationSample]) throws -> DayTotals {
        var accumulator = DailyAccumulator(timeZone: try TimeZoneRules(identifier: "UTC"))
        for sample in samples { accumulator.add(sample) }
        return accumulator.totals(serial: serial, on: date)
    }

    @Test("suspect rain alone is kept apart: the day's total and rain minutes stay 0")
    func aloneItWaits() throws {
        let day = try totals([sample(minute: 600, rain: 0.3, suspect: true), sample(minute: 601, rain: 0.2, suspect: true)])
        #expect(day.rainMillimeters == 0)
        #expect(day.rainMinutes == 0)
        #expect(abs(day.suspectRainMillimeters - 0.5) < 1e-12)
    }

    @Test("good rain the same day confirms it, whichever arrives first")
    func goodRainConfirms() throws {
        let suspect = [sample(minute: 600, rain: 0.3, suspect: true), sample(minute: 601, rain: 0.2, suspect: true)]
        let good = sample(minute: 640, rain: 0.1, suspect: false)
        for order in [suspect + [good], [good] + suspect, [suspect[0], good, suspect[1]]] {
            let day = try totals(order)
            #expect(abs(day.rainMillimeters - 0.6) < 1e-12)
            #expect(day.rainMinutes == 3)
            #expect(day.suspectRainMillimeters == 0)
        }
    }

    @Test("a suspect row with no rain changes nothing")
    func dryIsNothing() throws {
        let day = try totals([sample(minute: 600, rain: 0, suspect: true), sample(minute: 601, rain: 0.4, suspect: false)])
        #expect(abs(day.rainMillimeters - 0.4) < 1e-12)
        #expect(day.rainMinutes == 1)
        #expect(day.suspectRainMillimeters == 0)
    }
}
