// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Storage
import Synchronization
import TempestUDP

/// Keeps each device's station-local daily totals (rain, lightning,
/// temperature extremes, strongest gust) as messages arrive, and turns every
/// change into a `daily_summaries` row for the store.
///
/// After a restart it is rebuilt from the stored observations and strikes of
/// yesterday and today, so totals survive restarts that span midnight.
public final class DailySummaryKeeper: Sendable {
    private let accumulator: Mutex<DailyAccumulator>
    /// Each device's time zone: that of the station listing it, else the first station's.
    public let zones: StationZones
    /// How far ahead of the gateway's clock a message may be and still
    /// count: the same tolerance as the quarantine's
    /// (`udp.future_tolerance_seconds`), so that nothing stored is left
    /// out of the totals and nothing counted is missing from the store.
    public let futureToleranceSeconds: Int64
    /// A keeper of each device's daily totals in its station's zone
    /// (`zones`), counting messages up to `futureToleranceSeconds` ahead of
    /// the clock.
    public init(
        zones: StationZones, futureToleranceSeconds: Int64 = FutureTimestampRule.defaultToleranceSeconds, sites: DeviceSites = DeviceSites()
    ) {
        self.zones = zones
        self.futureToleranceSeconds = futureToleranceSeconds
        var accumulator = DailyAccumulator(zones: zones)
        accumulator.sites = sites
        self.accumulator = Mutex(accumulator)
    }

    /// A keeper of daily totals with every device in `timeZone` (one station).
    public convenience init(timeZone: TimeZoneRules, futureToleranceSeconds: Int64 = FutureTimestampRule.defaultToleranceSeconds) {
        self.init(zones: StationZones(timeZone), futureToleranceSeconds: futureToleranceSeconds)
    }

    /// The latest timestamp that counts at `now`: the clock and the
    /// tolerance, or, while the clock is implausible (`FutureTimestampRule`:
    /// a Pi without a real-time clock before NTP), anything, since the
    /// listener's quarantine has judged by the messages themselves.
    public func latestCountedSeconds(now: Int64) -> Int64 {
        FutureTimestampRule.clockIsPlausible(now) ? now + futureToleranceSeconds : Int64.max
    }

    /// Rebuilds from the store: everything since the start of the day before
    /// the newest stored observation's day (the two days the accumulator
    /// keeps), that day taken in each device's own zone. Judging by the
    /// newest row rather than the clock also restores correctly when
    /// replayed or backfilled data is older than today.
    ///
    /// Only devices `including` accepts are read (the admitted ones: a
    /// table an earlier version let forged serials fill is not read whole).
    /// With `confirmedStrikesOnly` (`mqtt.lightning_strikes = "confirmed"`)
    /// only the strikes the cloud confirmed count, as when they arrived.
    /// Each row counts corrected by `correction`, as it counted live; with
    /// `nearCastRainStandsIn` (mode `websocket`) NearCast rain counts where
    /// the gauge's is unknown, as when it arrived (`Ingestor`).
    public func restore(
        from store: Store, now: Int64, including: (String) -> Bool = { _ in true }, confirmedStrikesOnly: Bool = false,
        correction: ObservationCorrection = .none, nearCastRainStandsIn: Bool = false
    ) throws -> (observations: Int, strikes: Int) {
        // A clock gone wrong (or a forged datagram stored by an earlier
        // version) must not move "today" into the future: nothing later
        // than the tolerance ahead counts, as when the message arrived.
        let latest = latestCountedSeconds(now: now)
        let newest = min(try store.latestStates().compactMap { $0.latestObservation?.timestamp }.max() ?? now, latest)
        func from(_ zone: TimeZoneRules) -> Int64 { zone.startOfDay(zone.localDate(at: newest).previous) }
        var observations = [ObservationSample]()
        for device in try store.devices() where device.kind != .hub && including(device.serial) {
            let start = from(zones.zone(of: device.serial))
            // Values the quality checks judged bad count after a restart no more than when they came.
            let bad = try store.badValues(serial: device.serial, from: start, to: latest)
            let suspect = try store.suspectRain(serial: device.serial, from: start, to: latest)
            try store.forEachObservation(serial: device.serial, from: start, to: latest) { record in
                let corrected = correction.corrected(bad.removing(from: record))
                var sample = DailySummaryKeeper.sample(nearCastRainStandsIn ? corrected.withNearCastRainStandingIn() : corrected)
                sample.rainIsSuspect = suspect.contains(record.timestamp)
                observations.append(sample)
            }
        }
        // Read from the earliest station's start, each kept from its own device's.
        let strikes = try store.lightningStrikes(from: zones.stations.map(from).min()!, to: latest).filter {
            including($0.serial) && $0.timestamp >= from(zones.zone(of: $0.serial))
                && StrikeMemory.publishes($0.cloudMark, confirmedOnly: confirmedStrikesOnly)
        }.map {
            StrikeSample(serial: $0.serial, timestamp: $0.timestamp, distanceKilometers: Double($0.distanceKilometers))
        }
        let rebuilt = DailyAccumulator.rebuilt(
            zones: zones, observations: observations, strikes: strikes, countsStrikeEvents: confirmedStrikesOnly,
            sites: accumulator.withLock { $0.sites })
        accumulator.withLock { $0 = rebuilt }
        return (observations.count, strikes.count)
    }

    /// Each device's site, for its sunshine minutes and its days' ET₀
    /// (from the next observation on).
    public func setSites(_ sites: DeviceSites) {
        accumulator.withLock { $0.sites = sites }
    }

    /// Counts strike events (the confirmed ones the ingestor passes on)
    /// instead of the observations' strike counts, for
    /// `mqtt.lightning_strikes = "confirmed"`; from now on (a reload keeps
    /// what was counted so far).
    public func setCountsStrikeEvents(_ countsStrikeEvents: Bool) {
        accumulator.withLock { $0.countsStrikeEvents = countsStrikeEvents }
    }

    /// Counts `message` and returns the summary rows it changed. A message
    /// beyond `latestCountedSeconds` (spec 5.14: device clocks wobble;
    /// further ahead is a wrong clock or a forged datagram, which would push
    /// "today" into the future and drop the real days) is not counted; the
    /// listener and the cloud path quarantine those before they get here.
    /// Rain of the rows `suspectRain` names waits as suspect (`DayTotals`).
    public func ingest(_ message: TempestMessage, now: Int64, suspectRain: SuspectRain = SuspectRain()) -> [StoreWrite] {
        guard message.timestamp.secondsSince1970 <= latestCountedSeconds(now: now) else { return [] }
        let serial = message.envelope.serialNumber.rawValue
        var samples = [ObservationSample]()
        var strike: StrikeSample?
        switch message {
        case .tempestObservation(let observation):
            samples = observation.rows.map { DailySummaryKeeper.sample($0, serial: serial) }
        case .airObservation(let observation):
            samples = observation.rows.map { DailySummaryKeeper.sample($0, serial: serial) }
        case .skyObservation(let observation):
            samples = observation.rows.map { DailySummaryKeeper.sample($0, serial: serial) }
        case .lightningStrike(let event):
            strike = StrikeSample(serial: serial, timestamp: event.timestamp.secondsSince1970, distanceKilometers: event.distanceKilometers)
        default:
            return []
        }
        for index in samples.indices { samples[index].rainIsSuspect = suspectRain.contains(samples[index].timestamp) }
        let timeZone = zones.zone(of: serial)
        return accumulator.withLock { accumulator in
            var changedDates = Set<LocalDate>()
            for sample in samples where accumulator.add(sample) {
                changedDates.insert(timeZone.localDate(at: sample.timestamp))
            }
            if let strike, accumulator.add(strike) {
                changedDates.insert(timeZone.localDate(at: strike.timestamp))
            }
            return changedDates.sorted().map { date in
                .dailySummary(
                    DailySummaryKeeper.record(
                        accumulator.totals(serial: serial, on: date), serial: serial, now: now,
                        site: accumulator.sites.site(of: serial)))
            }
        }
    }

    /// The growers' columns of `serial`'s day `date` counted again from the
    /// observations in `store` (a backfill filled the day: its summary is
    /// rebuilt from the store).
    public func growers(
        serial: String, on date: LocalDate, from store: Store, correction: ObservationCorrection = .none
    ) throws -> DailySummaryRecord.Growers {
        let zone = zones.zone(of: serial)
        var day = DailyAccumulator(zones: zones)
        day.sites = accumulator.withLock { $0.sites }
        let (start, end) = (zone.startOfDay(date), zone.startOfDay(date.next))
        // As the day counted live: bad values left out, then calibrated.
        let bad = try store.badValues(serial: serial, from: start, to: end)
        try store.forEachObservation(serial: serial, from: start, to: end) { record in
            day.add(DailySummaryKeeper.sample(correction.corrected(bad.removing(from: record))))
        }
        return DailySummaryRecord.Growers(day.totals(serial: serial, on: date), site: day.sites.site(of: serial))
    }

    /// Today's and yesterday's figures for `serial` at `now`.
    public func current(serial: String, now: Int64) -> CurrentTotals {
        accumulator.withLock { $0.current(serial: serial, at: now) }
    }

    /// What the daily summaries count of a stored row (`ObservationSample.landings`,
    /// read where `ObservationRecord.landings` stored them).
    public static func sample(_ record: ObservationRecord) -> ObservationSample {
        var sample = ObservationSample(serial: record.serial, timestamp: record.timestamp)
        ObservationSample.landings.fill(&sample, from: record, through: ObservationRecord.landings)
        return sample
    }

    /// What the daily summaries count of a decoded row (`ObservationSample.landings`).
    static func sample<Row: ObservationRowLayout>(_ row: Row, serial: String) -> ObservationSample {
        var sample = ObservationSample(serial: serial, timestamp: row.timestamp.secondsSince1970)
        ObservationSample.landings.fill(&sample, from: row)
        return sample
    }

    /// The summary row of `totals` (its ET₀ at `site`).
    public static func record(_ totals: DayTotals, serial: String, now: Int64, site: StationSite = StationSite()) -> DailySummaryRecord {
        var record = DailySummaryRecord(serial: serial, localDate: totals.date.description, updatedAt: now)
        record.rainMillimeters = totals.rainMillimeters
        record.rainMinutes = totals.rainMinutes
        record.suspectRainMillimeters = totals.suspectRainMillimeters
        record.strikeCount = totals.strikeCount
        record.closestStrikeKilometers = totals.closestStrikeKilometers.map { Int($0.rounded()) }
        record.maximumTemperatureCelsius = totals.maximumTemperature?.value
        record.maximumTemperatureAt = totals.maximumTemperature?.timestamp
        record.minimumTemperatureCelsius = totals.minimumTemperature?.value
        record.minimumTemperatureAt = totals.minimumTemperature?.timestamp
        record.maximumGustMetersPerSecond = totals.maximumGust?.metersPerSecond
        record.maximumGustAt = totals.maximumGust?.timestamp
        record.maximumGustDirectionDegrees = totals.maximumGust?.directionDegrees.map { Int($0.rounded()) }
        record.growers = DailySummaryRecord.Growers(totals, site: site)
        return record
    }
}

extension TempestMessage {
    /// Whether the message carries observation rows (obs_st, obs_air, obs_sky).
    public var carriesObservations: Bool {
        switch self {
        case .tempestObservation, .airObservation, .skyObservation: true
        default: false
        }
    }
}
