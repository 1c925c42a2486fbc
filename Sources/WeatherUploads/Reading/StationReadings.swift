// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Pipeline
import Storage

/// Makes a station's `UploadReading`s from what the store holds: the
/// observation itself, values a second device of the station measured in
/// the same minutes (an AIR beside a SKY), rain summed over the windows the
/// services ask for, and the derived values the gateway publishes (dew
/// point, sea-level pressure), computed the same way.
///
/// Rain sums are of the stored observations of the device that measured
/// the rain: minutes the store misses (the gateway was off, and no backfill
/// filled them) are missing from the sum, never guessed. Every stored row
/// is read corrected with its station's calibration of its time (`corrector`),
/// and in mode `websocket`, which has no gauge rain, with NearCast rain
/// standing in (`nearCastRainStandsIn`), as everything else there publishes it.
public struct StationReadings: Sendable {
    /// Whether a serial is one of the station's devices.
    private let isStationDevice: @Sendable (String) -> Bool
    /// The station's site, for sea-level pressure.
    public let station: UploadStation
    /// The station's time zone, for rain since local midnight.
    private let zone: TimeZoneRules
    /// Each station's calibration (none by default: raw values).
    public let corrector: ObservationCorrector
    /// Mode `websocket`: NearCast rain stands in where the gauge's is unknown.
    public let nearCastRainStandsIn: Bool

    /// How long before an observation another device's values still count
    /// as measured with it (a device reports every minute).
    static let companionWindowSeconds: Int64 = 300

    /// Readings of the station whose devices `isStationDevice` tells,
    /// located at `station`, with local days in `zone`, rows corrected by `corrector`.
    public init(
        station: UploadStation, zone: TimeZoneRules, corrector: ObservationCorrector = ObservationCorrector(),
        nearCastRainStandsIn: Bool = false, isStationDevice: @escaping @Sendable (String) -> Bool
    ) {
        self.nearCastRainStandsIn = nearCastRainStandsIn
        self.station = station
        self.zone = zone
        self.corrector = corrector
        self.isStationDevice = isStationDevice
    }

    /// Whether `serial` is one of the station's devices.
    public func includes(_ serial: String) -> Bool { isStationDevice(serial) }

    /// A stored row (its bad values already removed) as the outlets show it.
    private func shown(_ record: ObservationRecord) -> ObservationRecord {
        let corrected = corrector.corrected(record)
        return nearCastRainStandsIn ? corrected.withNearCastRainStandingIn() : corrected
    }

    /// The reading of `observation` (one of the station's), with rain since
    /// `previousTimestamp` when given (the destination's last reading).
    public func reading(_ observation: ObservationRecord, previousTimestamp: Int64? = nil, from store: Store) throws -> UploadReading {
        let time = observation.timestamp
        let observation = shown(observation)
        var merged = observation
        // Rain is summed over the rows of the device that measured it.
        var rainSerial = observation.rainAccumulatedMillimeters == nil ? nil : observation.serial
        for device in try store.devices() where device.kind != .hub && device.serial != observation.serial && isStationDevice(device.serial) {
            guard let newest = try store.observations(serial: device.serial, from: time - Self.companionWindowSeconds, to: time + 1).last else {
                continue
            }
            let companion = shown(try store.withoutBadValues(newest))
            merged.fillMissing(from: companion)
            if rainSerial == nil, companion.rainAccumulatedMillimeters != nil { rainSerial = companion.serial }
        }
        var reading = UploadReading(timestamp: time)
        reading.airTemperatureCelsius = merged.airTemperatureCelsius
        reading.relativeHumidityPercent = merged.relativeHumidityPercent
        reading.dewPointCelsius = Psychrometrics.dewPointCelsius(
            airTemperatureCelsius: merged.airTemperatureCelsius, relativeHumidityPercent: merged.relativeHumidityPercent)
        reading.windAverageMetersPerSecond = merged.windAverageMetersPerSecond
        reading.windGustMetersPerSecond = merged.windGustMetersPerSecond
        reading.windDirectionDegrees = merged.windDirectionDegrees.map(Double.init)
        reading.stationPressureHectopascals = merged.stationPressureMillibars
        reading.seaLevelPressureHectopascals = SeaLevelPressure.millibars(
            stationPressureMillibars: merged.stationPressureMillibars, elevationMeters: station.elevationMeters,
            sensorHeightAboveGroundMeters: station.sensorHeightMeters)
        reading.uvIndex = merged.uvIndex
        reading.solarRadiationWattsPerSquareMeter = merged.solarRadiationWattsPerSquareMeter.map(Double.init)
        reading.illuminanceLux = merged.illuminanceLux.map(Double.init)
        if let rainSerial {
            func rain(since start: Int64) throws -> Double? {
                var total = 0.0
                var any = false
                // Rain judged bad (the haptic sensor off) is unknown, not counted.
                let bad = try store.badValues(serial: rainSerial, from: start, to: time)
                try store.forEachObservation(serial: rainSerial, from: start, to: time + 1) { row in
                    guard let millimeters = shown(bad.removing(from: row)).rainAccumulatedMillimeters else { return }
                    total += millimeters
                    any = true
                }
                return any ? total : nil
            }
            reading.rainLastHourMillimeters = try rain(since: time - 3_599)
            reading.rainLast24HoursMillimeters = try rain(since: time - 86_399)
            reading.rainSinceMidnightMillimeters = try rain(since: zone.startOfDay(containing: time))
            if let previousTimestamp, previousTimestamp < time {
                reading.rainSincePreviousReadingMillimeters = try rain(since: previousTimestamp + 1)
            }
        }
        return reading
    }
}

extension ObservationRecord {
    /// Takes the values this record lacks from `other`, a device of the
    /// same station measuring in the same minutes (rain is summed apart).
    fileprivate mutating func fillMissing(from other: ObservationRecord) {
        airTemperatureCelsius = airTemperatureCelsius ?? other.airTemperatureCelsius
        relativeHumidityPercent = relativeHumidityPercent ?? other.relativeHumidityPercent
        stationPressureMillibars = stationPressureMillibars ?? other.stationPressureMillibars
        if windAverageMetersPerSecond == nil {
            windAverageMetersPerSecond = other.windAverageMetersPerSecond
            windGustMetersPerSecond = other.windGustMetersPerSecond
            windDirectionDegrees = other.windDirectionDegrees
        }
        uvIndex = uvIndex ?? other.uvIndex
        solarRadiationWattsPerSquareMeter = solarRadiationWattsPerSquareMeter ?? other.solarRadiationWattsPerSquareMeter
        illuminanceLux = illuminanceLux ?? other.illuminanceLux
    }
}
