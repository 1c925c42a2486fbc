// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One `device_status` message (sensor health).
public struct DeviceStatusRecord: Sendable, Equatable {
    /// Serial of the device.
    public var serial: String
    /// Serial of the hub that relayed it, if known.
    public var hubSerial: String?
    /// Message time, epoch seconds.
    public var timestamp: Int64
    /// Device uptime, seconds.
    public var uptimeSeconds: Int64?
    /// Battery voltage, volts.
    public var voltageVolts: Double?
    /// Device firmware revision.
    public var firmwareRevision: Int?
    /// Radio signal strength reported by the device, dB.
    public var rssiDecibels: Int?
    /// Radio signal strength as seen from the hub, dB.
    public var hubRSSIDecibels: Int?
    /// Sensor status bit field (spec section 4.1).
    public var sensorStatus: Int64?
    /// Debug flag (0 off, 1 on).
    public var debug: Int?

    /// Creates a status record.
    public init(
        serial: String, hubSerial: String? = nil, timestamp: Int64, uptimeSeconds: Int64? = nil,
        voltageVolts: Double? = nil, firmwareRevision: Int? = nil, rssiDecibels: Int? = nil,
        hubRSSIDecibels: Int? = nil, sensorStatus: Int64? = nil, debug: Int? = nil
    ) {
        self.serial = serial
        self.hubSerial = hubSerial
        self.timestamp = timestamp
        self.uptimeSeconds = uptimeSeconds
        self.voltageVolts = voltageVolts
        self.firmwareRevision = firmwareRevision
        self.rssiDecibels = rssiDecibels
        self.hubRSSIDecibels = hubRSSIDecibels
        self.sensorStatus = sensorStatus
        self.debug = debug
    }
}
