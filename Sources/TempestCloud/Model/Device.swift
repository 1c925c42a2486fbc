// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import TempestUDP

/// A device of a station (hub or sensor) from `/stations`.
public struct Device: Sendable, Hashable {
    /// Cloud device id, used by `/observations/device/{id}`; not the serial.
    public var id: Int
    /// Serial number as sent over UDP; nil when missing or malformed.
    public var serialNumber: SerialNumber?
    /// `HB`, `ST`, `AR` or `SK`.
    public var deviceType: String?
    /// Firmware revision (a string in the REST API).
    public var firmwareRevision: String?
    /// Hardware revision.
    public var hardwareRevision: String?
    /// Sensor height above ground, metres (`device_meta.agl`).
    public var sensorHeightAboveGroundMeters: Double?
    /// `indoor` or `outdoor` (`device_meta.environment`).
    public var environment: String?
    /// Owner's name for the device (`device_meta.name`).
    public var name: String?

    /// Creates a device.
    public init(id: Int, serialNumber: SerialNumber? = nil, deviceType: String? = nil, firmwareRevision: String? = nil,
                hardwareRevision: String? = nil, sensorHeightAboveGroundMeters: Double? = nil,
                environment: String? = nil, name: String? = nil) {
        self.id = id
        self.serialNumber = serialNumber
        self.deviceType = deviceType
        self.firmwareRevision = firmwareRevision
        self.hardwareRevision = hardwareRevision
        self.sensorHeightAboveGroundMeters = sensorHeightAboveGroundMeters
        self.environment = environment
        self.name = name
    }

    /// True for the hub (`HB`).
    public var isHub: Bool { deviceType == "HB" }
}
