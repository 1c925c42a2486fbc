// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage
import Synchronization
import TempestUDP

/// What `status` reports per device: when each kind of message last
/// arrived, from which source, and the latest battery and power mode.
///
/// A gateway may hear thousands of devices (a load test, a neighbourhood of
/// stations), so a device's entry is a fixed 56 bytes with no allocation of
/// its own: times as 32-bit Unix seconds in one slot per message type
/// (enough until 2106), the source as its enum. With a dictionary of types
/// and a source string, each device cost about 240 bytes (measured with
/// valgrind's massif for 3,000 devices).
public final class DeviceActivity: Sendable {
    public struct Device: Sendable {
        /// Unix seconds of each message type's last arrival, by
        /// `Device.slot(of:)`; 0 for never.
        private var lastReceivedSeconds = InlineArray<8, UInt32>(repeating: 0)
        /// When the newest observation came over UDP (the REST fallback's
        /// cue); 0 for never.
        private var lastUDPObservationSeconds: UInt32 = 0
        public var batteryVolts: Double?
        /// The latest power save mode (0–3), or -1 while unknown.
        private var powerSaveModeCode: Int8 = -1
        private var sourceCode = ObservationRecord.Source.udp

        /// Where the latest message came from: `udp`, `rest` or `backfill`.
        public var source: String { sourceCode.name }

        /// The latest power save mode (0 is full power), when known.
        public var powerSaveMode: Int? { powerSaveModeCode < 0 ? nil : Int(powerSaveModeCode) }

        /// When the newest observation came over UDP, when one has.
        public var lastUDPObservationAt: Int64? { lastUDPObservationSeconds == 0 ? nil : Int64(lastUDPObservationSeconds) }

        /// When each message type last arrived (Unix seconds), by type name
        /// in name order; types never heard are left out.
        public var lastReceivedByType: [(type: String, at: Int64)] {
            Self.typesByName.compactMap { type in
                let seconds = lastReceivedSeconds[Self.slot(of: type)]
                return seconds == 0 ? nil : (type.rawValue, Int64(seconds))
            }
        }

        /// The message types in name order, sorted once rather than per device.
        private static let typesByName = MessageType.allCases.sorted { $0.rawValue < $1.rawValue }

        public mutating func note(_ message: TempestMessage, receivedAt: Int64, source: ObservationRecord.Source) {
            let seconds = UInt32(clamping: receivedAt)
            lastReceivedSeconds[Self.slot(of: message.type)] = seconds
            sourceCode = source
            switch message {
            case .tempestObservation(let observation):
                if source == .udp { lastUDPObservationSeconds = seconds }
                if let row = observation.rows.last {
                    batteryVolts = row.batteryVolts ?? batteryVolts
                    if let mode = row.powerSaveMode { powerSaveModeCode = Int8(clamping: mode.rawValue) }
                }
            case .airObservation(let observation):
                if source == .udp { lastUDPObservationSeconds = seconds }
                batteryVolts = observation.rows.last?.batteryVolts ?? batteryVolts
            case .skyObservation(let observation):
                if source == .udp { lastUDPObservationSeconds = seconds }
                batteryVolts = observation.rows.last?.batteryVolts ?? batteryVolts
            case .deviceStatus(let status):
                batteryVolts = status.voltageVolts ?? batteryVolts
            default:
                break
            }
        }

        private static func slot(of type: MessageType) -> Int {
            switch type {
            case .precipitationEvent: 0
            case .lightningStrikeEvent: 1
            case .rapidWind: 2
            case .airObservation: 3
            case .skyObservation: 4
            case .tempestObservation: 5
            case .deviceStatus: 6
            case .hubStatus: 7
            }
        }
    }

    private let devices = Mutex<[String: Device]>([:])

    /// An empty table.
    public init() {}

    public func note(_ message: TempestMessage, receivedAt: Int64, source: ObservationRecord.Source) {
        let serial = message.envelope.serialNumber.rawValue
        devices.withLock { devices in
            devices[serial, default: Device()].note(message, receivedAt: receivedAt, source: source)
        }
    }

    /// What is known of one device, if it was heard.
    public func device(serial: String) -> Device? { devices.withLock { $0[serial] } }

    /// The serials of every device heard.
    public var serials: Set<String> { devices.withLock { Set($0.keys) } }

    /// Every device with its serial, in serial order. Listed under the lock
    /// rather than from a copy of the table, which, alive while the listener
    /// notes the next datagram, would make that note copy the whole table.
    public var sortedBySerial: [(serial: String, device: Device)] {
        var list = devices.withLock { devices in devices.map { (serial: $0.key, device: $0.value) } }
        list.sort { $0.serial < $1.serial }  // in place: one list, not two
        return list
    }
}
