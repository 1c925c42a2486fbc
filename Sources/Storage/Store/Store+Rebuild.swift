// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

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
    /// the strike events and the observations' strike counts. With
    /// `correct`, each row counts as it returns it (the outlets' calibration).
    /// The rain of the rows at `suspectRainTimes` is suspect: it counts only
    /// when the day has other rain, else it is the summary's suspect rain.
    public func computeDailySummary(
        serial: String, localDate: String, start: Int64, end: Int64, updatedAt: Int64,
        correcting correct: ((ObservationRecord) -> ObservationRecord)? = nil, suspectRainTimes: Set<Int64> = []
    ) throws -> DailySummaryRecord? {
        guard let device = try existingDeviceID(serial: serial) else { return nil }
        var rows = 0
        var rainNanometres: Int64 = 0
        var rainMinutes: Int64 = 0
        var suspectRainNanometres: Int64 = 0
        var suspectRainMinutes: Int64 = 0
        var observedStrikes: Int64 = 0
        var observedClosest: Int64?
        var warmest: (value: Int64, at: Int64)?
        var coldest: (value: Int64, at: Int64)?
        var strongestGust: (value: Int64, at: Int64, direction: Int64?)?
        // Values the quality checks judged bad count no more than when they came.
        let bad = try badFields(device: device, from: start, to: end)
        func isGood(_ field: String, at timestamp: Int64) -> Bool { !(bad[timestamp]?.contains(field) ?? false) }
        // One row's values in their stored scales; rows come in time order,
        // so strict comparisons keep the earliest on ties.
        func count(
            at: Int64, rain: Int64?, interval: Int64?, strikeCount: Int64?, strikeDistance: Int64?, temperature: Int64?, gust: Int64?,
            direction: Int64?
        ) {
            rows += 1
            if let amount = rain, isGood("rain_accumulated", at: at) {
                if suspectRainTimes.contains(at) {
                    suspectRainNanometres += amount
                    if amount > 0 { suspectRainMinutes += interval ?? 1 }
                } else {
                    rainNanometres += amount
                    if amount > 0 { rainMinutes += interval ?? 1 }
                }
            }
            if let count = strikeCount, isGood("lightning_strike_count", at: at) {
                observedStrikes += count
                if count > 0, let distance = strikeDistance { observedClosest = min(observedClosest ?? distance, distance) }
            }
            if let value = temperature, isGood("air_temperature", at: at) {
                if value > (warmest?.value ?? .min) { warmest = (value, at) }
                if value < (coldest?.value ?? .max) { coldest = (value, at) }
            }
            if let value = gust, isGood("wind_gust", at: at), value > (strongestGust?.value ?? .min) { strongestGust = (value, at, direction) }
        }
        if let correct {
            // Corrected values (the outlets' calibration) of the same rows, packed days included.
            try forEachObservation(serial: serial, from: start, to: end) { stored in
                let row = correct(stored)
                count(
                    at: row.timestamp, rain: FixedPoint.encode(row.rainAccumulatedMillimeters, scale: FixedPoint.micro),
                    interval: row.reportIntervalMinutes.map(Int64.init), strikeCount: row.lightningStrikeCount.map(Int64.init),
                    strikeDistance: row.lightningStrikeAverageDistanceKilometers.map(Int64.init),
                    temperature: FixedPoint.encode(row.airTemperatureCelsius, scale: FixedPoint.centi),
                    gust: FixedPoint.encode(row.windGustMetersPerSecond, scale: FixedPoint.centi), direction: row.windDirectionDegrees.map(Int64.init))
            }
        } else {
            // Column positions in `observationColumns`.
            let (time, direction, gust, temperature, rain, strikeDistance, strikeCount, interval) = (0, 7, 6, 10, 15, 17, 18, 20)
            // Packed days included.
            try forEachRow(.observations, device: device, from: start, to: end, descending: false) { row in
                count(
                    at: row[time] ?? 0, rain: row[rain], interval: row[interval], strikeCount: row[strikeCount], strikeDistance: row[strikeDistance],
                    temperature: row[temperature], gust: row[gust], direction: row[direction])
                return true
            }
        }
        guard rows > 0 else { return nil }
        var summary = DailySummaryRecord(serial: serial, localDate: localDate, updatedAt: updatedAt)
        // Suspect rain counts once the day has other rain (`DayTotals`' rule).
        if rainNanometres > 0 {
            summary.rainMillimeters = FixedPoint.decode(rainNanometres + suspectRainNanometres, scale: FixedPoint.micro) ?? 0
            summary.rainMinutes = Int(rainMinutes + suspectRainMinutes)
        } else {
            summary.rainMillimeters = 0
            summary.rainMinutes = 0
            summary.suspectRainMillimeters = FixedPoint.decode(suspectRainNanometres, scale: FixedPoint.micro) ?? 0
        }
        let observedClosestKilometers = observedClosest.map { Int($0) }

        let strikes = try database.statement(
            "SELECT count(*), min(distance_km) FROM lightning_strikes WHERE device_id = ? AND timestamp >= ? AND timestamp < ?")
        defer { strikes.reset() }
        try strikes.bind(device, at: 0)
        try strikes.bind(start, at: 1)
        try strikes.bind(end, at: 2)
        _ = try strikes.step()
        summary.strikeCount = max(Int(observedStrikes), strikes.int(0) ?? 0)
        summary.closestStrikeKilometers = strikes.int(1) ?? observedClosestKilometers

        if let warmest {
            summary.maximumTemperatureCelsius = FixedPoint.decode(warmest.value, scale: FixedPoint.centi)
            summary.maximumTemperatureAt = warmest.at
        }
        if let coldest {
            summary.minimumTemperatureCelsius = FixedPoint.decode(coldest.value, scale: FixedPoint.centi)
            summary.minimumTemperatureAt = coldest.at
        }
        if let strongestGust {
            summary.maximumGustMetersPerSecond = FixedPoint.decode(strongestGust.value, scale: FixedPoint.centi)
            summary.maximumGustAt = strongestGust.at
            summary.maximumGustDirectionDegrees = strongestGust.direction.map { Int($0) }
        }
        return summary
    }

    /// Recomputes the summary of `serial` for one station-local day from the
    /// stored rows and stores it (see `computeDailySummary`); returns it, or
    /// nil when the day has no observations. `growers` gives its growers'
    /// columns, which take what this module does not know (the station's
    /// site, the sunshine rule); without it they are left empty.
    @discardableResult
    public func rebuildDailySummary(
        serial: String, localDate: String, start: Int64, end: Int64, updatedAt: Int64,
        correcting correct: ((ObservationRecord) -> ObservationRecord)? = nil, suspectRainTimes: Set<Int64> = [],
        growers: ((Store) throws -> DailySummaryRecord.Growers)? = nil
    ) throws -> DailySummaryRecord? {
        try write {
            guard
                var summary = try computeDailySummary(
                    serial: serial, localDate: localDate, start: start, end: end, updatedAt: updatedAt, correcting: correct,
                    suspectRainTimes: suspectRainTimes)
            else {
                return nil
            }
            if let growers { summary.growers = try growers(self) }
            try upsert(summary)
            return summary
        }
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
