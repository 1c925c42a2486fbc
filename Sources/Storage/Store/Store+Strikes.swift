// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension Store {
    /// Stores a lightning strike; returns whether it made a new row.
    ///
    /// Repeats are ignored as for every table. One strike can also arrive
    /// twice by different ways, from the station over UDP and from the
    /// WeatherFlow cloud (which may give another distance and energy), in
    /// either order: a record from the cloud (`cloudMark` set) and a strike
    /// stored for the same device and second, or a station's record and a
    /// strike the cloud already gave for that second, are the same strike.
    /// It stays one row with the first copy's values; a cloud mark only
    /// upgrades the stored one (confirmed beats enhanced beats unmarked
    /// beats none). Two strikes the station itself reports in one second
    /// with different values stay two rows, as before the cloud.
    @discardableResult
    public func insert(_ record: LightningStrikeRecord) throws -> Bool {
        let device = try deviceID(serial: record.serial, seenAt: record.timestamp)
        let storedMark = try database.scalarInt(
            "SELECT ifnull(max(ifnull(cloud_mark, -1)), -2) FROM lightning_strikes WHERE device_id = ? AND timestamp = ?"
        ) {
            try $0.bind(device, at: 0)
            try $0.bind(record.timestamp, at: 1)
        } ?? -2
        // -2: nothing stored in that second; -1: only the station's strikes.
        if storedMark > -2, record.cloudMark != nil || storedMark >= 0 {
            if let mark = record.cloudMark, Int64(mark.rawValue) > storedMark {
                try database.run("UPDATE lightning_strikes SET cloud_mark = ? WHERE device_id = ? AND timestamp = ?") {
                    try $0.bind(mark.rawValue, at: 0)
                    try $0.bind(device, at: 1)
                    try $0.bind(record.timestamp, at: 2)
                }
            }
            return false
        }
        try database.run(
            "INSERT OR IGNORE INTO lightning_strikes (device_id, timestamp, distance_km, energy, cloud_mark) VALUES (?, ?, ?, ?, ?)"
        ) { s in
            try s.bind(device, at: 0)
            try s.bind(record.timestamp, at: 1)
            try s.bind(Int64(record.distanceKilometers), at: 2)
            try s.bind(Int64(record.energy), at: 3)
            try s.bind(record.cloudMark?.rawValue, at: 4)
        }
        return database.changes > 0
    }

    /// Stores a strike of the nearby-strikes feed; returns whether it made
    /// a new row (the same station, second and place arriving again is the
    /// same strike: its mark only upgrades, nothing else changes).
    @discardableResult
    public func insert(_ record: NearbyStrikeRecord) throws -> Bool {
        let latitude = FixedPoint.encode(record.latitude, scale: FixedPoint.micro)
        let longitude = FixedPoint.encode(record.longitude, scale: FixedPoint.micro)
        try database.run(
            """
            INSERT OR IGNORE INTO nearby_strikes (station_id, timestamp, latitude_micro_deg, longitude_micro_deg,
                distance_km, energy, cloud_mark) VALUES (?, ?, ?, ?, ?, ?, ?)
            """
        ) { s in
            try s.bind(record.stationID, at: 0)
            try s.bind(record.timestamp, at: 1)
            try s.bind(latitude, at: 2)
            try s.bind(longitude, at: 3)
            try s.bind(record.distanceKilometers, at: 4)
            try s.bind(record.energy, at: 5)
            try s.bind(record.cloudMark?.rawValue, at: 6)
        }
        if database.changes > 0 { return true }
        if let mark = record.cloudMark {
            try database.run(
                """
                UPDATE nearby_strikes SET cloud_mark = ?1 WHERE station_id = ?2 AND timestamp = ?3
                    AND ifnull(latitude_micro_deg, -1000000000) = ifnull(?4, -1000000000)
                    AND ifnull(longitude_micro_deg, -1000000000) = ifnull(?5, -1000000000)
                    AND ifnull(cloud_mark, -1) < ?1
                """
            ) { s in
                try s.bind(mark.rawValue, at: 0)
                try s.bind(record.stationID, at: 1)
                try s.bind(record.timestamp, at: 2)
                try s.bind(latitude, at: 3)
                try s.bind(longitude, at: 4)
            }
        }
        return false
    }

    /// Nearby strikes with `from <= timestamp < to`, in time order.
    public func nearbyStrikes(from: Int64, to: Int64) throws -> [NearbyStrikeRecord] {
        let statement = try database.statement(
            """
            SELECT station_id, timestamp, latitude_micro_deg, longitude_micro_deg, distance_km, energy, cloud_mark
            FROM nearby_strikes WHERE timestamp >= ? AND timestamp < ? ORDER BY timestamp, station_id, id
            """)
        defer { statement.reset() }
        try statement.bind(from, at: 0)
        try statement.bind(to, at: 1)
        var rows: [NearbyStrikeRecord] = []
        while try statement.step() {
            rows.append(
                NearbyStrikeRecord(
                    stationID: statement.int(0) ?? 0, timestamp: statement.int64(1) ?? 0,
                    latitude: FixedPoint.decode(statement.int64(2), scale: FixedPoint.micro),
                    longitude: FixedPoint.decode(statement.int64(3), scale: FixedPoint.micro),
                    distanceKilometers: statement.int(4), energy: statement.int(5),
                    cloudMark: statement.int(6).flatMap(StrikeCloudMark.init(rawValue:))))
        }
        return rows
    }
}
