// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology

/// The growers' daily figures of a device, from its own sensors and its
/// station's site (docs/data.md, "Figures for growers"). ET₀ is a whole
/// day's figure: only yesterday's is given. Today's degree days and chill
/// hours grow through the day, as `rain_today` does.
public struct GrowersFigures: Sendable, Hashable {
    /// Yesterday's reference evapotranspiration (FAO-56), mm; nil when the
    /// day was incomplete or the site has no latitude or elevation.
    public var referenceEvapotranspirationYesterdayMillimeters: Double?
    /// Growing degree days so far today and yesterday, °C·day.
    public var growingDegreeDaysToday: Double?
    public var growingDegreeDaysYesterday: Double?
    /// Hours between 0 and 7.2 °C so far today and yesterday.
    public var chillHoursToday: Double?
    public var chillHoursYesterday: Double?
    /// Yesterday's sunshine, minutes (today's is `StationSnapshot.sunshineMinutesToday`).
    public var sunshineMinutesYesterday: Int?
    /// Global solar radiation received so far today, MJ/m².
    public var solarEnergyTodayMegajoulesPerSquareMeter: Double?

    /// Nothing known.
    public init() {}

    /// The figures of `totals` at `site`, degree days over `baseCelsius`.
    /// A figure whose day had no observation of its inputs is nil.
    public init(_ totals: CurrentTotals, site: StationSite, baseCelsius: Double) {
        let today = totals.today
        let yesterday = totals.yesterday
        referenceEvapotranspirationYesterdayMillimeters = yesterday.referenceEvapotranspirationMillimeters(site: site)
            .map { ($0 * 100).rounded() / 100 }
        growingDegreeDaysToday = today.growingDegreeDays(baseCelsius: baseCelsius).map { ($0 * 100).rounded() / 100 }
        growingDegreeDaysYesterday = yesterday.growingDegreeDays(baseCelsius: baseCelsius).map { ($0 * 100).rounded() / 100 }
        chillHoursToday = today.minimumTemperature == nil ? nil : (today.chillHours * 100).rounded() / 100
        chillHoursYesterday = yesterday.minimumTemperature == nil ? nil : (yesterday.chillHours * 100).rounded() / 100
        sunshineMinutesYesterday = yesterday.solarRadiationMinutes > 0 ? yesterday.sunshineMinutes : nil
        solarEnergyTodayMegajoulesPerSquareMeter =
            today.solarRadiationMinutes > 0 ? (today.solarEnergyMegajoulesPerSquareMeter * 100).rounded() / 100 : nil
    }
}
