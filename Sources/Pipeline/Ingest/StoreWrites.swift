// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage
import TempestUDP

/// Maps decoded messages onto the store's records, in protocol units.
///
/// Values the store keeps as integers (directions, illuminance, solar
/// radiation, strike distance and energy) are rounded to the nearest whole
/// number; every UDP value of those fields is already whole.
public enum StoreWrites {
    /// The writes that make `message` durable.
    public static func writes(
        for message: TempestMessage,
        source: ObservationRecord.Source = .udp,
        receivedAt: Int64? = nil
    ) -> [StoreWrite] {
        let envelope = message.envelope
        let serial = envelope.serialNumber.rawValue
        let hub = envelope.hubSerialNumber?.rawValue
        let firmware = envelope.firmwareRevision?.numericValue.map { Int(clamping: $0) }
        switch message {
        case .tempestObservation(let observation):
            return observation.rows.map { row in
                var record = ObservationRecord(
                    serial: serial, timestamp: row.timestamp.secondsSince1970, kind: .tempest, source: source,
                    receivedAt: receivedAt)
                record.hubSerial = hub
                record.firmwareRevision = firmware
                record.windLullMetersPerSecond = row.windLullMetersPerSecond
                record.windAverageMetersPerSecond = row.windAverageMetersPerSecond
                record.windGustMetersPerSecond = row.windGustMetersPerSecond
                record.windDirectionDegrees = whole(row.windDirectionDegrees)
                record.windSampleIntervalSeconds = row.windSampleIntervalSeconds.map { Int(clamping: $0) }
                record.stationPressureMillibars = row.stationPressureMillibars
                record.airTemperatureCelsius = row.airTemperatureCelsius
                record.relativeHumidityPercent = row.relativeHumidityPercent
                record.illuminanceLux = whole(row.illuminanceLux)
                record.uvIndex = row.uvIndex
                record.solarRadiationWattsPerSquareMeter = whole(row.solarRadiationWattsPerSquareMeter)
                record.rainAccumulatedMillimeters = row.rainAccumulatedMillimeters
                record.precipitationType = row.precipitationType.map { Int(clamping: $0.code) }
                record.lightningStrikeAverageDistanceKilometers = whole(row.lightningStrikeAverageDistanceKilometers)
                record.lightningStrikeCount = row.lightningStrikeCount.map { Int(clamping: $0) }
                record.batteryVolts = row.batteryVolts
                record.reportIntervalMinutes = row.reportIntervalMinutes.map { Int(clamping: $0) }
                record.localDayRainAccumulationMillimeters = row.localDayRainAccumulationMillimeters
                record.nearCastRainAccumulationMillimeters = row.nearCastRainAccumulationMillimeters
                record.localDayNearCastRainAccumulationMillimeters = row.localDayNearCastRainAccumulationMillimeters
                record.precipitationAnalysisType = row.precipitationAnalysisType.map { Int(clamping: $0) }
                return .observation(record)
            }
        case .airObservation(let observation):
            return observation.rows.map { row in
                var record = ObservationRecord(
                    serial: serial, timestamp: row.timestamp.secondsSince1970, kind: .air, source: source,
                    receivedAt: receivedAt)
                record.hubSerial = hub
                record.firmwareRevision = firmware
                record.stationPressureMillibars = row.stationPressureMillibars
                record.airTemperatureCelsius = row.airTemperatureCelsius
                record.relativeHumidityPercent = row.relativeHumidityPercent
                record.lightningStrikeCount = row.lightningStrikeCount.map { Int(clamping: $0) }
                record.lightningStrikeAverageDistanceKilometers = whole(row.lightningStrikeAverageDistanceKilometers)
                record.batteryVolts = row.batteryVolts
                record.reportIntervalMinutes = row.reportIntervalMinutes.map { Int(clamping: $0) }
                return .observation(record)
            }
        case .skyObservation(let observation):
            return observation.rows.map { row in
                var record = ObservationRecord(
                    serial: serial, timestamp: row.timestamp.secondsSince1970, kind: .sky, source: source,
                    receivedAt: receivedAt)
                record.hubSerial = hub
                record.firmwareRevision = firmware
                record.illuminanceLux = whole(row.illuminanceLux)
                record.uvIndex = row.uvIndex
                record.rainAccumulatedMillimeters = row.rainAccumulatedMillimeters
                record.windLullMetersPerSecond = row.windLullMetersPerSecond
                record.windAverageMetersPerSecond = row.windAverageMetersPerSecond
                record.windGustMetersPerSecond = row.windGustMetersPerSecond
                record.windDirectionDegrees = whole(row.windDirectionDegrees)
                record.batteryVolts = row.batteryVolts
                record.reportIntervalMinutes = row.reportIntervalMinutes.map { Int(clamping: $0) }
                record.solarRadiationWattsPerSquareMeter = whole(row.solarRadiationWattsPerSquareMeter)
                record.localDayRainAccumulationMillimeters = row.localDayRainAccumulationMillimeters
                record.precipitationType = row.precipitationType.map { Int(clamping: $0.code) }
                record.windSampleIntervalSeconds = row.windSampleIntervalSeconds.map { Int(clamping: $0) }
                record.nearCastRainAccumulationMillimeters = row.nearCastRainAccumulationMillimeters
                record.localDayNearCastRainAccumulationMillimeters = row.localDayNearCastRainAccumulationMillimeters
                record.precipitationAnalysisType = row.precipitationAnalysisType.map { Int(clamping: $0) }
                return .observation(record)
            }
        case .rapidWind(let sample):
            // A sample without a speed carries nothing to keep.
            guard let speed = sample.windSpeedMetersPerSecond else { return [] }
            return [
                .rapidWind(
                    RapidWindRecord(
                        serial: serial, timestamp: sample.timestamp.secondsSince1970, speedMetersPerSecond: speed,
                        directionDegrees: whole(sample.windDirectionDegrees) ?? 0))
            ]
        case .lightningStrike(let strike):
            return [
                .lightningStrike(
                    LightningStrikeRecord(
                        serial: serial, timestamp: strike.timestamp.secondsSince1970,
                        distanceKilometers: whole(strike.distanceKilometers) ?? 0,
                        energy: whole(strike.energy) ?? 0,
                        // Only the WebSocket's strikes are the cloud's (marked or not).
                        cloudMark: source == .websocket ? StrikeMemory.storedMark(strike.cloudMark) : nil))
            ]
        case .rainStart(let event):
            return [.rainStart(RainStartRecord(serial: serial, timestamp: event.timestamp.secondsSince1970))]
        case .deviceStatus(let status):
            return [
                .deviceStatus(
                    DeviceStatusRecord(
                        serial: serial, hubSerial: hub, timestamp: status.timestamp.secondsSince1970,
                        uptimeSeconds: status.uptimeSeconds, voltageVolts: status.voltageVolts,
                        firmwareRevision: firmware, rssiDecibels: status.rssiDecibels.map { Int(clamping: $0) },
                        hubRSSIDecibels: status.hubRSSIDecibels.map { Int(clamping: $0) },
                        sensorStatus: status.sensorStatus.map { Int64($0.rawValue) },
                        debug: status.debugMode.map { Int(clamping: $0) }))
            ]
        case .hubStatus(let status):
            return [
                .hubStatus(
                    HubStatusRecord(
                        serial: serial, timestamp: status.timestamp.secondsSince1970, uptimeSeconds: status.uptimeSeconds,
                        rssiDecibels: status.rssiDecibels.map { Int(clamping: $0) },
                        firmware: envelope.firmwareRevision?.description, resetFlags: status.resetFlagsText,
                        sequence: status.sequenceNumber, radioStats: status.radioStats?.rawValues.map { $0 ?? 0 }))
            ]
        }
    }

    private static func whole(_ value: Double?) -> Int? {
        guard let value else { return nil }
        return Int(value.rounded())
    }
}
