// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Testing
import Meteorology
import TempestTestKit

/// Daily totals that add up: duplicates, reordering, restarts and late rows.
@Suite("Daily accumulator")
struct DailyAccumulatorTests {
    let zone: TimeZoneRules
    /// 2024-07-13T00:00 in Denver (MDT, UTC−6).
    let dayStart: Int64 = 1_720_850_400

    init() throws {
        zone = try TimeZoneRules(identifier: "America/Denver")
    }

    /// A deterministic day of minute observations with two rain spells,
    /// a thunderstorm and a temperature swing; plus its strike events.
    func simulatedDay(serial: String = "ST-00054321", start: Int64? = nil) -> (observations: [ObservationSample], strikes: [StrikeSample]) {
        let origin = start ?? dayStart
        var observations = [ObservationSample]()
        var strikes = [StrikeSample]()
        for minute in 0..<1440 {
            var sample = ObservationSample(serial: serial, timestamp: origin + Int64(minute) * 60)
            sample.reportIntervalMinutes = 1
            sample.airTemperatureCelsius = 20 + Double((minute * 7) % 130) / 10
            sample.windGustMetersPerSecond = Double((minute * 13) % 170) / 10
            sample.windDirectionDegrees = Double((minute * 37) % 360)
            let raining = (820..<845).contains(minute) || (1030..<1080).contains(minute)
            sample.rainMillimeters = raining ? 0.1 + Double(minute % 5) / 20 : 0
            if (1020..<1070).contains(minute) && minute % 3 == 0 {
                sample.lightningStrikeCount = Int64(minute % 4 + 1)
                sample.lightningStrikeAverageDistanceKilometers = Double(5 + minute % 20)
                strikes.append(StrikeSample(serial: serial, timestamp: sample.timestamp + 20, distanceKilometers: Double(4 + minute % 20)))
            }
            observations.append(sample)
        }
        return (observations, strikes)
    }

    func accumulate(_ observations: [ObservationSample], _ strikes: [StrikeSample]) -> DailyAccumulator {
        var accumulator = DailyAccumulator(timeZone: zone)
        for sample in observations { accumulator.add(sample) }
        for strike in strikes { accumulator.add(strike) }
        return accumulator
    }

    @Test("rain no counter can hold counts as none, never ends the process")
    func absurdRainIsIgnored() {
        let day = simulatedDay()
        var absurd = ObservationSample(serial: "ST-00054321", timestamp: day.observations[10].timestamp + 1)
        absurd.rainMillimeters = 1e300
        var accumulator = accumulate(day.observations, day.strikes)
        let date = LocalDate("2024-07-13")!
        let before = accumulator.totals(serial: "ST-00054321", on: date)
        accumulator.add(absurd)
        let after = accumulator.totals(serial: "ST-00054321", on: date)
        #expect(before.rainMillimeters > 0)
        #expect(after.rainMillimeters == before.rainMillimeters)
        #expect(after.rainMinutes == before.rainMinutes)
        #expect(after.observationCount == before.observationCount + 1)
    }

    @Test("a clean day's totals")
    func cleanDay() {
        let day = simulatedDay()
        let totals = accumulate(day.observations, day.strikes).totals(serial: "ST-00054321", on: LocalDate("2024-07-13")!)
        let expectedRain = day.observations.compactMap(\.rainMillimeters).reduce(0, +)
        #expect(abs(totals.rainMillimeters - expectedRain) < 1e-9)
        #expect(totals.rainMinutes == 75)
        #expect(totals.strikeCount == day.observations.compactMap(\.lightningStrikeCount).reduce(0, +).asInt)
        #expect(totals.closestStrikeKilometers == 4)
        #expect(totals.maximumTemperature?.value == 32.9)
        #expect(totals.minimumTemperature?.value == 20)
        #expect(totals.minimumTemperature?.timestamp == dayStart)
        #expect(totals.maximumGust?.metersPerSecond == 16.9)
        #expect(totals.observationCount == 1440)
    }

    @Test("duplicates and reordering give exactly the clean day's totals")
    func duplicatesAndReordering() {
        let day = simulatedDay()
        let clean = accumulate(day.observations, day.strikes)
        var generator = SplitMix64(seed: 7)
        var messy = day.observations + day.observations.filter { $0.timestamp % 7 == 0 }
        messy.shuffle(using: &generator)
        var messyStrikes = day.strikes + day.strikes
        messyStrikes.shuffle(using: &generator)
        let reordered = accumulate(messy, messyStrikes)
        let date = LocalDate("2024-07-13")!
        #expect(reordered.totals(serial: "ST-00054321", on: date) == clean.totals(serial: "ST-00054321", on: date))
        let end = dayStart + 86_399
        #expect(reordered.current(serial: "ST-00054321", at: end) == clean.current(serial: "ST-00054321", at: end))
    }

    @Test("a restart rebuilt from stored rows yields the uninterrupted totals, across midnight")
    func restartFromHistory() {
        let first = simulatedDay()
        let second = simulatedDay(start: dayStart + 86_400)
        let allObservations = first.observations + second.observations
        let allStrikes = first.strikes + second.strikes
        let uninterrupted = accumulate(allObservations, allStrikes)
        // The gateway stops at 01:30 on the second day; on restart it
        // rebuilds from what the store holds, then carries on live.
        let cut = dayStart + 86_400 + 90 * 60
        var restarted = DailyAccumulator.rebuilt(
            zones: StationZones(zone),
            observations: allObservations.filter { $0.timestamp < cut },
            strikes: allStrikes.filter { $0.timestamp < cut })
        for sample in allObservations where sample.timestamp >= cut { restarted.add(sample) }
        for strike in allStrikes where strike.timestamp >= cut { restarted.add(strike) }
        for date in [LocalDate("2024-07-13")!, LocalDate("2024-07-14")!] {
            #expect(restarted.totals(serial: "ST-00054321", on: date) == uninterrupted.totals(serial: "ST-00054321", on: date))
        }
        let late = dayStart + 2 * 86_400 - 1
        #expect(restarted.current(serial: "ST-00054321", at: late) == uninterrupted.current(serial: "ST-00054321", at: late))
    }

    @Test("a late observation from yesterday changes yesterday, not today")
    func lateObservation() {
        var accumulator = DailyAccumulator(timeZone: zone)
        var today = ObservationSample(serial: "ST-1", timestamp: dayStart + 86_400 + 600)
        today.rainMillimeters = 1
        accumulator.add(today)
        var late = ObservationSample(serial: "ST-1", timestamp: dayStart + 86_000)  // 23:53 the day before
        late.rainMillimeters = 2.5
        let lateAccepted = accumulator.add(late)
        #expect(lateAccepted)
        let now = dayStart + 86_400 + 700
        let current = accumulator.current(serial: "ST-1", at: now)
        #expect(current.today.rainMillimeters == 1)
        #expect(current.yesterday.rainMillimeters == 2.5)
        // Older than yesterday: refused, and nothing changes.
        var ancient = ObservationSample(serial: "ST-1", timestamp: dayStart - 86_400)
        ancient.rainMillimeters = 9
        let ancientAccepted = accumulator.add(ancient)
        #expect(!ancientAccepted)
        #expect(accumulator.current(serial: "ST-1", at: now) == current)
    }

    @Test("the day rolls over at local midnight even when no datagram arrives")
    func midnightRollover() {
        let day = simulatedDay()
        let accumulator = accumulate(day.observations, day.strikes)
        let beforeMidnight = accumulator.current(serial: "ST-00054321", at: dayStart + 86_399)
        let afterMidnight = accumulator.current(serial: "ST-00054321", at: dayStart + 86_400)
        #expect(beforeMidnight.today.date == LocalDate("2024-07-13"))
        #expect(beforeMidnight.today.rainMillimeters > 0)
        #expect(afterMidnight.today.date == LocalDate("2024-07-14"))
        #expect(afterMidnight.today.rainMillimeters == 0)
        #expect(afterMidnight.yesterday == beforeMidnight.today)
    }

    @Test("lightning over the last hour and three hours, last and closest strike")
    func lightningWindows() {
        let day = simulatedDay()
        let accumulator = accumulate(day.observations, day.strikes)
        let now = dayStart + 1070 * 60
        let current = accumulator.current(serial: "ST-00054321", at: now)
        let lastHour = day.observations.filter { $0.timestamp > now - 3600 && $0.timestamp <= now }
            .compactMap(\.lightningStrikeCount).reduce(0, +)
        #expect(current.strikesLastHour == lastHour.asInt)
        #expect(current.strikesLastHour > 0)
        #expect(current.strikesLastThreeHours >= current.strikesLastHour)
        #expect(current.lastStrike == day.strikes.filter { $0.timestamp <= now }.max { $0.timestamp < $1.timestamp })
        let quiet = accumulator.current(serial: "ST-00054321", at: dayStart + 1439 * 60)
        #expect(quiet.strikesLastHour == 0)
    }

    @Test("devices never share a counter")
    func perDevice() {
        var accumulator = DailyAccumulator(timeZone: zone)
        var sample = ObservationSample(serial: "ST-1", timestamp: dayStart + 60)
        sample.rainMillimeters = 1
        accumulator.add(sample)
        sample.serial = "ST-2"
        sample.rainMillimeters = 3
        accumulator.add(sample)
        #expect(accumulator.current(serial: "ST-1", at: dayStart + 120).today.rainMillimeters == 1)
        #expect(accumulator.current(serial: "ST-2", at: dayStart + 120).today.rainMillimeters == 3)
        #expect(accumulator.serials == ["ST-1", "ST-2"])
    }

    @Test("a 23-hour day sums only its own minutes (New York, 2024-03-10)")
    func shortDay() throws {
        let newYork = try TimeZoneRules(identifier: "America/New_York")
        let start = newYork.startOfDay(LocalDate("2024-03-10")!)
        let end = newYork.endOfDay(containing: start)
        var accumulator = DailyAccumulator(timeZone: newYork)
        for timestamp in stride(from: start - 3600, to: end + 3600, by: 60) {
            var sample = ObservationSample(serial: "ST-1", timestamp: timestamp)
            sample.rainMillimeters = 0.01
            accumulator.add(sample)
        }
        #expect(accumulator.totals(serial: "ST-1", on: LocalDate("2024-03-10")!).rainMinutes == 23 * 60)
    }
}

extension Int64 {
    var asInt: Int { Int(self) }
}
