// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One `hub_status` message (hub health). The internal `fs` and
/// `mqtt_stats` arrays are not kept.
public struct HubStatusRecord: Sendable, Equatable {
    /// Serial of the hub (`HB-…`).
    public var serial: String
    /// Message time, epoch seconds.
    public var timestamp: Int64
    /// Hub uptime, seconds.
    public var uptimeSeconds: Int64?
    /// Wi-Fi signal strength, dB.
    public var rssiDecibels: Int?
    /// Firmware revision as the hub sent it (a string of digits).
    public var firmware: String?
    /// Comma-separated reset cause codes.
    public var resetFlags: String?
    /// Message sequence number.
    public var sequence: Int64?
    /// The `radio_stats` array.
    public var radioStats: [Int64]?

    /// Creates a status record.
    public init(
        serial: String, timestamp: Int64, uptimeSeconds: Int64? = nil, rssiDecibels: Int? = nil,
        firmware: String? = nil, resetFlags: String? = nil, sequence: Int64? = nil, radioStats: [Int64]? = nil
    ) {
        self.serial = serial
        self.timestamp = timestamp
        self.uptimeSeconds = uptimeSeconds
        self.rssiDecibels = rssiDecibels
        self.firmware = firmware
        self.resetFlags = resetFlags
        self.sequence = sequence
        self.radioStats = radioStats
    }
}
