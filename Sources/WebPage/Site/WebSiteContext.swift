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
    /// The station's time zone: days, charts' hours and daily totals.
    public var timeZone: TimeZoneRules
    /// The units values are shown in (the configured MQTT units).
    public var units: PublishedUnits
    /// The running gateway's status report, as `status` prints it.
    public var report: @Sendable () -> StatusReport
    /// The forecast's location key while forecasts are on, else nil.
    public var forecastLocationKey: @Sendable () -> String?
    /// The current time, Unix seconds (ages, stale marks, "last 24 hours";
    /// injectable for tests).
    public var now: @Sendable () -> Int64

    /// Makes a context from its parts.
    public init(
        databasePath: String, timeZone: TimeZoneRules, units: PublishedUnits, report: @escaping @Sendable () -> StatusReport,
        forecastLocationKey: @escaping @Sendable () -> String?, now: @escaping @Sendable () -> Int64 = { Int64(Glibc.time(nil)) }
    ) {
        self.databasePath = databasePath
        self.timeZone = timeZone
        self.units = units
        self.report = report
        self.forecastLocationKey = forecastLocationKey
        self.now = now
    }
}
