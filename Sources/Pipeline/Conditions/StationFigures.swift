// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Storage
import Synchronization
import TempestUDP

/// Keeps, per device, what a single message cannot tell: whether it is
/// raining, lightning is near or it is freezing, the pressure trend, rain
/// over 24 hours, sunshine today, and the week's, month's and year's rain
/// and the records (`StationSnapshot`).
///
/// Restart-safe: `restore` rebuilds the conditions from the last 24 hours
/// of stored observations, strikes and rain starts, and the records from
/// the stored daily summaries, so a restart never resets `raining` or the
/// year's rain. The work per message is O(1) (`DeviceConditions`,
/// `DeviceRecords`).
public final class StationFigures: Sendable {
    private struct Device: Sendable {
        var conditions = DeviceConditions()
        var records = DeviceRecords()
    }

    /// The thresholds.
    public let rules: ConditionRules
    /// Each device's time zone, its station's (its days, weeks, months and
    /// years begin there).
    public let zones: StationZones
    /// Each device's site (its station's) for daylight, sunshine and the
    /// growers' figures, and `[agronomy] base_temperature_c`, the growing
    /// degree days' base, °C (a reload may change both).
    private let growers: Mutex<(sites: DeviceSites, degreeDayBaseCelsius: Double)>
    private let devices = Mutex<[String: Device]>([:])
    /// `mqtt.lightning_strikes = "confirmed"`: the observations' strike
    /// counts, which no one confirmed, do not move `lightning_nearby`.
    private let confirmedStrikesOnly = Atomic<Bool>(false)

    /// Figures for devices in their stations' `zones` under `rules`.
    public init(
        zones: StationZones, rules: ConditionRules = ConditionRules(), sites: DeviceSites? = nil,
        degreeDayBaseCelsius: Double = GrowingDegreeDays.defaultBaseCelsius
    ) {
        self.zones = zones
        self.rules = rules
        growers = Mutex((sites ?? DeviceSites(StationSite(latitudeDegrees: rules.latitudeDegrees)), degreeDayBaseCelsius))
    }

    /// Each device's site and the degree days' base, from the next message on.
    public func setGrowers(sites: DeviceSites, degreeDayBaseCelsius: Double) {
        growers.withLock { $0 = (sites, degreeDayBaseCelsius) }
    }

    /// Figures for a station in `timeZone` (every device in it) under `rules`.
    public convenience init(timeZone: TimeZoneRules, rules: ConditionRules = ConditionRules()) {
        self.init(zones: StationZones(timeZone), rules: rules)
    }

    /// Rebuilds from the store: the daily summaries of every device
    /// `including` accepts, and the observations, strikes and rain starts of
    /// the 24 hours before the newest stored observation (counted up to
    /// `latest`, the latest timestamp that counts now). With
    /// `confirmedStrikesOnly` only the strikes the cloud confirmed count.
    /// Each observation counts corrected by `correction`, as it counted live,
    /// and with `nearCastRainStandsIn` (mode `websocket`) with NearCast rain
    /// where the gauge's is unknown.
    public func restore(
        from store: Store, latest: Int64, including: (String) -> Bool = { _ in true }, confirmedStrikesOnly: Bool = false,
        correction: ObservationCorrection = .none, nearCastRainStandsIn: Bool = false
    ) throws {
        setConfirmedStrikesOnly(confirmedStrikesOnly)
        let serials = try store.devices().filter { $0.kind != .hub && including($0.serial) }.map(\.serial)
        let newest = min(try store.latestStates().compactMap { $0.latestObservation?.timestamp }.max() ?? latest, latest)
        // The earliest station's midnight: sunshine today counts from each device's own.
        let from = min(newest - DeviceConditions.rainWindowSeconds, zones.stations.map { $0.startOfDay(containing: newest) }.min()!)
        var writes = [StoreWrite]()
        for serial in serials {
            try store.forEachDailySummary(serial: serial) { writes.append(.dailySummary($0)) }
            // Values the quality checks judged bad count after a restart no more than when they came.
            let bad = try store.badValues(serial: serial, from: from, to: latest)
            try store.forEachObservation(serial: serial, from: from, to: latest + 1) { record in
                let corrected = correction.corrected(bad.removing(from: record))
                writes.append(.observation(nearCastRainStandsIn ? corrected.withNearCastRainStandingIn() : corrected))
            }
        }
        let admitted = Set(serials)
        writes += try store.lightningStrikes(from: from, to: latest + 1).filter {
            admitted.contains($0.serial) && StrikeMemory.publishes($0.cloudMark, confirmedOnly: confirmedStrikesOnly)
        }.map { .lightningStrike($0) }
        writes += try store.rainStarts(from: from, to: latest + 1).filter { admitted.contains($0.serial) }.map { .rainStart($0) }
        devices.withLock { $0 = [:] }
        note(writes)
    }

    /// Lets only strike events (the confirmed ones the ingestor passes on)
    /// move `lightning_nearby`, not the observations' strike counts.
    public func setConfirmedStrikesOnly(_ confirmedOnly: Bool) {
        confirmedStrikesOnly.store(confirmedOnly, ordering: .relaxed)
    }

    /// Counts what one message stores (`writes`: its observations,
    /// strike, rain start and the daily summaries it changed): the same
    /// records `restore` reads back, so a restart rebuilds the same state.
    public func note(_ writes: [StoreWrite]) {
        let observedStrikesCount = !confirmedStrikesOnly.load(ordering: .relaxed)
        let sites = growers.withLock { $0.sites }
        devices.withLock { devices in
            for write in writes {
                switch write {
                case .dailySummary(let record):
                    guard let date = LocalDate(record.localDate) else { continue }
                    devices[record.serial, default: Device()].records.note(Self.daySummary(record), on: date)
                case .observation(let record):
                    var row = Self.row(record)
                    if !observedStrikesCount { row.strikeCount = nil }
                    devices[record.serial, default: Device()].conditions.add(
                        row, rules: rules, localDate: zones.zone(of: record.serial).localDate(at: record.timestamp),
                        site: sites.site(of: record.serial))
                case .lightningStrike(let strike):
                    devices[strike.serial, default: Device()].conditions.noteStrike(
                        at: strike.timestamp, distanceKilometers: Double(strike.distanceKilometers), rules: rules)
                case .rainStart(let start):
                    devices[start.serial, default: Device()].conditions.noteRain(at: start.timestamp)
                default:
                    break
                }
            }
        }
    }

    /// What `message` (already noted) publishes beyond its own values, as of
    /// `asOf` (the message's time): for an observation everything, with
    /// today's totals from `totals`; for a strike `lightningNearby`; for a
    /// rain start `raining`; nil for other messages.
    public func snapshot(for message: TempestMessage, totals: CurrentTotals?, asOf: Int64) -> StationSnapshot? {
        let serial = message.envelope.serialNumber.rawValue
        let (sites, degreeDayBaseCelsius) = growers.withLock { ($0.sites, $0.degreeDayBaseCelsius) }
        return devices.withLock { devices -> StationSnapshot? in
            guard var device = devices[serial] else { return nil }
            var snapshot = StationSnapshot()
            switch message {
            case .lightningStrike:
                snapshot.lightningNearby = device.conditions.isLightningNearby(at: asOf, rules: rules)
                return snapshot
            case .rainStart:
                snapshot.raining = device.conditions.isRaining(at: asOf, rules: rules)
                return snapshot
            case .tempestObservation, .airObservation, .skyObservation:
                // An observation older than the newest is history: "today"
                // and the conditions are the newest's, and it moves neither.
                guard message.timestamp.secondsSince1970 >= device.conditions.newestObservationAt ?? .min else { return nil }
            default:
                return nil
            }
            let today = zones.zone(of: serial).localDate(at: asOf)
            let conditions = device.conditions
            let measuresRain: Bool
            let measuresAir: Bool
            switch message {
            case .airObservation: (measuresRain, measuresAir) = (false, true)
            case .skyObservation: (measuresRain, measuresAir) = (true, false)
            default: (measuresRain, measuresAir) = (true, true)
            }
            if measuresRain {
                snapshot.raining = conditions.isRaining(at: asOf, rules: rules)
                snapshot.rainLast24HoursMillimeters = conditions.rainLast24HoursMillimeters
                snapshot.sunshineMinutesToday = conditions.sunshineMinutes(on: today)
            }
            if measuresAir {
                snapshot.lightningNearby = conditions.isLightningNearby(at: asOf, rules: rules)
                snapshot.freezing = conditions.freezing ?? false
                snapshot.pressureTrend = conditions.pressureTrend
            }
            let site = sites.site(of: serial)
            snapshot.daylightMinutesToday = Daylight.minutes(latitudeDegrees: site.latitudeDegrees, on: today)
            snapshot.lastObservationAt = conditions.newestObservationAt
            if let totals {
                snapshot.growers = GrowersFigures(totals, site: site, baseCelsius: degreeDayBaseCelsius)
                snapshot.records = device.records.figures(today: today, todayTotals: totals.today, now: asOf)
                devices[serial] = device
            }
            return snapshot
        }
    }

    /// How often the records of `serial` summed the days before today.
    package func recordRecomputations(serial: String) -> Int {
        devices.withLock { $0[serial]?.records.recomputations ?? 0 }
    }

    static func daySummary(_ record: DailySummaryRecord) -> DaySummary {
        DaySummary(
            rainMillimeters: record.rainMillimeters,
            maximumTemperature: zip(record.maximumTemperatureCelsius, record.maximumTemperatureAt),
            minimumTemperature: zip(record.minimumTemperatureCelsius, record.minimumTemperatureAt),
            maximumGust: zip(record.maximumGustMetersPerSecond, record.maximumGustAt))
    }

    private static func zip(_ value: Double?, _ timestamp: Int64?) -> DayTotals.Extreme? {
        guard let value else { return nil }
        return DayTotals.Extreme(value: value, timestamp: timestamp ?? 0)
    }

    static func row(_ record: ObservationRecord) -> DeviceConditions.Row {
        var row = DeviceConditions.Row(timestamp: record.timestamp)
        row.stationPressureMillibars = record.stationPressureMillibars
        row.airTemperatureCelsius = record.airTemperatureCelsius
        row.rainMillimeters = record.rainAccumulatedMillimeters
        row.solarRadiationWattsPerSquareMeter = record.solarRadiationWattsPerSquareMeter.map(Double.init)
        row.reportIntervalMinutes = record.reportIntervalMinutes.map(Int64.init)
        row.strikeCount = record.lightningStrikeCount.map(Int64.init)
        row.strikeDistanceKilometers = record.lightningStrikeAverageDistanceKilometers.map(Double.init)
        return row
    }
}
