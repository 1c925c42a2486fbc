// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology

/// One device's condition values, kept as its observations and events
/// arrive. Every step is O(1) (amortised): the pressure samples cover only
/// the last 3 h 15 min and the rain only the last 24 h, each a queue with
/// its oldest entries dropped as newer ones come.
///
/// Only observations newer than the newest seen move the queues (a late or
/// repeated row changes nothing); events move the "last seen" times, which
/// only go forward.
struct DeviceConditions: Sendable {
    /// (timestamp, station pressure mb), oldest first, from `pressureHead`.
    private var pressures: [(timestamp: Int64, millibars: Double)] = []
    private var pressureHead = 0
    /// (timestamp, rain in µm) of the minutes with rain, oldest first, from `rainHead`.
    private var rains: [(timestamp: Int64, micrometers: Int64)] = []
    private var rainHead = 0
    /// The sum of `rains` from `rainHead`, µm (integers: exact in any order).
    private var rainSumMicrometers: Int64 = 0
    private(set) var newestObservationAt: Int64?
    private(set) var lastRainAt: Int64?
    private(set) var lastNearStrikeAt: Int64?
    private(set) var freezing: Bool?
    private var sunshineDate: LocalDate?
    private var sunshineMinutes = 0

    /// How far back pressure samples are kept: three hours and the 15
    /// minutes a reference sample may be off (spec 9.13).
    static let pressureWindowSeconds: Int64 = 3 * 3_600 + 15 * 60
    static let rainWindowSeconds: Int64 = 86_400

    /// One observation row's values.
    struct Row {
        var timestamp: Int64
        var stationPressureMillibars: Double?
        var airTemperatureCelsius: Double?
        var rainMillimeters: Double?
        var solarRadiationWattsPerSquareMeter: Double?
        var reportIntervalMinutes: Int64?
        var strikeCount: Int64?
        var strikeDistanceKilometers: Double?
    }

    /// Counts an observation row (ignored unless newer than the newest).
    mutating func add(_ row: Row, rules: ConditionRules, localDate: LocalDate, site: StationSite = StationSite()) {
        guard row.timestamp > (newestObservationAt ?? .min) else { return }
        newestObservationAt = row.timestamp
        if let pressure = row.stationPressureMillibars {
            pressures.append((row.timestamp, pressure))
        }
        while pressureHead < pressures.count, pressures[pressureHead].timestamp < row.timestamp - Self.pressureWindowSeconds {
            pressureHead += 1
        }
        if let rain = row.rainMillimeters, rain > 0 {
            let micrometers = Int64((rain * 1_000).rounded())
            rains.append((row.timestamp, micrometers))
            rainSumMicrometers += micrometers
            noteRain(at: row.timestamp)
        }
        while rainHead < rains.count, rains[rainHead].timestamp <= row.timestamp - Self.rainWindowSeconds {
            rainSumMicrometers -= rains[rainHead].micrometers
            rainHead += 1
        }
        compact()
        if let count = row.strikeCount, count > 0, let distance = row.strikeDistanceKilometers {
            noteStrike(at: row.timestamp, distanceKilometers: distance, rules: rules)
        }
        if let temperature = row.airTemperatureCelsius {
            if temperature <= ConditionRules.freezingOnCelsius {
                freezing = true
            } else if temperature > ConditionRules.freezingOffCelsius {
                freezing = false
            }
        }
        if sunshineDate != localDate {
            sunshineDate = localDate
            sunshineMinutes = 0
        }
        // The daily totals' rule (`SunshineDuration`), so the two counts agree.
        if let radiation = row.solarRadiationWattsPerSquareMeter,
            SunshineDuration.isSunshine(
                wattsPerSquareMeter: radiation, at: row.timestamp, latitudeDegrees: site.latitudeDegrees, longitudeDegrees: site.longitudeDegrees)
        {
            sunshineMinutes += Int(max(1, row.reportIntervalMinutes ?? 1))
        }
    }

    /// Notes rain at `timestamp` (a minute with rain, or an `evt_precip`).
    mutating func noteRain(at timestamp: Int64) {
        lastRainAt = max(lastRainAt ?? .min, timestamp)
    }

    /// Notes a strike (an `evt_strike`, or an observation's strikes at their
    /// average distance); only one within the rules' distance counts.
    mutating func noteStrike(at timestamp: Int64, distanceKilometers: Double, rules: ConditionRules) {
        guard distanceKilometers <= rules.lightningNearbyKilometers else { return }
        lastNearStrikeAt = max(lastNearStrikeAt ?? .min, timestamp)
    }

    /// Whether rain fell within the hold time before `now`.
    func isRaining(at now: Int64, rules: ConditionRules) -> Bool {
        guard let lastRainAt else { return false }
        return now - lastRainAt < rules.rainingHoldMinutes * 60
    }

    /// Whether a near strike came within the rules' minutes before `now`.
    func isLightningNearby(at now: Int64, rules: ConditionRules) -> Bool {
        guard let lastNearStrikeAt else { return false }
        return now - lastNearStrikeAt < rules.lightningNearbyMinutes * 60
    }

    /// The 3-hour trend as of the newest observation: only the samples
    /// near three hours back (at most about 30 at one a minute) and the
    /// newest are looked at.
    var pressureTrend: PressureTrend? {
        guard let newest = pressures.last, pressureHead < pressures.count else { return nil }
        var candidates = [(timestamp: Int64, millibars: Double)]()
        var index = pressureHead
        let latestReference = newest.timestamp - 3 * 3_600 + 15 * 60
        while index < pressures.count, pressures[index].timestamp <= latestReference {
            candidates.append(pressures[index])
            index += 1
        }
        candidates.append(newest)
        return PressureTrend(samples: candidates)
    }

    /// Rain over the 24 hours up to the newest observation, mm.
    var rainLast24HoursMillimeters: Double { Double(rainSumMicrometers) / 1_000 }

    /// Minutes of sunshine on `date` (0 for a day not seen).
    func sunshineMinutes(on date: LocalDate) -> Int {
        sunshineDate == date ? sunshineMinutes : 0
    }

    /// Drops the consumed heads of the queues once they are long, so that
    /// the arrays stay bounded.
    private mutating func compact() {
        if pressureHead > 256, pressureHead * 2 > pressures.count {
            pressures.removeFirst(pressureHead)
            pressureHead = 0
        }
        if rainHead > 256, rainHead * 2 > rains.count {
            rains.removeFirst(rainHead)
            rainHead = 0
        }
    }
}
