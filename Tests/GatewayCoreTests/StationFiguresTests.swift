// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import Meteorology
import Pipeline
import Storage
import TempestTestKit
import TempestUDP
import Testing
@testable import CloudFollowing
@testable import Forecasting
@testable import GatewayCore
@testable import GatewayStatus
@testable import MQTTSink
@testable import Pipeline
@testable import WebPage

/// The conditions, trends and records beyond one message, in process: a
/// real store in a temporary folder, the ingestor, and a recording sink.
@Suite struct StationFiguresTests {
    /// 2024-07-13 06:00 UTC, a Saturday.
    static let start: Int64 = 1_720_850_400

    struct Observation {
        var time: Int64
        var pressure = 1009.2
        var temperature = 20.0
        var rain = 0.0
        var solar = 0.0
        var strikeCount = 0
        var strikeDistance = 0.0

        var datagram: String {
            """
            {"serial_number":"ST-00054321","type":"obs_st","hub_sn":"HB-00012345","obs":[[\(time),0.1,0.8,1.6,213,3,\(pressure),\(temperature),71,812,0.06,\(solar),\(rain),\(rain > 0 ? 1 : 0),\(strikeDistance),\(strikeCount),2.68,1]],"firmware_revision":176}
            """
        }
    }

    static func strike(at time: Int64, kilometers: Int) -> String {
        #"{"serial_number":"ST-00054321","type":"evt_strike","hub_sn":"HB-00012345","evt":[\#(time),\#(kilometers),3000]}"#
    }

    static func rainStart(at time: Int64) -> String {
        #"{"serial_number":"ST-00054321","type":"evt_precip","hub_sn":"HB-00012345","evt":[\#(time)]}"#
    }

    /// A store, the ingestor with its figures, and the sink; `reopen`
    /// starts again on the same database, as a restart does.
    final class Harness {
        let directory: TemporaryDirectory
        var writer: StoreWriter
        var sink = RecordingSink()
        var ingestor: Ingestor
        var figures: StationFigures
        let rules: ConditionRules

        init(rules: ConditionRules = ConditionRules(), directory: TemporaryDirectory? = nil) throws {
            self.rules = rules
            self.directory = try directory ?? TemporaryDirectory()
            writer = try StoreWriter(path: self.directory.file("figures.db"))
            figures = StationFigures(timeZone: .utc, rules: rules)
            ingestor = Ingestor(
                writer: writer, summaries: DailySummaryKeeper(timeZone: .utc), activity: DeviceActivity(), planner: sink, site: nil,
                operatorLog: .silent, figures: figures)
        }

        /// Stops and starts again on the same database, restoring the
        /// daily totals and the figures from it as `GatewayRun` does.
        func restart() async throws {
            try await writer.flush()
            writer.shutdown()
            sink = RecordingSink()
            let writer = try StoreWriter(path: directory.file("figures.db"))
            let summaries = DailySummaryKeeper(timeZone: .utc)
            let figures = StationFigures(timeZone: .utc, rules: rules)
            let now = Int64(time(nil))
            try await writer.perform { store in
                _ = try summaries.restore(from: store, now: now)
                try figures.restore(from: store, latest: summaries.latestCountedSeconds(now: now))
            }
            self.writer = writer
            self.figures = figures
            ingestor = Ingestor(
                writer: writer, summaries: summaries, activity: DeviceActivity(), planner: sink, site: nil,
                operatorLog: .silent, figures: figures)
        }

        func ingest(_ datagram: String, at time: Int64) throws {
            guard case .decoded(let message, _) = DatagramDecoder().decode(datagram) else {
                throw TestKitError("the test datagram did not decode: \(datagram)")
            }
            ingestor.ingest(message, source: .udp, receivedAt: time + 1, isLate: false)
        }

        func ingest(_ observation: Observation, at time: Int64? = nil) throws {
            try ingest(observation.datagram, at: time ?? observation.time)
        }

        /// The latest value published for `field`, nil if none.
        func latest(_ field: String) -> String? {
            sink.values.last { $0.topic == "tempest/ST-00054321/\(field)" }?.payload
        }

        deinit { writer.shutdown() }
    }

    @Test func rainingHoldsForTheHoldTimeAfterTheLastRain() throws {
        let harness = try Harness(rules: ConditionRules(rainingHoldMinutes: 10))
        try harness.ingest(Observation(time: Self.start))
        #expect(harness.latest("raining") == "OFF")
        try harness.ingest(Observation(time: Self.start + 60, rain: 0.2))
        #expect(harness.latest("raining") == "ON")
        // Dry minutes within the hold keep it ON, and OFF once it has passed.
        try harness.ingest(Observation(time: Self.start + 60 + 9 * 60))
        #expect(harness.latest("raining") == "ON")
        try harness.ingest(Observation(time: Self.start + 60 + 10 * 60))
        #expect(harness.latest("raining") == "OFF")
        // A rain-start event turns it ON at once.
        try harness.ingest(Self.rainStart(at: Self.start + 900), at: Self.start + 900)
        #expect(harness.latest("raining") == "ON")
    }

    @Test func lightningNearbyCountsOnlyStrikesWithinTheDistance() throws {
        let harness = try Harness(rules: ConditionRules(lightningNearbyKilometers: 10, lightningNearbyMinutes: 20))
        try harness.ingest(Self.strike(at: Self.start, kilometers: 25), at: Self.start)
        #expect(harness.latest("lightning_nearby") == "OFF")
        try harness.ingest(Self.strike(at: Self.start + 30, kilometers: 8), at: Self.start + 30)
        #expect(harness.latest("lightning_nearby") == "ON")
        try harness.ingest(Observation(time: Self.start + 60))
        #expect(harness.latest("lightning_nearby") == "ON")
        try harness.ingest(Observation(time: Self.start + 30 + 20 * 60))
        #expect(harness.latest("lightning_nearby") == "OFF")
        // An observation's strikes count at their average distance.
        try harness.ingest(Observation(time: Self.start + 30 + 21 * 60, strikeCount: 3, strikeDistance: 9))
        #expect(harness.latest("lightning_nearby") == "ON")
    }

    @Test func freezingTurnsOffOnlyAboveOneDegree() throws {
        let harness = try Harness()
        var states = [String?]()
        for (minute, temperature) in [0.5, -0.2, 0.8, 1.0, 1.2, 0.4].enumerated() {
            try harness.ingest(Observation(time: Self.start + Int64(minute) * 60, temperature: temperature))
            states.append(harness.latest("freezing"))
        }
        #expect(states == ["OFF", "ON", "ON", "ON", "OFF", "OFF"])
    }

    @Test func pressureTrendComparesWithThreeHoursAgo() throws {
        let harness = try Harness()
        // Every 10 minutes for 3 hours, 1.5 mb lower at the end.
        for step in 0...18 {
            try harness.ingest(Observation(time: Self.start + Int64(step) * 600, pressure: 1010 - Double(step) * 1.5 / 18))
            if step < 17 { #expect(harness.latest("pressure_trend") == nil) }
        }
        #expect(harness.latest("pressure_trend") == "falling")
        #expect(Double(harness.latest("pressure_change_3_hours") ?? "") == -1.5)
        // Back up by 0.8 mb over the 3 hours before the next sample: steady.
        try harness.ingest(Observation(time: Self.start + 19 * 600, pressure: 1010 - 1.5 / 18 + 0.8 - 1.5 * 0))
        #expect(harness.latest("pressure_trend") == "steady")
    }

    @Test func sunshineCountsMinutesAtOrAbove120WattsAndDaylightNeedsTheLatitude() throws {
        let harness = try Harness(rules: ConditionRules(latitudeDegrees: 60.17))
        for (minute, solar) in [90.0, 120, 450, 119, 300].enumerated() {
            try harness.ingest(Observation(time: Self.start + Int64(minute) * 60, solar: solar))
        }
        #expect(harness.latest("sunshine_minutes_today") == "3")
        // DaylightTests checks the formula against an almanac.
        let daylight = try #require(Daylight.minutes(latitudeDegrees: 60.17, on: LocalDate(year: 2024, month: 7, day: 13)!))
        #expect(harness.latest("daylight_minutes_today") == String(Int(daylight.rounded())))
        #expect(harness.latest("observation_last_time") == "2024-07-13T06:04:00Z")
        let withoutLatitude = try Harness()
        try withoutLatitude.ingest(Observation(time: Self.start))
        #expect(withoutLatitude.latest("daylight_minutes_today") == nil)
    }

    @Test func rainOverTheLast24HoursDropsRainOlderThanADay() throws {
        let harness = try Harness()
        try harness.ingest(Observation(time: Self.start, rain: 1.25))
        try harness.ingest(Observation(time: Self.start + 3_600, rain: 0.5))
        #expect(harness.latest("rain_last_24_hours") == "1.75")
        try harness.ingest(Observation(time: Self.start + 86_400))
        #expect(harness.latest("rain_last_24_hours") == "0.5")
    }

    /// Days in the last year, last month, this week and today; then a restart.
    @Test func periodTotalsAndRecordsComeFromTheStoreAndSurviveARestart() async throws {
        let harness = try Harness()
        let lastYear = LocalDate(year: 2023, month: 12, day: 31)!
        let lastMonth = LocalDate(year: 2024, month: 6, day: 30)!
        let monday = LocalDate(year: 2024, month: 7, day: 8)!
        let today = LocalDate(year: 2024, month: 7, day: 13)!
        func noon(_ date: LocalDate) -> Int64 { date.daysSince1970 * 86_400 + 43_200 }
        try harness.ingest(Observation(time: noon(lastYear), temperature: -5, rain: 4))
        try harness.ingest(Observation(time: noon(lastMonth), temperature: 30, rain: 2))
        try harness.ingest(Observation(time: noon(monday), temperature: 25, rain: 1))
        try harness.ingest(Observation(time: noon(today), temperature: 20, rain: 0.5))
        func expectRecords(_ harness: Harness, todayRain: Double, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(Double(harness.latest("rain_this_week") ?? "") == 1 + todayRain, sourceLocation: sourceLocation)
            #expect(Double(harness.latest("rain_this_month") ?? "") == 1 + todayRain, sourceLocation: sourceLocation)
            #expect(Double(harness.latest("rain_this_year") ?? "") == 3 + todayRain, sourceLocation: sourceLocation)
            #expect(harness.latest("air_temperature_max_month") == "25", sourceLocation: sourceLocation)
            #expect(harness.latest("air_temperature_min_month") == "20", sourceLocation: sourceLocation)
            #expect(harness.latest("air_temperature_max_year") == "30", sourceLocation: sourceLocation)
            #expect(harness.latest("air_temperature_min_year") == "20", sourceLocation: sourceLocation)
            #expect(harness.latest("air_temperature_max_all_time") == "30", sourceLocation: sourceLocation)
            #expect(harness.latest("air_temperature_min_all_time") == "-5", sourceLocation: sourceLocation)
            #expect(harness.latest("wind_gust_max_all_time") == "1.6", sourceLocation: sourceLocation)
        }
        expectRecords(harness, todayRain: 0.5)
        try await harness.restart()
        try harness.ingest(Observation(time: noon(today) + 60, temperature: 21, rain: 0.25))
        expectRecords(harness, todayRain: 0.75)
        // The rain 1 minute ago survived too: still raining, and in the 24 hours.
        #expect(harness.latest("raining") == "ON")
        #expect(harness.latest("rain_last_24_hours") == "0.75")
    }

    /// The work per observation stays constant: the days before today are
    /// summed once a day, and again after an earlier day's summary changed
    /// only once a minute has passed.
    @Test func earlierDaysAreSummedOnlyOnANewDayOrAMinuteAfterAChange() throws {
        let harness = try Harness()
        let serial = "ST-00054321"
        for minute in 0..<30 { try harness.ingest(Observation(time: Self.start + Int64(minute) * 60)) }
        #expect(harness.figures.recordRecomputations(serial: serial) == 1)
        // The next day: once more, however many observations.
        let tomorrow = Self.start + 86_400
        for minute in 0..<30 { try harness.ingest(Observation(time: tomorrow + Int64(minute) * 60)) }
        #expect(harness.figures.recordRecomputations(serial: serial) == 2)
        #expect(harness.latest("rain_this_week") == "0")
        // A late observation changes yesterday's summary: summed again with
        // the next observation, but at most once a minute.
        try harness.ingest(Observation(time: Self.start + 3_600, rain: 2), at: tomorrow + 1_800)
        try harness.ingest(Observation(time: tomorrow + 1_830))
        #expect(harness.figures.recordRecomputations(serial: serial) == 3)
        #expect(harness.latest("rain_this_week") == "2")
        try harness.ingest(Observation(time: Self.start + 3_660, rain: 1), at: tomorrow + 1_840)
        try harness.ingest(Observation(time: tomorrow + 1_850))
        #expect(harness.figures.recordRecomputations(serial: serial) == 3)
        #expect(harness.latest("rain_this_week") == "2")
        try harness.ingest(Observation(time: tomorrow + 1_890))
        #expect(harness.figures.recordRecomputations(serial: serial) == 4)
        #expect(harness.latest("rain_this_week") == "3")
    }

    @Test func conditionsAreRebuiltFromTheStoreAfterARestart() async throws {
        let harness = try Harness()
        try harness.ingest(Observation(time: Self.start, temperature: -1))
        try harness.ingest(Self.strike(at: Self.start + 10, kilometers: 5), at: Self.start + 10)
        try harness.ingest(Observation(time: Self.start + 60, temperature: 0.5))
        try await harness.restart()
        try harness.ingest(Observation(time: Self.start + 120, temperature: 0.6))
        #expect(harness.latest("freezing") == "ON")
        #expect(harness.latest("lightning_nearby") == "ON")
        #expect(harness.latest("raining") == "OFF")
    }

    /// The sample day's shower (from 14:19 UTC) and thunderstorm (16:00 to
    /// 17:11 UTC), replayed: `raining` and `lightning_nearby` go ON during
    /// them and OFF after.
    @Test func theSampleDayTurnsRainingAndLightningOnAndOff() throws {
        let harness = try Harness()
        let lines = try ProcFile.read(BuiltProducts.packageRoot + "/Samples/sample-day.jsonl").split(separator: "\n")
        var raining = [(time: Int64, on: Bool)]()
        var lightning = [(time: Int64, on: Bool)]()
        var rainTimes = [Int64]()
        var seen = 0
        for line in lines where !line.contains("rapid_wind") && !line.contains("hub_status") {
            guard case .decoded(let message, _) = DatagramDecoder().decode(String(line)) else { continue }
            let time = message.timestamp.secondsSince1970
            if case .tempestObservation(let observation) = message, let rain = observation.rows.last?.rainAccumulatedMillimeters, rain > 0 {
                rainTimes.append(time)
            }
            harness.ingestor.ingest(message, source: .udp, receivedAt: time, isLate: false)
            let values = harness.sink.values
            for value in values[seen...] {
                if value.topic.hasSuffix("/raining") { raining.append((time, value.payload == "ON")) }
                if value.topic.hasSuffix("/lightning_nearby") { lightning.append((time, value.payload == "ON")) }
            }
            seen = values.count
        }
        let firstRain = try #require(rainTimes.first)
        let lastRain = try #require(rainTimes.last)
        #expect(raining.first { $0.on }?.time == firstRain)
        #expect(raining.contains { !$0.on && $0.time < firstRain })
        #expect(raining.last?.on == false)
        // OFF only at the first observation a hold time after the last rain.
        #expect(raining.first { !$0.on && $0.time > lastRain }?.time == lastRain + 15 * 60)
        let on = lightning.filter(\.on)
        #expect(on.count > 10)
        #expect(lightning.last?.on == false)
        #expect((on.first?.time ?? 0) >= 1_720_911_240 && (on.last?.time ?? .max) <= 1_720_914_656 + 30 * 60)
    }
}
