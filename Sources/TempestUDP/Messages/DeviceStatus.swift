// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// `device_status`: a sensor's health report, about once a minute.
public struct DeviceStatus: Hashable, Sendable {
    /// Sender and relaying hub.
    public var envelope: MessageEnvelope
    /// When the report was made.
    public var timestamp: UnixTimestamp
    /// Device uptime, seconds (jitters by a few seconds on a Tempest).
    public var uptimeSeconds: Int64?
    /// Battery or supply voltage, V.
    public var voltageVolts: Double?
    /// Signal strength of the sensor-to-hub radio link as the device reports it, dB.
    public var rssiDecibels: Int64?
    /// The same link as seen from the hub, dB.
    public var hubRSSIDecibels: Int64?
    /// Sensor health bits.
    public var sensorStatus: SensorStatus?
    /// `debug`: 0 off, 1 on.
    public var debugMode: Int64?

    /// Creates a report with only its timestamp; set the values you have.
    public init(envelope: MessageEnvelope, timestamp: UnixTimestamp) {
        self.envelope = envelope
        self.timestamp = timestamp
    }
}
