// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One device's totals and extremes for one station-local day.
public struct DayTotals: Hashable, Sendable {
    /// A value and when it happened.
    public struct Extreme: Hashable, Sendable {
        /// The value, in the unit its property names.
        public var value: Double
        /// When, seconds since 1970 UTC.
        public var timestamp: Int64

        /// Makes one from its parts.
        public init(value: Double, timestamp: Int64) {
            self.value = value
            self.timestamp = timestamp
        }
    }

    /// A gust, when it happened, and the direction reported with it.
    public struct Gust: Hashable, Sendable {
        /// Gust speed, m/s.
        public var metersPerSecond: Double
        /// When, seconds since 1970 UTC.
        public var timestamp: Int64
        /// The observation's average wind direction, degrees.
        public var directionDegrees: Double?
    }

    /// The station-local date.
    public let date: LocalDate
    /// Rain since local midnight, mm: the rain the quality checks found
    /// good, and the suspect rain too once the day has good rain (the rain
    /// went on: it was real).
    public var rainMillimeters: Double { Double(countedRainMillionths) / 1_000_000 }
    /// Suspect rain (`ObservationSample.rainIsSuspect`: rain in strong wind
    /// with no rain start) not yet confirmed by good rain the same day, mm:
    /// kept out of `rainMillimeters` until then.
    public var suspectRainMillimeters: Double { hasGoodRain ? 0 : Double(suspectRainMillionths) / 1_000_000 }
    /// Minutes in which rain fell (suspect minutes once confirmed).
    public var rainMinutes: Int { goodRainMinutes + (hasGoodRain ? suspectRainMinutes : 0) }
    /// The good rain as an integer count of 10⁻⁶ mm (the hub's resolution):
    /// integer addition is exact, so the total cannot depend on arrival order.
    var rainMillionthsOfMillimeter: Int64 = 0
    /// The suspect rain, 10⁻⁶ mm; whether it counts depends only on whether
    /// the day has good rain, so that too is the same in any arrival order.
    var suspectRainMillionths: Int64 = 0
    var goodRainMinutes = 0
    var suspectRainMinutes = 0
    private var hasGoodRain: Bool { rainMillionthsOfMillimeter > 0 }
    private var countedRainMillionths: Int64 {
        hasGoodRain ? rainMillionthsOfMillimeter &+ suspectRainMillionths : rainMillionthsOfMillimeter
    }
    /// Lightning strikes counted by the observations.
    public internal(set) var strikeCount: Int = 0
    /// The closest strike of the day, km.
    public internal(set) var closestStrikeKilometers: Double?
    /// The day's highest air temperature, °C (the earliest, on a tie).
    public internal(set) var maximumTemperature: Extreme?
    /// The day's lowest air temperature, °C (the earliest, on a tie).
    public internal(set) var minimumTemperature: Extreme?
    /// The day's strongest gust (the earliest, on a tie).
    public internal(set) var maximumGust: Gust?
    /// How many observations went into the totals.
    public internal(set) var observationCount: Int = 0
    /// The day's lowest and highest relative humidity, %.
    public internal(set) var minimumHumidityPercent: Double?
    public internal(set) var maximumHumidityPercent: Double?
    /// The sum of the observations' average wind, mm/s (integers: exact
    /// in any order), and how many there were.
    var windSumMillimetersPerSecond: Int64 = 0
    /// Observations with an average wind.
    public internal(set) var windObservationCount: Int = 0
    /// Global solar radiation received, J/m² (each observation's W/m² held
    /// for its report interval; integers: exact in any order).
    public internal(set) var solarEnergyJoulesPerSquareMeter: Int64 = 0
    /// Minutes the solar radiation was measured (how much of the day the energy covers).
    public internal(set) var solarRadiationMinutes: Int = 0
    /// Minutes of sunshine by the WMO rule (`SunshineDuration`).
    public internal(set) var sunshineMinutes: Int = 0
    /// Minutes the air temperature was within `ChillHours.range`.
    public internal(set) var chillMinutes: Int = 0

    /// Empty totals for `date`.
    public init(date: LocalDate) {
        self.date = date
    }

    mutating func add(_ sample: ObservationSample, site: StationSite = StationSite()) {
        observationCount += 1
        addGrowersInputs(sample, site: site)
        // Rain no counter can hold (only the cloud's unchecked rows can
        // carry it) counts as none rather than ending the process.
        if let rain = sample.rainMillimeters, rain > 0, let millionths = Int64(exactly: (rain * 1_000_000).rounded()) {
            let minutes = Int(max(1, sample.reportIntervalMinutes ?? 1))
            if sample.rainIsSuspect {
                if case (let total, false) = suspectRainMillionths.addingReportingOverflow(millionths) {
                    suspectRainMillionths = total
                    suspectRainMinutes += minutes
                }
            } else if case (let total, false) = rainMillionthsOfMillimeter.addingReportingOverflow(millionths) {
                rainMillionthsOfMillimeter = total
                goodRainMinutes += minutes
            }
        }
        if let count = sample.lightningStrikeCount, count > 0 {
            strikeCount += Int(count)
            if let distance = sample.lightningStrikeAverageDistanceKilometers {
                noteStrike(distanceKilometers: distance)
            }
        }
        if let temperature = sample.airTemperatureCelsius {
            if DayTotals.isBetter(temperature, sample.timestamp, than: maximumTemperature, higher: true) {
                maximumTemperature = Extreme(value: temperature, timestamp: sample.timestamp)
            }
            if DayTotals.isBetter(temperature, sample.timestamp, than: minimumTemperature, higher: false) {
                minimumTemperature = Extreme(value: temperature, timestamp: sample.timestamp)
            }
        }
        if let gust = sample.windGustMetersPerSecond {
            let current = maximumGust.map { Extreme(value: $0.metersPerSecond, timestamp: $0.timestamp) }
            if DayTotals.isBetter(gust, sample.timestamp, than: current, higher: true) {
                maximumGust = Gust(metersPerSecond: gust, timestamp: sample.timestamp, directionDegrees: sample.windDirectionDegrees)
            }
        }
    }

    mutating func noteStrike(distanceKilometers: Double) {
        closestStrikeKilometers = min(closestStrikeKilometers ?? .infinity, distanceKilometers)
    }

    /// Whether (value, time) beats `current`; ties go to the earlier time so
    /// the result does not depend on arrival order.
    static func isBetter(_ value: Double, _ timestamp: Int64, than current: Extreme?, higher: Bool) -> Bool {
        guard let current else { return true }
        if value == current.value { return timestamp < current.timestamp }
        return higher ? value > current.value : value < current.value
    }
}

/// The figures for "now": today and yesterday in the station's time zone,
/// and lightning over the last hour and three hours.
public struct CurrentTotals: Hashable, Sendable {
    /// Today, midnight to now.
    public var today: DayTotals
    /// Yesterday, whole.
    public var yesterday: DayTotals
    /// Strikes counted in the last 60 minutes.
    public var strikesLastHour: Int
    /// Strikes counted in the last 3 hours.
    public var strikesLastThreeHours: Int
    /// The most recent strike event: distance (km) and time.
    public var lastStrike: StrikeSample?
}
