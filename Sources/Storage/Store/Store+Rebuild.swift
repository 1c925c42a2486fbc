extension Store {
    /// The newest observation, rapid-wind sample and status of every device,
    /// read from the stored rows (for the gateway's state after a restart).
    public func latestStates() throws -> [DeviceLatestState] {
        try devices().map { device in
            let id = try existingDeviceID(serial: device.serial) ?? -1
            return DeviceLatestState(
                device: device,
                latestObservation: try recentObservations(serial: device.serial, count: 1).first,
                latestRapidWind: try latestRapidWind(deviceID: id, serial: device.serial),
                latestDeviceStatus: try latestDeviceStatus(deviceID: id, serial: device.serial, hubSerial: device.hubSerial),
                latestHubStatus: try latestHubStatus(deviceID: id, serial: device.serial))
        }
    }

    /// Computes the summary of `serial` for the station-local day
    /// `localDate`, which spans `start <= timestamp < end` in UTC (the
    /// caller resolves the station's time zone), from the stored
    /// observations and strikes. Nil when the day has no observations.
    ///
    /// Rain is the sum of the per-interval amounts; rain minutes count
    /// intervals with rain times their length; strikes are the larger of
    /// the strike events and the observations' strike counts.
    public func computeDailySummary(serial: String, localDate: String, start: Int64, end: Int64, updatedAt: Int64) throws -> DailySummaryRecord? {
        guard let device = try existingDeviceID(serial: serial) else { return nil }
        let totals = try database.statement(
            """
            SELECT count(*), coalesce(sum(rain_accumulated_nm), 0),
                coalesce(sum(CASE WHEN rain_accumulated_nm > 0 THEN coalesce(report_interval_min, 1) ELSE 0 END), 0),
                coalesce(sum(lightning_strike_count), 0),
                min(CASE WHEN lightning_strike_count > 0 THEN lightning_strike_avg_distance_km END)
            FROM observations WHERE device_id = ? AND timestamp >= ? AND timestamp < ?
            """)
        defer { totals.reset() }
        try totals.bind(device, at: 0)
        try totals.bind(start, at: 1)
        try totals.bind(end, at: 2)
        guard try totals.step(), let rows = totals.int(0), rows > 0 else { return nil }
        var summary = DailySummaryRecord(serial: serial, localDate: localDate, updatedAt: updatedAt)
        summary.rainMillimeters = FixedPoint.decode(totals.int64(1), scale: FixedPoint.micro) ?? 0
        summary.rainMinutes = totals.int(2) ?? 0
        let observedStrikes = totals.int(3) ?? 0
        let observedClosest = totals.int(4)

        let strikes = try database.statement(
            "SELECT count(*), min(distance_km) FROM lightning_strikes WHERE device_id = ? AND timestamp >= ? AND timestamp < ?")
        defer { strikes.reset() }
        try strikes.bind(device, at: 0)
        try strikes.bind(start, at: 1)
        try strikes.bind(end, at: 2)
        _ = try strikes.step()
        summary.strikeCount = max(observedStrikes, strikes.int(0) ?? 0)
        summary.closestStrikeKilometers = strikes.int(1) ?? observedClosest

        if let (value, at, _) = try extreme(column: "air_temperature_centi_c", highest: true, device: device, start: start, end: end) {
            summary.maximumTemperatureCelsius = FixedPoint.decode(value, scale: FixedPoint.centi)
            summary.maximumTemperatureAt = at
        }
        if let (value, at, _) = try extreme(column: "air_temperature_centi_c", highest: false, device: device, start: start, end: end) {
            summary.minimumTemperatureCelsius = FixedPoint.decode(value, scale: FixedPoint.centi)
            summary.minimumTemperatureAt = at
        }
        if let (value, at, direction) = try extreme(column: "wind_gust_cm_s", highest: true, device: device, start: start, end: end) {
            summary.maximumGustMetersPerSecond = FixedPoint.decode(value, scale: FixedPoint.centi)
            summary.maximumGustAt = at
            summary.maximumGustDirectionDegrees = direction.map { Int($0) }
        }
        return summary
    }

    /// Recomputes the summary of `serial` for one station-local day from the
    /// stored rows and stores it (see `computeDailySummary`); returns it, or
    /// nil when the day has no observations.
    @discardableResult
    public func rebuildDailySummary(serial: String, localDate: String, start: Int64, end: Int64, updatedAt: Int64) throws -> DailySummaryRecord? {
        try write {
            guard let summary = try computeDailySummary(serial: serial, localDate: localDate, start: start, end: end, updatedAt: updatedAt) else {
                return nil
            }
            try upsert(summary)
            return summary
        }
    }

    /// The value, time and wind direction of the row with the highest (or
    /// lowest) non-null `column` in the range; the earliest such row on ties.
    private func extreme(column: String, highest: Bool, device: Int64, start: Int64, end: Int64) throws -> (Int64, Int64, Int64?)? {
        let statement = try database.statement(
            """
            SELECT \(column), timestamp, wind_direction_deg FROM observations
            WHERE device_id = ? AND timestamp >= ? AND timestamp < ? AND \(column) IS NOT NULL
            ORDER BY \(column) \(highest ? "DESC" : "ASC"), timestamp LIMIT 1
            """)
        defer { statement.reset() }
        try statement.bind(device, at: 0)
        try statement.bind(start, at: 1)
        try statement.bind(end, at: 2)
        guard try statement.step(), let value = statement.int64(0), let at = statement.int64(1) else { return nil }
        return (value, at, statement.int64(2))
    }

    private func latestRapidWind(deviceID: Int64, serial: String) throws -> RapidWindRecord? {
        let statement = try database.statement(
            "SELECT timestamp, speed_cm_s, direction_deg FROM rapid_wind WHERE device_id = ? ORDER BY timestamp DESC LIMIT 1")
        defer { statement.reset() }
        try statement.bind(deviceID, at: 0)
        guard try statement.step() else { return nil }
        return RapidWindRecord(
            serial: serial, timestamp: statement.int64(0) ?? 0,
            speedMetersPerSecond: FixedPoint.decode(statement.int64(1), scale: FixedPoint.centi) ?? 0,
            directionDegrees: statement.int(2) ?? 0)
    }

    private func latestDeviceStatus(deviceID: Int64, serial: String, hubSerial: String?) throws -> DeviceStatusRecord? {
        let statement = try database.statement(
            """
            SELECT timestamp, uptime_s, voltage_mv, firmware_revision, rssi_db, hub_rssi_db, sensor_status, debug
            FROM device_status WHERE device_id = ? ORDER BY timestamp DESC LIMIT 1
            """)
        defer { statement.reset() }
        try statement.bind(deviceID, at: 0)
        guard try statement.step() else { return nil }
        return DeviceStatusRecord(
            serial: serial, hubSerial: hubSerial, timestamp: statement.int64(0) ?? 0, uptimeSeconds: statement.int64(1),
            voltageVolts: FixedPoint.decode(statement.int64(2), scale: FixedPoint.milli),
            firmwareRevision: statement.int(3), rssiDecibels: statement.int(4), hubRSSIDecibels: statement.int(5),
            sensorStatus: statement.int64(6), debug: statement.int(7))
    }

    private func latestHubStatus(deviceID: Int64, serial: String) throws -> HubStatusRecord? {
        let statement = try database.statement(
            """
            SELECT timestamp, uptime_s, rssi_db, firmware, reset_flags, seq, radio_stats
            FROM hub_status WHERE device_id = ? ORDER BY timestamp DESC LIMIT 1
            """)
        defer { statement.reset() }
        try statement.bind(deviceID, at: 0)
        guard try statement.step() else { return nil }
        return HubStatusRecord(
            serial: serial, timestamp: statement.int64(0) ?? 0, uptimeSeconds: statement.int64(1),
            rssiDecibels: statement.int(2), firmware: statement.string(3), resetFlags: statement.string(4),
            sequence: statement.int64(5),
            radioStats: statement.string(6).map { $0.split(separator: ",").compactMap { Int64($0) } })
    }
}
