// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension Store {
    /// The growers' columns of `daily_summaries` (schema version 13), in
    /// the order `dailySummaryGrowers` reads them.
    static let dailySummaryGrowersColumns =
        "min_humidity_pct, max_humidity_pct, mean_wind_m_s, solar_energy_mj_m2, solar_minutes, sunshine_minutes, chill_minutes, et0_mm"

    /// Writes the growers' columns of a summary `upsert` just stored.
    func updateGrowers(_ record: DailySummaryRecord, device: Int64) throws {
        let growers = record.growers
        try database.run(
            """
            UPDATE daily_summaries SET min_humidity_pct = ?, max_humidity_pct = ?, mean_wind_m_s = ?, solar_energy_mj_m2 = ?,
                solar_minutes = ?, sunshine_minutes = ?, chill_minutes = ?, et0_mm = ?
            WHERE device_id = ? AND local_date = ?
            """
        ) { s in
            try s.bind(growers.minimumHumidityPercent, at: 0)
            try s.bind(growers.maximumHumidityPercent, at: 1)
            try s.bind(growers.meanWindMetersPerSecond, at: 2)
            try s.bind(growers.solarEnergyMegajoulesPerSquareMeter, at: 3)
            try s.bind(growers.solarRadiationMinutes, at: 4)
            try s.bind(growers.sunshineMinutes, at: 5)
            try s.bind(growers.chillMinutes, at: 6)
            try s.bind(growers.referenceEvapotranspirationMillimeters, at: 7)
            try s.bind(device, at: 8)
            try s.bind(record.localDate, at: 9)
        }
    }

    /// The growers' columns from column `first` on (`dailySummaryGrowersColumns`).
    static func dailySummaryGrowers(_ statement: Statement, firstColumn first: Int32) -> DailySummaryRecord.Growers {
        var growers = DailySummaryRecord.Growers()
        growers.minimumHumidityPercent = statement.double(first)
        growers.maximumHumidityPercent = statement.double(first + 1)
        growers.meanWindMetersPerSecond = statement.double(first + 2)
        growers.solarEnergyMegajoulesPerSquareMeter = statement.double(first + 3)
        growers.solarRadiationMinutes = statement.int(first + 4)
        growers.sunshineMinutes = statement.int(first + 5)
        growers.chillMinutes = statement.int(first + 6)
        growers.referenceEvapotranspirationMillimeters = statement.double(first + 7)
        return growers
    }
}
