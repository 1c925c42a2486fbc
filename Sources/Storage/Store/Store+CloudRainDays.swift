// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension Store {
    /// Stores or replaces the cloud's NearCast rain of a device-day.
    public func upsert(_ record: CloudRainDayRecord) throws {
        let device = try deviceID(serial: record.serial, seenAt: record.updatedAt)
        try database.run(
            "INSERT OR REPLACE INTO cloud_rain_days (device_id, local_date, nearcast_rain_nm, updated_at) VALUES (?, ?, ?, ?)"
        ) { s in
            try s.bind(device, at: 0)
            try s.bind(record.localDate, at: 1)
            try s.bind(FixedPoint.encode(record.nearCastRainMillimeters, scale: FixedPoint.micro), at: 2)
            try s.bind(record.updatedAt, at: 3)
        }
    }

    /// The cloud's NearCast rain of `serial`'s days from `fromDate` on
    /// (`YYYY-MM-DD`, inclusive), in date order.
    public func cloudRainDays(serial: String, from fromDate: String = "") throws -> [CloudRainDayRecord] {
        guard let device = try existingDeviceID(serial: serial) else { return [] }
        let statement = try database.statement(
            """
            SELECT local_date, nearcast_rain_nm, updated_at FROM cloud_rain_days
            WHERE device_id = ? AND local_date >= ? ORDER BY local_date
            """)
        defer { statement.reset() }
        try statement.bind(device, at: 0)
        try statement.bind(fromDate, at: 1)
        var days = [CloudRainDayRecord]()
        while try statement.step() {
            days.append(
                CloudRainDayRecord(
                    serial: serial, localDate: statement.string(0) ?? "",
                    nearCastRainMillimeters: FixedPoint.decode(statement.int64(1), scale: FixedPoint.micro) ?? 0,
                    updatedAt: statement.int64(2) ?? 0))
        }
        return days
    }
}
