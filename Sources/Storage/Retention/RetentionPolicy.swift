/// How long each table keeps its rows, in days before "now" (nil: forever).
///
/// Defaults, chosen for years on an SD card:
/// - raw rapid wind 7 days, then one aggregate row per minute (kept forever);
/// - observations, strikes, rain starts and daily summaries forever (they
///   are the record; never pruned silently);
/// - device and hub status 2 days: they arrive every minute and every 10 s,
///   and only their latest values and recent trend matter;
/// - forecast snapshots 3 days.
public struct RetentionPolicy: Sendable, Equatable {
    /// Raw rapid-wind samples, before they become per-minute aggregates.
    public var rapidWindRawDays: Int
    /// Per-minute wind aggregates.
    public var windMinuteDays: Int?
    /// Observations.
    public var observationDays: Int?
    /// Lightning strikes.
    public var lightningStrikeDays: Int?
    /// Rain starts.
    public var rainStartDays: Int?
    /// Device status.
    public var deviceStatusDays: Int?
    /// Hub status.
    public var hubStatusDays: Int?
    /// Forecast snapshots.
    public var forecastSnapshotDays: Int?

    /// Creates a policy; every argument has the documented default.
    public init(
        rapidWindRawDays: Int = 7, windMinuteDays: Int? = nil, observationDays: Int? = nil,
        lightningStrikeDays: Int? = nil, rainStartDays: Int? = nil, deviceStatusDays: Int? = 2,
        hubStatusDays: Int? = 2, forecastSnapshotDays: Int? = 3
    ) {
        self.rapidWindRawDays = rapidWindRawDays
        self.windMinuteDays = windMinuteDays
        self.observationDays = observationDays
        self.lightningStrikeDays = lightningStrikeDays
        self.rainStartDays = rainStartDays
        self.deviceStatusDays = deviceStatusDays
        self.hubStatusDays = hubStatusDays
        self.forecastSnapshotDays = forecastSnapshotDays
    }
}
