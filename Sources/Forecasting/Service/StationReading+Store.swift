// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ForecastBridge
import Pipeline
import Storage

/// Reading the station for the forecast merge from the gateway's store.
extension StationReading {
    /// A reading of a stored `observation`; the rain rate comes from its
    /// rain over its interval.
    public init(
        observation: ObservationRecord, recentTemperatures: [TimedValue], rainTodayMillimetres: Double?,
        highTodayCelsius: Double?, lowTodayCelsius: Double?, lastLightningStrike: Int64?
    ) {
        var rainRate: Double?
        if let rain = observation.rainAccumulatedMillimeters, let minutes = observation.reportIntervalMinutes, minutes > 0 {
            rainRate = rain * 60 / Double(minutes)
        }
        self.init(
            serial: observation.serial, observedAt: observation.timestamp,
            airTemperatureCelsius: observation.airTemperatureCelsius, relativeHumidityPercent: observation.relativeHumidityPercent,
            windAverageMetersPerSecond: observation.windAverageMetersPerSecond,
            windGustMetersPerSecond: observation.windGustMetersPerSecond,
            windDirectionDegrees: observation.windDirectionDegrees.map(Double.init), uvIndex: observation.uvIndex,
            rainRateMillimetresPerHour: rainRate, rainTodayMillimetres: rainTodayMillimetres, highTodayCelsius: highTodayCelsius,
            lowTodayCelsius: lowTodayCelsius, lastLightningStrike: lastLightningStrike, recentTemperatures: recentTemperatures)
    }

    /// The newest observation in `store` of the device with the freshest
    /// temperature or rain, with its recent temperatures; nil when none is
    /// younger than ``maximumAgeSeconds`` at `now`. With `serials`, only
    /// those devices count (one station's, when the gateway has several).
    /// Rows are read corrected by `correction` (the stations' calibration),
    /// and values the quality checks judged bad are left out, as on MQTT.
    public static func latest(
        in store: Store, now: Int64, serials: Set<String>? = nil, correction: ObservationCorrection = .none
    ) throws -> (observation: ObservationRecord, recent: [TimedValue])? {
        let latest = try store.latestStates()
            .filter { $0.device.kind != .hub && serials?.contains($0.device.serial) ?? true }
            .compactMap(\.latestObservation).map(store.withoutBadValues)
            .map(correction.corrected)
            .filter { $0.airTemperatureCelsius != nil || $0.rainAccumulatedMillimeters != nil }
            .max { $0.timestamp < $1.timestamp }
        guard let latest, latest.timestamp >= now - maximumAgeSeconds, latest.timestamp <= now + 600 else { return nil }
        let start = now - LocalCorrection.recentWindowSeconds
        let rows = try store.observations(serial: latest.serial, from: start, to: now + 60)
        let recent = BadValues.removing(from: rows, verdicts: try store.verdicts(serial: latest.serial, from: start, to: now + 60))
            .map(correction.corrected)
            .compactMap { record in record.airTemperatureCelsius.map { TimedValue(time: record.timestamp, value: $0) } }
        return (latest, recent)
    }

    /// Reads the station from the running gateway: the newest observation in
    /// the store and its daily totals from `summaries`.
    public static func provider(
        writer: StoreWriter, summaries: DailySummaryKeeper, serials: Set<String>? = nil, corrector: ObservationCorrector = ObservationCorrector()
    ) -> @Sendable (Int64) async -> StationReading? {
        { now in
            let correction = corrector.current
            guard let found = try? await writer.perform({ store in try latest(in: store, now: now, serials: serials, correction: correction) }) ?? nil
            else { return nil }
            let totals = summaries.current(serial: found.observation.serial, now: now)
            return StationReading(
                observation: found.observation, recentTemperatures: found.recent, rainTodayMillimetres: totals.today.rainMillimeters,
                highTodayCelsius: totals.today.maximumTemperature?.value, lowTodayCelsius: totals.today.minimumTemperature?.value,
                lastLightningStrike: totals.lastStrike?.timestamp)
        }
    }

    /// Reads the station from a database alone (for `forecast`): today's
    /// totals from the stored daily summary of `localDate`, the observation
    /// corrected by `correction`.
    public static func read(
        from store: Store, now: Int64, localDate: String, correction: ObservationCorrection = .none
    ) throws -> StationReading? {
        guard let found = try latest(in: store, now: now, correction: correction) else { return nil }
        let summary = try store.dailySummary(serial: found.observation.serial, localDate: localDate)
        return StationReading(
            observation: found.observation, recentTemperatures: found.recent, rainTodayMillimetres: summary?.rainMillimeters,
            highTodayCelsius: summary?.maximumTemperatureCelsius, lowTodayCelsius: summary?.minimumTemperatureCelsius,
            lastLightningStrike: try store.lightningStrikes(from: now - ConditionResolver.lightningWindowSeconds, to: now).last?.timestamp)
    }
}
