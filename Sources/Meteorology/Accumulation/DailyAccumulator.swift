// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Rain, lightning, temperature and gust totals per device and
/// station-local day, kept the way users expect them to add up:
///
/// - **Idempotent**: an observation (device, timestamp) or strike
///   (device, timestamp, distance) counts once however often it arrives
///   (duplicate datagrams, UDP and REST overlapping). The first copy wins.
/// - **Order-independent**: each sample lands in the local day of its own
///   timestamp, so a late observation from yesterday changes yesterday.
/// - **Rebuildable**: `rebuilt(…)` from stored rows gives exactly the state an
///   uninterrupted run would have, so a restart spanning midnight loses nothing.
/// - **Exact at midnight**: `current(serial:at:)` judges "today" from the
///   time asked, so the day rolls over at local midnight even when no
///   datagram arrives then.
///
/// Memory stays bounded: per device, only the newest day seen and the day
/// before it are kept (about 3,000 minutes). Older samples are refused by
/// `add` (it returns false); the store's daily summaries cover history.
///
/// Lightning counts come from the observations' per-interval strike counts,
/// which cover every strike the sensor saw; strike events supply the last
/// strike's time and distance and the day's closest strike. With
/// `countsStrikeEvents` (only the strikes the WeatherFlow cloud confirmed
/// count, `mqtt.lightning_strikes = "confirmed"`) it is the other way
/// round: the observations' counts, which no one confirmed, are left out,
/// and each strike event counts one.
public struct DailyAccumulator: Sendable {
    struct DayState: Sendable {
        var totals: DayTotals
        var observationTimestamps = Set<Int64>()
        var strikeKeys = Set<StrikeKey>()
        /// (timestamp, count) of observations with strikes, for the 1- and 3-hour windows.
        var strikeMinutes: [(timestamp: Int64, count: Int)] = []
        var latestStrike: StrikeSample?
    }

    struct StrikeKey: Hashable, Sendable {
        var timestamp: Int64
        var distance: Double?
    }

    /// Each device's time zone (its station's), which decides where its days begin.
    public let zones: StationZones
    /// Counts strike events instead of the observations' strike counts
    /// (changing it applies to what is added from then on).
    public var countsStrikeEvents = false
    /// Each device's site, for its sunshine minutes (the solar elevation
    /// needs the position; without one the older 120 W/m² rule counts).
    public var sites = DeviceSites()
    private var days: [String: [LocalDate: DayState]] = [:]

    /// An empty accumulator whose devices keep the days of their stations' `zones`.
    public init(zones: StationZones) {
        self.zones = zones
    }

    /// An empty accumulator for a station in `timeZone` (every device in it).
    public init(timeZone: TimeZoneRules) {
        self.init(zones: StationZones(timeZone))
    }

    /// The serials seen so far.
    public var serials: [String] { days.keys.sorted() }

    /// Counts `sample` into its local day. False when it was already counted
    /// or is older than the day before the newest day kept.
    @discardableResult
    public mutating func add(_ sample: ObservationSample) -> Bool {
        var sample = sample
        if countsStrikeEvents {
            sample.lightningStrikeCount = nil
            sample.lightningStrikeAverageDistanceKilometers = nil
        }
        let date = zones.zone(of: sample.serial).localDate(at: sample.timestamp)
        guard prepareDay(date, serial: sample.serial) else { return false }
        guard days[sample.serial]![date]!.observationTimestamps.insert(sample.timestamp).inserted else { return false }
        days[sample.serial]![date]!.totals.add(sample, site: sites.site(of: sample.serial))
        if let count = sample.lightningStrikeCount, count > 0 {
            days[sample.serial]![date]!.strikeMinutes.append((sample.timestamp, Int(count)))
        }
        return true
    }

    /// Records a strike event. False when it was already recorded or too old.
    @discardableResult
    public mutating func add(_ strike: StrikeSample) -> Bool {
        let date = zones.zone(of: strike.serial).localDate(at: strike.timestamp)
        guard prepareDay(date, serial: strike.serial) else { return false }
        let key = StrikeKey(timestamp: strike.timestamp, distance: strike.distanceKilometers)
        guard days[strike.serial]![date]!.strikeKeys.insert(key).inserted else { return false }
        if let distance = strike.distanceKilometers { days[strike.serial]![date]!.totals.noteStrike(distanceKilometers: distance) }
        if countsStrikeEvents {
            days[strike.serial]![date]!.totals.strikeCount += 1
            days[strike.serial]![date]!.strikeMinutes.append((strike.timestamp, 1))
        }
        if let latest = days[strike.serial]![date]!.latestStrike, latest.timestamp >= strike.timestamp {
            return true
        }
        days[strike.serial]![date]!.latestStrike = strike
        return true
    }

    /// The totals of `serial` for `date` (empty when nothing is kept for it).
    public func totals(serial: String, on date: LocalDate) -> DayTotals {
        days[serial]?[date]?.totals ?? DayTotals(date: date)
    }

    /// Today's and yesterday's totals and the lightning windows at `now`.
    public func current(serial: String, at now: Int64) -> CurrentTotals {
        let today = zones.zone(of: serial).localDate(at: now)
        let kept = days[serial] ?? [:]
        var lastHour = 0
        var lastThreeHours = 0
        var lastStrike: StrikeSample?
        for state in kept.values {
            for minute in state.strikeMinutes where minute.timestamp <= now {
                if minute.timestamp > now - 3_600 { lastHour += minute.count }
                if minute.timestamp > now - 10_800 { lastThreeHours += minute.count }
            }
            if let strike = state.latestStrike, strike.timestamp <= now,
                strike.timestamp > (lastStrike?.timestamp ?? Int64.min)
            {
                lastStrike = strike
            }
        }
        return CurrentTotals(
            today: kept[today]?.totals ?? DayTotals(date: today),
            yesterday: kept[today.previous]?.totals ?? DayTotals(date: today.previous),
            strikesLastHour: lastHour,
            strikesLastThreeHours: lastThreeHours,
            lastStrike: lastStrike
        )
    }

    /// An accumulator holding exactly what adding `observations` and
    /// `strikes` (in any order) gives: the way to restore state from the
    /// store after a restart.
    public static func rebuilt(
        zones: StationZones, observations: [ObservationSample], strikes: [StrikeSample], countsStrikeEvents: Bool = false,
        sites: DeviceSites = DeviceSites()
    ) -> DailyAccumulator {
        var accumulator = DailyAccumulator(zones: zones)
        accumulator.countsStrikeEvents = countsStrikeEvents
        accumulator.sites = sites
        // Newest first, so the two days kept are fixed before older rows arrive.
        for sample in observations.sorted(by: { $0.timestamp > $1.timestamp }) { accumulator.add(sample) }
        for strike in strikes.sorted(by: { $0.timestamp > $1.timestamp }) { accumulator.add(strike) }
        return accumulator
    }

    /// Makes sure `date` has state for `serial`, dropping days older than the
    /// day before the newest; false when `date` itself is too old.
    private mutating func prepareDay(_ date: LocalDate, serial: String) -> Bool {
        var deviceDays = days[serial] ?? [:]
        let newest = max(deviceDays.keys.max() ?? date, date)
        guard date >= newest.previous else { return false }
        if deviceDays[date] == nil { deviceDays[date] = DayState(totals: DayTotals(date: date)) }
        for kept in deviceDays.keys where kept < newest.previous { deviceDays[kept] = nil }
        days[serial] = deviceDays
        return true
    }
}
