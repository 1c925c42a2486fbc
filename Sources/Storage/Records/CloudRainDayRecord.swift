// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The WeatherFlow cloud's NearCast-corrected rain total of one device over
/// one station-local day (its "final" rain, formerly called RainCheck), kept
/// beside the device's own daily summary, whose rain is the gauge's raw rain
/// only: the two kinds are never added together.
public struct CloudRainDayRecord: Sendable, Equatable {
    /// Serial of the device.
    public var serial: String
    /// Station-local date, `YYYY-MM-DD`.
    public var localDate: String
    /// The cloud's NearCast-corrected rain over the day, mm.
    public var nearCastRainMillimeters: Double
    /// When the cloud gave it, epoch seconds.
    public var updatedAt: Int64

    /// Makes one from its parts.
    public init(serial: String, localDate: String, nearCastRainMillimeters: Double, updatedAt: Int64) {
        self.serial = serial
        self.localDate = localDate
        self.nearCastRainMillimeters = nearCastRainMillimeters
        self.updatedAt = updatedAt
    }
}
