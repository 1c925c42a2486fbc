import ForecastBridge
import Storage

/// What the station measured, as the forecast merge sees it: the newest
/// observation of the station's main device, today's totals and the recent
/// temperatures (for the local bias).
public struct StationReading: Sendable {
    /// The device the values come from.
    public var serial: String
    /// The observation's time, Unix seconds.
    public var observedAt: Int64
    /// The newest observation.
    public var observation: ObservationRecord
    /// Rain rate now, mm/h, from the observation's rain over its interval.
    public var rainRateMillimetresPerHour: Double?
    /// Rain since local midnight, mm.
    public var rainTodayMillimetres: Double?
    /// Highest and lowest temperature observed today, °C.
    public var highTodayCelsius: Double?
    public var lowTodayCelsius: Double?
    /// The latest lightning strike, Unix seconds.
    public var lastLightningStrike: Int64?
    /// Air temperatures of the last ``LocalCorrection/recentWindowSeconds``, oldest first.
    public var recentTemperatures: [TimedValue]

    /// What the condition resolver needs from the station.
    public var evidence: StationEvidence {
        StationEvidence(rainRateMillimetresPerHour: rainRateMillimetresPerHour, lastLightningStrike: lastLightningStrike)
    }

    /// Observations older than this (by their own time) do not speak for now.
    public static let maximumAgeSeconds: Int64 = 15 * 60

    /// A reading of `observation`; the rain rate comes from its rain over its interval.
    public init(
        observation: ObservationRecord, recentTemperatures: [TimedValue], rainTodayMillimetres: Double?,
        highTodayCelsius: Double?, lowTodayCelsius: Double?, lastLightningStrike: Int64?
    ) {
        serial = observation.serial
        observedAt = observation.timestamp
        self.observation = observation
        if let rain = observation.rainAccumulatedMillimeters, let minutes = observation.reportIntervalMinutes, minutes > 0 {
            rainRateMillimetresPerHour = rain * 60 / Double(minutes)
        }
        self.rainTodayMillimetres = rainTodayMillimetres
        self.highTodayCelsius = highTodayCelsius
        self.lowTodayCelsius = lowTodayCelsius
        self.lastLightningStrike = lastLightningStrike
        self.recentTemperatures = recentTemperatures
    }

    /// The newest observation in `store` of the device with the freshest
    /// temperature or rain, with its recent temperatures; nil when none is
    /// younger than ``maximumAgeSeconds`` at `now`.
    public static func latest(in store: Store, now: Int64) throws -> (observation: ObservationRecord, recent: [TimedValue])? {
        let latest = try store.latestStates()
            .filter { $0.device.kind != .hub }
            .compactMap(\.latestObservation)
            .filter { $0.airTemperatureCelsius != nil || $0.rainAccumulatedMillimeters != nil }
            .max { $0.timestamp < $1.timestamp }
        guard let latest, latest.timestamp >= now - maximumAgeSeconds, latest.timestamp <= now + 600 else { return nil }
        let recent = try store.observations(serial: latest.serial, from: now - LocalCorrection.recentWindowSeconds, to: now + 60)
            .compactMap { record in record.airTemperatureCelsius.map { TimedValue(time: record.timestamp, value: $0) } }
        return (latest, recent)
    }

    /// Reads the station from the running gateway: the newest observation in
    /// the store and its daily totals from `summaries`.
    public static func provider(writer: StoreWriter, summaries: DailySummaryKeeper) -> @Sendable (Int64) async -> StationReading? {
        { now in
            guard let found = try? await writer.perform({ store in try latest(in: store, now: now) }) ?? nil else { return nil }
            let totals = summaries.current(serial: found.observation.serial, now: now)
            return StationReading(
                observation: found.observation, recentTemperatures: found.recent, rainTodayMillimetres: totals.today.rainMillimeters,
                highTodayCelsius: totals.today.maximumTemperature?.value, lowTodayCelsius: totals.today.minimumTemperature?.value,
                lastLightningStrike: totals.lastStrike?.timestamp)
        }
    }

    /// Reads the station from a database alone (for `forecast`): today's
    /// totals from the stored daily summary of `localDate`.
    public static func read(from store: Store, now: Int64, localDate: String) throws -> StationReading? {
        guard let found = try latest(in: store, now: now) else { return nil }
        let summary = try store.dailySummary(serial: found.observation.serial, localDate: localDate)
        return StationReading(
            observation: found.observation, recentTemperatures: found.recent, rainTodayMillimetres: summary?.rainMillimeters,
            highTodayCelsius: summary?.maximumTemperatureCelsius, lowTodayCelsius: summary?.minimumTemperatureCelsius,
            lastLightningStrike: try store.lightningStrikes(from: now - ConditionResolver.lightningWindowSeconds, to: now).last?.timestamp)
    }
}
