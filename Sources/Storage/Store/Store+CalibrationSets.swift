// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology

/// The calibration sets (schema version 10): each station's sets with the
/// times they took effect.
extension Store {
    /// Stores `record` (a set given twice for one station and second keeps the last).
    func insert(_ record: CalibrationSetRecord) throws {
        let calibration = record.calibration
        try database.run(
            """
            INSERT OR REPLACE INTO calibration_sets (station, effective_at, temperature_offset_c, humidity_offset_percent,
                pressure_offset_hpa, wind_speed_factor, wind_direction_offset_degrees, rain_factor, illuminance_factor,
                solar_radiation_factor, uv_factor) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        ) { s in
            try s.bind(record.station, at: 0)
            try s.bind(record.effectiveAt, at: 1)
            try s.bind(calibration.temperatureOffsetCelsius, at: 2)
            try s.bind(calibration.humidityOffsetPercent, at: 3)
            try s.bind(calibration.pressureOffsetHectopascals, at: 4)
            try s.bind(calibration.windSpeedFactor, at: 5)
            try s.bind(calibration.windDirectionOffsetDegrees, at: 6)
            try s.bind(calibration.rainFactor, at: 7)
            try s.bind(calibration.illuminanceFactor, at: 8)
            try s.bind(calibration.solarRadiationFactor, at: 9)
            try s.bind(calibration.uvFactor, at: 10)
        }
    }

    /// Every stored set, by station and then by the time it took effect;
    /// none in a file opened read-only before the gateway migrated it.
    public func calibrationSets() throws -> [CalibrationSetRecord] {
        guard try database.schemaVersion() >= Schema.version10.version else { return [] }
        let statement = try database.statement(
            """
            SELECT station, effective_at, temperature_offset_c, humidity_offset_percent, pressure_offset_hpa, wind_speed_factor,
                wind_direction_offset_degrees, rain_factor, illuminance_factor, solar_radiation_factor, uv_factor
            FROM calibration_sets ORDER BY station, effective_at
            """)
        defer { statement.reset() }
        var sets = [CalibrationSetRecord]()
        while try statement.step() {
            guard let station = statement.string(0), let effectiveAt = statement.int64(1) else { continue }
            let calibration = Calibration(
                temperatureOffsetCelsius: statement.double(2) ?? 0, humidityOffsetPercent: statement.double(3) ?? 0,
                pressureOffsetHectopascals: statement.double(4) ?? 0, windSpeedFactor: statement.double(5) ?? 1,
                windDirectionOffsetDegrees: statement.double(6) ?? 0, rainFactor: statement.double(7) ?? 1,
                illuminanceFactor: statement.double(8) ?? 1, solarRadiationFactor: statement.double(9) ?? 1,
                uvFactor: statement.double(10) ?? 1)
            sets.append(CalibrationSetRecord(station: station, effectiveAt: effectiveAt, calibration: calibration))
        }
        return sets
    }
}
