// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension Store {
    /// Streams every stored daily summary of `serial` in date order (the
    /// records and calendar totals are rebuilt from these after a restart:
    /// one row a day, a few thousand for years of data).
    public func forEachDailySummary(serial: String, _ body: (DailySummaryRecord) throws -> Void) throws {
        guard let device = try existingDeviceID(serial: serial) else { return }
        let statement = try database.statement(
            """
            SELECT local_date, rain_mm, rain_minutes, strike_count, closest_strike_km, max_temperature_c, max_temperature_at,
                min_temperature_c, min_temperature_at, max_gust_m_s, max_gust_at, max_gust_direction_deg, updated_at,
                rain_suspect_mm, \(Self.dailySummaryGrowersColumns)
            FROM daily_summaries WHERE device_id = ? ORDER BY local_date
            """)
        defer { statement.reset() }
        try statement.bind(device, at: 0)
        while try statement.step() {
            let summary = Self.dailySummary(statement, serial: serial, localDate: statement.string(0) ?? "", firstColumn: 1)
            try body(summary)
        }
    }

    /// A summary from a row holding `rain_mm, rain_minutes, strike_count,
    /// closest_strike_km, max_temperature_c, max_temperature_at,
    /// min_temperature_c, min_temperature_at, max_gust_m_s, max_gust_at,
    /// max_gust_direction_deg, updated_at, rain_suspect_mm` and the growers' columns
    /// (`dailySummaryGrowersColumns`) from column `firstColumn` on.
    static func dailySummary(_ statement: Statement, serial: String, localDate: String, firstColumn first: Int32) -> DailySummaryRecord {
        var summary = DailySummaryRecord(serial: serial, localDate: localDate, updatedAt: statement.int64(first + 11) ?? 0)
        summary.rainMillimeters = statement.double(first) ?? 0
        summary.rainMinutes = statement.int(first + 1) ?? 0
        summary.strikeCount = statement.int(first + 2) ?? 0
        summary.closestStrikeKilometers = statement.int(first + 3)
        summary.maximumTemperatureCelsius = statement.double(first + 4)
        summary.maximumTemperatureAt = statement.int64(first + 5)
        summary.minimumTemperatureCelsius = statement.double(first + 6)
        summary.minimumTemperatureAt = statement.int64(first + 7)
        summary.maximumGustMetersPerSecond = statement.double(first + 8)
        summary.maximumGustAt = statement.int64(first + 9)
        summary.maximumGustDirectionDegrees = statement.int(first + 10)
        summary.suspectRainMillimeters = statement.double(first + 12) ?? 0
        summary.growers = dailySummaryGrowers(statement, firstColumn: first + 13)
        return summary
    }
}
