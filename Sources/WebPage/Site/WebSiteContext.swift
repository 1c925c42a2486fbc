// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayStatus
import Glibc
import Meteorology
import Pipeline

/// What the web page reads: the database (through read-only connections of
/// its own, so the writer is never held up), the running gateway's status
/// report (the same one `status` prints), and how values are shown.
public struct WebSiteContext: Sendable {
    /// The SQLite database the gateway writes.
    public var databasePath: String
    /// The first station's time zone: the charts' days and hours and the
    /// health page's times. The charts draw every device's rows together,
    /// so they can keep only one station's day: the first's.
    public var timeZone: TimeZoneRules
    /// Each device's time zone (its station's): the Now page shows each
    /// device's today, totals and times in its own station's zone.
    public var zones: StationZones
    /// The units values are shown in (the configured MQTT units).
    public var units: PublishedUnits
    /// The running gateway's status report, as `status` prints it.
    public var report: @Sendable () -> StatusReport
    /// The forecast's location key while forecasts are on, else nil.
    public var forecastLocationKey: @Sendable () -> String?
    /// The current time, Unix seconds (ages, stale marks, "last 24 hours";
    /// injectable for tests).
    public var now: @Sendable () -> Int64
    /// Each station's calibration: charts and Now show corrected values.
    public var corrector: ObservationCorrector

    /// Makes a context from its parts; without `zones` every device is in `timeZone`.
    public init(
        databasePath: String, timeZone: TimeZoneRules, zones: StationZones? = nil, units: PublishedUnits,
        report: @escaping @Sendable () -> StatusReport, forecastLocationKey: @escaping @Sendable () -> String?,
        now: @escaping @Sendable () -> Int64 = { Int64(Glibc.time(nil)) }, corrector: ObservationCorrector = ObservationCorrector()
    ) {
        self.corrector = corrector
        self.databasePath = databasePath
        self.timeZone = timeZone
        self.zones = zones ?? StationZones(timeZone)
        self.units = units
        self.report = report
        self.forecastLocationKey = forecastLocationKey
        self.now = now
    }
}
