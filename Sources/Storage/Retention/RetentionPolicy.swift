// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// How long each table keeps its rows, in days before "now" (nil: forever).
///
/// Defaults, chosen for years on an SD card:
/// - raw rapid wind 7 days, then one aggregate row per minute (kept forever);
/// - observations, strikes, rain starts and daily summaries forever (they
///   are the record; never pruned silently);
/// - device and hub status 2 days: they arrive every minute and every 10 s,
///   and only their latest values and recent trend matter;
/// - forecast snapshots 3 days;
/// - observations and wind minutes are packed per UTC day once the day is
///   14 days old (`PackedColumns`: about 30 bytes a row instead of about
///   62); reads see packed and live rows alike.
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
    /// Days after which a whole UTC day of observations and wind minutes is
    /// packed into one row of `packed_days` (nil: never pack). Must exceed
    /// `rapidWindRawDays` for wind minutes to be packed complete.
    public var packAfterDays: Int?

    /// Creates a policy; every argument has the documented default.
    public init(
        rapidWindRawDays: Int = 7, windMinuteDays: Int? = nil, observationDays: Int? = nil,
        lightningStrikeDays: Int? = nil, rainStartDays: Int? = nil, deviceStatusDays: Int? = 2,
        hubStatusDays: Int? = 2, forecastSnapshotDays: Int? = 3, packAfterDays: Int? = 14
    ) {
        self.rapidWindRawDays = rapidWindRawDays
        self.windMinuteDays = windMinuteDays
        self.observationDays = observationDays
        self.lightningStrikeDays = lightningStrikeDays
        self.rainStartDays = rainStartDays
        self.deviceStatusDays = deviceStatusDays
        self.hubStatusDays = hubStatusDays
        self.forecastSnapshotDays = forecastSnapshotDays
        self.packAfterDays = packAfterDays
    }
}
