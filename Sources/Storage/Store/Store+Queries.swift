// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension Store {
    /// Observations of `serial` with `from <= timestamp < to`, oldest first,
    /// at most `limit` rows.
    public func observations(serial: String, from: Int64, to: Int64, limit: Int = 10_000) throws -> [ObservationRecord] {
        var rows: [ObservationRecord] = []
        try forEachObservation(serial: serial, from: from, to: to, limit: limit) { rows.append($0) }
        return rows
    }

    /// Each device's newest observation, by serial; devices with none
    /// (hubs) are left out. What `status` prints and `/metrics` gauges.
    public func newestObservationPerDevice() throws -> [ObservationRecord] {
        try devices().filter { $0.kind != .hub }.compactMap { device in
            try recentObservations(serial: device.serial, count: 1).first
        }
    }

    /// The newest `count` observations of `serial`, newest first.
    public func recentObservations(serial: String, count: Int) throws -> [ObservationRecord] {
        guard count > 0, let device = try existingDeviceID(serial: serial) else { return [] }
        var rows: [ObservationRecord] = []
        try forEachRow(.observations, device: device, from: .min, to: .max, descending: true) { values in
            rows.append(Self.observation(values, serial: serial))
            return rows.count < count
        }
        return rows
    }

    /// Streams observations of `serial` with `from <= timestamp < to`, oldest
    /// first, calling `body` once per row: memory stays constant however long
    /// the range (for exports), packed days included. Throwing from `body`
    /// stops the scan.
    public func forEachObservation(
        serial: String, from: Int64, to: Int64, limit: Int = Int.max,
        _ body: (ObservationRecord) throws -> Void
    ) throws {
        guard limit > 0, let device = try existingDeviceID(serial: serial) else { return }
        var delivered = 0
        try forEachRow(.observations, device: device, from: from, to: to, descending: false) { values in
            try body(Self.observation(values, serial: serial))
            delivered += 1
            return delivered < limit
        }
    }

    /// The observation of `serial` at `timestamp`, if stored (packed days included).
    public func observation(serial: String, timestamp: Int64) throws -> ObservationRecord? {
        var found: ObservationRecord?
        try forEachObservation(serial: serial, from: timestamp, to: timestamp + 1, limit: 1) { found = $0 }
        return found
    }

    /// An observation from its values in `observationColumns` order.
    static func observation(_ v: [Int64?], serial: String) -> ObservationRecord {
        let timestamp = v[0] ?? 0
        func int(_ index: Int) -> Int? { v[index].map { Int($0) } }
        var record = ObservationRecord(
            serial: serial, timestamp: timestamp,
            kind: ObservationRecord.Kind(rawValue: v[1] ?? 0) ?? .tempest,
            source: ObservationRecord.Source(rawValue: v[2] ?? 0) ?? .udp,
            receivedAt: v[3].map { timestamp + $0 })
        record.windLullMetersPerSecond = FixedPoint.decode(v[4], scale: FixedPoint.centi)
        record.windAverageMetersPerSecond = FixedPoint.decode(v[5], scale: FixedPoint.centi)
        record.windGustMetersPerSecond = FixedPoint.decode(v[6], scale: FixedPoint.centi)
        record.windDirectionDegrees = int(7)
        record.windSampleIntervalSeconds = int(8)
        record.stationPressureMillibars = FixedPoint.decode(v[9], scale: FixedPoint.centi)
        record.airTemperatureCelsius = FixedPoint.decode(v[10], scale: FixedPoint.centi)
        record.relativeHumidityPercent = FixedPoint.decode(v[11], scale: FixedPoint.centi)
        record.illuminanceLux = int(12)
        record.uvIndex = FixedPoint.decode(v[13], scale: FixedPoint.centi)
        record.solarRadiationWattsPerSquareMeter = int(14)
        record.rainAccumulatedMillimeters = FixedPoint.decode(v[15], scale: FixedPoint.micro)
        record.precipitationType = int(16)
        record.lightningStrikeAverageDistanceKilometers = int(17)
        record.lightningStrikeCount = int(18)
        record.batteryVolts = FixedPoint.decode(v[19], scale: FixedPoint.milli)
        record.reportIntervalMinutes = int(20)
        record.localDayRainAccumulationMillimeters = FixedPoint.decode(v[21], scale: FixedPoint.micro)
        record.nearCastRainAccumulationMillimeters = FixedPoint.decode(v[22], scale: FixedPoint.micro)
        record.localDayNearCastRainAccumulationMillimeters = FixedPoint.decode(v[23], scale: FixedPoint.micro)
        record.precipitationAnalysisType = int(24)
        return record
    }

    /// Raw rapid-wind samples of `serial` with `from <= timestamp < to`, oldest first.
    public func rapidWind(serial: String, from: Int64, to: Int64, limit: Int = 100_000) throws -> [RapidWindRecord] {
        guard let device = try existingDeviceID(serial: serial) else { return [] }
        let statement = try database.statement(
            """
            SELECT timestamp, speed_cm_s, direction_deg FROM rapid_wind
            WHERE device_id = ? AND timestamp >= ? AND timestamp < ? ORDER BY timestamp LIMIT ?
            """)
        defer { statement.reset() }
        try statement.bind(device, at: 0)
        try statement.bind(from, at: 1)
        try statement.bind(to, at: 2)
        try statement.bind(limit, at: 3)
        var rows: [RapidWindRecord] = []
        while try statement.step() {
            rows.append(
                RapidWindRecord(
                    serial: serial, timestamp: statement.int64(0) ?? 0,
                    speedMetersPerSecond: FixedPoint.decode(statement.int64(1), scale: FixedPoint.centi) ?? 0,
                    directionDegrees: statement.int(2) ?? 0))
        }
        return rows
    }

    /// Streams raw rapid-wind samples of `serial` with `from <= timestamp < to`,
    /// oldest first, one call of `body` per row (constant memory, for exports).
    public func forEachRapidWind(serial: String, from: Int64, to: Int64, _ body: (RapidWindRecord) throws -> Void) throws {
        guard let device = try existingDeviceID(serial: serial) else { return }
        let statement = try Statement(
            database: database,
            sql: "SELECT timestamp, speed_cm_s, direction_deg FROM rapid_wind WHERE device_id = ? AND timestamp >= ? AND timestamp < ? ORDER BY timestamp")
        try statement.bind(device, at: 0)
        try statement.bind(from, at: 1)
        try statement.bind(to, at: 2)
        while try statement.step() {
            try body(
                RapidWindRecord(
                    serial: serial, timestamp: statement.int64(0) ?? 0,
                    speedMetersPerSecond: FixedPoint.decode(statement.int64(1), scale: FixedPoint.centi) ?? 0,
                    directionDegrees: statement.int(2) ?? 0))
        }
    }

    /// Per-minute wind aggregates of `serial` with `from <= minuteStart < to`,
    /// oldest first, packed days included.
    public func windMinutes(serial: String, from: Int64, to: Int64, limit: Int = 100_000) throws -> [WindMinuteRecord] {
        var rows: [WindMinuteRecord] = []
        try forEachWindMinute(serial: serial, from: from, to: to, limit: limit) { rows.append($0) }
        return rows
    }

    /// Streams the per-minute wind aggregates of `serial` with
    /// `from <= minuteStart < to`, oldest first, one call of `body` per row
    /// (constant memory, for exports), packed days included.
    public func forEachWindMinute(
        serial: String, from: Int64, to: Int64, limit: Int = Int.max, _ body: (WindMinuteRecord) throws -> Void
    ) throws {
        guard limit > 0, let device = try existingDeviceID(serial: serial) else { return }
        var delivered = 0
        try forEachRow(.windMinutes, device: device, from: from, to: to, descending: false) { v in
            try body(
                WindMinuteRecord(
                    serial: serial, minuteStart: v[0] ?? 0,
                    meanSpeedMetersPerSecond: FixedPoint.decode(v[1], scale: FixedPoint.centi) ?? 0,
                    gustMetersPerSecond: FixedPoint.decode(v[2], scale: FixedPoint.centi) ?? 0,
                    lullMetersPerSecond: FixedPoint.decode(v[3], scale: FixedPoint.centi) ?? 0,
                    directionDegrees: v[4].map { Int($0) }, sampleCount: Int(v[5] ?? 0)))
            delivered += 1
            return delivered < limit
        }
    }

    /// Lightning strikes of every device with `from <= timestamp < to`, in time order.
    public func lightningStrikes(from: Int64, to: Int64) throws -> [LightningStrikeRecord] {
        let statement = try database.statement(
            """
            SELECT d.serial, s.timestamp, s.distance_km, s.energy, s.cloud_mark FROM lightning_strikes s JOIN devices d ON d.id = s.device_id
            WHERE s.timestamp >= ? AND s.timestamp < ? ORDER BY s.timestamp, d.serial
            """)
        defer { statement.reset() }
        try statement.bind(from, at: 0)
        try statement.bind(to, at: 1)
        var rows: [LightningStrikeRecord] = []
        while try statement.step() {
            rows.append(
                LightningStrikeRecord(
                    serial: statement.string(0) ?? "", timestamp: statement.int64(1) ?? 0,
                    distanceKilometers: statement.int(2) ?? 0, energy: statement.int(3) ?? 0,
                    cloudMark: statement.int(4).flatMap(StrikeCloudMark.init(rawValue:))))
        }
        return rows
    }

    /// The 3-second wind sample of `serial` at `timestamp`, if stored (raw samples are kept `rapid_wind_raw_days`).
    public func rapidWind(serial: String, timestamp: Int64) throws -> RapidWindRecord? {
        var found: RapidWindRecord?
        try forEachRapidWind(serial: serial, from: timestamp, to: timestamp + 1) { found = $0 }
        return found
    }

    /// The lightning strikes of `serial` at `timestamp` (rarely more than one).
    public func lightningStrikes(serial: String, timestamp: Int64) throws -> [LightningStrikeRecord] {
        let statement = try database.statement(
            """
            SELECT s.distance_km, s.energy, s.cloud_mark FROM lightning_strikes s JOIN devices d ON d.id = s.device_id
            WHERE d.serial = ? AND s.timestamp = ?
            """)
        defer { statement.reset() }
        try statement.bind(serial, at: 0)
        try statement.bind(timestamp, at: 1)
        var strikes: [LightningStrikeRecord] = []
        while try statement.step() {
            strikes.append(
                LightningStrikeRecord(
                    serial: serial, timestamp: timestamp, distanceKilometers: statement.int(0) ?? 0, energy: statement.int(1) ?? 0,
                    cloudMark: statement.int(2).flatMap(StrikeCloudMark.init(rawValue:))))
        }
        return strikes
    }

    /// Rain starts of every device with `from <= timestamp < to`, in time order.
    public func rainStarts(from: Int64, to: Int64) throws -> [RainStartRecord] {
        let statement = try database.statement(
            """
            SELECT d.serial, r.timestamp FROM rain_starts r JOIN devices d ON d.id = r.device_id
            WHERE r.timestamp >= ? AND r.timestamp < ? ORDER BY r.timestamp, d.serial
            """)
        defer { statement.reset() }
        try statement.bind(from, at: 0)
        try statement.bind(to, at: 1)
        var rows: [RainStartRecord] = []
        while try statement.step() {
            rows.append(RainStartRecord(serial: statement.string(0) ?? "", timestamp: statement.int64(1) ?? 0))
        }
        return rows
    }

    /// The stored summary of `serial` for `localDate`, if any.
    public func dailySummary(serial: String, localDate: String) throws -> DailySummaryRecord? {
        guard let device = try existingDeviceID(serial: serial) else { return nil }
        let statement = try database.statement(
            """
            SELECT rain_mm, rain_minutes, strike_count, closest_strike_km, max_temperature_c, max_temperature_at,
                min_temperature_c, min_temperature_at, max_gust_m_s, max_gust_at, max_gust_direction_deg, updated_at,
                rain_suspect_mm, \(Self.dailySummaryGrowersColumns)
            FROM daily_summaries WHERE device_id = ? AND local_date = ?
            """)
        defer { statement.reset() }
        try statement.bind(device, at: 0)
        try statement.bind(localDate, at: 1)
        guard try statement.step() else { return nil }
        return Self.dailySummary(statement, serial: serial, localDate: localDate, firstColumn: 0)
    }

    /// The newest forecast snapshot for `locationKey`, if any.
    public func latestForecastSnapshot(locationKey: String) throws -> ForecastSnapshotRecord? {
        let statement = try database.statement(
            """
            SELECT fetched_at, source_url, payload_json FROM forecast_snapshots
            WHERE location_key = ? ORDER BY fetched_at DESC LIMIT 1
            """)
        defer { statement.reset() }
        try statement.bind(locationKey, at: 0)
        guard try statement.step() else { return nil }
        return ForecastSnapshotRecord(
            locationKey: locationKey, fetchedAt: statement.int64(0) ?? 0,
            sourceURL: statement.string(1) ?? "", payloadJSON: statement.string(2) ?? "")
    }
}
