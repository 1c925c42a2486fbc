// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Storage

extension DailySummaryRecord.Growers {
    /// What a day's `totals` give the growers' columns, the day's ET₀ at `site`.
    public init(_ totals: DayTotals, site: StationSite) {
        self.init()
        minimumHumidityPercent = totals.minimumHumidityPercent
        maximumHumidityPercent = totals.maximumHumidityPercent
        meanWindMetersPerSecond = totals.meanWindMetersPerSecond.map { ($0 * 1_000).rounded() / 1_000 }
        if totals.solarRadiationMinutes > 0 {
            solarEnergyMegajoulesPerSquareMeter = totals.solarEnergyMegajoulesPerSquareMeter
            solarRadiationMinutes = totals.solarRadiationMinutes
            sunshineMinutes = totals.sunshineMinutes
        }
        if totals.minimumTemperature != nil { chillMinutes = totals.chillMinutes }
        referenceEvapotranspirationMillimeters = totals.referenceEvapotranspirationMillimeters(site: site).map { ($0 * 100).rounded() / 100 }
    }
}
