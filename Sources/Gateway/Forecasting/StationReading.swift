import Forecast
import Storage

/// What the station measured, as the forecast merge sees it: the newest
/// observation of the station's main device, today's totals and the recent
/// temperatures (for the local bias).
struct StationReading: Sendable {
    /// The device the values come from.
    var serial: String
    /// The observation's time, Unix seconds.
    var observedAt: Int64
    /// The newest observation.
    var observation: ObservationRecord
    /// Rain rate now, mm/h, from the observation's rain over its interval.
    var rainRateMillimetresPerHour: Double?
    /// Rain since local midnight, mm.
    var rainTodayMillimetres: Double?
    /// Highest and lowest temperature observed today, °C.
    var highTodayCelsius: Double?
    var lowTodayCelsius: Double?
    /// The latest lightning strike, Unix seconds.
    var lastLightningStrike: Int64?
    /// Air temperatures of the last ``LocalCorrection/recentWindowSeconds``, oldest first.
    var recentTemperatures: [TimedValue]

    /// What the condition resolver needs from the station.
    var evidence: StationEvidence {
        StationEvidence(rainRateMillimetresPerHour: rainRateMillimetresPerHour, lastLightningStrike: lastLightningStrike)
    }

    /// Observations older than this (by their own time) do not speak for now.
    static let maximumAgeSeconds: Int64 = 15 * 60

    /// Reads the station from the running gateway: the newest observation in
    /// the store of the device with the freshest temperature, and its daily
    /// totals from `summaries`. Nil while no observation is recent.
    static func provider(writer: StoreWriter, summaries: DailySummaryKeeper) -> @Sendable (Int64) async -> StationReading? {
        { now in
            let found = try? await writer.perform { store -> (ObservationRecord, [TimedValue])? in
                let latest = try store.latestStates()
                    .filter { $0.device.kind != .hub }
                    .compactMap(\.latestObservation)
                    .filter { $0.airTemperatureCelsius != nil || $0.rainAccumulatedMillimeters != nil }
                    .max { $0.timestamp < $1.timestamp }
                guard let latest, latest.timestamp >= now - maximumAgeSeconds else { return nil }
                let recent = try store.observations(
                    serial: latest.serial, from: now - LocalCorrection.recentWindowSeconds, to: now + 60
                ).compactMap { record in record.airTemperatureCelsius.map { TimedValue(time: record.timestamp, value: $0) } }
                return (latest, recent)
            }
            guard let (observation, recent) = found ?? nil else { return nil }
            let totals = summaries.current(serial: observation.serial, now: now)
            var rate: Double?
            if let rain = observation.rainAccumulatedMillimeters, let minutes = observation.reportIntervalMinutes, minutes > 0 {
                rate = rain * 60 / Double(minutes)
            }
            return StationReading(
                serial: observation.serial, observedAt: observation.timestamp, observation: observation,
                rainRateMillimetresPerHour: rate, rainTodayMillimetres: totals.today.rainMillimeters,
                highTodayCelsius: totals.today.maximumTemperature?.value, lowTodayCelsius: totals.today.minimumTemperature?.value,
                lastLightningStrike: totals.lastStrike?.timestamp, recentTemperatures: recent)
        }
    }
}
