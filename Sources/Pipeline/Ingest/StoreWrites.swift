// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage
import TempestUDP

/// Maps decoded messages onto the store's records, in protocol units.
/// Observation rows go through their kind's field table
/// (`ObservationRecord.landings` says where each field lands).
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
        // One row's record: its kind's fields where `ObservationRecord.landings` puts them.
        func record<Row: ObservationRowLayout>(_ row: Row, kind: ObservationRecord.Kind) -> ObservationRecord {
            var record = ObservationRecord(
                serial: serial, timestamp: row.timestamp.secondsSince1970, kind: kind, source: source, receivedAt: receivedAt)
            record.hubSerial = hub
            record.firmwareRevision = firmware
            ObservationRecord.landings.fill(&record, from: row)
            return record
        }
        switch message {
        case .tempestObservation(let observation):
            return observation.rows.map { .observation(record($0, kind: .tempest)) }
        case .airObservation(let observation):
            return observation.rows.map { .observation(record($0, kind: .air)) }
        case .skyObservation(let observation):
            return observation.rows.map { .observation(record($0, kind: .sky)) }
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
