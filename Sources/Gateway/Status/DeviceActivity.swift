import Synchronization
import TempestUDP

/// What `status` reports per device: when each kind of message last
/// arrived, from which source, and the latest battery and power mode.
final class DeviceActivity: Sendable {
    struct Device: Sendable {
        var lastReceivedByType: [String: Int64] = [:]
        var source = "udp"
        var batteryVolts: Double?
        var powerSaveMode: Int?
        /// When the newest observation came over UDP (the REST fallback's cue).
        var lastUDPObservationAt: Int64?
    }

    private let devices = Mutex<[String: Device]>([:])

    func note(_ message: TempestMessage, receivedAt: Int64, source: String) {
        let serial = message.envelope.serialNumber.rawValue
        devices.withLock { devices in
            var device = devices[serial] ?? Device()
            device.lastReceivedByType[message.type.rawValue] = receivedAt
            device.source = source
            switch message {
            case .tempestObservation(let observation):
                if source == "udp" { device.lastUDPObservationAt = receivedAt }
                if let row = observation.rows.last {
                    device.batteryVolts = row.batteryVolts ?? device.batteryVolts
                    device.powerSaveMode = row.powerSaveMode?.rawValue ?? device.powerSaveMode
                }
            case .deviceStatus(let status):
                device.batteryVolts = status.voltageVolts ?? device.batteryVolts
            default:
                break
            }
            devices[serial] = device
        }
    }

    var snapshot: [String: Device] { devices.withLock { $0 } }

    /// Every device with its serial, in serial order. Listed under the lock
    /// rather than from a `snapshot`, which, alive while the listener notes
    /// the next datagram, would make that note copy the whole table.
    var sortedBySerial: [(serial: String, device: Device)] {
        var list = devices.withLock { devices in devices.map { (serial: $0.key, device: $0.value) } }
        list.sort { $0.serial < $1.serial }  // in place: one list, not two
        return list
    }
}
