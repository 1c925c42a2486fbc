// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage

/// Sample records shared by the storage tests.
enum Fixtures {
    static let tempest = "ST-00187342"
    static let hub = "HB-00094417"
    static let dayStart: Int64 = 1_705_276_800  // 2024-01-15 00:00 UTC

    /// An `obs_st` row with every UDP field set (values from the spec's example, varied by `minute`).
    static func observation(at timestamp: Int64, source: ObservationRecord.Source = .udp, temperature: Double = 22.37) -> ObservationRecord {
        var record = ObservationRecord(serial: tempest, timestamp: timestamp, kind: .tempest, source: source, receivedAt: timestamp + 1)
        record.hubSerial = hub
        record.firmwareRevision = 171
        record.windLullMetersPerSecond = 0.18
        record.windAverageMetersPerSecond = 0.22
        record.windGustMetersPerSecond = 0.27
        record.windDirectionDegrees = 144
        record.windSampleIntervalSeconds = 6
        record.stationPressureMillibars = 1017.57
        record.airTemperatureCelsius = temperature
        record.relativeHumidityPercent = 50.26
        record.illuminanceLux = 328
        record.uvIndex = 0.03
        record.solarRadiationWattsPerSquareMeter = 3
        record.rainAccumulatedMillimeters = 0.000000
        record.precipitationType = 0
        record.lightningStrikeAverageDistanceKilometers = 0
        record.lightningStrikeCount = 0
        record.batteryVolts = 2.410
        record.reportIntervalMinutes = 1
        return record
    }
}
