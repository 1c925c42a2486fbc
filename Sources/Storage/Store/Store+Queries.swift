extension Store {
    /// Observations of `serial` with `from <= timestamp < to`, oldest first,
    /// at most `limit` rows.
    public func observations(serial: String, from: Int64, to: Int64, limit: Int = 10_000) throws -> [ObservationRecord] {
        var rows: [ObservationRecord] = []
        try forEachObservation(serial: serial, from: from, to: to, limit: limit) { rows.append($0) }
        return rows
    }

    /// The newest `count` observations of `serial`, newest first.
    public func recentObservations(serial: String, count: Int) throws -> [ObservationRecord] {
        guard let device = try existingDeviceID(serial: serial) else { return [] }
        let statement = try database.statement(
            "SELECT \(Self.observationColumns) FROM observations WHERE device_id = ? ORDER BY timestamp DESC LIMIT ?")
        defer { statement.reset() }
        try statement.bind(device, at: 0)
        try statement.bind(count, at: 1)
        var rows: [ObservationRecord] = []
        while try statement.step() {
            rows.append(Self.readObservation(statement, serial: serial))
        }
        return rows
    }

    /// Streams observations of `serial` with `from <= timestamp < to`, oldest
    /// first, calling `body` once per row: memory stays constant however long
    /// the range (for exports). Throwing from `body` stops the scan.
    public func forEachObservation(
        serial: String, from: Int64, to: Int64, limit: Int = Int.max,
        _ body: (ObservationRecord) throws -> Void
    ) throws {
        guard let device = try existingDeviceID(serial: serial) else { return }
        // A statement of its own: `body` may run other queries on this store.
        let statement = try Statement(
            database: database,
            sql: """
                SELECT \(Self.observationColumns) FROM observations
                WHERE device_id = ? AND timestamp >= ? AND timestamp < ? ORDER BY timestamp LIMIT ?
                """)
        try statement.bind(device, at: 0)
        try statement.bind(from, at: 1)
        try statement.bind(to, at: 2)
        try statement.bind(Int64(clamping: limit), at: 3)
        while try statement.step() {
            try body(Self.readObservation(statement, serial: serial))
        }
    }

    static func readObservation(_ s: Statement, serial: String) -> ObservationRecord {
        let timestamp = s.int64(0) ?? 0
        var record = ObservationRecord(
            serial: serial, timestamp: timestamp,
            kind: ObservationRecord.Kind(rawValue: s.int64(1) ?? 0) ?? .tempest,
            source: ObservationRecord.Source(rawValue: s.int64(2) ?? 0) ?? .udp,
            receivedAt: s.int64(3).map { timestamp + $0 })
        record.windLullMetersPerSecond = FixedPoint.decode(s.int64(4), scale: FixedPoint.centi)
        record.windAverageMetersPerSecond = FixedPoint.decode(s.int64(5), scale: FixedPoint.centi)
        record.windGustMetersPerSecond = FixedPoint.decode(s.int64(6), scale: FixedPoint.centi)
        record.windDirectionDegrees = s.int(7)
        record.windSampleIntervalSeconds = s.int(8)
        record.stationPressureMillibars = FixedPoint.decode(s.int64(9), scale: FixedPoint.centi)
        record.airTemperatureCelsius = FixedPoint.decode(s.int64(10), scale: FixedPoint.centi)
        record.relativeHumidityPercent = FixedPoint.decode(s.int64(11), scale: FixedPoint.centi)
        record.illuminanceLux = s.int(12)
        record.uvIndex = FixedPoint.decode(s.int64(13), scale: FixedPoint.centi)
        record.solarRadiationWattsPerSquareMeter = s.int(14)
        record.rainAccumulatedMillimeters = FixedPoint.decode(s.int64(15), scale: FixedPoint.micro)
        record.precipitationType = s.int(16)
        record.lightningStrikeAverageDistanceKilometers = s.int(17)
        record.lightningStrikeCount = s.int(18)
        record.batteryVolts = FixedPoint.decode(s.int64(19), scale: FixedPoint.milli)
        record.reportIntervalMinutes = s.int(20)
        record.localDayRainAccumulationMillimeters = FixedPoint.decode(s.int64(21), scale: FixedPoint.micro)
        record.nearCastRainAccumulationMillimeters = FixedPoint.decode(s.int64(22), scale: FixedPoint.micro)
        record.localDayNearCastRainAccumulationMillimeters = FixedPoint.decode(s.int64(23), scale: FixedPoint.micro)
        record.precipitationAnalysisType = s.int(24)
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

    /// Per-minute wind aggregates of `serial` with `from <= minuteStart < to`, oldest first.
    public func windMinutes(serial: String, from: Int64, to: Int64, limit: Int = 100_000) throws -> [WindMinuteRecord] {
        guard let device = try existingDeviceID(serial: serial) else { return [] }
        let statement = try database.statement(
            """
            SELECT minute_start, mean_speed_cm_s, gust_cm_s, lull_cm_s, direction_deg, sample_count FROM wind_minutes
            WHERE device_id = ? AND minute_start >= ? AND minute_start < ? ORDER BY minute_start LIMIT ?
            """)
        defer { statement.reset() }
        try statement.bind(device, at: 0)
        try statement.bind(from, at: 1)
        try statement.bind(to, at: 2)
        try statement.bind(limit, at: 3)
        var rows: [WindMinuteRecord] = []
        while try statement.step() {
            rows.append(
                WindMinuteRecord(
                    serial: serial, minuteStart: statement.int64(0) ?? 0,
                    meanSpeedMetersPerSecond: FixedPoint.decode(statement.int64(1), scale: FixedPoint.centi) ?? 0,
                    gustMetersPerSecond: FixedPoint.decode(statement.int64(2), scale: FixedPoint.centi) ?? 0,
                    lullMetersPerSecond: FixedPoint.decode(statement.int64(3), scale: FixedPoint.centi) ?? 0,
                    directionDegrees: statement.int(4), sampleCount: statement.int(5) ?? 0))
        }
        return rows
    }

    /// Lightning strikes of every device with `from <= timestamp < to`, in time order.
    public func lightningStrikes(from: Int64, to: Int64) throws -> [LightningStrikeRecord] {
        let statement = try database.statement(
            """
            SELECT d.serial, s.timestamp, s.distance_km, s.energy FROM lightning_strikes s JOIN devices d ON d.id = s.device_id
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
                    distanceKilometers: statement.int(2) ?? 0, energy: statement.int(3) ?? 0))
        }
        return rows
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
                min_temperature_c, min_temperature_at, max_gust_m_s, max_gust_at, max_gust_direction_deg, updated_at
            FROM daily_summaries WHERE device_id = ? AND local_date = ?
            """)
        defer { statement.reset() }
        try statement.bind(device, at: 0)
        try statement.bind(localDate, at: 1)
        guard try statement.step() else { return nil }
        var summary = DailySummaryRecord(serial: serial, localDate: localDate, updatedAt: statement.int64(11) ?? 0)
        summary.rainMillimeters = statement.double(0) ?? 0
        summary.rainMinutes = statement.int(1) ?? 0
        summary.strikeCount = statement.int(2) ?? 0
        summary.closestStrikeKilometers = statement.int(3)
        summary.maximumTemperatureCelsius = statement.double(4)
        summary.maximumTemperatureAt = statement.int64(5)
        summary.minimumTemperatureCelsius = statement.double(6)
        summary.minimumTemperatureAt = statement.int64(7)
        summary.maximumGustMetersPerSecond = statement.double(8)
        summary.maximumGustAt = statement.int64(9)
        summary.maximumGustDirectionDegrees = statement.int(10)
        return summary
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
