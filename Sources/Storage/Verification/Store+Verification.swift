// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The forecast verification record (`forecast_verification`, schema
/// version 4): forecast hours are recorded when a forecast arrives, and the
/// observed temperature is filled in once each hour has passed.
extension Store {
    /// Records forecast hours; an hour already recorded for the same place
    /// and issue time is kept as it is.
    public func insertForecastHours(_ records: [ForecastVerificationRecord]) throws {
        for record in records {
            guard let forecast = FixedPoint.encode(record.forecastCelsius, scale: FixedPoint.centi) else { continue }
            try database.run(
                """
                INSERT OR IGNORE INTO forecast_verification
                    (location_key, issued_at, valid_at, lead_hours, forecast_centi_c, observed_centi_c)
                VALUES (?, ?, ?, ?, ?, ?)
                """
            ) { s in
                try s.bind(record.locationKey, at: 0)
                try s.bind(record.issuedAt, at: 1)
                try s.bind(record.validAt, at: 2)
                try s.bind(record.leadHours, at: 3)
                try s.bind(forecast, at: 4)
                try s.bind(FixedPoint.encode(record.observedCelsius, scale: FixedPoint.centi), at: 5)
            }
        }
    }

    /// Every record for `locationKey` (all places when nil), oldest issue first.
    public func forecastVerification(locationKey: String? = nil) throws -> [ForecastVerificationRecord] {
        let statement = try database.statement(
            """
            SELECT location_key, issued_at, valid_at, lead_hours, forecast_centi_c, observed_centi_c
            FROM forecast_verification WHERE ?1 IS NULL OR location_key = ?1 ORDER BY issued_at, valid_at
            """)
        defer { statement.reset() }
        try statement.bind(locationKey, at: 0)
        var records: [ForecastVerificationRecord] = []
        while try statement.step() {
            records.append(
                ForecastVerificationRecord(
                    locationKey: statement.string(0) ?? "", issuedAt: statement.int64(1) ?? 0, validAt: statement.int64(2) ?? 0,
                    leadHours: statement.int(3) ?? 0,
                    forecastCelsius: FixedPoint.decode(statement.int64(4), scale: FixedPoint.centi) ?? 0,
                    observedCelsius: FixedPoint.decode(statement.int64(5), scale: FixedPoint.centi)))
        }
        return records
    }

    /// The records for `locationKey` whose hour is in `from..<to`, by hour,
    /// then newest issue first (the web page's charts draw each hour's
    /// freshest forecast).
    public func forecastVerification(locationKey: String, validFrom from: Int64, to: Int64) throws -> [ForecastVerificationRecord] {
        let statement = try database.statement(
            """
            SELECT issued_at, valid_at, lead_hours, forecast_centi_c, observed_centi_c FROM forecast_verification
            WHERE location_key = ?1 AND issued_at >= ?2 - ?4 AND issued_at < ?3 AND valid_at >= ?2 AND valid_at < ?3
            ORDER BY valid_at, issued_at DESC
            """)
        defer { statement.reset() }
        try statement.bind(locationKey, at: 0)
        try statement.bind(from, at: 1)
        try statement.bind(to, at: 2)
        // An hour is forecast at most `maximumLeadHours` (24) ahead: the
        // issue-time bound lets the primary key find the rows.
        try statement.bind(Int64(26 * 3_600), at: 3)
        var records: [ForecastVerificationRecord] = []
        while try statement.step() {
            records.append(
                ForecastVerificationRecord(
                    locationKey: locationKey, issuedAt: statement.int64(0) ?? 0, validAt: statement.int64(1) ?? 0,
                    leadHours: statement.int(2) ?? 0,
                    forecastCelsius: FixedPoint.decode(statement.int64(3), scale: FixedPoint.centi) ?? 0,
                    observedCelsius: FixedPoint.decode(statement.int64(4), scale: FixedPoint.centi)))
        }
        return records
    }

    /// Fills in the observed temperature of every recorded hour between
    /// `since` and `now − windowSeconds` that still lacks one: the mean air
    /// temperature of all observations within `windowSeconds` of the hour
    /// (looked up per device through the primary key, not by a scan).
    /// Hours without observations stay empty. Returns how many hours were filled.
    @discardableResult
    public func completeForecastVerification(since: Int64, now: Int64, windowSeconds: Int64 = 300) throws -> Int {
        let pending = try database.statement(
            """
            SELECT DISTINCT valid_at FROM forecast_verification
            WHERE observed_centi_c IS NULL AND valid_at >= ? AND valid_at <= ? ORDER BY valid_at LIMIT 500
            """)
        try pending.bind(since, at: 0)
        try pending.bind(now - windowSeconds, at: 1)
        var hours: [Int64] = []
        while try pending.step() { if let hour = pending.int64(0) { hours.append(hour) } }
        pending.reset()
        var filled = 0
        for hour in hours {
            guard
                let observed = try database.scalarInt(
                    """
                    SELECT CAST(round(avg(air_temperature_centi_c)) AS INTEGER) FROM observations
                    WHERE device_id IN (SELECT id FROM devices) AND timestamp BETWEEN ? AND ?
                        AND air_temperature_centi_c IS NOT NULL
                    """,
                    { s in
                        try s.bind(hour - windowSeconds, at: 0)
                        try s.bind(hour + windowSeconds, at: 1)
                    })
            else { continue }
            try database.run("UPDATE forecast_verification SET observed_centi_c = ? WHERE valid_at = ? AND observed_centi_c IS NULL") { s in
                try s.bind(observed, at: 0)
                try s.bind(hour, at: 1)
            }
            filled += database.changes
        }
        return filled
    }

    /// Mean absolute error and bias by lead time over the verified hours of
    /// `locationKey` (all places when nil), shortest lead first.
    public func verificationSummary(locationKey: String? = nil) throws -> [VerificationSummary] {
        let statement = try database.statement(
            """
            SELECT lead_hours, count(*), avg(abs(observed_centi_c - forecast_centi_c)), avg(observed_centi_c - forecast_centi_c)
            FROM forecast_verification
            WHERE observed_centi_c IS NOT NULL AND (?1 IS NULL OR location_key = ?1)
            GROUP BY lead_hours ORDER BY lead_hours
            """)
        defer { statement.reset() }
        try statement.bind(locationKey, at: 0)
        var summaries: [VerificationSummary] = []
        while try statement.step() {
            summaries.append(
                VerificationSummary(
                    leadHours: statement.int(0) ?? 0, count: statement.int(1) ?? 0,
                    meanAbsoluteErrorCelsius: (statement.double(2) ?? 0) / FixedPoint.centi,
                    meanErrorCelsius: (statement.double(3) ?? 0) / FixedPoint.centi))
        }
        return summaries
    }

    /// Deletes the records of hours before `cutoff`; returns how many went.
    @discardableResult
    public func pruneForecastVerification(before cutoff: Int64) throws -> Int {
        try database.run("DELETE FROM forecast_verification WHERE valid_at < ?") { try $0.bind(cutoff, at: 0) }
        return database.changes
    }

    /// The newest forecast snapshot of any place, if any.
    public func latestForecastSnapshot() throws -> ForecastSnapshotRecord? {
        let statement = try database.statement(
            "SELECT location_key, fetched_at, source_url, payload_json FROM forecast_snapshots ORDER BY fetched_at DESC LIMIT 1")
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return ForecastSnapshotRecord(
            locationKey: statement.string(0) ?? "", fetchedAt: statement.int64(1) ?? 0,
            sourceURL: statement.string(2) ?? "", payloadJSON: statement.string(3) ?? "")
    }
}
