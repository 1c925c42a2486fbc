// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import HTTP

extension Store {
    /// The observation columns in the order `insert` binds them, `observation(_:serial:)` reads them and `PackedColumns` packs them.
    static let observationColumns = """
        timestamp, kind, source, received_lag_s, wind_lull_cm_s, wind_avg_cm_s, wind_gust_cm_s, wind_direction_deg,
        wind_sample_interval_s, station_pressure_centi_mb, air_temperature_centi_c, relative_humidity_centi_pct,
        illuminance_lux, uv_index_centi, solar_radiation_w_m2, rain_accumulated_nm, precipitation_type,
        lightning_strike_avg_distance_km, lightning_strike_count, battery_mv, report_interval_min,
        local_day_rain_accumulation_nm, nc_rain_accumulation_nm, local_day_nc_rain_accumulation_nm,
        precipitation_analysis_type
        """

    /// Stores an observation; a row already stored for the same device and
    /// timestamp wins (returns false), which makes repeats idempotent.
    @discardableResult
    public func insert(_ record: ObservationRecord) throws -> Bool {
        let device = try deviceID(
            serial: record.serial, seenAt: record.timestamp, hubSerial: record.hubSerial,
            firmware: record.firmwareRevision.map { String($0) })
        try database.run(
            "INSERT OR IGNORE INTO observations (device_id, \(Self.observationColumns)) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
        ) { s in
            try s.bind(device, at: 0)
            try s.bind(record.timestamp, at: 1)
            try s.bind(record.kind.rawValue, at: 2)
            try s.bind(record.source.rawValue, at: 3)
            try s.bind(record.receivedAt.map { max(0, $0 - record.timestamp) }, at: 4)
            try s.bind(FixedPoint.encode(record.windLullMetersPerSecond, scale: FixedPoint.centi), at: 5)
            try s.bind(FixedPoint.encode(record.windAverageMetersPerSecond, scale: FixedPoint.centi), at: 6)
            try s.bind(FixedPoint.encode(record.windGustMetersPerSecond, scale: FixedPoint.centi), at: 7)
            try s.bind(record.windDirectionDegrees, at: 8)
            try s.bind(record.windSampleIntervalSeconds, at: 9)
            try s.bind(FixedPoint.encode(record.stationPressureMillibars, scale: FixedPoint.centi), at: 10)
            try s.bind(FixedPoint.encode(record.airTemperatureCelsius, scale: FixedPoint.centi), at: 11)
            try s.bind(FixedPoint.encode(record.relativeHumidityPercent, scale: FixedPoint.centi), at: 12)
            try s.bind(record.illuminanceLux, at: 13)
            try s.bind(FixedPoint.encode(record.uvIndex, scale: FixedPoint.centi), at: 14)
            try s.bind(record.solarRadiationWattsPerSquareMeter, at: 15)
            try s.bind(FixedPoint.encode(record.rainAccumulatedMillimeters, scale: FixedPoint.micro), at: 16)
            try s.bind(record.precipitationType, at: 17)
            try s.bind(record.lightningStrikeAverageDistanceKilometers, at: 18)
            try s.bind(record.lightningStrikeCount, at: 19)
            try s.bind(FixedPoint.encode(record.batteryVolts, scale: FixedPoint.milli), at: 20)
            try s.bind(record.reportIntervalMinutes, at: 21)
            try s.bind(FixedPoint.encode(record.localDayRainAccumulationMillimeters, scale: FixedPoint.micro), at: 22)
            try s.bind(FixedPoint.encode(record.nearCastRainAccumulationMillimeters, scale: FixedPoint.micro), at: 23)
            try s.bind(FixedPoint.encode(record.localDayNearCastRainAccumulationMillimeters, scale: FixedPoint.micro), at: 24)
            try s.bind(record.precipitationAnalysisType, at: 25)
        }
        guard database.changes > 0 else { return false }
        // A late row for a day already packed: the packed row was first.
        if try isPackedObservation(device: device, timestamp: record.timestamp) {
            try database.run("DELETE FROM observations WHERE device_id = ? AND timestamp = ?") {
                try $0.bind(device, at: 0)
                try $0.bind(record.timestamp, at: 1)
            }
            return false
        }
        return true
    }

    /// Stores a rapid-wind sample (repeats ignored).
    @discardableResult
    public func insert(_ record: RapidWindRecord) throws -> Bool {
        let device = try deviceID(serial: record.serial, seenAt: record.timestamp)
        try database.run(
            "INSERT OR IGNORE INTO rapid_wind (device_id, timestamp, speed_cm_s, direction_deg) VALUES (?, ?, ?, ?)"
        ) { s in
            try s.bind(device, at: 0)
            try s.bind(record.timestamp, at: 1)
            try s.bind(FixedPoint.encode(record.speedMetersPerSecond, scale: FixedPoint.centi) ?? 0, at: 2)
            try s.bind(Int64(record.directionDegrees), at: 3)
        }
        return database.changes > 0
    }

    /// Stores a rain start (repeats ignored).
    @discardableResult
    public func insert(_ record: RainStartRecord) throws -> Bool {
        let device = try deviceID(serial: record.serial, seenAt: record.timestamp)
        try database.run("INSERT OR IGNORE INTO rain_starts (device_id, timestamp) VALUES (?, ?)") { s in
            try s.bind(device, at: 0)
            try s.bind(record.timestamp, at: 1)
        }
        return database.changes > 0
    }

    /// Stores a device status (repeats ignored).
    @discardableResult
    public func insert(_ record: DeviceStatusRecord) throws -> Bool {
        let device = try deviceID(
            serial: record.serial, seenAt: record.timestamp, hubSerial: record.hubSerial,
            firmware: record.firmwareRevision.map { String($0) })
        try database.run(
            """
            INSERT OR IGNORE INTO device_status (device_id, timestamp, uptime_s, voltage_mv, firmware_revision, rssi_db,
                hub_rssi_db, sensor_status, debug) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        ) { s in
            try s.bind(device, at: 0)
            try s.bind(record.timestamp, at: 1)
            try s.bind(record.uptimeSeconds, at: 2)
            try s.bind(FixedPoint.encode(record.voltageVolts, scale: FixedPoint.milli), at: 3)
            try s.bind(record.firmwareRevision, at: 4)
            try s.bind(record.rssiDecibels, at: 5)
            try s.bind(record.hubRSSIDecibels, at: 6)
            try s.bind(record.sensorStatus, at: 7)
            try s.bind(record.debug, at: 8)
        }
        return database.changes > 0
    }

    /// Stores a hub status (repeats ignored).
    @discardableResult
    public func insert(_ record: HubStatusRecord) throws -> Bool {
        let device = try deviceID(serial: record.serial, seenAt: record.timestamp, firmware: record.firmware)
        try database.run(
            """
            INSERT OR IGNORE INTO hub_status (device_id, timestamp, uptime_s, rssi_db, firmware, reset_flags, seq, radio_stats)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """
        ) { s in
            try s.bind(device, at: 0)
            try s.bind(record.timestamp, at: 1)
            try s.bind(record.uptimeSeconds, at: 2)
            try s.bind(record.rssiDecibels, at: 3)
            try s.bind(record.firmware, at: 4)
            try s.bind(record.resetFlags, at: 5)
            try s.bind(record.sequence, at: 6)
            try s.bind(record.radioStats.map { $0.map(String.init).joined(separator: ",") }, at: 7)
        }
        return database.changes > 0
    }

    /// Stores or replaces the summary for its device and local date.
    public func upsert(_ record: DailySummaryRecord) throws {
        let device = try deviceID(serial: record.serial, seenAt: record.updatedAt)
        try database.run(
            """
            INSERT OR REPLACE INTO daily_summaries (device_id, local_date, rain_mm, rain_minutes, strike_count,
                closest_strike_km, max_temperature_c, max_temperature_at, min_temperature_c, min_temperature_at,
                max_gust_m_s, max_gust_at, max_gust_direction_deg, updated_at, rain_suspect_mm)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        ) { s in
            try s.bind(device, at: 0)
            try s.bind(record.localDate, at: 1)
            try s.bind(record.rainMillimeters, at: 2)
            try s.bind(record.rainMinutes, at: 3)
            try s.bind(record.strikeCount, at: 4)
            try s.bind(record.closestStrikeKilometers, at: 5)
            try s.bind(record.maximumTemperatureCelsius, at: 6)
            try s.bind(record.maximumTemperatureAt, at: 7)
            try s.bind(record.minimumTemperatureCelsius, at: 8)
            try s.bind(record.minimumTemperatureAt, at: 9)
            try s.bind(record.maximumGustMetersPerSecond, at: 10)
            try s.bind(record.maximumGustAt, at: 11)
            try s.bind(record.maximumGustDirectionDegrees, at: 12)
            try s.bind(record.updatedAt, at: 13)
            try s.bind(record.suspectRainMillimeters, at: 14)
        }
        try updateGrowers(record, device: device)
    }

    /// Stores a forecast snapshot (its source URL with any secret redacted).
    public func insert(_ record: ForecastSnapshotRecord) throws {
        try database.run(
            "INSERT INTO forecast_snapshots (location_key, fetched_at, source_url, payload_json) VALUES (?, ?, ?, ?)"
        ) { s in
            try s.bind(record.locationKey, at: 0)
            try s.bind(record.fetchedAt, at: 1)
            // A second line behind the caller: a secret never lands in the file.
            try s.bind(RedactedURL.redact(record.sourceURL), at: 2)
            try s.bind(record.payloadJSON, at: 3)
        }
    }
}
